"""How a question's words are spelled as the pages spell them, before anything is searched.

People type in chat: without accents ("escritorio"), in shorthand ("qto"), with typos
("libary") and cut short ("defib"). BM25, question coverage and the reader match words
exactly, so such a word counts as missing although the page holds it. Each function here
takes a question word and the keyword index (which words the pages hold, and how often) and
returns the pages' spelling, or the word as typed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import partial
from typing import TYPE_CHECKING

from .language import SUPPORTED
from .term_prior import frequency_in, full_frequency, general_frequency, written_out
from .tokens import fold

if TYPE_CHECKING:
    from .keyword import KeywordIndex

# A number with a plural "s" (status codes, decades): "429s", "5xx" is not one.
_PLURAL_NUMBER = re.compile(r"\d+s")

# A spelling without accents that its language uses at least a tenth as often as the accented
# word is a word of its own (set by reason, not fitted; the public questions' respellings are
# listed in benchmarks/README.md).
SPELLING_RATIO = 10
# A typo ("libary", "passwrod", "intervew") is a word of no language we serve, or one at least
# this many times rarer in the question's language than the index's word one edit away (set
# by reason, not fitted): "acess" (1 in 18 million English words) is "access" (1 in 9,000)
# mistyped, while Portuguese "configuro" is only 8 times rarer than "configure".
TYPO_RATIO = 100
TYPO_MAX_FREQUENCY = 1e-6  # a word this common (Zipf 3) in any of our languages is meant
TYPO_MIN_LENGTH = 5  # shorter words have too many neighbours one edit away
SHORTENED_LENGTH = (4, 9)  # chat's shortenings: "defib", "approx", "undergrad(s)" …
SHORTENED_BY = 4  # … cut by four letters or more; fewer are inflection ("vermehrt" / "-ten")
TYPO_LANGUAGES = (None, *SUPPORTED)  # None: no language given (then: the short word lists)
_LETTERS = "abcdefghijklmnopqrstuvwxyzßàáâãäçèéêëìíîïñòóôõöùúûü"
_LETTER_SET = frozenset(_LETTERS)


def spelled(index: KeywordIndex, term: str, language: str | None = None) -> str:
    """The index's own spelling of a term typed without (some of) its accents, as people
    type in chat: "escritorio" → "escritório", "refeiçao" → "refeição" — the most frequent
    such term, and only when the term as typed is in no chunk. Any other term as it is.
    With the question's ``language``, a spelling that is a word of its own there stays
    (see _written_without), and its chat shorthand is written out ("qto" → "quanto"). A number
    with a plural "s" that no chunk holds is the number ("429s" → "429"), and a typo or a
    shortening the index's word ("libary" → "library", "defib" → "defibrillator";
    _retyped)."""
    if language and (word := written_out(term, language)) and not index.df(term):
        return word  # chat shorthand no page uses: "qto" → "quanto"
    if _PLURAL_NUMBER.fullmatch(term) and not index.df(term):
        return term[:-1]  # "getting 429s", "the 1990s": pages write the number
    # The accent map first: most terms have no accented twin, and then need no postings.
    variants = {
        v
        for v in index.accented_forms(fold(term))
        if _unaccented(term, v) and not (language and _written_without(term, v, language))
    }
    if not variants:
        return _retyped(index, term, language)
    if index.df(term):
        return term
    return max(sorted(variants), key=index.df)


def _retyped(index: KeywordIndex, term: str, language: str | None = None) -> str:
    """The index's word that ``term`` (in no chunk, and no common word of any language we
    serve) is a typo or a shortening of; any other term as it is.

    - A typo: one letter left out, added, changed or two swapped inside the word ("libary" →
      "library", "passwrod" → "password"), the index's word far more common in the question's
      language (its full word list). Not at its end: "zimmerkarte" / "zimmerkarten" is one
      word inflected, and the pages' form then picks other passages (benchmarks/README.md,
      "Inflection respelled").
    - A shortening: chat cuts long words ("defib", "reimb", "undergrads"); the index's word
      that starts with it (its plural "s" aside), at least four letters longer.

    The most frequent such word in the index. Only in the languages whose general word lists
    we hold (term_prior): elsewhere ("trông", Vietnamese) every word looks rare."""
    if (
        len(term) < SHORTENED_LENGTH[0]
        or language not in TYPO_LANGUAGES
        or not set(term) <= _LETTER_SET  # letters of other scripts: "lưỡng", "phiền"
    ):
        return term
    if general_frequency(term) >= TYPO_MAX_FREQUENCY or index.df(term):
        return term
    found: dict[str, int] = {}
    if len(term) >= TYPO_MIN_LENGTH:
        edits = {
            word
            for word in _one_edit(term)
            if len(word) >= TYPO_MIN_LENGTH
            and word[:-1] != term[:-1]  # the last letter changed …
            and not (word.startswith(term) or term.startswith(word))  # … added, left out
        }
        found = {word: count for word in index.holding(edits) if (count := index.df(word))}
    if found:
        # A rare word of the question's language ("Vororte", "abstammen", "configuro") is no
        # typo of a page's word ("Vorworte", "abstimmen", "configure"): a typo is far rarer
        # than the word, both counted in that language's full word list.
        frequency = partial(full_frequency, language=language) if language else general_frequency
        typed = frequency(term)
        found = {word: n for word, n in found.items() if frequency(word) >= TYPO_RATIO * typed}
    stem = term[:-1] if term.endswith("s") and len(term) > SHORTENED_LENGTH[0] else term
    # "aptamers" is the plural of the index's "aptamer", not a shortening of a longer word
    if not found and len(stem) <= SHORTENED_LENGTH[1] and not index.df(stem):
        longer = {
            word
            for word in index.starting_with(stem)
            if len(word) >= len(stem) + SHORTENED_BY and word.isalpha()
        }
        found = {word: count for word in longer if (count := index.df(word))}
    return max(sorted(found), key=found.__getitem__) if found else term


def _one_edit(word: str) -> set[str]:
    """Every spelling one edit from ``word``: a letter deleted, two swapped, one changed or
    one inserted (Damerau–Levenshtein distance 1)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deleted = [a + b[1:] for a, b in splits if b]
    swapped = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    changed = [a + c + b[1:] for a, b in splits if b for c in _LETTERS]
    inserted = [a + c + b for a, b in splits for c in _LETTERS]
    return set(deleted + swapped + changed + inserted) - {word}


def _unaccented(typed: str, word: str) -> bool:
    """``typed`` is ``word`` with some of its accents left out, none added or changed:
    "refeiçao" is "refeição" so typed, while Vietnamese "mấy" is not "máy" (another word)."""
    typed, word = unicodedata.normalize("NFC", typed), unicodedata.normalize("NFC", word)
    return (
        typed != word
        and len(typed) == len(word)
        and all(a == b or a == fold(b) for a, b in zip(typed, word, strict=True))
    )


def _written_without(typed: str, word: str, language: str) -> bool:
    """``typed`` is how ``language`` writes a word of its own, not ``word`` with its accents
    left out: Spanish "mes" (month) is not Portuguese "mês", German "langer" not "länger".
    It must be a word there at least a tenth as common as the accented one; "escritorio" in
    Portuguese text is mostly "escritório" typed in a hurry (1 in 50)."""
    found = frequency_in(typed, language)
    return found > 0 and found * SPELLING_RATIO >= frequency_in(word, language)
