"""PDF files: each page's extracted text without its running header and footer, cut at blank
lines and at numbered section headings. Tables the page's layout shows become Markdown tables
(pdf_tables.py); other table-like runs of lines (short ones, longer ones that end in a
figure, a memo's "To: …" fields) become lists under their header line."""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import replace

import structlog
from pypdf import PageObject, PasswordType, PdfReader

from ..documents import Block, Document
from .fields import file_document, title_from_filename
from .page_dates import pdf_date
from .paragraphs import PARAGRAPH_BREAK
from .pdf_tables import table_headers, with_tables
from .pseudo_headings import numbered_headings
from .source import LoadError, SourceFile, unreadable

log = structlog.get_logger(__name__)

SHORT_LINE_WORDS = 7  # a table row or list line; wrapped prose lines run longer
# A longer row ends in a figure: "Grades 4–5 Administrative and technical support 26 28".
LONG_ROW_WORDS = 16
MIN_ROWS = 3
_LIST_MARK = re.compile(r"^(?:[-*+•]|\d+[.)])\s")
_FIGURE = re.compile(r"\d")
# A field of a memo's or form's header: "Para: Todos os funcionários …", "Subject: Winter
# closure", "Approved by: Research Committee" — a label of up to three words and a colon.
_FIELD = re.compile(r"^[A-ZÀ-ÖØ-Þ][\w.º-]*(?: [\w.º-]+){0,2}: \S")
# A paragraph's last line that stops mid-sentence: prose (not a table row) ending in a word.
_UNFINISHED = re.compile(r"(?m)^[^|\n]*[\w,;]\Z")


def _unended(line: str) -> bool:
    """Up to LONG_ROW_WORDS words, no sentence punctuation at the end, and not starting in
    lower case (a narrow column of wrapped prose continues its sentences in lower case; table
    rows and their header do not)."""
    words = line.split()
    return (
        0 < len(words) <= LONG_ROW_WORDS
        and line.rstrip()[-1] not in ".,;!?"
        and not line.lstrip()[0].islower()
    )


def _is_row(line: str) -> bool:
    """Such a line that is short, that ends in a figure (a row of amounts or days), or that
    is a labelled field ("To: all staff of the Porto campus")."""
    words = line.split()
    return _unended(line) and (
        len(words) <= SHORT_LINE_WORDS
        or bool(_FIGURE.search(words[-1]))
        or bool(_FIELD.match(line.lstrip()))
    )


def _rows_from(lines: list[str], i: int) -> int:
    """Where the run of rows that starts at line ``i`` ends."""
    while i < len(lines) and _is_row(lines[i]):
        i += 1
    return i


def _as_item(line: str) -> str:
    """A list item; a line the PDF already marks as one ("• Trip within Europe") keeps it."""
    text = line.strip()
    return text if _LIST_MARK.match(text) else f"- {text}"


def _lines_as_rows(paragraph: str) -> str:
    """A PDF table comes out as one line per row ("City Maximum per night", "Paris EUR 230",
    …) inside a paragraph of wrapped prose, and would be read as one long sentence. A run of
    at least MIN_ROWS rows becomes its first line as a lead-in ("City Maximum per night:")
    and the rest as list items, so each row can be quoted on its own; a header line too long
    to be a row leads the rows under it."""
    lines = paragraph.split("\n")
    if lines[0].startswith("|"):  # a table read from the page's layout (pdf_tables.py)
        return paragraph
    out: list[str] = []
    i = 0
    while i < len(lines):
        end = _rows_from(lines, i)
        after_sentence = i == 0 or lines[i - 1].rstrip()[-1:] in (".", "!", "?", ":")
        if end > i and not after_sentence:
            # The first short line ends a sentence wrapped from the line before.
            out.append(lines[i])
            i += 1
            continue
        if end == i and after_sentence and _unended(lines[i]):
            # A header too long to be a row ("Grade Typical roles Days per year Days after 5
            # years' service") heads the rows under it.
            end = _rows_from(lines, i + 1)
            if end - i <= MIN_ROWS:
                end = i
        if end - i >= MIN_ROWS:
            lead = lines[i].rstrip()
            out += ["", lead if lead.endswith(":") else f"{lead}:"]
            out += [_as_item(line) for line in lines[i + 1 : end]]
            out.append("")
            i = end
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


# "Page 2 of 4", "Página 1 de 1", "Seite 3 von 7", "p. 2/9": a page's number, never content.
_PAGE_NUMBER = re.compile(
    r"\b(?:page|p[aá]gina|seite|p[aá]g\.|p\.|s\.)\s*\d+\s*(?:of|de|von|/)\s*\d+\b", re.IGNORECASE
)


def _without_running_lines(pages: list[str]) -> list[str]:
    """Pages without their running header and footer: a first or last line that recurs, its
    digits aside ("Page 2 of 4"), on at least half the pages (and on two or more), or that
    numbers the page (also in a one-page PDF). Left in, "Acme B.V. - Travel Policy - version
    4.2" opens every page's text and is quoted."""
    lines = [page.strip("\n").split("\n") for page in pages]

    def shape(line: str) -> str:
        return re.sub(r"\d+", "#", line.strip().lower())

    edges = Counter(shape(s) for page in lines for s in {page[0], page[-1]} if s.strip())
    running = {k for k, n in edges.items() if n >= max(2, (len(pages) + 1) // 2)}

    def is_running(line: str) -> bool:
        return shape(line) in running or bool(_PAGE_NUMBER.search(line))

    out = []
    for page in lines:
        while page and is_running(page[0]):
            page = page[1:]
        while page and is_running(page[-1]):
            page = page[:-1]
        out.append("\n".join(page))
    return out


def _is_part_title(line: str) -> bool:
    return _is_row(line) and not _LIST_MARK.match(line) and not line[0].isdigit()


def _sectioned_blocks(pages: list[str], headings_of: dict[str, int]) -> list[Block]:
    """Each page cut at blank lines and at numbered headings; a section runs on across pages."""
    blocks: list[Block] = []
    path: list[tuple[int, str]] = []
    for number, page_text in enumerate(pages, start=1):
        for paragraph in PARAGRAPH_BREAK.split(page_text):
            current: list[str] = []
            for line in [*paragraph.split("\n"), None]:  # None: the paragraph's end
                level = headings_of.get(line.strip()) if line is not None else 0
                if level is None:
                    current.append(line)
                    continue
                lines = [c.strip() for c in current if c.strip()]
                part = None
                # "Transport" right above "5. Air travel", after a finished sentence: the title
                # of a part of the document, above its numbered sections (level 0).
                if (
                    line is not None
                    and lines
                    and _is_part_title(lines[-1])
                    and (len(lines) == 1 or lines[-2][-1] in ".!?:")
                ):
                    part, lines = lines[-1], lines[:-1]
                text = _lines_as_rows("\n".join(lines)).strip()
                if text:
                    blocks.append(Block(text=text, headings=tuple(h for _, h in path), page=number))
                current = []
                if part is not None:
                    path[:] = [(0, part)]
                if line is not None:
                    path[:] = [h for h in path if h[0] < level] + [(level, line.strip())]
    return _across_page_breaks(blocks)


def _across_page_breaks(blocks: list[Block]) -> list[Block]:
    """A sentence the page break cut ("… if there was no" / "break of more than one week.")
    is one block again, on the page it begins on: the last block of a page that ends mid-
    sentence (no full stop, colon, or table) and the next page's first, beginning in lower
    case, under the same headings."""
    out: list[Block] = []
    for block in blocks:
        last = out[-1] if out else None
        if (
            last is not None
            and block.page == (last.page or 0) + 1
            and block.headings == last.headings
            and _UNFINISHED.search(last.text)
            and block.text[:1].islower()
        ):
            out[-1] = replace(last, text=f"{last.text} {block.text}")
        else:
            out.append(block)
    return out


def _layout(page: PageObject) -> str:
    """The page's layout text; "" (no tables read) where pypdf cannot lay it out: the page's
    plain text is still read."""
    try:
        return page.extract_text(extraction_mode="layout")
    except Exception as exc:  # pypdf raises many kinds; the plain text may still be fine
        log.warning("pdf_layout_unreadable", error=f"{type(exc).__name__}: {exc}")
        return ""


def load_pdf(source: SourceFile, raw: bytes) -> Document:
    with unreadable("PDF"):  # pypdf raises many kinds (AttributeError, AssertionError, …)
        reader = PdfReader(io.BytesIO(raw))
        # Encrypted with an empty user password (permissions only) still opens for everyone.
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise LoadError("PDF is encrypted")
        layouts = [_layout(page) for page in reader.pages]
        # A table's header: on a page before, its rows go on under the repeated header; on a
        # page after, it began at the foot of this one, with as few as one row.
        headers = table_headers(layouts)
        pages = [
            with_tables(page.extract_text() or "", layout, headers)
            for page, layout in zip(reader.pages, layouts, strict=True)
        ]
        meta_title = (reader.metadata.title if reader.metadata else None) or ""
        updated = pdf_date(reader)
    if not any(page.strip() for page in pages):
        raise LoadError(
            "PDF has no text layer (scanned pages?); run OCR on it (e.g. ocrmypdf) to include it"
        )
    pages = _without_running_lines(pages)
    blocks = _sectioned_blocks(pages, numbered_headings(pages))
    title = str(meta_title).strip() or title_from_filename(source.path)
    return file_document(source, title, blocks, updated)
