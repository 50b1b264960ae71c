"""ReadMe (readme.com) pages, read as the rendered page shows them.

ReadMe's Markdown export keeps its editor's blocks as JSON between "[block:TYPE]" and
"[/block]": a table is "[block:parameters]" with cells keyed "h-0" (header) and "0-0" (row 0,
column 0), a callout "[block:callout]" with a type, title and body, code "[block:code]" with one
entry per language tab. Its newer callouts are quotes that start with an emoji ("> 📘 Title",
"> 🚧", "> ❗️", "> 👍"). Read raw, a table was lines of JSON keys and a callout's title a line
apart from its text. Each block becomes the Markdown it renders as, on the block's first line
(the others left blank: line numbers stay right), and a callout's title heads its text.
"""

from __future__ import annotations

import json
import re

from .html_tables import grid_markdown
from .markdown_notes import note_title
from .paragraphs import LEFT_OUT

_OPEN = re.compile(r"^\s*\[block:([\w-]+)\]\s*$")
_CLOSE = re.compile(r"^\s*\[/block\]\s*$")
_CALLOUT = re.compile(r"^(\s*>\s*)(📘|👍|🚧|❗️|❗|ℹ️)\s*(.*?)\s*$")
_KINDS = {
    "📘": "info",
    "ℹ️": "info",
    "👍": "success",
    "🚧": "warning",
    "❗️": "danger",
    "❗": "danger",
}


def readme_blocks(lines: list[str]) -> list[str]:
    """Every "[block:…]" … "[/block]" as the Markdown it renders as, on the block's lines (a
    table or a callout on its first line; code, whose lines a fence needs apart, on as many
    as it takes: only code longer than its JSON moves the lines after it)."""
    out: list[str] = []
    n = 0
    while n < len(lines):
        opened = _OPEN.match(lines[n])
        end = next((k for k in range(n + 1, len(lines)) if _CLOSE.match(lines[k])), None)
        if opened is None or end is None:
            out.append(lines[n])
            n += 1
            continue
        try:
            data = json.loads("\n".join(lines[n + 1 : end]))
        except ValueError:
            data = None
        kind = opened.group(1).lower()
        text = _rendered(kind, data) if isinstance(data, dict) else ""
        shown = text.split("\n") if kind == "code" else [text]
        out += shown + [""] * (end + 1 - n - len(shown))
        n = end + 1
    return out


def readme_callouts(lines: list[str]) -> list[str]:
    """ "> 📘 Title" over "> " and the text: the title ("Title:") heads the text."""
    out = list(lines)
    for n, line in enumerate(lines):
        callout = _CALLOUT.match(line)
        if callout is None:
            continue
        prefix, kind, title = callout.groups()
        out[n] = prefix + note_title(_KINDS[kind], title or None)
        if n + 1 < len(lines) and lines[n + 1].strip() == ">":
            out[n + 1] = LEFT_OUT  # the quote's blank line does not part title and text
    return out


def _rendered(kind: str, data: dict) -> str:
    if kind == "parameters":
        return _table(data)
    if kind == "callout":
        title, body = str(data.get("title") or ""), str(data.get("body") or "")
        head = note_title(str(data.get("type") or "info"), title or None)
        return f"{head}\n{body}".strip()
    if kind == "code":
        codes = [c for c in data.get("codes", []) if isinstance(c, dict) and c.get("code")]
        return "\n\n".join(
            (f"{c['name']}:\n" if c.get("name") and len(codes) > 1 else "")
            + f"```{c.get('language') or ''}\n{c['code']}\n```"
            for c in codes
        )
    if kind == "api-header" and data.get("title"):
        return f"### {data['title']}"
    return ""  # an image, an embed, raw HTML: no text


def _table(data: dict) -> str:
    cells = data.get("data") or {}
    try:
        cols, rows = int(data.get("cols") or 0), int(data.get("rows") or 0)
    except (TypeError, ValueError):
        return ""
    if not cols or not isinstance(cells, dict):
        return ""

    def cell(key: str) -> str:
        return " ".join(str(cells.get(key) or "").replace("|", "/").split())

    grid = [[cell(f"h-{c}") for c in range(cols)]]
    grid += [[cell(f"{r}-{c}") for c in range(cols)] for r in range(rows)]
    return grid_markdown(grid)
