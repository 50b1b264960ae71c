"""A "not found" reply and its "you might look at" pages (answer/compose.py)."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.compose import Composition, not_found
from kb_slackbot.settings import Settings
from tests.answer.found import found


def _near(doc: str, score: float, index: int = 0):
    return found(doc, index, score)


def _how(floor: float) -> Composition:
    return Composition("en", date(2026, 11, 27), 365, 180, floor)


def test_not_found_suggests_up_to_three_pages_at_or_above_the_floor_once_each():
    near = [
        _near("vpn", 0.42),
        _near("vpn", 0.30, index=3),  # the same page again
        _near("wifi", 0.12),
        _near("printing", 0.10),
        _near("badges", 0.09),  # below the floor
        _near("parking", 0.11),  # a fourth page
    ]
    result = not_found({"query_id": "q", "question": "?"}, near, _how(0.1))
    assert result.status == "not_found" and result.sources == []
    assert [s.doc_id for s in result.suggestions] == ["vpn", "wifi", "printing"]
    assert [s.number for s in result.suggestions] == [1, 2, 3]


def test_the_default_floor_is_the_measured_one():
    # benchmarks/fit_reader.py, "Not found": 0.1 suggests the answer's page for more of the
    # questions abstained on than 0.2, for about half a link more.
    assert Settings(_env_file=None).suggestion_floor == 0.1
    result = not_found({"query_id": "q", "question": "?"}, [_near("wifi", 0.15)], _how(0.1))
    assert [s.doc_id for s in result.suggestions] == ["wifi"]
    assert (
        not_found({"query_id": "q", "question": "?"}, [_near("wifi", 0.15)], _how(0.2)).suggestions
        == []
    )
