"""Tables of a PDF page, read from its layout, written into its text as Markdown tables.

A PDF has no tables, only text placed on the page. pypdf's plain text joins a row's cells with
single spaces ("Motorcycle 24p per mile 24p per mile") and a wrapped cell breaks its row in
two, so the reader could not tell which figure belongs to which column. pypdf's *layout* text
keeps each line's horizontal positions: a table's cells stand in columns, apart by runs of
spaces, a wrapped cell continues under its own column:

    Vehicle              First 10,000 business miles in     Above 10,000 miles
                         the tax year
    Motorcycle           24p per mile                       24p per mile

A run of such rows (a header and at least two rows, most cells short) is a table. Its span
of the plain text — the lines that hold exactly the table's words — is replaced by the table
in Markdown, so that each row is read with its header cells ("Motorcycle — First 10,000
business miles in the tax year: 24p per mile; …"). Where the layout cannot be matched to the
plain text, the page's text is left as it was.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field

_CELL = re.compile(r"\S+(?: {1,2}\S+)*")  # words one or two spaces apart: one cell
ALIGN = 2  # characters a cell may start off its column's start
MIN_DATA_ROWS = 2
# Median words per cell: more is a page set in columns of prose, not a table.
MAX_CELL_WORDS = 5


_MARKER = re.compile(r"[•·◦▪‣*–-]|\(?\d{1,2}[.)]|\(?[a-z][.)]")  # a list's bullet or number
_DIGIT = re.compile(r"\d")
_FIGURE_ONLY = re.compile(r"[\d.,:%/€£$ -]+")  # a cell that is a figure: no header cell
_YEAR = re.compile(r"(?:19|20)\d\d")
_LEADER = re.compile(r"(?:\. ?){4,}")  # "Simple parsing . . . . . 5": a table of contents

Cell = tuple[int, int, str]  # start, end (in characters), text


@dataclass
class LayoutTable:
    columns: list[int]  # each column's start, in characters
    rows: list[list[str]] = field(default_factory=list)  # the header first

    def column_of(self, start: int) -> int | None:
        """The column a cell starting at ``start`` stands in, if it starts at one."""
        near = [i for i, column in enumerate(self.columns) if abs(column - start) <= ALIGN]
        return near[0] if near else None

    def words(self) -> Counter:
        return Counter(word for row in self.rows for cell in row for word in cell.split())

    def headed(self) -> bool:
        """Its first row is a header, unless a cell of it is a figure ("2 | CARD16 |
        MAJOR_VERSION") or it is a table of fields, a label and its value ("Document code |
        FIN-POL-007, version 5.0", "From: | Campus office"): two columns, the first row's label
        ending in a colon or its value holding a figure."""
        label, *values = self.rows[0]
        fields = len(values) == 1 and (label.endswith(":") or bool(_DIGIT.search(values[0])))
        figures = any(  # "2 | CARD16 | …"; a year heads its column ("Item | 2025 | 2026")
            _FIGURE_ONLY.fullmatch(cell) and not _YEAR.fullmatch(cell) for cell in self.rows[0]
        )
        return not (fields or figures)

    def markdown(self) -> str:
        def line(cells: list[str]) -> str:
            return "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"

        header = self.rows[0] if self.headed() else [""] * len(self.columns)
        body = self.rows[1:] if self.headed() else self.rows
        rule = "| " + " | ".join("---" for _ in self.columns) + " |"
        return "\n".join([line(header), rule, *(line(row) for row in body)])


def _cells(line: str) -> list[Cell]:
    return [(m.start(), m.end(), m.group(0)) for m in _CELL.finditer(line)]


def _groups(lines: list[str]) -> list[list[str]]:
    """Runs of non-blank lines: a row of a table set with space between its rows."""
    groups: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            groups[-1].append(line)
        elif groups[-1]:
            groups.append([])
    return [g for g in groups if g]


def _columns(group: list[str]) -> list[int]:
    """The column starts of a header: where its cells start, near starts as one."""
    columns: list[int] = []
    for start in sorted(start for line in group for start, _, _ in _cells(line)):
        if not columns or start - columns[-1] > ALIGN:
            columns.append(start)
    return columns


def _placed(table: LayoutTable, cells: list[Cell]) -> dict[int, str] | None:
    """Column → text of a line whose every cell starts at a column and ends before the next
    column starts (a line of prose runs across them); None if the line is no part of it."""
    placed: dict[int, str] = {}
    for start, end, text in cells:
        column = table.column_of(start)
        if column is None or column in placed:
            return None
        following = table.columns[column + 1] if column + 1 < len(table.columns) else None
        if following is not None and end > following - 1:
            return None
        placed[column] = text
    return placed


def _rows(table: LayoutTable, group: list[str]) -> list[list[str]] | None:
    """The rows a run of lines adds to ``table``: one per line when each fills two or more
    columns (a table set without space between rows), else one (its cells wrapped onto more
    lines, or set in the middle of the row's height); None if it is not part of it."""
    lines = [_placed(table, _cells(line)) for line in group]
    if any(placed is None for placed in lines):
        return None
    placed_lines = [placed for placed in lines if placed is not None]
    width = range(len(table.columns))
    if len(placed_lines) > 1 and all(_full_row(p, placed_lines[0]) for p in placed_lines):
        return [[placed.get(c, "") for c in width] for placed in placed_lines]
    row = [" ".join(p[c] for p in placed_lines if c in p) for c in width]
    return [row] if sum(1 for cell in row if cell) >= 2 else None


def _full_row(placed: dict[int, str], first: dict[int, str]) -> bool:
    """A line of a table set without space between rows is a row of its own: it fills as
    many columns as the first, two or more, and does not go on with a lower-case word in the
    first column ("Flights of 6 hours or" / "more": one row, wrapped)."""
    label = placed.get(0, "")
    return len(placed) == len(first) >= 2 and not label[:1].islower()


def _is_table(table: LayoutTable, headers: Collection[tuple[str, ...]] = ()) -> bool:
    """A header and at least two rows (one, when a table of another page has the same
    header: it goes on from there, or began at the foot of the page before), most cells
    short, and neither a list set with its bullets or numbers apart from the text nor a table
    of contents (dot leaders)."""
    words = sorted(len(cell.split()) for row in table.rows for cell in row if cell)
    listed = all(_MARKER.fullmatch(row[0]) for row in table.rows if row[0])
    contents = any(_LEADER.search(cell) for row in table.rows for cell in row)
    short = words[len(words) // 2] <= MAX_CELL_WORDS
    rows = MIN_DATA_ROWS - 1 if tuple(table.rows[0]) in headers else MIN_DATA_ROWS
    return len(table.rows) > rows and short and not listed and not contents


def _headed(group: list[str]) -> tuple[LayoutTable, list[list[str]] | None]:
    """A table begun by the run of lines ``group``, and its first rows; a table set right
    under a line of prose (no space between) begins below that line, and one set right above
    a paragraph ends above it."""
    for start in range(len(group)):
        # a paragraph's first line under a header and a row ends the table
        end = next((i for i in range(start + 2, len(group)) if _is_prose(group[i])), len(group))
        table = LayoutTable(columns=_columns(group[start:end]))
        if len(table.columns) >= 2 and (rows := _rows(table, group[start:end])) is not None:
            return table, rows
    return LayoutTable(columns=[]), None


def _is_prose(line: str) -> bool:
    """A line of a paragraph: one run of words, longer than a table's cells are."""
    cells = _cells(line)
    return len(cells) == 1 and len(cells[0][2].split()) > MAX_CELL_WORDS


def layout_tables(layout: str, headers: Collection[tuple[str, ...]] = ()) -> list[LayoutTable]:
    """The tables of one page's layout text; ``headers``: those of the other pages."""
    groups = _groups(layout.split("\n"))
    tables: list[LayoutTable] = []
    i = 0
    while i < len(groups):
        table, header = _headed(groups[i])
        if header is None:
            i += 1
            continue
        table.rows += header
        i += 1
        while i < len(groups) and (rows := _rows(table, groups[i])) is not None:
            table.rows += rows
            i += 1
        if _is_table(table, headers):
            tables.append(table)
    return tables


def table_headers(layouts: list[str]) -> set[tuple[str, ...]]:
    """The headers of the tables of a document's pages (``layouts``, one page each)."""
    return {tuple(table.rows[0]) for layout in layouts for table in layout_tables(layout)}


def with_tables(plain: str, layout: str, headers: set[tuple[str, ...]] | None = None) -> str:
    """``plain`` (a page's plain text) with the span of each table of ``layout`` replaced by
    that table in Markdown, set apart by blank lines. ``headers``: the headers of the tables
    of the other pages (``table_headers``), to which this page's are added (a table that runs
    on to the next page repeats its header there, over as few as one row on either page)."""
    headers = set() if headers is None else headers
    lines = plain.split("\n")
    for table in layout_tables(layout, headers):
        headers.add(tuple(table.rows[0]))
        span = _span(lines, table)
        if span is not None:
            start, end = span
            lines[start:end] = ["", table.markdown(), ""]
    return "\n".join(lines)


def _span(lines: list[str], table: LayoutTable) -> tuple[int, int] | None:
    """The lines of ``lines`` that hold exactly the table's words: they start with its first
    cell's first word and, together, hold no word the table lacks."""
    wanted = table.words()
    first = next(cell.split()[0] for cell in table.rows[0] if cell)  # a row has two or more
    for start, line in enumerate(lines):
        if not line.split() or line.split()[0] != first:
            continue
        found: Counter = Counter()
        for end in range(start, len(lines)):
            found.update(lines[end].split())
            if found - wanted:
                break
            if found == wanted:
                return start, end + 1
    return None
