"""FAQ pages written without headings: a question line is the heading of the answer after it.

Handbooks often write a FAQ as a bold question line ("**Can I use my own laptop?**") or a
labelled one ("Q: Is there a printer quota?", "Frage: …", "Pergunta: …") followed by the answer
("A: Yes, 500 pages a month."). Read as prose, the reader quotes the question back ("Q: Is
there a printer quota?") or cuts the answer after "No."; read as a heading, the question
places its answer in a section of its own, matched by the heading and cited as
"Title › Question".
"""

from __future__ import annotations

import re

# One level below any Markdown or HTML heading: a question nests under the section it is in,
# and the next question (or the next real heading) ends it.
FAQ_LEVEL = 7

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


def faq_question(line: str) -> str | None:
    """The question a FAQ question line asks, or None for any other line."""
    match = _BOLD_QUESTION.match(line) or _LABELLED_QUESTION.match(line)
    return match.group("q").strip() if match else None


def without_answer_labels(lines: list[str]) -> list[str]:
    """``lines`` with the "A:" label dropped from the first line of each question's answer."""
    out: list[str] = []
    after_question = False
    for line in lines:
        if faq_question(line):
            after_question = True
        elif after_question and line.strip():
            line = _ANSWER_LABEL.sub(r"\1", line, count=1)
            after_question = False
        out.append(line)
    return out
