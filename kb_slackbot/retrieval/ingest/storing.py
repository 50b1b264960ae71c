"""Embedding chunks at the model's speed and storing each document atomically.

The chunks of several documents are pooled, sorted by length so that each batch the model
sees is of similar lengths, and embedded a batch at a time; then each document is stored with
one ``add`` call (atomic in Chroma) and only then is its previous version dropped. A document
larger than the pool is embedded and stored in batches on its own (incomplete until the last
batch is stored, which readers ignore and the next ingest repairs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..documents import Chunk, Document
from ..embeddings import Embedder
from ..index import ChunkIndex
from ..loaders import SourceFile


@dataclass
class Pending:
    """A chunked document waiting for its embeddings."""

    source: SourceFile
    document: Document
    doc_hash: str
    chunks: list[Chunk]
    planted: list[str]
    previous: str | None  # hash of the version it replaces
    report: Callable[[int, int], None]


class DocumentWriter:
    def __init__(self, index: ChunkIndex, embedder: Embedder, batch_size: int) -> None:
        self.index = index
        self.embedder = embedder
        self.batch_size = batch_size

    def store_pooled(self, pending: list[Pending], stored: Callable[[Pending], None]) -> None:
        """Embed the chunks of several documents together, shortest first, then store each
        document in one call and only then drop its previous version; ``stored`` is called
        after each document."""
        chunks = [c for item in pending for c in item.chunks]
        if not chunks:
            return
        vectors = self._embed_by_length([c.embedding_text() for c in chunks])
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
            stored(item)
            start = end

    def store_large(self, item: Pending) -> None:
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

    def _embed_by_length(self, texts: list[str]) -> list:
        """Embeddings in the order of ``texts``, computed in batches of similar lengths."""
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors: list = [None] * len(texts)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            for i, vector in zip(
                batch, self.embedder.embed_documents([texts[i] for i in batch]), strict=True
            ):
                vectors[i] = vector
        return vectors
