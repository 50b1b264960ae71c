"""Fitting the best passages into the prompt's token budget."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..retrieval.chunking import split_sentences
from ..retrieval.results import SearchResult
from .prompts import render_source

TokenCounter = Callable[[list[str]], list[int]]


@dataclass(frozen=True)
class ContextSource:
    number: int
    result: SearchResult
    text: str  # possibly shortened at a sentence boundary


def build_context(
    results: list[SearchResult], count_tokens: TokenCounter, budget: int
) -> list[ContextSource]:
    """Number the results [1..n] in rank order and keep as many as fit in ``budget`` tokens.

    Lower-ranked passages are dropped whole first; the last one kept may be cut, but only
    at a sentence boundary (never mid-sentence), and only if at least one sentence fits.
    """
    kept: list[ContextSource] = []
    used = 0
    for result in results:
        number = len(kept) + 1
        chunk = result.chunk
        rendered = render_source(number, chunk.title, chunk.updated.isoformat(), chunk.text)
        cost = count_tokens([rendered])[0]
        if used + cost <= budget:
            kept.append(ContextSource(number, result, chunk.text))
            used += cost
            continue
        shortened = _fit_sentences(
            chunk.text, budget - used - (cost - _tokens(chunk.text, count_tokens)), count_tokens
        )
        if shortened:
            kept.append(ContextSource(number, result, shortened))
        break
    return kept


def _tokens(text: str, count_tokens: TokenCounter) -> int:
    return count_tokens([text])[0]


def _fit_sentences(text: str, room: int, count_tokens: TokenCounter) -> str:
    if room <= 0:
        return ""
    sentences = split_sentences(text)
    kept: list[str] = []
    used = 0
    for sentence, tokens in zip(sentences, count_tokens(sentences), strict=True):
        if used + tokens + 1 > room:
            break
        kept.append(sentence)
        used += tokens + 1
    return " ".join(kept)
