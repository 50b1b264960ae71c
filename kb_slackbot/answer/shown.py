"""The reader's picks as the answer shows them: each piece with what its page gives it for
display (its section heading, its links), and the pieces in the question's language first.
What was chosen, and the reading's figures, stay as the reader scored them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .candidates import Unit
from .headings import with_heading
from .links import with_page_links
from .pieces import Passage

if TYPE_CHECKING:
    from .reader import Reading


def as_shown(question: str, reading: Reading, pairs: Sequence[tuple[Passage, Unit]]) -> Reading:
    """Each piece as the answer shows it: after its section heading while that holds the fact
    asked for and the answer does not yet (``headings``), with its page's links (``links``)."""
    home = {id(unit): passage for passage, unit in pairs}
    picks, said = [], ""
    for pick in reading.picks:
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
