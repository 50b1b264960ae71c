"""Web pages saved as one file (.mht, .mhtml: a browser's "Save as… single file", Word's
"Single File Web Page"): a MIME message whose first HTML part is the page and whose other parts
are its images and styles. The HTML part is read like any HTML page (loaders.html), and the
page is linked at the address it was saved from (its Snapshot-Content-Location or the part's
Content-Location) when that is a web address.
"""

from __future__ import annotations

from dataclasses import replace
from email import message_from_bytes, policy
from email.message import EmailMessage

from ..documents import Document
from ..urls import checked_url
from .html import html_document
from .source import LoadError, SourceFile, unreadable


def load_web_archive(source: SourceFile, raw: bytes) -> Document:
    with unreadable("web archive"):
        archive = message_from_bytes(raw, policy=policy.default)
        if not isinstance(archive, EmailMessage) or not archive.is_multipart():
            raise LoadError("not a web archive (no MIME parts)")
        page = next((p for p in archive.walk() if p.get_content_type() == "text/html"), None)
        if page is None:
            raise LoadError("web archive holds no HTML page")
        html = page.get_content()
    document = html_document(source, html)
    saved_from = archive.get("snapshot-content-location") or page.get("content-location")
    try:
        return replace(document, url=checked_url(str(saved_from))) if saved_from else document
    except ValueError:  # a file path or a cid: reference, not a web address
        return document
