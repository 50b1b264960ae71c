"""HTTP plumbing for the fake: a threading server that hands each request to one callback,
and request bodies decoded the ways Slack accepts them (JSON, form, multipart)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .workspace import JsonDict


class HttpHandler(BaseHTTPRequestHandler):
    server: FakeHttpServer

    def do_POST(self) -> None:
        self._dispatch()

    def do_GET(self) -> None:
        self._dispatch()

    def _dispatch(self) -> None:
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.server.handle(self, url.path, url.query, raw)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep pytest output clean."""

    @staticmethod
    def decoded_json(raw: bytes) -> Any:
        """A JSON body, or its text when it is not JSON."""
        try:
            return json.loads(raw.decode("utf-8")) if raw else {}
        except json.JSONDecodeError:
            return raw.decode("utf-8", "replace")

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


class FakeHttpServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, handle: Callable[[HttpHandler, str, str, bytes], None]) -> None:
        """``handle(handler, path, query, body)`` answers every request."""
        super().__init__(("127.0.0.1", 0), HttpHandler)
        self.handle = handle


def parse_body(content_type: str, raw: bytes) -> JsonDict:
    """Decode a JSON, form-encoded or multipart body the way Slack accepts them."""
    if not raw:
        return {}
    if content_type.startswith("application/json"):
        decoded = json.loads(raw.decode("utf-8"))
        return decoded if isinstance(decoded, dict) else {}
    if content_type.startswith("multipart/form-data"):
        return _parse_multipart(content_type, raw)
    return parse_query(raw.decode("utf-8"))


def parse_query(query: str) -> JsonDict:
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


def bearer_token(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[len("bearer ") :].strip()
    return None
