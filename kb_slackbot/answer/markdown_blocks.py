"""Markdown as the reader sees it: blocks (prose, lists, tables, fenced code), table rows
joined with their header cells, list items with their numbers and parents, inline markup
removed. ``candidates`` turns these into the pieces the reader may quote."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..retrieval.loaders.paragraphs import FENCE  # the loader's: one idea of a code fence

# A list item: "- …", "2. …", a bullet glyph as word processors type them ("· …", "▪ …"), and
# a step written out ("Step 2: …", "Schritt 2: …", "Passo 2:", "Paso 2:"), as docs that number
# steps in paragraphs write them.
ITEM = re.compile(
    r"^\s*(?:[-*+•·●▪◦‣]|(?P<n>\d+)[.)]|(?:step|schritt|passo|paso|etapa)\s+(?P<s>\d+)\s*[:.)–-])"
    r"\s+(?P<text>.*)$",
    re.IGNORECASE,
)
_QUOTE_MARK = re.compile(r"^\s*(?:>\s?)+")
_HEADING_OR_QUOTE = re.compile(r"^\s{0,3}(?:#{1,6}\s|>)")  # these start a block of their own
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_INLINE = [
    (re.compile(r"\*\*(.+?)\*\*|__(.+?)__"), r"\1\2"),  # bold
    (re.compile(r"(?<!\w)\*(?!\s)(.+?)(?<!\s)\*(?!\w)"), r"\1"),  # italics
    (re.compile(r"!\[[^\]]*\]\([^)]*\)"), ""),  # images
    (re.compile(r"\[([^\]]+)\]\([^)]+\)"), r"\1"),  # links keep their text
]


def clean_inline(text: str) -> str:
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


@dataclass
class Block:
    kind: str  # "prose", "list", "table", "code"
    lines: list[str]


def parse_blocks(text: str) -> list[Block]:
    """Group Markdown lines into prose paragraphs, lists, tables and fenced code."""
    blocks: list[Block] = []
    fence: Block | None = None
    for line in text.split("\n"):
        if fence is not None:
            fence.lines.append(line)
            if FENCE.match(line):
                fence = None
            continue
        if FENCE.match(line):
            fence = Block("code", [line])
            blocks.append(fence)
            continue
        if not line.strip():
            blocks.append(Block("blank", []))
            continue
        starts_block = bool(_HEADING_OR_QUOTE.match(line))
        if line.lstrip().startswith(">"):  # a quote or call-out ("> **Note:** …") is prose
            line = _QUOTE_MARK.sub("", line)
        stripped = line.strip()
        kind = "table" if stripped.startswith("|") else "list" if ITEM.match(line) else "prose"
        last = blocks[-1] if blocks else None
        if last and last.kind == kind:
            last.lines.append(line)
        elif last and last.kind == "list" and kind == "prose" and not starts_block:
            # An item's continuation line, indented or not: a hard-wrapped item ("- Premium
            # economy for flights over 6 hours, for" / "example Amsterdam to São Paulo.") is
            # one item, as CommonMark reads it (a lazy continuation); a blank line, a heading
            # or a quote ends it.
            last.lines.append(line)
        else:
            blocks.append(Block(kind, [line]))
    return _field_paragraphs([_fields_as_list(b) for b in blocks if b.kind != "blank"])


# "Motorbike: 0.20 EUR per km" — a short label, a colon, a value: a line of a field list.
_FIELD_LINE = re.compile(r"^\s*[^\W\d_][\w ()/&'’.-]{0,40}?:\s+\S")
_FIELD_LABEL_WORDS = 5


def _fields_as_list(block: Block) -> Block:
    """Lines that are each a field ("Car: 0.30 EUR per km" / "Motorbike: 0.20 EUR per km"),
    typed one under the other without list marks, are a list: each field is quoted on its
    own, not joined with the others into one sentence."""
    if block.kind != "prose" or len(block.lines) < 2:
        return block
    if not all(_is_field(line) for line in block.lines):
        return block
    return Block("list", [f"- {line.strip()}" for line in block.lines])


def _field_paragraphs(blocks: list[Block]) -> list[Block]:
    """Fields set as paragraphs of their own, one after another ("Control Room: as Aachen." /
    "Bottled water store: Kalterbach reservoir garage…", as word processors and wikis write
    a site's details), are a list too: each is read as an item under its section's heading
    ("Eupen"), which the bare line does not name."""
    out: list[Block] = []
    run: list[Block] = []
    for block in [*blocks, Block("end", [])]:
        if block.kind == "prose" and len(block.lines) == 1 and _is_field(block.lines[0]):
            run.append(block)
            continue
        if len(run) >= 2:
            out.append(Block("list", [f"- {b.lines[0].strip()}" for b in run]))
        else:
            out += run
        run = []
        if block.kind != "end":
            out.append(block)
    return out


def _is_field(line: str) -> bool:
    return bool(_FIELD_LINE.match(line)) and len(line.split(":")[0].split()) <= _FIELD_LABEL_WORDS


def _cells(line: str) -> list[str]:
    return [clean_inline(c) for c in line.strip().strip("|").split("|")]


def table_rows(lines: list[str]) -> list[str]:
    rows = [line for line in lines if not _TABLE_RULE.match(line)]
    if len(rows) < 2:
        return [" ".join(_cells(r)) for r in rows]
    header = _cells(rows[0])
    out = []
    for row in rows[1:]:
        cells = _cells(row)
        label = cells[0]
        pairs = [
            f"{h}: {c}" if h else c
            for h, c in zip(header[1:], cells[1:], strict=False)
            if c and c not in {"-", "–", "—"}
        ]
        out.append(f"{label} — {'; '.join(pairs)}" if pairs else label)
    return out


def list_items(lines: list[str]) -> list[tuple[str, str | None, str]]:
    """(item text, its number if numbered, the item it is nested in or "") for each item of
    a list block."""
    items: list[list] = []  # [text, number, indent, parent index]
    for line in lines:
        match = ITEM.match(line)
        if match:
            indent = len(line) - len(line.lstrip())
            parent = next((j for j in range(len(items) - 1, -1, -1) if items[j][2] < indent), -1)
            number = match.group("n") or match.group("s")
            items.append([match.group("text").strip(), number, indent, parent])
        elif items:
            items[-1][0] = f"{items[-1][0]} {line.strip()}"
    return [
        (clean_inline(text), number, clean_inline(items[parent][0]) if parent >= 0 else "")
        for text, number, _, parent in items
    ]
