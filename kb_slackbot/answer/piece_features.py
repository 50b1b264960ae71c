"""What the reader knows about each piece: the features its two fitted models score.

The first pass sees only LEXICAL_FEATURES (cheap, every piece); the final model adds the
semantic scorer's similarity on the first pass's short list (``reader.Reader.shortlist``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from ..retrieval.embeddings import RecentVectors
from ..retrieval.keyword import tokenize
from ..retrieval.relevance import term_weights
from ..retrieval.tokens import index_terms, joined_forms
from .candidates import Unit
from .cues import has_new_type
from .question_kinds import question_type

SemanticScorer = Callable[[str, list[str]], list[float]]

LEXICAL_FEATURES = (
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
FEATURES = (
    *LEXICAL_FEATURES,
    "semantic",  # the semantic scorer's similarity of (question, piece)
    "semantic_gap",  # … minus the best on the short list
)


def words_of(text: str) -> set[str]:
    """A piece's words as the reader matches them: the search index's terms (hyphenated
    words also joined, tokens.index_terms), plus the parts of a snake_case name
    ("customs_data_missing" also holds "missing"; no public piece has one, so the fitted
    features there are the same as without them)."""
    return _with_parts(index_terms(text))


def _with_parts(tokens: list[str]) -> set[str]:
    words = set(tokens)
    return words | {part for w in words if "_" in w for part in w.split("_") if len(part) > 1}


def covered(weights: dict[str, float], words: set[str]) -> float:
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
    idf: dict[str, float],
    passage_relevance: Sequence[float],
    passage_ids: Sequence[int] | None = None,
) -> np.ndarray:
    """One row per unit, columns in LEXICAL_FEATURES. Units of one passage are consecutive and
    in reading order; ``passage_ids`` says which passage each came from."""
    if not units:
        return np.zeros((0, len(LEXICAL_FEATURES)))
    weights, total = term_weights(tokenize(question), idf)
    kind = question_type(question)
    rel = np.asarray(passage_relevance, dtype=np.float64)
    ids = list(passage_ids) if passage_ids is not None else [0] * len(units)
    tokens = [tokenize(u.text) for u in units]
    # each piece tokenized once; its words as words_of has them
    words = [_with_parts(ts + joined_forms(u.text)) for ts, u in zip(tokens, units, strict=True)]
    coverage = [covered(weights, ws) / total for ws in words]
    rows = []
    for i, (unit, r) in enumerate(zip(units, rel, strict=True)):
        ctx = words[i] | set(index_terms(unit.context))
        new = has_new_type(kind, unit.text, question) if kind else False
        prev = coverage[i - 1] if i > 0 and ids[i - 1] == ids[i] else 0.0
        nxt = coverage[i + 1] if i + 1 < len(units) and ids[i + 1] == ids[i] else 0.0
        rows.append(
            [
                coverage[i],
                covered(weights, ctx) / total,
                sum(1 for w in tokens[i] if w not in weights) / max(len(tokens[i]), 1),
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


def cosine_scorer(embedder, remembered: int = 8192, stored=None) -> SemanticScorer:
    """(question, texts) → cosine similarities with the retrieval embedding model. Give it
    the embedder search uses, wrapped in ``QueryVectorCache`` (the composition root does),
    and the question's vector search computed is reused. The vectors of the last
    ``remembered`` pieces are kept (``RecentVectors``; 8,192 × 384 floats is 12.6 MB): a
    piece read again is not embedded again. ``stored``: the vectors an ingest embedded
    (``StoredVectors.get``, see piece_vectors.py), asked before the model."""
    pieces = RecentVectors(embedder.embed_documents, remembered, stored)

    def score(question: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        return (pieces(texts) @ embedder.embed_query(question)).tolist()

    return score


def scored_text(unit: Unit) -> str:
    """The scorer sees a list item with its lead-in, a row with its heading."""
    if unit.kind in ("item", "row") and unit.context:
        return f"{unit.context}: {unit.text}"
    return unit.text
