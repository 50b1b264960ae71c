"""The gap list's similarity threshold, measured: when are two questions "the same gap"?

Positives: the paraphrase pairs in benchmarks/gap_paraphrases.jsonl (a sample question and
another wording of it; three cross-language). Negatives: every pair of different questions
among the sample questions and those paraphrases; "hard" negatives are two different
questions about the same page (VPN on a Mac / VPN on Linux). Prints pairwise precision and
recall per threshold, then how :func:`kb_slackbot.answer.gaps.group` groups all of them.

    HF_HUB_OFFLINE=1 python -m benchmarks.gap_threshold
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np

from benchmarks.common import PRODUCT, ROOT
from kb_slackbot.answer.gaps import SIMILAR, Asked, group
from kb_slackbot.retrieval.embeddings import load_embedder


def main() -> None:
    samples = _jsonl(ROOT / "sample_kb" / "questions.jsonl")
    pairs = _jsonl(ROOT / "benchmarks" / "gap_paraphrases.jsonl")
    page = {s["question"]: tuple(s["expected_sources"]) for s in samples}
    label = {s["question"]: s["question"] for s in samples}  # question → its gap
    for pair in pairs:
        # A paraphrase that is itself a sample question (cross-language) joins that gap.
        gap = label[pair["question"]]
        for other, g in list(label.items()):
            if g == label.get(pair["paraphrase"]):
                label[other] = gap
        label[pair["paraphrase"]] = gap
        page.setdefault(pair["paraphrase"], page[pair["question"]])
    texts = list(label)
    embedder = load_embedder(PRODUCT.embedding_model)
    vectors = np.stack([embedder.embed_query(t) for t in texts])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    sims = vectors @ vectors.T

    pos, neg, hard = [], [], []
    for i, j in itertools.combinations(range(len(texts)), 2):
        s = float(sims[i, j])
        if label[texts[i]] == label[texts[j]]:
            pos.append(s)
        else:
            neg.append(s)
            if page[texts[i]] and page[texts[i]] == page[texts[j]]:
                hard.append(s)
    pos_a, neg_a, hard_a = np.array(pos), np.array(neg), np.array(hard)
    print(f"{len(texts)} questions, {len(set(label.values()))} gaps")
    print(f"positive pairs {len(pos)}: min {pos_a.min():.3f} median {np.median(pos_a):.3f}")
    print(
        f"negative pairs {len(neg)}: max {neg_a.max():.3f} p99 {np.quantile(neg_a, 0.99):.3f};"
        f" same-page negatives {len(hard)}: max {hard_a.max():.3f}"
    )
    print("threshold | recall (paraphrases merged) | false merges (of all / same-page) | F1")
    for t in np.arange(0.80, 0.951, 0.01):
        tp = int((pos_a >= t).sum())
        fp = int((neg_a >= t).sum())
        recall = tp / len(pos)
        precision = tp / (tp + fp) if tp + fp else 1.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        print(f"{t:.2f} | {recall:.3f} | {fp} / {int((hard_a >= t).sum())} | {f1:.3f}")

    asked = [
        Asked(str(n), t, float(n), f"U{n}", "C1", "mention", "not_found", None)
        for n, t in enumerate(texts)
    ]
    gaps = group(asked, embedder.embed_query, SIMILAR)
    mixed = [g for g in gaps if len({label[a.question] for a in g.asked}) > 1]
    split = len(gaps) - len(set(label.values())) + len(mixed)
    print(
        f"group() at SIMILAR={SIMILAR}: {len(gaps)} gaps for {len(set(label.values()))} true;"
        f" {len(mixed)} mixing different questions, ~{max(split, 0)} paraphrases left apart"
    )
    for g in mixed:
        print("  mixed:", " | ".join(g.questions))


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


if __name__ == "__main__":
    main()
