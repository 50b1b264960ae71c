"""A question that asks two things gets a piece for each.

People ask two things at once in chat: "how many days holiday do uk staff get and can i carry
any over", "What discount do we get from Houtland Panelen, and what's their lead time?", "is
stockport depot open on christmas day? what hours". The reader scores pieces against the
whole question, so its best piece answers the first ask, which holds most of the words, and
the second ask is left out unless its piece scores close to the best.

The second ask is the question after its last "and / und / e / y / et / en / or" or "?" that
is followed by a question word, when the question opens with one too and its first ask has
three words or more. What it asks is its own words that the first ask does not hold (everyday
words aside: "carry", "lead time", "young drivers") and the kind of fact its question word
asks for ("how much" → an amount). When the answer holds neither, the piece the reader's first
pass likes best among those that hold them is added. (No question of the public sets has such
a second ask — one German question, "Wie und wann kam …", has a one-word first ask — so the
fitted figures are the same; this is a rule.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..retrieval.keyword import tokenize
from ..retrieval.term_prior import general_frequency
from .candidates import Unit
from .cues import has_new_type, question_type
from .piece_features import words_of
from .pieces import Passage, Pick, Reading

# Question words and the verbs a yes/no question opens with (en, de, pt, es, fr, nl).
_ASK = (
    r"what|whats|what's|how|who|whos|who's|when|where|which|why|is|are|do|does|did|can|could|"
    r"should|will|wie|was|wann|wo|wer|welche[rsnm]?|gibt|kann|muss|ist|sind|"
    r"qué|o que|c[oó]mo|cu[aá]nt[oa]s?|cu[aá]l(?:es)?|d[oó]nde|qui[eé]n|hay|"
    r"quanto|quantos|quantas|qual|quais|quando|onde|quem|posso|tem|"
    r"combien|quand|o[uù]|quel(?:le)?s?|qui|est-ce|"
    r"hoeveel|wanneer|waar|welke|hoe|mag"
)
_SPLIT = re.compile(
    rf"(?:\?+\s+|,?\s+(?:and|und|y|e|et|en|oder|or|ou)\s+)(?=(?:{_ASK})\b)", re.IGNORECASE
)
_OPENS = re.compile(rf"^\W*(?:{_ASK})\b", re.IGNORECASE)
_HOW = re.compile(
    r"\b(?:how|wie)\s+(?:much|many|long|far|often|soon|early|late|old|big|high|quickly|fast|"
    r"viel|viele|lange|oft|weit|hoch|früh|spät)\b",
    re.IGNORECASE,
)
EVERYDAY = 5e-4  # a word at least this frequent in general text ("any", "their", "time")
# says nothing of what is asked
FIRST_ASK_WORDS = 3


@dataclass(frozen=True)
class SecondAsk:
    words: frozenset[str]  # its own words (index terms), the first ask's and everyday ones aside
    kind: str | None  # the kind of fact it asks for (cues.question_type)


def second_ask(question: str) -> SecondAsk | None:
    """What the question's second ask asks for, if it has one that says anything."""
    text = question.strip()
    if not _OPENS.match(text):
        return None
    parts = _SPLIT.split(text)
    if len(parts) < 2 or len(parts[0].split()) < FIRST_ASK_WORDS:
        return None
    first, second = " ".join(parts[:-1]), parts[-1]
    before = set(tokenize(first))
    words = frozenset(
        t
        for t in tokenize(_HOW.sub(" ", second))  # "how often" asks, it names nothing
        if t not in before and general_frequency(t) < EVERYDAY and not t.isdigit()
    )
    kind = question_type(second)
    if not words and not kind:
        return None
    return SecondAsk(words, kind)


def _holds_word(ask: SecondAsk, text: str) -> bool:
    holds = words_of(text)
    return any(
        w in holds or (len(w) >= 3 and any(h.startswith(w) for h in holds)) for w in ask.words
    )


def answers(ask: SecondAsk, text: str, question: str) -> bool:
    """``text`` holds what the second ask asks for: the kind of fact it asks for that the
    question does not already hold, and one of its words."""
    kind = ask.kind is None or has_new_type(ask.kind, text, question)
    return kind and (not ask.words or _holds_word(ask, text))


def piece_for(
    ask: SecondAsk, question: str, units: Sequence[Unit], scores: Sequence[float], said: str
) -> int | None:
    """The position of the piece to add for ``ask`` (none already in ``said``): of those that
    hold the kind of fact it asks for and, unless that kind is all it says, one of its
    words, the one that holds a word, then the best scored ("was kostet das": an amount,
    whether or not the piece says "kostet")."""
    options = [
        i
        for i, unit in enumerate(units)
        if unit.kind != "steps"
        and unit.text not in said
        and (ask.kind is None or has_new_type(ask.kind, unit.text, question))
        and (ask.kind is not None or _holds_word(ask, unit.text))
    ]
    return max(options, key=lambda i: (_holds_word(ask, units[i].text), scores[i]), default=None)


def with_second_ask(
    question: str,
    reading: Reading,
    pairs: Sequence[tuple[Passage, Unit]],
    scores: Sequence[float],
    max_words: int,
) -> Reading:
    """``reading`` with a piece for the question's second ask when its pieces leave that
    out (see the module docstring); ``pairs``: every piece read, ``scores``: the first
    pass's. The later picks give way while the answer would pass ``max_words``."""
    ask = second_ask(question)
    if ask is None or not reading.picks or reading.picks[0].unit.kind == "steps":
        return reading
    said = " ".join(pick.unit.shown for pick in reading.picks)
    if answers(ask, said, question):
        return reading
    found = piece_for(ask, question, [unit for _, unit in pairs], scores, said)
    if found is None:
        return reading
    passage, unit = pairs[found]
    picks = list(reading.picks)
    words = sum(pick.unit.shown_words for pick in picks)
    while len(picks) > 1 and words + unit.shown_words > max_words:
        words -= picks.pop().unit.shown_words
    if words + unit.shown_words > max_words:
        return reading
    picks.append(Pick(passage.number, unit, float(scores[found]), passage.heading))
    return replace(reading, picks=picks)
