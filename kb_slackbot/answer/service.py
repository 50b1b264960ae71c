"""The orchestrator: check the question, retrieve, read, decide answerability, generate, cite.

The reader runs on every question (it is cheap): its best piece and the best passage's
relevance decide, through the fitted answerability model, whether the knowledge base answers
the question at all — before any language model is called — and how confident the answer is.
The answer's text is written in one seam, answer/generate.py (a language model, or the reader
when there is none or it fails).

Slack-agnostic: the CLI, the Slack app and `eval` all call :meth:`AnswerService.answer`.
One module on purpose (about 340 lines): it is the single flow from question to answer;
its parts (reading, answerability, follow-ups, generation, caching) live in their own modules.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import date

import structlog

from ..llm.base import LLMProvider
from ..retrieval.documents import VERIFIED
from ..retrieval.language import detect_language
from ..retrieval.results import SearchResponse, SearchResult
from ..retrieval.search import HybridSearcher, with_context
from . import compose
from .answerability import AnswerabilityModel, Evidence, Verdict
from .asides import without_asides
from .cache import AnswerCache
from .compose import Composition
from .context import TokenCounter
from .follow_up import names_a_new_subject, new_words, rewordings, speaks_of
from .gaps import Gap, gap_list
from .generate import GenerationConfig, draft
from .messages import message
from .models import AnswerResult, Asker, Turn
from .multi_ask import split_asks
from .near_misses import codes_found, near_miss
from .passages import reader_passages
from .querylog import QueryLog
from .question import check_question
from .reader import Reader, Reading

log = structlog.get_logger(__name__)

# "Matches well": the relevance model's calibrated probability (fitted on public data) that
# the verified answer is relevant to the question: at 0.5, more likely than not. Checked, not
# fitted, by `python -m benchmarks.verified_match` (benchmarks/README.md): raw question-to-
# question similarity matched more paraphrases but gave another question's answer 5 times in
# 31 (the relevance model: once) and matched 7 of 13 unanswerable questions (it: 1).
VERIFIED_MATCH = 0.5


@dataclass(frozen=True)
class AnswerConfig:
    """Values come from Settings (the composition root); their defaults live there only."""

    top_k: int
    max_question_chars: int
    outdated_after_days: int
    verified_ttl_days: int
    suggestion_floor: float  # "you might look at" pages: P(relevant) at least this
    generation: GenerationConfig


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
        self._cache = cache
        self.today = today

    @property
    def provider_name(self) -> str:
        return self.provider.name if self.provider else "extractive"

    def warm(self) -> None:
        """Load the models and the index now, before the first question waits for them."""
        self.searcher.refresh(force=True)
        self.searcher.coverage_weights(["the"])  # and the general-language word lists

    def gaps(self, since: float) -> list[Gap]:
        """The gap list since ``since`` (a Unix time), grouped with the retrieval embedding."""
        if self.query_log is None:
            return []
        return gap_list(self.query_log, since, self.searcher.index.embedder.embed_query)

    def search(
        self, question: str, top_k: int, spaces: Collection[str] | None = None
    ) -> SearchResponse:
        """The ranked passages alone, as answering would search them (no thread context)."""
        return self.searcher.search(question, top_k=top_k, spaces=spaces)

    def answer(
        self,
        question: str,
        *,
        history: Sequence[Turn] = (),
        spaces: Collection[str] | None = None,
        asker: Asker | None = None,
    ) -> AnswerResult:
        """Answer ``question`` (plain text) from the pages in ``spaces`` (None: all).

        ``asker`` is logged with the answer; only answers with one count in the gap list
        (`eval` and benchmarks ask no one's question)."""
        started = time.perf_counter()
        query_id = uuid.uuid4().hex[:16]
        check = check_question(question, self.config.max_question_chars)
        if check.problem:
            limit = self.config.max_question_chars
            result = AnswerResult(
                query_id=query_id,
                question=check.text[:500],
                answer=message(check.problem, length=len(check.text), limit=limit),
                status="invalid_question",
            )
            return self._finish(result, started, asker=asker)

        space_list = sorted(spaces) if spaces is not None else None
        cache_key = (
            check.text.lower(),
            tuple(space_list or ["*"]),
            tuple(history),
            self.provider_name,
        )
        generation = self.searcher.index_generation()
        if self._cache is not None and (hit := self._cache.get(cache_key, generation)):
            cached = hit.model_copy(update={"query_id": query_id, "cached": True})
            return self._finish(cached, started, asker=asker)

        base = {"query_id": query_id, "question": check.text, "spaces": space_list}
        result, error = self._answer_afresh(base, history, spaces)
        if not error and self._cache is not None:
            self._cache.put(cache_key, generation, result)
        return self._finish(result, started, error=error, asker=asker)

    def _answer_afresh(
        self, base: dict, history: Sequence[Turn], spaces: Collection[str] | None
    ) -> tuple[AnswerResult, str | None]:
        """Search, read, judge and (if answerable) draft; the model's error, if it failed."""
        language = base["language"] = detect_language(base["question"])
        # Words typed without their accents ("escritorio") are read as the pages spell them,
        # chat shorthand ("qto") written out.
        question = self.searcher.respelled(base["question"], language)
        context = _thread_context(question, history)
        with self._compute:
            response = self.searcher.search(
                question, top_k=self.config.top_k, spaces=spaces, context=context
            )
            asked = question
            if not context:  # chat asides ("sorry dumb q but …") are left out: asides.py
                response, asked = without_asides(
                    question,
                    response,
                    lambda ask: self.searcher.search(ask, top_k=self.config.top_k, spaces=spaces),
                )
        timings = base["timings_ms"] = {
            "retrieve": round(response.timings_ms["total"] - response.timings_ms["rerank"], 1),
            "rerank": response.timings_ms["rerank"],
        }
        how = Composition(
            language=language,
            today=self.today(),
            outdated_after_days=self.config.outdated_after_days,
            verified_ttl_days=self.config.verified_ttl_days,
            suggestion_floor=self.config.suggestion_floor,
        )
        if match := verified_match(response.results):
            text = "\n\n".join(self.searcher.page_sections(match.chunk.doc_id).values())
            return compose.verified(base, match, text or match.chunk.text, how), None
        clock = time.perf_counter()
        with self._compute:
            # A follow-up ("and for Linux?") is read with the question it follows; a question
            # that asks two things, each ask also on its own (multi_ask.py).
            asks = split_asks(asked) if not context else []
            reading = self._read(with_context(asked, context), response.results, asks)
        verdict = self._judge(question, response.results, reading)
        if context:
            response, reading, verdict = self._reworded(
                question, context, spaces, (response, reading, verdict)
            )
        timings["read"] = round((time.perf_counter() - clock) * 1000, 1)
        log.info(
            "answerability",
            query_id=base["query_id"],
            p_answerable=round(verdict.p_answerable, 3),
            p_correct=round(verdict.p_correct, 3),
            band=verdict.band,
        )
        base["p_answerable"] = round(verdict.p_answerable, 3)
        if not verdict.answerable:
            near = response.results + response.below_threshold
            return compose.not_found(base, near, how), None
        drafted = draft(
            self.provider,
            question,
            history,
            response.results,
            reading,
            language=language,
            cautious=verdict.band == "low",
            count_tokens=self.count_tokens,
            config=self.config.generation,
            chunks_of=self.searcher.page_chunks,
        )
        return compose.answered(base, drafted, response.results, verdict, how), drafted.error

    # --- steps ---------------------------------------------------------------------------

    def _reworded(
        self,
        question: str,
        context: str,
        spaces: Collection[str] | None,
        found: tuple[SearchResponse, Reading, Verdict],
    ) -> tuple[SearchResponse, Reading, Verdict]:
        """A follow-up is also tried as the earlier question about its new subject (see
        follow_up.py); the wording whose pages answer best wins — among the swapped wordings
        first when the follow-up only names a new subject."""
        swapped, best = None, (False, 0.0)
        for wording in rewordings(question, context, self.searcher.coverage_weights):
            with self._compute:
                response = self.searcher.search(wording, top_k=self.config.top_k, spaces=spaces)
                reading = self._read(wording, response.results)
            verdict = self._judge(wording, response.results, reading)
            # An answer that never names the new subject answers another wording ("How do I
            # linux to the VPN on macOS?" gets the macOS steps): those come last.
            shown = (
                reading.text()
                + " "
                + " ".join(
                    response.results[pick.number - 1].chunk.heading_path for pick in reading.picks
                )
            )
            key = (speaks_of(new_words(wording, context), shown), verdict.p_answerable)
            if swapped is None or key > best:
                swapped, best = (response, reading, verdict), key
        if swapped is None:
            return found
        if names_a_new_subject(question) and swapped[2].answerable:
            return swapped
        return swapped if swapped[2].p_answerable > found[2].p_answerable else found

    def _read(
        self, question: str, results: list[SearchResult], asks: Sequence[str] = ()
    ) -> Reading:
        passages = reader_passages(results, self.searcher.page_sections)
        return self.reader.read(question, passages, self.searcher.coverage_weights, asks)

    def _judge(self, question: str, results: list[SearchResult], reading: Reading) -> Verdict:
        if not results or not reading.picks:
            return Verdict(False, 0.0, 0.0, "low")
        best = results[0]
        verdict = self.answerability.judge(
            Evidence(
                relevance=best.score,
                reader=reading.best,
                passage_coverage=best.stages.get("coverage", 0.0),
                passage_dense=best.stages.get("dense_sim", 0.0),
                piece_coverage=reading.coverage,
                piece_semantic=reading.semantic,
                dense_margin=best.stages.get("dense_margin", 0.0),
                coverage_margin=best.stages.get("coverage_margin", 0.0),
                cross_language=reading.foreign,
                type_found=1.0 - reading.type_miss,
                codes_found=codes_found(question, best.chunk.embedding_text()),
            )
        )
        if verdict.answerable:
            headings = [pick.heading for pick in reading.picks]
            if near_miss(question, _shown(reading, results), reading.text(), headings):
                return replace(verdict, answerable=False)
        return verdict

    def _finish(
        self,
        result: AnswerResult,
        started: float,
        error: str | None = None,
        asker: Asker | None = None,
    ):
        result.timings_ms["total"] = round((time.perf_counter() - started) * 1000, 1)
        if self.query_log is not None:
            try:
                self.query_log.record(result, error=error, asker=asker)
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


def _shown(reading: Reading, results: list[SearchResult]) -> str:
    """The answer's text with its pages' titles and headings (which name its year: "Public
    holidays 2026" over rows that name none)."""
    cited = [results[p.number - 1].chunk for p in reading.picks if p.number <= len(results)]
    return " ".join([reading.text(), *(" ".join((c.title, *c.headings)) for c in cited)])


def verified_match(results: list[SearchResult]) -> SearchResult | None:
    """The best-ranked expert-verified answer that matches the question well, if any: it is
    given as the answer in preference to reading pages."""
    return next(
        (r for r in results if r.chunk.kind == VERIFIED and r.score >= VERIFIED_MATCH), None
    )


def _thread_context(question: str, history: Sequence[Turn]) -> str | None:
    """A short follow-up like "and for Linux?" only makes sense with the question before it;
    a long, self-contained question is searched on its own."""
    earlier = [m.content for m in history if m.role == "user"]
    if not earlier or len(question.split()) > 12:
        return None
    return earlier[-1][:500]
