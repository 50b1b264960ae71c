"""The one generation seam: the answer's text from a language model (prompts + provider) or,
when there is none or it fails, from the extractive reader's picks — the single "no LLM" path.

Either way the text is Markdown with [n] markers that point into the returned context.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..llm.base import LLMError, LLMProvider, Message, alternate
from ..retrieval.results import SearchResult
from . import prompts
from .context import ContextSource, TokenCounter, build_context
from .models import Turn, Usage
from .quoted_sections import ChunksOfPage, cite_quoted_sections, with_quoted_sections
from .reader import Reading

# Room kept free in the context budget for the chat format's own tokens.
_FORMAT_TOKENS = 64


@dataclass(frozen=True)
class GenerationConfig:
    context_tokens: int
    max_tokens: int
    temperature: float


@dataclass(frozen=True)
class Draft:
    text: str
    context: list[ContextSource]  # what the [n] markers point at
    used: list[ContextSource]  # what the text could have drawn on
    provider: str
    model: str
    usage: Usage
    ms: float
    error: str | None = None  # the model's failure, when the reader stood in for it


def draft(
    provider: LLMProvider | None,
    question: str,
    history: Sequence[Turn],
    results: list[SearchResult],
    reading: Reading,
    *,
    language: str,
    cautious: bool,
    count_tokens: TokenCounter,
    config: GenerationConfig,
    chunks_of: ChunksOfPage = lambda _doc_id: [],
) -> Draft:
    """``chunks_of``: a page's chunks, so the reader's quotes from another section of a found
    page are cited as that section, and a model is given those sections as well
    (quoted_sections.py)."""
    system = prompts.system_prompt(language, cautious)
    overhead = sum(count_tokens([system, question, *(t.content for t in history)]))
    budget = config.context_tokens - overhead - _FORMAT_TOKENS
    started = time.perf_counter()
    error: str | None = None
    if provider is not None:
        given = with_quoted_sections(results, reading.picks, chunks_of)
        context = build_context(given, count_tokens, budget)
        try:
            return _from_model(provider, system, question, history, context, config, started)
        except LLMError as exc:
            error = str(exc)
    context = build_context(results, count_tokens, budget)  # numbered as the reader's picks
    return _from_reader(
        reading, cite_quoted_sections(context, reading.picks, chunks_of), started, error
    )


def _from_model(
    provider: LLMProvider,
    system: str,
    question: str,
    history: Sequence[Turn],
    context: list[ContextSource],
    config: GenerationConfig,
    started: float,
) -> Draft:
    sources = [
        prompts.render_source(
            s.number, s.result.chunk.title, s.result.chunk.updated.isoformat(), s.text
        )
        for s in context
    ]
    turns = [Message(t.role, t.content) for t in history]
    generation = provider.generate(
        system,
        alternate([*turns, Message("user", prompts.user_message(question, sources))]),
        config.max_tokens,
        config.temperature,
    )
    return Draft(
        text=generation.text,
        context=context,
        used=context,
        provider=provider.name,
        model=provider.model,
        usage=Usage(
            prompt_tokens=generation.usage.prompt_tokens,
            completion_tokens=generation.usage.completion_tokens,
        ),
        ms=_ms_since(started),
    )


def _from_reader(
    reading: Reading, context: list[ContextSource], started: float, error: str | None
) -> Draft:
    # The reader's picks refer to the search results by position; so does the context.
    picked = {p.number for p in reading.picks}
    return Draft(
        text=reading.text(),
        context=context,
        used=[s for s in context if s.number in picked],
        provider="extractive",
        model="extractive",
        usage=Usage(),
        ms=_ms_since(started),
        error=error,
    )


def _ms_since(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
