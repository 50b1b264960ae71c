"""What the reader reads and what it picks: a found passage, and one chosen piece of it."""

from __future__ import annotations

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
