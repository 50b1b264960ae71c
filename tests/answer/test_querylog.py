"""The query log: private files, retention at start-up and on a timer, and off when asked."""

from __future__ import annotations

import sqlite3
import stat
import time

from kb_slackbot.answer.models import AnswerResult
from kb_slackbot.answer.querylog import QueryLog


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _result(query_id: str) -> AnswerResult:
    return AnswerResult(query_id=query_id, question="How do I reset my password?", answer="…")


def _age(path, query_id: str, days: float) -> None:
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE queries SET created_at = ? WHERE query_id = ?",
            (time.time() - days * 86400, query_id),
        )


def test_the_log_and_its_folder_are_private(tmp_path):
    path = tmp_path / "data" / "queries.sqlite3"
    QueryLog(path).record(_result("q1"))
    assert _mode(path.parent) == 0o700
    for file in path.parent.iterdir():  # the database and SQLite's -wal and -shm files
        assert _mode(file) == 0o600, file


def test_a_log_left_world_readable_by_an_older_version_is_tightened(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    path = data / "queries.sqlite3"
    QueryLog(path).record(_result("q1"))
    path.chmod(0o644)
    data.chmod(0o755)
    assert QueryLog(path).get("q1")
    assert (_mode(data), _mode(path)) == (0o700, 0o600)


def test_old_entries_go_at_start_up(tmp_path):
    path = tmp_path / "queries.sqlite3"
    log = QueryLog(path, retention_days=30)
    log.record(_result("old"))
    log.record(_result("recent"))
    _age(path, "old", 31)
    _age(path, "recent", 29)
    reopened = QueryLog(path, retention_days=30)  # no answer written since
    assert reopened.get("old") is None
    assert reopened.get("recent") is not None


def test_old_entries_go_periodically_while_nothing_is_asked(tmp_path):
    path = tmp_path / "queries.sqlite3"
    log = QueryLog(path, retention_days=30)
    log.record(_result("old"))
    _age(path, "old", 31)
    stop = log.purge_periodically(interval_s=0.05)
    try:
        deadline = time.monotonic() + 5
        while log.get("old") is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert log.get("old") is None
    finally:
        stop.set()


def test_off_keeps_nothing(tmp_path):
    path = tmp_path / "data" / "queries.sqlite3"
    log = QueryLog(path, enabled=False)
    log.record(_result("q1"))
    assert not log.record_feedback("q1", "helpful", "U1")
    assert log.get("q1") is None and log.result("q1") is None and log.since(0) == []
    assert log.purge() == 0
    assert not path.parent.exists()


def test_a_schedule_is_due_once_per_period_across_processes(tmp_path):
    path = tmp_path / "queries.sqlite3"
    first, second = QueryLog(path), QueryLog(path)  # two processes sharing the data dir
    assert first.due("digest", 3600) is False  # the first call starts the clock
    assert second.due("digest", 3600) is False  # not a period yet
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schedule SET last = ?", (time.time() - 3601,))
    assert [first.due("digest", 3600), second.due("digest", 3600)] == [True, False]
    assert QueryLog(path, enabled=False).due("digest", 0) is False
