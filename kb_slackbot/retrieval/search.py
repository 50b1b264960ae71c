"""Hybrid search: dense (Chroma) + BM25 candidates, ordered by the fitted relevance model.

Every candidate either retriever returns gets features (``relevance.py``) and one probability
of relevance; with a reranker, the head of that order is scored again with the reranker's
opinion added. That probability orders the results and is what every threshold compares.

Over 300 lines because it also keeps the live corpus (the BM25 side and section texts) in step
with Chroma; moving that into its own module is part of the structure work (issue 12).

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

from .documents import Chunk
from .fusion import mmr, reciprocal_rank_fusion
from .index import ChunkIndex, chunk_from_record
from .keyword import KeywordIndex, tokenize
from .relevance import BASE_FEATURES, Candidate, RelevanceModel, feature_matrix
from .rerank import Reranker

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class SearchConfig:
    candidates: int = 50  # per retriever
    rrf_k: int = 60  # only for the stage figures (`search --json`); ordering is the model's
    use_mmr: bool = False  # at λ 0.5 it dropped relevant passages on the public sets; opt-in
    mmr_lambda: float = 0.7
    min_relevance: float = 0.01  # P(relevant) below which a passage is not used
    rerank_depth: int = 20  # how many of the best candidates the reranker sees
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
    pages: dict[str, list[Chunk]] = field(default_factory=dict)  # doc id → its chunks, in order
    terms: dict[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)

    def terms_of(self, chunk_id: str) -> tuple[frozenset[str], frozenset[str]]:
        """(all word tokens, title and heading tokens) of a chunk, computed once."""
        found = self.terms.get(chunk_id)
        if found is None:
            chunk = self.chunks[chunk_id]
            found = (
                frozenset(tokenize(chunk.embedding_text())),
                frozenset(tokenize(" ".join((chunk.title, *chunk.headings)))),
            )
            self.terms[chunk_id] = found
        return found


class HybridSearcher:
    def __init__(
        self,
        index: ChunkIndex,
        reranker: Reranker | None,
        config: SearchConfig,
        relevance: RelevanceModel,
    ) -> None:
        self.index = index
        self.reranker = reranker if relevance.second is not None else None
        self.relevance = relevance
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
        pages: dict[str, list[Chunk]] = {}
        for chunk in sorted(chunks.values(), key=lambda c: c.index):
            pages.setdefault(chunk.doc_id, []).append(chunk)
        corpus = _Corpus(
            ids=ids,
            chunks=chunks,
            spaces=np.array([chunks[i].space for i in ids], dtype=object),
            keyword=KeywordIndex([chunks[i].embedding_text() for i in ids]),
            live=live,
            generation=generation,
            pages=pages,
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

        ``depth`` is how many of the best candidates the reranker sees (default: config).
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
        keyword_scores: dict[str, float] = {}
        for q in queries:
            ids, keyword_scores = self._keyword(q, corpus, spaces)
            rankings.append(ids)
        keyword_ids = rankings[-1]
        lap("bm25")
        fused_score = dict(reciprocal_rank_fusion(rankings, k=self.config.rrf_k))
        pool = list(dict.fromkeys(i for ranking in rankings for i in ranking))
        self._fill_vectors(pool, vectors, corpus)
        lap("fuse")
        results = self._score(
            queries[-1],
            query_vector,
            pool,
            corpus,
            vectors,
            (dense_ids, keyword_ids, keyword_scores),
            depth or self.config.rerank_depth,
        )
        if self.config.use_mmr and len(results) > top_k:
            results = self._diversify(results, vectors, query_vector, top_k)
        for result in results:
            result.stages["rrf"] = round(fused_score[result.chunk.chunk_id], 5)
        lap("rerank")
        passing = [r for r in results if r.score >= self.config.min_relevance][:top_k]
        rejected = [r for r in results if r.score < self.config.min_relevance][:top_k]
        timings["total"] = round(sum(timings.values()), 2)
        return SearchResponse(passing, rejected, timings)

    def idf(self, terms: list[str]) -> dict[str, float]:
        """How rare each term is in the index (the reader weighs question words with it)."""
        self.refresh()
        assert self._corpus is not None
        return self._corpus.keyword.idf(terms)

    def page_sections(self, doc_id: str) -> dict[tuple[tuple[str, ...], int | None], str]:
        """Every section of a page: (headings, PDF page) → its text, chunks joined in order."""
        corpus = self._corpus
        if corpus is None:
            return {}
        sections: dict[tuple[tuple[str, ...], int | None], list[str]] = {}
        for chunk in corpus.pages.get(doc_id, []):
            blocks = sections.setdefault((chunk.headings, chunk.page), [])
            for block in chunk.text.split("\n\n"):
                if block not in blocks[-8:]:  # chunk overlap repeats the last few blocks
                    blocks.append(block)
        return {key: "\n\n".join(blocks) for key, blocks in sections.items()}

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

    def _keyword(
        self, query: str, corpus: _Corpus, spaces: Collection[str] | None
    ) -> tuple[list[str], dict[str, float]]:
        mask = None
        if spaces is not None:
            mask = np.isin(corpus.spaces, list(spaces)).astype(np.float32)
            if not mask.any():
                return [], {}
        hits = corpus.keyword.search(query, self.config.candidates, mask)
        return [corpus.ids[h.position] for h in hits], {
            corpus.ids[h.position]: h.score for h in hits
        }

    def _fill_vectors(
        self, ids: list[str], vectors: dict[str, np.ndarray], corpus: _Corpus
    ) -> None:
        missing = [i for i in ids if i not in vectors]
        if not missing:
            return
        from chromadb.errors import ChromaError

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
        lists: tuple[list[str], list[str], dict[str, float]],
        depth: int,
    ) -> list[SearchResult]:
        """P(relevant) for every candidate, best first; ``lists``: the dense and BM25 rankings
        and the BM25 scores."""
        if not pool:
            return []
        dense_ids, keyword_ids, scores = lists
        dense_rank = {cid: n for n, cid in enumerate(dense_ids, start=1)}
        keyword_rank = {cid: n for n, cid in enumerate(keyword_ids, start=1)}
        candidates = [
            Candidate(
                terms=corpus.terms_of(cid)[0],
                title_terms=corpus.terms_of(cid)[1],
                dense=float(vectors[cid] @ query_vector),
                dense_rank=dense_rank.get(cid),
                bm25=scores.get(cid, 0.0),
                bm25_rank=keyword_rank.get(cid),
            )
            for cid in pool
        ]
        terms = tokenize(query)
        base = feature_matrix(terms, corpus.keyword.idf(terms), candidates, self.config.candidates)
        probability = self.relevance.score(base)
        order = list(np.argsort(-probability, kind="stable"))
        coverage = BASE_FEATURES.index("coverage")
        stages: list[dict[str, float]] = []
        for c, row, p in zip(candidates, base, probability, strict=True):
            stage = {"dense_sim": round(c.dense, 4), "coverage": round(float(row[coverage]), 4)}
            stage["p_first"] = round(float(p), 4)
            if c.dense_rank is not None:
                stage["dense_rank"] = c.dense_rank
            if c.bm25_rank is not None:
                stage["bm25_rank"] = c.bm25_rank
            stages.append(stage)
        if self.reranker is not None:
            head = order[:depth]
            reranked = np.asarray(
                self.reranker.score(query, [corpus.chunks[pool[i]].embedding_text() for i in head])
            )
            rows = np.concatenate(
                [base[head], np.stack([reranked, reranked - reranked.max()], axis=1)], axis=1
            )
            second = self.relevance.rescore(rows)
            for i, r, p in zip(head, reranked, second, strict=True):
                probability[i] = p
                stages[i]["rerank"] = round(float(r), 4)
            head_order = [head[i] for i in np.argsort(-second, kind="stable")]
            order = head_order + order[len(head) :]
        return [
            SearchResult(corpus.chunks[pool[i]], float(probability[i]), stages[i]) for i in order
        ]

    def _diversify(
        self,
        results: list[SearchResult],
        vectors: dict[str, np.ndarray],
        query_vector: np.ndarray,
        top_k: int,
    ) -> list[SearchResult]:
        """MMR over the head (opt-in): fewer near-duplicate chunks among the first ``top_k``."""
        head = results[: top_k * 3]
        picked = mmr(
            query_vector,
            np.stack([vectors[r.chunk.chunk_id] for r in head]),
            top_k,
            self.config.mmr_lambda,
            np.array([r.score for r in head]),
        )
        chosen = [head[i] for i in picked]
        return chosen + [r for r in results if r not in chosen]
