"""Every answered question, in SQLite: the history that feedback and audits attach to.

WAL mode lets several worker processes share one file; each call opens its own short-lived
connection, so the log is safe to use from any thread. The file is private (0600); entries
older than the retention period are deleted at start-up and then every hour, and overwritten
on disk (secure_delete). ``enabled=False`` (KB_QUERY_LOG=off) keeps nothing at all.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path

import structlog

from ..private import private_file
from .models import AnswerResult, Asker

log = structlog.get_logger(__name__)
PURGE_INTERVAL_S = 3600.0
# A gap: a question that found no answer or got a 👎, and that no verified answer closed yet.
_UNANSWERED = "(status = 'not_found' OR feedback = 'not_helpful') AND resolved_by IS NULL"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS queries (
    query_id TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    question TEXT NOT NULL,
    status TEXT NOT NULL,
    provider TEXT,
    model TEXT,
    confidence TEXT,
    language TEXT,
    timings TEXT,
    usage TEXT,
    sources TEXT,
    spaces TEXT,
    warnings TEXT,
    error TEXT,
    context TEXT,
    feedback TEXT,
    feedback_reason TEXT,
    feedback_user TEXT,
    result TEXT,
    resolved_by TEXT,   -- the verified answer that now answers it (the gap is closed)
    notified_at REAL    -- when the asker was told an answer exists (once)
);
CREATE INDEX IF NOT EXISTS queries_created ON queries (created_at);
CREATE TABLE IF NOT EXISTS schedule (name TEXT PRIMARY KEY, last REAL NOT NULL);
"""


@dataclass(frozen=True)
class Restricted:
    """An answer that cited pages outside the public space."""

    query_id: str
    created_at: float
    question: str
    spaces_searched: list[str] | None  # None: all
    restricted_spaces: list[str]
    pages: list[str]  # titles of the restricted pages cited


class QueryLog:
    def __init__(self, path: Path, retention_days: int = 90, enabled: bool = True) -> None:
        self.path = path
        self.retention_s = retention_days * 86400
        self.enabled = enabled
        if not enabled:
            return
        private_file(path)
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            # Logs written by an older version lack newer columns; add them in place.
            have = {row[1] for row in db.execute("PRAGMA table_info(queries)")}
            for column, kind in (
                ("result", "TEXT"),
                ("resolved_by", "TEXT"),
                ("notified_at", "REAL"),
            ):
                if column not in have:
                    db.execute(f"ALTER TABLE queries ADD COLUMN {column} {kind}")
            # An expert's thread reply looks up the thread's questions (slack/verify.py).
            db.execute(
                "CREATE INDEX IF NOT EXISTS queries_thread ON queries"
                " (json_extract(context, '$.thread_ts'))"
            )
        self.purge()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA secure_delete=ON")  # deleted questions do not linger in free pages
        return db

    def purge(self) -> int:
        """Delete entries older than the retention period; returns how many went."""
        if not self.enabled:
            return 0
        with closing(self._connect()) as db, db:
            cursor = db.execute(
                "DELETE FROM queries WHERE created_at < ?", (time.time() - self.retention_s,)
            )
        if cursor.rowcount:
            log.info("query_log_purged", entries=cursor.rowcount)
        return cursor.rowcount

    def purge_periodically(self, interval_s: float = PURGE_INTERVAL_S) -> threading.Event:
        """Apply the retention every ``interval_s`` in a background thread; set to stop."""
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(interval_s):
                try:
                    self.purge()
                except sqlite3.Error as exc:
                    log.error("query_log_purge_failed", error=str(exc))

        threading.Thread(target=loop, name="kb-query-log-retention", daemon=True).start()
        return stop

    def record(self, result: AnswerResult, error: str | None = None, asker: Asker | None = None):
        if not self.enabled:
            return
        sources = [
            {"title": s.title, "url": s.url, "space": s.space, "doc_id": s.doc_id}
            for s in result.sources
        ]
        with closing(self._connect()) as db, db:
            db.execute(
                "INSERT OR REPLACE INTO queries (query_id, created_at, question, status, provider,"
                " model, confidence, language, timings, usage, sources, spaces, warnings, error,"
                " context, result) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    result.query_id,
                    time.time(),
                    result.question,
                    result.status,
                    result.provider,
                    result.model,
                    result.confidence,
                    result.language,
                    json.dumps(result.timings_ms),
                    result.usage.model_dump_json(),
                    json.dumps(sources, ensure_ascii=False),
                    json.dumps(result.spaces),
                    json.dumps(result.warnings, ensure_ascii=False),
                    error,
                    json.dumps(asdict(asker) if asker else {}, ensure_ascii=False),
                    result.model_dump_json(),
                ),
            )

    def record_feedback(
        self, query_id: str, verdict: str, user: str, reason: str | None = None
    ) -> bool:
        if not self.enabled:
            return False
        with closing(self._connect()) as db, db:
            cursor = db.execute(
                "UPDATE queries SET feedback = ?, feedback_user = ?,"
                " feedback_reason = COALESCE(?, feedback_reason) WHERE query_id = ?",
                (verdict, user, reason, query_id),
            )
            return cursor.rowcount == 1

    def get(self, query_id: str) -> dict | None:
        if not self.enabled:
            return None
        with closing(self._connect()) as db:
            row = db.execute("SELECT * FROM queries WHERE query_id = ?", (query_id,)).fetchone()
        return dict(row) if row else None

    def result(self, query_id: str) -> AnswerResult | None:
        """The full answer as it was given (for sharing it later, from any worker)."""
        row = self.get(query_id)
        if not row or not row.get("result"):
            return None
        return AnswerResult.model_validate_json(row["result"])

    def since(self, timestamp: float) -> list[dict]:
        if not self.enabled:
            return []
        with closing(self._connect()) as db:
            rows = db.execute(
                "SELECT * FROM queries WHERE created_at >= ? ORDER BY created_at", (timestamp,)
            ).fetchall()
        return [dict(r) for r in rows]

    def due(self, name: str, every_s: float) -> bool:
        """True once per ``every_s`` for ``name`` across every process sharing the log (the
        weekly digest). The first call starts the clock: nothing is due on a first start."""
        if not self.enabled:
            return False
        now = time.time()
        with closing(self._connect()) as db, db:
            if db.execute("INSERT OR IGNORE INTO schedule VALUES (?, ?)", (name, now)).rowcount:
                return False
            cursor = db.execute(
                "UPDATE schedule SET last = ? WHERE name = ? AND last <= ?",
                (now, name, now - every_s),
            )
            return cursor.rowcount == 1

    def unanswered(self, timestamp: float) -> list[dict]:
        """Questions people asked since ``timestamp`` that found no answer or got a 👎 (the
        gap list's raw material); answers without an asker (`eval`, benchmarks) are left out."""
        if not self.enabled:
            return []
        with closing(self._connect()) as db:
            rows = db.execute(
                f"SELECT * FROM queries WHERE created_at >= ? AND {_UNANSWERED}"
                " AND json_extract(context, '$.user') IS NOT NULL ORDER BY created_at",
                (timestamp,),
            ).fetchall()
        return [dict(r) for r in rows]

    def in_thread(self, channel: str, thread_ts: str, unanswered: bool = False) -> list[dict]:
        """The questions the bot answered in one Slack thread, oldest first (``unanswered``:
        only those that are gaps, as :meth:`unanswered` counts them)."""
        if not self.enabled or not thread_ts:
            return []
        gaps_only = f" AND {_UNANSWERED}" if unanswered else ""
        with closing(self._connect()) as db:
            rows = db.execute(
                "SELECT * FROM queries WHERE json_extract(context, '$.channel') = ?"
                f" AND json_extract(context, '$.thread_ts') = ?{gaps_only} ORDER BY created_at",
                (channel, thread_ts),
            ).fetchall()
        return [dict(r) for r in rows]

    def resolve(self, query_ids: list[str], answer_id: str) -> int:
        """Close these gap questions: the verified answer ``answer_id`` answers them now."""
        if not self.enabled or not query_ids:
            return 0
        with closing(self._connect()) as db, db:
            cursor = db.executemany(
                "UPDATE queries SET resolved_by = ? WHERE query_id = ? AND resolved_by IS NULL",
                [(answer_id, q) for q in query_ids],
            )
        return cursor.rowcount

    def claim_notice(self, query_id: str) -> bool:
        """True once per question: whoever gets it tells the asker an answer exists now."""
        if not self.enabled:
            return False
        with closing(self._connect()) as db, db:
            cursor = db.execute(
                "UPDATE queries SET notified_at = ? WHERE query_id = ? AND notified_at IS NULL",
                (time.time(), query_id),
            )
        return cursor.rowcount == 1

    def restricted_answers(self, timestamp: float, public: str = "public") -> list[Restricted]:
        """Answers since ``timestamp`` that cited pages outside the ``public`` space (audit)."""
        found = []
        for row in self.since(timestamp):
            sources = json.loads(row["sources"] or "[]")
            private = [s for s in sources if s.get("space") != public]
            if private:
                found.append(
                    Restricted(
                        query_id=row["query_id"],
                        created_at=row["created_at"],
                        question=row["question"],
                        spaces_searched=json.loads(row["spaces"] or "null"),
                        restricted_spaces=sorted({s["space"] for s in private}),
                        pages=[s["title"] for s in private],
                    )
                )
        return found
