"""``FakeSlack``: a loopback fake of Slack that speaks the real wire protocols.

It runs two servers on 127.0.0.1 (ephemeral ports):

* an HTTP server for the Web API (``/api/<method>``, see web_api.py) and for
  ``response_url`` callbacks (``/response/<name>``);
* a WebSocket server for Socket Mode (``/link/?ticket=...``, see socket_mode.py).

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

Each fake has its own clock and ids (``fake.payloads`` builds what it sends), so fakes
running side by side share nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

from .dispatch import ApiCall, ApiDispatch
from .http import FakeHttpServer, HttpHandler
from .payloads import Payloads
from .socket_mode import SocketMode
from .web_api import WebApi
from .workspace import Ids, JsonDict, TsClock, channel_info, ts_micros, user_info


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
        self._cond = threading.Condition()
        self.clock = TsClock()
        self.ids = Ids()
        self.payloads = Payloads(self.clock, self.ids)
        self._socket = SocketMode(self._cond, ws_ping_interval, ws_close_timeout)
        self._api = WebApi(self._cond, self.clock, self.ids, self._socket.new_url)
        self._dispatch = ApiDispatch(self._cond, self._api, self.invalid_tokens)
        self._calls = self._dispatch.calls  # guarded by the shared condition
        self._responses: list[tuple[str, Any]] = []
        self._http: FakeHttpServer | None = None
        self._threads: list[threading.Thread] = []

    # -- lifecycle ---------------------------------------------------------

    def start(self) -> FakeSlack:
        self._http = FakeHttpServer(self._handle_http)
        http = threading.Thread(target=self._serve_http, name="fake-slack-http", daemon=True)
        http.start()
        self._threads = [http, self._socket.start()]
        return self

    def _serve_http(self) -> None:
        assert self._http is not None
        self._http.serve_forever(poll_interval=0.05)  # the default 0.5 s slows every stop()

    def stop(self) -> None:
        self._socket.stop()
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads.clear()
        self._http = None

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
                (dict(m) for m in self._api.messages.get(channel, [])),
                key=lambda m: ts_micros(m["ts"]),
            )

    def reactions(self, channel: str, ts: str) -> list[str]:
        with self._cond:
            return list(self._api.reactions.get((channel, ts), []))

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
        self._dispatch.fail_next(
            method, error=error, status=status, retry_after=retry_after, times=times
        )

    def seed_thread(
        self, channel: str, thread_ts: str, messages: Iterable[JsonDict | str]
    ) -> list[JsonDict]:
        """Store a thread so ``conversations.replies`` returns it.

        Each message is a dict (``text``, ``user`` ... as Slack returns them) or a
        plain text.  The first one without ``ts`` becomes the parent (``ts ==
        thread_ts``); later ones without ``ts`` get fresh, later timestamps.
        """
        return self._api.seed_thread(channel, thread_ts, messages)

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
        info = channel_info(
            channel, name=name, is_private=is_private, is_im=is_im, is_ext_shared=is_ext_shared
        )
        info.update(extra)
        with self._cond:
            self._api.channels[channel] = info

    def set_usergroup(self, usergroup: str, users: Iterable[str]) -> None:
        with self._cond:
            self._api.usergroups[usergroup] = list(users)

    def set_user(self, user_id: str, **fields: Any) -> None:
        """Override fields of ``users.info`` for ``user_id`` (e.g. ``is_bot=True``)."""
        info = user_info(user_id)
        info.update(fields)
        with self._cond:
            self._api.users[user_id] = info

    # -- Socket Mode -------------------------------------------------------

    @property
    def connections_opened(self) -> int:
        """How many WebSocket sessions completed the handshake so far."""
        return self._socket.connections_opened

    @property
    def open_connections(self) -> int:
        return self._socket.open_connections

    @property
    def ack_latencies(self) -> list[float]:
        return self._socket.ack_latencies

    def wait_connected(self, timeout: float = 10, *, total: int = 1) -> None:
        """Wait until ``total`` sessions were ever opened and one is open now."""
        self._socket.wait_connected(timeout, total=total)

    def send_envelope(self, type: str, payload: JsonDict, **options: Any) -> str:
        """Deliver an envelope (``events_api``, ``slash_commands``, ``interactive``).

        Like Slack, each envelope goes to one connection (the newest) unless
        ``to_all``.  Waits up to ``connect_timeout`` for a connection.  Options:
        ``retry_attempt``, ``retry_reason``, ``accepts_response_payload``, ``to_all``,
        ``connect_timeout``.  Returns the envelope_id to pass to ``wait_ack``.
        """
        return self._socket.send_envelope(type, payload, **options)

    def wait_ack(self, envelope_id: str, timeout: float = 5) -> JsonDict:
        """Return the ack (``{"envelope_id", "payload"?}``) the client sent."""
        return self._socket.wait_ack(envelope_id, timeout)

    def send_disconnect(self, reason: str = "refresh_requested") -> None:
        """Send Slack's ``disconnect`` message; the client reconnects right away."""
        self._socket.send_disconnect(reason)

    def drop_socket_connections(self, code: int = 1001, reason: str = "going away") -> None:
        """Close every open session with a close frame (like a server restart).

        The builtin client reconnects via ``apps.connections.open`` when its
        monitor runs, i.e. within the handler's ``ping_interval``.
        """
        self._socket.drop_connections(code, reason)

    # -- HTTP dispatch -----------------------------------------------------

    def _handle_http(self, handler: HttpHandler, path: str, query: str, raw: bytes) -> None:
        if path.startswith("/response/"):
            self._handle_response_url(path.removeprefix("/response/"), handler, raw)
        elif path.startswith("/api/"):
            self._dispatch.handle(path.removeprefix("/api/"), query, handler, raw)
        else:
            handler.send_raw(HTTPStatus.NOT_FOUND, b"not found", "text/plain")

    def _handle_response_url(self, name: str, handler: HttpHandler, raw: bytes) -> None:
        body = handler.decoded_json(raw)
        with self._cond:
            self._responses.append((name, body))
            self._cond.notify_all()
        handler.send_raw(HTTPStatus.OK, b"ok", "text/html")
