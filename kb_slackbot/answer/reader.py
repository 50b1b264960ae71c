"""The no-LLM reader: picks the piece of the found pages that answers the question, verbatim.

It never writes a word of its own, so it cannot invent facts. Candidates are sentences, list
items, table rows (with their headers), code with its step, and — for how-to questions — a
section's numbered steps (``candidates.py``; which steps, or which command goes with a
sentence: ``howto.py``). Reading is two logistic models fitted on public
reading-comprehension data (``benchmarks/fit_reader.py``):

1. a cheap first pass over every piece — how much of the question it covers, whether it holds
   the kind of fact asked for (an amount, a time, a name, a phone number), how relevant its
   passage is — keeps a short list;
2. the short list is embedded with the retrieval model (multilingual e5: it matches "vacation
   days" to "28 days of paid leave", which word overlap cannot) and the second model turns
   all of it into P(this piece holds the answer). That probability also feeds answerability.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..retrieval.keyword import tokenize
from ..retrieval.relevance import LogisticModel
from .candidates import Unit, extract_units
from .headings import names_section
from .howto import best_code, best_steps
from .multi_ask import with_asks
from .named_row_pick import named_positions, with_named_row
from .named_rows import row_namer, unnamed_rows
from .neighbour import with_next_piece
from .piece_features import FEATURES, SemanticScorer, scored_text, unit_features
from .pieces import Passage, Pick, Reading, overlaps
from .question_kinds import is_howto, question_type
from .shown import as_shown, asked_language_first

__all__ = ["Passage", "Pick", "Reader", "ReaderConfig", "Reading", "asked_language_first"]

IdfLookup = Callable[[list[str]], dict[str, float]]


@dataclass(frozen=True)
class ReaderConfig:
    max_words: int = 60  # an answer of single pieces stops growing past this
    # A second piece must score ≥ this × the best. Measured on the public sets (fit_reader.py,
    # "Second piece"): 0.7 finds the gold span 0.7-1.4 points more often than 0.9 for 1-2
    # more words, within 30 words on XQuAD-de; 0.5 costs 4.
    second_ratio: float = 0.7
    max_passages: int = 3
    passage_margin: float = 0.0  # passages below this × the best passage's relevance are skipped
    steps_max_lines: int = 40
    shortlist: int = 6  # pieces the first pass keeps for the semantic scorer (measured: 4-12
    # read alike on the public sets; each costs an embedding)
    cross_pieces: int = 30  # … plus up to this many pieces of passages in another language
    # The best sentence comes with the next one of its paragraph while both fit this many
    # words (0: never; neighbour.with_next_piece). Measured on the public sets (fit_reader.py,
    # "Neighbour"): 40 finds the gold span 0.4-1.3 points more often for 0.5-2.7 more words.
    neighbour_words: int = 40
    # A question's other asks get their best piece added when the reader gives it at least
    # this (multi_ask.with_asks). Chosen on public questions joined in pairs
    # (benchmarks/compound_questions.py): the floor that finds the most second answers minus
    # pieces added for a second question the passages do not answer, summed over the sets.
    ask_floor: float = 0.4


def _as_section(passage: Passage, heading: str, text: str) -> Passage:
    """Another section of ``passage``'s page, read at its relevance and cited as it."""
    return replace(passage, text=text, heading=heading, section=text, page_sections=())


class Reader:
    name = "extractive"
    model = "extractive"

    def __init__(
        self,
        scorer: SemanticScorer,
        first: LogisticModel,
        model: LogisticModel,
        config: ReaderConfig = ReaderConfig(),
        skip: Callable[[str], bool] = lambda _text: False,
    ) -> None:
        """``first``/``model``: the two passes' models (see the module docstring); ``skip``
        marks text that must never be quoted (e.g. instructions planted in a page)."""
        self.scorer = scorer
        self.first = first
        self.model = model
        self.config = config
        self.skip = skip

    def units(self, passages: Sequence[Passage], question: str = "") -> list[tuple[Passage, Unit]]:
        """Every piece of the passages read; when the question asks for a fact (an amount, a
        time, a place…), also the table rows of their pages' other sections: such a figure
        often sits in a table apart from the prose that ranked ("the São Paulo office is in
        Pinheiros…" ranks; the address is in the offices table above). A how-to or an open
        question is answered from the sections found (a troubleshooting row that mentions
        Linux is no answer to "how do I connect on Linux?"), but for the rows that name what
        an open question names ("whats the daily allowance in paris": the Paris row of the
        per-city table, which ranked too low to be read; named_rows.row_namer).

        Such a row is read at the relevance of the better passage whose page it is on, also
        when its own table ranked lower as a passage: a table does not lose to the page's
        prose for having been found ("$389 per month" lost to the annual prices because the
        plans table ranked third on its own, and would have won had it not ranked at all).
        So is every piece of a section the question names (``headings.names_section``)."""
        best = max((p.relevance for p in passages), default=0.0)
        kept = [p for p in passages if p.relevance >= best * self.config.passage_margin]
        kept = kept[: self.config.max_passages]
        out: list[tuple[Passage, Unit]] = []
        seen: set[str] = set()

        def add(passage: Passage, units: Sequence[Unit]) -> None:
            for unit in units:
                key = unit.text.lower()
                if key in seen or self.skip(unit.text):
                    continue
                seen.add(key)
                out.append((passage, unit))

        howto = is_howto(question)
        facts_elsewhere = bool(question_type(question)) and not howto
        names_row = row_namer(question, kept) if not howto else lambda _unit: False
        # (heading, section) → the most relevant passage read whose page holds that section
        on_page = {}
        for passage in sorted(kept, key=lambda p: -p.relevance):
            for other in passage.page_sections:
                on_page.setdefault(other, passage)
        for passage in kept:
            units = extract_units(passage.text, passage.heading)
            section = passage.section or passage.text
            better = on_page.get((passage.heading, section))
            if better is not None and better.relevance > passage.relevance:
                named = names_section(question, passage.heading)
                if named or facts_elsewhere:
                    lifted = units if named else [u for u in units if u.kind == "row"]
                    add(replace(passage, relevance=better.relevance), lifted)  # cited as itself
            add(passage, units)
        for passage in kept:
            for heading, text in passage.page_sections:
                if names_section(question, heading):
                    add(_as_section(passage, heading, text), extract_units(text, heading))
                elif facts_elsewhere:  # cited as the passage's page, read at its relevance
                    add(
                        _as_section(passage, heading, text),
                        [u for u in extract_units(text, heading) if u.kind == "row"],
                    )
                else:  # … and the rows that name what the question names
                    named = [u for u in extract_units(text, heading) if names_row(u)]
                    if named:
                        add(_as_section(passage, heading, text), named)
        return out

    def lexical(
        self, question: str, pairs: Sequence[tuple[Passage, Unit]], idf: dict[str, float]
    ) -> np.ndarray:
        return unit_features(
            question,
            [u for _, u in pairs],
            idf,
            [p.relevance for p, _ in pairs],
            [id(p) for p, _ in pairs],  # neighbours are pieces of the same passage or section
        )

    def shortlist(
        self, question: str, pairs: Sequence[tuple[Passage, Unit]], lexical: np.ndarray
    ) -> tuple[list[int], np.ndarray]:
        """The first pass: the pieces worth the semantic scorer, and their full feature rows."""
        order = [int(i) for i in np.argsort(-self.first.predict(lexical), kind="stable")]
        keep = order[: self.config.shortlist]
        # When the best passage is in another language, it shares no words with the question
        # and the first pass cannot tell its pieces apart: the semantic scorer sees every piece
        # of such passages. (A foreign passage below a best one in the question's language is
        # left to the short list: each piece costs an embedding.)
        best = max((passage for passage, _ in pairs), key=lambda p: p.relevance, default=None)
        if best is not None and best.cross_language:
            foreign = [i for i in order[len(keep) :] if pairs[i][0].cross_language]
            keep += foreign[: self.config.cross_pieces]
        semantic = np.asarray(
            self.scorer(question, [scored_text(pairs[i][1]) for i in keep]), dtype=np.float64
        )
        extra = np.stack([semantic, semantic - semantic.max()], axis=1)
        return keep, np.concatenate([lexical[keep], extra], axis=1)

    def read(
        self,
        question: str,
        passages: Sequence[Passage],
        idf: IdfLookup,
        asks: Sequence[str] = (),
    ) -> Reading:
        """``asks``: the question's asks when it asks several things (multi_ask.split_asks);
        each is also read on its own and its best piece added (multi_ask.with_asks)."""
        whole = self._read_one(question, passages, idf)
        if len(asks) < 2 or not whole.picks:
            return whole
        each = [self._read_one(ask, passages, idf) for ask in asks]
        return with_asks(whole, each, self.config.ask_floor, self.config.max_words)

    def _read_one(self, question: str, passages: Sequence[Passage], idf: IdfLookup) -> Reading:
        pairs = self.units(passages, question)
        if not pairs:
            return Reading([], 0.0)
        weights = idf(tokenize(question))
        return self.read_pieces(question, pairs, self.lexical(question, pairs, weights), weights)

    def read_pieces(
        self,
        question: str,
        pairs: Sequence[tuple[Passage, Unit]],
        lexical: np.ndarray,
        idf: dict[str, float],
    ) -> Reading:
        """Both passes over prepared pieces (the fitting script calls this too)."""
        named: list[int] = []
        if passed_over := unnamed_rows(question, pairs):
            kept = [i for i in range(len(pairs)) if i not in passed_over]
            rows_named = named_positions(pairs, passed_over)
            named = [n for n, i in enumerate(kept) if i in rows_named]
            pairs, lexical = [pairs[i] for i in kept], lexical[kept]
            if not pairs:  # only rows of other sites or plans than the one asked about
                return Reading([], 0.0)
        keep, rows = self.shortlist(question, pairs, lexical)
        chosen = [pairs[i] for i in keep]
        reading = self.select(question, chosen, self.model.predict(rows), rows, idf)
        if self.config.neighbour_words:
            reading = with_next_piece(
                reading, pairs, lexical, self.config.neighbour_words, self.config.max_words
            )
        if named:  # the row the question names, when the reader quoted something else
            first = self.first.predict(lexical)
            reading = with_named_row(question, reading, pairs, named, first, self.config.max_words)
        return asked_language_first(as_shown(question, reading, pairs), pairs)

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
            "type_miss": float(rows[order[0], FEATURES.index("type_miss")]),
            "foreign": best_passage.cross_language,
        }
        howto = is_howto(question)
        if howto:
            found = best_steps(
                question,
                pairs,
                probabilities,
                idf,
                best_passage.heading,
                self.scorer,
                self.config.steps_max_lines,
                self.skip,
            )
            if found is not None:
                steps, cover = found
                # The steps are the piece shown: how much of the question they cover counts.
                cover = max(cover, facts["coverage"])
                return Reading([steps], best, **{**facts, "coverage": cover})
        picks = [Pick(best_passage.number, best_unit, best, best_passage.heading)]
        words = best_unit.shown_words
        if howto and "```" not in best_unit.text:
            # A how-to answered by a sentence: the command its passage gives goes with it.
            code = best_code(pairs, probabilities, best_passage.number)
            if code is not None and overlaps(code.unit.text, best_unit.text):
                # The sentence introduces the command: quote them together.
                picks[0] = Pick(best_passage.number, code.unit, best, code.heading)
                words = code.unit.shown_words
            elif code is not None:
                picks.append(code)
                words += code.unit.shown_words
        looked = 0  # the next two pieces after the best are looked at
        for i in order[1:]:
            passage, unit = pairs[i]
            if len(picks) >= 3 or looked == 2:  # the best piece, its command, one more at most
                break
            if any(overlaps(unit.text, pick.unit.shown) for pick in picks):
                # a sentence and the code block it introduces: said once, and the repeat
                # does not take the place of the next piece
                continue
            looked += 1
            p = float(probabilities[i])
            too_long = words + unit.shown_words > self.config.max_words
            if p < best * self.config.second_ratio or too_long:
                break
            picks.append(Pick(passage.number, unit, p, passage.heading))
            words += unit.shown_words
        return Reading(picks, best, **facts)
