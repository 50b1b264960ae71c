"""AsciiDoc tables ("|===" … "|===") as Markdown tables, for loaders.asciidoc.

A table's columns come from its "cols" attribute ("1,2,3", "3*", "2*,1") or its first line; a
row is written on one line ("|a |b |c") or a cell on each; a cell's specifier spans columns
("2+|"); the header row is "options="header"" or Asciidoctor's implicit one (a first line
holding a whole row, a blank line under it). A table without a header row is read as fields
("- Owner: Finance") or lines of cells; a table of one column as paragraphs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .html_tables import grid_markdown

# A cell's specifier before its "|": "2+" (spans two columns), ".2+" (rows), "3*" (repeats),
# alignment and a style letter ("a|" AsciiDoc content, "h|" a header cell).
_CELL_SPEC = re.compile(r"^(?:(\d+)\*)?(?:(\d*)(?:\.\d+)?\+)?[<^>]?(?:\.[<^>])?[adehlmsv]?$")


def _columns(attributes: str) -> int:
    """The number of columns "cols" gives ("1,2,3", "3*", "2*,1", "1a,2"), else 0."""
    cols = re.search(r"cols\s*=\s*\"?([^\"\]]*)\"?", attributes)
    if not cols:
        return 0
    total = 0
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", cols.group(1)))):
        repeat = re.match(r"(\d+)\*", part)
        total += int(repeat.group(1)) if repeat else 1
    return total


def _cells(body: list[str], inline: Callable[[str], str]) -> tuple[list[list[str]], int]:
    """The table's cells, line by line (a cell spans lines until the next "|"), each with
    how many columns it spans; and how many cells its first line holds."""
    cells: list[list] = []  # [text, span]
    first_line = 0
    for n, raw in enumerate(body):
        line = raw.strip()
        if not line:
            if cells and cells[-1][0]:
                cells[-1][0] += "\n"  # a paragraph break inside a cell
            continue
        parts = re.split(r"(?<!\\)\|", line)
        head, rest = parts[0], parts[1:]
        if not rest:  # the cell above goes on
            if cells:
                cells[-1][0] = (cells[-1][0] + " " + line).strip()
            continue
        spec = _CELL_SPEC.match(head.strip()) if head.strip() else None
        if head.strip() and not spec and cells:
            cells[-1][0] = (cells[-1][0] + " " + head.strip()).strip()
        span = int(spec.group(2)) if spec and spec.group(2) else 1
        repeat = int(spec.group(1)) if spec and spec.group(1) else 1
        new = []
        for k, part in enumerate(rest):
            text = part
            next_spec = None
            if k + 1 < len(rest):  # "… 2+|next": the specifier belongs to the next cell
                words = part.rsplit(" ", 1)
                if len(words) == 2 and _CELL_SPEC.match(words[1]) and words[1]:
                    text, next_spec = words[0], _CELL_SPEC.match(words[1])
            new += [[text.replace("\\|", "|").strip(), span]] * repeat
            span = int(next_spec.group(2)) if next_spec and next_spec.group(2) else 1
            repeat = int(next_spec.group(1)) if next_spec and next_spec.group(1) else 1
        if n == next(j for j, b in enumerate(body) if b.strip()):
            first_line = len(new)
        cells += [list(c) for c in new]
    return [[inline(" ".join(t.split("\n")).strip()), s] for t, s in cells], first_line


def asciidoc_table(body: list[str], attributes: str, inline: Callable[[str], str]) -> list[str]:
    """The table whose lines between its "|===" are ``body`` as Markdown lines: a table (its
    header row first), fields, or with one column paragraphs. ``inline``: the page's reading
    of inline markup."""
    cells, first_line = _cells(body, inline)
    if not cells:
        return []
    width = _columns(attributes) or first_line or 1
    rows: list[list[str]] = [[]]
    for text, span in cells:
        if len(rows[-1]) >= width:
            rows.append([])
        rows[-1] += [text] * min(span, width - len(rows[-1]))
    rows[-1] += [""] * (width - len(rows[-1]))
    if width == 1:  # a box around text, not a table: its cells are paragraphs
        return [line for row in rows for line in (row[0], "")]
    if not ("header" in attributes or _implicit_header(body)):
        # no header row: each row is a field ("Owner: Finance") or a line of its cells
        return [
            f"- {row[0]}: {row[1]}" if width == 2 else f"- {row[0]} — {'; '.join(row[1:])}"
            for row in rows
        ]
    return grid_markdown(rows).split("\n")


def _implicit_header(body: list[str]) -> bool:
    """Asciidoctor's implicit header row: the first line holds every cell of a row and a
    blank line follows it."""
    filled = [j for j, line in enumerate(body) if line.strip()]
    return (
        len(filled) > 1
        and filled[1] > filled[0] + 1
        and body[filled[0]].strip().startswith("|")
        and body[filled[0]].count("|") > 1
    )
