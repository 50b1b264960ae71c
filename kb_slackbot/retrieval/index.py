"""The Chroma side of the index: one collection of chunks, versioned per document.

Each document version is written with a single ``add`` call (one transaction in Chroma), and
the previous version is deleted only after that succeeds. A crash in between leaves two
complete versions; readers use the newest complete one and the next ingest removes the rest.
So the chunks themselves are the manifest — nothing else can drift out of sync.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

import chromadb
import numpy as np
from chromadb.api.types import EmbeddingFunction

from ..private import private_dir
from ..settings import Settings
from .documents import PAGE, Chunk
from .embeddings import Embedder

_PAGE = 5000


@dataclass(frozen=True)
class DocumentVersion:
    doc_id: str
    doc_hash: str
    n_chunks: int
    ingested_at: float
    source_path: str
    title: str
    space: str
    flagged: bool | None = None  # None: written before pages were checked for planted text


class ProjectEmbeddingFunction(EmbeddingFunction):
    """Hands Chroma our own model so it never falls back to its downloading default."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder

    def __call__(self, input: list[str]) -> list[np.ndarray]:
        return list(self._embedder.embed_documents(list(input)))

    @staticmethod
    def name() -> str:
        return "kb-slackbot"

    def get_config(self) -> dict[str, Any]:
        return {"model": self._embedder.name}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> ProjectEmbeddingFunction:
        raise NotImplementedError("kb-slackbot passes its embedding function explicitly")


def make_client(settings: Settings) -> chromadb.ClientAPI:
    if settings.chroma_host:
        headers = {k: v.get_secret_value() for k, v in settings.chroma_headers.items()}
        return chromadb.HttpClient(
            host=settings.chroma_host,
            port=settings.chroma_port,
            ssl=settings.chroma_ssl,
            headers=headers or None,
            settings=chromadb.Settings(anonymized_telemetry=False),
        )
    private_dir(settings.data_dir)
    private_dir(settings.chroma_dir)
    return chromadb.PersistentClient(
        path=str(settings.chroma_dir), settings=chromadb.Settings(anonymized_telemetry=False)
    )


def chunk_metadata(chunk: Chunk, doc_hash: str, n_chunks: int, source_path: str) -> dict:
    meta: dict[str, Any] = {
        "doc_id": chunk.doc_id,
        "doc_hash": doc_hash,
        "n_chunks": n_chunks,
        "chunk_index": chunk.index,
        "title": chunk.title,
        "url": chunk.url,
        "heading_path": " › ".join(chunk.headings),
        "updated": chunk.updated.isoformat(),
        "space": chunk.space,
        "source_path": source_path,
        "ingested_at": time.time(),
        "flagged": chunk.flagged,
    }
    for key in ("start_line", "end_line", "page"):
        value = getattr(chunk, key)
        if value is not None:
            meta[key] = value
    if chunk.kind != PAGE:  # pages (nearly every chunk) keep their metadata as it was
        meta["kind"], meta["author"] = chunk.kind, chunk.author
    return meta


def chunk_from_record(chunk_id: str, text: str, meta: dict) -> Chunk:
    headings = tuple(h for h in str(meta.get("heading_path", "")).split(" › ") if h)
    return Chunk(
        chunk_id=chunk_id,
        doc_id=meta["doc_id"],
        index=int(meta.get("chunk_index", 0)),
        text=text,
        title=meta.get("title", ""),
        url=meta.get("url", ""),
        headings=headings,
        updated=date.fromisoformat(meta["updated"]),
        space=meta.get("space", "public"),
        start_line=meta.get("start_line"),
        end_line=meta.get("end_line"),
        page=meta.get("page"),
        flagged=bool(meta.get("flagged", False)),  # indexes written before the check: False
        kind=meta.get("kind", PAGE),
        author=meta.get("author", ""),
    )


class ChunkIndex:
    def __init__(self, client: chromadb.ClientAPI, name: str, embedder: Embedder) -> None:
        self.embedder = embedder
        self._client = client
        self.collection = client.get_or_create_collection(
            name,
            embedding_function=ProjectEmbeddingFunction(embedder),
            configuration={"hnsw": {"space": "cosine"}},
            metadata={"generation": 0, "embedding_model": embedder.name},
        )

    # --- writes --------------------------------------------------------------------------

    def add_version(
        self, chunks: list[Chunk], doc_hash: str, source_path: str, embeddings: np.ndarray
    ) -> None:
        """Store all chunks of one document version in one call (atomic in Chroma)."""
        if len(chunks) > self._client.get_max_batch_size():
            raise ValueError(f"document has {len(chunks)} chunks, more than Chroma's batch size")
        self.add_chunks(chunks, doc_hash, len(chunks), source_path, embeddings)

    def add_chunks(
        self,
        chunks: list[Chunk],
        doc_hash: str,
        n_chunks: int,
        source_path: str,
        embeddings: np.ndarray,
    ) -> None:
        """Store some of the ``n_chunks`` chunks of a document version. Until all are stored
        the version is incomplete, which readers ignore and the next ingest repairs."""
        self.collection.add(
            ids=[chunk_id(c.doc_id, doc_hash, c.index) for c in chunks],
            documents=[c.text for c in chunks],
            embeddings=embeddings,
            metadatas=[chunk_metadata(c, doc_hash, n_chunks, source_path) for c in chunks],
        )

    def set_flagged(self, doc_id: str, doc_hash: str, flagged: bool) -> None:
        """Record the planted-text check on a stored version's chunks (no re-embedding)."""
        where = {"$and": [{"doc_id": doc_id}, {"doc_hash": doc_hash}]}
        ids = self.collection.get(where=where, include=[])["ids"]
        if ids:  # update merges metadata: only the flag changes
            self.collection.update(ids=ids, metadatas=[{"flagged": flagged}] * len(ids))

    def texts(self, doc_id: str, doc_hash: str) -> str:
        """A stored version's text, its chunks in order."""
        where = {"$and": [{"doc_id": doc_id}, {"doc_hash": doc_hash}]}
        stored = self.collection.get(where=where, include=["documents", "metadatas"])
        pairs = zip(stored["metadatas"], stored["documents"], strict=True)
        return "\n\n".join(text for _, text in sorted(pairs, key=lambda p: p[0]["chunk_index"]))

    def delete_versions(self, doc_id: str, keep_hash: str | None = None) -> None:
        where: dict[str, Any] = {"doc_id": doc_id}
        if keep_hash is not None:
            where = {"$and": [{"doc_id": doc_id}, {"doc_hash": {"$ne": keep_hash}}]}
        self.collection.delete(where=where)

    def bump_generation(self) -> int:
        """Tell every reader (other processes too) that the index changed."""
        return self.set_generation(self.generation() + 1)

    def set_generation(self, generation: int) -> int:
        meta = dict(self.collection.metadata or {})
        meta["generation"] = generation
        self.collection.modify(metadata=meta)
        return generation

    @property
    def client(self):
        return self._client

    # --- reads ---------------------------------------------------------------------------

    def generation(self) -> int:
        fresh = self._client.get_collection(
            self.collection.name, embedding_function=self.collection._embedding_function
        )
        return int((fresh.metadata or {}).get("generation", 0))

    def count(self) -> int:
        return self.collection.count()

    def iter_records(self, include_documents: bool = True):
        """Every stored chunk as (id, text, metadata), page by page."""
        include = ["metadatas", "documents"] if include_documents else ["metadatas"]
        offset = 0
        while True:
            page = self.collection.get(limit=_PAGE, offset=offset, include=include)
            ids = page["ids"]
            if not ids:
                return
            documents = page.get("documents") or [""] * len(ids)
            yield from zip(ids, documents, page["metadatas"], strict=True)
            offset += len(ids)

    def versions(self) -> dict[str, list[DocumentVersion]]:
        """All stored versions per document, newest first, with their completeness known."""
        counts: dict[tuple[str, str], int] = defaultdict(int)
        firsts: dict[tuple[str, str], dict] = {}
        for _id, _text, meta in self.iter_records(include_documents=False):
            key = (meta["doc_id"], meta["doc_hash"])
            counts[key] += 1
            firsts.setdefault(key, meta)
        by_doc: dict[str, list[DocumentVersion]] = defaultdict(list)
        for key, meta in firsts.items():
            version = DocumentVersion(
                doc_id=key[0],
                doc_hash=key[1],
                n_chunks=int(meta["n_chunks"]) if counts[key] == meta["n_chunks"] else -1,
                ingested_at=float(meta.get("ingested_at", 0)),
                source_path=meta.get("source_path", ""),
                title=meta.get("title", ""),
                space=meta.get("space", "public"),
                flagged=meta.get("flagged"),
            )
            by_doc[key[0]].append(version)
        for versions in by_doc.values():
            versions.sort(key=lambda v: v.ingested_at, reverse=True)
        return dict(by_doc)


def live_hashes(versions: dict[str, list[DocumentVersion]]) -> dict[str, str]:
    """doc id → hash of its newest complete version (what searches should see)."""
    live: dict[str, str] = {}
    for doc_id, doc_versions in versions.items():
        complete = [v for v in doc_versions if v.n_chunks > 0]
        if complete:
            live[doc_id] = complete[0].doc_hash
    return live


def chunk_id(doc_id: str, doc_hash: str, index: int) -> str:
    return f"{doc_id}#{doc_hash[:16]}#{index}"
