"""Reciprocal Rank Fusion and Maximal Marginal Relevance on hand-made inputs."""

from __future__ import annotations

import numpy as np
import pytest

from kb_slackbot.retrieval.fusion import mmr, reciprocal_rank_fusion


def unit(*values: float) -> np.ndarray:
    vector = np.asarray(values, dtype=float)
    return vector / np.linalg.norm(vector)


# --- RRF ---------------------------------------------------------------------------------


def test_rrf_exact_scores_with_k_60():
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["b", "c", "d"]], k=60)
    assert [item for item, _ in fused] == ["b", "c", "a", "d"]
    scores = dict(fused)
    assert scores["b"] == pytest.approx(1 / 62 + 1 / 61, abs=1e-15)
    assert scores["c"] == pytest.approx(1 / 63 + 1 / 62, abs=1e-15)
    # Items found by one retriever only get that retriever's share, nothing else.
    assert scores["a"] == pytest.approx(1 / 61, abs=1e-15)
    assert scores["d"] == pytest.approx(1 / 63, abs=1e-15)


def test_rrf_default_k_is_60_and_k_changes_the_weights():
    assert dict(reciprocal_rank_fusion([["x"]]))["x"] == pytest.approx(1 / 61)
    fused = dict(reciprocal_rank_fusion([["x", "y"]], k=1))
    assert fused == pytest.approx({"x": 1 / 2, "y": 1 / 3})


def test_rrf_agreement_beats_a_single_first_place():
    # "both" is second in each list; "solo" is first in one list only.
    fused = reciprocal_rank_fusion([["solo", "both"], ["other", "both"]], k=60)
    assert fused[0][0] == "both"


def test_rrf_ties_keep_first_seen_order():
    fused = reciprocal_rank_fusion([["a", "b"], ["b", "a"]], k=60)
    assert [item for item, _ in fused] == ["a", "b"]
    assert fused[0][1] == fused[1][1]
    fused = reciprocal_rank_fusion([["y"], ["x"]], k=60)
    assert [item for item, _ in fused] == ["y", "x"]


def test_rrf_empty_inputs():
    assert reciprocal_rank_fusion([]) == []
    assert reciprocal_rank_fusion([[], []]) == []
    assert reciprocal_rank_fusion([[], ["only"]]) == [("only", pytest.approx(1 / 61))]


# --- MMR ---------------------------------------------------------------------------------

QUERY = unit(1, 0, 0)
CANDIDATES = np.stack(
    [
        unit(1.0, 0.1, 0.0),  # 0: most relevant
        unit(1.0, 0.12, 0.0),  # 1: nearly a copy of 0
        unit(0.8, 0.0, 0.6),  # 2: a bit less relevant, but different
        unit(0.1, 1.0, 0.0),  # 3: barely relevant
    ]
)


def test_mmr_lambda_one_is_pure_relevance_order():
    relevance = CANDIDATES @ QUERY
    assert mmr(QUERY, CANDIDATES, k=4, lambda_=1.0) == list(np.argsort(-relevance))
    assert mmr(QUERY, CANDIDATES, k=4, lambda_=1.0) == [0, 1, 2, 3]


def test_mmr_small_lambda_prefers_diverse_items():
    picked = mmr(QUERY, CANDIDATES, k=4, lambda_=0.3)
    assert picked[0] == 0, "the first pick is always the most relevant"
    # Second pick: 0.3 * relevance - 0.7 * similarity to item 0 is highest for the
    # barely relevant but unrelated item 3; the near-copy of item 0 comes last.
    assert picked == [0, 3, 2, 1]
    assert mmr(QUERY, CANDIDATES, k=2, lambda_=0.3) == [0, 3]


def test_mmr_k_larger_than_candidates_returns_each_once():
    picked = mmr(QUERY, CANDIDATES, k=10, lambda_=0.5)
    assert sorted(picked) == [0, 1, 2, 3]
    assert picked[0] == 0


def test_mmr_uses_given_relevance_instead_of_cosine():
    relevance = np.array([0.1, 0.2, 0.3, 1.0])
    assert mmr(QUERY, CANDIDATES, k=4, lambda_=1.0, relevance=relevance) == [3, 2, 1, 0]


def test_mmr_empty_and_zero_k():
    assert mmr(QUERY, np.zeros((0, 3)), k=3) == []
    assert mmr(QUERY, CANDIDATES, k=0) == []
