"""Web API requests in: parsed, authenticated, answered by a method or by an injected
fault, and recorded for the tests to inspect."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus

from .blockkit import ApiError
from .http import HttpHandler, bearer_token, parse_body, parse_query
from .web_api import WebApi
from .workspace import JsonDict


@dataclass(frozen=True)
class ApiCall:
    """One Web API request as the fake received it (token removed from params)."""

    method: str
    params: JsonDict
    token: str | None
    status: int = 200
    response: JsonDict = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)  # when it arrived, for benchmarks


@dataclass
class _Fault:
    error: str
    status: int
    retry_after: int | None
    remaining: int


class ApiDispatch:
    def __init__(self, cond: threading.Condition, api: WebApi, invalid_tokens: set[str]) -> None:
        self._cond = cond
        self._api = api
        self.invalid_tokens = invalid_tokens
        self.calls: list[ApiCall] = []
        self._faults: dict[str, list[_Fault]] = {}

    def fail_next(
        self, method: str, *, error: str | None, status: int, retry_after: int | None, times: int
    ) -> None:
        default = "ratelimited" if status == HTTPStatus.TOO_MANY_REQUESTS else "fatal_error"
        if status == HTTPStatus.TOO_MANY_REQUESTS and retry_after is None:
            retry_after = 1
        fault = _Fault(
            error=error or default, status=status, retry_after=retry_after, remaining=times
        )
        with self._cond:
            self._faults.setdefault(method, []).append(fault)

    def handle(self, method: str, query: str, handler: HttpHandler, raw: bytes) -> None:
        params: JsonDict = {}
        token: str | None = None
        try:
            params = parse_query(query)
            params.update(parse_body(handler.headers.get("Content-Type", ""), raw))
            body_token = params.pop("token", None)
            header_token = bearer_token(handler.headers.get("Authorization"))
            token = header_token or body_token
            status, body, headers = self._fault_for(method) or self._invoke(
                method, params, token, header_token
            )
        except Exception as exc:  # a bug in the fake or a malformed request: fail loudly
            status, headers = HTTPStatus.INTERNAL_SERVER_ERROR, {}
            body = {"ok": False, "error": "fake_slack_exception", "detail": repr(exc)}
        with self._cond:
            self.calls.append(ApiCall(method, params, token, status, body))
            self._cond.notify_all()
        handler.send_json(status, body, headers)

    def _fault_for(self, method: str) -> tuple[int, JsonDict, dict[str, str]] | None:
        with self._cond:
            queue = self._faults.get(method)
            if not queue:
                return None
            fault = queue[0]
            fault.remaining -= 1
            if fault.remaining <= 0:
                queue.pop(0)
        headers = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
        return fault.status, {"ok": False, "error": fault.error}, headers

    def _invoke(
        self, method: str, params: JsonDict, token: str | None, header_token: str | None
    ) -> tuple[int, JsonDict, dict[str, str]]:
        try:
            self._authenticate(method, token, header_token)
            handler = self._api.methods.get(method)
            if handler is None:
                raise ApiError("unknown_method")
            body = handler(params)
        except ApiError as fault:
            body = {"ok": False, "error": fault.error}
        return HTTPStatus.OK, body, {}

    def _authenticate(self, method: str, token: str | None, header_token: str | None) -> None:
        if not token:
            raise ApiError("not_authed")
        if token in self.invalid_tokens:
            raise ApiError("invalid_auth")
        wants_app_token = method == "apps.connections.open"
        if wants_app_token and header_token is None:
            raise ApiError("not_authed")  # Slack requires the Authorization header here
        if wants_app_token != token.startswith("xapp-"):
            raise ApiError("not_allowed_token_type")
