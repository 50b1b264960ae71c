"""A knowledge tool's export of articles as a sheet: one row an article, its body HTML in a cell.

Salesforce Knowledge, ServiceNow, Zendesk and Freshdesk export their articles as CSV: an id,
a title, a summary, the body as HTML ("<p>…</p><table>…"), a status and dates. Read as a
table, each article is one row of markup; read this way, each is a section under its title
with the body's paragraphs, lists and tables as a page's, and the summary before them.
"""

from __future__ import annotations

import re

from ..documents import Block
from .html_blocks import fragment_blocks

_MARKUP = re.compile(r"<(?:p|div|table|ul|ol|li|br|h[1-6]|span|strong|b|a)\b", re.IGNORECASE)
_TITLE_NAMES = ("title", "name", "subject", "question", "titel", "título", "titulo", "titre")
_PROSE_WORDS = 8  # a plain cell of at least this many words is text (a summary), not a field
# The export's bookkeeping, by its column's name: ids, links, states, versions, languages, dates
_META = re.compile(
    r"(?:^|[^a-z])(?:id|ids|url|urlname|slug|handle|status|publishstatus|version|versionnumber|"
    r"language|locale|lang|created|modified|published|updated|date|owner ?id|sys_id|"
    r"is[a-z]*visible\w*|visible\w*)(?:$|[^a-z])|(?:date|_c|__c)$|^is[A-Z_]",
    re.IGNORECASE,
)
_FLAGS = {"true", "false", "yes", "no", "0", "1"}


def article_blocks(rows: list[list[str]]) -> list[Block] | None:
    """The rows (the header first) as articles, or None when no column holds HTML bodies
    (at least half of its filled cells)."""
    if len(rows) < 2:
        return None
    header, data = rows[0], [row + [""] * (len(rows[0]) - len(row)) for row in rows[1:]]
    bodies = [
        c
        for c in range(len(header))
        if (filled := [row[c] for row in data if row[c].strip()])
        and sum(bool(_MARKUP.search(cell)) for cell in filled) * 2 >= len(filled)
    ]
    if not bodies:
        return None
    title = _title_column(header, data, bodies)
    blocks: list[Block] = []
    for row in data:
        name = re.sub(r"\s+", " ", row[title]).strip() if title is not None else ""
        heading = (name,) if name else ()
        fields = []
        for c, cell in enumerate(row):
            text = re.sub(r"\s+", " ", cell).strip()
            if c in bodies or c == title or not text:
                continue
            if len(text.split()) >= _PROSE_WORDS:
                blocks.append(Block(text, heading))  # a summary
            elif not _META.search(header[c]) and text.lower() not in _FLAGS:
                fields.append(f"- {header[c].strip()}: {text}")  # a price, a vendor, a type
        if fields:
            blocks.append(Block("\n".join(fields), heading))
        for c in bodies:
            blocks += fragment_blocks(row[c], heading)
    return blocks


def _title_column(header: list[str], data: list[list[str]], bodies: list[int]) -> int | None:
    """The column that names each article: one headed "Title" (or its kind), else the first
    plain column whose cells are short and differ from row to row."""
    names = [re.sub(r"[^a-zà-ÿ]", "", cell.lower()) for cell in header]
    for c, name in enumerate(names):
        if c not in bodies and name in _TITLE_NAMES:
            return c
    for c in range(len(header)):
        cells = [row[c].strip() for row in data]
        words = [len(cell.split()) for cell in cells]
        distinct = len(set(cells)) == len(cells)
        # (an id or a code is one word)
        if c not in bodies and distinct and min(words) >= 2 and max(words) <= 20:
            return c
    return None
