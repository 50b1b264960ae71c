"""Found chunks become the reader's passages: a section split into chunks is read whole."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.passages import MAX_SECTION_CHARS, reader_passages
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult

TABLE = "| Code | Meaning |\n| --- | --- |\n" + "\n".join(
    f"| PW-10{i:02d} | meaning {i} |" for i in range(40)
)


def _result(doc: str, index: int, text: str, headings: tuple[str, ...], score: float):
    chunk = Chunk(
        f"{doc}#{index}",
        doc,
        index,
        text,
        "Error codes",
        f"https://x/{doc}",
        headings,
        date(2026, 1, 1),
        "public",
    )
    return SearchResult(chunk, score)


def _sections(sections):
    return lambda doc: sections[doc]


def test_a_section_split_into_chunks_is_read_whole_once_at_its_best_rank():
    first, second = TABLE[: len(TABLE) // 2], TABLE[len(TABLE) // 2 :]
    results = [
        _result("errors", 0, first, ("Codes",), 0.8),
        _result("errors", 2, "Retry after a 5xx.", ("Retries",), 0.5),
        _result("errors", 1, second, ("Codes",), 0.3),
    ]
    sections = {"errors": {(("Codes",), None): TABLE, (("Retries",), None): "Retry after a 5xx."}}
    passages = reader_passages(results, _sections(sections))
    assert [p.number for p in passages] == [1, 2]
    assert passages[0].text == TABLE and passages[0].relevance == 0.8
    assert "PW-1030" in passages[0].text  # the row from the lower-ranked chunk
    assert passages[0].heading == "Error codes › Codes"
    assert passages[0].page_sections == (("Error codes › Retries", "Retry after a 5xx."),)


def test_a_very_long_section_is_read_chunk_by_chunk():
    huge = "A long section. " * (MAX_SECTION_CHARS // 10)
    results = [
        _result("big", 0, huge[:2000], ("Intro",), 0.9),
        _result("big", 1, huge[2000:4000], ("Intro",), 0.4),
    ]
    passages = reader_passages(results, _sections({"big": {(("Intro",), None): huge}}))
    assert [p.text for p in passages] == [huge[:2000], huge[2000:4000]]
    assert passages[1].section == huge


def test_a_chunk_without_a_known_section_is_read_as_it_is():
    results = [_result("x", 0, "Only this.", ("Gone",), 0.7)]
    (passage,) = reader_passages(results, _sections({"x": {}}))
    assert passage.text == "Only this." and passage.page_sections == ()
