"""Whether a private answer may be posted into a channel: only if everyone there may read
everything the answer could have drawn on, cited or not."""

from __future__ import annotations

from collections.abc import Collection

from ..answer.models import AnswerResult

UNKNOWN = "(unrecorded)"


def unreadable_spaces(result: AnswerResult, allowed: Collection[str]) -> set[str]:
    """Spaces behind ``result`` that a channel allowed ``allowed`` may not read (empty: share).

    Counted: every passage that reached the reader or the model (``context_spaces``; an
    uncited answer can still repeat them), the cited sources and the suggestions shown.
    """
    readable = set(allowed)
    if result.spaces is not None and set(result.spaces) <= readable:
        return set()  # it searched nothing the channel cannot read
    used = set(result.context_spaces)
    used |= {s.space for s in result.sources} | {s.space for s in result.suggestions}
    if result.status == "answered" and not result.context_spaces:
        # An answer always drew on passages; with none recorded (an older log entry), count
        # every space it searched.
        used |= set(result.spaces) if result.spaces is not None else {UNKNOWN}
    return used - readable
