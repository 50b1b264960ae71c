import math

import pytest

from kb_slackbot.evaluation import metrics
from kb_slackbot.evaluation.runner import compare


def test_recall_mrr_ndcg_on_hand_made_rankings():
    ranked = ["a", "b", "a", "c", "d"]
    assert metrics.recall_at_k(ranked, {"c", "x"}, 3) == 0.5  # duplicates collapse: a,b,c
    assert metrics.recall_at_k(ranked, set(), 3) == 0.0
    assert metrics.reciprocal_rank(ranked, {"c"}) == pytest.approx(1 / 3)
    assert metrics.reciprocal_rank(ranked, {"zz"}) == 0.0
    assert metrics.ndcg_at_k(["x", "a"], {"a"}, 10) == pytest.approx(1 / math.log2(3))
    assert metrics.ndcg_at_k(["a", "b"], {"a", "b"}, 10) == pytest.approx(1.0)


def test_precision_recall_undefined_cases():
    assert metrics.precision_recall({"a", "b"}, {"a"}) == (0.5, 1.0)
    assert metrics.precision_recall(set(), {"a"}) == (None, 0.0)
    assert metrics.precision_recall({"a"}, set()) == (0.0, None)


def test_token_f1_ignores_case_and_citations():
    assert metrics.token_f1("You get 28 days [1].", "you get 28 days") == 1.0
    assert metrics.token_f1("28 days", "You get 28 days") == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert metrics.token_f1("nothing alike", "completely different") == 0.0


def test_binary_scores_and_percentiles():
    scores = metrics.binary_scores([True, True, False, False], [True, False, True, False])
    assert scores == {"precision": 0.5, "recall": 0.5}
    assert metrics.binary_scores([False], [False]) == {"precision": None, "recall": None}
    assert metrics.percentile([5, 1, 3, 2, 4], 50) == 3
    assert metrics.percentile([1, 2, 3, 4, 100], 95) == 100
    assert metrics.percentile([], 50) is None
    assert metrics.mean([None, 1.0, 3.0]) == 2.0


def test_auroc_counts_pairs_ranked_right_and_ties_as_half():
    assert metrics.auroc([0.9, 0.8, 0.1], [True, True, False]) == 1.0
    assert metrics.auroc([0.9, 0.2, 0.5], [True, True, False]) == 0.5
    assert metrics.auroc([0.5, 0.5], [True, False]) == 0.5
    assert metrics.auroc([0.1, 0.9], [True, False]) == 0.0
    assert metrics.auroc([0.3], [True]) is None  # one class only


def test_compare_reports_deltas():
    rows = compare({"mrr": 0.8, "provider": "x"}, {"mrr": 0.5})
    assert rows["mrr"][2] == pytest.approx(0.3)
    assert rows["provider"] == (None, "x", None)


def test_key_facts_are_amounts_commands_and_paths():
    reference = (
        "Install wireguard-tools, copy nwl.conf to /etc/wireguard/nwl.conf and run "
        "`sudo wg-quick up nwl`; the limit is €1,200 or 12.5%."
    )
    assert metrics.key_facts(reference) == [
        "wireguard-tools",
        "nwl.conf",
        "/etc/wireguard/nwl.conf",
        "sudo wg-quick up nwl",
        "€1,200",
        "12.5%",
    ]
    # Without such tokens: the longer content words, stop words left out.
    assert metrics.key_facts("Ask your manager about approval before travelling.") == [
        "manager",
        "approval",
        "travelling",
    ]


def test_has_key_facts_needs_every_number_and_half_of_the_rest():
    reference = "The Scale plan costs $389 per month (€349)."
    assert metrics.has_key_facts("Scale — USD: $389; EUR: €349 [1]", reference)
    assert not metrics.has_key_facts("Scale costs $389 [1]", reference)  # €349 missing
    assert not metrics.has_key_facts("It costs $3890 or €3490.", reference)  # not the numbers
    assert metrics.has_key_facts("anything", "") is None
    assert metrics.key_fact_recall("copy nwl.conf", "Copy nwl.conf and wg.conf.") == 0.5


def test_key_facts_keep_ordinals_and_codes_whole():
    # "4th", "13º", "A3", "P1" are one fact each: a bare "4" or "3" would never match an
    # answer that says "4th" or "A3", and a right answer would be scored wrong.
    assert metrics.key_facts("From the 4th day; the 13º salário; A3 paper; P1 tickets.") == [
        "4th",
        "13º",
        "a3",
        "p1",
    ]
    reference = "A doctor's note is needed from the 4th day; P1 gets a reply in 30 minutes."
    assert metrics.has_key_facts("From the 4th day [1]. P1: 30 minutes [2]", reference)
    assert not metrics.has_key_facts("From the 14th day. P1: 30 minutes", reference)
    assert not metrics.has_key_facts("From the 4th day. P2: 30 minutes", reference)


def test_key_facts_keep_slashed_numbers_whole():
    # Split, "24/7" gave "24" and "/7", and "/7" never matched an answer saying "24/7".
    reference = "Call the 24/7 line or read the 1/2 page guide."
    assert metrics.key_facts(reference) == ["24/7", "1/2"]
    assert metrics.has_key_facts("A 24/7 line [1]; a 1/2 page guide [2]", reference)
    assert not metrics.has_key_facts("A 24/7 line [1]; a 2-page guide [2]", reference)
