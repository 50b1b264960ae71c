"""The table row a question names goes into the answer.

When a question names some rows of a table ("rentdesk 7.4", "late checkout fee porto?", "a
bid worth about 3m euros", "on thursdays"), named_rows passes the table's other rows over,
and the rows left are what the question asks about. The reader may still quote a sentence
of the page ("When RentDesk releases freeze, go to the pilot depot and go live everywhere")
over the row that holds the fact ("7.4 — … All depots: Tue 12 January 2027"). Then the
named row is shown after the reader's pieces. Public reading-comprehension text has no
tables, so this is a rule, not a fit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from .candidates import Unit
from .named_rows import LABEL_END
from .pieces import Passage, Pick, Reading, overlaps


def named_positions(pairs: Sequence[tuple[Passage, Unit]], passed_over: set[int]) -> set[int]:
    """The rows of ``pairs`` kept in a table some other rows of which were passed over (the
    question named them); not the rows of a table passed over whole (about siblings)."""
    tables: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, (passage, unit) in enumerate(pairs):
        if unit.kind == "row" and LABEL_END in unit.text:
            tables[(passage.heading, unit.context)].append(i)
    named: set[int] = set()
    for rows in tables.values():
        kept = [i for i in rows if i not in passed_over]
        if kept and len(kept) < len(rows):
            named.update(kept)
    return named


def with_named_row(
    reading: Reading,
    pairs: Sequence[tuple[Passage, Unit]],
    named: Sequence[int],
    probabilities: np.ndarray,
    max_words: int,
) -> Reading:
    """``reading`` with the likeliest named row after its pieces, unless it shows one
    already, answers with steps, or the row alone is longer than an answer may be."""
    if not reading.picks or not named or reading.picks[0].unit.kind == "steps":
        return reading
    shown = [pick.unit.shown for pick in reading.picks]
    if any(pairs[i][1].shown in shown or _holds(shown, pairs[i][1]) for i in named):
        return reading
    best = max(named, key=lambda i: float(probabilities[i]))
    passage, unit = pairs[best]
    if unit.shown_words > max_words:
        return reading
    pick = Pick(passage.number, unit, float(probabilities[best]), passage.heading)
    return replace(reading, picks=[*reading.picks, pick])


def _holds(shown: list[str], unit: Unit) -> bool:
    return any(overlaps(unit.shown, text) for text in shown)
