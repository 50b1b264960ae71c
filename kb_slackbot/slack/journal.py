"""A durable list of questions accepted but not yet answered, so that a crash loses none.

Slack is told "got it" before the answer exists (it wants an ack within 3 s), so from then
on the question lives only in this process. Each accepted question is written here first and
removed once its reply is delivered. Every bot process renews a lease while it lives; a
question whose owner has let its lease lapse (killed, OOM, host gone), or whose owner on this
host no longer exists, is taken over by a live process and answered then, replacing the same
"Searching…" placeholder, so the asker still gets exactly one reply.

SQLite in WAL mode, shared through the data directory by every process, like the event
de-duplication store.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..private import private_file

SCHEMA = """
CREATE TABLE IF NOT EXISTS pending (
    id INTEGER PRIMARY KEY,
    spec TEXT NOT NULL,
    owner TEXT NOT NULL,
    created_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS workers (
    token TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    seen_at REAL NOT NULL
);
"""


@dataclass(frozen=True)
class PendingAnswer:
    id: int
    spec: dict[str, Any]
    created_at: float
    attempts: int


@dataclass(frozen=True)
class Orphans:
    to_answer: list[PendingAnswer]
    to_give_up: list[PendingAnswer]  # too old, or crashed the bot too often


class AnswerJournal:
    def __init__(
        self,
        path: Path,
        lease_s: float = 30.0,
        max_age_s: float = 1800.0,
        max_attempts: int = 3,
    ) -> None:
        self.path = path
        self.lease_s = lease_s
        self.max_age_s = max_age_s  # Slack's response_url lives 30 minutes
        self.max_attempts = max_attempts  # a question that keeps killing the bot is dropped
        self.token = uuid.uuid4().hex
        self.host = socket.gethostname()
        private_file(path)  # questions and response urls
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        self.heartbeat()

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10, isolation_level=None)) as db:
            yield db

    def heartbeat(self) -> None:
        """Renew this process's lease (call well within ``lease_s``)."""
        now = time.time()
        with self._db() as db:
            db.execute(
                "INSERT INTO workers (token, host, pid, seen_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(token) DO UPDATE SET seen_at = excluded.seen_at",
                (self.token, self.host, os.getpid(), now),
            )
            db.execute("DELETE FROM workers WHERE seen_at < ?", (now - 86400,))

    def add(self, spec: dict[str, Any]) -> int:
        with self._db() as db:
            cursor = db.execute(
                "INSERT INTO pending (spec, owner, created_at) VALUES (?, ?, ?)",
                (json.dumps(spec, ensure_ascii=False), self.token, time.time()),
            )
            return int(cursor.lastrowid or 0)

    def done(self, job_id: int) -> None:
        with self._db() as db:
            db.execute("DELETE FROM pending WHERE id = ?", (job_id,))

    def release(self, job_id: int) -> None:
        """Give a taken question back, unattempted, for a later turn or another process."""
        with self._db() as db:
            db.execute(
                "UPDATE pending SET owner = '', attempts = attempts - 1 WHERE id = ?", (job_id,)
            )

    def pending_count(self) -> int:
        with self._db() as db:
            return int(db.execute("SELECT COUNT(*) FROM pending").fetchone()[0])

    def take_orphans(self, limit: int) -> Orphans:
        """Claim up to ``limit`` questions whose owner is gone; also those to give up on."""
        now = time.time()
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")  # two survivors must not both take the same question
            try:
                live = self._live_owners(db, now)
                rows = db.execute(
                    "SELECT id, spec, owner, created_at, attempts FROM pending ORDER BY id"
                ).fetchall()
                answer: list[PendingAnswer] = []
                give_up: list[PendingAnswer] = []
                for job_id, spec, owner, created_at, attempts in rows:
                    if owner in live:
                        continue
                    job = PendingAnswer(job_id, json.loads(spec), created_at, attempts)
                    if now - created_at > self.max_age_s or attempts >= self.max_attempts:
                        give_up.append(job)
                    elif len(answer) < limit:
                        answer.append(job)
                    else:
                        continue
                    db.execute(
                        "UPDATE pending SET owner = ?, attempts = attempts + 1 WHERE id = ?",
                        (self.token, job_id),
                    )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return Orphans(answer, give_up)

    def _live_owners(self, db: sqlite3.Connection, now: float) -> set[str]:
        live = {self.token}
        workers = db.execute("SELECT token, host, pid, seen_at FROM workers").fetchall()
        for token, host, pid, seen_at in workers:
            if now - seen_at > self.lease_s:
                continue
            if host == self.host and not _process_exists(pid, token == self.token):
                continue  # died on this host: no need to wait for its lease to lapse
            live.add(token)
        return live


def _process_exists(pid: int, is_me: bool) -> bool:
    if pid == os.getpid():
        return is_me  # our pid under another token: a previous process of ours (e.g. PID 1)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
