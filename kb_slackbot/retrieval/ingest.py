"""Incremental ingestion: new and changed files in, vanished ones out, bad ones reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import structlog

from .chunking import chunk_document, content_hash
from .documents import Document
from .index import ChunkIndex, DocumentVersion, live_hashes
from .loaders import SUPPORTED_SUFFIXES, LoadError, SourceFile, load_document

log = structlog.get_logger(__name__)

# Bump when loaders or chunking change in a way that should re-index unchanged files.
PIPELINE_VERSION = "1"


@dataclass
class IngestSummary:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    chunks: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)

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


ProgressCallback = Callable[[int, int, str], None]


def discover(paths: Iterable[Path], options: IngestOptions) -> Iterator[SourceFile]:
    """Supported files under each path, skipping hidden files and folders."""
    for root in paths:
        root = root.expanduser().resolve()  # stored source paths must not depend on the cwd
        if root.is_file():
            yield SourceFile(root, root.name, options.space, options.base_url)
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or not path.is_file():
                continue
            if path.suffix.lower() in SUPPORTED_SUFFIXES:
                yield SourceFile(path, rel.as_posix(), options.space, options.base_url)


class Ingester:
    def __init__(self, index: ChunkIndex) -> None:
        self.index = index
        self.embedder = index.embedder

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
        versions = self.index.versions()
        summary.removed += self._repair(versions)
        live = live_hashes(versions)
        sources = list(discover(paths, options))
        max_tokens = self.effective_chunk_tokens(options.chunk_tokens)
        seen: set[str] = set()

        for position, source in enumerate(sources, start=1):
            if progress:
                progress(position, len(sources), source.rel_path)
            seen.add(source.rel_path)
            try:
                raw = source.path.read_bytes()
            except OSError as exc:
                self._fail(summary, source, f"cannot read file: {exc.strerror or exc}")
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
            previous = live.get(source.rel_path)
            if previous == doc_hash:
                summary.unchanged += 1
                continue
            try:
                document = load_document(source)
                written = self._store(document, doc_hash, max_tokens, options.overlap_tokens)
            except LoadError as exc:
                self._fail(summary, source, str(exc))
                continue
            summary.chunks += written
            if previous is None:
                summary.added += 1
            else:
                summary.updated += 1

        if options.prune:
            summary.removed += self._prune(versions, paths, seen)
        if summary.changed:
            self.index.bump_generation()
        log.info(
            "ingest_finished",
            added=summary.added,
            updated=summary.updated,
            unchanged=summary.unchanged,
            removed=summary.removed,
            failed=len(summary.failed),
            chunks=summary.chunks,
        )
        return summary

    def _store(self, document: Document, doc_hash: str, max_tokens: int, overlap: int) -> int:
        chunks = chunk_document(document, self.embedder.count_tokens, max_tokens, overlap)
        if not chunks:
            raise LoadError("no readable text in file")
        embeddings = self.embedder.embed_documents([c.embedding_text() for c in chunks])
        self.index.add_version(chunks, doc_hash, document.source_path, embeddings)
        # Only now that the new version is stored does the old one go.
        self.index.delete_versions(document.doc_id, keep_hash=doc_hash)
        return len(chunks)

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
        self, versions: dict[str, list[DocumentVersion]], roots: list[Path], seen: set[str]
    ) -> int:
        """Remove documents that came from these roots but whose files are gone."""
        resolved_roots = [r.expanduser().resolve() for r in roots]
        removed = 0
        for doc_id, doc_versions in versions.items():
            source = Path(doc_versions[0].source_path).resolve()
            from_root = any(source == r or r in source.parents for r in resolved_roots)
            if from_root and doc_id not in seen and not source.exists():
                self.index.delete_versions(doc_id)
                removed += 1
                log.info("ingest_pruned", doc_id=doc_id)
        return removed

    @staticmethod
    def _fail(summary: IngestSummary, source: SourceFile, reason: str) -> None:
        summary.failed.append((str(source.path), reason))
        log.warning("ingest_skipped_file", path=str(source.path), reason=reason)
