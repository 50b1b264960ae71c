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


def auroc(scores: Sequence[float], positive: Sequence[bool]) -> float | None:
    """The chance that a random positive scores above a random negative (ties count half);
    None without both classes."""
    pos = [s for s, p in zip(scores, positive, strict=True) if p]
    neg = [s for s, p in zip(scores, positive, strict=True) if not p]
    if not pos or not neg:
        return None
    wins = sum((a > b) + 0.5 * (a == b) for a in pos for b in neg)
    return wins / (len(pos) * len(neg))


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


# Key facts of a reference answer: amounts and times, commands, paths, names of settings —
# the tokens an answer must carry to be right, whatever else it says.
_FACT = re.compile(
    # 28, €160, 4th, 24/7 (one fact each: split, "/7" never matched "24/7")
    r"(?<!\w)[$€£¥]?\d+(?:[.,:/]\d+)*(?:st|nd|rd|th|º|ª)?(?:\s?%)?(?!\w)"
    r"|`[^`]+`"
    r"|[\w.-]*[/@_][\w./@:-]+"  # paths, addresses, snake_case
    r"|\b[\w]+(?:[.-][\w]+)+\b"  # nwl.conf, wg-quick, v2.1
    r"|\b[a-z]+\d\w*",  # A3, P1, SEV2
    re.IGNORECASE,
)
# Only words of five letters or more are candidates (see key_facts), so only those are listed.
_STOP = frozenset(
    [
        "their",
        "there",
        "about",
        "which",
        "should",
        "would",
        "could",
        "other",
        "after",
        "before",
        "einer",
        "einen",
        "werden",
        "nicht",
    ]
)


def key_facts(reference: str) -> list[str]:
    """The facts a right answer must contain; content words when there is no such token."""
    facts = [m.group(0).strip("`.,;: ").lower() for m in _FACT.finditer(reference)]
    facts = [f for f in dict.fromkeys(facts) if f and not f.isalpha()]
    if facts:
        return facts
    words = [w.lower() for w in _WORD.findall(reference) if len(w) >= 5]
    return [w for w in dict.fromkeys(words) if w not in _STOP][:6]


def key_fact_recall(answer: str, reference: str) -> float | None:
    """Share of the reference's key facts found in the answer (None: no reference)."""
    facts = key_facts(reference)
    if not facts:
        return None
    text = " ".join(_MARKER.sub(" ", answer).lower().replace("`", "").split())
    found = [re.search(rf"(?<![\w.,]){re.escape(f.replace('`', ''))}(?![\w])", text) for f in facts]
    return sum(bool(f) for f in found) / len(facts)


def has_key_facts(answer: str, reference: str) -> bool | None:
    """Right by the reference: at least half of its key facts, and every number in it."""
    recall = key_fact_recall(answer, reference)
    if recall is None:
        return None
    numbers = [f for f in key_facts(reference) if any(c.isdigit() for c in f)]
    text = _MARKER.sub(" ", answer).lower()
    return recall >= 0.5 and all(
        re.search(rf"(?<![\w.,]){re.escape(n)}(?![\w])", text) for n in numbers
    )
