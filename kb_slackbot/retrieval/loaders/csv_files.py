"""CSV and TSV files: their text, their dialect, and their rows as a sheet or as articles.

A CSV is UTF-8, or Windows-1252 as Excel's "CSV (Comma delimited)" saves it in Western Europe;
its separator a comma, a semicolon (Excel in many European locales), a tab or a pipe. Its rows
are a sheet (loaders.sheets), or, when a column holds HTML bodies, a knowledge tool's articles
(loaders.sheet_articles).
"""

from __future__ import annotations

import contextlib
import csv
import io

from ..documents import Document
from .fields import file_document, title_from_filename
from .sheet_articles import article_blocks
from .sheets import MAX_CELLS, sheet_blocks
from .source import LoadError, SourceFile, decode_text


def load_csv(source: SourceFile, raw: bytes) -> Document:
    """A CSV or TSV file: comma, semicolon (Excel in many European locales), tab or pipe;
    UTF-8, or Windows-1252 as Excel's "CSV (Comma delimited)" saves it in Western Europe."""
    try:
        text = decode_text(raw)
    except LoadError:
        text = _windows_1252(raw)
    if source.path.suffix.lower() == ".tsv":
        rows = list(csv.reader(io.StringIO(text), delimiter="\t"))
    else:
        rows = _csv_rows(text)
    if sum(len(row) for row in rows) > MAX_CELLS:
        raise LoadError(f"a table of more than {MAX_CELLS:,} cells is not read")
    articles = article_blocks(rows)  # a knowledge tool's export: one article a row
    blocks = articles if articles is not None else sheet_blocks(rows, (), first_line=1)
    return file_document(source, title_from_filename(source.path), blocks)


def _windows_1252(raw: bytes) -> str:
    """``raw`` (not UTF-8) as Windows-1252 text; LoadError when it is not that either (a byte
    that code page leaves undefined)."""
    if b"\x00" in raw:
        raise LoadError("binary file (contains NUL bytes), not text")
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise LoadError(
            f'neither UTF-8 nor Windows-1252 (byte {exc.start}); save it as "CSV UTF-8"'
        ) from exc
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV file, read the way that gives the most rows of one width: the
    sniffed dialect, or Excel's quoting with a comma, semicolon, tab or pipe. (Sniffing alone
    misreads a file whose cells hold HTML or quoted text: a knowledge tool's export.)"""
    dialects: list = []
    with contextlib.suppress(csv.Error):  # (one column, or too few rows to tell)
        dialects.append(csv.Sniffer().sniff(text[:20_000], delimiters=",;\t|"))
    dialects += [_Excel(delimiter) for delimiter in ",;\t|"]
    best: list[list[str]] = []
    best_score = -1.0
    for dialect in dialects:
        try:
            rows = list(csv.reader(io.StringIO(text), dialect))
        except csv.Error:
            continue
        widths = [len(row) for row in rows if any(cell.strip() for cell in row)]
        if not widths:
            continue
        common = max(set(widths), key=widths.count)
        score = widths.count(common) / len(widths) if common > 1 else 0.0
        if score > best_score + 1e-9:
            best, best_score = rows, score
        if best_score == 1.0:  # every row of one width: no other reading can beat it
            break
    return best


class _Excel(csv.excel):
    def __init__(self, delimiter: str) -> None:
        super().__init__()
        self.delimiter = delimiter
