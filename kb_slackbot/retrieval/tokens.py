"""How text becomes search terms, the same for BM25, relevance features and the reader."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_HYPHENS = "-\u2010\u2011"  # hyphen-minus, hyphen, non-breaking hyphen (Word, PDF exports)
_HYPHENATED = re.compile(rf"(?u)\b\w++(?:[{_HYPHENS}]\w++)+")  # possessive: no backtracking
_UNHYPHEN = str.maketrans("", "", _HYPHENS)


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())


def joined_forms(text: str) -> list[str]:
    """Each hyphenated word of ``text`` written joined: "Wi-Fi" → "wifi", "e-mail" →
    "email", "COVID-19" → "covid19" (not dates and other all-digit runs)."""
    if not any(hyphen in text for hyphen in _HYPHENS):
        return []
    joined = (word.translate(_UNHYPHEN) for word in _HYPHENATED.findall(text.lower()))
    return [word for word in joined if not word.isdigit()]


def index_terms(text: str) -> list[str]:
    """The terms a page's text is found by: its tokens, plus its hyphenated words joined, so
    a question that writes "wifi" or "email" finds the page that writes "Wi-Fi" or "e-mail".
    Questions are tokenized plainly (``tokenize``): the joined form is another spelling of
    words already counted, so it adds no length and no weight to what was asked."""
    return tokenize(text) + joined_forms(text)


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
