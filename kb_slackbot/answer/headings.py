"""What a section's heading adds to reading: the section a question names, and the fact a
piece leaves to its heading.

Pages are written in sections, and a heading often carries what the question names or asks:
"what was the root cause of INC-2214?" names the postmortem's "Root cause" section (the code is
in its summary table, which is what ranked); a changelog entry says its version once, in the
heading ("2025-09-15 — API version 2025-09-01"), over "weight is now an integer in grams".
The public sets' passages have no sections (a title only), so none of this moves a fitted
figure; it is checked on the sample KBs.
"""

from __future__ import annotations

from dataclasses import replace

from ..retrieval.keyword import tokenize
from .candidates import Unit
from .cues import heading_holds_fact
from .pieces import Passage


def with_heading(question: str, passage: Passage, unit: Unit, said: str = "") -> Unit:
    """``unit`` shown after its section heading when the heading holds the fact asked for and
    neither the piece nor the answer before it (``said``) does (``cues.heading_holds_fact``).
    Only a section's heading, not a page title alone: the title names the whole page."""
    if " › " not in passage.heading or "\n" in unit.text:
        return unit
    section = passage.heading.rsplit(" › ", 1)[1]
    if not heading_holds_fact(question, f"{said} {unit.shown}", section):
        return unit
    return replace(unit, lead=f"*{section}*: {unit.lead}".rstrip())


def names_section(question: str, heading: str) -> bool:
    """The question names the section: every word of the section's own heading (of three
    letters or more) is one of the question's, or begins or extends one ("what was the root
    cause of INC-2214?" names the postmortem's "Root cause"). A page title alone names no
    section."""
    if " › " not in heading:
        return False
    words = [w for w in tokenize(heading.rsplit(" › ", 1)[1]) if len(w) >= 3]
    asked = [w for w in tokenize(question) if len(w) >= 3]
    return bool(words) and all(
        any(
            w == a or (min(len(w), len(a)) >= 4 and (a.startswith(w) or w.startswith(a)))
            for a in asked
        )
        for w in words
    )
