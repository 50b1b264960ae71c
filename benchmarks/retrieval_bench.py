"""Retrieval quality on public BEIR data (../shared/eval): nDCG@10 and Recall@10 for each
stage of the pipeline, side by side, next to the published and measured baselines.

    python benchmarks/retrieval_bench.py --datasets scifact,xquad-de --max-queries 300
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from common import beir_chunks, index_chunks, load_beir, print_table, save, searcher

from kb_slackbot.evaluation.metrics import ndcg_at_k, recall_at_k
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.fusion import mmr, reciprocal_rank_fusion
from kb_slackbot.retrieval.rerank import load_reranker

BASELINES = {  # from ../shared/eval/README.md: (BM25, dense MiniLM, RRF) nDCG@10 measured there
    "scifact": (0.661, 0.645, 0.689),
    "xquad-de": (0.913, 0.677, 0.851),
    "xquad-vi": (0.958, 0.481, 0.732),
    "faquad-pt": (0.889, 0.520, 0.718),
}
PUBLISHED_BM25_SCIFACT = 0.665


def doc_ids(chunk_ids: list[str]) -> list[str]:
    return [cid.split("#", 1)[0] for cid in chunk_ids]


def run_dataset(name: str, max_queries: int, rerankers: list[str], embedder) -> list[list]:
    data = load_beir(name, max_queries)
    index = index_chunks(beir_chunks(data), embedder, cache_key=f"{name}-{embedder.name}")
    base = searcher(index, None, candidates=100)
    keyword_index = base._keyword
    assert keyword_index is not None
    configs = {"none": None} | {
        r: load_reranker(r, "unused").reranker for r in rerankers if r != "none"
    }
    pipelines = {}
    for label, reranker in configs.items():
        s = searcher(index, reranker, candidates=50, refresh=False)
        s._keyword = keyword_index  # share the one keyword index
        s._checked_at = float("inf")
        pipelines[f"product: relevance model, reranker {label}"] = (s, 20)
    scores: dict[str, list[tuple[float, float]]] = {}
    seconds: dict[str, float] = {}

    def record(label: str, ranking: list[str], expected: set[str]) -> None:
        scores.setdefault(label, []).append(
            (ndcg_at_k(ranking, expected, 10), recall_at_k(ranking, expected, 10))
        )

    for qid, query in data.queries.items():
        expected = data.qrels[qid]
        vector = embedder.embed_query(query)
        chunks: dict = {}
        dense, vectors = base._dense(vector, keyword_index, None, chunks)
        keyword = [h.chunk_id for h in keyword_index.search(query, base.config.candidates)]
        fused = [cid for cid, _ in reciprocal_rank_fusion([dense, keyword], k=60)]
        record("BM25 only", doc_ids(keyword), expected)
        record("dense only", doc_ids(dense), expected)
        record("hybrid RRF", doc_ids(fused), expected)
        pool = fused[:30]
        base._fill(pool, chunks, vectors)
        rrf_score = dict(reciprocal_rank_fusion([dense, keyword], k=60))
        rel = np.array([rrf_score[c] for c in pool])
        picked = mmr(vector, np.stack([vectors[c] for c in pool]), 10, 0.5, rel / rel.max())
        record("hybrid RRF + MMR(0.5)", doc_ids([pool[p] for p in picked]), expected)
        for key, (pipeline, depth) in pipelines.items():
            started = time.perf_counter()
            response = pipeline.search(query, top_k=10, depth=depth)
            seconds[key] = seconds.get(key, 0.0) + time.perf_counter() - started
            record(key, doc_ids([r.chunk.chunk_id for r in response.results]), expected)
    bm25, dense_b, rrf_b = BASELINES.get(name, (None, None, None))
    rows = []
    for label, values in scores.items():
        ndcg = float(np.mean([v[0] for v in values]))
        rec = float(np.mean([v[1] for v in values]))
        rows.append(
            [
                name,
                label,
                ndcg,
                rec,
                f"{ndcg / bm25:.2f}×" if bm25 else "–",
                f"{1000 * seconds[label] / len(values):.0f}" if label in seconds else "–",
            ]
        )
    rows.append(
        [
            name,
            "README: BM25 / dense / RRF (measured there)",
            f"{bm25} / {dense_b} / {rrf_b}",
            "",
            "",
            "",
        ]
    )
    if name == "scifact":
        rows.append([name, "published BM25 (BEIR)", PUBLISHED_BM25_SCIFACT, "", "", ""])
    print_table(
        f"{name}: {len(data.queries)} queries, {len(data.corpus)} docs, {embedder.name}",
        ["dataset", "pipeline", "nDCG@10", "R@10", "vs BM25 (README)", "ms/query"],
        rows,
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--datasets", default="scifact,xquad-de,xquad-vi,faquad-pt")
    parser.add_argument("--max-queries", type=int, default=300)
    parser.add_argument("--rerankers", default="nanoranker,none")
    parser.add_argument("--embedding", default="all-MiniLM-L6-v2")
    args = parser.parse_args()
    embedder = load_embedder(args.embedding)
    all_rows = []
    for name in args.datasets.split(","):
        all_rows += run_dataset(name, args.max_queries, args.rerankers.split(","), embedder)
    print(f"\nsaved {save('retrieval', all_rows)}")


if __name__ == "__main__":
    main()
