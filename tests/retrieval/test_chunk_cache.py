"""The chunk cache's per-chunk facts (language) as search sees them."""

from __future__ import annotations

from datetime import date

from kb_slackbot.retrieval.chunk_cache import ChunkCache
from kb_slackbot.retrieval.documents import Chunk

HOLIDAYS = (
    "| Date | Holiday |\n| --- | --- |\n"
    "| 1 January | Confraternização Universal |\n| 25 January | Aniversário de São Paulo |\n"
    "| 21 April | Tiradentes |\n| 7 September | Independência do Brasil |\n"
    "| 12 October | Nossa Senhora Aparecida |\n| 2 November | Finados |\n"
)


def _chunk(title: str, headings: tuple[str, ...], text: str) -> Chunk:
    return Chunk(
        chunk_id=f"{title}-0",
        doc_id=title,
        index=0,
        text=text,
        title=title,
        url="https://kb.example/x",
        headings=headings,
        updated=date(2026, 1, 5),
        space="public",
    )


def test_a_chunk_that_is_only_a_table_is_told_by_its_title_and_headings():
    """The São Paulo section of an English holiday calendar is a table of Portuguese names;
    it is not a page in another language (which would shift how its answers are judged)."""
    cache = ChunkCache(index=None)
    english = _chunk("Public holidays calendar 2026", ("São Paulo (Brazil)",), HOLIDAYS)
    assert cache.language_of(english) in ("en", None)  # None: unclear, never a mismatch
    portuguese = _chunk(
        "Feriados do escritório de São Paulo", ("Calendário de feriados",), HOLIDAYS
    )
    assert cache.language_of(portuguese) == "pt"
