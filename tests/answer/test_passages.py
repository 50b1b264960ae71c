"""Found chunks become the reader's passages: a section split into chunks is read whole."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.passages import MAX_SECTION_CHARS, reader_passages
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult

TABLE = "| Code | Meaning |\n| --- | --- |\n" + "\n".join(
    f"| PW-10{i:02d} | meaning {i} |" for i in range(40)
)


def _result(doc: str, index: int, text: str, headings: tuple[str, ...], score: float, page=None):
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
        page=page,
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


def test_a_section_continued_on_the_next_pdf_page_is_among_the_pages_sections():
    """A table that runs on past a PDF page break is kept per page (each cited at its own
    page), and each part is a section of the other's page: the reader lifts the first part's
    rows to the continuation's relevance when that part ranked (a chunk of page 1 found only
    at 0.13 no longer hides "Wiederholung: jährlich")."""
    part1 = "| Kurs | Wiederholung |\n| --- | --- |\n| Brandschutz | jährlich |"
    part2 = "| Kurs | Wiederholung |\n| --- | --- |\n| Erste Hilfe | alle 2 Jahre |"
    results = [
        _result("kiel", 5, part2, ("3. Unterweisungen",), 0.9, page=2),
        _result("kiel", 4, part1, ("3. Unterweisungen",), 0.13, page=1),
    ]
    sections = {
        "kiel": {
            (("3. Unterweisungen",), 1): part1,
            (("3. Unterweisungen",), 2): part2,
            (("4. Boot",), 2): "Ausfahrten bis Windstärke 5.",
        }
    }
    first, second = reader_passages(results, _sections(sections))
    heading = "Error codes › 3. Unterweisungen"
    assert first.page_sections == (
        (heading, part1),
        ("Error codes › 4. Boot", sections["kiel"][(("4. Boot",), 2)]),
    )
    assert (heading, part2) in second.page_sections and (heading, part1) not in second.page_sections
