"""Hybrid search: dense (Chroma) + BM25 candidates, ordered by the fitted relevance model.

Every candidate either retriever returns gets features (``relevance.py``) and one probability
of relevance; with a reranker, the head of that order is scored again with the reranker's
opinion added. That probability orders the results and is what every threshold compares.

The keyword side is a shared, persisted index (``keyword_store.py``) that ingest updates;
chunk texts come from Chroma for the candidates of each search, and are cached (bounded).

Space filters are applied inside both retrievers (Chroma ``where`` and a BM25 weight mask),
never after retrieval, so restricted pages can neither leak nor crowd out allowed ones.

One module on purpose (just over 300 lines): retrieving, fusing, scoring, reranking and
diversifying are one sequence over the same per-search candidates, chunks and vectors.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Collection, Iterable
from functools import partial
from pathlib import Path

import numpy as np
import structlog

from .chunk_cache import ChunkCache
from .documents import Chunk
from .fusion import mmr, reciprocal_rank_fusion
from .index import ChunkIndex
from .keyword import KeywordIndex, tokenize
from .keyword_store import KeywordStore
from .language import AskedLanguage, detect_language
from .relevance import (
    Candidate,
    RelevanceModel,
    best_of_each_page,
    feature_matrix,
    pool_margins,
)
from .rerank import Reranker
from .results import Laps, SearchConfig, SearchResponse, SearchResult, stage_figures
from .retired import current_first, is_retired, without_retired_copies
from .spelling import spelled
from .tokens import respell

log = structlog.get_logger(__name__)


class HybridSearcher:
    def __init__(
        self,
        index: ChunkIndex,
        reranker: Reranker | None,
        config: SearchConfig,
        relevance: RelevanceModel,
        store: KeywordStore | None = None,
    ) -> None:
        """``store``: the shared keyword index (default: a private one in a temporary folder,
        built from Chroma on first use)."""
        self.index = index
        self.reranker = reranker if relevance.second is not None else None
        self.relevance = relevance
        self.config = config
        if store is None:
            self._scratch = tempfile.TemporaryDirectory(prefix="kb-keyword-")
            store = KeywordStore(Path(self._scratch.name), index)
        self.store = store
        self._lock = threading.Lock()
        self._keyword: KeywordIndex | None = None
        self._checked_at = 0.0
        self.cache = ChunkCache(index)

    # --- keeping the keyword side in step with Chroma ------------------------------------

    def refresh(self, force: bool = False) -> None:
        now = time.monotonic()
        with self._lock:
            if (
                not force
                and self._keyword
                and now - self._checked_at < self.config.refresh_interval_s
            ):
                return
            self._checked_at = now
            generation = self.index.generation()
            if not force and self._keyword and self._keyword.generation >= generation:
                return
            self._keyword = self.store.load(generation)

    def known_spaces(self) -> set[str]:
        return self._current().spaces

    def index_generation(self) -> int:
        """The index version searches currently see (changes with every ingest)."""
        return self._current().generation

    def _current(self) -> KeywordIndex:
        self.refresh()
        assert self._keyword is not None
        return self._keyword

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
        lap = Laps()
        keyword = self._current()
        chunks: dict[str, Chunk] = {}  # this search's candidates
        lap("refresh")
        queries = [query] if not context else [query, with_context(query, context)]
        vectors_per_query = [self.index.embedder.embed_query(q) for q in queries]
        query_vector = vectors_per_query[-1]
        lap("embed")
        rankings: list[list[str]] = []
        vectors: dict[str, np.ndarray] = {}
        for vector in vectors_per_query:
            ids, found = self._dense(vector, keyword, spaces, chunks)
            rankings.append(ids)
            vectors.update(found)
        dense_ids = rankings[-1]
        lap("dense")
        hits = [keyword.search(q, self.config.candidates, spaces) for q in queries]
        rankings += [[h.chunk_id for h in found] for found in hits]
        keyword_ids, keyword_scores = rankings[-1], {h.chunk_id: h.score for h in hits[-1]}
        lap("bm25")
        fused_score = dict(reciprocal_rank_fusion(rankings, k=self.config.rrf_k))
        pool = list(dict.fromkeys(i for ranking in rankings for i in ranking))
        self.cache.fill(pool, chunks, vectors)
        pool = [cid for cid in pool if cid in chunks]  # gone since: a newer ingest removed it
        lap("fuse")
        results = self._score(
            queries[-1],
            query_vector,
            pool,
            keyword,
            chunks,
            vectors,
            (dense_ids, keyword_ids, keyword_scores),
            depth or self.config.rerank_depth,
        )
        if self.config.use_mmr and len(results) > top_k:
            results = self._diversify(results, vectors, query_vector, top_k)
        for result in results:
            result.stages["rrf"] = round(fused_score[result.chunk.chunk_id], 5)
        lap("rerank")
        passing = without_retired_copies(
            [r for r in results if r.score >= self.config.min_relevance]
        )[:top_k]
        rejected = [r for r in results if r.score < self.config.min_relevance][:top_k]
        return SearchResponse(passing, rejected, lap.total())

    def respelled(self, text: str, language: str | None = None) -> str:
        """``text`` with the words typed without their accents spelled as the pages spell
        them ("qual o endereço do escritorio" → "… escritório") and its chat shorthand
        written out ("qto" → "quanto"): people type so in chat, and BM25, coverage and the
        reader match words exactly. ``language``: the text's, if the caller has detected it."""
        language = language or detect_language(text)
        return respell(text, partial(spelled, self._current(), language=language))

    def coverage_weights(self, terms: list[str]) -> dict[str, float]:
        """How much each question word weighs when the reader measures coverage: its rarity
        in the index, everyday words never rarer than in general text (term_prior)."""
        return self._current().coverage_weights(terms)

    def page_titles(self, doc_ids: Iterable[str] | None = None) -> dict[str, str]:
        """Live pages (those of ``doc_ids``, or every one): doc id → its title."""
        live = self._current().live
        wanted = live if doc_ids is None else [d for d in doc_ids if d in live]
        return {
            doc_id: page[0].title
            for doc_id in wanted
            if (page := self.cache.page(doc_id, live[doc_id]))
        }

    def page_chunks(self, doc_id: str) -> list[Chunk]:
        """Every chunk of a page's live version, in reading order (none when it is gone)."""
        keyword = self._keyword
        doc_hash = keyword.live.get(doc_id) if keyword is not None else None
        return [] if doc_hash is None else self.cache.page(doc_id, doc_hash)

    def page_sections(self, doc_id: str) -> dict[tuple[tuple[str, ...], int | None], str]:
        """Every section of a page: (headings, PDF page) → its text, chunks joined in order."""
        sections: dict[tuple[tuple[str, ...], int | None], list[str]] = {}
        for chunk in self.page_chunks(doc_id):
            blocks = sections.setdefault((chunk.headings, chunk.page), [])
            for block in chunk.text.split("\n\n"):
                if block not in blocks[-8:]:  # chunk overlap repeats the last few blocks
                    blocks.append(block)
        return {key: "\n\n".join(blocks) for key, blocks in sections.items()}

    def _dense(
        self,
        query_vector: np.ndarray,
        keyword: KeywordIndex,
        spaces: Collection[str] | None,
        chunks: dict[str, Chunk],
    ) -> tuple[list[str], dict[str, np.ndarray]]:
        if not keyword.size:
            return [], {}
        where = {"space": {"$in": sorted(spaces)}} if spaces is not None else None
        if spaces is not None and not spaces:
            return [], {}
        response = self.index.collection.query(
            query_embeddings=[query_vector],
            n_results=min(self.config.candidates, keyword.size),
            where=where,
            include=["metadatas", "embeddings", "documents"],
        )
        ids: list[str] = []
        vectors: dict[str, np.ndarray] = {}
        for cid, text, meta, vector in zip(
            response["ids"][0],
            response["documents"][0],
            response["metadatas"][0],
            response["embeddings"][0],
            strict=True,
        ):
            # A version an interrupted ingest left behind is invisible until repaired. An id
            # without metadata was deleted by another process after this one opened the store.
            if meta and keyword.live.get(meta["doc_id"]) == meta["doc_hash"]:
                ids.append(cid)
                vectors[cid] = np.asarray(vector, dtype=np.float32)
                chunks[cid] = self.cache.chunk(cid, text, meta)
        return ids, vectors

    def _score(
        self,
        query: str,
        query_vector: np.ndarray,
        pool: list[str],
        keyword: KeywordIndex,
        chunks: dict[str, Chunk],
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
        asked = AskedLanguage.of(query)
        candidates = [
            Candidate(
                terms=self.cache.terms_of(chunks[cid])[0],
                title_terms=self.cache.terms_of(chunks[cid])[1],
                dense=float(vectors[cid] @ query_vector),
                dense_rank=dense_rank.get(cid),
                bm25=scores.get(cid, 0.0),
                bm25_rank=keyword_rank.get(cid),
                cross=asked.differs_from(self.cache.language_of(chunks[cid])),
            )
            for cid in pool
        ]
        terms = tokenize(query)
        weights = keyword.coverage_weights(terms)
        names = self.relevance.first.features  # the shipped model's own feature list
        base = feature_matrix(terms, weights, candidates, self.config.candidates, names=names)
        probability = self.relevance.score(base)
        order = list(np.argsort(-probability, kind="stable"))
        coverage = names.index("coverage")
        stages = stage_figures(candidates, base[:, coverage], probability)
        if self.reranker is not None:
            texts = [chunks[pool[i]].embedding_text() for i in order[:depth]]
            order = self._rerank(query, texts, base, probability, stages, order, depth)
        # A page its authors retired ("ARCHIVED - …") comes after every current page worth
        # suggesting: it says the same things with the old figures.
        retired = [is_retired(chunks[cid].title) for cid in pool]
        if any(retired):
            order = current_first(order, probability, retired, self.config.current_floor)
        # How far the best page stands out from the next pages (an answerability input); a
        # retired copy of a current best page is no rival to it.
        heads = [order[n] for n in best_of_each_page([chunks[pool[i]].doc_id for i in order])]
        if not retired[order[0]]:
            heads = [i for i in heads if not retired[i]]
        margins = pool_margins(
            [candidates[i].dense for i in heads],
            base[heads, coverage],
            [candidates[i].cross for i in heads],
        )
        stages[order[0]]["dense_margin"], stages[order[0]]["coverage_margin"] = (
            round(m, 4) for m in margins
        )
        return [
            SearchResult(chunks[pool[i]], float(probability[i]), stages[i], candidates[i].cross)
            for i in order
        ]

    def _rerank(
        self,
        query: str,
        texts: list[str],
        base: np.ndarray,
        probability: np.ndarray,
        stages: list[dict[str, float]],
        order: list[int],
        depth: int,
    ) -> list[int]:
        """The second stage: the head of ``order`` (whose ``texts`` are given) scored again
        with the reranker's opinion added; updates ``probability`` and ``stages`` in place
        and returns the new order."""
        head = order[:depth]
        reranked = np.asarray(self.reranker.score(query, texts))
        rows = np.concatenate(
            [base[head], np.stack([reranked, reranked - reranked.max()], axis=1)], axis=1
        )
        second = self.relevance.rescore(rows)
        for i, r, p in zip(head, reranked, second, strict=True):
            probability[i] = p
            stages[i]["rerank"] = round(float(r), 4)
        return [head[i] for i in np.argsort(-second, kind="stable")] + order[len(head) :]

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


def with_context(query: str, context: str | None) -> str:
    """A follow-up as search embeds it (and the reader reads it): the earlier question first."""
    return f"{context} {query}" if context else query
