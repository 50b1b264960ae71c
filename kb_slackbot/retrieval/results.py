"""What a search is configured with and what it returns."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from .documents import Chunk


@dataclass(frozen=True)
class SearchConfig:
    """Values come from Settings (``SearchConfig.from_settings``), where each is documented."""

    candidates: int  # per retriever
    rrf_k: int  # only for the stage figures (`search --json`); ordering is the model's
    use_mmr: bool
    mmr_lambda: float
    min_relevance: float  # P(relevant) below which a passage is not used
    rerank_depth: int  # how many of the best candidates the reranker sees
    refresh_interval_s: float = 2.0  # how often the index generation is re-checked
    # A current page at least this relevant is read before a retired one (retired.py): the
    # floor at which a page is worth suggesting (Settings.suggestion_floor).
    current_floor: float = 0.1

    @classmethod
    def from_settings(cls, settings, **overrides) -> SearchConfig:
        """``settings``: a kb_slackbot Settings (duck-typed: retrieval does not import it)."""
        values = {
            "candidates": settings.candidates,
            "rrf_k": settings.rrf_k,
            "use_mmr": settings.mmr,
            "mmr_lambda": settings.mmr_lambda,
            "min_relevance": settings.min_relevance,
            "rerank_depth": settings.rerank_depth,
            "current_floor": settings.suggestion_floor,
        }
        return cls(**{**values, **overrides})


@dataclass
class SearchResult:
    chunk: Chunk
    score: float  # calibrated relevance in [0, 1]
    stages: dict[str, float] = field(default_factory=dict)  # for debugging, never for users
    cross_language: bool = False  # confidently in another language than the question

    @property
    def snippet(self) -> str:
        text = " ".join(self.chunk.text.split())
        return text if len(text) <= 280 else text[:277].rsplit(" ", 1)[0] + "…"


@dataclass
class SearchResponse:
    results: list[SearchResult]
    below_threshold: list[SearchResult]
    timings_ms: dict[str, float]


def stage_figures(
    candidates, coverage: np.ndarray, probability: np.ndarray
) -> list[dict[str, float]]:
    """Each candidate's figures for `search --json` and the answer step (never for users)."""
    stages: list[dict[str, float]] = []
    for c, cover, p in zip(candidates, coverage, probability, strict=True):
        stage = {"dense_sim": round(c.dense, 4), "coverage": round(float(cover), 4)}
        stage["p_first"] = round(float(p), 4)
        if c.dense_rank is not None:
            stage["dense_rank"] = c.dense_rank
        if c.bm25_rank is not None:
            stage["bm25_rank"] = c.bm25_rank
        stages.append(stage)
    return stages


class Laps:
    """Milliseconds per search stage, each since the previous one."""

    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self._clock = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.timings[stage] = round((now - self._clock) * 1000, 2)
        self._clock = now

    def total(self) -> dict[str, float]:
        self.timings["total"] = round(sum(self.timings.values()), 2)
        return self.timings
