"""Spreadsheets: an Excel workbook (.xlsx), and the sheet of a CSV file (loaders.csv_files), read
as tables.

Teams keep phone lists, price lists and calendars as spreadsheets beside their pages. Each
sheet becomes one Markdown table, its first row the header, so the reader joins every row with
its header cells ("Anna Weber — Team: Payroll; Phone: +49 30 1234 567") as it does for any
table; the chunker cuts a long one into smaller tables under the same header. A title alone in
the first row ("Holiday calendar 2026") heads the table instead of being its header; a
workbook's sheets are read under their names, hidden sheets left out, merged cells spread over
the cells they cover, and each value as the sheet shows it (dates, percentages, currencies).
"""

from __future__ import annotations

import io
import re
from datetime import date, datetime, time

from ..documents import Block, Document
from .fields import file_document, title_from_filename
from .html_tables import grid_markdown, merged_header
from .page_dates import package_date
from .source import LoadError, SourceFile, require_package, unreadable

MAX_CELLS = 500_000  # a sheet past this is a data export, not a page people ask about
_HEADER_ROWS = 10  # rows of two cells or more looked at for the header (notes above are few)
_CURRENCY = re.compile(r"[€$£¥₹]|\bR\$|\bCHF\b")


def load_xlsx(source: SourceFile, raw: bytes) -> Document:
    require_package(raw, "an Excel workbook", ".xlsx", "an .xls")
    import openpyxl  # only when a workbook is read

    with unreadable("Excel workbook"):
        size = openpyxl.load_workbook(io.BytesIO(raw), read_only=True)
        cells = sum((s.max_row or 0) * (s.max_column or 0) for s in size.worksheets)
        size.close()
        if cells > MAX_CELLS:
            raise LoadError(f"a workbook of more than {MAX_CELLS:,} cells is not read")
        book = openpyxl.load_workbook(io.BytesIO(raw), data_only=True)  # values, not formulas
    sheets = [sheet for sheet in book.worksheets if sheet.sheet_state == "visible"]
    blocks = []
    for sheet in sheets:
        heading = (sheet.title,) if len(sheets) > 1 else ()
        blocks += sheet_blocks(_sheet_rows(sheet), heading)
    title = (book.properties.title or "").strip() or title_from_filename(source.path)
    return file_document(source, title, blocks, package_date(raw))


def sheet_blocks(
    rows: list[list[str]], heading: tuple[str, ...], first_line: int = 0
) -> list[Block]:
    """A sheet's rows as a table block, empty rows and columns dropped. The rows above the
    table that hold one cell each are its title (the table's heading) and notes ("All amounts
    in EUR…", a block before the table). ``first_line``: the file's first line number (a CSV
    file's lines are its rows), 0 when the rows have no line numbers."""
    numbered = [
        (n, [re.sub(r"\s+", " ", cell).strip().replace("|", "/") for cell in row])
        for n, row in enumerate(rows, start=first_line)
    ]
    numbered = [(n, row) for n, row in numbered if any(row)]
    if not numbered:
        return []
    width = max(len(row) for _, row in numbered)
    grid = [row + [""] * (width - len(row)) for _, row in numbered]
    used = [c for c in range(width) if any(row[c] for row in grid)]
    grid = [[row[c] for c in used] for row in grid]
    lines = [n for n, _ in numbered]
    if len(used) == 1:  # one column: text written down a sheet, no table
        return _text_sheet([row[0] for row in grid], heading, lines if first_line else [])
    filled = [sum(1 for cell in row if cell) for row in grid]
    # title and notes: the rows above the header (looked for among the first rows only)
    wide = [n for n in range(len(grid)) if filled[n] > 1]
    above = next(
        (n for n in wide[:_HEADER_ROWS] if _heads_table(filled, n)), wide[0] if wide else 0
    )
    texts = [" ".join(cell for cell in row if cell) for row in grid[:above]]
    titled = bool(texts) and filled[0] == 1  # a lone first cell: "Per diem rates 2026"
    if titled:
        heading = (*heading, texts[0])
    blocks = []
    if len(texts) > titled:
        first = lines[int(titled)]
        start, end = (first, lines[above - 1]) if first_line else (None, None)
        notes = "\n".join(texts[int(titled) :])
        blocks.append(Block(notes, heading, start_line=start, end_line=end))
    grid, lines = grid[above:], lines[above:]
    if len(grid) > 2 and _second_header(grid[0], grid[1]):
        grid, lines = [merged_header(grid[:2]), *grid[2:]], lines[1:]
    grid[0] = [_spoken(cell) for cell in grid[0]]
    # notes under the table: rows that fill one cell ("Band A clinics: Harrogate, Ilkley.")
    last = len(grid)
    while last > 2 and sum(1 for cell in grid[last - 1] if cell) == 1:
        last -= 1
    notes = [" ".join(cell for cell in row if cell) for row in grid[last:]]
    start, end = (lines[0], lines[last - 1]) if first_line else (None, None)
    table = grid_markdown(grid[:last])
    blocks.append(Block(text=table, headings=heading, start_line=start, end_line=end))
    if notes:
        start, end = (lines[last], lines[-1]) if first_line else (None, None)
        blocks.append(Block("\n\n".join(notes), heading, start_line=start, end_line=end))
    return blocks


def _text_sheet(cells: list[str], heading: tuple[str, ...], lines: list[int]) -> list[Block]:
    """A sheet of one column ("How to request equipment", then a step a row) as a page: its
    first cell the heading when others follow, the rest paragraphs, or a list when every row
    is an item ("1. …", "- …")."""
    titled = len(cells) > 1
    if titled:
        heading = (*heading, cells[0])
    body = cells[int(titled) :]
    items = all(_ITEM.match(cell) for cell in body)
    start, end = (lines[int(titled)], lines[-1]) if lines else (None, None)
    text = ("\n" if items else "\n\n").join(body)
    return [Block(text, heading, start_line=start, end_line=end)]


_ITEM = re.compile(r"(?:\d{1,2}[.)]|[-•*])\s")


def _second_header(first: list[str], second: list[str]) -> bool:
    """``second`` is the header's second row: under a label merged over several columns
    ("Price by clinic band (£)" over three) it names each column ("Band A", "Band B", "Band
    C"), and elsewhere it repeats the first row or is empty. (Read as a row, every price
    would be under the same "Price by clinic band" and the bands lost.)"""
    spread = [
        c
        for c in range(len(first))
        if first[c] and ((c > 0 and first[c - 1] == first[c]) or first[c + 1 : c + 2] == [first[c]])
    ]
    if not spread:
        return False
    under = [second[c] for c in spread]
    return (
        all(under)
        and len(set(under)) == len(under)
        and not any(_looks_like_value(cell) for cell in under)
        and all(second[c] in ("", first[c]) for c in range(len(first)) if c not in spread)
    )


def _looks_like_value(cell: str) -> bool:
    """A figure, not a column's name ("£78.00", "45 min", "2026")."""
    return bool(re.fullmatch(r"[\d\s.,:%€$£/-]+(?:\s?\w{1,4})?", cell))


_CODE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")


def _spoken(cell: str) -> str:
    """A header cell written as a database column ("term_time_hours", as a CSV export from a
    database or an app names them) as words: "term time hours". Search and the reader match
    words, and "term_time_hours" is one word that no question holds."""
    return cell.replace("_", " ") if _CODE_NAME.fullmatch(cell) else cell


def _heads_table(filled: list[int], n: int) -> bool:
    """Row ``n`` (``filled``: each row's count of filled cells; it fills two or more) is the
    table's header: it fills as many cells as most rows under it do. A shorter row above the
    header ("Valid from | 01/01/2027 | Valid until | 31/12/2027") is a note, not the header."""
    below = sorted(filled[n + 1 :])
    return not below or filled[n] >= below[len(below) // 2]


def _sheet_rows(sheet) -> list[list[str]]:
    """The sheet's cells as shown, a merged cell's value in every cell it covers (one across
    the whole used width only in its first: a group label); hidden rows and columns (last
    year's prices, a helper column) left out, as hidden sheets are."""
    rows = [[_shown(cell) for cell in row] for row in sheet.iter_rows()]
    width = max((len(row) for row in rows), default=0)
    for merged in sheet.merged_cells.ranges:
        value = rows[merged.min_row - 1][merged.min_col - 1] if rows else ""
        across = merged.min_col == 1 and merged.max_col >= width > 1
        for r in range(merged.min_row - 1, min(merged.max_row, len(rows))):
            for c in range(merged.min_col - 1, min(merged.max_col, width)):
                rows[r][c] = value if not across or c == 0 else ""
    hidden_rows = {n - 1 for n, d in sheet.row_dimensions.items() if d.hidden}
    hidden_columns = {
        c - 1
        for d in sheet.column_dimensions.values()
        if d.hidden and d.min is not None
        for c in range(d.min, min(d.max or d.min, width) + 1)
    }
    return visible_cells(rows, hidden_rows, hidden_columns)


def visible_cells(
    rows: list[list[str]], hidden_rows: set[int], hidden_columns: set[int]
) -> list[list[str]]:
    """``rows`` without the rows and columns (0-based) a sheet hides."""
    if not hidden_rows and not hidden_columns:
        return rows
    return [
        [cell for c, cell in enumerate(row) if c not in hidden_columns]
        for r, row in enumerate(rows)
        if r not in hidden_rows
    ]


def _shown(cell) -> str:
    """A cell's value as the sheet shows it: a date without midnight, 0.3 formatted as a
    percentage as "30%", a price with its currency and decimals."""
    value = cell.value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        if value.time() == time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="minutes")
    if isinstance(value, date | time):
        return value.isoformat() if isinstance(value, date) else value.strftime("%H:%M")
    if not isinstance(value, int | float):
        return str(value)
    shape = (cell.number_format or "").split(";")[0]
    if "%" in shape:
        return f"{_number(value * 100, _decimals(shape))}%"
    text = _number(value, _decimals(shape), grouped="#,#" in shape)
    currency = _CURRENCY.search(shape.replace('"', ""))
    if currency is None:
        return text
    symbol = currency.group(0)
    before = shape.replace('"', "").find(symbol) < shape.find("0")
    return f"{symbol}{text}" if before else f"{text} {symbol}"


def _decimals(shape: str) -> int | None:
    """Decimal places a number format shows ("#,##0.00" → 2), None for "General"."""
    match = re.search(r"0\.(0+)", shape)
    if match:
        return len(match.group(1))
    return 0 if "0" in shape else None


def _number(value: float, decimals: int | None, grouped: bool = False) -> str:
    """``value`` with ``decimals`` places (None: as many as it has), in groups of thousands
    when its format has them ("#,##0")."""
    comma = "," if grouped else ""
    if decimals is not None:
        return f"{value:{comma}.{decimals}f}"
    if float(value).is_integer():
        return f"{int(value):{comma}d}"
    return f"{value:.10g}"
