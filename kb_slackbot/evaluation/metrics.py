"""Metric functions, each small and checked against hand-made cases in the tests."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"\w+", re.UNICODE)
_MARKER = re.compile(r"\[\d+\]")


def recall_at_k(retrieved: Sequence[str], expected: set[str], k: int) -> float:
    """Share of expected items found in the first k retrieved (distinct) items."""
    if not expected:
        return 0.0
    top = set(list(dict.fromkeys(retrieved))[:k])
    return len(top & expected) / len(expected)


def reciprocal_rank(retrieved: Sequence[str], expected: set[str]) -> float:
    for rank, item in enumerate(dict.fromkeys(retrieved), start=1):
        if item in expected:
            return 1.0 / rank
    return 0.0


def ndcg_at_k(retrieved: Sequence[str], expected: set[str], k: int) -> float:
    ranked = list(dict.fromkeys(retrieved))[:k]
    dcg = sum(1 / math.log2(i + 2) for i, item in enumerate(ranked) if item in expected)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(expected), k)))
    return dcg / ideal if ideal else 0.0


def precision_recall(predicted: set[str], expected: set[str]) -> tuple[float | None, float | None]:
    """(precision, recall); None where undefined (nothing predicted / nothing expected)."""
    hits = len(predicted & expected)
    precision = hits / len(predicted) if predicted else None
    recall = hits / len(expected) if expected else None
    return precision, recall


def token_f1(prediction: str, reference: str) -> float:
    """SQuAD-style token F1, case-insensitive, citation markers ignored."""
    pred = _WORD.findall(_MARKER.sub(" ", prediction).lower())
    ref = _WORD.findall(reference.lower())
    if not pred or not ref:
        return float(pred == ref)
    common = sum((Counter(pred) & Counter(ref)).values())
    if not common:
        return 0.0
    p, r = common / len(pred), common / len(ref)
    return 2 * p * r / (p + r)


def binary_scores(predicted: Sequence[bool], actual: Sequence[bool]) -> dict[str, float | None]:
    """Precision and recall of the positive class (e.g. "answered not found")."""
    tp = sum(p and a for p, a in zip(predicted, actual, strict=True))
    fp = sum(p and not a for p, a in zip(predicted, actual, strict=True))
    fn = sum(a and not p for p, a in zip(predicted, actual, strict=True))
    return {
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
    }


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0–100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def mean(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) / len(present) if present else None
