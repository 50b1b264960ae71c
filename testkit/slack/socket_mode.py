"""Socket Mode: a WebSocket server handed out by ``apps.connections.open`` exactly like the
real ``wss://wss-primary.slack.com``; envelopes go out, acks come back and are timed."""

from __future__ import annotations

import json
import threading
import time
import uuid
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.sync.server import Server, ServerConnection, serve

from .workspace import APP_ID, JsonDict


class SocketMode:
    def __init__(
        self, cond: threading.Condition, ping_interval: float | None, close_timeout: float
    ) -> None:
        self._cond = cond
        self._ping_interval = ping_interval
        self._close_timeout = close_timeout
        self._tickets: set[str] = set()
        self._open: list[ServerConnection] = []
        self._opened_total = 0
        self._sent_at: dict[str, float] = {}
        self._acks: dict[str, JsonDict] = {}
        self.ack_latencies: list[float] = []
        self._server: Server | None = None
        self._port = 0

    # -- lifecycle -----------------------------------------------------------

    def start(self) -> threading.Thread:
        self._server = serve(
            self._session,
            "127.0.0.1",
            0,
            process_request=self._check_ticket,
            compression=None,
            ping_interval=self._ping_interval,
            close_timeout=self._close_timeout,
        )
        self._port = int(self._server.socket.getsockname()[1])
        thread = threading.Thread(
            target=self._server.serve_forever, name="fake-slack-ws", daemon=True
        )
        thread.start()
        return thread

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
        self._server = None

    def new_url(self) -> str:
        """A fresh ticketed URL (what ``apps.connections.open`` returns)."""
        if self._server is None:
            raise RuntimeError("FakeSlack is not started")
        ticket = uuid.uuid4().hex
        with self._cond:
            self._tickets.add(ticket)
        return f"ws://127.0.0.1:{self._port}/link/?ticket={ticket}&app_id={APP_ID}"

    # -- state ---------------------------------------------------------------

    @property
    def connections_opened(self) -> int:
        with self._cond:
            return self._opened_total

    @property
    def open_connections(self) -> int:
        with self._cond:
            return len(self._open)

    def wait_connected(self, timeout: float = 10, *, total: int = 1) -> None:
        with self._cond:
            ok = self._cond.wait_for(
                lambda: self._opened_total >= total and bool(self._open), timeout=timeout
            )
            state = (self._opened_total, len(self._open))
        if not ok:
            raise AssertionError(
                f"no socket-mode connection (wanted total>={total}); "
                f"opened={state[0]} open now={state[1]}"
            )

    # -- sending -------------------------------------------------------------

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
                targets = list(self._open) if to_all else self._open[-1:]
                self._sent_at[envelope_id] = time.monotonic()
            try:
                _send_to(targets, envelope)
                return envelope_id
            except ConnectionClosed:
                # The session died under us (dropped, process killed): like Slack, deliver
                # to the next connection instead.
                with self._cond:
                    for connection in targets:
                        if connection in self._open:
                            self._open.remove(connection)
                if time.monotonic() >= deadline:
                    raise

    def wait_ack(self, envelope_id: str, timeout: float = 5) -> JsonDict:
        with self._cond:
            if self._cond.wait_for(lambda: envelope_id in self._acks, timeout=timeout):
                return dict(self._acks[envelope_id])
            acked = list(self._acks)
        raise AssertionError(f"no ack for envelope {envelope_id} within {timeout}s; acked: {acked}")

    def send_disconnect(self, reason: str) -> None:
        message = {"type": "disconnect", "reason": reason, "debug_info": {"host": "applink-fake"}}
        with self._cond:
            targets = list(self._open)
        _send_to(targets, message)

    def drop_connections(self, code: int, reason: str) -> None:
        with self._cond:
            targets = list(self._open)
            self._open.clear()  # nothing more is sent on them, as on a restarting server
            self._cond.notify_all()
        for connection in targets:
            connection.close(code, reason)

    # -- server side ---------------------------------------------------------

    def _check_ticket(self, connection: ServerConnection, request: Request) -> Response | None:
        url = urlsplit(request.path)
        ticket = (parse_qs(url.query).get("ticket") or [""])[-1]
        with self._cond:
            known = ticket in self._tickets
        if url.path != "/link/" or not known:
            return connection.respond(HTTPStatus.UNAUTHORIZED, "invalid ticket\n")
        return None

    def _session(self, connection: ServerConnection) -> None:
        with self._cond:
            self._open.append(connection)
            self._opened_total += 1
            num_connections = len(self._open)
            self._cond.notify_all()
        try:
            connection.send(json.dumps(_hello(num_connections)))
            for message in connection:
                self._record_client_message(message)
        except ConnectionClosed:
            pass
        finally:
            with self._cond:
                if connection in self._open:
                    self._open.remove(connection)
                self._cond.notify_all()

    def _record_client_message(self, message: str | bytes) -> None:
        try:
            data: Any = json.loads(message)
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


def _send_to(targets: list[ServerConnection], message: JsonDict) -> None:
    if not targets:
        raise AssertionError("no open socket-mode connection to send to")
    text = json.dumps(message)
    for connection in targets:
        connection.send(text)


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
