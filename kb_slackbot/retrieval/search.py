"""Hybrid search: dense (Chroma) + BM25, fused with RRF, diversified with MMR, reranked.

Space filters are applied inside both retrievers (Chroma ``where`` and a BM25 weight mask),
never after retrieval, so restricted pages can neither leak nor crowd out allowed ones.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection
from dataclasses import dataclass, field

import numpy as np
import structlog
from chromadb.errors import ChromaError

from .documents import Chunk
from .fusion import mmr, reciprocal_rank_fusion
from .index import ChunkIndex, chunk_from_record
from .keyword import KeywordIndex
from .rerank import Reranker

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class SearchConfig:
    candidates: int = 50  # per retriever
    rrf_k: int = 60
    use_mmr: bool = True
    mmr_lambda: float = 0.5
    min_relevance: float = 0.4
    rerank_weight: float = 0.5  # share of the reranker in the final relevance score
    refresh_interval_s: float = 2.0


@dataclass
class SearchResult:
    chunk: Chunk
    score: float  # calibrated relevance in [0, 1]
    stages: dict[str, float] = field(default_factory=dict)  # for debugging, never for users

    @property
    def snippet(self) -> str:
        text = " ".join(self.chunk.text.split())
        return text if len(text) <= 280 else text[:277].rsplit(" ", 1)[0] + "…"


@dataclass
class SearchResponse:
    results: list[SearchResult]
    below_threshold: list[SearchResult]
    timings_ms: dict[str, float]


@dataclass
class _Corpus:
    """The live chunks as the BM25 side sees them, aligned by position."""

    ids: list[str]
    chunks: dict[str, Chunk]
    spaces: np.ndarray
    keyword: KeywordIndex
    live: dict[str, str]  # doc id → live version hash
    generation: int


class HybridSearcher:
    def __init__(self, index: ChunkIndex, reranker: Reranker | None, config: SearchConfig) -> None:
        self.index = index
        self.reranker = reranker
        self.config = config
        self._lock = threading.Lock()
        self._corpus: _Corpus | None = None
        self._checked_at = 0.0

    # --- keeping the BM25 side in step with Chroma ---------------------------------------

    def refresh(self, force: bool = False) -> None:
        now = time.monotonic()
        with self._lock:
            if (
                not force
                and self._corpus
                and now - self._checked_at < self.config.refresh_interval_s
            ):
                return
            self._checked_at = now
            generation = self.index.generation()
            if not force and self._corpus and self._corpus.generation == generation:
                return
            self._corpus = self._load(generation)

    def known_spaces(self) -> set[str]:
        self.refresh()
        assert self._corpus is not None
        return set(self._corpus.spaces.tolist())

    def index_generation(self) -> int:
        """The index version searches currently see (changes with every ingest)."""
        self.refresh()
        assert self._corpus is not None
        return self._corpus.generation

    def _load(self, generation: int) -> _Corpus:
        started = time.perf_counter()
        records = list(self.index.iter_records())
        versions_seen: dict[str, dict[str, tuple[int, int, float]]] = {}
        for _id, _text, meta in records:
            per_doc = versions_seen.setdefault(meta["doc_id"], {})
            count, expected, _at = per_doc.get(meta["doc_hash"], (0, int(meta["n_chunks"]), 0.0))
            per_doc[meta["doc_hash"]] = (count + 1, expected, float(meta.get("ingested_at", 0)))
        live: dict[str, str] = {}
        for doc_id, versions in versions_seen.items():
            complete = [(at, h) for h, (n, expected, at) in versions.items() if n == expected]
            if complete:
                live[doc_id] = max(complete)[1]
        kept = [(i, t, m) for i, t, m in records if live.get(m["doc_id"]) == m["doc_hash"]]
        chunks = {i: chunk_from_record(i, t, m) for i, t, m in kept}
        ids = [i for i, _, _ in kept]
        corpus = _Corpus(
            ids=ids,
            chunks=chunks,
            spaces=np.array([chunks[i].space for i in ids], dtype=object),
            keyword=KeywordIndex([chunks[i].embedding_text() for i in ids]),
            live=live,
            generation=generation,
        )
        log.info(
            "keyword_index_built",
            chunks=len(ids),
            generation=generation,
            ms=round((time.perf_counter() - started) * 1000, 1),
        )
        return corpus

    # --- search --------------------------------------------------------------------------

    def search(
        self,
        query: str,
        top_k: int = 5,
        spaces: Collection[str] | None = None,
        depth: int = 0,
        context: str | None = None,
    ) -> SearchResponse:
        """Best ``top_k`` chunks for ``query`` within ``spaces`` (None = every space).

        ``depth`` is how many fused candidates reach the reranker (default 2 × top_k).
        ``context`` is the conversation so far, for follow-ups like "and for Linux?": the
        question alone and the question with its context are both retrieved and fused, so
        the new detail (Linux) and the topic (the VPN) each pull their passages in.
        """
        timings: dict[str, float] = {}
        clock = time.perf_counter()

        def lap(stage: str) -> None:
            nonlocal clock
            now = time.perf_counter()
            timings[stage] = round((now - clock) * 1000, 2)
            clock = now

        self.refresh()
        corpus = self._corpus
        assert corpus is not None
        lap("refresh")
        queries = [query] if not context else [query, f"{context} {query}"]
        vectors_per_query = [self.index.embedder.embed_query(q) for q in queries]
        query_vector = vectors_per_query[-1]
        lap("embed")
        rankings: list[list[str]] = []
        vectors: dict[str, np.ndarray] = {}
        for vector in vectors_per_query:
            ids, found = self._dense(vector, corpus, spaces)
            rankings.append(ids)
            vectors.update(found)
        dense_ids = rankings[-1]
        lap("dense")
        for q in queries:
            rankings.append(self._keyword(q, corpus, spaces))
        keyword_ids = rankings[-1]
        lap("bm25")
        fused = reciprocal_rank_fusion(rankings, k=self.config.rrf_k)
        depth = depth or top_k * 2
        pool = [doc_id for doc_id, _ in fused[: max(depth * 3, depth)]]
        fused_score = dict(fused)
        self._fill_vectors(pool, vectors, corpus)
        if self.config.use_mmr and len(pool) > depth:
            relevance = np.array([fused_score[i] for i in pool])
            picked = mmr(
                query_vector,
                np.stack([vectors[i] for i in pool]),
                depth,
                self.config.mmr_lambda,
                relevance / relevance.max(),
            )
            pool = [pool[p] for p in sorted(picked)]
        else:
            pool = pool[:depth]
        lap("fuse")
        results = self._score(queries[-1], query_vector, pool, corpus, vectors)
        for result in results:
            cid = result.chunk.chunk_id
            result.stages["rrf"] = round(fused_score[cid], 5)
            if cid in dense_ids:
                result.stages["dense_rank"] = dense_ids.index(cid) + 1
            if cid in keyword_ids:
                result.stages["bm25_rank"] = keyword_ids.index(cid) + 1
        lap("rerank")
        results.sort(key=lambda r: r.score, reverse=True)
        passing = [r for r in results if r.score >= self.config.min_relevance][:top_k]
        rejected = [r for r in results if r.score < self.config.min_relevance][:top_k]
        timings["total"] = round(sum(timings.values()), 2)
        return SearchResponse(passing, rejected, timings)

    def _dense(
        self, query_vector: np.ndarray, corpus: _Corpus, spaces: Collection[str] | None
    ) -> tuple[list[str], dict[str, np.ndarray]]:
        if not corpus.ids:
            return [], {}
        where = {"space": {"$in": sorted(spaces)}} if spaces is not None else None
        if spaces is not None and not spaces:
            return [], {}
        response = self.index.collection.query(
            query_embeddings=[query_vector],
            n_results=min(self.config.candidates, len(corpus.ids)),
            where=where,
            include=["metadatas", "embeddings"],
        )
        ids: list[str] = []
        vectors: dict[str, np.ndarray] = {}
        for cid, meta, vector in zip(
            response["ids"][0], response["metadatas"][0], response["embeddings"][0], strict=True
        ):
            # A version an interrupted ingest left behind is invisible until repaired. An id
            # without metadata was deleted by another process after this one opened the store.
            if not meta or cid not in corpus.chunks:
                continue
            if corpus.live.get(meta["doc_id"]) == meta["doc_hash"]:
                ids.append(cid)
                vectors[cid] = np.asarray(vector, dtype=np.float32)
        return ids, vectors

    def _keyword(self, query: str, corpus: _Corpus, spaces: Collection[str] | None) -> list[str]:
        mask = None
        if spaces is not None:
            mask = np.isin(corpus.spaces, list(spaces)).astype(np.float32)
            if not mask.any():
                return []
        hits = corpus.keyword.search(query, self.config.candidates, mask)
        return [corpus.ids[h.position] for h in hits]

    def _fill_vectors(
        self, ids: list[str], vectors: dict[str, np.ndarray], corpus: _Corpus
    ) -> None:
        missing = [i for i in ids if i not in vectors]
        if not missing:
            return
        try:
            got = self.index.collection.get(ids=missing, include=["embeddings"])
            for cid, vector in zip(got["ids"], got["embeddings"], strict=True):
                vectors[cid] = np.asarray(vector, dtype=np.float32)
        except ChromaError as exc:
            # An embedded Chroma serves the vectors it loaded when this process opened it;
            # chunks another process (`kb-slackbot ingest`) added since are unknown to it.
            log.warning("chroma_vectors_stale", chunks=len(missing), error=str(exc))
        unknown = [i for i in missing if i not in vectors]
        if unknown:
            texts = [corpus.chunks[i].embedding_text() for i in unknown]
            embedded = self.index.embedder.embed_documents(texts)
            for cid, vector in zip(unknown, embedded, strict=True):
                vectors[cid] = np.asarray(vector, dtype=np.float32)

    def _score(
        self,
        query: str,
        query_vector: np.ndarray,
        pool: list[str],
        corpus: _Corpus,
        vectors: dict[str, np.ndarray],
    ) -> list[SearchResult]:
        """Relevance = w × reranker + (1 − w) × dense cosine, both in [0, 1].

        Measured on the sample KB's questions: the blend ranks as well as the better of the
        two and separates unanswerable questions better than either (benchmarks/README.md).
        """
        chunks = [corpus.chunks[i] for i in pool]
        dense = [float(np.clip(vectors[i] @ query_vector, 0.0, 1.0)) for i in pool]
        if self.reranker is None:
            return [
                SearchResult(chunk, d, {"dense_sim": round(d, 4)})
                for chunk, d in zip(chunks, dense, strict=True)
            ]
        reranked = self.reranker.score(query, [c.embedding_text() for c in chunks])
        w = self.config.rerank_weight
        return [
            SearchResult(
                chunk, w * r + (1 - w) * d, {"rerank": round(r, 4), "dense_sim": round(d, 4)}
            )
            for chunk, r, d in zip(chunks, reranked, dense, strict=True)
        ]
