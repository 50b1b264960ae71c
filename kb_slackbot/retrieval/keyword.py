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

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
K1, B = 1.5, 0.75  # bm25s's defaults, which the relevance model was fitted with
EMPTY = "\u2205"  # the token a chunk without words gets (bm25s needs one per document)
_SHORT = 32  # bytes: terms up to this long are binary-searched, longer ones (rare) looked up


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())


@dataclass(frozen=True)
class KeywordHit:
    chunk_id: str
    score: float


@dataclass(frozen=True)
class Row:
    """One chunk as the keyword side stores it."""

    chunk_id: str
    doc_id: str
    doc_hash: str
    space: str
    text: str  # what is indexed: the chunk's embedding text (title, headings, body)


@dataclass
class Segment:
    """The chunks one ingest added, with their postings. Never changed once written."""

    name: str
    ids: np.ndarray  # bytes, the chunk id of each row
    version: np.ndarray  # int32: row → index into ``versions``
    lengths: np.ndarray  # int32: tokens per row
    versions: list[tuple[str, str, str]]  # (doc id, doc hash, space)
    terms: np.ndarray  # sorted terms of up to _SHORT bytes; postings slot = position
    long_terms: dict[str, int]  # longer terms → postings slot
    indptr: np.ndarray  # int64: slot → start in rows/tf
    rows: np.ndarray  # int32
    tf: np.ndarray  # float32

    @classmethod
    def build(cls, name: str, rows: Iterable[Row]) -> Segment:
        ids: list[str] = []
        version_of: dict[tuple[str, str], int] = {}
        versions: list[tuple[str, str, str]] = []
        version: list[int] = []
        lengths: list[int] = []
        postings: dict[str, tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
        for n, row in enumerate(rows):
            key = (row.doc_id, row.doc_hash)
            if key not in version_of:
                version_of[key] = len(versions)
                versions.append((row.doc_id, row.doc_hash, row.space))
            ids.append(row.chunk_id)
            version.append(version_of[key])
            tokens = tokenize(row.text) or [EMPTY]
            lengths.append(len(tokens))
            for term, count in Counter(tokens).items():
                found = postings[term]
                found[0].append(n)
                found[1].append(count)
        short = sorted(t for t in postings if len(t.encode()) <= _SHORT)
        long = sorted(t for t in postings if len(t.encode()) > _SHORT)
        order = short + long
        sizes = np.array([len(postings[t][0]) for t in order], dtype=np.int64)
        indptr = np.zeros(len(order) + 1, dtype=np.int64)
        np.cumsum(sizes, out=indptr[1:])
        flat_rows = [r for t in order for r in postings[t][0]]
        flat_tf = [c for t in order for c in postings[t][1]]
        return cls(
            name=name,
            ids=np.array([i.encode() for i in ids], dtype=bytes),
            version=np.array(version, dtype=np.int32),
            lengths=np.array(lengths, dtype=np.int32),
            versions=versions,
            terms=np.array([t.encode() for t in short], dtype=f"S{_SHORT}"),
            long_terms={t: len(short) + i for i, t in enumerate(long)},
            indptr=indptr,
            rows=np.array(flat_rows, dtype=np.int32),
            tf=np.array(flat_tf, dtype=np.float32),
        )

    @classmethod
    def merge(cls, name: str, parts: list[tuple[Segment, Collection[int]]]) -> Segment:
        """One segment of the live rows of ``parts`` (segment, indexes of removed versions),
        in order, from their postings alone (no text is read again)."""
        ids, version, lengths, versions = [], [], [], []
        all_rows, all_tf, all_terms = [], [], []
        long_names = sorted({t for segment, _ in parts for t in segment.long_terms})
        short = np.unique(np.concatenate([np.asarray(seg.terms) for seg, _ in parts]))
        base = 0
        for segment, removed in parts:
            gone = np.zeros(len(segment.versions), dtype=bool)
            gone[list(removed)] = True
            kept_versions = np.flatnonzero(~gone)
            renumber = np.full(len(segment.versions), -1, dtype=np.int32)
            renumber[kept_versions] = np.arange(len(versions), len(versions) + len(kept_versions))
            versions += [segment.versions[v] for v in kept_versions]
            alive = ~gone[segment.version]
            new_row = np.full(len(alive), -1, dtype=np.int64)
            new_row[alive] = np.arange(base, base + int(alive.sum()))
            base += int(alive.sum())
            ids.append(np.asarray(segment.ids)[alive])
            version.append(renumber[np.asarray(segment.version)[alive]])
            lengths.append(np.asarray(segment.lengths)[alive])
            # Each posting's term, as a slot of the merged vocabulary.
            slot_of = np.empty(len(segment.indptr) - 1, dtype=np.int64)
            slot_of[: len(segment.terms)] = np.searchsorted(short, np.asarray(segment.terms))
            for term, slot in segment.long_terms.items():
                slot_of[slot] = len(short) + long_names.index(term)
            term = np.repeat(slot_of, np.diff(np.asarray(segment.indptr)))
            rows = new_row[np.asarray(segment.rows)]
            keep = rows >= 0
            all_rows.append(rows[keep])
            all_tf.append(np.asarray(segment.tf)[keep])
            all_terms.append(term[keep])
        terms = np.concatenate(all_terms)
        rows = np.concatenate(all_rows)
        order = np.lexsort((rows, terms))
        indptr = np.zeros(len(short) + len(long_names) + 1, dtype=np.int64)
        np.cumsum(np.bincount(terms, minlength=len(indptr) - 1), out=indptr[1:])
        width = max((np.asarray(i).dtype.itemsize for i in ids), default=1)
        return cls(
            name=name,
            ids=np.concatenate([np.asarray(i, dtype=f"S{width}") for i in ids]),
            version=np.concatenate(version).astype(np.int32),
            lengths=np.concatenate(lengths).astype(np.int32),
            versions=versions,
            terms=short.astype(f"S{_SHORT}"),
            long_terms={t: len(short) + i for i, t in enumerate(long_names)},
            indptr=indptr,
            rows=rows[order].astype(np.int32),
            tf=np.concatenate(all_tf)[order].astype(np.float32),
        )

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        """(rows, term frequencies) of the chunks containing ``term``."""
        raw = term.encode()
        if len(raw) <= _SHORT:
            slot = int(np.searchsorted(self.terms, raw))
            if slot == len(self.terms) or self.terms[slot] != raw:
                return None
        else:
            found = self.long_terms.get(term)
            if found is None:
                return None
            slot = found
        start, end = int(self.indptr[slot]), int(self.indptr[slot + 1])
        return self.rows[start:end], self.tf[start:end]

    # --- files ---------------------------------------------------------------------------

    _ARRAYS = ("ids", "version", "lengths", "terms", "indptr", "rows", "tf")

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name in self._ARRAYS:
            np.save(folder / f"{name}.npy", getattr(self, name), allow_pickle=False)
        meta = {"versions": self.versions, "long_terms": self.long_terms}
        (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> Segment:
        """Memory-mapped: pages are read when a search touches them, and shared by every
        process on the machine through the page cache."""
        arrays = {n: np.load(folder / f"{n}.npy", mmap_mode="r") for n in cls._ARRAYS}
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        versions = [tuple(v) for v in meta["versions"]]
        return cls(folder.name, versions=versions, long_terms=meta["long_terms"], **arrays)


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

    def _idf(self, df: int) -> float:
        return math.log(1 + (self.size - df + 0.5) / (df + 0.5))

    def search(self, query: str, k: int, spaces: Collection[str] | None = None) -> list[KeywordHit]:
        """Top-k live chunks; ``spaces`` limits them inside the scoring (None: every space)."""
        tokens = tokenize(query)
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


def index_texts(texts: list[str]) -> KeywordIndex:
    """An in-memory index of plain texts, chunk ids "0", "1", … (benchmarks fit on these)."""
    rows = [Row(str(n), str(n), "", "public", text) for n, text in enumerate(texts)]
    return KeywordIndex([Segment.build("memory", rows)])
