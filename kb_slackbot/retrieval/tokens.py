"""How text becomes search terms, the same for BM25, relevance features and the reader."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_TOKEN = re.compile(r"(?u)\b\w\w+\b")


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())


def fold(term: str) -> str:
    """The term without its accents: "escritório" → "escritorio", "refeição" → "refeicao"."""
    decomposed = unicodedata.normalize("NFKD", term)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def respell(text: str, spelled: Callable[[str], str]) -> str:
    """``text`` with each word that ``spelled`` (given the lower-cased word) changes replaced
    by its new spelling; every other character as it was."""

    def one(match: re.Match) -> str:
        word = match.group(0)
        new = spelled(word.lower())
        return word if new == word.lower() else new

    return _TOKEN.sub(one, text)
