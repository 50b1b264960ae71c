"""Turn files (Markdown, reStructuredText, AsciiDoc, HTML, plain text, PDF, Word and OpenDocument
text, spreadsheets, slide decks, emails, Evernote notebooks) into :class:`Document`s.

Every loader raises :class:`LoadError` with a message meant for a person when a file cannot
be used; the ingester reports it and moves on.
"""

from __future__ import annotations

from collections.abc import Callable

from ..documents import Document
from .asciidoc import load_asciidoc
from .csv_files import load_csv
from .docx import load_docx
from .evernote import load_enex
from .html import load_html
from .mail import load_email
from .markdown import load_markdown, load_text
from .odp import load_odp
from .ods import load_ods
from .odt import load_odt
from .org import load_org
from .pdf import load_pdf
from .rst import load_rst
from .rtf import load_rtf
from .sheets import load_xlsx
from .slides import load_pptx
from .source import LoadError, NoText, SourceFile, read_source
from .textile import load_textile
from .web_archive import load_web_archive

__all__ = [
    "CONVERT_FIRST",
    "SUPPORTED_SUFFIXES",
    "LoadError",
    "NoText",
    "SourceFile",
    "load_document",
    "read_source",
]

_DOCUMENT = ".docx, PDF, HTML or Markdown"
_SHEET = ".xlsx, .ods or CSV"
_DECK = ".pptx or PDF"
# Documents people keep beside their pages that no loader reads: each is reported with what
# to do, not passed over in silence as images and data files are.
CONVERT_FIRST = {
    ".doc": ("a Word 97–2003 file", _DOCUMENT),
    ".pages": ("a Pages document", _DOCUMENT),
    ".ppt": ("a PowerPoint 97–2003 deck", _DECK),
    ".xls": ("an Excel 97–2003 workbook", _SHEET),
    ".numbers": ("a Numbers spreadsheet", _SHEET),
    ".key": ("a Keynote deck", _DECK),
    ".msg": ("an Outlook message", ".eml (File › Save As) or PDF"),
    ".epub": ("an EPUB book", "PDF or HTML"),
}

_LOADERS: dict[str, Callable[[SourceFile, bytes], Document]] = {
    ".md": load_markdown,
    ".markdown": load_markdown,
    ".mdx": load_markdown,  # Docusaurus' Markdown with components (loaders.markdown_extras)
    ".txt": load_text,
    ".rst": load_rst,  # Sphinx / Read the Docs pages (loaders.rst)
    ".adoc": load_asciidoc,  # Antora / Asciidoctor pages (loaders.asciidoc)
    ".asciidoc": load_asciidoc,
    ".textile": load_textile,  # Redmine wikis (loaders.textile)
    ".org": load_org,  # Emacs Org mode (loaders.org)
    ".html": load_html,
    ".htm": load_html,
    ".pdf": load_pdf,
    ".docx": load_docx,
    ".odt": load_odt,
    ".rtf": load_rtf,  # rich text (loaders.rtf)
    ".csv": load_csv,
    ".tsv": load_csv,
    ".xlsx": load_xlsx,
    ".ods": load_ods,
    ".pptx": load_pptx,
    ".odp": load_odp,  # Impress: each slide a section (loaders.odp)
    ".enex": load_enex,  # an Evernote notebook export: each note a section (loaders.evernote)
    ".eml": load_email,  # an email saved as a file: titled by its subject (loaders.mail)
    ".mht": load_web_archive,  # a web page saved as one file (loaders.web_archive)
    ".mhtml": load_web_archive,
}
SUPPORTED_SUFFIXES = set(_LOADERS)
# Pages written as text or markup, where a file without text is a section index, an include or
# a stub (see NoText)
_MARKUP_PAGES = {".md", ".markdown", ".mdx", ".rst", ".adoc", ".asciidoc", ".textile", ".org"}
_TEXT_PAGES = frozenset(_MARKUP_PAGES | {".txt", ".html", ".htm"})


def load_document(source: SourceFile, raw: bytes | None = None) -> Document:
    """``raw``: the file's bytes when the caller has read them already."""
    suffix = source.path.suffix.lower()
    if suffix in CONVERT_FIRST:
        what, formats = CONVERT_FIRST[suffix]
        raise LoadError(f"{what} is not read; save it as {formats} to include it")
    loader = _LOADERS.get(suffix)
    if loader is None:
        raise LoadError(f"unsupported file type {source.path.suffix!r}")
    if raw is None:
        raw = read_source(source)
    # A page written as text that holds none is left out (NoText); a document (a PDF, a Word
    # file, a workbook) without text is a fault to fix: scanned, or exported wrong.
    nothing = NoText if suffix in _TEXT_PAGES else LoadError
    if not raw.strip():
        raise nothing("file is empty")
    document = loader(source, raw)
    if not any(block.text.strip() for block in document.blocks):
        raise nothing("no readable text in file")
    return document
