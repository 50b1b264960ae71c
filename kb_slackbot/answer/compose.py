"""From a draft to the result a front end shows: citations mapped to pages, the sources
listed once each, warnings; or "not found" with near misses as suggestions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import structlog

from ..retrieval.documents import VERIFIED, Chunk
from ..retrieval.results import SearchResult
from ..retrieval.retired import is_retired
from . import prompts
from .answerability import Verdict
from .citations import map_citations
from .generate import Draft
from .messages import message
from .models import AnswerResult, Source
from .pages import merge_pages

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class Composition:
    language: str  # of the question; fixed sentences follow it
    today: date
    outdated_after_days: int
    verified_ttl_days: int  # a verified answer older than this is due for review
    suggestion_floor: float  # "you might look at" pages: P(relevant) at least this


def answered(
    base: dict, draft: Draft, results: list[SearchResult], verdict: Verdict, how: Composition
) -> AnswerResult:
    """The drafted text with its citations mapped to pages, sources and warnings."""
    base["timings_ms"]["generate"] = draft.ms
    base["context_spaces"] = sorted({s.result.chunk.space for s in draft.used})
    warnings: list[str] = []
    if draft.error:
        warnings.append(message("llm_unavailable", how.language))
        log.warning("llm_failed_fell_back", query_id=base["query_id"], error=draft.error)
    cited = map_citations(draft.text, draft.context)
    if cited.invented:
        log.info("dropped_invented_citations", query_id=base["query_id"], numbers=cited.invented)
    text, pages = merge_pages(cited.text, [s.result for s in cited.cited])
    listed = sources(pages, how)
    # An answer with nothing left to cite, or a model saying the pages do not cover it,
    # is not an answer.
    if not text or not listed or prompts.says_not_covered(text):
        return not_found(base, results, how, draft.provider, draft.model)
    warnings += _outdated_warnings(listed, how)
    if verdict.band == "low":
        warnings.append(message("low_confidence", how.language))
    return AnswerResult(
        **base,
        answer=text,
        sources=listed,
        confidence=verdict.band,
        warnings=list(dict.fromkeys(warnings)),
        usage=draft.usage,
        provider=draft.provider,
        model=draft.model,
    )


def not_found(
    base: dict,
    near: list[SearchResult],
    how: Composition,
    provider: str = "none",
    model: str = "none",
) -> AnswerResult:
    """ "Not found", with near misses; ``provider`` names a model that was asked and whose
    reply was not an answer (no usable citation, or it said the pages do not cover it)."""
    likely = [r for r in near if r.score >= how.suggestion_floor]
    return AnswerResult(
        **base,
        answer=f"{message('not_found', how.language)} {message('rephrase', how.language)}",
        suggestions=sources(likely, how, distinct_pages=True)[:3],
        status="not_found",
        confidence="low",
        provider=provider,
        model=model,
    )


def sources(
    results: list[SearchResult], how: Composition, distinct_pages: bool = False
) -> list[Source]:
    """One source per place (per page with ``distinct_pages``), numbered in order."""
    listed: list[Source] = []
    seen: set[tuple[str, str]] = set()
    for result in results:
        chunk = result.chunk
        key = (chunk.doc_id, "" if distinct_pages else chunk.location)
        if key in seen:
            continue
        seen.add(key)
        listed.append(
            Source(
                number=len(listed) + 1,
                title=chunk.title,
                url=chunk.url,
                location=chunk.location,
                heading_path=chunk.heading_path,
                snippet=result.snippet,
                updated=chunk.updated,
                space=chunk.space,
                doc_id=chunk.doc_id,
                score=round(result.score, 4),
                outdated=_outdated(chunk, how),
                kind=chunk.kind,
                verified_by=chunk.author,
            )
        )
    return listed


def verified(base: dict, match: SearchResult, text: str, how: Composition) -> AnswerResult:
    """An expert's verified answer that matches the question well: their words, as written,
    cited as "Verified by <expert> on <date>"; past its review date it says so."""
    listed = sources([match], how)
    base["timings_ms"]["generate"] = 0.0
    base["context_spaces"] = [match.chunk.space]
    return AnswerResult(
        **base,
        answer=f"{text.strip()} [1]",
        sources=listed,
        confidence="low" if listed[0].outdated else "medium",
        warnings=_outdated_warnings(listed, how),
        provider="verified",
        model="verified",
    )


def _outdated(chunk: Chunk, how: Composition) -> bool:
    if chunk.kind == VERIFIED:
        return (how.today - chunk.updated).days >= how.verified_ttl_days
    return (how.today - chunk.updated).days > how.outdated_after_days


def _outdated_warnings(listed: list[Source], how: Composition) -> list[str]:
    """A page past its date, a verified answer due for review, a page its authors retired
    (search leads with one only when no current page is worth suggesting: retired.py)."""
    return [
        message("verified_due", how.language, date=s.updated)
        if s.kind == VERIFIED
        else message("outdated", how.language, title=s.title, date=s.updated)
        for s in listed
        if s.outdated
    ] + [
        message("retired", how.language, title=s.title)
        for s in listed
        if s.kind != VERIFIED and is_retired(s.title)
    ]
