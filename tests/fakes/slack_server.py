"""A loopback fake of Slack that speaks the real wire protocols.

``FakeSlack`` runs two servers on 127.0.0.1 (ephemeral ports):

* an HTTP server for the Web API (``/api/<method>``) and for ``response_url``
  callbacks (``/response/<name>``);
* a WebSocket server for Socket Mode (``/link/?ticket=...``), handed out by
  ``apps.connections.open`` exactly like the real ``wss://wss-primary.slack.com``.

The production ``slack_bolt.App`` (built with
``client=WebClient(token=BOT_TOKEN, base_url=fake.api_url)``) and the builtin
``SocketModeHandler`` can therefore be driven end to end without patching.

Protocol notes (verified against slack_sdk 3.47 / slack_bolt 1.30):

* The builtin socket-mode client chooses TLS by *port* (443 = TLS), not by URL
  scheme, so a ``ws://127.0.0.1:<port>`` URL yields a plain TCP connection.
* When the server closes a connection with a close frame, the builtin client
  does not reconnect immediately: its "monitor" thread notices the dead session
  after up to ``ping_interval`` seconds (Bolt's default: 10 s).  A ``disconnect``
  message, in contrast, makes it reconnect at once.
* Acks are JSON texts ``{"envelope_id": ..., "payload": {...}?}``.
* The builtin client's ``close()`` waits for its blocking ``recv`` (3 s socket
  timeout) to return; the server's frequent keepalive pings (``ws_ping_interval``)
  wake it up so tests shut down quickly.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from email.parser import BytesParser
from email.policy import HTTP
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.sync.server import Server, ServerConnection, serve

TEAM_ID = "T1"
TEAM_DOMAIN = "kb-test"
APP_ID = "A1"
BOT_USER_ID = "UBOT"
BOT_ID = "BBOT"
BOT_USER_NAME = "kb"
BOT_TOKEN = "xoxb-test-token"
APP_TOKEN = "xapp-test-token"
VERIFICATION_TOKEN = "fake-verification-token"
UNROUTABLE_RESPONSE_URL = "http://127.0.0.1:9/response/unset"

MAX_TEXT_LENGTH = 40_000
MAX_BLOCKS = 50
_BLOCK_TEXT_LIMITS = {"section": 3000, "header": 150, "markdown": 12_000}

JsonDict = dict[str, Any]


# --------------------------------------------------------------------------
# Timestamps and ids
# --------------------------------------------------------------------------


class _TsClock:
    """Hands out unique, strictly increasing Slack ``ts`` strings.

    One clock is shared by the event builders and every ``FakeSlack`` so that a
    bot reply is always "later" than the message it answers, which keeps
    ``conversations.replies`` ordering realistic.
    """

    def __init__(self, start_micros: int = 1_700_000_000_000_100, step: int = 100) -> None:
        self._next = start_micros
        self._step = step
        self._lock = threading.Lock()

    def next(self) -> str:
        with self._lock:
            value = self._next
            self._next += self._step
        return _format_ts(value)

    def advance_past(self, ts: str) -> None:
        """Make sure every ts handed out later sorts after ``ts``."""
        micros = _ts_micros(ts)
        with self._lock:
            self._next = max(self._next, micros + self._step)


def _ts_micros(ts: str) -> int:
    return int(Decimal(ts) * 1_000_000)


def _format_ts(micros: int) -> str:
    return f"{micros // 1_000_000}.{micros % 1_000_000:06d}"


_CLOCK = _TsClock()
_IDS = itertools.count(1)


def next_ts() -> str:
    """A fresh message ts, later than any ts handed out before."""
    return _CLOCK.next()


def _new_id(prefix: str) -> str:
    return f"{prefix}{next(_IDS):08d}"


def _trigger_id() -> str:
    return f"{next(_IDS)}.{TEAM_ID}.{uuid.uuid4().hex}"


# --------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------


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


class _ApiError(Exception):
    """Raised by method handlers to produce ``{"ok": false, "error": ...}``."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


# --------------------------------------------------------------------------
# HTTP request parsing
# --------------------------------------------------------------------------


def _parse_body(content_type: str, raw: bytes) -> JsonDict:
    """Decode a JSON, form-encoded or multipart body the way Slack accepts them."""
    if not raw:
        return {}
    if content_type.startswith("application/json"):
        decoded = json.loads(raw.decode("utf-8"))
        return decoded if isinstance(decoded, dict) else {}
    if content_type.startswith("multipart/form-data"):
        return _parse_multipart(content_type, raw)
    return _parse_query(raw.decode("utf-8"))


def _parse_query(query: str) -> JsonDict:
    return {key: values[-1] for key, values in parse_qs(query, keep_blank_values=True).items()}


def _parse_multipart(content_type: str, raw: bytes) -> JsonDict:
    header = f"Content-Type: {content_type}\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(header + raw)
    fields: JsonDict = {}
    for part in message.iter_parts():  # type: ignore[attr-defined]
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        is_file = part.get_filename() is not None
        fields[str(name)] = payload if is_file else payload.decode("utf-8")
    return fields


def _bearer_token(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[len("bearer ") :].strip()
    return None


def _as_json(value: Any) -> Any:
    """Form-encoded requests carry blocks/views as JSON strings; JSON ones don't."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise _ApiError("invalid_arguments") from None
    return value


def _as_int(value: Any, default: int) -> int:
    if value in (None, ""):
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _ApiError("invalid_arguments") from None


def _require(params: Mapping[str, Any], name: str, error: str = "invalid_arguments") -> Any:
    value = params.get(name)
    if value in (None, ""):
        raise _ApiError(error)
    return value


def _validate_blocks(blocks: Any) -> list[JsonDict]:
    """A light version of Slack's block validation (the limits bots usually hit)."""
    blocks = _as_json(blocks)
    if not isinstance(blocks, list) or not all(isinstance(b, dict) for b in blocks):
        raise _ApiError("invalid_blocks_format")
    if len(blocks) > MAX_BLOCKS:
        raise _ApiError("invalid_blocks")
    for block in blocks:
        kind = block.get("type")
        if not isinstance(kind, str):
            raise _ApiError("invalid_blocks")
        text = block.get("text")
        text_value = text.get("text", "") if isinstance(text, dict) else text or ""
        limit = _BLOCK_TEXT_LIMITS.get(kind)
        if limit is not None and len(str(text_value)) > limit:
            raise _ApiError("invalid_blocks")
    return blocks


# --------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------


class _HttpHandler(BaseHTTPRequestHandler):
    server: _FakeHttpServer

    def do_POST(self) -> None:
        self.server.fake._handle_http(self)

    def do_GET(self) -> None:
        self.server.fake._handle_http(self)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep pytest output clean."""

    def read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send_json(
        self, status: int, body: JsonDict, headers: Mapping[str, str] | None = None
    ) -> None:
        self.send_raw(
            status, json.dumps(body).encode("utf-8"), "application/json; charset=utf-8", headers
        )

    def send_raw(
        self, status: int, data: bytes, content_type: str, headers: Mapping[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


class _FakeHttpServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, fake: FakeSlack) -> None:
        super().__init__(("127.0.0.1", 0), _HttpHandler)
        self.fake = fake


# --------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------


class FakeSlack:
    """Loopback Slack: Web API + response_url + Socket Mode.

    Use as a context manager (or call ``start()``/``stop()``).  Stop the Bolt
    ``SocketModeHandler`` *before* stopping the fake, otherwise the client keeps
    trying to reconnect to a dead server.
    """

    def __init__(
        self,
        *,
        invalid_tokens: Iterable[str] = (),
        ws_ping_interval: float | None = 0.5,
        ws_close_timeout: float = 2.0,
    ) -> None:
        self.invalid_tokens: set[str] = set(invalid_tokens)
        self._ws_ping_interval = ws_ping_interval
        self._ws_close_timeout = ws_close_timeout
        self._cond = threading.Condition()
        self._calls: list[ApiCall] = []
        self._faults: dict[str, list[_Fault]] = {}
        self._responses: list[tuple[str, Any]] = []
        self._messages: dict[str, list[JsonDict]] = {}
        self._reactions: dict[tuple[str, str], list[str]] = {}
        self._channels: dict[str, JsonDict] = {}
        self._usergroups: dict[str, list[str]] = {}
        self._users: dict[str, JsonDict] = {}
        self._tickets: set[str] = set()
        self._ws_open: list[ServerConnection] = []
        self._ws_opened_total = 0
        self._sent_at: dict[str, float] = {}
        self._acks: dict[str, JsonDict] = {}
        self.ack_latencies: list[float] = []
        self._http: _FakeHttpServer | None = None
        self._ws: Server | None = None
        self._ws_listen_port = 0
        self._threads: list[threading.Thread] = []
        self._methods: dict[str, Callable[[JsonDict], JsonDict]] = {
            "auth.test": self._auth_test,
            "apps.connections.open": self._apps_connections_open,
            "chat.postMessage": self._chat_post_message,
            "chat.update": self._chat_update,
            "chat.postEphemeral": self._chat_post_ephemeral,
            "chat.delete": self._chat_delete,
            "reactions.add": self._reactions_add,
            "reactions.remove": self._reactions_remove,
            "conversations.replies": self._conversations_replies,
            "conversations.info": self._conversations_info,
            "usergroups.users.list": self._usergroups_users_list,
            "views.open": self._views_open,
            "users.info": self._users_info,
        }

    # -- lifecycle ---------------------------------------------------------

    def start(self) -> FakeSlack:
        self._http = _FakeHttpServer(self)
        self._ws = serve(
            self._ws_session,
            "127.0.0.1",
            0,
            process_request=self._check_ticket,
            compression=None,
            ping_interval=self._ws_ping_interval,
            close_timeout=self._ws_close_timeout,
        )
        self._ws_listen_port = int(self._ws.socket.getsockname()[1])
        for target, name in (
            (self._serve_http, "fake-slack-http"),
            (self._ws.serve_forever, "fake-slack-ws"),
        ):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def _serve_http(self) -> None:
        assert self._http is not None
        self._http.serve_forever(poll_interval=0.05)  # the default 0.5 s slows every stop()

    def stop(self) -> None:
        if self._ws is not None:
            self._ws.shutdown()
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads.clear()
        self._ws = self._http = None

    def __enter__(self) -> FakeSlack:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def api_url(self) -> str:
        """Base URL for ``WebClient(base_url=...)`` (with the trailing slash)."""
        return f"http://127.0.0.1:{self._http_port}/api/"

    def response_url(self, name: str = "x") -> str:
        """A response_url whose POSTs land in ``.responses`` as ``(name, body)``."""
        return f"http://127.0.0.1:{self._http_port}/response/{name}"

    @property
    def _http_port(self) -> int:
        if self._http is None:
            raise RuntimeError("FakeSlack is not started")
        return int(self._http.server_address[1])

    @property
    def _ws_port(self) -> int:
        if self._ws is None:
            raise RuntimeError("FakeSlack is not started")
        return self._ws_listen_port

    # -- recorded traffic --------------------------------------------------

    @property
    def calls(self) -> list[ApiCall]:
        with self._cond:
            return list(self._calls)

    def calls_to(self, method: str) -> list[ApiCall]:
        return [call for call in self.calls if call.method == method]

    def wait_for(
        self,
        method: str,
        count: int = 1,
        timeout: float = 10,
        predicate: Callable[[ApiCall], bool] | None = None,
    ) -> list[ApiCall]:
        """Block until ``count`` calls to ``method`` (matching ``predicate``) arrived."""

        def matching() -> list[ApiCall]:
            return [
                c for c in self._calls if c.method == method and (predicate is None or predicate(c))
            ]

        with self._cond:
            if self._cond.wait_for(lambda: len(matching()) >= count, timeout=timeout):
                return matching()
            got = len(matching())
            dump = "\n".join(
                f"  {c.method} {c.params!r} -> {c.response.get('error', 'ok')}" for c in self._calls
            )
        raise AssertionError(
            f"expected {count} call(s) to {method} within {timeout}s, got {got}; "
            f"calls:\n{dump or '  (none)'}"
        )

    @property
    def responses(self) -> list[tuple[str, Any]]:
        with self._cond:
            return list(self._responses)

    def wait_for_response(self, count: int = 1, timeout: float = 10) -> list[tuple[str, Any]]:
        with self._cond:
            if self._cond.wait_for(lambda: len(self._responses) >= count, timeout=timeout):
                return list(self._responses)
            got = list(self._responses)
        raise AssertionError(
            f"expected {count} response_url POST(s) within {timeout}s, got {got!r}"
        )

    def messages(self, channel: str) -> list[JsonDict]:
        """Messages currently stored for ``channel`` (seeded + posted, ts order)."""
        with self._cond:
            return sorted(
                (dict(m) for m in self._messages.get(channel, [])),
                key=lambda m: _ts_micros(m["ts"]),
            )

    def reactions(self, channel: str, ts: str) -> list[str]:
        with self._cond:
            return list(self._reactions.get((channel, ts), []))

    # -- configuration -----------------------------------------------------

    def fail_next(
        self,
        method: str,
        *,
        error: str | None = None,
        status: int = 200,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        """Make the next ``times`` calls to ``method`` fail.

        ``status=429`` answers like Slack's rate limiter (``Retry-After`` header,
        ``error="ratelimited"`` unless given); other statuses default to
        ``error="fatal_error"``.
        """
        default = "ratelimited" if status == HTTPStatus.TOO_MANY_REQUESTS else "fatal_error"
        if status == HTTPStatus.TOO_MANY_REQUESTS and retry_after is None:
            retry_after = 1
        fault = _Fault(
            error=error or default, status=status, retry_after=retry_after, remaining=times
        )
        with self._cond:
            self._faults.setdefault(method, []).append(fault)

    def seed_thread(
        self, channel: str, thread_ts: str, messages: Iterable[JsonDict | str]
    ) -> list[JsonDict]:
        """Store a thread so ``conversations.replies`` returns it.

        Each message is a dict (``text``, ``user`` ... as Slack returns them) or a
        plain text.  The first one without ``ts`` becomes the parent (``ts ==
        thread_ts``); later ones without ``ts`` get fresh, later timestamps.
        """
        _CLOCK.advance_past(thread_ts)
        stored: list[JsonDict] = []
        with self._cond:
            have_parent = any(m["ts"] == thread_ts for m in self._messages.get(channel, []))
            for raw in messages:
                message: JsonDict = (
                    {"type": "message", "user": "U1", "text": raw}
                    if isinstance(raw, str)
                    else dict(raw)
                )
                message.setdefault("type", "message")
                if "ts" not in message:
                    message["ts"] = thread_ts if not have_parent else _CLOCK.next()
                have_parent = have_parent or message["ts"] == thread_ts
                _CLOCK.advance_past(message["ts"])
                message.setdefault("thread_ts", thread_ts)
                self._messages.setdefault(channel, []).append(message)
                stored.append(message)
        return stored

    def set_channel(
        self,
        channel: str,
        *,
        name: str | None = None,
        is_private: bool = False,
        is_im: bool | None = None,
        is_ext_shared: bool = False,
        **extra: Any,
    ) -> None:
        """Configure what ``conversations.info`` says about ``channel``."""
        info = _channel_info(
            channel, name=name, is_private=is_private, is_im=is_im, is_ext_shared=is_ext_shared
        )
        info.update(extra)
        with self._cond:
            self._channels[channel] = info

    def set_usergroup(self, usergroup: str, users: Iterable[str]) -> None:
        with self._cond:
            self._usergroups[usergroup] = list(users)

    def set_user(self, user_id: str, **fields: Any) -> None:
        """Override fields of ``users.info`` for ``user_id`` (e.g. ``is_bot=True``)."""
        info = _user_info(user_id)
        info.update(fields)
        with self._cond:
            self._users[user_id] = info

    # -- Socket Mode -------------------------------------------------------

    @property
    def connections_opened(self) -> int:
        """How many WebSocket sessions completed the handshake so far."""
        with self._cond:
            return self._ws_opened_total

    @property
    def open_connections(self) -> int:
        with self._cond:
            return len(self._ws_open)

    def wait_connected(self, timeout: float = 10, *, total: int = 1) -> None:
        """Wait until ``total`` sessions were ever opened and one is open now."""
        with self._cond:
            ok = self._cond.wait_for(
                lambda: self._ws_opened_total >= total and bool(self._ws_open), timeout=timeout
            )
            state = (self._ws_opened_total, len(self._ws_open))
        if not ok:
            raise AssertionError(
                f"no socket-mode connection (wanted total>={total}); "
                f"opened={state[0]} open now={state[1]}"
            )

    def send_envelope(
        self,
        type: str,
        payload: JsonDict,
        *,
        retry_attempt: int = 0,
        retry_reason: str = "",
        accepts_response_payload: bool = False,
        to_all: bool = False,
        connect_timeout: float = 10,
    ) -> str:
        """Deliver an envelope (``events_api``, ``slash_commands``, ``interactive``).

        Like Slack, each envelope goes to one connection (the newest) unless
        ``to_all``.  Waits up to ``connect_timeout`` for a connection.
        Returns the envelope_id to pass to ``wait_ack``.
        """
        envelope_id = str(uuid.uuid4())
        envelope: JsonDict = {
            "envelope_id": envelope_id,
            "type": type,
            "accepts_response_payload": accepts_response_payload,
            "payload": payload,
        }
        if type == "events_api":  # Slack only sends retry info for events
            envelope["retry_attempt"] = retry_attempt
            envelope["retry_reason"] = retry_reason
        deadline = time.monotonic() + connect_timeout
        while True:
            self.wait_connected(timeout=max(0.0, deadline - time.monotonic()))
            with self._cond:
                targets = list(self._ws_open) if to_all else self._ws_open[-1:]
                self._sent_at[envelope_id] = time.monotonic()
            try:
                self._send_to(targets, envelope)
                return envelope_id
            except ConnectionClosed:
                # The session died under us (dropped, process killed): like Slack, deliver
                # to the next connection instead.
                with self._cond:
                    for connection in targets:
                        if connection in self._ws_open:
                            self._ws_open.remove(connection)
                if time.monotonic() >= deadline:
                    raise

    def wait_ack(self, envelope_id: str, timeout: float = 5) -> JsonDict:
        """Return the ack (``{"envelope_id", "payload"?}``) the client sent."""
        with self._cond:
            if self._cond.wait_for(lambda: envelope_id in self._acks, timeout=timeout):
                return dict(self._acks[envelope_id])
            acked = list(self._acks)
        raise AssertionError(f"no ack for envelope {envelope_id} within {timeout}s; acked: {acked}")

    def send_disconnect(self, reason: str = "refresh_requested") -> None:
        """Send Slack's ``disconnect`` message; the client reconnects right away."""
        message = {"type": "disconnect", "reason": reason, "debug_info": {"host": "applink-fake"}}
        with self._cond:
            targets = list(self._ws_open)
        self._send_to(targets, message)

    def drop_socket_connections(self, code: int = 1001, reason: str = "going away") -> None:
        """Close every open session with a close frame (like a server restart).

        The builtin client reconnects via ``apps.connections.open`` when its
        monitor runs, i.e. within the handler's ``ping_interval``.
        """
        with self._cond:
            targets = list(self._ws_open)
            self._ws_open.clear()  # nothing more is sent on them, as on a restarting server
            self._cond.notify_all()
        for connection in targets:
            connection.close(code, reason)

    # -- Socket Mode internals ----------------------------------------------

    def _check_ticket(self, connection: ServerConnection, request: Request) -> Response | None:
        url = urlsplit(request.path)
        ticket = _parse_query(url.query).get("ticket", "")
        with self._cond:
            known = ticket in self._tickets
        if url.path != "/link/" or not known:
            return connection.respond(HTTPStatus.UNAUTHORIZED, "invalid ticket\n")
        return None

    def _ws_session(self, connection: ServerConnection) -> None:
        with self._cond:
            self._ws_open.append(connection)
            self._ws_opened_total += 1
            num_connections = len(self._ws_open)
            self._cond.notify_all()
        try:
            connection.send(json.dumps(_hello(num_connections)))
            for message in connection:
                self._record_client_message(message)
        except ConnectionClosed:
            pass
        finally:
            with self._cond:
                if connection in self._ws_open:
                    self._ws_open.remove(connection)
                self._cond.notify_all()

    def _record_client_message(self, message: str | bytes) -> None:
        try:
            data = json.loads(message)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return
        envelope_id = data.get("envelope_id") if isinstance(data, dict) else None
        if not envelope_id:
            return
        with self._cond:
            sent_at = self._sent_at.get(envelope_id)
            if sent_at is not None and envelope_id not in self._acks:
                self.ack_latencies.append(time.monotonic() - sent_at)
            self._acks[envelope_id] = data
            self._cond.notify_all()

    @staticmethod
    def _send_to(targets: list[ServerConnection], message: JsonDict) -> None:
        if not targets:
            raise AssertionError("no open socket-mode connection to send to")
        text = json.dumps(message)
        for connection in targets:
            connection.send(text)

    # -- HTTP dispatch -----------------------------------------------------

    def _handle_http(self, handler: _HttpHandler) -> None:
        url = urlsplit(handler.path)
        raw = handler.read_body()
        if url.path.startswith("/response/"):
            self._handle_response_url(url.path.removeprefix("/response/"), handler, raw)
        elif url.path.startswith("/api/"):
            self._handle_api(url.path.removeprefix("/api/"), url.query, handler, raw)
        else:
            handler.send_raw(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

    def _handle_response_url(self, name: str, handler: _HttpHandler, raw: bytes) -> None:
        try:
            body: Any = json.loads(raw.decode("utf-8")) if raw else {}
        except json.JSONDecodeError:
            body = raw.decode("utf-8", "replace")
        with self._cond:
            self._responses.append((name, body))
            self._cond.notify_all()
        handler.send_raw(HTTPStatus.OK, b"ok", "text/html")

    def _handle_api(self, method: str, query: str, handler: _HttpHandler, raw: bytes) -> None:
        params: JsonDict = {}
        token: str | None = None
        try:
            params = _parse_query(query)
            params.update(_parse_body(handler.headers.get("Content-Type", ""), raw))
            body_token = params.pop("token", None)
            header_token = _bearer_token(handler.headers.get("Authorization"))
            token = header_token or body_token
            status, body, headers = self._fault_for(method) or self._invoke(
                method, params, token, header_token
            )
        except Exception as exc:  # a bug in the fake or a malformed request: fail loudly
            status, headers = HTTPStatus.INTERNAL_SERVER_ERROR, {}
            body = {"ok": False, "error": "fake_slack_exception", "detail": repr(exc)}
        with self._cond:
            self._calls.append(ApiCall(method, params, token, status, body))
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
            handler = self._methods.get(method)
            if handler is None:
                raise _ApiError("unknown_method")
            body = handler(params)
        except _ApiError as fault:
            body = {"ok": False, "error": fault.error}
        return HTTPStatus.OK, body, {}

    def _authenticate(self, method: str, token: str | None, header_token: str | None) -> None:
        if not token:
            raise _ApiError("not_authed")
        if token in self.invalid_tokens:
            raise _ApiError("invalid_auth")
        wants_app_token = method == "apps.connections.open"
        if wants_app_token and header_token is None:
            raise _ApiError("not_authed")  # Slack requires the Authorization header here
        if wants_app_token != token.startswith("xapp-"):
            raise _ApiError("not_allowed_token_type")

    # -- Web API methods -----------------------------------------------------

    def _auth_test(self, params: JsonDict) -> JsonDict:
        return {
            "ok": True,
            "url": f"https://{TEAM_DOMAIN}.slack.com/",
            "team": "KB Test",
            "user": BOT_USER_NAME,
            "team_id": TEAM_ID,
            "user_id": BOT_USER_ID,
            "bot_id": BOT_ID,
            "is_enterprise_install": False,
        }

    def _apps_connections_open(self, params: JsonDict) -> JsonDict:
        ticket = uuid.uuid4().hex
        with self._cond:
            self._tickets.add(ticket)
        return {
            "ok": True,
            "url": f"ws://127.0.0.1:{self._ws_port}/link/?ticket={ticket}&app_id={APP_ID}",
        }

    def _chat_post_message(self, params: JsonDict) -> JsonDict:
        channel = _require(params, "channel", "channel_not_found")
        message = _bot_message(params)
        with self._cond:
            self._messages.setdefault(channel, []).append(message)
        return {"ok": True, "channel": channel, "ts": message["ts"], "message": dict(message)}

    def _chat_update(self, params: JsonDict) -> JsonDict:
        channel = _require(params, "channel", "channel_not_found")
        ts = _require(params, "ts", "message_not_found")
        changes = _message_content(params)
        with self._cond:
            message = self._find_message(channel, ts)
            message.update(changes)
            message["edited"] = {"user": BOT_USER_ID, "ts": _CLOCK.next()}
            snapshot = dict(message)
        return {
            "ok": True,
            "channel": channel,
            "ts": ts,
            "text": snapshot.get("text", ""),
            "message": snapshot,
        }

    def _chat_post_ephemeral(self, params: JsonDict) -> JsonDict:
        _require(params, "channel", "channel_not_found")
        _require(params, "user", "user_not_in_channel")
        _message_content(params)
        return {"ok": True, "message_ts": _CLOCK.next()}

    def _chat_delete(self, params: JsonDict) -> JsonDict:
        channel = _require(params, "channel", "channel_not_found")
        ts = _require(params, "ts", "message_not_found")
        with self._cond:
            message = self._find_message(channel, ts)
            self._messages[channel].remove(message)
        return {"ok": True, "channel": channel, "ts": ts}

    def _reactions_add(self, params: JsonDict) -> JsonDict:
        names = self._reaction_list(params)
        name = params["name"]
        with self._cond:
            if name in names:
                raise _ApiError("already_reacted")
            names.append(name)
        return {"ok": True}

    def _reactions_remove(self, params: JsonDict) -> JsonDict:
        names = self._reaction_list(params)
        with self._cond:
            if params["name"] not in names:
                raise _ApiError("no_reaction")
            names.remove(params["name"])
        return {"ok": True}

    def _reaction_list(self, params: JsonDict) -> list[str]:
        channel = _require(params, "channel", "channel_not_found")
        ts = _require(params, "timestamp", "message_not_found")
        _require(params, "name", "invalid_name")
        with self._cond:
            return self._reactions.setdefault((channel, ts), [])

    def _conversations_replies(self, params: JsonDict) -> JsonDict:
        channel = _require(params, "channel", "channel_not_found")
        thread_ts = _require(params, "ts", "thread_not_found")
        limit = _as_int(params.get("limit"), 1000)
        offset = _as_int(str(params.get("cursor") or "offset_0").removeprefix("offset_"), 0)
        with self._cond:
            thread = [
                dict(m)
                for m in self._messages.get(channel, [])
                if m["ts"] == thread_ts or m.get("thread_ts") == thread_ts
            ]
        if not thread:
            raise _ApiError("thread_not_found")
        thread.sort(key=lambda m: _ts_micros(m["ts"]))
        page = thread[offset : offset + limit]
        has_more = offset + limit < len(thread)
        next_cursor = f"offset_{offset + limit}" if has_more else ""
        return {
            "ok": True,
            "messages": page,
            "has_more": has_more,
            "response_metadata": {"next_cursor": next_cursor},
        }

    def _conversations_info(self, params: JsonDict) -> JsonDict:
        channel = _require(params, "channel", "channel_not_found")
        with self._cond:
            info = dict(self._channels.get(channel) or _channel_info(channel))
        return {"ok": True, "channel": info}

    def _usergroups_users_list(self, params: JsonDict) -> JsonDict:
        usergroup = _require(params, "usergroup", "no_such_subteam")
        with self._cond:
            users = self._usergroups.get(usergroup)
        if users is None:
            raise _ApiError("no_such_subteam")
        return {"ok": True, "users": list(users)}

    def _views_open(self, params: JsonDict) -> JsonDict:
        _require(params, "trigger_id", "invalid_trigger_id")
        view = _as_json(_require(params, "view"))
        if not isinstance(view, dict) or "type" not in view:
            raise _ApiError("invalid_arguments")
        view_id = _new_id("V")
        opened = {
            "id": view_id,
            "team_id": TEAM_ID,
            "app_id": APP_ID,
            "bot_id": BOT_ID,
            "root_view_id": view_id,
            "previous_view_id": None,
            "hash": uuid.uuid4().hex[:16],
            "state": {"values": {}},
            "private_metadata": "",
            "callback_id": "",
            "external_id": "",
            **view,
        }
        return {"ok": True, "view": opened}

    def _users_info(self, params: JsonDict) -> JsonDict:
        user = _require(params, "user", "user_not_found")
        with self._cond:
            info = dict(self._users.get(user) or _user_info(user))
        return {"ok": True, "user": info}

    def _find_message(self, channel: str, ts: str) -> JsonDict:
        """Caller holds ``self._cond``."""
        for message in self._messages.get(channel, []):
            if message["ts"] == ts:
                return message
        raise _ApiError("message_not_found")


# --------------------------------------------------------------------------
# Web API payload helpers
# --------------------------------------------------------------------------


def _message_content(params: JsonDict) -> JsonDict:
    """Validate text/blocks/attachments like chat.postMessage does."""
    content: JsonDict = {}
    text = params.get("text")
    if text is not None:
        if len(str(text)) > MAX_TEXT_LENGTH:
            raise _ApiError("msg_too_long")
        content["text"] = str(text)
    if params.get("blocks") not in (None, ""):
        content["blocks"] = _validate_blocks(params["blocks"])
    if params.get("attachments") not in (None, ""):
        content["attachments"] = _as_json(params["attachments"])
    if not content.get("text") and not content.get("blocks") and not content.get("attachments"):
        raise _ApiError("no_text")
    if params.get("metadata") not in (None, ""):
        content["metadata"] = _as_json(params["metadata"])
    return content


def _bot_message(params: JsonDict) -> JsonDict:
    message: JsonDict = {
        "type": "message",
        "user": BOT_USER_ID,
        "bot_id": BOT_ID,
        "app_id": APP_ID,
        "team": TEAM_ID,
        "text": "",
        "ts": _CLOCK.next(),
        "bot_profile": {
            "id": BOT_ID,
            "app_id": APP_ID,
            "name": BOT_USER_NAME,
            "team_id": TEAM_ID,
            "deleted": False,
        },
    }
    message.update(_message_content(params))
    if params.get("thread_ts"):
        message["thread_ts"] = str(params["thread_ts"])
    return message


def _channel_info(
    channel: str,
    *,
    name: str | None = None,
    is_private: bool = False,
    is_im: bool | None = None,
    is_ext_shared: bool = False,
) -> JsonDict:
    im = channel.startswith("D") if is_im is None else is_im
    if im:
        return {
            "id": channel,
            "is_im": True,
            "is_private": True,
            "is_ext_shared": False,
            "user": "U1",
            "created": 0,
        }
    return {
        "id": channel,
        "name": name or channel.lower(),
        "is_channel": not is_private,
        "is_group": is_private,
        "is_im": False,
        "is_mpim": False,
        "is_private": is_private,
        "is_archived": False,
        "is_general": False,
        "is_shared": is_ext_shared,
        "is_ext_shared": is_ext_shared,
        "is_org_shared": False,
        "is_member": True,
        "created": 0,
        "creator": "U1",
    }


def _user_info(user_id: str) -> JsonDict:
    name = f"user-{user_id.lower()}"
    return {
        "id": user_id,
        "team_id": TEAM_ID,
        "name": name,
        "real_name": name,
        "deleted": False,
        "is_bot": user_id == BOT_USER_ID,
        "is_admin": False,
        "tz": "UTC",
        "profile": {"real_name": name, "display_name": name, "team": TEAM_ID},
    }


def _hello(num_connections: int) -> JsonDict:
    return {
        "type": "hello",
        "num_connections": num_connections,
        "debug_info": {
            "host": "applink-fake",
            "build_number": 1,
            "approximate_connection_time": 18060,
        },
        "connection_info": {"app_id": APP_ID},
    }


# --------------------------------------------------------------------------
# Event builders (payload shapes as Slack sends them)
# --------------------------------------------------------------------------

_MENTION = re.compile(r"(<@[A-Z0-9]+>)")


def _rich_text_blocks(text: str) -> list[JsonDict]:
    """The rich_text block Slack's clients attach to typed messages."""
    elements: list[JsonDict] = []
    for piece in _MENTION.split(text):
        if not piece:
            continue
        if _MENTION.fullmatch(piece):
            elements.append({"type": "user", "user_id": piece[2:-1]})
        else:
            elements.append({"type": "text", "text": piece})
    section = {"type": "rich_text_section", "elements": elements}
    return [{"type": "rich_text", "block_id": uuid.uuid4().hex[:5], "elements": [section]}]


def _event_callback(event: JsonDict, event_id: str | None) -> JsonDict:
    return {
        "token": VERIFICATION_TOKEN,
        "team_id": TEAM_ID,
        "context_team_id": TEAM_ID,
        "api_app_id": APP_ID,
        "event": event,
        "type": "event_callback",
        "event_id": event_id or _new_id("Ev"),
        "event_time": int(Decimal(event["event_ts"])),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": TEAM_ID,
                "user_id": BOT_USER_ID,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
        "event_context": f"4-{uuid.uuid4().hex}",
    }


def _user_message_event(
    kind: str, text: str, user: str, channel: str, ts: str | None, thread_ts: str | None
) -> JsonDict:
    ts = ts or _CLOCK.next()
    _CLOCK.advance_past(ts)
    event: JsonDict = {
        "type": kind,
        "user": user,
        "text": text,
        "ts": ts,
        "client_msg_id": str(uuid.uuid4()),
        "team": TEAM_ID,
        "blocks": _rich_text_blocks(text),
        "channel": channel,
        "event_ts": ts,
    }
    if thread_ts:
        event["thread_ts"] = thread_ts
    return event


def app_mention(
    text: str,
    *,
    user: str = "U1",
    channel: str = "C1",
    ts: str | None = None,
    thread_ts: str | None = None,
    event_id: str | None = None,
    mention_bot: bool = True,
) -> JsonDict:
    """An ``events_api`` payload for ``app_mention``.

    Real mention texts contain ``<@UBOT>``; it is prepended unless already
    present or ``mention_bot=False``.
    """
    if mention_bot and f"<@{BOT_USER_ID}>" not in text:
        text = f"<@{BOT_USER_ID}> {text}"
    event = _user_message_event("app_mention", text, user, channel, ts, thread_ts)
    return _event_callback(event, event_id)


def dm_message(
    text: str,
    *,
    user: str = "U1",
    channel: str = "D1",
    ts: str | None = None,
    thread_ts: str | None = None,
    subtype: str | None = None,
    bot_id: str | None = None,
    event_id: str | None = None,
) -> JsonDict:
    """An ``events_api`` payload for a ``message`` event in a DM (``channel_type: im``)."""
    event = _user_message_event("message", text, user, channel, ts, thread_ts)
    event["channel_type"] = "im"
    if subtype:
        event["subtype"] = subtype
        event.pop("client_msg_id", None)
    if bot_id:
        event["bot_id"] = bot_id
        event["bot_profile"] = {
            "id": bot_id,
            "app_id": APP_ID,
            "name": "some-bot",
            "team_id": TEAM_ID,
        }
        event.pop("client_msg_id", None)
    return _event_callback(event, event_id)


def slash_command(
    text: str,
    *,
    command: str = "/kb",
    user_id: str = "U1",
    channel_id: str = "C1",
    response_url: str = UNROUTABLE_RESPONSE_URL,
) -> JsonDict:
    """A ``slash_commands`` payload (all values are strings, as on the wire)."""
    return {
        "token": VERIFICATION_TOKEN,
        "team_id": TEAM_ID,
        "team_domain": TEAM_DOMAIN,
        "channel_id": channel_id,
        "channel_name": "directmessage" if channel_id.startswith("D") else channel_id.lower(),
        "user_id": user_id,
        "user_name": f"user-{user_id.lower()}",
        "command": command,
        "text": text,
        "api_app_id": APP_ID,
        "is_enterprise_install": "false",
        "response_url": response_url,
        "trigger_id": _trigger_id(),
    }


def block_action(
    action_id: str,
    value: str,
    *,
    user: str = "U1",
    channel: str = "C1",
    message_ts: str | None = None,
    response_url: str = UNROUTABLE_RESPONSE_URL,
    container: JsonDict | None = None,
    block_id: str = "b1",
    message: JsonDict | None = None,
) -> JsonDict:
    """An ``interactive`` payload of type ``block_actions`` for a button click."""
    message_ts = message_ts or (message or {}).get("ts") or _CLOCK.next()
    bot_message = message or {
        "type": "message",
        "user": BOT_USER_ID,
        "bot_id": BOT_ID,
        "app_id": APP_ID,
        "team": TEAM_ID,
        "text": "",
        "ts": message_ts,
        "blocks": [],
    }
    return {
        "type": "block_actions",
        "user": {
            "id": user,
            "username": f"user-{user.lower()}",
            "name": f"user-{user.lower()}",
            "team_id": TEAM_ID,
        },
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "container": container
        or {
            "type": "message",
            "message_ts": message_ts,
            "channel_id": channel,
            "is_ephemeral": False,
        },
        "trigger_id": _trigger_id(),
        "team": {"id": TEAM_ID, "domain": TEAM_DOMAIN},
        "enterprise": None,
        "is_enterprise_install": False,
        "channel": {"id": channel, "name": channel.lower()},
        "message": bot_message,
        "state": {"values": {}},
        "response_url": response_url,
        "actions": [
            {
                "action_id": action_id,
                "block_id": block_id,
                "text": {"type": "plain_text", "text": value, "emoji": True},
                "value": value,
                "type": "button",
                "action_ts": _CLOCK.next(),
            }
        ],
    }


def view_submission(
    callback_id: str,
    private_metadata: str,
    values: JsonDict,
    *,
    user: str = "U1",
) -> JsonDict:
    """An ``interactive`` payload of type ``view_submission``.

    ``values`` is ``view.state.values`` verbatim:
    ``{block_id: {action_id: {"type": "plain_text_input", "value": "..."}}}``.
    """
    view_id = _new_id("V")
    return {
        "type": "view_submission",
        "team": {"id": TEAM_ID, "domain": TEAM_DOMAIN},
        "user": {
            "id": user,
            "username": f"user-{user.lower()}",
            "name": f"user-{user.lower()}",
            "team_id": TEAM_ID,
        },
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "trigger_id": _trigger_id(),
        "view": {
            "id": view_id,
            "team_id": TEAM_ID,
            "type": "modal",
            "blocks": [],
            "private_metadata": private_metadata,
            "callback_id": callback_id,
            "state": {"values": values},
            "hash": uuid.uuid4().hex[:16],
            "title": {"type": "plain_text", "text": "kb", "emoji": True},
            "close": None,
            "submit": {"type": "plain_text", "text": "Submit", "emoji": True},
            "previous_view_id": None,
            "root_view_id": view_id,
            "app_id": APP_ID,
            "external_id": "",
            "app_installed_team_id": TEAM_ID,
            "bot_id": BOT_ID,
        },
        "response_urls": [],
        "is_enterprise_install": False,
        "enterprise": None,
    }


# --------------------------------------------------------------------------
# HTTP mode
# --------------------------------------------------------------------------


def sign_request(body: str, signing_secret: str, timestamp: int | None = None) -> dict[str, str]:
    """Headers Slack adds to HTTP-mode requests (v0 HMAC-SHA256 signature)."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    basestring = f"v0:{timestamp}:{body}".encode()
    digest = hmac.new(signing_secret.encode("utf-8"), basestring, hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": str(timestamp), "X-Slack-Signature": f"v0={digest}"}
