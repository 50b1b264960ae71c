"""The no-LLM answerer: picks the sentences that best answer the question, verbatim.

It never writes a word of its own beyond joining sentences, so it cannot invent facts. Each
chosen sentence keeps its source's ``[n]``. Sentence relevance comes from the same reranker
(or embedding model) the search uses, injected as ``scorer``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .base import Generation, Usage

SentenceScorer = Callable[[str, list[str]], list[float]]

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-ZÀ-ÖØ-Þ0-9])")
_MARKUP = [
    (re.compile(r"^\s{0,3}#{1,6}\s+"), ""),  # heading marks
    (re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+"), ""),  # list bullets
    (re.compile(r"\*\*(.+?)\*\*|__(.+?)__"), r"\1\2"),  # bold
    (re.compile(r"\[([^\]]+)\]\([^)]+\)"), r"\1"),  # links keep their text
    (re.compile(r"`([^`]+)`"), r"`\1`"),
]


@dataclass(frozen=True)
class ExtractSource:
    number: int
    title: str
    text: str
    relevance: float


def clean_sentence(text: str) -> str:
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def candidate_sentences(text: str) -> list[str]:
    """Sentences worth quoting: prose and list items, not tables, code or headings alone."""
    out: list[str] = []
    for line_group in re.split(r"\n\s*\n|\n(?=\s*(?:[-*+•]|\d+[.)])\s)", text):
        if line_group.lstrip().startswith(("```", "|", "~~~")):
            continue
        for sentence in _SENTENCE.split(line_group):
            cleaned = clean_sentence(sentence)
            words = len(cleaned.split())
            if 4 <= words <= 80 and not cleaned.endswith(":"):
                out.append(cleaned)
    return out


class ExtractiveAnswerer:
    name = "extractive"
    model = "extractive"

    def __init__(self, scorer: SentenceScorer, max_sentences: int = 3, max_sources: int = 3):
        self.scorer = scorer
        self.max_sentences = max_sentences
        self.max_sources = max_sources

    def answer(self, question: str, sources: list[ExtractSource]) -> Generation:
        pool: list[tuple[int, int, str]] = []  # (source number, position, sentence)
        for source in sources[: self.max_sources]:
            for position, sentence in enumerate(candidate_sentences(source.text)):
                pool.append((source.number, position, sentence))
        if not pool:
            return Generation("", Usage())
        scores = self.scorer(question, [s for _, _, s in pool])
        ranked = sorted(zip(scores, pool, strict=True), key=lambda x: x[0], reverse=True)
        best = ranked[0][0]
        # Keep sentences close to the best one; a weak second sentence only adds noise.
        chosen = [item for score, item in ranked[: self.max_sentences] if score >= best * 0.85]
        chosen.sort(key=lambda item: (item[0], item[1]))  # read in source order
        seen: set[str] = set()
        parts: list[str] = []
        for number, _position, sentence in chosen:
            if sentence.lower() in seen:
                continue
            seen.add(sentence.lower())
            ending = "" if sentence[-1] in ".!?" else "."
            parts.append(f"{sentence}{ending} [{number}]")
        return Generation(" ".join(parts), Usage())
