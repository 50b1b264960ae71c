"""Search results to hand the answer code in unit tests: a found chunk of a named page."""

from __future__ import annotations

from datetime import date

from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult


def found(doc: str, index: int = 0, score: float = 0.5) -> SearchResult:
    """Chunk ``index`` of page ``doc`` (titled ``doc.title()``), found at ``score``."""
    chunk = Chunk(
        f"{doc}#{index}",
        doc,
        index,
        "text",
        doc.title(),
        f"https://x/{doc}",
        (),
        date(2026, 1, 1),
        "public",
    )
    return SearchResult(chunk, score)
