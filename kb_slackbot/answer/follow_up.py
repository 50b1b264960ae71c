"""Short follow-ups in a thread: "and for Linux?" asks the earlier question about something else.

Read as "earlier question + follow-up", the earlier subject still pulls: after "How do I set
up the VPN on macOS?" the passage that names both macOS and Linux wins, not the Linux steps.
So the follow-up's new words are also tried *in place of* each of the earlier question's most
specific words ("How do I set up the VPN on linux?"); the service reads every wording and keeps
the one the answerability model finds best answered. Which word a follow-up replaces is not
guessed: each is tried, and the pages decide.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..retrieval.keyword import tokenize

WeightLookup = Callable[[list[str]], dict[str, float]]


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
