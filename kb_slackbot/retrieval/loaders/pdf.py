"""PDF files: each page's extracted text, cut at blank lines; table-like runs of short lines
become lists."""

from __future__ import annotations

import io
import re

from pypdf import PasswordType, PdfReader

from ..documents import Block, Document
from .fields import derived_url, modified_date, title_from_filename
from .paragraphs import PARAGRAPH_BREAK
from .source import LoadError, SourceFile

SHORT_LINE_WORDS = 7  # a table row or list line; wrapped prose lines run longer
MIN_ROWS = 3
_LIST_MARK = re.compile(r"^(?:[-*+•]|\d+[.)])\s")


def _is_row(line: str) -> bool:
    """Short, no sentence punctuation at the end, and not starting in lower case (a narrow
    column of wrapped prose continues its sentences in lower case; table rows do not)."""
    words = line.split()
    return (
        0 < len(words) <= SHORT_LINE_WORDS
        and line.rstrip()[-1] not in ".,;!?"
        and not line.lstrip()[0].islower()
    )


def _as_item(line: str) -> str:
    """A list item; a line the PDF already marks as one ("• Trip within Europe") keeps it."""
    text = line.strip()
    return text if _LIST_MARK.match(text) else f"- {text}"


def _lines_as_rows(paragraph: str) -> str:
    """A PDF table comes out as one short line per row ("City Maximum per night", "Paris EUR
    230", …) inside a paragraph of wrapped prose, and would be read as one long sentence. A
    run of at least MIN_ROWS short lines becomes its first line as a lead-in ("City Maximum
    per night:") and the rest as list items, so each row can be quoted on its own."""
    lines = paragraph.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        end = i
        while end < len(lines) and _is_row(lines[end]):
            end += 1
        if end > i and i > 0 and lines[i - 1].rstrip()[-1:] not in (".", "!", "?", ":"):
            # The first short line ends a sentence wrapped from the line before.
            out.append(lines[i])
            i += 1
            continue
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


def load_pdf(source: SourceFile, raw: bytes) -> Document:
    try:
        reader = PdfReader(io.BytesIO(raw))
        # Encrypted with an empty user password (permissions only) still opens for everyone.
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise LoadError("PDF is encrypted")
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = (reader.metadata.title if reader.metadata else None) or ""
    except LoadError:
        raise
    except Exception as exc:  # pypdf raises many kinds (AttributeError, AssertionError, …)
        raise LoadError(f"unreadable PDF: {type(exc).__name__}: {exc}") from exc
    blocks = [
        Block(text=paragraph.strip(), page=number)
        for number, page_text in enumerate(pages, start=1)
        for paragraph in PARAGRAPH_BREAK.split(page_text)
        for paragraph in [_lines_as_rows(paragraph)]
        if paragraph.strip()
    ]
    return Document(
        doc_id=source.rel_path,
        title=str(meta_title).strip() or title_from_filename(source.path),
        url=derived_url(source),
        updated=modified_date(source.path),
        space=source.space,
        blocks=blocks,
        source_path=str(source.path),
    )
