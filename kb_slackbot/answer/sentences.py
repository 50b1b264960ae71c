"""Where sentences end, in the languages the bot reads.

A period ends a sentence only when what precedes it is not an abbreviation or an ordinal:
German writes dates and centuries with ordinal periods ("am 1. Januar", "im 19. Jahrhundert"),
every language has titles and short forms ("Dr.", "z. B.", "U.S.", "TP. Hồ Chí Minh"), and a
sentence may start with any capital letter, Vietnamese "Đ" and "Ở" included. Cut there, a
reader quotes "Im 19." and loses the date it was asked for.
"""

from __future__ import annotations

import re
from itertools import pairwise

# Short forms followed by a period that do not end a sentence (compared in lower case).
# fmt: off
ABBREVIATIONS = frozenset({
    "dr", "mr", "mrs", "ms", "prof", "st", "sr", "jr", "vs", "etc", "ca", "approx", "cf", "al",
    "tel", "ex", "inc", "ltd", "co", "corp", "mt", "gen", "lt", "col", "sgt", "gov", "rev",
    "jan", "feb", "apr", "aug", "sep", "sept", "oct", "nov", "dec",
    # German
    "bzw", "usw", "ggf", "evtl", "inkl", "zzgl", "hr", "fr", "mio", "mrd", "tsd",
    # Portuguese and Spanish
    "profa", "sra", "dra", "av", "pág", "págs", "séc", "sec",
    # Vietnamese: "TP. Hồ Chí Minh", titles
    "tp", "ts", "gs", "pgs", "ths", "bs",
})
# … only before a number: "No. 5", "Art. 6 DSGVO" ("The answer is no. It…" ends a sentence).
BEFORE_NUMBER = frozenset({"no", "nr", "nº", "art", "abs", "vol", "pp", "fig", "p"})
# fmt: on
_CANDIDATE = re.compile(r"[.!?。]\s+")
_OPENING = "\"'([¿¡*_`"
_INITIALS = re.compile(r"^(?:[^\W\d_]\.)*[^\W\d_]$")  # "e.g", "U.S", "z.B", "J"
_ORDINAL = re.compile(r"^\d{1,2}$")  # "1." of "1. Januar", "19." of "19. Jahrhundert"


def is_abbreviation(word: str, before_number: bool = False) -> bool:
    """Whether ``word`` (the text before a period, without it) is a short form or ordinal;
    ``before_number``: the text after the period starts with a digit."""
    word = word.lstrip(_OPENING)
    return (
        word.lower() in ABBREVIATIONS
        or (before_number and word.lower() in BEFORE_NUMBER)
        or bool(_INITIALS.match(word))
        or bool(_ORDINAL.match(word))
    )


def starts_sentence(text: str) -> bool:
    """Whether ``text`` begins like a sentence: a capital letter or a digit, after an
    opening quote or bracket."""
    stripped = text.lstrip(_OPENING)
    return bool(stripped) and (stripped[0].isupper() or stripped[0].isdigit())


def sentence_ends(text: str) -> list[int]:
    """The offsets where the sentences of ``text`` after the first begin."""
    ends = []
    for match in _CANDIDATE.finditer(text):
        after = text[match.end() : match.end() + 8]  # enough for opening marks and a letter
        if not starts_sentence(after):
            continue
        if text[match.start()] == ".":
            # the word before the period (a window: no copy of the whole text per period)
            word = text[max(0, match.start() - 64) : match.start()].rsplit(maxsplit=1)[-1:]
            if word and is_abbreviation(word[0], after[:1].isdigit()):
                continue
        ends.append(match.end())
    return ends


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped."""
    starts = [0, *sentence_ends(text), len(text)]
    return [text[a:b].strip() for a, b in pairwise(starts) if text[a:b].strip()]
