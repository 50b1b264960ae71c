"""A Notion page exported to Markdown: the date its properties state.

Notion writes a page's properties as "Name: value" lines under its title ("Owner: Hannah
Okafor", "Last edited: October 14, 2026 3:12 PM", in the workspace's language: "Zuletzt
bearbeitet: 6. Oktober 2026 10:15", "Última edición: 2 de noviembre de 2026 12:30"). The
export's files are all dated the day of the export, so the last-edited property is the page's
date (and "may be outdated" can be told). That line, the created-time one and the tags are
the page's record, not its text; the other properties (an owner, a van's registration) are
read.
Only files named as Notion names them ("Title <32 hex digits>.md") are read this way, and
only the lines right under the title (a table or a text further down is the page's own).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from .page_dates import parse_when

_NOTION_FILE = re.compile(r"[\s_-][0-9a-f]{32}$", re.IGNORECASE)
_EDITED = (
    r"last edited(?: time)?|last updated|edited|zuletzt bearbeitet|zuletzt geändert|"
    r"última edición|última edição|última modificação|dernière modification|"
    r"ultima modifica|laatst bewerkt"
)
_CREATED = r"created(?: time)?|erstellt(?: am)?|creado|criado|créé le|créé|creato|aangemaakt"
# Tags label the page for Notion's views; they are no statement ("Tags: HR, Policy, UK").
_TAGS = re.compile(
    r"^\s*(?:tags|etiquetas|étiquettes|etichette|schlagwörter|schlagworte|stichwörter|"
    r"trefwoorden)\s*:",
    re.IGNORECASE,
)
_PROPERTY = re.compile(
    rf"^\s*(?:(?P<edited>{_EDITED})|(?P<created>{_CREATED}))\s*:\s*(?P<value>.+?)\s*$", re.I
)
_TITLE = re.compile(r"^#\s+\S")


def notion_properties(lines: list[str], path: Path) -> tuple[list[str], date | None]:
    """``lines`` with the edited and created time and tags properties blanked, and the date
    they state (the last edit; the creation when there is no edit). Unchanged for other
    files."""
    if not _NOTION_FILE.search(path.stem):
        return lines, None
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not _TITLE.match(lines[start]):
        return lines, None
    end = start + 1
    while end < len(lines) and not lines[end].strip():  # the blank line under the title
        end += 1
    edited = created = None
    kept = lines[:end]
    i = end
    while i < len(lines) and lines[i].strip():  # the properties: up to the first blank line
        found = _PROPERTY.match(lines[i])
        if _TAGS.match(lines[i]):
            kept.append("")
        elif found and (when := parse_when(found.group("value"))):
            if found.group("edited"):
                edited = edited or when
            else:
                created = created or when
            kept.append("")  # (the page's other lines keep their numbers)
        else:
            kept.append(lines[i])
        i += 1
    return kept + lines[i:], edited or created
