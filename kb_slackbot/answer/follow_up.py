"""Short follow-ups in a thread: "and for Linux?" asks the earlier question about something else.

Read as "earlier question + follow-up", the earlier subject still pulls: after "How do I set
up the VPN on macOS?" the passage that names both macOS and Linux wins, not the Linux steps.
So the follow-up's new words are also tried *in place of* each of the earlier question's most
specific words ("How do I set up the VPN on linux?"); the service reads every wording and keeps
the one the answerability model finds best answered among those whose answer names the new
subject ("How do I linux to the VPN on macOS?" is answered with the macOS steps). Which word a
follow-up replaces is not guessed: each is tried, and the pages decide.

A follow-up that is only a new subject ("and for Linux?", "what about Windows?", "und in
Paris?") asks the earlier question about it *instead*: a wording that swaps the subject is then
preferred whenever one is answered, since "earlier question + follow-up" scores well on any
passage naming both subjects. One that asks something new ("and who approves it?", "und wann
ist die Sprechstunde?") competes on equal terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..retrieval.keyword import tokenize

WeightLookup = Callable[[list[str]], dict[str, float]]

# "and / what about / how about …" in the languages we answer in, and the question words that
# make a follow-up ask something new rather than name a new subject.
_LEAD = re.compile(
    r"^\s*(?:and|or|but|what about|how about|und|oder|was ist mit|e quanto a|e|ou|"
    r"y qué hay de|y|o|et|en|of)\b",
    re.IGNORECASE,
)
ASKS = re.compile(
    r"\b(?:who|whom|what|when|where|why|how|which|wer|wen|wem|was|wann|wo|wie|warum|welche\w*|"
    r"quem|que|quando|onde|como|qual|quais|quién|qué|cuándo|dónde|cómo|cuál|qui|quoi|quand|où|"
    r"comment|quel\w*|wat|wanneer|waar|hoe|welk\w*|chi|cosa|dove|come|quale)\b",
    re.IGNORECASE,
)


def names_a_new_subject(follow_up: str) -> bool:
    """Whether a follow-up only names a new subject for the earlier question: it opens with
    "and / what about …", and what follows asks nothing of its own (≤ 3 words, no question
    word)."""
    lead = _LEAD.match(follow_up)
    if lead is None:
        return False
    rest = follow_up[lead.end() :]
    return 0 < len(tokenize(rest)) <= 3 and ASKS.search(rest) is None


def rewordings(follow_up: str, earlier: str, weights: WeightLookup, limit: int = 3) -> list[str]:
    """The earlier question with one of its ``limit`` most specific words (by question-coverage
    weight) replaced by the follow-up's new subject; nothing when the follow-up brings no new
    word."""
    before = tokenize(earlier)
    new = [t for t in dict.fromkeys(tokenize(follow_up)) if t not in before]
    if not new or not before:
        return []
    weight = weights([*before, *new])
    top = max(weight.get(t, 0.0) for t in new)
    # The follow-up's subject: its new words that weigh like a subject ("linux"), not the
    # everyday words around it ("and", "for", "what about").
    subject = " ".join(t for t in new if weight.get(t, 0.0) >= 0.5 * top)
    replaceable = sorted(dict.fromkeys(before), key=lambda t: -weight.get(t, 0.0))[:limit]
    out = []
    for term in replaceable:
        pattern = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.IGNORECASE)
        reworded = pattern.sub(subject, earlier)
        if reworded != earlier:
            out.append(reworded)
    return out


def new_words(wording: str, earlier: str) -> set[str]:
    """The words a rewording brings that the earlier question did not have (its new subject)."""
    return set(tokenize(wording)) - set(tokenize(earlier))


def speaks_of(words: set[str], shown: str) -> bool:
    """Whether an answer (its text and cited sections' headings) names any of ``words``."""
    return bool(words & set(tokenize(shown)))
