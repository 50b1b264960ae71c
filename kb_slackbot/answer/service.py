"""The orchestrator: clean the question, retrieve, rerank, prompt, generate, cite, judge.

Slack-agnostic: the CLI, the Slack app and `eval` all call :meth:`AnswerService.answer`.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date

import structlog

from ..llm.base import Generation, LLMError, LLMProvider, Message, alternate
from ..llm.extractive import ExtractiveAnswerer, ExtractSource
from ..retrieval.search import HybridSearcher, SearchResult
from . import prompts
from .cache import AnswerCache
from .citations import map_citations
from .confidence import ConfidenceInputs, assess_confidence
from .context import ContextSource, TokenCounter, build_context
from .language import detect_language
from .messages import message
from .models import AnswerResult, Source, Usage
from .querylog import QueryLog
from .question import check_question

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class AnswerConfig:
    top_k: int = 5
    max_question_chars: int = 2000
    context_tokens: int = 8000
    outdated_after_days: int = 365
    min_relevance: float = 0.4
    low_confidence: float = 0.5
    max_tokens: int = 800
    temperature: float = 0.1
    suggestion_ratio: float = 0.75  # "you might look at" pages must score ≥ this × threshold


class AnswerService:
    def __init__(
        self,
        searcher: HybridSearcher,
        provider: LLMProvider | None,
        extractive: ExtractiveAnswerer,
        count_tokens: TokenCounter,
        config: AnswerConfig,
        query_log: QueryLog | None = None,
        cache: AnswerCache[AnswerResult] | None = None,
        today: Callable[[], date] = date.today,
        compute_slots: int = 0,
    ) -> None:
        # Searching and extracting are CPU-bound; waiting for the language model is not. Many
        # questions may wait on the model at once, but at most this many use the CPU (default:
        # one per core), so a burst neither thrashes the cores nor starves the acks.
        self._compute = threading.BoundedSemaphore(compute_slots or os.cpu_count() or 1)
        self.searcher = searcher
        self.provider = provider
        self.extractive = extractive
        self.count_tokens = count_tokens
        self.config = config
        self.query_log = query_log
        self.cache = cache
        self.today = today

    @property
    def provider_name(self) -> str:
        return self.provider.name if self.provider else "extractive"

    def answer(
        self,
        question: str,
        *,
        history: Sequence[Message] = (),
        spaces: Collection[str] | None = None,
    ) -> AnswerResult:
        started = time.perf_counter()
        query_id = uuid.uuid4().hex[:16]
        check = check_question(question, self.config.max_question_chars)
        if check.problem:
            text = message(
                check.problem, length=len(check.text), limit=self.config.max_question_chars
            )
            result = AnswerResult(
                query_id=query_id,
                question=check.text[:500],
                answer=text,
                status="invalid_question",
            )
            return self._finish(result, started)

        language = detect_language(check.text)
        space_list = sorted(spaces) if spaces is not None else None
        cache_key = (
            check.text.lower(),
            tuple(space_list or ["*"]),
            tuple(history),
            self.provider_name,
        )
        generation = self.searcher.index_generation()
        if self.cache is not None and (hit := self.cache.get(cache_key, generation)):
            cached = hit.model_copy(update={"query_id": query_id, "cached": True})
            return self._finish(cached, started)

        with self._compute:
            response = self.searcher.search(
                check.text,
                top_k=self.config.top_k,
                spaces=spaces,
                context=_thread_context(check.text, history),
            )
        timings = {
            "retrieve": round(response.timings_ms["total"] - response.timings_ms["rerank"], 1),
            "rerank": response.timings_ms["rerank"],
        }
        base = {
            "query_id": query_id,
            "question": check.text,
            "language": language,
            "spaces": space_list,
            "timings_ms": timings,
        }
        if not response.results:
            result = self._not_found(base, response.below_threshold, language)
            if self.cache is not None:
                self.cache.put(cache_key, generation, result)
            return self._finish(result, started)

        result, error = self._generate(base, check.text, history, response.results, language)
        if not error and self.cache is not None:
            self.cache.put(cache_key, generation, result)
        return self._finish(result, started, error=error)

    # --- steps ---------------------------------------------------------------------------

    def _not_found(self, base: dict, near: list[SearchResult], language: str) -> AnswerResult:
        floor = self.config.min_relevance * self.config.suggestion_ratio
        suggestions = self._sources([r for r in near if r.score >= floor], distinct_pages=True)
        return AnswerResult(
            **base,
            answer=f"{message('not_found', language)} {message('rephrase', language)}",
            suggestions=suggestions[:3],
            status="not_found",
            confidence="low",
            provider="none",
            model="none",
        )

    def _generate(
        self,
        base: dict,
        question: str,
        history: Sequence[Message],
        results: list[SearchResult],
        language: str,
    ) -> tuple[AnswerResult, str | None]:
        cautious = results[0].score < self.config.low_confidence
        system = prompts.system_prompt(language, cautious)
        overhead = self.count_tokens([system, question, *(m.content for m in history)])
        context = build_context(
            results, self.count_tokens, self.config.context_tokens - sum(overhead) - 64
        )
        warnings: list[str] = []
        error: str | None = None
        clock = time.perf_counter()
        provider_name, model = "extractive", "extractive"
        generation: Generation | None = None
        if self.provider is not None:
            user = prompts.user_message(
                question,
                [
                    prompts.render_source(
                        s.number, s.result.chunk.title, s.result.chunk.updated.isoformat(), s.text
                    )
                    for s in context
                ],
            )
            try:
                generation = self.provider.generate(
                    system,
                    alternate([*history, Message("user", user)]),
                    self.config.max_tokens,
                    self.config.temperature,
                )
                provider_name, model = self.provider.name, self.provider.model
            except LLMError as exc:
                error = str(exc)
                warnings.append(message("llm_unavailable", language))
                log.warning("llm_failed_fell_back", query_id=base["query_id"], error=error)
        if generation is None:
            with self._compute:
                generation = self.extractive.answer(question, _extract_sources(context))
        base["timings_ms"]["generate"] = round((time.perf_counter() - clock) * 1000, 1)

        cited = map_citations(generation.text, context)
        if cited.invented:
            log.info(
                "dropped_invented_citations", query_id=base["query_id"], numbers=cited.invented
            )
        sources = self._sources([s.result for s in cited.cited])
        if not cited.text:
            return self._not_found(base, results, language), error
        if not sources:
            warnings.append(message("uncited", language))
        for source in sources:
            if source.outdated:
                warnings.append(
                    message("outdated", language, title=source.title, date=source.updated)
                )
        inputs = ConfidenceInputs(
            cited_scores=[s.score for s in sources],
            distinct_pages=len({s.doc_id for s in sources}),
            cites=bool(sources),
            low_threshold=self.config.low_confidence,
        )
        confidence = assess_confidence(inputs)
        if confidence == "low" and sources:
            warnings.append(message("low_confidence", language))
        log.info(
            "answer_confidence", query_id=base["query_id"], confidence=confidence, **inputs.as_log()
        )
        result = AnswerResult(
            **base,
            answer=cited.text,
            sources=sources,
            confidence=confidence,
            warnings=list(dict.fromkeys(warnings)),
            usage=Usage(
                prompt_tokens=generation.usage.prompt_tokens,
                completion_tokens=generation.usage.completion_tokens,
            ),
            provider=provider_name,
            model=model,
        )
        return result, error

    def _sources(self, results: list[SearchResult], distinct_pages: bool = False) -> list[Source]:
        today = self.today()
        sources: list[Source] = []
        seen: set[tuple[str, str]] = set()
        for result in results:
            chunk = result.chunk
            key = (chunk.doc_id, "" if distinct_pages else chunk.location)
            if key in seen:
                continue
            seen.add(key)
            sources.append(
                Source(
                    number=len(sources) + 1,
                    title=chunk.title,
                    url=chunk.url,
                    location=chunk.location,
                    heading_path=chunk.heading_path,
                    snippet=result.snippet,
                    updated=chunk.updated,
                    space=chunk.space,
                    doc_id=chunk.doc_id,
                    score=round(result.score, 4),
                    outdated=(today - chunk.updated).days > self.config.outdated_after_days,
                )
            )
        return sources

    def _finish(self, result: AnswerResult, started: float, error: str | None = None):
        result.timings_ms["total"] = round((time.perf_counter() - started) * 1000, 1)
        if self.query_log is not None:
            try:
                self.query_log.record(result, error=error)
            except Exception as exc:  # the log must never cost the user their answer
                log.error("query_log_failed", query_id=result.query_id, error=str(exc))
        log.info(
            "answered",
            query_id=result.query_id,
            status=result.status,
            provider=result.provider,
            confidence=result.confidence,
            sources=len(result.sources),
            ms=result.timings_ms.get("total"),
            error=error,
        )
        return result


def _thread_context(question: str, history: Sequence[Message]) -> str | None:
    """A short follow-up like "and for Linux?" only makes sense with the question before it;
    a long, self-contained question is searched on its own."""
    earlier = [m.content for m in history if m.role == "user"]
    if not earlier or len(question.split()) > 12:
        return None
    return earlier[-1][:500]


def _extract_sources(context: list[ContextSource]) -> list[ExtractSource]:
    return [ExtractSource(s.number, s.result.chunk.title, s.text, s.result.score) for s in context]
