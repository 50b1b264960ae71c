"""A Joplin note as its raw export writes it (.md files named by the note's id): the title on
the first line, the Markdown body, then Joplin's own fields ("id: 7d3f…", "parent_id: …",
"updated_time: 2026-10-02T16:40:05.331Z", … "type_: 1"). The fields are no text; the title
titles the page and updated_time dates it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .page_dates import parse_when

_FIELD = re.compile(r"^([a-z_]+):(?: (.*))?$")
_ID = re.compile(r"^id: [0-9a-f]{32}$")


@dataclass(frozen=True)
class JoplinNote:
    title: str
    body: str
    updated: date | None


def joplin_note(text: str) -> JoplinNote | None:
    """The note in ``text``, or None when it is not a Joplin raw export."""
    lines = text.rstrip("\n").split("\n")
    if not lines or not re.match(r"^type_: \d+$", lines[-1]):
        return None
    start = len(lines)
    while start > 0 and _FIELD.match(lines[start - 1]):
        start -= 1
    if not any(_ID.match(line) for line in lines[start:]):
        return None
    fields = {m.group(1): (m.group(2) or "") for m in map(_FIELD.match, lines[start:]) if m}
    title = lines[0].strip() if start > 0 else ""
    body = "\n".join(lines[1:start])
    when = fields.get("user_updated_time") or fields.get("updated_time")
    return JoplinNote(title, body, parse_when(when))
