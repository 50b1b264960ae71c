"""Structure-aware chunking measured in the embedding model's own tokens.

Chunks never span two sections (heading path) or two PDF pages, so a citation points at one
place. Within a section, paragraphs are packed up to the token target; an oversized table is
split between rows with its header repeated, an oversized paragraph or list at sentence or
item boundaries, an oversized sentence at word boundaries. Consecutive chunks
of one section share a small overlap of whole sentences.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import groupby

from .documents import Block, Chunk, Document

TokenCounter = Callable[[list[str]], list[int]]
_SENTENCE_END = re.compile(
    # after ". ", "! ", "? " (not the "1. " of a numbered item), or before a list item
    r"(?<=[.!?。])(?<!^\d\.)(?<!^\d\d\.)\s+(?=[\"'(\[]?[A-ZÀ-ÖØ-Þ0-9])"
    r"|\n(?=\s*(?:[-*•]|\d+[.)])\s)",
    re.MULTILINE,
)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class _Unit:
    text: str
    tokens: int
    start_line: int | None
    end_line: int | None


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def content_hash(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()


def chunk_document(
    document: Document,
    count_tokens: TokenCounter,
    max_tokens: int,
    overlap_tokens: int,
) -> list[Chunk]:
    chunks: list[Chunk] = []
    for (headings, page), group in groupby(document.blocks, key=lambda b: (b.headings, b.page)):
        header_tokens = count_tokens([" › ".join((document.title, *headings))])[0] + 1
        budget = max(16, max_tokens - header_tokens)
        units = _units(list(group), count_tokens, budget)
        for window in _pack(units, budget, overlap_tokens):
            chunks.append(
                Chunk(
                    chunk_id="",  # assigned by the index, which knows the document version
                    doc_id=document.doc_id,
                    index=len(chunks),
                    text="\n\n".join(u.text for u in window),
                    title=document.title,
                    url=document.url,
                    headings=headings,
                    updated=document.updated,
                    space=document.space,
                    start_line=_first(u.start_line for u in window),
                    end_line=_last(u.end_line for u in window),
                    page=page,
                )
            )
    return chunks


def _units(blocks: list[Block], count_tokens: TokenCounter, budget: int) -> list[_Unit]:
    """Blocks that fit the budget stay whole; larger ones become sentences, then word runs."""
    units: list[_Unit] = []
    counts = count_tokens([b.text for b in blocks])
    for block, tokens in zip(blocks, counts, strict=True):
        if tokens <= budget:
            units.append(_Unit(block.text, tokens, block.start_line, block.end_line))
            continue
        if parts := _table_parts(block.text, count_tokens, budget):
            units.extend(_Unit(t, n, block.start_line, block.end_line) for t, n in parts)
            continue
        sentences = split_sentences(block.text)
        for sentence, sentence_tokens in zip(sentences, count_tokens(sentences), strict=True):
            pieces = (
                [(sentence, sentence_tokens)]
                if sentence_tokens <= budget
                else _word_runs(sentence, count_tokens, budget)
            )
            units.extend(_Unit(t, n, block.start_line, block.end_line) for t, n in pieces)
    return units


def _table_parts(
    text: str, count_tokens: TokenCounter, budget: int
) -> list[tuple[str, int]] | None:
    """An oversized Markdown table as smaller tables of whole rows, each under the header
    row: a row cut loose from its header ("| 35 days | Backup system |") means nothing to
    the reader or to the embedding. None when the block is not a table."""
    lines = text.splitlines()
    if len(lines) < 3 or not lines[0].lstrip().startswith("|") or not _TABLE_RULE.match(lines[1]):
        return None
    header = "\n".join(lines[:2])
    header_tokens, *row_tokens = count_tokens([header, *lines[2:]])
    parts: list[tuple[str, int]] = []
    rows: list[str] = []
    used = header_tokens
    for row, tokens in zip(lines[2:], row_tokens, strict=True):
        if rows and used + tokens + 1 > budget:
            parts.append(("\n".join([header, *rows]), used))
            rows, used = [], header_tokens
        rows.append(row)
        used += tokens + 1
    if rows:
        parts.append(("\n".join([header, *rows]), used))
    return parts


def _word_runs(text: str, count_tokens: TokenCounter, budget: int) -> list[tuple[str, int]]:
    """Split an over-long sentence between words so each run fits the budget."""
    words = text.split()
    counts = count_tokens(words)
    runs: list[tuple[str, int]] = []
    current: list[str] = []
    used = 0
    for word, tokens in zip(words, counts, strict=True):
        if current and used + tokens > budget:
            runs.append((" ".join(current), used))
            current, used = [], 0
        current.append(word)
        used += tokens
    if current:
        runs.append((" ".join(current), used))
    return runs


def _pack(units: list[_Unit], budget: int, overlap_tokens: int) -> Iterable[list[_Unit]]:
    window: list[_Unit] = []
    used = 0
    fresh = 0  # units in the window that no earlier chunk contained
    for unit in units:
        if window and used + unit.tokens > budget:
            yield window
            window = _tail(window, overlap_tokens, budget - unit.tokens)
            used = sum(u.tokens for u in window)
            fresh = 0
        window.append(unit)
        used += unit.tokens
        fresh += 1
    if window and fresh:
        yield window


def _tail(window: list[_Unit], overlap_tokens: int, room: int) -> list[_Unit]:
    """The last whole units of a chunk, up to the overlap size, carried into the next one."""
    tail: list[_Unit] = []
    used = 0
    for unit in reversed(window[1:]):
        if used + unit.tokens > min(overlap_tokens, room):
            break
        tail.insert(0, unit)
        used += unit.tokens
    return tail


def _first(values: Iterable[int | None]) -> int | None:
    return next((v for v in values if v is not None), None)


def _last(values: Iterable[int | None]) -> int | None:
    found = [v for v in values if v is not None]
    return found[-1] if found else None
