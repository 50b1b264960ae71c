"""The table row a question names goes into the answer.

When a question names some rows of a table ("rentdesk 7.4", "late checkout fee porto?", "a
bid worth about 3m euros", "on thursdays"), named_rows passes the table's other rows over,
and the rows left are what the question asks about. The reader may still quote a sentence
of the page ("When RentDesk releases freeze, go to the pilot depot and go live everywhere")
over the row that holds the fact ("7.4 — … All depots: Tue 12 January 2027"). Then the
named row is shown after the reader's pieces, when its cells also hold a word of the
question that its label does not: a place names a row of every table on its page ("Eupen —
Tage: Samstag…" in the on-call table is no answer to "standpipe deposit for eupen?").
Public reading-comprehension text has no tables, so this is a rule, not a fit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..retrieval.term_prior import is_everyday
from ..retrieval.tokens import tokenize
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
    question: str,
    reading: Reading,
    pairs: Sequence[tuple[Passage, Unit]],
    named: Sequence[int],
    probabilities: np.ndarray,
    max_words: int,
) -> Reading:
    """``reading`` with the likeliest named row that says more of the question than its
    name after its pieces, unless it shows a named row already, answers with steps, or the
    row alone is longer than an answer may be."""
    if not reading.picks or not named or reading.picks[0].unit.kind == "steps":
        return reading
    shown = [pick.unit.shown for pick in reading.picks]
    if any(_holds(shown, pairs[i][1]) for i in named):
        return reading
    named = [i for i in named if says_more(question, pairs[i][1].text)]
    if not named:
        return reading
    best = max(named, key=lambda i: float(probabilities[i]))
    passage, unit = pairs[best]
    if unit.shown_words > max_words:
        return reading
    pick = Pick(passage.number, unit, float(probabilities[best]), passage.heading)
    return replace(reading, picks=[*reading.picks, pick])


def _holds(shown: list[str], unit: Unit) -> bool:
    return any(overlaps(unit.shown, text) for text in shown)


def says_more(question: str, row: str) -> bool:
    """The row's cells hold a word of the question that its label does not and everyday
    text is not full of ("printer queue" in "Stockport — …; Printer queue: …"; a word and its
    plural or compound alike: "fridays" / "Friday", "checkout" / "Check-out")."""
    label, _, cells = row.partition(LABEL_END)
    named = set(tokenize(label))
    asked = {
        w
        for w in tokenize(question)
        if w not in named and not is_everyday(w) and (len(w) >= 3 or any(c.isdigit() for c in w))
    }
    return any(
        w == c or (min(len(w), len(c)) >= 4 and (w.startswith(c) or c.startswith(w)))
        for w in asked
        for c in set(tokenize(cells))
    )
