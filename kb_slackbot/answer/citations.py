"""Turning the model's [n] markers into a clean, renumbered, verified list of sources."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .context import ContextSource

_MARKER = re.compile(r"\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])")


@dataclass(frozen=True)
class CitedAnswer:
    text: str
    cited: list[ContextSource]  # in order of first use; position i is marker [i + 1]
    invented: list[int]  # numbers the model cited that were never given to it


def map_citations(answer: str, sources: list[ContextSource]) -> CitedAnswer:
    """Keep only markers that point at a given source, renumbered by first use.

    Two given sources that are the same place (document and location) share one number.
    """
    by_number = {s.number: s for s in sources}
    place_to_new: dict[tuple[str, str], int] = {}
    cited: list[ContextSource] = []
    invented: list[int] = []

    def replace(match: re.Match[str]) -> str:
        numbers: list[int] = []
        for raw in match.group(1).split(","):
            number = int(raw)
            source = by_number.get(number)
            if source is None:
                invented.append(number)
                continue
            place = (source.result.chunk.doc_id, source.result.chunk.location)
            if place not in place_to_new:
                cited.append(source)
                place_to_new[place] = len(cited)
            new = place_to_new[place]
            if new not in numbers:
                numbers.append(new)
        return "".join(f"[{n}]" for n in numbers)

    text = _MARKER.sub(replace, answer)
    text = re.sub(r"(\[\d+\])(?:\1)+", r"\1", text)  # "[1][1]" → "[1]"
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()
    return CitedAnswer(text=text, cited=cited, invented=invented)
