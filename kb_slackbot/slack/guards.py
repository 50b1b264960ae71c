"""Exactly-once answering and fair use: event de-duplication and per-user rate limits."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import defaultdict, deque
from contextlib import closing
from pathlib import Path

from ..private import private_file


class EventDeduplicator:
    """Remembers delivered event ids in SQLite (WAL), shared by every worker process.

    Slack re-delivers an event it thinks was not acknowledged; the first delivery to claim
    its id wins, any later one (in this process or another) is dropped.
    """

    def __init__(self, path: Path, ttl_s: float = 3600.0) -> None:
        self.path = path
        self.ttl_s = ttl_s
        private_file(path)
        with closing(sqlite3.connect(path, timeout=10)) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, at REAL NOT NULL)")

    def claim(self, key: str) -> bool:
        """True the first time ``key`` is seen within the TTL, False afterwards."""
        now = time.time()
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            db.execute("DELETE FROM seen WHERE at < ?", (now - self.ttl_s,))
            cursor = db.execute("INSERT OR IGNORE INTO seen (key, at) VALUES (?, ?)", (key, now))
            return cursor.rowcount == 1


class RateLimiter:
    """At most ``limit`` questions per user in any ``window_s`` seconds (sliding window)."""

    def __init__(self, limit: int, window_s: float = 60.0, max_users: int = 10_000) -> None:
        self.limit = limit
        self.window_s = window_s
        self.max_users = max_users  # memory stays bounded however many people ask
        self._hits: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def allow(self, user: str) -> bool:
        now = time.monotonic()
        with self._lock:
            if user not in self._hits and len(self._hits) >= self.max_users:
                self._forget_idle(now)
            hits = self._hits[user]
            while hits and now - hits[0] > self.window_s:
                hits.popleft()
            if len(hits) >= self.limit:
                return False
            hits.append(now)
            return True

    def _forget_idle(self, now: float) -> None:
        idle = [u for u, hits in self._hits.items() if not hits or now - hits[-1] > self.window_s]
        for user in idle:
            del self._hits[user]

    def __len__(self) -> int:
        return len(self._hits)


def delivery_keys(body: dict, event: dict) -> tuple[str, str]:
    """The keys an event claims before it is answered: its delivery (a re-delivered event
    keeps its id) and its message — one message can arrive both as ``app_mention`` and as
    ``message.im``, and is answered once."""
    channel, ts = event.get("channel"), event.get("ts")
    delivery = body.get("event_id") or event.get("client_msg_id") or f"{channel}:{ts}"
    return str(delivery), f"msg:{channel}:{ts}"
