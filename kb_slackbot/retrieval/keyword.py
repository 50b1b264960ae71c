"""BM25 over the live chunks, kept as immutable segments that ingest appends to.

A segment holds the chunks one ingest added: per chunk its id, its document version and its
length, and per term the chunks that contain it with their term frequencies (postings). It is
written once, as plain ``.npy`` files, and memory-mapped by every process that reads it
(``keyword_store.py``). A version that an ingest replaced or removed is not rewritten: it is
listed as removed, and its chunks no longer count.

Scores are computed at query time from the postings of the query's terms, over the live
chunks only, with exactly the arithmetic of `bm25s` (Lucene's BM25, k1 1.5, b 0.75, float32
scores); equal scores are ordered by chunk id. A precomputed `bm25s` matrix would have to be
rebuilt by every ingest: IDF and the average length, baked into every score, change with each
added chunk. So the scores and IDF a search sees are those of a `bm25s` index built over the
same live chunks (tests/retrieval/test_keyword.py checks that, to the bit).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .keyword_segment import EMPTY, Row, Segment
from .term_prior import expected_share
from .tokens import fold, tokenize, ungrouped

__all__ = ["EMPTY", "KeywordHit", "KeywordIndex", "Row", "Segment", "index_texts", "tokenize"]

K1, B = 1.5, 0.75  # bm25s's defaults, which the relevance model was fitted with


@dataclass(frozen=True)
class KeywordHit:
    chunk_id: str
    score: float


class KeywordIndex:
    """The live chunks of some segments, in order, searchable with BM25."""

    def __init__(
        self,
        segments: list[Segment],
        removed: dict[str, Collection[int]] | None = None,
        generation: int = 0,
    ) -> None:
        """``removed``: segment name → indexes of its versions that are no longer live."""
        removed = removed or {}
        self.segments = segments
        self.generation = generation
        self.live: dict[str, str] = {}  # doc id → live version hash
        spaces: dict[str, int] = {}
        self._position: list[np.ndarray] = []  # per segment: row → live position, or -1
        space_codes, segment_of, row_of, lengths = [], [], [], []
        base = 0
        for n, segment in enumerate(segments):
            gone = np.zeros(len(segment.versions), dtype=bool)
            gone[list(removed.get(segment.name, ()))] = True
            alive = ~gone[segment.version] if len(segment.version) else np.zeros(0, dtype=bool)
            position = np.full(len(alive), -1, dtype=np.int64)
            count = int(alive.sum())
            position[alive] = np.arange(base, base + count)
            base += count
            self._position.append(position)
            codes = np.array(
                [spaces.setdefault(space, len(spaces)) for _doc, _hash, space in segment.versions],
                dtype=np.int32,
            )
            for i, (doc_id, doc_hash, _space) in enumerate(segment.versions):
                if not gone[i]:
                    self.live[doc_id] = doc_hash
            rows = np.flatnonzero(alive)
            space_codes.append(codes[segment.version[rows]] if len(codes) else rows)
            segment_of.append(np.full(len(rows), n, dtype=np.int32))
            row_of.append(rows.astype(np.int32))
            lengths.append(np.asarray(segment.lengths)[rows])
        self.size = base
        self.space_names = list(spaces)
        self._space = np.concatenate(space_codes) if space_codes else np.zeros(0, np.int32)
        self._segment_of = np.concatenate(segment_of) if segment_of else np.zeros(0, np.int32)
        self._row_of = np.concatenate(row_of) if row_of else np.zeros(0, np.int32)
        total = int(np.concatenate(lengths).sum()) if lengths else 0
        self._avg_length = np.float64(total) / self.size if self.size else np.float64(0)

    @property
    def spaces(self) -> set[str]:
        return {self.space_names[c] for c in np.unique(self._space)}

    def chunk_id(self, position: int) -> str:
        segment = self.segments[int(self._segment_of[position])]
        return segment.ids[int(self._row_of[position])].decode()

    def _postings(self, term: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(live positions, term frequencies, chunk lengths) of the live chunks with ``term``."""
        positions, freqs, lengths = [], [], []
        for segment, position in zip(self.segments, self._position, strict=True):
            found = segment.postings(term)
            if found is None:
                continue
            rows, tf = found
            where = position[rows]
            alive = where >= 0
            positions.append(where[alive])
            freqs.append(np.asarray(tf)[alive])
            lengths.append(np.asarray(segment.lengths)[np.asarray(rows)[alive]])
        if not positions:
            empty = np.zeros(0)
            return empty.astype(np.int64), empty.astype(np.float32), empty.astype(np.int32)
        return np.concatenate(positions), np.concatenate(freqs), np.concatenate(lengths)

    @cached_property
    def _accented(self) -> dict[str, set[str]]:
        """Folded form → the index's terms with accents that fold to it (built on first use,
        once per index generation: only non-ASCII terms are read)."""
        out: dict[str, set[str]] = defaultdict(set)
        for segment in self.segments:
            names = [raw.decode() for raw in segment.terms if not raw.isascii()]
            for term in [*names, *(t for t in segment.long_terms if not t.isascii())]:
                if (folded := fold(term)) != term:
                    out[folded].add(term)
        return dict(out)

    def df(self, term: str) -> int:
        """How many live chunks hold ``term``."""
        return len(self._postings(term)[0])

    def accented_forms(self, folded: str) -> set[str]:
        """The index's terms with accents whose unaccented form is ``folded``."""
        return self._accented.get(folded, set())

    def holding(self, terms: Collection[str]) -> set[str]:
        """Those of ``terms`` some segment holds (live or not: check ``df`` for live ones)."""
        return {term for segment in self.segments for term in segment.holding(terms)}

    def starting_with(self, prefix: str) -> set[str]:
        """The segments' terms that start with ``prefix``."""
        return {term for segment in self.segments for term in segment.starting_with(prefix)}

    def _idf(self, df: int) -> float:
        return math.log(1 + (self.size - df + 0.5) / (df + 0.5))

    def search(self, query: str, k: int, spaces: Collection[str] | None = None) -> list[KeywordHit]:
        """Top-k live chunks; ``spaces`` limits them inside the scoring (None: every space)."""
        # A number the question writes with separators is searched as its digits, which every
        # chunk that writes it either way holds ("1,500" and "1500"; tokens.index_terms).
        tokens = tokenize(ungrouped(query))
        if not self.size or not tokens or k <= 0:
            return []
        mask = None
        if spaces is not None:
            codes = [n for n, name in enumerate(self.space_names) if name in set(spaces)]
            mask = np.isin(self._space, codes).astype(np.float32)
            if not mask.any():
                return []
        scores = np.zeros(self.size, dtype=np.float32)
        seen: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for token in tokens:  # a repeated word counts again, as in bm25s
            if token not in seen:
                positions, tf, lengths = self._postings(token)
                if not len(positions):
                    seen[token] = (positions, tf)
                    continue
                idf = np.float32(self._idf(len(positions)))
                tf64 = tf.astype(np.float64)
                norm = K1 * ((1 - B) + B * lengths.astype(np.float64) / self._avg_length)
                seen[token] = (positions, (idf * (tf64 / (norm + tf64))).astype(np.float32))
            positions, contribution = seen[token]
            np.add.at(scores, positions, contribution)
        if mask is not None:
            scores *= mask
        return self._top(scores, min(k, self.size))

    def _top(self, scores: np.ndarray, k: int) -> list[KeywordHit]:
        """The ``k`` best positive scores; equal scores in chunk-id order, so that the order
        never depends on where a chunk sits in the segments."""
        positive = np.flatnonzero(scores > 0)
        if len(positive) > k:
            threshold = scores[positive[np.argpartition(-scores[positive], k - 1)[k - 1]]]
            positive = np.flatnonzero(scores >= threshold)
        found = [(-float(scores[p]), self.chunk_id(int(p))) for p in positive]
        return [KeywordHit(cid, -negative) for negative, cid in sorted(found)[:k]]

    def idf(self, terms: list[str]) -> dict[str, float]:
        """Lucene's IDF of each term over the live chunks (the weight BM25 gives it)."""
        return {term: self._idf(len(self._postings(term)[0])) for term in terms}

    def coverage_weights(self, terms: list[str]) -> dict[str, float]:
        """Each term's weight when measuring how much of a question a text covers: the IDF,
        with the document frequency at least what general language predicts for chunks of
        this index's length (term_prior) — everyday words never weigh like rare names."""
        floor = {term: self.size * expected_share(term, self._avg_length) for term in terms}
        return {term: self._idf(max(len(self._postings(term)[0]), floor[term])) for term in terms}


def index_texts(texts: list[str]) -> KeywordIndex:
    """An in-memory index of plain texts, chunk ids "0", "1", … (benchmarks fit on these)."""
    rows = [Row(str(n), str(n), "", "public", text) for n, text in enumerate(texts)]
    return KeywordIndex([Segment.build("memory", rows)])
