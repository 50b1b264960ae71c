"""Loopback fakes of the Anthropic Messages API and the Ollama chat API.

Both speak the real wire formats (JSON, Server-Sent Events, NDJSON) on 127.0.0.1, so production
code is exercised through the real client libraries::

    with FakeAnthropic() as fake:
        client = anthropic.Anthropic(base_url=fake.url, api_key="test")
    with FakeOllama() as fake:
        client = ollama.Client(host=fake.url)

Behaviour is scripted per fake: the reply text (fixed, or computed from the request), a delay,
and a FIFO queue of one-shot outcomes (HTTP errors, malformed bodies, empty answers, dropped
connections). Delays and scripted outcomes apply only to the generation endpoint
(``POST /v1/messages``, ``POST /api/chat``) so that discovery calls such as Ollama's
``/api/version`` probe never consume them.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import socket
import threading
import uuid
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar, Literal, Self
from urllib.parse import urlsplit

JsonDict = dict[str, Any]
ReplyHandler = Callable[[JsonDict], str]
Route = Callable[["_Handler", Any], None]

DEFAULT_REPLY = "The answer is here [1]."


# --- helpers for tests and handlers ------------------------------------------------------------


def estimate_tokens(text: str) -> int:
    """The fakes' deterministic token count: one token per four characters, rounded up."""
    return math.ceil(len(text) / 4)


def split_deltas(text: str) -> list[str]:
    """Word-sized pieces (trailing whitespace kept) that concatenate back to exactly `text`."""
    return [piece for piece in re.split(r"(?<=\s)(?=\S)", text) if piece]


def _text_of(content: Any) -> str:
    """The text of a message `content`: a plain string or a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and "text" in b)
    return ""


def _messages(body: JsonDict) -> list[JsonDict]:
    return [m for m in body.get("messages") or [] if isinstance(m, dict)]


def system_prompt(body: JsonDict) -> str:
    """The system prompt of a request of either protocol: Anthropic's top-level ``system``
    (string or blocks) or Ollama's ``role: system`` messages."""
    parts = [_text_of(body.get("system"))]
    parts += [_text_of(m.get("content")) for m in _messages(body) if m.get("role") == "system"]
    return "\n".join(p for p in parts if p)


def last_user_message(body: JsonDict) -> str:
    """The text of the last ``role: user`` message of a request ("" if there is none)."""
    users = [m for m in _messages(body) if m.get("role") == "user"]
    return _text_of(users[-1].get("content")) if users else ""


def prompt_text(body: JsonDict) -> str:
    """Everything a request showed the model: the system prompt, then every message's text."""
    parts = [_text_of(body.get("system"))] + [_text_of(m.get("content")) for m in _messages(body)]
    return "\n".join(p for p in parts if p)


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it. Header names are lower-cased; `body` is the parsed
    JSON body, or None when there was no body or it was not JSON."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass(frozen=True)
class _Outcome:
    kind: Literal["failure", "malformed", "empty", "drop"]
    status: int = 0
    retry_after: float | None = None
    message: str | None = None


# --- HTTP plumbing -----------------------------------------------------------------------------


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # server_close() would otherwise join every handler thread, including keep-alive ones that
    # wait for the client's next request; FakeLLMServer.stop() closes those sockets itself.
    block_on_close = False

    def __init__(self, fake: FakeLLMServer) -> None:
        self.fake = fake
        super().__init__(("127.0.0.1", 0), _Handler)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked streaming, like the real servers
    server: _HTTPServer

    def setup(self) -> None:
        super().setup()
        self.server.fake._track(self.connection, add=True)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.fake._track(self.connection, add=False)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.server.fake._dispatch(self)

    do_POST = do_GET

    def send_body(
        self, status: int, data: bytes, content_type: str, headers: dict[str, str]
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, status: int, payload: Any, headers: dict[str, str]) -> None:
        self.send_body(status, json.dumps(payload).encode(), "application/json", headers)

    def send_chunked(
        self, content_type: str, frames: Iterable[bytes], headers: dict[str, str]
    ) -> None:
        """A 200 response streamed with chunked transfer encoding, one chunk per frame."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        for frame in frames:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def drop(self) -> None:
        """Close the connection without sending a single byte of response."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)


# --- the shared fake ---------------------------------------------------------------------------


class FakeLLMServer:
    """A threaded HTTP server on 127.0.0.1 with scripted behaviour; subclasses add a protocol.

    The port is bound on construction, so `url` is known before `start()`.
    """

    generation_path: ClassVar[str]
    stream_content_type: ClassVar[str]

    def __init__(self, reply_text: str = DEFAULT_REPLY) -> None:
        self.reply_text = reply_text
        self.handler: ReplyHandler | None = None
        self.delay_seconds = 0.0
        self._outcomes: deque[_Outcome] = deque()
        self._requests: list[RecordedRequest] = []
        self._connections: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server = _HTTPServer(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},  # shutdown() waits up to one poll interval
            name=f"{type(self).__name__}-server",
            daemon=True,
        )

    # --- life cycle ---------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and cut every open connection, including requests still being delayed
        (their clients see a dropped connection). Idempotent."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self._server.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # --- inspection ---------------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a snapshot copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def generation_requests(self) -> list[RecordedRequest]:
        """Only the calls to the generation endpoint (``POST`` `generation_path`)."""
        return [r for r in self.requests if r.method == "POST" and r.path == self.generation_path]

    # --- scripting ----------------------------------------------------------------------------

    def enqueue_failure(
        self,
        status: int,
        *,
        retry_after: float | None = None,
        times: int = 1,
        message: str | None = None,
    ) -> None:
        """The next `times` generation requests get HTTP `status` with the protocol's error
        body, and a ``retry-after`` header (seconds) when `retry_after` is given."""
        self._enqueue(_Outcome("failure", status, retry_after, message), times)

    def enqueue_malformed(self, times: int = 1) -> None:
        """The next `times` generation requests get a 200 whose body breaks the protocol:
        truncated JSON, or for streams a valid first frame followed by a truncated one."""
        self._enqueue(_Outcome("malformed"), times)

    def enqueue_empty(self, times: int = 1) -> None:
        """The next `times` generation requests get a well-formed answer with no text."""
        self._enqueue(_Outcome("empty"), times)

    def close_connection_next(self, times: int = 1) -> None:
        """The next `times` generation requests get their connection closed, no response."""
        self._enqueue(_Outcome("drop"), times)

    def _enqueue(self, outcome: _Outcome, times: int) -> None:
        with self._lock:
            self._outcomes.extend([outcome] * times)

    def _next_outcome(self) -> _Outcome | None:
        with self._lock:
            return self._outcomes.popleft() if self._outcomes else None

    # --- request handling ---------------------------------------------------------------------

    def _track(self, connection: socket.socket, *, add: bool) -> None:
        with self._lock:
            if add:
                self._connections.add(connection)
            else:
                self._connections.discard(connection)

    def _dispatch(self, h: _Handler) -> None:
        path = urlsplit(h.path).path
        raw = h.rfile.read(int(h.headers.get("Content-Length") or 0))
        body = _parse_json(raw)
        headers = {name.lower(): value for name, value in h.headers.items()}
        with self._lock:
            self._requests.append(RecordedRequest(h.command, path, headers, body))
        try:
            if (h.command, path) == ("POST", self.generation_path):
                self._generate(h, body)
            elif route := self._routes().get((h.command, path)):
                route(h, body)
            else:
                self._send_error(h, 404, f"{h.command} {path} is not served by this fake")
        except OSError:  # the client went away mid-answer, or stop() cut the connection
            h.close_connection = True

    def _generate(self, h: _Handler, body: Any) -> None:
        # Taken on arrival, so a request its client gave up on cannot later steal an outcome
        # scripted for the next one.
        outcome = self._next_outcome()
        kind = outcome.kind if outcome else None
        # Event.wait, not sleep: stop() wakes a delayed request at once.
        if self.delay_seconds > 0 and self._stopping.wait(self.delay_seconds):
            h.drop()
            return
        if kind == "drop":
            h.drop()
            return
        if outcome and kind == "failure":
            self._send_error(h, outcome.status, outcome.message, outcome.retry_after)
            return
        if not isinstance(body, dict):
            self._send_error(h, 400, "the request body is not a JSON object")
            return
        if problem := self._validate(h, body):
            self._send_error(h, *problem)
            return
        if kind == "empty":
            text = ""
        else:
            try:
                text = self.handler(body) if self.handler else self.reply_text
            except Exception as exc:  # surfaced to the client, where the test will see it
                self._send_error(h, 500, f"fake reply handler raised {exc!r}")
                return
        stream = self._wants_stream(body)
        if kind == "malformed":
            self._send_malformed(h, body, text, stream)
        elif stream:
            frames = (self._frame(p, json.dumps(p)) for p in self._stream_payloads(body, text))
            h.send_chunked(self.stream_content_type, frames, self._response_headers())
        else:
            h.send_json(200, self._complete(body, text), self._response_headers())

    def _send_malformed(self, h: _Handler, body: JsonDict, text: str, stream: bool) -> None:
        if not stream:
            data = json.dumps(self._complete(body, text))
            h.send_body(200, data[: len(data) // 2].encode(), "application/json", {})
            return
        first, second, *_ = self._stream_payloads(body, text or DEFAULT_REPLY)
        broken = json.dumps(second)
        frames = [
            self._frame(first, json.dumps(first)),
            self._frame(second, broken[: len(broken) // 2]),
        ]
        h.send_chunked(self.stream_content_type, frames, self._response_headers())

    def _send_error(
        self, h: _Handler, status: int, message: str | None = None, retry_after: float | None = None
    ) -> None:
        headers = self._response_headers()
        if retry_after is not None:
            headers["retry-after"] = _format_seconds(retry_after)
        h.send_json(status, self._error_body(status, message), headers)

    # --- the protocol, supplied by subclasses -------------------------------------------------

    def _routes(self) -> dict[tuple[str, str], Route]:
        """Endpoints besides the generation one, keyed by (method, path)."""
        return {}

    def _response_headers(self) -> dict[str, str]:
        return {}

    def _validate(self, h: _Handler, body: JsonDict) -> tuple[int, str] | None:
        """(status, message) when the real server would reject the request, else None."""
        return None

    def _wants_stream(self, body: JsonDict) -> bool:
        raise NotImplementedError

    def _complete(self, body: JsonDict, text: str) -> JsonDict:
        """The non-streaming answer."""
        raise NotImplementedError

    def _stream_payloads(self, body: JsonDict, text: str) -> list[JsonDict]:
        """The streamed answer, as the JSON payloads of successive frames."""
        raise NotImplementedError

    def _frame(self, payload: JsonDict, data: str) -> bytes:
        """Wire framing of one streamed payload whose JSON text is `data`."""
        raise NotImplementedError

    def _error_body(self, status: int, message: str | None) -> JsonDict:
        raise NotImplementedError


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def _format_seconds(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else str(seconds)


# --- Anthropic ---------------------------------------------------------------------------------


class FakeAnthropic(FakeLLMServer):
    """``POST /v1/messages``: a Message as JSON, or Server-Sent Events with ``"stream": true``.

    Requests are checked like the real API does: 401 without ``x-api-key``/``authorization``,
    400 without ``anthropic-version`` or without ``model``, ``max_tokens`` or ``messages``.
    An empty answer is ``"content": []`` (what the API sends when the model says nothing).
    """

    generation_path = "/v1/messages"
    stream_content_type = "text/event-stream; charset=utf-8"

    ERROR_TYPES: ClassVar[dict[int, str]] = {
        400: "invalid_request_error",
        401: "authentication_error",
        402: "billing_error",
        403: "permission_error",
        404: "not_found_error",
        413: "request_too_large",
        429: "rate_limit_error",
        500: "api_error",
        504: "timeout_error",
        529: "overloaded_error",
    }

    def _response_headers(self) -> dict[str, str]:
        return {"request-id": f"req_{uuid.uuid4().hex[:24]}"}

    def _validate(self, h: _Handler, body: JsonDict) -> tuple[int, str] | None:
        if not (h.headers.get("x-api-key") or h.headers.get("authorization")):
            return 401, "x-api-key header is required"
        if not h.headers.get("anthropic-version"):
            return 400, "anthropic-version: header is required"
        for name, kind in (("model", str), ("max_tokens", int), ("messages", list)):
            if not isinstance(body.get(name), kind):
                return 400, f"{name}: Field required"
        if not body["messages"]:
            return 400, "messages: at least one message is required"
        return None

    def _wants_stream(self, body: JsonDict) -> bool:
        return body.get("stream") is True

    def _complete(self, body: JsonDict, text: str) -> JsonDict:
        return {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": text}] if text else [],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {
                "input_tokens": max(1, estimate_tokens(prompt_text(body))),
                "output_tokens": estimate_tokens(text),
            },
        }

    def _stream_payloads(self, body: JsonDict, text: str) -> list[JsonDict]:
        final = self._complete(body, text)
        start = {
            **final,
            "content": [],
            "stop_reason": None,
            "usage": {**final["usage"], "output_tokens": 1},
        }
        events: list[JsonDict] = [{"type": "message_start", "message": start}]
        if text:
            block = {"type": "content_block_start", "index": 0}
            events += [
                {**block, "content_block": {"type": "text", "text": ""}},
                {"type": "ping"},
                *(
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": piece},
                    }
                    for piece in split_deltas(text)
                ),
                {"type": "content_block_stop", "index": 0},
            ]
        else:
            events.append({"type": "ping"})
        return [
            *events,
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": final["usage"]["output_tokens"]},
            },
            {"type": "message_stop"},
        ]

    def _frame(self, payload: JsonDict, data: str) -> bytes:
        return f"event: {payload['type']}\ndata: {data}\n\n".encode()

    def _error_body(self, status: int, message: str | None) -> JsonDict:
        kind = self.ERROR_TYPES.get(
            status, "api_error" if status >= 500 else "invalid_request_error"
        )
        return {"type": "error", "error": {"type": kind, "message": message or f"fake {kind}"}}


# --- Ollama ------------------------------------------------------------------------------------


class FakeOllama(FakeLLMServer):
    """``POST /api/chat`` (NDJSON stream unless ``"stream": false``), ``GET /api/tags``,
    ``GET /api/version``, ``POST /api/show`` and ``GET /`` ("Ollama is running").

    Chat accepts any model name; `model` is what ``/api/tags`` lists (as ``<model>:latest``
    when it has no tag, like the real server). Errors are ``{"error": "..."}``.
    """

    generation_path = "/api/chat"
    stream_content_type = "application/x-ndjson"
    VERSION = "0.12.0"

    def __init__(self, reply_text: str = DEFAULT_REPLY, *, model: str = "llama3.2") -> None:
        super().__init__(reply_text)
        self.model = model

    def _routes(self) -> dict[tuple[str, str], Route]:
        return {
            ("GET", "/"): lambda h, _: h.send_body(200, b"Ollama is running", "text/plain", {}),
            ("GET", "/api/version"): lambda h, _: h.send_json(200, {"version": self.VERSION}, {}),
            ("GET", "/api/tags"): self._tags,
            ("POST", "/api/show"): self._show,
        }

    def _tagged_model(self) -> str:
        return self.model if ":" in self.model else f"{self.model}:latest"

    def _details(self) -> JsonDict:
        return {
            "parent_model": "",
            "format": "gguf",
            "family": "llama",
            "families": ["llama"],
            "parameter_size": "3.2B",
            "quantization_level": "Q4_K_M",
        }

    def _tags(self, h: _Handler, _body: Any) -> None:
        name = self._tagged_model()
        entry = {
            "name": name,
            "model": name,
            "modified_at": "2025-01-01T00:00:00Z",
            "size": 2_019_393_189,
            "digest": "0" * 64,
            "details": self._details(),
        }
        h.send_json(200, {"models": [entry]}, {})

    def _show(self, h: _Handler, body: Any) -> None:
        payload = {
            "license": "",
            "modelfile": f"FROM {self._tagged_model()}",
            "parameters": "",
            "template": "{{ .Prompt }}",
            "details": self._details(),
            "model_info": {"general.architecture": "llama", "llama.context_length": 131072},
            "capabilities": ["completion"],
            "modified_at": "2025-01-01T00:00:00Z",
        }
        h.send_json(200, payload, {})

    def _validate(self, h: _Handler, body: JsonDict) -> tuple[int, str] | None:
        return None if body.get("model") else (400, "model is required")

    def _wants_stream(self, body: JsonDict) -> bool:
        return body.get("stream") is not False

    def _chunk(self, body: JsonDict, content: str) -> JsonDict:
        return {
            "model": body["model"],
            "created_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "message": {"role": "assistant", "content": content},
            "done": False,
        }

    def _complete(self, body: JsonDict, text: str) -> JsonDict:
        prompt_tokens = max(1, estimate_tokens(prompt_text(body)))
        output_tokens = estimate_tokens(text)
        # Durations (ns) follow from the counts so that responses stay deterministic.
        load, prompt_ns, eval_ns = 1_000_000, prompt_tokens * 1_000_000, output_tokens * 10_000_000
        return {
            **self._chunk(body, text),
            "done": True,
            "done_reason": "stop",
            "total_duration": load + prompt_ns + eval_ns,
            "load_duration": load,
            "prompt_eval_count": prompt_tokens,
            "prompt_eval_duration": prompt_ns,
            "eval_count": output_tokens,
            "eval_duration": eval_ns,
        }

    def _stream_payloads(self, body: JsonDict, text: str) -> list[JsonDict]:
        pieces = [self._chunk(body, piece) for piece in split_deltas(text)]
        final = {**self._complete(body, text), "message": {"role": "assistant", "content": ""}}
        return [*pieces, final]

    def _frame(self, payload: JsonDict, data: str) -> bytes:
        return f"{data}\n".encode()

    def _error_body(self, status: int, message: str | None) -> JsonDict:
        return {"error": message or f"fake error (HTTP {status})"}
