"""Pages their authors have retired: "ARCHIVED - Timesheet Guidelines (2023)", "SOP-QA-012
(revision 3 – SUPERSEDED)", "[Deprecated] v1 API".

Wikis keep such pages for the record next to the current ones, and they say the same things
with the old figures, so search finds them as readily. The title is where wikis mark them
(Confluence's archiving convention, a revision's "superseded" suffix). A retired page is ranked
after every current page worth suggesting and, when a current page leads, not returned at
all (search.py); an answer quoting one says so (answer/compose.py).

A marker counts when written in capitals, or set apart as a label at either end of the title
("Archived: …", "… (superseded)", "[Obsolete] …"): "Email archive policy" and "Deprecated
APIs" are current pages about those things.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .results import SearchResult

# en, de, pt, es, fr, it, nl
_MARKERS = (
    r"archived|superseded|deprecated|obsolete|outdated|retired|do not use|"
    r"archiviert|veraltet|überholt|nicht mehr gültig|"
    r"arquivado|obsoleto|substituído|descontinuado|"
    r"archivado|reemplazado|sustituido|"
    r"archivé|obsolète|remplacé|périmé|"
    r"archiviato|sostituito|superato|"
    r"gearchiveerd|verouderd|vervangen|vervallen"
)
_CAPITALS = re.compile(rf"\b(?:{_MARKERS.upper()})\b")
_LABEL = re.compile(
    rf"^\W*(?:{_MARKERS})\s*(?:[-–—:|)\]]|$)"  # "ARCHIVED - …", "[Obsolete] …", "Archived: …"
    rf"|[-–—:|(\[]\s*(?:{_MARKERS})\W*$",  # "… (superseded)", "… – SUPERSEDED)"
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)  # asked of every candidate of every search
def is_retired(title: str) -> bool:
    """The page's title marks it archived, superseded, deprecated or obsolete."""
    return bool(_CAPITALS.search(title) or _LABEL.search(title))


def current_first(order: list[int], scores, retired: list[bool], floor: float) -> list[int]:
    """``order`` (positions, best first) with every current page at or above ``floor``
    moved before the retired ones; the rest keep their order. (A current page too weak to
    suggest does not displace a retired page that answers: that one is then read, with its
    warning.)"""
    current = [i for i in order if not retired[i] and scores[i] >= floor]
    moved = set(current)
    return current + [i for i in order if i not in moved]


def without_retired_copies(results: list[SearchResult]) -> list[SearchResult]:
    """``results`` (best first) without their retired pages when a current page leads: a
    retired copy is not read beside the page that replaced it."""
    if results and not is_retired(results[0].chunk.title):
        return [r for r in results if not is_retired(r.chunk.title)]
    return results
