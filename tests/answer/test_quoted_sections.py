"""A quote from another section of a found page is cited as that section."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.context import ContextSource
from kb_slackbot.answer.pieces import Pick
from kb_slackbot.answer.quoted_sections import cite_quoted_sections, with_quoted_sections
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult


def _chunk(index: int, section: str, text: str, line: int) -> Chunk:
    return Chunk(
        f"leave#{index}",
        "hr/leave.md",
        index,
        text,
        "Annual leave",
        "https://x/hr/leave",
        (section,),
        date(2026, 1, 1),
        "public",
        start_line=line,
        end_line=line + 4,
    )


PAGE = [
    _chunk(0, "Requesting leave", "1. Open PeopleDesk.\n2. Pick the dates.", 10),
    _chunk(1, "Requesting leave", "3. Submit the request in good time.\n4. Wait.", 14),
    _chunk(2, "Sickness during leave", "If you fall ill during your leave, tell your manager.", 30),
]


def _context() -> list[ContextSource]:
    return [ContextSource(1, SearchResult(PAGE[2], 0.6), PAGE[2].text)]


def _pick(text: str, section: str) -> Pick:
    heading = f"Annual leave › {section}"
    return Pick(1, Unit("steps", text, heading), 0.4, heading)


def _cited(picks: list[Pick]) -> Chunk:
    (source,) = cite_quoted_sections(_context(), picks, lambda doc: PAGE if doc else [])
    return source.result.chunk


def test_steps_from_another_section_are_cited_as_that_section():
    chunk = _cited([_pick("3. Submit the request in good time.", "Requesting leave")])
    assert chunk.headings == ("Requesting leave",)
    assert chunk.start_line == 14  # the chunk that holds the quote, not only its section


def test_a_quote_reworded_for_display_is_cited_at_its_section_start():
    chunk = _cited([_pick("*Requesting leave*\n1. Open PeopleDesk.", "Requesting leave")])
    assert (chunk.headings, chunk.start_line) == (("Requesting leave",), 10)


def test_a_source_quoted_from_its_own_or_from_several_sections_stays_as_found():
    own = _pick("If you fall ill during your leave, tell your manager.", "Sickness during leave")
    other = _pick("1. Open PeopleDesk.", "Requesting leave")
    assert _cited([own]) == PAGE[2]
    assert _cited([own, other]) == PAGE[2]
    assert _cited([Pick(1, other.unit, 0.4)]) == PAGE[2]  # a pick that names no section


def test_a_section_the_page_no_longer_has_leaves_the_source_as_found():
    assert _cited([_pick("Anything.", "Removed section")]) == PAGE[2]
    gone = cite_quoted_sections(
        _context(), [_pick("1. Open PeopleDesk.", "Requesting leave")], lambda _doc: []
    )
    assert gone[0].result.chunk == PAGE[2]


def test_a_model_is_given_each_other_section_quoted_after_its_found_chunk():
    found = SearchResult(PAGE[2], 0.6)
    other = SearchResult(_chunk(9, "Other page", "Unrelated.", 1), 0.3)
    picks = [
        _pick("3. Submit the request in good time.", "Requesting leave"),
        _pick("1. Open PeopleDesk.", "Requesting leave"),  # the same section, given once
        _pick("If you fall ill during your leave, tell your manager.", "Sickness during leave"),
    ]
    given = with_quoted_sections([found, other], picks, lambda _doc: PAGE)
    assert [r.chunk for r in given] == [PAGE[2], PAGE[0], PAGE[1], other.chunk]  # whole
    assert given[1].score == found.score
    # nothing quoted from another section: the results as found
    assert with_quoted_sections([found, other], picks[2:], lambda _doc: PAGE) == [found, other]
