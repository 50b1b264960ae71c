"""Tables typed in plain text: columns set apart by runs of spaces or by tabs.

A text file saved from a word processor or an email keeps its tables as aligned columns
("London          GBP 180"). Read as prose, a row's figure loses its column's name; read as a
Markdown table, each row is joined with its header cells ("London — Limit per night: GBP 180")
as for any table. A run counts as a table when at least three lines (a header and two rows)
split into the same number of cells (two or more) at the same places, the header's cells short.
The table is put on its first line (with newlines) and its other lines left blank, so line
numbers stay right.
"""

from __future__ import annotations

import re

from .html_tables import grid_markdown

_GAP = re.compile(r"\t+| {2,}")
MIN_LINES = 3
MAX_HEADER_WORDS = 5
_RULE = re.compile(r"[-=_~+]+")
_SLACK = 2  # characters a column's start may move between rows


def aligned_tables(lines: list[str]) -> list[str]:
    """``lines`` with each run of aligned columns as a Markdown table (same number of lines)."""
    out = list(lines)
    n = 0
    while n < len(out):
        end = _run_end(out, n)
        if end - n >= MIN_LINES:
            grid = [_cells(line)[1] for line in out[n:end]]
            # a header underlined with dashes ("----------  ---  -----") is no row
            grid = grid[:1] + [row for row in grid[1:] if not all(_RULE.fullmatch(c) for c in row)]
            out[n:end] = [grid_markdown(grid)] + [""] * (end - n - 1)
            n = end
        else:
            n += 1
    return out


def _cells(line: str) -> tuple[list[int], list[str]]:
    """The starts and texts of a line's cells (split at tabs and at two or more spaces)."""
    starts, texts, position = [], [], 0
    for piece in _GAP.split(line):
        offset = line.find(piece, position) if piece else position
        if piece.strip():
            starts.append(offset + len(piece) - len(piece.lstrip()))
            texts.append(piece.strip().replace("|", "/"))
        position = offset + len(piece)
    return starts, texts


def _run_end(lines: list[str], start: int) -> int:
    """The end of the table starting at ``start`` (``start`` itself when there is none)."""
    starts, header = _cells(lines[start])
    if len(header) < 2 or any(len(cell.split()) > MAX_HEADER_WORDS for cell in header):
        return start
    tabbed = "\t" in lines[start]
    end = start + 1
    while end < len(lines):
        row_starts, row = _cells(lines[end])
        if len(row) != len(header):
            break
        if not tabbed and any(abs(a - b) > _SLACK for a, b in zip(starts, row_starts, strict=True)):
            break
        end += 1
    return end
