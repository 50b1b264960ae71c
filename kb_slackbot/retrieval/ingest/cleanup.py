"""Keeping the index consistent: finishing what an interrupted run left, and removing
documents whose files are gone."""

from __future__ import annotations

from pathlib import Path

import structlog

from ..index import ChunkIndex, DocumentVersion, live_hashes

log = structlog.get_logger("kb_slackbot.retrieval.ingest")


def repair(index: ChunkIndex, versions: dict[str, list[DocumentVersion]]) -> int:
    """Drop incomplete and superseded versions; returns how many documents were removed."""
    live = live_hashes(versions)
    repaired = 0
    for doc_id, doc_versions in versions.items():
        if len(doc_versions) == 1 and doc_id in live:
            continue
        if doc_id in live:
            index.delete_versions(doc_id, keep_hash=live[doc_id])
        else:
            index.delete_versions(doc_id)
            repaired += 1
        log.warning("ingest_repaired_interrupted_document", doc_id=doc_id)
    return repaired


def prune(
    index: ChunkIndex,
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
            index.delete_versions(doc_id)
            live.pop(doc_id, None)
            removed += 1
            log.info("ingest_pruned", doc_id=doc_id)
    return removed
