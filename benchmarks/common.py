"""Shared helpers for the benchmarks: BEIR loading, indexing through the product's code path."""

from __future__ import annotations

import json
import logging
import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import chromadb
import structlog

from kb_slackbot.bootstrap import limit_torch_threads, prepare_process
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.index import ChunkIndex
from kb_slackbot.retrieval.relevance import load_relevance_model
from kb_slackbot.retrieval.results import SearchConfig
from kb_slackbot.retrieval.search import HybridSearcher
from kb_slackbot.settings import Settings

# What the CLI does for the product's process: model libraries quiet and offline, torch on
# the threads the product gives it (KB_TORCH_THREADS).
PRODUCT = Settings(_env_file=None)
prepare_process(PRODUCT)
limit_torch_threads(PRODUCT.torch_threads)

# The benchmarks print tables; the product's per-answer log lines would drown them.
structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))

ROOT = Path(__file__).resolve().parent.parent
EVAL_DIR = ROOT.parent / "shared" / "eval"
RESULTS = ROOT / "benchmarks" / "results"
SAMPLE_BASE_URL = "https://docs.northwindloop.example/"


@dataclass
class Beir:
    name: str
    corpus: dict[str, tuple[str, str]]  # id → (title, text)
    queries: dict[str, str]
    qrels: dict[str, set[str]]


def load_beir(name: str, max_queries: int | None = None, seed: int = 7) -> Beir:
    folder = EVAL_DIR / name
    corpus = {}
    with open(folder / "corpus.jsonl", encoding="utf-8") as handle:
        for line in handle:
            doc = json.loads(line)
            corpus[doc["_id"]] = (doc.get("title", ""), doc["text"])
    queries = {}
    with open(folder / "queries.jsonl", encoding="utf-8") as handle:
        for line in handle:
            q = json.loads(line)
            queries[q["_id"]] = q["text"]
    qrels: dict[str, set[str]] = {}
    with open(folder / "qrels" / "test.tsv", encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            qid, did, score = line.rstrip("\n").split("\t")
            if int(score) > 0:
                qrels.setdefault(qid, set()).add(did)
    ids = sorted(q for q in qrels if q in queries)
    if max_queries and len(ids) > max_queries:
        ids = sorted(random.Random(seed).sample(ids, max_queries))
    return Beir(name, corpus, {q: queries[q] for q in ids}, {q: qrels[q] for q in ids})


def beir_chunks(data: Beir) -> list[Chunk]:
    return [
        Chunk(
            chunk_id="",
            doc_id=doc_id,
            index=0,
            text=text,
            title=title,
            url=f"beir://{data.name}/{doc_id}",
            headings=(),
            updated=date(2026, 1, 1),
            space="public",
        )
        for doc_id, (title, text) in data.corpus.items()
    ]


def index_chunks(chunks: list[Chunk], embedder, cache_key: str | None = None) -> ChunkIndex:
    """One chunk per document, embedded by the product's embedder (cached on disk)."""
    import numpy as np

    cache = RESULTS / "cache" / f"{cache_key}.npy" if cache_key else None
    if cache and cache.exists():
        vectors = np.load(cache)
    else:
        vectors = embedder.embed_documents([c.embedding_text() for c in chunks])
        if cache:
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.save(cache, vectors)
    client = chromadb.PersistentClient(
        path=tempfile.mkdtemp(prefix="kb-bench-"),
        settings=chromadb.Settings(anonymized_telemetry=False),
    )
    index = ChunkIndex(client, "bench_chunks", embedder)
    batch = client.get_max_batch_size()
    for start in range(0, len(chunks), batch):
        part = chunks[start : start + batch]
        index.collection.add(
            ids=[f"{c.doc_id}#0" for c in part],
            documents=[c.text for c in part],
            embeddings=vectors[start : start + batch],
            metadatas=[
                {
                    "doc_id": c.doc_id,
                    "doc_hash": "h",
                    "n_chunks": 1,
                    "chunk_index": 0,
                    "title": c.title,
                    "url": c.url,
                    "heading_path": "",
                    "updated": "2026-01-01",
                    "space": "public",
                    "source_path": "",
                    "ingested_at": 0.0,
                }
                for c in part
            ],
        )
    index.bump_generation()
    return index


def searcher(index: ChunkIndex, reranker=None, refresh: bool = True, **config) -> HybridSearcher:
    relevance = load_relevance_model(index.embedder.name, reranker.name if reranker else None)
    search_config = SearchConfig.from_settings(Settings(), min_relevance=0.0, **config)
    s = HybridSearcher(index, reranker, search_config, relevance)
    if refresh:
        s.refresh(force=True)
    return s


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered)) - 1))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, (time.perf_counter() - start) * 1000


def print_table(title: str, header: list[str], rows: list[list[object]]) -> None:
    cells = [[str(h) for h in header]] + [
        [f"{c:.3f}" if isinstance(c, float) else "–" if c is None else str(c) for c in row]
        for row in rows
    ]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    print(f"\n## {title}\n")
    for n, row in enumerate(cells):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if n == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


def save(name: str, payload: object) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, default=str), encoding="utf-8")
    return path


def sample_questions() -> list[str]:
    lines = (ROOT / "sample_kb" / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["question"] for line in lines if line.strip()]


def ingest_sample(data_dir: Path, pieces: bool = False):
    """The sample KB indexed into ``data_dir`` through the product's own ingest (``pieces``:
    with the reader's pieces embedded, as `kb-slackbot ingest` does); returns the `Services`
    that did it, models loaded, for benchmarks that go on to answer."""
    from kb_slackbot.services import Services

    services = Services(Settings(_env_file=None, data_dir=data_dir, base_url=SAMPLE_BASE_URL))
    services.ingester.run(
        [ROOT / "sample_kb"], services.ingest_options(None, SAMPLE_BASE_URL, False)
    )
    if pieces:
        services.embed_pieces()
    return services
