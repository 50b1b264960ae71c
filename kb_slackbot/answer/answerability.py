"""Can the found pages answer the question, and how likely is the shown answer right?

Two small logistic models over the same evidence — the best passage's relevance probability,
the reader's probability for its best piece, how much of the question each covers, and how far
the best passage stands out from the next ones, and whether question and passage are in
different languages — fitted on public data with the
gold-removed protocol (``benchmarks/fit_reader.py``; ../shared/eval/README.md):

- *answerable*: gold paragraph present vs removed. Below the fitted threshold the bot says it
  couldn't find the answer (fitted so that 90% of answerable public questions are answered);
- *correct*: the shown answer contains a gold answer span. Its probability is the confidence;
  the bands are cut at fitted probabilities ("high" only where ≥ 90% were right).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

from ..retrieval.relevance import LogisticModel

ANSWERABILITY_FEATURES = (
    "relevance_logit",  # the best passage's relevance probability (as a logit)
    "reader_logit",  # the reader's probability for its best piece
    "passage_coverage",  # IDF-weighted share of the question's terms in the best passage
    "passage_dense",  # the best passage's embedding similarity
    "piece_coverage",  # … share of the question's terms in the best piece
    "piece_semantic",  # the semantic scorer's score for the best piece
    "dense_margin",  # how far the best passage's cosine stands above the next ones'
    "coverage_margin",  # … and its question coverage (levels shift with language and corpus;
    # "one passage stands out" transfers — see retrieval.relevance.pool_margins)
    "type_found",  # 0 when the question asks for an amount, a time, a name or a place and the
    # best piece holds none (a near miss: the right topic without the asked-for fact), else 1
    "codes_found",  # share of the question's numbers and codes ("Q2", "2026") that the best
    # passage holds (1 when it names none): a page about Q3 is a near miss for Q2
    "cross_language",  # 1 when the best piece comes from a passage in another language than
    # the question: every cosine and coverage sits lower then. Its weight is one shift of
    # the logit, fitted on XQuAD de↔vi question/passage pairs after all other weights
    # (fitted on monolingual questions) are fixed, so monolingual questions are judged
    # exactly as without it. (Not the best passage's language: when the piece shown is from
    # a page in the question's language, its evidence is not lowered.)
)
MODEL_FILE = "reader_model.json"
Band = Literal["high", "medium", "low"]


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Evidence:
    relevance: float
    reader: float
    passage_coverage: float
    passage_dense: float
    piece_coverage: float
    piece_semantic: float
    dense_margin: float
    coverage_margin: float
    cross_language: bool = False
    type_found: float = 1.0
    codes_found: float = 1.0

    def row(self, names: tuple[str, ...] = ANSWERABILITY_FEATURES) -> list[float]:
        """The features in the order of ``names`` (a shipped model's own list)."""
        values = {
            "relevance_logit": _logit(self.relevance),
            "reader_logit": _logit(self.reader),
            "passage_coverage": self.passage_coverage,
            "passage_dense": self.passage_dense,
            "piece_coverage": self.piece_coverage,
            "piece_semantic": self.piece_semantic,
            "dense_margin": self.dense_margin,
            "coverage_margin": self.coverage_margin,
            "type_found": self.type_found,
            "codes_found": self.codes_found,
            "cross_language": 1.0 if self.cross_language else 0.0,
        }
        return [values[name] for name in names]


@dataclass(frozen=True)
class Verdict:
    answerable: bool
    p_answerable: float
    p_correct: float
    band: Band


@dataclass(frozen=True)
class AnswerabilityModel:
    answerable: LogisticModel
    correct: LogisticModel
    threshold: float
    high: float  # P(correct) at or above this is "high"
    medium: float  # … at or above this is "medium"

    def judge(self, evidence: Evidence) -> Verdict:
        p_answerable = float(
            self.answerable.predict(np.array([evidence.row(self.answerable.features)]))[0]
        )
        p_correct = float(self.correct.predict(np.array([evidence.row(self.correct.features)]))[0])
        band: Band = (
            "high" if p_correct >= self.high else "medium" if p_correct >= self.medium else "low"
        )
        return Verdict(p_answerable >= self.threshold, p_answerable, p_correct, band)


@cache
def shipped_reader_models() -> dict:
    text = resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def load_answerability(data: dict | None = None) -> AnswerabilityModel:
    data = data if data is not None else shipped_reader_models()
    return AnswerabilityModel(
        answerable=LogisticModel.from_dict(data["answerable"]),
        correct=LogisticModel.from_dict(data["correct"]),
        threshold=float(data["answer_threshold"]),
        high=float(data["high_threshold"]),
        medium=float(data["medium_threshold"]),
    )


def load_reader_models(data: dict | None = None) -> tuple[LogisticModel, LogisticModel]:
    """The reader's first-pass and final models (see answer/reader.py)."""
    data = data if data is not None else shipped_reader_models()
    return LogisticModel.from_dict(data["reader_first"]), LogisticModel.from_dict(data["reader"])
