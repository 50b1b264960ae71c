"""The found chunks as the reader reads them: whole sections, with their page's other sections.

A section the index split into chunks (a long table, a long list of steps) is read whole, once,
at its best chunk's relevance and number. Read chunk by chunk, its rows competed across chunks
whose relevance differed by where the split fell, not by what they say: "PW-1030" lost to
PW-1010's row because the table's first half ranked higher.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..retrieval.results import SearchResult
from .reader import Passage

# (headings, pdf page) → the section's Markdown, for one page (HybridSearcher.page_sections)
SectionLookup = Callable[[str], dict[tuple, str]]
MAX_SECTION_CHARS = 12_000  # a longer section is read chunk by chunk


def reader_passages(results: Sequence[SearchResult], sections_of: SectionLookup) -> list[Passage]:
    """One passage per section found (in rank order), numbered by its best chunk's rank."""
    passages = []
    pages: dict[str, dict] = {}  # doc id → its sections, looked up once per page
    read: set[tuple] = set()  # sections already read whole
    for number, result in enumerate(results, start=1):
        chunk = result.chunk
        if chunk.doc_id not in pages:
            pages[chunk.doc_id] = sections_of(chunk.doc_id)
        sections = pages[chunk.doc_id]
        key = (chunk.doc_id, chunk.headings, chunk.page)
        section = sections.get(key[1:], chunk.text)
        whole = len(section) <= MAX_SECTION_CHARS
        if whole and key in read:
            continue
        read.add(key)
        passages.append(
            Passage(
                number=number,
                text=section if whole else chunk.text,
                heading=chunk.section_path,
                relevance=result.score,
                section=section,
                cross_language=result.cross_language,
                # … including the rest of its own section on the PDF's other pages: a table
                # that runs on past a page break is one table, wherever the break fell.
                page_sections=tuple(
                    (" › ".join((chunk.title, *headings)), text)
                    for (headings, page), text in sections.items()
                    if (headings, page) != key[1:]
                ),
            )
        )
    return passages
