"""Cutting text into paragraph blocks."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from ..documents import Block

PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


def aligned_fence(lines: list[str]) -> list[str]:
    """A fenced code block's lines without the indent it has as a list item's continuation
    ("1. Sign in:" then "   ```bash" / "   pwctl login" / "   ```"): every line loses up to as
    many leading spaces as its closing fence has, so the code's own indentation stays (and
    so does an index's older text, whose opening fence already lost its indent). A block
    without its closing fence (cut by a chunk) is dedented as a whole."""
    if len(lines) >= 2 and FENCE.match(lines[-1]):
        indent = _indent(lines[-1])
        return [line[min(indent, _indent(line)) :] for line in lines]
    return textwrap.dedent("\n".join(lines)).split("\n")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


# A line a loader leaves out without ending the paragraph or list around it (an outliner's
# hidden block property between two items); it keeps the file's line numbers.
LEFT_OUT = "\x00"


def paragraph_blocks(
    lines: list[str], first_line: int, heading_of: Callable[[str], tuple[int, str] | None]
) -> list[Block]:
    """Split lines into paragraph blocks, tracking the heading path and 1-based line numbers.

    ``heading_of`` recognises a heading line (returns level and text) or returns None.
    Fenced code stays in one block; horizontal rules separate blocks.
    """
    blocks: list[Block] = []
    headings: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    in_fence = False

    def flush(end: int) -> None:
        fenced = bool(current) and bool(FENCE.match(current[0]))
        text = "\n".join(aligned_fence(current) if fenced else current).strip()
        if text:
            path = tuple(h for _, h in headings if h)  # an empty heading only ends sections
            blocks.append(Block(text=text, headings=path, start_line=start, end_line=end))
        current.clear()

    for offset, line in enumerate(lines):
        number = first_line + offset
        if FENCE.match(line):
            if not in_fence:
                flush(number - 1)
                start = number
            in_fence = not in_fence
            current.append(line)
            if not in_fence:
                flush(number)
            continue
        if in_fence:
            current.append(line)
            continue
        if line == LEFT_OUT:
            continue
        heading = heading_of(line)
        if heading is not None:
            flush(number - 1)
            level, text = heading
            headings[:] = [h for h in headings if h[0] < level] + [(level, text)]
            continue
        if not line.strip() or _RULE.match(line):
            flush(number - 1)
            continue
        if current and _table_edge(current, line, lines[offset + 1 : offset + 2]):
            flush(number - 1)
        if not current:
            start = number
        current.append(line)
    flush(first_line + len(lines) - 1)
    return blocks


def _table_edge(current: list[str], line: str, following: list[str]) -> bool:
    """``line`` starts a table under text or a list without a blank line between them (as
    GitHub reads it; outliners write a table so), or is the first line after such a table:
    the table is a block of its own."""
    if TABLE_ROW.match(line):
        return (
            bool(following)
            and bool(DELIMITER_ROW.match(following[0]))
            and not (TABLE_ROW.match(current[-1]))
        )
    return any(DELIMITER_ROW.match(row) for row in current[1:2]) and bool(
        TABLE_ROW.match(current[-1])
    )
