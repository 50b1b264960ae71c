"""An HTML table as a Markdown table, merged cells spread over the rows and columns they cover.

Word files (converted by mammoth), Confluence and most wikis merge cells: an office named once
for its two rows (``rowspan``), a "Price" header over its "EUR" and "USD" columns (``colspan``).
Read cell by cell, the cells after a merged one slide one column to the left and are read under
the wrong header ("Office: Weekend visits"). Laid out on a grid first, every row keeps its own
label and each value its column's header; a header of two rows reads as one ("Price (EUR)").
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode as Node

from .html_nodes import inline_text

_MAX_SPAN = 100  # a span past this is a typo ("rowspan=9999"), not a table that long
_MAX_HEADER_ROWS = 3


def markdown_table(table: Node) -> str:
    """``table`` as Markdown (its header row first), so the reader joins every row with its
    header cells ("Senior — Budget per year: €2,000") as it does for Markdown pages. Also for
    an HTML table inside a Markdown page (loaders.markdown)."""
    fields = _fields(table)
    if fields:
        return fields
    grid, header_rows = _grid(table)
    if grid and len(grid[0]) == 1:
        # A table of one column is a box around text (a Word "guidance" box, a callout), not
        # a table: its cells are paragraphs.
        cells = [cell for row in own_rows(table) for cell in _cells(row)]
        return "\n\n".join(part for cell in cells for part in _cell_parts(cell))
    if len(grid) == 1:  # a box of one row (a wiki's notice: an icon, then its text)
        return "\n\n".join(cell for cell in grid[0] if cell)
    if header_rows > 1:
        grid = [merged_header(grid[:header_rows]), *grid[header_rows:]]
    # A note in the table's last rows, across its whole width ("Part-time staff: pro rata…"),
    # is read as text under the table, not as a row of nothing but a label.
    last = len(grid)
    while last > 2 and len(grid[0]) > 1 and grid[last - 1][0] and not any(grid[last - 1][1:]):
        last -= 1
    notes = [row[0] for row in grid[last:]]
    return "\n\n".join([grid_markdown(grid[:last]), *notes])


def _fields(table: Node) -> str:
    """A table of fields — every row a header cell and its values, as an infobox or a page's
    properties are written ("Owner | Finance") — as a list ("- Owner: Finance"); "" for any
    other table. (Read as a table, its first field would be taken for the header.)"""
    lines = []
    for row in own_rows(table):
        cells = _cells(row)
        if len(cells) == 1:  # an infobox's name, picture or group label, across the box
            continue
        if cells[0].tag != "th" or any(c.tag != "td" for c in cells[1:]):
            return ""
        key, *values = (_cell_text(cell) for cell in cells)
        values = [value for value in values if value]
        if key and values:
            lines.append(f"- {key.rstrip(':')}: {'; '.join(values)}")
    return "\n".join(lines)


def _cell_text(cell: Node) -> str:
    """A cell's text; its paragraphs (a Google Docs or Word cell: "£120", "London: £180")
    parted by "; ", which a Markdown cell cannot hold as lines."""
    parts = _cell_parts(cell)
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text += (" " if text[-1] in ".,;:!?" else "; ") + part
    return text.replace("|", "/")


def _cell_parts(cell: Node) -> list[str]:
    """A cell's paragraphs and list items, or its whole text when it has text of its own."""
    blocks = [
        part
        for child in cell.iter(include_text=False)
        for part in (child.iter(include_text=False) if child.tag in ("ul", "ol") else [child])
        if part.tag in _PARTS
    ]
    parts = [text for block in blocks if (text := inline_text(block, code=True))]
    if len(parts) < 2 or cell.text(deep=False).strip():
        whole = inline_text(cell, code=True)
        return [whole] if whole else []
    return parts


_PARTS = ("p", "div", "li")  # the blocks of a cell


def grid_markdown(grid: list[list[str]]) -> str:
    """Rows of cells (all of one width, the first the header) as a Markdown table; empty rows
    left out. Cells must hold no "|" and no newline."""
    rows = [row for row in grid if any(row)]
    if not rows:
        return ""
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + " --- |" * len(rows[0]))
    return "\n".join(lines)


def _grid(table: Node) -> tuple[list[list[str]], int]:
    """The table's cells on a grid (a merged cell's text in every place it covers, except a
    cell across the whole width: a group label, kept once, in the first column), and how many
    rows its header takes: more than one when a cell of the first row spans rows and another
    spans columns ("Plan" over two rows beside "Price" over "EUR" and "USD")."""
    placed: dict[tuple[int, int], str] = {}
    spans: list[tuple[int, int, int, str]] = []  # (row, column, colspan, text) of each cell
    rows = own_rows(table)
    if not rows:
        return [], 1
    for r, row in enumerate(rows):
        c = 0
        for cell in _cells(row):
            while (r, c) in placed:
                c += 1
            text = _cell_text(cell)
            down = _span(cell, "rowspan", len(rows) - r)
            across = _span(cell, "colspan", _MAX_SPAN)
            for dr in range(down):
                for dc in range(across):
                    placed[(r + dr, c + dc)] = text
            spans.append((r, c, across, text))
            c += across
    width = max((c + 1 for r, c in placed if r < len(rows)), default=0)
    grid = [[placed.get((r, c), "") for c in range(width)] for r in range(len(rows))]
    for r, c, across, _text in spans:
        if c == 0 and across >= width > 1:  # a group label across the table: said once
            for dc in range(1, width):
                grid[r][dc] = ""
    grid = _without_sheet_labels(grid)
    first = [(_span_of(cell, "colspan"), _span_of(cell, "rowspan")) for cell in _cells(rows[0])]
    header_rows = 1
    if any(across > 1 for across, _ in first) and any(down > 1 for _, down in first):
        header_rows = min(max(down for _, down in first), _MAX_HEADER_ROWS, len(rows))
    return grid, header_rows


def _without_sheet_labels(grid: list[list[str]]) -> list[list[str]]:
    """A spreadsheet exported with its column letters over it ("A | B | C") and its row
    numbers beside it ("1", "2" …: Quip, Google Sheets' web page) without them: the sheet's
    first row is its header, and a row's number is no label."""
    if len(grid) < 2 or len(grid[0]) < 3:
        return grid
    letters = [cell.strip() for cell in grid[0][1:]]
    numbers = [row[0].strip() for row in grid[1:]]
    if letters != [chr(ord("A") + i) for i in range(len(letters))] or grid[0][0].strip():
        return grid
    if numbers != [str(i) for i in range(1, len(numbers) + 1)]:
        return grid
    return [row[1:] for row in grid[1:]]


def merged_header(rows: list[list[str]]) -> list[str]:
    """Header rows as one: each column's labels top down, a repeat said once ("Price (EUR)")."""
    merged = []
    for labels in zip(*rows, strict=True):
        parts = [label for i, label in enumerate(labels) if label and label not in labels[:i]]
        if len(parts) > 1:
            merged.append(f"{parts[0]} ({' '.join(parts[1:])})")
        else:
            merged.append(parts[0] if parts else "")
    return merged


def own_rows(table: Node) -> list[Node]:
    """The table's own rows, not those of a table nested in one of its cells."""
    return [row for row in table.css("tr") if _owner(row) == table.mem_id]


def _owner(row: Node) -> int | None:
    """The id of the innermost table ``row`` is in."""
    parent = row.parent
    while parent is not None and parent.tag != "table":
        parent = parent.parent
    return parent.mem_id if parent is not None else None


def _cells(row: Node) -> list[Node]:
    return [child for child in row.iter(include_text=False) if child.tag in ("td", "th")]


def _span_of(cell: Node, name: str) -> int:
    try:
        return max(1, int((cell.attributes.get(name) or "1").strip()))
    except ValueError:
        return 1


def _span(cell: Node, name: str, limit: int) -> int:
    """A cell's row or column span, at most ``limit``; "0" (to the end of the table) and
    unreadable values count as the limit and as 1."""
    raw = (cell.attributes.get(name) or "1").strip()
    if raw == "0":
        return max(1, limit)
    return min(_span_of(cell, name), max(1, limit), _MAX_SPAN)
