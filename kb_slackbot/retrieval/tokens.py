"""How text becomes search terms, the same for BM25, relevance features and the reader."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_HYPHENS = "-\u2010\u2011"  # hyphen-minus, hyphen, non-breaking hyphen (Word, PDF exports)
_HYPHENATED = re.compile(rf"(?u)\b\w++(?:[{_HYPHENS}]\w++)+")  # possessive: no backtracking
_UNHYPHEN = str.maketrans("", "", _HYPHENS)
# A number written with thousands separators: "1,500", "1.500", "10 000" (no-break or narrow
# space). Its tokens are its groups ("1,500" → "500"), so a question that writes "1500" — as
# chat does — found nothing; it is also indexed as its digits.
_SEPARATORS = ",.\u00a0\u202f"
_GROUPED_NUMBER = re.compile(rf"(?<![\d{_SEPARATORS}])\d{{1,3}}(?:[{_SEPARATORS}]\d{{3}})+(?!\d)")
_UNGROUP = str.maketrans("", "", _SEPARATORS)


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens, no stemming or stop words: works the same in every language."""
    return _TOKEN.findall(text.lower())


def ungrouped(text: str) -> str:
    """``text`` with its numbers written without thousands separators: "1,500" → "1500"."""
    return _GROUPED_NUMBER.sub(lambda m: m.group(0).translate(_UNGROUP), text)


def joined_forms(text: str) -> list[str]:
    """Each hyphenated word of ``text`` written joined: "Wi-Fi" → "wifi", "e-mail" →
    "email", "COVID-19" → "covid19" (not dates and other all-digit runs); and each number
    written with thousands separators as its digits: "1,500" → "1500"."""
    numbers = [m.group(0).translate(_UNGROUP) for m in _GROUPED_NUMBER.finditer(text)]
    if not any(hyphen in text for hyphen in _HYPHENS):
        return numbers
    joined = (word.translate(_UNHYPHEN) for word in _HYPHENATED.findall(text.lower()))
    return [word for word in joined if not word.isdigit()] + numbers


def index_terms(text: str) -> list[str]:
    """The terms a page's text is found by: its tokens, plus its hyphenated words joined and
    its numbers without thousands separators, so a question that writes "wifi", "email" or
    "1500" finds the page that writes "Wi-Fi", "e-mail" or "1,500".
    Questions are tokenized plainly (``tokenize``; BM25 first writes their grouped numbers as
    digits, ``ungrouped``): the joined form is another spelling of words already counted, so
    it adds no length and no weight to what was asked."""
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


_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")  # zero-width characters


def visible(text: str) -> str:
    """``text`` without zero-width characters (a heading's hidden anchor, a pasted join: "In
    welchem\u200b Jahr")."""
    return _INVISIBLE.sub("", text)
