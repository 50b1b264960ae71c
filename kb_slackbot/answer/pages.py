"""One citation per page: passages of the same page share one number and one source entry."""

from __future__ import annotations

import re

from ..retrieval.results import SearchResult

_MARKER = re.compile(r"\[(\d+)\]")


def merge_pages(text: str, cited: list[SearchResult]) -> tuple[str, list[SearchResult]]:
    """Renumber ``[n]`` (n = position in ``cited``, 1-based) so every page has one number.

    Returns the new text and one result per page, in order of first citation.
    """
    pages: list[SearchResult] = []
    number_of_page: dict[str, int] = {}
    renumber: dict[int, int] = {}
    for old, result in enumerate(cited, start=1):
        doc = result.chunk.doc_id
        if doc not in number_of_page:
            pages.append(result)
            number_of_page[doc] = len(pages)
        renumber[old] = number_of_page[doc]

    def replace(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return f"[{renumber.get(number, number)}]"

    text = _MARKER.sub(replace, text)
    text = re.sub(r"(\[\d+\])(?:\s*\1)+", r"\1", text)  # "[1] [1]" → "[1]"
    return text, pages
