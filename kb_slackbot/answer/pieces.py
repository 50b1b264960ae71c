"""What the reader reads and what it finds: a found passage, one chosen piece of it, and the
reading (the pieces chosen, with the figures answerability weighs)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .candidates import Unit


@dataclass(frozen=True)
class Passage:
    """A found passage as the reader sees it."""

    number: int  # the [n] it is cited as
    text: str  # Markdown
    heading: str  # "Title › Section"
    relevance: float  # P(relevant) from the relevance model
    section: str = ""  # the whole section's Markdown when it spans several chunks
    # Other sections of the same page: (heading path, Markdown). A how-to question about
    # "Linux" may land on the page's introduction; its steps are in the "Linux" section.
    page_sections: tuple[tuple[str, str], ...] = ()
    cross_language: bool = False  # in another language than the question

    def page(self) -> list[tuple[str, str]]:
        """Every section of the passage's page the reader has, (heading path, Markdown): its
        own first, then the others."""
        return [(self.heading, self.section or self.text), *self.page_sections]


@dataclass(frozen=True)
class Pick:
    number: int
    unit: Unit
    probability: float
    # "Title › Section" of the section the piece was read from: the found passage's own, or
    # another section of its page (steps, a table's rows); the answer cites that section.
    heading: str = ""


def overlaps(a: str, b: str) -> bool:
    """One piece holds the other (a code block quoted with its lead-in sentence, a commented
    command and its whole block)."""
    a, b = " ".join(a.split()), " ".join(b.split())
    return a in b or b in a


@dataclass(frozen=True)
class Reading:
    """What the reader found: the chosen pieces, best first, and its confidence in the best."""

    picks: list[Pick]
    best: float  # P(the best piece holds the answer); 0 when there was nothing to read
    coverage: float = 0.0  # how much of the question the best piece covers (IDF-weighted)
    semantic: float = 0.0  # the semantic scorer's score for the best piece
    type_miss: float = 0.0  # 1: the question asks for an amount/time/name/place the best
    # piece does not hold
    foreign: bool = False  # the best piece is from a passage in another language than the
    # question (its cosine and coverage sit lower; answerability shifts for it)

    def text(self) -> str:
        """The answer as Markdown with [n] markers, pieces in the order they were chosen."""
        parts: list[str] = []
        for pick in self.picks:
            unit = pick.unit
            # A sentence that points back comes after its lead, unless an earlier pick said it.
            said = unit.lead and any(unit.lead in part for part in parts)
            body = unit.text if said else unit.shown
            if "\n" in body:  # steps and code keep their lines
                parts.append(f"{body}\n[{pick.number}]")
            else:
                ending = "" if body[-1:] in ".!?:" else "."
                parts.append(f"{body}{ending} [{pick.number}]")
        return ("\n\n" if _multiline(self.picks) else " ").join(parts)


def _multiline(picks: Sequence[Pick]) -> bool:
    return any("\n" in p.unit.text for p in picks)
