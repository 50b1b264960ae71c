"""The keyword index on disk: shared by the processes of a machine, kept in step with Chroma.

Layout of ``KB_DATA_DIR/keyword/<collection>/``: one folder per segment (``keyword.py``), and
``manifest.json`` naming the segments, the versions each has lost, and the Chroma generation
they make up. Segments are written once; the manifest is replaced atomically; writers hold
``lock``. A process opens the segments memory-mapped, so a million chunks cost it little
memory and no time at start-up, and every process on the machine shares the same pages.

Every ingest appends a record to the ``<collection>_changes`` collection in Chroma — the
document versions it made live and those it retired — before it bumps the generation. A
process that finds its files behind Chroma's generation (an ingest ran on another machine)
applies those records: it fetches only the added chunks from Chroma and writes one segment.
Only with no files yet, or a gap in the records (an index written by an older kb-slackbot),
does it read the whole collection, once.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import structlog

from .index import ChunkIndex, chunk_from_record
from .keyword import KeywordIndex, Row, Segment
from .keyword_files import folder_lock, new_name, read_manifest, save_segment, write_manifest
from .sparse_probe import server_sparse_support

log = structlog.get_logger(__name__)

FORMAT = 4  # 2: hyphenated words also indexed joined; 3: and "1,500" also as "1500"
# (tokens.index_terms); 4: and the words of the page's name in its address (Chunk.keyword_text)
MAX_SEGMENTS = 8  # more, and the newer ones are merged into one (a search visits each)
_FETCH = 200  # document versions fetched from Chroma per call


def row_of(chunk_id: str, text: str, meta: dict) -> Row:
    chunk = chunk_from_record(chunk_id, text, meta)
    return Row(chunk_id, chunk.doc_id, meta["doc_hash"], chunk.space, chunk.keyword_text())


class KeywordStore:
    def __init__(self, folder: Path, index: ChunkIndex) -> None:
        self.folder = folder
        self.index = index
        self._segments: dict[str, Segment] = {}
        self._local = threading.Lock()
        self._change_log = None

    # --- reading -------------------------------------------------------------------------

    def load(self, generation: int) -> KeywordIndex:
        """The keyword index of Chroma's ``generation`` (or a newer one)."""
        manifest = read_manifest(self.folder)
        for attempt in range(3):
            if not self._usable(manifest, generation):
                with folder_lock(self.folder):
                    manifest = self._catch_up(read_manifest(self.folder), generation)
            assert manifest is not None
            try:
                return self._open(manifest)
            except FileNotFoundError:  # a rebuild replaced the segments just now
                if attempt == 2:
                    raise
                manifest = read_manifest(self.folder)
        raise AssertionError("unreachable")

    def _usable(self, manifest: dict | None, generation: int) -> bool:
        return (
            manifest is not None
            and manifest.get("format") == FORMAT
            and manifest.get("collection") == str(self.index.collection.id)
            and manifest["generation"] >= generation
        )

    def _open(self, manifest: dict) -> KeywordIndex:
        segments = []
        with self._local:
            for entry in manifest["segments"]:
                name = entry["name"]
                if name not in self._segments:
                    self._segments[name] = Segment.load(self.folder / name)
                segments.append(self._segments[name])
            for name in set(self._segments) - {e["name"] for e in manifest["segments"]}:
                del self._segments[name]
        removed = {e["name"]: e["removed"] for e in manifest["segments"]}
        return KeywordIndex(segments, removed, manifest["generation"])

    # --- writing (under the lock) --------------------------------------------------------

    def publish(self, live: dict[str, str]) -> int:
        """After an ingest: make ``live`` (doc id → hash of every live document) what every
        process searches. Records the change in Chroma, writes it here, then bumps Chroma's
        generation; returns the new generation (the old one if nothing changed)."""
        with folder_lock(self.folder):
            generation = self.index.generation()
            manifest = self._catch_up(read_manifest(self.folder), generation, rebuild=False)
            if manifest is None:  # no files to diff against: readers rebuild theirs as well
                generation = self.index.bump_generation()
                self._rebuild(generation)
                return generation
            current = self._open(manifest).live
            added = sorted((d, h) for d, h in live.items() if current.get(d) != h)
            removed = sorted((d, h) for d, h in current.items() if live.get(d) != h)
            if not added and not removed:
                return generation
            generation = max(generation, manifest["generation"]) + 1
            self._changes().upsert(
                ids=[f"g{generation:012d}"],
                embeddings=[[1.0]],
                metadatas=[
                    {
                        "generation": generation,
                        "added": json.dumps(added),
                        "removed": json.dumps(removed),
                    }
                ],
            )
            self._apply(manifest, added, removed, generation)
            self.index.set_generation(generation)
            return generation

    def _catch_up(self, manifest: dict | None, generation: int, rebuild: bool = True):
        """``manifest`` brought to ``generation``; None if that needs a rebuild and
        ``rebuild`` is off."""
        if manifest is not None and self._usable(manifest, 0):
            if manifest["generation"] >= generation:
                return manifest
            records = self._records(manifest["generation"], generation)
            if records is not None:
                for record in records:
                    manifest = self._apply(
                        manifest,
                        [tuple(v) for v in json.loads(record["added"])],
                        [tuple(v) for v in json.loads(record["removed"])],
                        int(record["generation"]),
                    )
                return manifest
            log.warning("keyword_index_gap", have=manifest["generation"], need=generation)
        return self._rebuild(generation) if rebuild else None

    def _records(self, after: int, upto: int) -> list[dict] | None:
        """The change records after generation ``after`` up to ``upto``, or None if any is
        missing."""
        found = self._changes().get(
            where={"$and": [{"generation": {"$gt": after}}, {"generation": {"$lte": upto}}]},
            include=["metadatas"],
        )["metadatas"]
        records = sorted(found, key=lambda m: int(m["generation"]))
        if [int(m["generation"]) for m in records] != list(range(after + 1, upto + 1)):
            return None
        return records

    def _apply(
        self,
        manifest: dict,
        added: list[tuple[str, str]],
        removed: list[tuple[str, str]],
        generation: int,
    ) -> dict:
        started = time.perf_counter()
        gone = set(removed) | {(doc_id, None) for doc_id, _ in added}
        segments = []
        for entry in manifest["segments"]:
            segment = self._segment(entry["name"])
            dropped = set(entry["removed"])
            for n, (doc_id, doc_hash, _space) in enumerate(segment.versions):
                if (doc_id, doc_hash) in gone or (doc_id, None) in gone:
                    dropped.add(n)
            segments.append({"name": entry["name"], "removed": sorted(dropped)})
        rows = self._fetch(added)
        if rows:
            name = self._write_segment(rows)
            segments.append({"name": name, "removed": []})
        segments = self._compact(segments)
        manifest = {**manifest, "generation": generation, "segments": segments}
        write_manifest(self.folder, manifest)
        log.info(
            "keyword_index_updated",
            generation=generation,
            added=len(rows),
            retired_versions=len(removed),
            ms=round((time.perf_counter() - started) * 1000, 1),
        )
        return manifest

    def _fetch(self, versions: list[tuple[str, str]]) -> list[Row]:
        """The chunks of these document versions, from Chroma, each version in order."""
        rows: list[tuple[str, int, Row]] = []
        wanted = set(versions)
        hashes = sorted({h for _, h in versions})
        for start in range(0, len(hashes), _FETCH):
            got = self.index.collection.get(
                where={"doc_hash": {"$in": hashes[start : start + _FETCH]}},
                include=["documents", "metadatas"],
            )
            found = zip(got["ids"], got["documents"], got["metadatas"], strict=True)
            for cid, text, meta in found:
                if (meta["doc_id"], meta["doc_hash"]) in wanted:
                    order = (meta["doc_id"], int(meta.get("chunk_index", 0)))
                    rows.append((*order, row_of(cid, text, meta)))
        rows.sort(key=lambda r: (r[0], r[1]))
        return [r for _, _, r in rows]

    def _rebuild(self, generation: int) -> dict:
        """Everything from Chroma: the newest complete version of each document."""
        started = time.perf_counter()
        if self.index.client.get_settings().chroma_api_impl.endswith("FastAPI"):
            supported, reason = server_sparse_support(self.index)
            log.info("keyword_index_server_sparse", supported=supported, reason=reason)
        generation = max(generation, self.index.generation())
        records = list(self.index.iter_records())
        live: dict[str, tuple[float, str]] = {}
        counts: dict[tuple[str, str], int] = {}
        for _id, _text, meta in records:
            key = (meta["doc_id"], meta["doc_hash"])
            counts[key] = counts.get(key, 0) + 1
        for _id, _text, meta in records:
            key = (meta["doc_id"], meta["doc_hash"])
            if counts[key] == int(meta["n_chunks"]):
                at = float(meta.get("ingested_at", 0))
                if key[0] not in live or (at, key[1]) > live[key[0]]:
                    live[key[0]] = (at, key[1])
        kept = [
            (meta["doc_id"], int(meta.get("chunk_index", 0)), row_of(cid, text, meta))
            for cid, text, meta in records
            if live.get(meta["doc_id"], (0, None))[1] == meta["doc_hash"]
        ]
        kept.sort(key=lambda r: (r[0], r[1]))
        segments = []
        if kept:
            segments.append({"name": self._write_segment([r for _, _, r in kept]), "removed": []})
        manifest = {
            "format": FORMAT,
            "collection": str(self.index.collection.id),
            "generation": generation,
            "segments": segments,
        }
        write_manifest(self.folder, manifest)
        log.info(
            "keyword_index_built",
            chunks=len(kept),
            generation=generation,
            ms=round((time.perf_counter() - started) * 1000, 1),
        )
        return manifest

    def _compact(self, entries: list[dict]) -> list[dict]:
        """Past MAX_SEGMENTS, the segments after the first (the bulk of the index) become one;
        all of them when a third of the first's versions are retired."""
        if len(entries) <= MAX_SEGMENTS:
            return entries
        first = self._segment(entries[0]["name"])
        start = 0 if len(entries[0]["removed"]) * 3 > len(first.versions) else 1
        parts = [(self._segment(e["name"]), e["removed"]) for e in entries[start:]]
        name = new_name()
        save_segment(self.folder, Segment.merge(name, parts))
        return [*entries[:start], {"name": name, "removed": []}]

    def _segment(self, name: str) -> Segment:
        return self._segments.get(name) or Segment.load(self.folder / name)

    def _write_segment(self, rows: list[Row]) -> str:
        name = new_name()
        save_segment(self.folder, Segment.build(name, rows))
        return name

    # --- the change log ------------------------------------------------------------------

    def _changes(self):
        if self._change_log is None:
            self._change_log = self.index.client.get_or_create_collection(
                f"{self.index.collection.name}_changes", embedding_function=None
            )
        return self._change_log
