"""Does the Chroma deployment offer a server-side sparse (BM25) index? Asked, not assumed."""

from __future__ import annotations

import uuid

from .index import ChunkIndex


def server_sparse_support(index: ChunkIndex) -> tuple[bool, str]:
    """Whether the Chroma deployment accepts a sparse-vector (BM25) index, and what follows.

    Asked by creating a throwaway collection with one: single-node `chroma run` and the
    embedded client refuse ("Sparse vector indexing is not enabled in local"). Where one is
    accepted it is still not used: its BM25 (hashed, stemmed tokens, a fixed average length)
    scores differently from the one the relevance model was fitted on, so answers would change.
    """
    from chromadb import Schema, SparseVectorIndexConfig

    schema = Schema()
    schema.create_index(key="kb_sparse_probe", config=SparseVectorIndexConfig())
    name = f"{index.collection.name}_probe_{uuid.uuid4().hex[:8]}"
    try:
        index.client.create_collection(name, schema=schema, embedding_function=None)
    except Exception as exc:  # the refusal's type differs between client kinds
        return False, f"the Chroma server has no sparse (BM25) indexes ({exc})"
    index.client.delete_collection(name)
    return True, (
        "the Chroma server supports sparse (BM25) indexes; not used: its scores differ from "
        "the BM25 the relevance model was fitted on"
    )
