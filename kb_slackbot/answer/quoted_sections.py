"""The reader's sources point at the section each quote was read from, and a language model
is given those sections too.

The reader also quotes other sections of a found page: a how-to's steps from the page's
"Linux" section when the introduction ranked, a figure from the page's table when its prose
ranked. Cited as the found chunk, the source read "Annual leave › Sickness during leave
(line 41)" beside the steps of "Requesting leave". Here such a source becomes the chunk of
the section quoted (same page, so the same space and permissions), with its own location.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..retrieval.documents import Chunk
from ..retrieval.results import SearchResult
from .context import ContextSource
from .pieces import Pick

ChunksOfPage = Callable[[str], list[Chunk]]


def cite_quoted_sections(
    context: Sequence[ContextSource], picks: Sequence[Pick], chunks_of: ChunksOfPage
) -> list[ContextSource]:
    """``context`` with each source whose picks all come from one other section of its page
    re-pointed at that section's chunk holding the quote (else its first chunk). A source
    quoted from its own section, or from several, stays as found."""
    out = []
    for source in context:
        found = source.result.chunk
        headings = {p.heading for p in picks if p.number == source.number}
        if len(headings) != 1 or "" in headings or found.section_path in headings:
            out.append(source)
            continue
        (heading,) = headings
        quotes = [p.unit.text for p in picks if p.number == source.number]
        chunk = _section_chunk(chunks_of(found.doc_id), heading, quotes)
        if chunk is None:
            out.append(source)
            continue
        out.append(replace(source, result=replace(source.result, chunk=chunk)))
    return out


def with_quoted_sections(
    results: Sequence[SearchResult], picks: Sequence[Pick], chunks_of: ChunksOfPage
) -> list[SearchResult]:
    """``results`` with, after each, the chunks of its page's *other* sections the reader
    quoted from, whole and in order (at its relevance): what a language model is given, so
    that it sees what the reader found — the address in the offices table when the São Paulo
    section ranked, the Linux section's steps when the page's introduction did. (The context
    budget still drops what does not fit, lowest first.)"""
    listed = {r.chunk.chunk_id for r in results}
    out: list[SearchResult] = []
    for number, result in enumerate(results, start=1):
        out.append(result)
        own = result.chunk.section_path
        headings = dict.fromkeys(p.heading for p in picks if p.number == number)
        others = [h for h in headings if h and h != own]
        page = chunks_of(result.chunk.doc_id) if others else []
        for chunk in (c for h in others for c in page if c.section_path == h):
            if chunk.chunk_id not in listed:
                listed.add(chunk.chunk_id)
                out.append(replace(result, chunk=chunk))
    return out


def _section_chunk(page: Sequence[Chunk], heading: str, quotes: Sequence[str]) -> Chunk | None:
    """The chunk of ``heading``'s section that holds the first quote's opening words."""
    section = [c for c in page if c.section_path == heading]
    if not section:
        return None
    opening = " ".join(quotes[0].split()[:6]) if quotes else ""
    holding = [c for c in section if opening and opening in " ".join(c.text.split())]
    return (holding or section)[0]
