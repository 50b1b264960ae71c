"""Incremental ingestion: new and changed files in, vanished ones out, bad ones reported.

A document is its file (ingest root + path). Its id is the path relative to its root, or,
when a file from another root already has that id (`eng/index.md`, `hr/index.md`), the path
qualified by its root's folder name (`hr/index.md`). Ids, once given, stay with the file.

Embedding runs at the model's speed: the chunks of several documents are pooled (up to
``BUFFER_CHUNKS``), sorted by length so that each batch the model sees is of similar lengths,
and embedded in batches of ``EMBED_BATCH``; then each document is stored with one ``add`` call
(atomic in Chroma), so a kill -9 at any point leaves whole documents or nothing of them.

Memory stays bounded whatever the file size: a document is chunked a few sections at a time,
and one larger than the pool is embedded and stored in batches on its own (incomplete until
the last batch is stored, which readers ignore and the next ingest repairs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import structlog

from .chunking import chunk_document, content_hash
from .documents import Block, Chunk, Document
from .index import ChunkIndex, DocumentVersion, live_hashes
from .injection import find_instructions
from .keyword_store import KeywordStore
from .loaders import SUPPORTED_SUFFIXES, LoadError, SourceFile, load_document

log = structlog.get_logger(__name__)

# Bump when loaders or chunking change in a way that should re-index unchanged files.
PIPELINE_VERSION = "1"
EMBED_BATCH = 64  # chunks embedded at a time
BUFFER_CHUNKS = 512  # chunks of several documents pooled before embedding
SECTION_BATCH_CHARS = 64_000  # text chunked at a time, cut between sections …
MAX_BATCH_CHARS = 256_000  # … or, in one long section, between paragraphs


@dataclass
class IngestSummary:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    chunks: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    # Pages with text addressed to an assistant: (file, first such sentence).
    flagged: list[tuple[str, str]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed)


@dataclass(frozen=True)
class IngestOptions:
    space: str = "public"
    base_url: str | None = None
    chunk_tokens: int = 300
    overlap_tokens: int = 40
    prune: bool = False
    max_file_bytes: int = 5_000_000


ProgressCallback = Callable[[int, int, str], None]


def discover(paths: Iterable[Path], options: IngestOptions) -> Iterator[SourceFile]:
    """Supported files under each path, skipping hidden files and folders."""
    for root in paths:
        root = root.expanduser().resolve()  # stored source paths must not depend on the cwd
        if root.is_file():
            yield SourceFile(root, root.name, options.space, options.base_url, root.parent.name)
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or not path.is_file():
                continue
            if path.suffix.lower() in SUPPORTED_SUFFIXES:
                yield SourceFile(path, rel.as_posix(), options.space, options.base_url, root.name)


class DocumentIds:
    """Which id each file's document has (see the module docstring)."""

    def __init__(self, versions: dict[str, list[DocumentVersion]]) -> None:
        self._owner = {doc_id: v[0].source_path for doc_id, v in versions.items()}
        self._by_path = {path: doc_id for doc_id, path in self._owner.items()}

    def assign(self, source: SourceFile) -> str:
        path = str(source.path)
        if path in self._by_path:
            return self._by_path[path]
        doc_id, n = source.rel_path, 1
        while self._taken(doc_id, path):
            n += 1
            qualified = f"{source.root}/{source.rel_path}" if source.root else source.rel_path
            doc_id = qualified if n == 2 else f"{qualified}~{n}"
        stale = self._owner.get(doc_id)
        if stale is not None:  # a file that is gone: this one replaces it (e.g. a moved folder)
            self._by_path.pop(stale, None)
        self._owner[doc_id], self._by_path[path] = path, doc_id
        return doc_id

    def _taken(self, doc_id: str, path: str) -> bool:
        owner = self._owner.get(doc_id)
        return owner is not None and owner != path and Path(owner).exists()


class Ingester:
    def __init__(
        self,
        index: ChunkIndex,
        batch_size: int = EMBED_BATCH,
        buffer: int = BUFFER_CHUNKS,
        store: KeywordStore | None = None,
    ) -> None:
        """``store``: the keyword index to publish each run's changes to (without one, the
        generation is bumped and readers rebuild theirs from Chroma)."""
        self.index = index
        self.store = store
        self.embedder = index.embedder
        self.batch_size = batch_size
        self.buffer = max(buffer, batch_size)

    def effective_chunk_tokens(self, requested: int) -> int:
        # Text past the model's window would be silently truncated when embedded.
        return min(requested, self.embedder.max_tokens - 2)

    def run(
        self,
        paths: list[Path],
        options: IngestOptions,
        progress: ProgressCallback | None = None,
    ) -> IngestSummary:
        summary = IngestSummary()
        if self.store is not None:  # what readers see now, before this run changes anything
            self.store.load(self.index.generation())
        versions = self.index.versions()
        summary.removed += self._repair(versions)
        live = live_hashes(versions)
        ids = DocumentIds(versions)
        sources = list(discover(paths, options))
        max_tokens = self.effective_chunk_tokens(options.chunk_tokens)
        seen: set[str] = set()
        pending: list[_Pending] = []  # chunked documents waiting to be embedded together

        for position, source in enumerate(sources, start=1):
            report = _within_file(progress, position, len(sources), source.rel_path)
            report(0, 0)
            doc_id = ids.assign(source)
            seen.add(doc_id)
            try:
                raw = self._read(source, options.max_file_bytes)
            except LoadError as exc:
                self._fail(summary, source, str(exc))
                continue
            doc_hash = content_hash(
                raw,
                PIPELINE_VERSION,
                source.rel_path,
                source.space,
                source.base_url or "",
                self.embedder.name,
                str(max_tokens),
                str(options.overlap_tokens),
            )
            previous = live.get(doc_id)
            if previous == doc_hash:
                summary.unchanged += 1
                version = next(v for v in versions[doc_id] if v.doc_hash == doc_hash)
                self._note_flag(summary, source, doc_id, doc_hash, version)
                continue
            try:
                document = load_document(source, raw)
                document.doc_id = doc_id
                planted = find_instructions("\n\n".join(b.text for b in document.blocks))
                chunks = self._chunk(document, max_tokens, options, planted)
            except LoadError as exc:
                self._fail(summary, source, str(exc))
                continue
            item = _Pending(source, document, doc_hash, chunks, planted, previous, report)
            if len(chunks) > self.buffer:  # alone, in batches, as soon as it is chunked
                self._store_large(item)
                self._stored(summary, item, live)
                continue
            pending.append(item)
            if sum(len(p.chunks) for p in pending) >= self.buffer:
                self._store_pooled(pending, summary, live)
                pending = []
        self._store_pooled(pending, summary, live)

        if options.prune:
            summary.removed += self._prune(versions, paths, seen, live)
        if self.store is not None:
            self.store.publish(live)  # also what an interrupted run left complete
        elif summary.changed:
            self.index.bump_generation()
        log.info(
            "ingest_finished",
            added=summary.added,
            updated=summary.updated,
            unchanged=summary.unchanged,
            removed=summary.removed,
            failed=len(summary.failed),
            flagged=len(summary.flagged),
            chunks=summary.chunks,
        )
        return summary

    @staticmethod
    def _read(source: SourceFile, limit: int) -> bytes:
        try:
            size = source.path.stat().st_size
            if size > limit:
                raise LoadError(
                    f"file is {size / 1e6:.1f} MB, over the {limit / 1e6:g} MB limit"
                    " (KB_MAX_FILE_MB); split it or raise the limit"
                )
            return source.path.read_bytes()
        except OSError as exc:
            raise LoadError(f"cannot read file: {exc.strerror or exc}") from exc

    def _chunk(
        self, document: Document, max_tokens: int, options: IngestOptions, planted: list[str]
    ) -> list[Chunk]:
        chunks: list[Chunk] = []
        for blocks in _block_batches(document.blocks):
            part = replace(document, blocks=blocks)
            for chunk in chunk_document(
                part, self.embedder.count_tokens, max_tokens, options.overlap_tokens
            ):
                chunks.append(replace(chunk, index=len(chunks), flagged=bool(planted)))
        if not chunks:
            raise LoadError("no readable text in file")
        return chunks

    def _store_pooled(
        self, pending: list[_Pending], summary: IngestSummary, live: dict[str, str]
    ) -> None:
        """Embed the chunks of several documents together, shortest first, then store each
        document in one call and only then drop its previous version."""
        chunks = [c for item in pending for c in item.chunks]
        if not chunks:
            return
        texts = [c.embedding_text() for c in chunks]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors: list = [None] * len(texts)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            for i, vector in zip(
                batch, self.embedder.embed_documents([texts[i] for i in batch]), strict=True
            ):
                vectors[i] = vector
        start = 0
        for item in pending:
            end = start + len(item.chunks)
            self.index.add_version(
                item.chunks,
                item.doc_hash,
                item.document.source_path,
                np.stack(vectors[start:end]),
            )
            self.index.delete_versions(item.document.doc_id, keep_hash=item.doc_hash)
            item.report(len(item.chunks), len(item.chunks))
            self._stored(summary, item, live)
            start = end

    def _store_large(self, item: _Pending) -> None:
        """A document larger than the pool: embedded and stored a batch at a time."""
        chunks = item.chunks
        for start in range(0, len(chunks), self.batch_size):
            batch = chunks[start : start + self.batch_size]
            embeddings = self.embedder.embed_documents([c.embedding_text() for c in batch])
            self.index.add_chunks(
                batch, item.doc_hash, len(chunks), item.document.source_path, embeddings
            )
            item.report(start + len(batch), len(chunks))
        # Only now that the new version is stored does the old one go.
        self.index.delete_versions(item.document.doc_id, keep_hash=item.doc_hash)

    def _stored(self, summary: IngestSummary, item: _Pending, live: dict[str, str]) -> None:
        """Count a stored document; ``live`` (doc id → live hash) follows the run."""
        live[item.document.doc_id] = item.doc_hash
        if item.planted:
            self._flag(summary, item.source, item.planted[0])
        summary.chunks += len(item.chunks)
        if item.previous is None:
            summary.added += 1
        else:
            summary.updated += 1

    def _note_flag(
        self,
        summary: IngestSummary,
        source: SourceFile,
        doc_id: str,
        doc_hash: str,
        version: DocumentVersion,
    ) -> None:
        """An unchanged page: report its flag, checking it first if an older version of
        kb-slackbot stored it (the flag is added in place, without re-embedding)."""
        if version.flagged is None:
            planted = find_instructions(self.index.texts(doc_id, doc_hash))
            self.index.set_flagged(doc_id, doc_hash, bool(planted))
            if planted:
                self._flag(summary, source, planted[0])
        elif version.flagged:
            planted = find_instructions(self.index.texts(doc_id, doc_hash))
            self._flag(summary, source, planted[0] if planted else "")

    def _repair(self, versions: dict[str, list[DocumentVersion]]) -> int:
        """Finish what an interrupted run left: drop incomplete and superseded versions."""
        live = live_hashes(versions)
        repaired = 0
        for doc_id, doc_versions in versions.items():
            if len(doc_versions) == 1 and doc_id in live:
                continue
            if doc_id in live:
                self.index.delete_versions(doc_id, keep_hash=live[doc_id])
            else:
                self.index.delete_versions(doc_id)
                repaired += 1
            log.warning("ingest_repaired_interrupted_document", doc_id=doc_id)
        return repaired

    def _prune(
        self,
        versions: dict[str, list[DocumentVersion]],
        roots: list[Path],
        seen: set[str],
        live: dict[str, str],
    ) -> int:
        """Remove documents that came from these roots but whose files are gone."""
        resolved_roots = [r.expanduser().resolve() for r in roots]
        removed = 0
        for doc_id, doc_versions in versions.items():
            source = Path(doc_versions[0].source_path).resolve()
            from_root = any(source == r or r in source.parents for r in resolved_roots)
            if from_root and doc_id not in seen and not source.exists():
                self.index.delete_versions(doc_id)
                live.pop(doc_id, None)
                removed += 1
                log.info("ingest_pruned", doc_id=doc_id)
        return removed

    @staticmethod
    def _flag(summary: IngestSummary, source: SourceFile, sentence: str) -> None:
        summary.flagged.append((str(source.path), sentence))
        log.warning("ingest_flagged_planted_text", path=str(source.path))

    @staticmethod
    def _fail(summary: IngestSummary, source: SourceFile, reason: str) -> None:
        summary.failed.append((str(source.path), reason))
        log.warning("ingest_skipped_file", path=str(source.path), reason=reason)


@dataclass
class _Pending:
    """A chunked document waiting for its embeddings."""

    source: SourceFile
    document: Document
    doc_hash: str
    chunks: list[Chunk]
    planted: list[str]
    previous: str | None  # hash of the version it replaces
    report: Callable[[int, int], None]


def _within_file(
    progress: ProgressCallback | None, position: int, total: int, name: str
) -> Callable[[int, int], None]:
    """Progress inside one file: how many of its passages are stored (0 of 0: starting)."""

    def report(done: int, passages: int) -> None:
        if progress:
            progress(
                position, total, f"{name} · {done:,}/{passages:,} passages" if passages else name
            )

    return report


def _block_batches(blocks: list[Block]) -> Iterator[list[Block]]:
    """Consecutive blocks a few sections at a time (chunks never span sections, so cutting
    between them changes nothing); a very long section is cut between paragraphs."""
    batch: list[Block] = []
    size = 0
    for block in blocks:
        new_section = bool(batch) and (block.headings, block.page) != (
            batch[-1].headings,
            batch[-1].page,
        )
        if batch and (size >= MAX_BATCH_CHARS or (size >= SECTION_BATCH_CHARS and new_section)):
            yield batch
            batch, size = [], 0
        batch.append(block)
        size += len(block.text)
    if batch:
        yield batch
