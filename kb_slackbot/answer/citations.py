"""Turning the model's [n] markers into a clean, renumbered, verified list of sources.

A sentence (or list item) whose every citation points at no given passage is a claim with no
source behind it that would otherwise read as cited; it is removed, not just its markers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .context import ContextSource
from .markdown_blocks import FENCE
from .sentences import is_abbreviation

_NUMBERS = r"\[\d{1,3}(?:\s*,\s*\d{1,3})*\]"
_MARKER = re.compile(r"\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]")
# What may join the markers of one run: "[1][2]", "[1], [2]", "[1] and [2]", "[1] und [2]" …
_JOINER = r"\s*(?:[,;&]\s*)?(?:(?:and|or|und|oder|e|ou|y|o|et)\s+)?"
_RUN = re.compile(rf"{_NUMBERS}(?:{_JOINER}{_NUMBERS})*", re.IGNORECASE)
_JOINERS = re.compile(rf"(?<=\]){_JOINER}(?=\[)", re.IGNORECASE)
# A sentence ends at . ! ? (its markers may follow: "Done. [1] Next …").
_SENTENCE_END = re.compile(rf"[.!?。](?:\s*{_NUMBERS})*\s+(?=[\"'(*_`¿¡]?[A-ZÀ-ÖØ-Þ0-9])")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])")


@dataclass(frozen=True)
class CitedAnswer:
    text: str
    cited: list[ContextSource]  # in order of first use; position i is marker [i + 1]
    invented: list[int]  # numbers the model cited that were never given to it
    removed_sentences: int = 0  # sentences / list items dropped: every citation was invented


def map_citations(answer: str, sources: list[ContextSource]) -> CitedAnswer:
    """Keep only markers that point at a given source, renumbered by first use.

    Two given sources that are the same place (document and location) share one number. A
    sentence or list item citing only numbers that were never given is removed whole.
    """
    by_number = {s.number: s for s in sources}
    place_to_new: dict[tuple[str, str], int] = {}
    cited: list[ContextSource] = []
    invented: list[int] = []

    def renumber(run: re.Match[str]) -> str:
        numbers: list[int] = []
        for marker in _MARKER.finditer(run.group(0)):
            for raw in marker.group(1).split(","):
                number = int(raw)
                source = by_number.get(number)
                if source is None:
                    invented.append(number)
                    continue
                place = (source.result.chunk.doc_id, source.result.chunk.location)
                if place not in place_to_new:
                    cited.append(source)
                    place_to_new[place] = len(cited)
                if place_to_new[place] not in numbers:
                    numbers.append(place_to_new[place])
        words = [j.strip() for j in _JOINERS.findall(run.group(0)) if j.strip()]
        joiner = "" if not words else (", " if words[-1] in ",;" else f" {words[-1]} ")
        return joiner.join(f"[{n}]" for n in numbers)

    def numbers_in(sentence: str) -> list[int]:
        return [int(n) for m in _MARKER.finditer(sentence) for n in m.group(1).split(",")]

    removed = 0
    lines: list[str] = []
    in_fence = False
    for line in answer.split("\n"):
        if FENCE.match(line) or in_fence:
            # Code is quoted verbatim: no markers to check, indentation kept.
            in_fence = in_fence != bool(FENCE.match(line))
            lines.append(line)
            continue
        bullet = _BULLET.match(line)
        prefix = bullet.group(0) if bullet else ""
        sentences = _sentences(line[len(prefix) :])
        kept: list[str] = []
        for sentence in sentences:
            numbers = numbers_in(sentence)
            if numbers and not any(n in by_number for n in numbers):
                invented.extend(numbers)
                removed += 1
            else:
                kept.append(sentence)
        if sentences and not kept:
            continue  # the whole line (a sentence, or a list item with its bullet) goes
        body = _RUN.sub(renumber, "".join(kept)).rstrip()
        body = re.sub(r"(\[\d+\])(?:\1)+", r"\1", body)  # "[1][1]" → "[1]"
        lines.append(prefix + _SPACE_BEFORE_PUNCT.sub(r"\1", re.sub(r"[ \t]{2,}", " ", body)))
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return CitedAnswer(text=text, cited=cited, invented=invented, removed_sentences=removed)


def _sentences(text: str) -> list[str]:
    """The sentences of one line, each with its trailing markers and whitespace."""
    parts: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(text):
        before = text[start : end.start()].split()
        number_next = text[end.end() : end.end() + 1].isdigit()
        if text[end.start()] == "." and before and is_abbreviation(before[-1], number_next):
            continue  # "e.g. Ubuntu" does not end a sentence
        parts.append(text[start : end.end()])
        start = end.end()
    parts.append(text[start:])
    return [p for p in parts if p.strip()]
