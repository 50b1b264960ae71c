"""PDF files: each page's extracted text, cut at blank lines."""

from __future__ import annotations

import io

from pypdf import PasswordType, PdfReader

from ..documents import Block, Document
from .fields import derived_url, modified_date, title_from_filename
from .paragraphs import PARAGRAPH_BREAK
from .source import LoadError, SourceFile


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
