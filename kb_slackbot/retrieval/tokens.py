"""How text becomes search terms, the same for BM25, relevance features and the reader."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"(?u)\b\w\w+\b")


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())
