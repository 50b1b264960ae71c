"""OpenDocument spreadsheets (.ods, LibreOffice Calc): each visible sheet read as a table, as an
Excel workbook is (loaders.sheets): under its name, a title and notes above the table apart,
merged cells spread, each value as the sheet shows it (the file stores the shown text beside
the value: "85%", "€12.50", "25/12/2026").

A sheet's rows and cells can be "repeated" (one element for many equal ones): LibreOffice
writes the empty rest of a sheet as one row repeated a million times. Repeats are spread only
up to the last cell that holds something.
"""

from __future__ import annotations

from xml.etree import ElementTree

from ..documents import Document
from .fields import file_document, title_from_filename
from .opendocument import q, read_package
from .page_dates import package_date
from .sheets import MAX_CELLS, sheet_blocks, visible_cells
from .source import LoadError, SourceFile, unreadable

_CELLS = (q("table:table-cell"), q("table:covered-table-cell"))


def load_ods(source: SourceFile, raw: bytes) -> Document:
    with unreadable("OpenDocument spreadsheet"):
        package = read_package(raw, "an OpenDocument spreadsheet", ".ods")
        hidden = _hidden_table_styles(package.content)
        tables = [
            t
            for t in package.body("spreadsheet").iter(q("table:table"))
            if t.get(q("table:style-name")) not in hidden
        ]
        sheets = [(t.get(q("table:name"), ""), _rows(t)) for t in tables]
    blocks = []
    for name, rows in sheets:
        blocks += sheet_blocks(rows, (name,) if len(sheets) > 1 and name else ())
    title = package.title or title_from_filename(source.path)
    return file_document(source, title, blocks, package_date(raw))


def _hidden_table_styles(content: ElementTree.Element) -> set[str]:
    """Table styles that hide their sheet (table:display="false")."""
    return {
        style.get(q("style:name"), "")
        for style in content.iter(q("style:style"))
        if (props := style.find(q("style:table-properties"))) is not None
        and props.get(q("table:display")) == "false"
    }


def _rows(table: ElementTree.Element) -> list[list[str]]:
    """The sheet's cells as shown, a merged cell's value in every cell it covers (one across
    the whole used width only in its first: a group label, as loaders.sheets reads Excel)."""
    rows: list[list[str]] = []
    merges: list[tuple[int, int, int, int]] = []  # row, column, rows, columns
    pending = 0  # empty rows not yet known to come before a filled one
    cells = 0
    for row in table.iter(q("table:table-row")):
        if row.get(q("table:visibility"), "visible") != "visible":  # hidden or filtered out
            continue
        cells_of_row, spans = _cells(row)
        times = _repeat(row, q("table:number-rows-repeated"))
        if not any(cells_of_row):
            pending += times
            continue
        cells += times * len(cells_of_row)
        if cells > MAX_CELLS:  # before spreading the repeats, not after
            raise LoadError(f"a workbook of more than {MAX_CELLS:,} cells is not read")
        rows += [[] for _ in range(min(pending, 1))]  # one empty row keeps a gap a gap
        pending = 0
        for _ in range(times):
            merges += [(len(rows), c, r, n) for c, r, n in spans]
            rows.append(list(cells_of_row))
    width = max((len(r) for r in rows), default=0)
    for r, c, down, across in merges:
        value = rows[r][c]
        whole = c == 0 and c + across >= width > 1
        for i in range(r, min(r + down, len(rows))):
            rows[i] += [""] * (c + across - len(rows[i]))
            for j in range(c, c + across):
                rows[i][j] = value if not whole or j == 0 else ""
    return visible_cells(rows, set(), _hidden_columns(table, width))


def _hidden_columns(table: ElementTree.Element, width: int) -> set[int]:
    """The sheet's hidden columns (0-based, within the used ``width``)."""
    hidden, column = set(), 0
    for node in table.iter(q("table:table-column")):
        times = min(_repeat(node, q("table:number-columns-repeated")), max(width - column, 0))
        if node.get(q("table:visibility"), "visible") != "visible":
            hidden.update(range(column, column + times))
        column += times
        if column >= width:
            break
    return hidden


def _cells(row: ElementTree.Element) -> tuple[list[str], list[tuple[int, int, int]]]:
    """A row's shown cell texts (repeats spread, trailing empty cells dropped) and its merged
    cells: (column, rows down, columns across)."""
    out: list[str] = []
    spans = []
    filled = 0  # length up to the last cell that holds text
    for cell in row:
        if cell.tag not in _CELLS:
            continue
        # the cell's own paragraphs, not those of a comment (office:annotation) on it
        text = "\n".join("".join(p.itertext()) for p in cell.findall(q("text:p")))
        times = _repeat(cell, q("table:number-columns-repeated"))
        down = _repeat(cell, q("table:number-rows-spanned"))
        across = _repeat(cell, q("table:number-columns-spanned"))
        if text and (down > 1 or across > 1):
            spans.append((len(out), down, across))
        if text:
            out += [text] * min(times, MAX_CELLS)
            filled = len(out)
        else:
            out += [""] * min(times, MAX_CELLS - len(out))
    return out[:filled], spans


def _repeat(node: ElementTree.Element, attribute: str) -> int:
    value = node.get(attribute, "1")
    return max(int(value), 1) if value.isdigit() else 1
