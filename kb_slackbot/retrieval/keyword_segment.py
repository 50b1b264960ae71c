"""One keyword segment: the chunks one ingest added and their postings, written once as
``.npy`` files and memory-mapped by every process that reads it (see ``keyword.py``)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .tokens import joined_forms, tokenize

EMPTY = "\u2205"  # the token a chunk without words gets (bm25s needs one per document)
_SHORT = 32  # bytes: terms up to this long are binary-searched, longer ones (rare) looked up


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
            lengths.append(len(tokens))  # joined forms (tokens.index_terms) add no length
            for term, count in Counter(tokens + joined_forms(row.text)).items():
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

    def holding(self, terms: Collection[str]) -> set[str]:
        """Those of ``terms`` the segment holds (one binary search for all of them)."""
        short = [t for t in terms if len(t.encode()) <= _SHORT]
        found = {t for t in terms if t in self.long_terms}
        if short and len(self.terms):
            raw = np.array([t.encode() for t in short], dtype=f"S{_SHORT}")
            slots = np.minimum(np.searchsorted(self.terms, raw), len(self.terms) - 1)
            found.update(t for t, hit in zip(short, self.terms[slots] == raw, strict=True) if hit)
        return found

    def starting_with(self, prefix: str) -> list[str]:
        """The segment's terms that start with ``prefix`` (itself included, if a term)."""
        raw = prefix.encode()
        start = int(np.searchsorted(self.terms, raw))
        end = int(np.searchsorted(self.terms, raw + b"\xff"))
        found = [term.decode() for term in self.terms[start:end]]
        return found + [term for term in self.long_terms if term.startswith(prefix)]

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
