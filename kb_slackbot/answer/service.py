"""The orchestrator: check the question, retrieve, read, decide answerability, generate, cite.

The reader runs on every question (it is cheap): its best piece and the best passage's
relevance decide, through the fitted answerability model, whether the knowledge base answers
the question at all — before any language model is called — and how confident the answer is.
(The generation step is to become its own seam, answer/generate.py, in the structure work.)

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
from ..retrieval.search import HybridSearcher, SearchResult
from . import prompts
from .answerability import AnswerabilityModel, Evidence, Verdict
from .cache import AnswerCache
from .citations import map_citations
from .context import TokenCounter, build_context
from .language import detect_language
from .messages import message
from .models import AnswerResult, Source, Usage
from .pages import merge_pages
from .querylog import QueryLog
from .question import check_question
from .reader import Passage, Reader, Reading

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class AnswerConfig:
    top_k: int = 5
    max_question_chars: int = 2000
    context_tokens: int = 8000
    outdated_after_days: int = 365
    max_tokens: int = 800
    temperature: float = 0.1
    suggestion_floor: float = 0.2  # "you might look at" pages: P(relevant) at least this


class AnswerService:
    def __init__(
        self,
        searcher: HybridSearcher,
        provider: LLMProvider | None,
        reader: Reader,
        answerability: AnswerabilityModel,
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
        self.reader = reader
        self.answerability = answerability
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

        context = _thread_context(check.text, history)
        with self._compute:
            response = self.searcher.search(
                check.text, top_k=self.config.top_k, spaces=spaces, context=context
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
        clock = time.perf_counter()
        with self._compute:
            # A follow-up ("and for Linux?") is read with the question it follows.
            reading = self._read(
                f"{context} {check.text}" if context else check.text, response.results
            )
        verdict = self._judge(response.results, reading)
        timings["read"] = round((time.perf_counter() - clock) * 1000, 1)
        log.info(
            "answerability",
            query_id=query_id,
            p_answerable=round(verdict.p_answerable, 3),
            p_correct=round(verdict.p_correct, 3),
            band=verdict.band,
        )
        if not verdict.answerable:
            result = self._not_found(base, response.results + response.below_threshold, language)
            if self.cache is not None:
                self.cache.put(cache_key, generation, result)
            return self._finish(result, started)

        result, error = self._generate(
            base, check.text, history, response.results, language, reading, verdict
        )
        if not error and self.cache is not None:
            self.cache.put(cache_key, generation, result)
        return self._finish(result, started, error=error)

    # --- steps ---------------------------------------------------------------------------

    def _read(self, question: str, results: list[SearchResult]) -> Reading:
        passages = []
        pages: dict[str, dict] = {}  # doc id → its sections, looked up once per page
        for n, r in enumerate(results, start=1):
            chunk = r.chunk
            if chunk.doc_id not in pages:
                pages[chunk.doc_id] = self.searcher.page_sections(chunk.doc_id)
            sections = pages[chunk.doc_id]
            passages.append(
                Passage(
                    number=n,
                    text=chunk.text,
                    heading=" › ".join((chunk.title, *chunk.headings)),
                    relevance=r.score,
                    section=sections.get((chunk.headings, chunk.page), chunk.text),
                    page_sections=tuple(
                        (" › ".join((chunk.title, *headings)), text)
                        for (headings, _page), text in sections.items()
                        if headings != chunk.headings
                    ),
                )
            )
        return self.reader.read(question, passages, self.searcher.idf)

    def _judge(self, results: list[SearchResult], reading: Reading) -> Verdict:
        if not results or not reading.picks:
            return Verdict(False, 0.0, 0.0, "low")
        best = results[0]
        return self.answerability.judge(
            Evidence(
                relevance=best.score,
                reader=reading.best,
                passage_coverage=best.stages.get("coverage", 0.0),
                passage_dense=best.stages.get("dense_sim", 0.0),
                piece_coverage=reading.coverage,
                piece_semantic=reading.semantic,
                dense_margin=best.stages.get("dense_margin", 0.0),
                coverage_margin=best.stages.get("coverage_margin", 0.0),
            )
        )

    def _not_found(
        self,
        base: dict,
        near: list[SearchResult],
        language: str,
        provider: str = "none",
        model: str = "none",
    ) -> AnswerResult:
        """ "Not found", with near misses; ``provider`` names a model that was asked and whose
        reply was not an answer (no usable citation, or it said the pages do not cover it)."""
        floor = self.config.suggestion_floor
        suggestions = self._sources([r for r in near if r.score >= floor], distinct_pages=True)
        return AnswerResult(
            **base,
            answer=f"{message('not_found', language)} {message('rephrase', language)}",
            suggestions=suggestions[:3],
            status="not_found",
            confidence="low",
            provider=provider,
            model=model,
        )

    def _generate(
        self,
        base: dict,
        question: str,
        history: Sequence[Message],
        results: list[SearchResult],
        language: str,
        reading: Reading,
        verdict: Verdict,
    ) -> tuple[AnswerResult, str | None]:
        cautious = verdict.band == "low"
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
        used = context  # what the answer could have drawn on
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
            # The reader's picks refer to the search results by position; so does the context.
            generation = Generation(reading.text())
            used = [s for s in context if s.number in {p.number for p in reading.picks}]
        base["timings_ms"]["generate"] = round((time.perf_counter() - clock) * 1000, 1)
        base["context_spaces"] = sorted({s.result.chunk.space for s in used})

        cited = map_citations(generation.text, context)
        if cited.invented:
            log.info(
                "dropped_invented_citations", query_id=base["query_id"], numbers=cited.invented
            )
        text, pages = merge_pages(cited.text, [s.result for s in cited.cited])
        sources = self._sources(pages)
        # An answer with nothing left to cite, or a model saying the pages do not cover it,
        # is not an answer.
        if not text or not sources or prompts.says_not_covered(text):
            return self._not_found(base, results, language, provider_name, model), error
        for source in sources:
            if source.outdated:
                warnings.append(
                    message("outdated", language, title=source.title, date=source.updated)
                )
        if verdict.band == "low":
            warnings.append(message("low_confidence", language))
        result = AnswerResult(
            **base,
            answer=text,
            sources=sources,
            confidence=verdict.band,
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
