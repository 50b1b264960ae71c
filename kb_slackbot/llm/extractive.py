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


_TERM = re.compile(r"\w{4,}", re.UNICODE)


def _terms(text: str) -> set[str]:
    return {t.lower() for t in _TERM.findall(text)}


def _overlap(terms: set[str], sentence: str) -> float:
    """Share of the question's content words (4+ letters) the sentence contains."""
    return len(terms & _terms(sentence)) / len(terms) if terms else 0.0


class ExtractiveAnswerer:
    name = "extractive"
    model = "extractive"

    def __init__(
        self,
        scorer: SentenceScorer,
        max_sentences: int = 3,
        max_sources: int = 3,
        source_margin: float = 0.1,
    ):
        self.scorer = scorer
        self.max_sentences = max_sentences
        self.max_sources = max_sources
        self.source_margin = source_margin

    def answer(self, question: str, sources: list[ExtractSource]) -> Generation:
        if not sources:
            return Generation("", Usage())
        # Only passages nearly as relevant as the best one may contribute a sentence.
        best_source = max(s.relevance for s in sources)
        chosen_sources = [s for s in sources if s.relevance >= best_source - self.source_margin]
        pool: list[tuple[int, int, str]] = []  # (source number, position, sentence)
        weights: list[float] = []
        for source in chosen_sources[: self.max_sources]:
            for position, sentence in enumerate(candidate_sentences(source.text)):
                pool.append((source.number, position, sentence))
                weights.append(source.relevance)
        if not pool:
            return Generation("", Usage())
        model_scores = self.scorer(question, [s for _, _, s in pool])
        terms = _terms(question)
        # A sentence must match the question itself, come from a relevant passage, and
        # share the question's words; the model score alone favours generic sentences.
        scores = [
            0.5 * m + 0.3 * w + 0.2 * _overlap(terms, sentence)
            for m, w, (_, _, sentence) in zip(model_scores, weights, pool, strict=True)
        ]
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
