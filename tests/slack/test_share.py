"""The share rule: a private answer goes into a channel only if everyone there may read all
it could have drawn on (every passage given to the reader or model, every suggestion)."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.models import AnswerResult, Source
from kb_slackbot.slack.share import UNKNOWN, unreadable_spaces

PUBLIC = {"public"}


def _source(space: str) -> Source:
    return Source(
        number=1,
        title=f"{space} page",
        url="https://d.example/x",
        updated=date(2026, 1, 1),
        space=space,
    )


def _result(**fields) -> AnswerResult:
    return AnswerResult(query_id="q", question="q?", answer="text", **fields)


def test_an_uncited_answer_is_judged_by_what_reached_the_model():
    uncited = _result(spaces=["hr", "public"], context_spaces=["hr", "public"])
    assert unreadable_spaces(uncited, PUBLIC) == {"hr"}
    only_public_passages = _result(spaces=["hr", "public"], context_spaces=["public"])
    assert unreadable_spaces(only_public_passages, PUBLIC) == set()
    assert unreadable_spaces(uncited, {"public", "hr"}) == set()


def test_cited_sources_and_suggestions_count_too():
    cited = _result(spaces=["hr", "public"], context_spaces=["public"], sources=[_source("hr")])
    assert unreadable_spaces(cited, PUBLIC) == {"hr"}
    suggestion_only = _result(
        status="not_found", spaces=["finance", "public"], suggestions=[_source("finance")]
    )
    assert unreadable_spaces(suggestion_only, PUBLIC) == {"finance"}
    public_suggestion = _result(
        status="not_found", spaces=["finance", "public"], suggestions=[_source("public")]
    )
    assert unreadable_spaces(public_suggestion, PUBLIC) == set()


def test_an_answer_searched_within_the_channels_spaces_is_always_shareable():
    assert unreadable_spaces(_result(spaces=["public"]), PUBLIC) == set()


def test_an_answer_without_recorded_passages_counts_every_space_it_searched():
    """Log entries written before answers recorded their passages."""
    assert unreadable_spaces(_result(spaces=["hr", "public"]), PUBLIC) == {"hr"}
    assert unreadable_spaces(_result(spaces=None), PUBLIC) == {UNKNOWN}
    not_found = _result(status="not_found", spaces=["hr", "public"])
    assert unreadable_spaces(not_found, PUBLIC) == set()  # nothing reached a model
