"""How common a word is in general language: a floor under a term's document frequency.

A knowledge base is small, so its own counts say little about everyday words. Docs rarely say
"my", "much" or "qual", and a question's everyday words then look like the rarest terms there
are and outweigh its real subject when we measure how much of the question a passage covers.
So a term's document frequency is at least what its frequency in general text (wordfreq, in the
languages of our users) predicts for this many chunks of this length: "my" counts as common
in any KB, while "tokyo" or "hackathon" stay as rare as the KB says. Only the question-coverage
weights use this; BM25 keeps the index's own counts.

Chat spellings drop the apostrophe: "whats", "dont", "cant". General text writes "what's", so
its word lists hold "whats" as a rare word, and "whats the deadline for expenses" weighed
"whats" above "deadline" (it never occurs in a page, so every passage looked to cover less of
the question). Such a spelling counts as common as the word it stands for (CHAT_SPELLINGS), and
so does chat shorthand ("qto é o subsídio de refeição" weighed "qto" as its rarest word).
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

import numpy as np
from wordfreq import DATA_PATH, cB_to_freq, lossy_tokenize, read_cBpack, word_frequency

from .language import SUPPORTED as LANGUAGES

# English chat spellings without the apostrophe → the word they stand for. Only forms that are
# not words of their own in our languages ("id", "wed", "ill", "shell" are left out).
CHAT_SPELLINGS = {
    "whats": "what",
    "hows": "how",
    "whos": "who",
    "wheres": "where",
    "whens": "when",
    "whys": "why",
    "thats": "that",
    "theres": "there",
    "dont": "do",
    "doesnt": "does",
    "didnt": "did",
    "cant": "can",
    "wont": "will",
    "isnt": "is",
    "arent": "are",
    "wasnt": "was",
    "werent": "were",
    "havent": "have",
    "hasnt": "has",
    "shouldnt": "should",
    "wouldnt": "would",
    "couldnt": "could",
    "ive": "have",
    "youre": "you",
    "theyre": "they",
    "weve": "have",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    # Chat shorthand that stands for no one word: weighed like a common word.
    "idk": "know",
    "tbh": "honestly",
    "btw": "way",
    "asap": "soon",
    "rn": "now",
    "bissl": "bisschen",
}

# Chat shorthand in our languages, written out (the common forms of each, from general usage,
# not from any question set). A question is searched and read written out ("qto é o subsídio"
# → "quanto é o subsídio": BM25 finds "quanto", the reader knows it asks for an amount), and
# the shorthand weighs like the word it stands for.
SHORTHAND = {
    "en": {
        "ppl": "people",
        "smth": "something",
        "sth": "something",
        "abt": "about",
        "bc": "because",
        "cuz": "because",
        "coz": "because",
        "tho": "though",
        "thru": "through",
        "nite": "night",
        "tmrw": "tomorrow",
        "tmr": "tomorrow",
        "msg": "message",
        "mins": "minutes",
        "hrs": "hours",
        "wk": "week",
        "wks": "weeks",
    },
    "pt": {
        "vc": "você",
        "vcs": "vocês",
        "tb": "também",
        "tbm": "também",
        "pq": "porque",
        "qto": "quanto",
        "qnto": "quanto",
        "qtos": "quantos",
        "qdo": "quando",
        "qnd": "quando",
        "hj": "hoje",
        "msm": "mesmo",
        "td": "tudo",
        "mto": "muito",
        "dps": "depois",
        "agr": "agora",
    },
    "es": {"xq": "porque", "pq": "porque", "tb": "también", "dnd": "donde", "qdo": "cuando"},
    "de": {
        "vllt": "vielleicht",
        "vlt": "vielleicht",
        "evtl": "eventuell",
        "aufm": "auf",
        "gibts": "gibt",
        "wg": "wegen",
    },
}
_WEIGHED_AS = {**{k: v for words in SHORTHAND.values() for k, v in words.items()}, **CHAT_SPELLINGS}


def written_out(term: str, language: str) -> str | None:
    """The word a chat shorthand stands for in ``language`` ("qto" → "quanto"), if it is one."""
    return SHORTHAND.get(language, {}).get(term)


EVERYDAY = 1e-3  # a word at least this frequent in general text (Zipf 6: "and", "with",
# "para") is grammar, not a name or a subject


def is_everyday(term: str) -> bool:
    """``term`` (lower-cased) is an everyday word of general text in any of LANGUAGES."""
    return general_frequency(term) >= EVERYDAY


@lru_cache(maxsize=65536)
def general_frequency(term: str) -> float:
    """The term's highest frequency per word in any of LANGUAGES (0 when unknown); a chat
    spelling ("whats") has the frequency of the word it stands for."""
    word = _WEIGHED_AS.get(term, term)
    return max(frequency_in(word, lang) for lang in LANGUAGES)


def frequency_in(term: str, language: str) -> float:
    """The term's frequency per word in ``language``'s general text (0 when unknown)."""
    return word_frequency(term, language, wordlist="small")


def full_frequency(term: str, language: str) -> float:
    """The term's frequency per word in ``language``'s full word list, rare words included
    (0 when unknown): is a word in no short list a typo or just rare? Read only when a
    question holds such a word, and for its language (see _full_list)."""
    hashes, frequencies = _full_list(language)
    one_over = 0.0
    for token in lossy_tokenize(term, language):  # as wordfreq's word_frequency combines them
        key = hash(token)
        slot = int(np.searchsorted(hashes, key))
        if slot == len(hashes) or hashes[slot] != key:
            return 0.0
        one_over += 1.0 / float(frequencies[slot])
    return 1.0 / one_over if one_over else 0.0


@cache
def _full_list(language: str) -> tuple[np.ndarray, np.ndarray]:
    """A language's full word list as sorted word hashes and their frequencies: 12 bytes a
    word (7.6 MB for German's 634,000), where wordfreq's own dictionary of it holds 35–75 MB
    for as long as the process runs."""
    path = DATA_PATH / f"large_{language}.msgpack.gz"
    if not path.exists():
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    hashes: list[int] = []
    frequencies: list[float] = []
    for centibels, words in enumerate(read_cBpack(str(path))):  # the most common words first
        frequency = cB_to_freq(-centibels)
        hashes += [hash(word) for word in words]
        frequencies += [frequency] * len(words)
    keys = np.array(hashes, dtype=np.int64)
    order = np.argsort(keys, kind="stable")
    return keys[order], np.array(frequencies, dtype=np.float32)[order]


def expected_share(term: str, chunk_words: float) -> float:
    """The share of ``chunk_words``-word chunks of general text expected to hold ``term``."""
    return -math.expm1(-general_frequency(term) * max(chunk_words, 1.0))
