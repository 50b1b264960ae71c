"""The answer journal: questions of a process that died are adopted by a live one, once."""

from __future__ import annotations

import subprocess
import sys
import time

from kb_slackbot.slack.journal import AnswerJournal
from tests.slack.dead_process import kill, start_owner


def test_answered_questions_leave_the_journal(tmp_path):
    journal = AnswerJournal(tmp_path / "j.sqlite3")
    first = journal.add({"kind": "thread", "question": "a"})
    journal.add({"kind": "thread", "question": "b"})
    journal.done(first)
    assert journal.pending_count() == 1
    assert journal.take_orphans(limit=10).to_answer == []  # its own, still alive


def test_a_live_owners_questions_are_not_taken_but_a_killed_ones_are_at_once(tmp_path):
    path = tmp_path / "j.sqlite3"
    owner = start_owner(path)
    survivor = AnswerJournal(path)
    try:
        assert survivor.take_orphans(limit=10).to_answer == []
    finally:
        kill(owner)
    orphans = survivor.take_orphans(limit=10)  # same host, pid gone: no lease wait
    assert [o.spec["question"] for o in orphans.to_answer] == ["left behind"]
    assert orphans.to_answer[0].attempts == 1
    # Taken means owned: neither the taker nor another live process answers it again.
    assert survivor.take_orphans(limit=10).to_answer == []
    assert other_process_takes(path) == 0


def other_process_takes(path) -> int:
    script = (
        "import sys; from pathlib import Path; from kb_slackbot.slack.journal import AnswerJournal;"
        "print(len(AnswerJournal(Path(sys.argv[1])).take_orphans(limit=10).to_answer))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


def test_an_owner_that_stops_renewing_its_lease_loses_its_questions(tmp_path):
    path = tmp_path / "j.sqlite3"
    owner = start_owner(path, lease_s=0.3)
    try:
        survivor = AnswerJournal(path, lease_s=0.3)
        assert survivor.take_orphans(limit=10).to_answer == []
        time.sleep(0.6)  # alive but silent (hung, or on another host): the lease lapses
        assert len(survivor.take_orphans(limit=10).to_answer) == 1
    finally:
        kill(owner)


def test_limit_leaves_the_rest_for_a_later_turn(tmp_path):
    path = tmp_path / "j.sqlite3"
    kill(start_owner(path))
    kill(start_owner(path))
    survivor = AnswerJournal(path)
    first = survivor.take_orphans(limit=0)
    assert first.to_answer == [] and first.to_give_up == []
    assert len(survivor.take_orphans(limit=1).to_answer) == 1
    assert len(survivor.take_orphans(limit=5).to_answer) == 1


def test_released_question_is_taken_again_without_counting_an_attempt(tmp_path):
    path = tmp_path / "j.sqlite3"
    kill(start_owner(path))
    survivor = AnswerJournal(path)
    (taken,) = survivor.take_orphans(limit=1).to_answer
    survivor.release(taken.id)
    (again,) = AnswerJournal(path).take_orphans(limit=1).to_answer
    assert again.id == taken.id and again.attempts == taken.attempts


def test_a_question_that_keeps_killing_the_bot_is_given_up(tmp_path):
    path = tmp_path / "j.sqlite3"
    kill(start_owner(path))
    for _ in range(2):  # each adopter dies in turn (simulated by a fresh token, same pid)
        assert len(AnswerJournal(path, max_attempts=3).take_orphans(limit=5).to_answer) == 1
    orphans = AnswerJournal(path, max_attempts=3).take_orphans(limit=5)
    assert orphans.to_answer == [] and len(orphans.to_give_up) == 1


def test_too_old_questions_are_given_up(tmp_path):
    path = tmp_path / "j.sqlite3"
    kill(start_owner(path))
    time.sleep(0.2)
    orphans = AnswerJournal(path, max_age_s=0.1).take_orphans(limit=5)
    assert orphans.to_answer == [] and len(orphans.to_give_up) == 1
