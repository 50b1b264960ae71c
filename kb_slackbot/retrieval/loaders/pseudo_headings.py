"""Headings written without heading syntax: FAQ question lines and bold label lines.

Handbooks often write a FAQ as a bold question line ("**Can I use my own laptop?**") or a
labelled one ("Q: Is there a printer quota?", "Frage: …", "Pergunta: …") followed by the answer
("A: Yes, 500 pages a month."), and pages exported from a word processor mark their sections
with a bold line ("**Parking**") instead of a heading. Read as prose, the reader quotes the
question back ("Q: Is there a printer quota?"), cuts the answer after "No.", and a whole page
is one section; read as headings, each answer is a section of its own, matched by its heading
and cited as "Title › Question".
"""

from __future__ import annotations

import re

# One level below any Markdown or HTML heading: a pseudo-heading nests under the section it is
# in, and the next one (or the next real heading) ends it.
PSEUDO_LEVEL = 7

_BOLD_QUESTION = re.compile(r"^\s*(\*\*|__)(?P<q>[^*_\n]{3,}\?)\s*\1\s*$")
_LABELLED_QUESTION = re.compile(
    r"^\s*(?:\*\*|__)?(?:Q|Question|F|Frage|P|Pergunta|Pregunta)\s*[:.)](?:\*\*|__)?\s*"
    r"(?P<q>.{3,}\?)\s*(?:\*\*|__)?\s*$",
    re.IGNORECASE,
)
_ANSWER_LABEL = re.compile(
    r"^(\s*)(?:\*\*|__)?(?:A|Answer|Antwort|R|Resposta|Respuesta)\s*[:.)](?:\*\*|__)?\s*",
    re.IGNORECASE,
)
_BOLD_LINE = re.compile(r"^\s*(\*\*|__)(?P<label>[^*_\n]+?)\1\s*$")
_MARK = "\x1f"  # set before a bold label line that stands alone (see mark_lines)


def faq_question(line: str) -> str | None:
    """The question a FAQ question line asks, or None for any other line."""
    match = _BOLD_QUESTION.match(line) or _LABELLED_QUESTION.match(line)
    return match.group("q").strip() if match else None


def is_label(text: str) -> bool:
    """A short title-like text: at most eight words, no sentence punctuation at its end."""
    text = text.strip()
    return 0 < len(text.split()) <= 8 and text[-1] not in ".!?:;,"


def mark_lines(lines: list[str]) -> list[str]:
    """``lines`` prepared for :func:`pseudo_heading`: a bold label line followed by a blank
    line is marked as a heading ("**Batch**" directly above ": A group of shipments…" is a
    definition's term, not a section), and the "A:" label is dropped from the first line
    of each FAQ answer."""
    out: list[str] = []
    after_question = False
    for n, line in enumerate(lines):
        bold = _BOLD_LINE.match(line)
        if faq_question(line):
            after_question = True
        elif bold and is_label(bold.group("label")):
            if n + 1 == len(lines) or not lines[n + 1].strip():
                line = _MARK + bold.group("label").strip()
        elif after_question and line.strip():
            line = _ANSWER_LABEL.sub(r"\1", line, count=1)
            after_question = False
        out.append(line)
    return out


def pseudo_heading(line: str) -> str | None:
    """The heading a (marked) line stands for, or None."""
    if line.startswith(_MARK):
        return line[len(_MARK) :]
    return faq_question(line)
