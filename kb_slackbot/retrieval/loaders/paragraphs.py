"""Cutting text into paragraph blocks."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..documents import Block

PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")


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
        text = "\n".join(current).strip()
        if text:
            path = tuple(h for _, h in headings)
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
        heading = heading_of(line)
        if heading is not None:
            flush(number - 1)
            level, text = heading
            headings[:] = [h for h in headings if h[0] < level] + [(level, text)]
            continue
        if not line.strip() or _RULE.match(line):
            flush(number - 1)
            continue
        if not current:
            start = number
        current.append(line)
    flush(first_line + len(lines) - 1)
    return blocks
