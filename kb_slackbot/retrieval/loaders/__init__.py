"""Turn files (Markdown, HTML, plain text, PDF) into :class:`Document` objects.

Every loader raises :class:`LoadError` with a message meant for a person when a file cannot
be used; the ingester reports it and moves on.
"""

from __future__ import annotations

from collections.abc import Callable

from ..documents import Document
from .html import load_html
from .markdown import load_markdown, load_text
from .pdf import load_pdf
from .source import LoadError, SourceFile, read_source

__all__ = ["SUPPORTED_SUFFIXES", "LoadError", "SourceFile", "load_document", "read_source"]

SUPPORTED_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".txt", ".pdf"}

_LOADERS: dict[str, Callable[[SourceFile, bytes], Document]] = {
    ".md": load_markdown,
    ".markdown": load_markdown,
    ".txt": load_text,
    ".html": load_html,
    ".htm": load_html,
    ".pdf": load_pdf,
}


def load_document(source: SourceFile, raw: bytes | None = None) -> Document:
    """``raw``: the file's bytes when the caller has read them already."""
    loader = _LOADERS.get(source.path.suffix.lower())
    if loader is None:
        raise LoadError(f"unsupported file type {source.path.suffix!r}")
    if raw is None:
        raw = read_source(source)
    if not raw.strip():
        raise LoadError("file is empty")
    document = loader(source, raw)
    if not any(block.text.strip() for block in document.blocks):
        raise LoadError("no readable text in file")
    return document
