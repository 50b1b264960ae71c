"""The chunks a search touches, fetched from Chroma and kept in bounded caches.

Chunk ids carry their document version's hash, so a cached chunk never goes stale; a page is
cached under (doc id, version hash). The bounds keep a million-chunk index from filling memory.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import structlog

from .documents import Chunk
from .index import ChunkIndex, chunk_from_record
from .language import passage_language
from .tokens import index_terms

log = structlog.get_logger(__name__)


class Bounded(OrderedDict):
    """Least recently used entries dropped beyond ``size`` (callers hold the searcher's lock
    or accept a lost entry: every value can be fetched again)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key, value) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


MISSING = object()  # a cached language may be None
CACHED_CHUNKS = 20_000  # chunk ids carry their version's hash: an entry never goes stale
CACHED_PAGES = 512


class ChunkCache:
    def __init__(self, index: ChunkIndex) -> None:
        self.index = index
        self._chunks: Bounded = Bounded(CACHED_CHUNKS)  # chunk id → Chunk
        self._terms: Bounded = Bounded(CACHED_CHUNKS)  # chunk id → (words, title words)
        self._languages: Bounded = Bounded(CACHED_CHUNKS)  # chunk id → language or None
        self._pages: Bounded = Bounded(CACHED_PAGES)  # (doc id, hash) → its chunks

    def chunk(self, chunk_id: str, text: str, meta: dict) -> Chunk:
        found = self._chunks.get(chunk_id)
        if found is None:
            found = chunk_from_record(chunk_id, text, meta)
            self._chunks.put(chunk_id, found)
        return found

    def terms_of(self, chunk: Chunk) -> tuple[frozenset[str], frozenset[str]]:
        """(all word tokens, title, heading and page-name tokens) of a chunk, computed once."""
        found = self._terms.get(chunk.chunk_id)
        if found is None:
            found = (
                frozenset(index_terms(chunk.keyword_text())),
                frozenset(index_terms(" ".join((chunk.title, *chunk.headings)))).union(
                    chunk.name_words()
                ),
            )
            self._terms.put(chunk.chunk_id, found)
        return found

    def language_of(self, chunk: Chunk) -> str | None:
        """The chunk's language (None: too short or unclear to tell), computed once. Title
        and headings count: a chunk that is only a table of names is told by them."""
        found = self._languages.get(chunk.chunk_id, MISSING)
        if found is MISSING:
            found = passage_language(chunk.embedding_text())
            self._languages.put(chunk.chunk_id, found)
        return found

    def page(self, doc_id: str, doc_hash: str) -> list[Chunk]:
        """Every chunk of one version of a page, in reading order."""
        page = self._pages.get((doc_id, doc_hash))
        if page is None:
            where = {"$and": [{"doc_id": doc_id}, {"doc_hash": doc_hash}]}
            got = self.index.collection.get(where=where, include=["documents", "metadatas"])
            page = sorted(
                (
                    chunk_from_record(i, t, m)
                    for i, t, m in zip(got["ids"], got["documents"], got["metadatas"], strict=True)
                ),
                key=lambda c: c.index,
            )
            self._pages.put((doc_id, doc_hash), page)
        return page

    def fill(
        self, ids: list[str], chunks: dict[str, Chunk], vectors: dict[str, np.ndarray]
    ) -> None:
        """The chunks and vectors of the keyword-only candidates, in one call to Chroma."""
        missing = [i for i in ids if i not in vectors]
        if not missing:
            return
        from chromadb.errors import ChromaError

        try:
            got = self.index.collection.get(
                ids=missing, include=["documents", "metadatas", "embeddings"]
            )
        except ChromaError as exc:
            # An embedded Chroma serves the vectors it loaded when this process opened it;
            # chunks another process (`kb-slackbot ingest`) added since are unknown to it.
            log.warning("chroma_vectors_stale", chunks=len(missing), error=str(exc))
            got = self.index.collection.get(ids=missing, include=["documents", "metadatas"])
            got["embeddings"] = None
        stored = got["embeddings"] if got["embeddings"] is not None else [None] * len(got["ids"])
        for cid, text, meta, vector in zip(
            got["ids"], got["documents"], got["metadatas"], stored, strict=True
        ):
            if not meta:
                continue
            chunks[cid] = self.chunk(cid, text, meta)
            if vector is not None:
                vectors[cid] = np.asarray(vector, dtype=np.float32)
        unknown = [i for i in missing if i in chunks and i not in vectors]
        if unknown:
            texts = [chunks[i].embedding_text() for i in unknown]
            embedded = self.index.embedder.embed_documents(texts)
            for cid, vector in zip(unknown, embedded, strict=True):
                vectors[cid] = np.asarray(vector, dtype=np.float32)
