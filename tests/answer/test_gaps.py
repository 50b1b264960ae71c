"""The gap list: unanswered and 👎 questions from the query log, grouped by meaning with the
real retrieval embedding."""

from __future__ import annotations

import sqlite3
import time
from datetime import date

from kb_slackbot.answer.gaps import SIMILAR, Asked, NearMiss, gap_list, group
from kb_slackbot.answer.models import AnswerResult, Asker, Source
from kb_slackbot.answer.querylog import QueryLog


def _asked(question: str, user: str, at: float) -> Asked:
    return Asked(f"q{at}", question, at, user, "C1", "mention", "not_found", None)


def _page(title: str, space: str, score: float) -> Source:
    return Source(
        number=1, title=title, url=f"https://kb/{title}", updated=date(2026, 1, 1),
        space=space, score=score,
    )  # fmt: skip


def test_paraphrases_by_two_people_are_one_gap_and_other_questions_stay_apart(embedder):
    gaps = group(
        [
            _asked("vpn on ubuntu?", "U1", 1.0),
            _asked("what's the 401k match?", "U3", 2.0),
            _asked("how to set up VPN linux", "U2", 3.0),
            _asked("who won the company hackathon in 2019?", "U1", 4.0),
        ],
        embedder.embed_query,
    )
    assert gaps[0].questions == ["vpn on ubuntu?", "how to set up VPN linux"]
    assert gaps[0].askers == ["U1", "U2"] and (gaps[0].first, gaps[0].last) == (1.0, 3.0)
    assert sorted(len(g.asked) for g in gaps) == [1, 1, 2]


def test_a_question_joins_a_gap_only_if_close_to_every_wording_in_it():
    # Unit vectors: b is close to a and to c, but a and c are not close (no chaining).
    vectors = {"a": [1.0, 0.0], "b": [0.96, 0.28], "c": [0.85, 0.53]}
    gaps = group(
        [_asked(q, "U1", n) for n, q in enumerate("abc")],
        lambda q: vectors[q],
        similar=0.95,
    )
    assert sorted(g.questions for g in gaps) == [["a", "b"], ["c"]]
    assert 0.8 < SIMILAR < 1.0


def test_gap_list_reads_not_found_and_thumbs_down_from_the_log(tmp_path, embedder):
    log = QueryLog(tmp_path / "queries.sqlite3")
    alice, bob = Asker("U1", "C1", "mention"), Asker("U2", "D2", "dm")
    hr_page, public_page = _page("Salary bands", "hr", 0.6), _page("Benefits", "public", 0.4)
    missing = AnswerResult(
        query_id="nf", question="what's the 401k match?", answer="…", status="not_found",
        suggestions=[public_page, hr_page],
    )  # fmt: skip
    log.record(missing, asker=alice)
    again = missing.model_copy(update={"query_id": "nf2", "question": "company 401k matching?"})
    log.record(again, asker=bob)
    answered = AnswerResult(
        query_id="down", question="How do I set up the VPN on my Mac?", answer="…",
        sources=[_page("VPN", "public", 0.9)],
    )  # fmt: skip
    log.record(answered, asker=bob)
    log.record_feedback("down", "not_helpful", "U2", "the Mac steps are outdated")
    liked = answered.model_copy(update={"query_id": "up", "question": "where is the VPN portal?"})
    log.record(liked, asker=alice)
    log.record(missing.model_copy(update={"query_id": "eval"}))  # `eval`: no asker
    log.record(missing.model_copy(update={"query_id": "old", "question": "old?"}), asker=alice)
    with sqlite3.connect(log.path) as db:  # asked two hours ago: before --since
        db.execute(
            "UPDATE queries SET created_at = ? WHERE query_id = 'old'", (time.time() - 7200,)
        )

    gaps = gap_list(log, time.time() - 3600, embedder.embed_query)
    by_question = {g.question: g for g in gaps}
    assert set(by_question) == {"what's the 401k match?", "How do I set up the VPN on my Mac?"}
    k401 = by_question["what's the 401k match?"]
    assert [a.query_id for a in k401.asked] == ["nf", "nf2"]
    assert k401.askers == ["U1", "U2"] and k401.channels == ["C1", "D2"]
    # The best near miss is restricted: shown only where its space may be read.
    assert k401.near_miss() == NearMiss("Salary bands", "https://kb/Salary bands", "hr", 0.6)
    assert k401.near_miss({"public"}).title == "Benefits"
    vpn = by_question["How do I set up the VPN on my Mac?"]
    assert vpn.reasons == ["the Mac steps are outdated"] and vpn.near_miss().title == "VPN"
    assert vpn.asked[0].status == "answered"
    assert [g.question for g in gap_list(log, 0.0, embedder.embed_query)][-1] == "old?"


def test_no_query_log_no_gaps(tmp_path, embedder):
    log = QueryLog(tmp_path / "q.sqlite3", enabled=False)
    log.record(AnswerResult(query_id="x", question="?", answer="", status="not_found"))
    assert gap_list(log, 0.0, embedder.embed_query) == []
