"""BM25 over the same chunks as Chroma, rebuilt from Chroma so the two never disagree.

Rebuilding is cheap (see benchmarks/retrieval_bench.py: well under a second per 10k chunks),
and reading from Chroma means several workers, or a shared Chroma server, all see the same
index without a second store to keep in sync.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import bm25s
import numpy as np

_TOKEN = re.compile(r"(?u)\b\w\w+\b")


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())


@dataclass(frozen=True)
class KeywordHit:
    position: int  # index into the corpus the index was built from
    score: float


class KeywordIndex:
    def __init__(self, texts: list[str]) -> None:
        self.size = len(texts)
        self._bm25 = bm25s.BM25()
        if texts:
            # bm25s needs at least one token per document to build its vocabulary.
            self._bm25.index([tokenize(t) or ["\u2205"] for t in texts], show_progress=False)
            # Documents per term, from the score matrix's column pointers (no second pass).
            pointers = np.asarray(self._bm25.scores["indptr"])
            self._doc_freq = np.diff(np.append(pointers, len(self._bm25.scores["data"])))

    def search(self, query: str, k: int, allowed: np.ndarray | None = None) -> list[KeywordHit]:
        """Top-k documents; ``allowed`` is a 0/1 mask applied inside the scoring."""
        tokens = tokenize(query)
        if not self.size or not tokens or k <= 0:
            return []
        docs, scores = self._bm25.retrieve(
            [tokens], k=min(k, self.size), show_progress=False, weight_mask=allowed
        )
        return [
            KeywordHit(int(d), float(s)) for d, s in zip(docs[0], scores[0], strict=True) if s > 0
        ]

    def idf(self, terms: list[str]) -> dict[str, float]:
        """Lucene's IDF of each term in this corpus (the weight BM25 gives it)."""
        vocab = self._bm25.vocab_dict if self.size else {}
        out: dict[str, float] = {}
        for term in terms:
            position = vocab.get(term)
            df = self._doc_freq[position] if position is not None else 0
            out[term] = math.log(1 + (self.size - df + 0.5) / (df + 0.5))
        return out
