"""Rank fusion and diversity: Reciprocal Rank Fusion and Maximal Marginal Relevance."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[Hashable]], k: int = 60
) -> list[tuple[Hashable, float]]:
    """Fuse ranked lists: score(d) = Σ 1 / (k + rank), rank starting at 1.

    Ties keep the order in which items were first seen, so the result is deterministic.
    """
    scores: dict[Hashable, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: pair[1], reverse=True)


def mmr(
    query: np.ndarray,
    candidates: np.ndarray,
    k: int,
    lambda_: float = 0.5,
    relevance: np.ndarray | None = None,
) -> list[int]:
    """Pick k candidate positions balancing relevance against similarity to those picked.

    ``relevance`` defaults to the cosine similarity of each candidate to the query; vectors
    are expected to be L2-normalised. lambda_=1 is pure relevance, 0 pure diversity.
    """
    if len(candidates) == 0 or k <= 0:
        return []
    relevance = candidates @ query if relevance is None else np.asarray(relevance, dtype=float)
    similarity = candidates @ candidates.T
    selected: list[int] = []
    remaining = list(range(len(candidates)))
    while remaining and len(selected) < k:
        if selected:
            redundancy = similarity[np.ix_(remaining, selected)].max(axis=1)
        else:
            redundancy = np.zeros(len(remaining))
        scores = lambda_ * relevance[remaining] - (1 - lambda_) * redundancy
        best = remaining[int(np.argmax(scores))]
        selected.append(best)
        remaining.remove(best)
    return selected
