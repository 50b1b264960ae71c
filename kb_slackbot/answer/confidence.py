"""How sure the answer is: one small, explainable rule.

Inputs: the calibrated relevance of each cited source (reranker scores in [0, 1]), how many
distinct pages support the answer, and whether it cites anything at all.

- low:    nothing cited, or the best cited source is below the low-confidence threshold;
- high:   the best cited source clears the high threshold (halfway between the
          low-confidence threshold and 1), or two or more distinct pages all clear the
          low-confidence threshold;
- medium: everything else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

Confidence = Literal["high", "medium", "low"]


@dataclass(frozen=True)
class ConfidenceInputs:
    cited_scores: list[float]
    distinct_pages: int
    cites: bool
    low_threshold: float

    def as_log(self) -> dict:
        return asdict(self)


def assess_confidence(inputs: ConfidenceInputs) -> Confidence:
    if not inputs.cites or not inputs.cited_scores:
        return "low"
    best = max(inputs.cited_scores)
    if best < inputs.low_threshold:
        return "low"
    high_threshold = inputs.low_threshold + (1 - inputs.low_threshold) / 2
    supported = inputs.distinct_pages >= 2 and min(inputs.cited_scores) >= inputs.low_threshold
    if best >= high_threshold or supported:
        return "high"
    return "medium"
