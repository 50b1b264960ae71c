"""Title, link and date: what every loader derives the same way when the file does not say."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import quote

from ..documents import Block, Document
from ..urls import checked_url
from .source import SourceFile

# Notion names its exported files "Page title 8c1f4e2a9b3d4c6e8f0a1b2c3d4e5f60.md"; a page
# saved from a web server keeps its script's extension ("ziekmelding.aspx.html").
_EXPORT_ID = re.compile(r"[\s_-]+[0-9a-f]{32}$|\.(?:aspx?|php|jsp|cfm)$", re.IGNORECASE)


def title_from_filename(path: Path) -> str:
    words = re.sub(r"[-_]+", " ", _EXPORT_ID.sub("", path.stem)).strip()
    return words[:1].upper() + words[1:] if words else path.name


def derived_url(source: SourceFile) -> str:
    if source.base_url:
        return source.base_url.rstrip("/") + "/" + quote(source.rel_path)
    return source.path.resolve().as_uri()


def canonical_url(href: str | None, source: SourceFile) -> str:
    """A page's own canonical link when it is a valid web link, else the derived one."""
    try:
        return checked_url(href) if href else derived_url(source)
    except ValueError:
        return derived_url(source)


def modified_date(path: Path) -> date:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).date()


def drop_title_heading(block: Block, title: str) -> Block:
    """The page title is shown separately; a leading "# Title" adds nothing to the section path."""
    if block.headings and block.headings[0].strip().lower() == title.strip().lower():
        return Block(block.text, block.headings[1:], block.start_line, block.end_line, block.page)
    return block


def file_document(
    source: SourceFile, title: str, blocks: list[Block], updated: date | None = None
) -> Document:
    """A document whose file gives no link of its own (text, PDF, a spreadsheet): linked under
    the base URL, dated ``updated`` (the date the file records) or else by the file."""
    return Document(
        doc_id=source.rel_path,
        title=title,
        url=derived_url(source),
        updated=updated or modified_date(source.path),
        space=source.space,
        blocks=blocks,
        source_path=str(source.path),
    )
