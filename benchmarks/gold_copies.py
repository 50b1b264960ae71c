"""How often a public question's gold paragraph has a copy elsewhere in its corpus.

The gold-removed protocol (../shared/eval/README.md) takes a question's gold paragraph out of
the index: what is left should not answer it. FaQuAD-pt's corpus holds several versions of the
same regulations (one of them lower-cased, some merged), so for some questions a copy of the
gold paragraph stays in the index and the question is still answerable — an answer there is
right, yet the protocol counts it as a failure to abstain. This script counts such questions
per set: a copy is another paragraph holding at least ``--overlap`` of the smaller one's words.

    python benchmarks/gold_copies.py [--overlap 0.7]
"""

from __future__ import annotations

import argparse
import re

from common import load_beir, print_table

SETS = ("xquad-de", "xquad-vi", "faquad-pt")


def words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", text.lower()))


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Shared words over the smaller paragraph's words (1.0: one holds the other)."""
    return len(a & b) / max(1, min(len(a), len(b)))


def copied_golds(name: str, threshold: float) -> tuple[int, int, int]:
    """(questions, questions whose gold paragraph has a copy, paragraphs with a copy)."""
    data = load_beir(name)
    texts = {doc: words(text) for doc, (_title, text) in data.corpus.items()}
    with_copy = {
        doc
        for doc, mine in texts.items()
        if any(
            other != doc and overlap(mine, theirs) >= threshold for other, theirs in texts.items()
        )
    }
    copied = sum(1 for golds in data.qrels.values() if golds & with_copy)
    return len(data.qrels), copied, len(with_copy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--overlap", type=float, default=0.7)
    args = parser.parse_args()
    rows = []
    for name in SETS:
        questions, copied, paragraphs = copied_golds(name, args.overlap)
        rows.append([name, questions, copied, copied / questions, paragraphs])
    print_table(
        f"Gold paragraphs with a copy in the corpus (≥ {args.overlap} of the words shared)",
        ["set", "questions", "gold has a copy", "share", "paragraphs with a copy"],
        rows,
    )


if __name__ == "__main__":
    main()
