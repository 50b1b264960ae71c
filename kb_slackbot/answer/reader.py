"""The no-LLM reader: picks the piece of the found pages that answers the question, verbatim.

It never writes a word of its own, so it cannot invent facts. Candidates are sentences, list
items, table rows (with their headers), code with its step, and — for how-to questions — a
section's numbered steps (``candidates.py``). Each gets a few features (the semantic scorer's
score, how much of the question it covers, whether it holds the kind of fact asked for — an
amount, a time, a name — and how relevant its passage is); a logistic model fitted on public
reading-comprehension data (``benchmarks/fit_reader.py``) turns them into P(this piece holds
the answer). That probability also feeds the answerability decision.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..retrieval.keyword import tokenize
from ..retrieval.relevance import LogisticModel, term_weights
from .candidates import Unit, extract_units, section_steps
from .cues import has_new_type, is_howto, question_type

SemanticScorer = Callable[[str, list[str]], list[float]]
IdfLookup = Callable[[list[str]], dict[str, float]]

FEATURES = (
    "semantic",  # the semantic scorer's score for (question, piece)
    "semantic_gap",  # … minus the best piece's
    "coverage",  # IDF-weighted share of question terms in the piece
    "coverage_ctx",  # … in the piece plus its heading / lead-in
    "novelty",  # share of the piece's words that are not in the question
    "type_new",  # the question asks for an amount / time / name / place; the piece has one
    # that the question does not already contain
    "type_miss",  # the question asks for one and the piece has no new one
    "coverage_prev",  # coverage of the piece before it (answers often follow the sentence
    "coverage_next",  # that restates the question) and of the piece after it
    "log_words",
    "passage",  # relevance probability of the piece's passage
    "passage_gap",  # … minus the best passage's
)


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


@dataclass(frozen=True)
class Pick:
    number: int
    unit: Unit
    probability: float


@dataclass(frozen=True)
class Reading:
    """What the reader found: the chosen pieces, best first, and its confidence in the best."""

    picks: list[Pick]
    best: float  # P(the best piece holds the answer); 0 when there was nothing to read
    coverage: float = 0.0  # how much of the question the best piece covers (IDF-weighted)
    semantic: float = 0.0  # the semantic scorer's score for the best piece

    def text(self) -> str:
        """The answer as Markdown with [n] markers, pieces in the order they were chosen."""
        parts = []
        for pick in self.picks:
            body = pick.unit.text
            if "\n" in body:  # steps and code keep their lines
                parts.append(f"{body}\n[{pick.number}]")
            else:
                ending = "" if body[-1:] in ".!?:" else "."
                parts.append(f"{body}{ending} [{pick.number}]")
        return ("\n\n" if _multiline(self.picks) else " ").join(parts)


def _multiline(picks: Sequence[Pick]) -> bool:
    return any("\n" in p.unit.text for p in picks)


def _covered(weights: dict[str, float], words: set[str]) -> float:
    """Summed weight of the question terms a piece contains; a term also matches a longer
    word it begins ("mac" → "macos", "config" → "configuration"), a light stemming that
    works the same in every language."""
    total = 0.0
    for term, weight in weights.items():
        if term in words or (len(term) >= 3 and any(w.startswith(term) for w in words)):
            total += weight
    return total


def unit_features(
    question: str,
    units: Sequence[Unit],
    semantic: Sequence[float],
    idf: dict[str, float],
    passage_relevance: Sequence[float],
    passage_ids: Sequence[int] | None = None,
) -> np.ndarray:
    """One row per unit, columns in FEATURES. Units of one passage are consecutive and in
    reading order; ``passage_ids`` says which passage each came from."""
    if not units:
        return np.zeros((0, len(FEATURES)))
    weights, total = term_weights(tokenize(question), idf)
    kind = question_type(question)
    sem = np.asarray(semantic, dtype=np.float64)
    rel = np.asarray(passage_relevance, dtype=np.float64)
    ids = list(passage_ids) if passage_ids is not None else [0] * len(units)
    words = [tokenize(u.text) for u in units]
    coverage = [_covered(weights, set(ws)) / total for ws in words]
    rows = []
    for i, (unit, s, r) in enumerate(zip(units, sem, rel, strict=True)):
        ctx = set(words[i]) | set(tokenize(unit.context))
        new = has_new_type(kind, unit.text, question) if kind else False
        prev = coverage[i - 1] if i > 0 and ids[i - 1] == ids[i] else 0.0
        nxt = coverage[i + 1] if i + 1 < len(units) and ids[i + 1] == ids[i] else 0.0
        rows.append(
            [
                s,
                s - sem.max(),
                coverage[i],
                _covered(weights, ctx) / total,
                (sum(1 for w in words[i] if w not in weights) / len(words[i])) if words[i] else 0,
                1.0 if kind and new else 0.0,
                1.0 if kind and not new else 0.0,
                prev,
                nxt,
                math.log(max(unit.words, 1)),
                r,
                r - rel.max(),
            ]
        )
    return np.asarray(rows, dtype=np.float64)


@dataclass(frozen=True)
class ReaderConfig:
    max_words: int = 60  # an answer of single pieces stops growing past this
    second_ratio: float = 0.9  # a second piece must score ≥ this × the best
    max_passages: int = 3
    passage_margin: float = 0.0  # passages below this × the best passage's relevance are skipped
    steps_max_lines: int = 40


class Reader:
    name = "extractive"
    model = "extractive"

    def __init__(
        self,
        scorer: SemanticScorer,
        model: LogisticModel,
        config: ReaderConfig = ReaderConfig(),
        skip: Callable[[str], bool] = lambda _text: False,
    ) -> None:
        """``skip`` marks text that must never be quoted (e.g. instructions planted in a page)."""
        self.scorer = scorer
        self.model = model
        self.config = config
        self.skip = skip

    def units(self, passages: Sequence[Passage]) -> list[tuple[Passage, Unit]]:
        best = max((p.relevance for p in passages), default=0.0)
        kept = [p for p in passages if p.relevance >= best * self.config.passage_margin]
        out: list[tuple[Passage, Unit]] = []
        seen: set[str] = set()
        for passage in kept[: self.config.max_passages]:
            for unit in extract_units(passage.text, passage.heading):
                key = unit.text.lower()
                if key in seen or self.skip(unit.text):
                    continue
                seen.add(key)
                out.append((passage, unit))
        return out

    def features(
        self, question: str, pairs: Sequence[tuple[Passage, Unit]], idf: dict[str, float]
    ) -> np.ndarray:
        units = [u for _, u in pairs]
        semantic = self.scorer(question, [_scored_text(u) for u in units])
        return unit_features(
            question,
            units,
            semantic,
            idf,
            [p.relevance for p, _ in pairs],
            [p.number for p, _ in pairs],
        )

    def read(self, question: str, passages: Sequence[Passage], idf: IdfLookup) -> Reading:
        pairs = self.units(passages)
        if not pairs:
            return Reading([], 0.0)
        weights = idf(tokenize(question))
        rows = self.features(question, pairs, weights)
        return self.select(question, pairs, self.model.predict(rows), rows, weights)

    def select(
        self,
        question: str,
        pairs: Sequence[tuple[Passage, Unit]],
        probabilities: np.ndarray,
        rows: np.ndarray,
        idf: dict[str, float],
    ) -> Reading:
        """The best piece; for a how-to question its section's steps; a close second piece
        when it fits the word budget."""
        order = list(np.argsort(-probabilities, kind="stable"))
        best_passage, best_unit = pairs[order[0]]
        best = float(probabilities[order[0]])
        facts = {
            "coverage": float(rows[order[0], FEATURES.index("coverage")]),
            "semantic": float(rows[order[0], FEATURES.index("semantic")]),
        }
        if is_howto(question):
            found = self._best_steps(question, pairs, probabilities, idf)
            if found is not None:
                steps, cover = found
                # The steps are the piece shown: how much of the question they cover counts.
                return Reading([steps], best, max(cover, facts["coverage"]), facts["semantic"])
        picks = [Pick(best_passage.number, best_unit, best)]
        words = best_unit.words
        for i in order[1:3]:
            passage, unit = pairs[i]
            p = float(probabilities[i])
            if p < best * self.config.second_ratio or words + unit.words > self.config.max_words:
                break
            picks.append(Pick(passage.number, unit, p))
            words += unit.words
        return Reading(picks, best, **facts)

    def _best_steps(
        self,
        question: str,
        pairs: Sequence[tuple[Passage, Unit]],
        probabilities: np.ndarray,
        idf: dict[str, float],
    ) -> tuple[Pick, float] | None:
        """For a how-to question: the numbered steps of the section that matches it best.

        The sections considered are those of the passages read and the other sections of
        their pages; each is scored by how much of the question its heading and steps cover
        (IDF-weighted), ties going to the passage the reader liked best."""
        best_by_passage: dict[int, tuple[float, Passage]] = {}
        for (passage, _unit), p in zip(pairs, probabilities, strict=True):
            if p > best_by_passage.get(passage.number, (-1.0, passage))[0]:
                best_by_passage[passage.number] = (float(p), passage)
        weight, total = term_weights(tokenize(question), idf)
        options: list[tuple[float, float, Passage, str, str]] = []
        for p, passage in sorted(best_by_passage.values(), key=lambda x: -x[0]):
            sections = [(passage.heading, passage.section or passage.text), *passage.page_sections]
            for heading, text in sections:
                steps = section_steps(text, self.config.steps_max_lines)
                if not steps or self.skip(steps):
                    continue
                cover = _covered(weight, set(tokenize(f"{heading} {steps}"))) / total
                options.append((cover, p, passage, heading, steps))
        if not options:
            return None
        cover, p, passage, heading, steps = max(options, key=lambda o: (o[0], o[1]))
        section = heading.split(" › ", 1)[1] if " › " in heading else ""
        text = f"*{section}*\n{steps}" if section else steps
        return Pick(passage.number, Unit("steps", text, heading), p), cover


def _scored_text(unit: Unit) -> str:
    """The scorer sees a list item with its lead-in, a row with its heading."""
    if unit.kind in ("item", "row") and unit.context:
        return f"{unit.context}: {unit.text}"
    return unit.text
