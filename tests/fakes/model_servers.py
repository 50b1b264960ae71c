"""Loopback fakes of the Anthropic Messages API and the Ollama chat API.

They speak the real wire formats (JSON, Server-Sent Events, NDJSON) so production code is
driven through the real `anthropic` and `ollama` client libraries. Behaviour is scripted per
request: a reply text (or a function of the request), failures, delays, malformed bodies.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class _Fault:
    kind: str  # "status" | "malformed" | "empty" | "drop"
    status: int = 500
    retry_after: float | None = None


@dataclass
class _State:
    reply_text: str = "The answer is here [1]."
    handler: Callable[[dict[str, Any]], str] | None = None
    delay_seconds: float = 0.0
    faults: deque[_Fault] = field(default_factory=deque)
    requests: list[Recorded] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class _FakeModelServer:
    """Shared plumbing: a threaded HTTP server on 127.0.0.1 with scripted behaviour."""

    def __init__(self) -> None:
        self.state = _State()
        self._stopping = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                fake._handle(self, {})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                fake._handle(self, body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    # --- life cycle ----------------------------------------------------------------------

    def start(self):
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    # --- behaviour control -----------------------------------------------------------------

    @property
    def requests(self) -> list[Recorded]:
        with self.state.lock:
            return list(self.state.requests)

    @property
    def reply_text(self) -> str:
        return self.state.reply_text

    @reply_text.setter
    def reply_text(self, text: str) -> None:
        self.state.reply_text = text

    @property
    def handler(self) -> Callable[[dict[str, Any]], str] | None:
        return self.state.handler

    @handler.setter
    def handler(self, fn: Callable[[dict[str, Any]], str] | None) -> None:
        self.state.handler = fn

    @property
    def delay_seconds(self) -> float:
        return self.state.delay_seconds

    @delay_seconds.setter
    def delay_seconds(self, seconds: float) -> None:
        self.state.delay_seconds = seconds

    def enqueue_failure(self, status: int, *, retry_after: float | None = None, times: int = 1):
        self._enqueue(_Fault("status", status, retry_after), times)

    def enqueue_malformed(self, times: int = 1) -> None:
        self._enqueue(_Fault("malformed"), times)

    def enqueue_empty(self, times: int = 1) -> None:
        self._enqueue(_Fault("empty"), times)

    def close_connection_next(self, times: int = 1) -> None:
        self._enqueue(_Fault("drop"), times)

    def _enqueue(self, fault: _Fault, times: int) -> None:
        with self.state.lock:
            self.state.faults.extend([fault] * times)

    # --- request handling -----------------------------------------------------------------

    def _handle(self, request: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        path = request.path.split("?")[0]
        if request.command == "POST":
            with self.state.lock:
                self.state.requests.append(Recorded(path, dict(request.headers), body))
        if self.state.delay_seconds:
            # Sleep in slices so stop() is never held up for long.
            end = time.monotonic() + self.state.delay_seconds
            while time.monotonic() < end and not self._stopping.is_set():
                time.sleep(0.02)
        with self.state.lock:
            fault = (
                self.state.faults.popleft() if self.state.faults and self._counts(path) else None
            )
        if fault and fault.kind == "drop":
            request.close_connection = True
            request.connection.close()
            return
        if fault and fault.kind == "status":
            headers = (
                {"retry-after": str(fault.retry_after)} if fault.retry_after is not None else {}
            )
            self._send_json(request, fault.status, self.error_body(fault.status), headers)
            return
        if fault and fault.kind == "malformed":
            self._send_raw(request, 200, b'{"id": "broken", "content": [', "application/json")
            return
        text = "" if fault and fault.kind == "empty" else self._reply(body)
        self.route(request, path, body, text)

    def _counts(self, path: str) -> bool:
        """Faults apply to generation calls only, not to discovery endpoints."""
        return path in ("/v1/messages", "/api/chat")

    def _reply(self, body: dict[str, Any]) -> str:
        return self.state.handler(body) if self.state.handler else self.state.reply_text

    # --- overridden per protocol ----------------------------------------------------------

    def route(self, request, path: str, body: dict[str, Any], text: str) -> None:
        raise NotImplementedError

    def error_body(self, status: int) -> dict[str, Any]:
        raise NotImplementedError

    # --- wire helpers -----------------------------------------------------------------------

    @staticmethod
    def _send_json(request, status: int, payload: Any, headers: dict[str, str] | None = None):
        _FakeModelServer._send_raw(
            request, status, json.dumps(payload).encode(), "application/json", headers
        )

    @staticmethod
    def _send_raw(request, status, data: bytes, content_type: str, headers=None) -> None:
        request.send_response(status)
        request.send_header("Content-Type", content_type)
        request.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            request.send_header(key, value)
        request.end_headers()
        request.wfile.write(data)

    @staticmethod
    def _send_stream(request, content_type: str, chunks: list[bytes]) -> None:
        request.send_response(200)
        request.send_header("Content-Type", content_type)
        request.send_header("Transfer-Encoding", "chunked")
        request.end_headers()
        for chunk in chunks:
            request.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            request.wfile.flush()
        request.wfile.write(b"0\r\n\r\n")


def _token_count(text: str) -> int:
    return max(1, len(text) // 4)


def _pieces(text: str, n: int = 4) -> list[str]:
    size = max(1, -(-len(text) // n))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def prompt_text(body: dict[str, Any]) -> str:
    """Everything a request showed the model (system prompt and every message)."""
    system = body.get("system") or ""
    if isinstance(system, list):
        system = " ".join(b.get("text", "") for b in system)
    parts = [system]
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            content = " ".join(b.get("text", "") for b in content)
        parts.append(str(content))
    return "\n".join(parts)


class FakeAnthropic(_FakeModelServer):
    """POST /v1/messages, JSON or SSE (``stream: true``)."""

    _ERROR_TYPES: ClassVar[dict[int, str]] = {
        400: "invalid_request_error",
        401: "authentication_error",
        429: "rate_limit_error",
        500: "api_error",
        529: "overloaded_error",
    }

    def error_body(self, status: int) -> dict[str, Any]:
        kind = self._ERROR_TYPES.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": f"fake {kind}"}}

    def route(self, request, path: str, body: dict[str, Any], text: str) -> None:
        if path != "/v1/messages":
            self._send_json(request, 404, self.error_body(404))
            return
        model = body.get("model", "claude-test")
        usage_in = _token_count(prompt_text(body))
        message_id = f"msg_{uuid.uuid4().hex[:20]}"
        if not body.get("stream"):
            self._send_json(
                request,
                200,
                {
                    "id": message_id,
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [{"type": "text", "text": text}],
                    "stop_reason": "end_turn",
                    "stop_sequence": None,
                    "usage": {"input_tokens": usage_in, "output_tokens": _token_count(text)},
                },
            )
            return

        def event(name: str, data: dict[str, Any]) -> bytes:
            return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()

        events = [
            event(
                "message_start",
                {
                    "type": "message_start",
                    "message": {
                        "id": message_id,
                        "type": "message",
                        "role": "assistant",
                        "model": model,
                        "content": [],
                        "stop_reason": None,
                        "stop_sequence": None,
                        "usage": {"input_tokens": usage_in, "output_tokens": 1},
                    },
                },
            ),
            event(
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            ),
            event("ping", {"type": "ping"}),
            *(
                event(
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": piece},
                    },
                )
                for piece in _pieces(text)
            ),
            event("content_block_stop", {"type": "content_block_stop", "index": 0}),
            event(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": _token_count(text)},
                },
            ),
            event("message_stop", {"type": "message_stop"}),
        ]
        self._send_stream(request, "text/event-stream", events)


class FakeOllama(_FakeModelServer):
    """POST /api/chat (JSON or NDJSON stream), GET /api/version, GET /api/tags."""

    model_name = "llama3.2"

    def error_body(self, status: int) -> dict[str, Any]:
        return {"error": f"fake error {status}"}

    def route(self, request, path: str, body: dict[str, Any], text: str) -> None:
        if path == "/api/version":
            self._send_json(request, 200, {"version": "0.6.0"})
            return
        if path == "/api/tags":
            self._send_json(
                request, 200, {"models": [{"name": self.model_name, "model": self.model_name}]}
            )
            return
        if path != "/api/chat":
            self._send_json(request, 404, {"error": "not found"})
            return
        model = body.get("model", self.model_name)
        now = "2026-11-23T00:00:00Z"
        final = {
            "model": model,
            "created_at": now,
            "done": True,
            "done_reason": "stop",
            "total_duration": 1000,
            "load_duration": 10,
            "prompt_eval_count": _token_count(prompt_text(body)),
            "prompt_eval_duration": 100,
            "eval_count": _token_count(text),
            "eval_duration": 500,
        }
        if body.get("stream") is False:
            self._send_json(
                request, 200, {**final, "message": {"role": "assistant", "content": text}}
            )
            return
        lines = [
            json.dumps(
                {
                    "model": model,
                    "created_at": now,
                    "done": False,
                    "message": {"role": "assistant", "content": piece},
                }
            ).encode()
            + b"\n"
            for piece in _pieces(text)
        ]
        lines.append(
            json.dumps({**final, "message": {"role": "assistant", "content": ""}}).encode() + b"\n"
        )
        self._send_stream(request, "application/x-ndjson", lines)
