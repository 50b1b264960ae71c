"""Headings written without heading syntax: FAQ question lines, bold label lines, toggles,
lines in capitals and numbered section headings ("3.2 Hotels").

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
from itertools import pairwise

from .paragraphs import FENCE

# One level below any Markdown or HTML heading: a pseudo-heading nests under the section it is
# in, and the next one (or the next real heading) ends it.
PSEUDO_LEVEL = 7
CAPITALS_LEVEL = 6  # a heading in capitals: FAQ questions and bold labels nest under it
_SECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)*[.)]?\s+")
_PLAIN = re.compile(r"[^\W_][\w\s&/,'’().\-–]*")

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
# A toggle written as raw HTML in Markdown (GitHub-style FAQ): "<details>", its
# "<summary>Question?</summary>" line, and "</details>".
_SUMMARY = re.compile(r"^\s*(?:<details[^>]*>\s*)?<summary[^>]*>(?P<s>.+?)</summary>\s*$", re.I)
_DETAILS_TAG = re.compile(r"^\s*</?details[^>]*>\s*$", re.I)
_TAG = re.compile(r"<[^>]+>")
_MARK = "\x1f"  # + level digit, set before a line that is a heading (see mark_lines)
_SETEXT = re.compile(r"^ {0,3}(=|-)\1{2,}\s*$")
_STRUCTURE = re.compile(r"^\s*(?:[-*+>|#]|\d+[.)]\s)")  # list, quote, table, heading


def faq_question(line: str) -> str | None:
    """The question a FAQ question line asks, or None for any other line."""
    match = _BOLD_QUESTION.match(line) or _LABELLED_QUESTION.match(line)
    return match.group("q").strip() if match else None


def is_label(text: str) -> bool:
    """A short title-like text: at most eight words, no sentence punctuation at its end."""
    text = text.strip()
    return 0 < len(text.split()) <= 8 and text[-1] not in ".!?:;,"


def mark_lines(lines: list[str]) -> list[str]:
    """``lines`` prepared for :func:`pseudo_heading` (same number of lines):
    - a bold label line followed by a blank line is marked as a heading ("**Batch**" right
      above ": A group of shipments…" is a definition's term, not a section);
    - a one-line paragraph underlined with "===" or "---" (a Setext heading) is marked as a
      heading of level 1 or 2, and its underline blanked;
    - the "A:" label is dropped from the first line of each FAQ answer;
    - a raw-HTML toggle's "<summary>" line is marked as a heading, its "<details>" tag blanked
      and its "</details>" the end of the summary's section;
    - a short one-line paragraph in capitals is marked as a heading (``CAPITALS_LEVEL``).
    Lines inside fenced code are left as they are."""
    out: list[str] = []
    after_question = in_fence = in_toggle = False
    for n, line in enumerate(lines):
        fence = bool(FENCE.match(line))
        in_fence = in_fence != fence
        if in_fence or fence:
            out.append(line)
            continue
        bold = _BOLD_LINE.match(line)
        underline = _SETEXT.match(line)
        summary = _SUMMARY.match(line)
        summary_text = _TAG.sub("", summary.group("s")).strip() if summary else ""
        if _capitals_heading(lines, n):
            line = f"{_MARK}{CAPITALS_LEVEL}{line.strip()}"
        elif summary_text:
            line = f"{_MARK}{PSEUDO_LEVEL}{summary_text}"
            in_toggle = True
        elif _DETAILS_TAG.match(line):
            # "</details>" ends the section its summary heads: what follows is no answer to it
            closes = in_toggle and "/" in line
            line = heading_mark(PSEUDO_LEVEL) if closes else ""
            in_toggle = in_toggle and not closes
        elif underline and _heading_text(out, n):
            level = 1 if underline.group(1) == "=" else 2
            out[n - 1] = f"{_MARK}{level}{out[n - 1].strip()}"
            line = ""
        elif faq_question(line):
            after_question = True
        elif _plain_question(lines, n):
            line = f"{_MARK}{PSEUDO_LEVEL}{line.strip()}"
        elif bold and is_label(bold.group("label")):
            if n + 1 == len(lines) or not lines[n + 1].strip():
                line = f"{_MARK}{PSEUDO_LEVEL}{bold.group('label').strip()}"
        elif after_question and line.strip():
            line = _ANSWER_LABEL.sub(r"\1", line, count=1)
            after_question = False
        out.append(line)
    return out


_PLAIN_QUESTION = re.compile(r"^[¿A-ZÀ-ÖØ-Þ][^*_`\[\]<>|#]*\?$")
QUESTION_WORDS = 15


def plain_question(text: str) -> bool:
    """A short text that is one question, without markup ("How do I reset my password?")."""
    text = text.strip()
    return bool(_PLAIN_QUESTION.match(text)) and len(text.split()) <= QUESTION_WORDS


def _plain_question(lines: list[str], n: int) -> bool:
    """A FAQ question typed without bold or "Q:" ("How do I reset my password?"): a short
    line that is one question, starting a paragraph, with an answer after it (on the next line
    or in the next paragraph) that is no question itself."""
    if not plain_question(lines[n]):
        return False
    if n > 0 and lines[n - 1].strip():  # not the first line of its paragraph
        return False
    after = next((lines[k].strip() for k in range(n + 1, len(lines)) if lines[k].strip()), "")
    return bool(after) and not after.endswith("?") and not _SETEXT.match(after)


def _capitals_heading(lines: list[str], n: int) -> bool:
    """A one-line paragraph in capitals, short and title-like ("TRAVEL AND EXPENSES",
    "4.2 SICK LEAVE"): how plain-text handbooks mark their sections."""
    words = _SECTION_NUMBER.sub("", lines[n].strip())
    return (
        is_label(words)
        and bool(_PLAIN.fullmatch(words))  # no markup: "**PARKING**" is a bold label
        and sum(c.isalpha() for c in words) >= 4
        and words == words.upper()
        and (n == 0 or not lines[n - 1].strip())
        and (n + 1 == len(lines) or not lines[n + 1].strip())
    )


def _heading_text(out: list[str], n: int) -> bool:
    """Whether the line above an underline is a one-line paragraph of prose."""
    above = out[n - 1] if n else ""
    return bool(
        above.strip()
        and (n < 2 or not out[n - 2].strip())
        and not above.startswith(_MARK)
        and not _STRUCTURE.match(above)
    )


def heading_mark(level: int, text: str = "") -> str:
    """A line that :func:`pseudo_heading` reads as a heading of ``level``; without ``text``
    it only ends the sections at that level and below (as a step's heading does)."""
    return f"{_MARK}{level}{text}"


def pseudo_heading(line: str) -> tuple[int, str] | None:
    """The (level, heading) a marked line stands for, or a FAQ question's; else None."""
    if line.startswith(_MARK):
        return int(line[1]), line[2:]
    question = faq_question(line)
    return (PSEUDO_LEVEL, question) if question else None


_TOC_PAGE = re.compile(r"(?:\s*\.{2,}\s*|\s+)\d{1,3}$")
_NUMBERED = re.compile(r"^\s*(\d{1,2}(?:\.\d{1,2})*)\.?\s+([A-ZÀ-ÖØ-Þ][^\n]*?)\s*$")


def numbered_headings(pages: list[str]) -> dict[str, int]:
    """Numbered section headings ("5. Air travel", "3.2 Hotels") → their level: short lines
    (of a PDF's pages or a text file) with no sentence punctuation at the end, numbered in
    order through the whole document (at least three). Numbered steps restart in every list
    and end in a full stop, so a document whose candidates do not count up keeps none."""
    found: list[tuple[str, tuple[int, ...]]] = []
    for page in pages:
        for line in page.split("\n"):
            match = _NUMBERED.match(line)
            if match and len(match.group(2).split()) <= 8 and line.rstrip()[-1] not in ".,;:!?":
                found.append((line.strip(), tuple(int(n) for n in match.group(1).split("."))))
    # A table of contents lists the headings first, each with its page ("5. Air travel ..... 2"):
    # an entry whose heading comes again later without the page number is not a heading.
    titles = {line for line, _ in found}
    found = [(line, n) for line, n in found if _TOC_PAGE.sub("", line) not in titles - {line}]
    numbers = [n for _, n in found]
    if len(found) < 3 or any(b <= a for a, b in pairwise(numbers)):
        return {}
    return {line: len(number) for line, number in found}


# "Step 2: Enrol in Intune" as a heading (tutorials give each step a section of its own).
_STEP_HEADING = re.compile(
    r"^(?:step|schritt|passo|paso|etapa)\s+(?P<n>\d{1,2})\s*[:.)–—-]?\s*(?P<title>.*\S)?\s*$",
    re.IGNORECASE,
)


def step_heading(text: str) -> tuple[str, str] | None:
    """(number, what is done) of a heading that names a step ("Step 2: Enrol in Intune"), else
    None. Such a heading is read as the step's numbered item, its text after it, so that the
    steps of a page read as one list ("2. Enrol in Intune — Open Company Portal…") under the
    section they are steps of, not as sections of one paragraph each."""
    match = _STEP_HEADING.match(text.strip())
    return (match.group("n"), match.group("title") or "") if match else None
