"""The loopback HTTP server both fake LLM APIs run on: routing, scripted outcomes, recording.

One cohesive job at about 350 lines: the request handler, the scripted-outcome queue
and the streaming writer share the server's state and lock; split apart, each would reach
into the others' internals.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar, Literal, Self
from urllib.parse import urlsplit

from .wire import (
    DEFAULT_REPLY,
    JsonDict,
    RecordedRequest,
    ReplyHandler,
    format_seconds,
    parse_json,
)

Route = Callable[["_Handler", Any], None]


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

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hung up first (a timeout, a dropped stream) resets the connection the
        # handler still reads or writes: what those tests ask for, not a fault of the fake.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


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
        self.in_flight = 0  # generation requests being answered now …
        self.most_in_flight = 0  # … and the most at any moment (do calls overlap?)
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
        body = parse_json(raw)
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
        with self._lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            self._answer(h, body)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _answer(self, h: _Handler, body: Any) -> None:
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
            headers["retry-after"] = format_seconds(retry_after)
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
