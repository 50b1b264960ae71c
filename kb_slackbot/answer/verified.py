"""Experts' verified answers: what an expert wrote in Slack, saved as an answer of its own.

The SQLite record (KB_DATA_DIR/verified.sqlite3) is the truth: the question(s), the expert's
text, who verified it, when, for which space, and whether it is still in force. Every active
answer is also a Markdown file with front matter (KB_DATA_DIR/verified/<id>.md) — the same
file ``kb-slackbot verified export`` hands to a team for its real docs — and that folder is
ingested as its own source kind, so a verified answer is retrieved, ranked and access-checked
exactly like a page of its space.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

import structlog
import yaml

from ..private import private_dir, private_file

log = structlog.get_logger(__name__)

ACTIVE, RETIRED = "active", "retired"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS verified (
    answer_id TEXT PRIMARY KEY,
    questions TEXT NOT NULL,      -- JSON list, the first is the title
    text TEXT NOT NULL,
    expert TEXT NOT NULL,         -- Slack user id of who verified it last
    space TEXT NOT NULL,
    link TEXT NOT NULL,           -- the expert's message in Slack ('' when unknown)
    created_on TEXT NOT NULL,
    verified_on TEXT NOT NULL,
    status TEXT NOT NULL,
    review_asked_on TEXT          -- when the expert was last asked to review it
);
"""


@dataclass(frozen=True)
class VerifiedAnswer:
    answer_id: str
    questions: tuple[str, ...]
    text: str
    expert: str
    space: str
    link: str
    created_on: date
    verified_on: date
    status: str = ACTIVE
    review_asked_on: date | None = None

    @property
    def title(self) -> str:
        return self.questions[0]

    def expired(self, today: date, ttl_days: int) -> bool:
        """Past its review date: still shown, with the outdated warning, until reviewed."""
        return (today - self.verified_on).days >= ttl_days


def slack_link(team_url: str, channel: str, ts: str) -> str:
    """A message's permalink, built the way Slack builds it (no API call)."""
    return f"{team_url.rstrip('/')}/archives/{channel}/p{ts.replace('.', '')}"


class VerifiedStore:
    def __init__(self, path: Path, today: Callable[[], date] = date.today) -> None:
        self.path = path
        self.today = today
        private_file(path)
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10)
        db.row_factory = sqlite3.Row
        return db

    def add(
        self, questions: Iterable[str], text: str, expert: str, space: str, link: str = ""
    ) -> VerifiedAnswer:
        wordings = tuple(dict.fromkeys(q.strip() for q in questions if q.strip()))
        if not wordings or not text.strip():
            raise ValueError("a verified answer needs a question and an answer")
        today = self.today()
        answer = VerifiedAnswer(
            answer_id=uuid.uuid4().hex[:12],
            questions=wordings,
            text=text.strip(),
            expert=expert,
            space=space,
            link=link,
            created_on=today,
            verified_on=today,
        )
        with closing(self._connect()) as db, db:
            db.execute(
                "INSERT INTO verified VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    answer.answer_id,
                    _json(list(wordings)),
                    answer.text,
                    expert,
                    space,
                    link,
                    today.isoformat(),
                    today.isoformat(),
                    ACTIVE,
                    None,
                ),
            )
        log.info("verified_answer_saved", answer_id=answer.answer_id, space=space, expert=expert)
        return answer

    def get(self, answer_id: str) -> VerifiedAnswer | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT * FROM verified WHERE answer_id = ?", (answer_id,)).fetchone()
        return _from_row(row) if row else None

    def all(self, include_retired: bool = False) -> list[VerifiedAnswer]:
        query = "SELECT * FROM verified"
        if not include_retired:
            query += f" WHERE status = '{ACTIVE}'"
        with closing(self._connect()) as db:
            rows = db.execute(query + " ORDER BY created_on, answer_id").fetchall()
        return [_from_row(r) for r in rows]

    def reverify(
        self, answer_id: str, expert: str, text: str | None = None
    ) -> VerifiedAnswer | None:
        """Verified again today (optionally with new text); None if unknown or retired."""
        answer = self.get(answer_id)
        if answer is None or answer.status != ACTIVE:
            return None
        updated = replace(
            answer,
            text=(text or answer.text).strip(),
            expert=expert,
            verified_on=self.today(),
            review_asked_on=None,
        )
        with closing(self._connect()) as db, db:
            db.execute(
                "UPDATE verified SET text = ?, expert = ?, verified_on = ?, review_asked_on = NULL"
                " WHERE answer_id = ?",
                (updated.text, expert, updated.verified_on.isoformat(), answer_id),
            )
        log.info("verified_answer_reverified", answer_id=answer_id, expert=expert)
        return updated

    def retire(self, answer_id: str) -> bool:
        with closing(self._connect()) as db, db:
            cursor = db.execute(
                "UPDATE verified SET status = ? WHERE answer_id = ? AND status = ?",
                (RETIRED, answer_id, ACTIVE),
            )
        if cursor.rowcount:
            log.info("verified_answer_retired", answer_id=answer_id)
        return cursor.rowcount == 1

    def remove(self, answer_id: str) -> None:
        """Forget an answer that could not be indexed (retiring keeps the record)."""
        with closing(self._connect()) as db, db:
            db.execute("DELETE FROM verified WHERE answer_id = ?", (answer_id,))

    def claim_reviews(self, ttl_days: int) -> list[VerifiedAnswer]:
        """Active answers past their review date whose expert has not been asked since they
        were last verified; each is marked asked (once, across processes sharing the file)."""
        today = self.today()
        claimed = []
        for answer in self.all():
            if not answer.expired(today, ttl_days) or answer.review_asked_on is not None:
                continue
            with closing(self._connect()) as db, db:
                cursor = db.execute(
                    "UPDATE verified SET review_asked_on = ?"
                    " WHERE answer_id = ? AND review_asked_on IS NULL",
                    (today.isoformat(), answer.answer_id),
                )
            if cursor.rowcount:
                claimed.append(replace(answer, review_asked_on=today))
        return claimed


def to_markdown(answer: VerifiedAnswer) -> str:
    """The answer as a Markdown page with front matter (indexed, and what `export` writes)."""
    meta = {
        "title": answer.title,
        "space": answer.space,
        "updated": answer.verified_on.isoformat(),
        "verified_by": answer.expert,
        "verified_on": answer.verified_on.isoformat(),
        "questions": list(answer.questions),
        "status": answer.status,
        "id": answer.answer_id,
    }
    if answer.link:
        meta["url"] = answer.link
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False).strip()
    return f"---\n{front}\n---\n\n{answer.text}\n"


def write_folder(answers: Iterable[VerifiedAnswer], folder: Path) -> None:
    """Make ``folder`` hold exactly the given answers, one ``<id>.md`` each."""
    private_dir(folder)
    keep = set()
    for answer in answers:
        path = folder / f"{answer.answer_id}.md"
        keep.add(path.name)
        text = to_markdown(answer)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            private_file(path).write_text(text, encoding="utf-8")
    for path in folder.glob("*.md"):
        if path.name not in keep:
            path.unlink()


class VerifiedAnswers:
    """The store and the index kept in step: every change is written to the folder and the
    folder re-ingested (only what changed is embedded again; retired answers are pruned)."""

    def __init__(
        self, store: VerifiedStore, folder: Path, ingest: Callable[[Path], object]
    ) -> None:
        self.store = store
        self.folder = folder
        self._ingest = ingest
        self._lock = threading.Lock()  # one publish at a time in this process

    def publish(self) -> None:
        with self._lock:
            write_folder(self.store.all(), self.folder)
            self._ingest(self.folder)

    def add(
        self, questions: Iterable[str], text: str, expert: str, space: str, link: str = ""
    ) -> VerifiedAnswer:
        answer = self.store.add(questions, text, expert, space, link)
        try:
            self.publish()
        except Exception:
            self.store.remove(answer.answer_id)  # saved means indexed: all or nothing
            raise
        return answer

    def reverify(
        self, answer_id: str, expert: str, text: str | None = None
    ) -> VerifiedAnswer | None:
        answer = self.store.reverify(answer_id, expert, text)
        if answer is not None:
            self.publish()
        return answer

    def retire(self, answer_id: str) -> bool:
        retired = self.store.retire(answer_id)
        if retired:
            self.publish()
        return retired


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _from_row(row: sqlite3.Row) -> VerifiedAnswer:
    asked = row["review_asked_on"]
    return VerifiedAnswer(
        answer_id=row["answer_id"],
        questions=tuple(json.loads(row["questions"])),
        text=row["text"],
        expert=row["expert"],
        space=row["space"],
        link=row["link"],
        created_on=date.fromisoformat(row["created_on"]),
        verified_on=date.fromisoformat(row["verified_on"]),
        status=row["status"],
        review_asked_on=date.fromisoformat(asked) if asked else None,
    )
