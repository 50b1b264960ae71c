"""The quoted sentence with the next one of its paragraph: a rule's condition or deadline.

Docs state a rule and qualify it in the sentence that follows ("You can carry over up to 5
unused days." → "Carried-over days must be used by 31 March…"); quoted alone, the first is
a half answer. The reader's pieces are single sentences, so the best one is shown with the
next sentence of its paragraph while both fit a word budget (measured on the public sets:
``benchmarks/fit_reader.py``, "Neighbour"). A list item comes with the next item only when
that one holds a word of the question: items are parallel entries, and the next city's
rate is no part of the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from .candidates import Unit
from .piece_features import LEXICAL_FEATURES
from .pieces import Passage, Pick, Reading, overlaps


def with_next_piece(
    reading: Reading,
    pairs: Sequence[tuple[Passage, Unit]],
    lexical: np.ndarray,
    budget: int,
    max_words: int,
) -> Reading:
    """``reading`` with the piece after its best one in the same paragraph or list, when it
    fits ``budget`` words with the best; the other picks stay while the answer fits
    ``max_words``. ``pairs``: every piece read; ``lexical``: their first-pass rows."""
    if not reading.picks or reading.picks[0].unit.kind not in ("sentence", "item"):
        return reading
    best = reading.picks[0]
    home = next((p for p, u in pairs if u is best.unit), None)
    found = [
        (i, u)
        for i, (p, u) in enumerate(pairs)
        if p is home
        and u.block >= 0
        and u.block == best.unit.block
        and u.position == best.unit.position + 1
        and u.kind == best.unit.kind
    ]
    if not found:
        return reading
    i, unit = found[0]
    if unit.kind == "item" and lexical[i, LEXICAL_FEATURES.index("coverage")] <= 0:
        return reading
    words = best.unit.shown_words + unit.shown_words
    said = " ".join(p.unit.shown for p in reading.picks)
    if words > budget or overlaps(unit.text, said):
        return reading
    picks = [best, Pick(best.number, unit, best.probability, best.heading)]
    for other in reading.picks[1:]:
        if words + other.unit.shown_words <= max_words:
            picks.append(other)
            words += other.unit.shown_words
    return replace(reading, picks=picks)
