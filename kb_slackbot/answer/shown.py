"""The reader's picks as the answer shows them: each piece with what its page gives it for
display (its section heading, its links), and the pieces in the question's language first.
What was chosen, and the reading's figures, stay as the reader scored them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .candidates import Unit
from .headings import with_heading
from .links import with_page_links
from .pieces import Passage, Pick, Reading


def as_shown(question: str, reading: Reading, pairs: Sequence[tuple[Passage, Unit]]) -> Reading:
    """Each piece as the answer shows it: after its section heading while that holds the fact
    asked for and the answer does not yet (``headings``), with its page's links (``links``);
    rows of one table in the table's order."""
    home = {id(unit): passage for passage, unit in pairs}
    picks, said = [], ""
    for pick in _rows_in_table_order(reading.picks, home):
        passage = home.get(id(pick.unit))
        if passage is not None:
            unit = with_page_links(passage, with_heading(question, passage, pick.unit, said))
            pick = replace(pick, unit=unit) if unit is not pick.unit else pick
        picks.append(pick)
        said = f"{said} {pick.unit.shown}"
    return replace(reading, picks=picks) if picks != reading.picks else reading


def asked_language_first(reading: Reading, pairs: Sequence[tuple[Passage, Unit]]) -> Reading:
    """The pieces shown in the question's language first: when a Portuguese page's piece
    scored best and an English page's came second, an English question reads the English one
    first (and cites it as [1]). The order shown only; the reading's figures stay the best
    piece's."""
    foreign = {passage.number: passage.cross_language for passage, _ in pairs}
    picks = sorted(reading.picks, key=lambda pick: foreign.get(pick.number, False))
    return replace(reading, picks=picks) if picks != reading.picks else reading


def _rows_in_table_order(picks: Sequence[Pick], home: dict[int, Passage]) -> list[Pick]:
    """Rows picked from one table after the best piece keep the table's order in the places
    the reader gave them: a timeline reads "Day 0 … Day 5 … Day 30", not in the order the
    rows scored. The best piece stays first: it is the answer ("Scale — … 500" before the
    other plans' rows)."""
    tables: dict[int, list[int]] = {}
    for i, pick in enumerate(picks[1:], start=1):
        passage = home.get(id(pick.unit))
        if passage is not None and pick.unit.kind == "row":
            tables.setdefault(id(passage), []).append(i)
    ordered = list(picks)
    for slots in tables.values():
        rows = sorted((picks[i] for i in slots), key=lambda pick: pick.unit.position)
        for i, pick in zip(slots, rows, strict=True):
            ordered[i] = pick
    return ordered
