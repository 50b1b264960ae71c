"""Word files (.docx): converted to HTML by mammoth, which keeps what the writer marked —
heading styles, numbered and bulleted lists, tables, bold — and then read like any HTML page
(loaders.html), so a bold label, an FAQ question or a table row is read the same way."""

from __future__ import annotations

import io
import re
import zipfile
from html import unescape
from xml.etree import ElementTree

import mammoth

from ..documents import Document
from .html import html_document
from .page_dates import package_date
from .source import SourceFile, require_package, unreadable

# Word's "Title" style names the document; "Subtitle" is prose; a table of contents
# ("Hotels⇥3") is dropped. Style names are English inside the file whatever Word's language.
_STYLE_MAP = "\n".join(
    [
        "p[style-name='Title'] => h1.doc-title:fresh",
        "p[style-name='Subtitle'] => p:fresh",
        "p[style-name='TOC Heading'] => !",
        *(f"p[style-name='toc {level}'] => !" for level in range(1, 10)),
    ]
)
# Images are not read; mammoth would otherwise inline each one as base64 text.
_NO_IMAGE = mammoth.images.img_element(lambda _image: {"src": ""})
_DOC_TITLE = re.compile(r'<h1 class="doc-title">(.*?)</h1>', re.S)
_TAG = re.compile(r"<[^>]+>")
_CORE = "docProps/core.xml"
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"


def load_docx(source: SourceFile, raw: bytes) -> Document:
    require_package(raw, "a Word document", ".docx", "a .doc")
    with unreadable("Word document"):
        html = mammoth.convert_to_html(
            io.BytesIO(raw), style_map=_STYLE_MAP, convert_image=_NO_IMAGE
        ).value
        core_title = _core_title(raw)
    shown = _DOC_TITLE.search(html)
    title = unescape(_TAG.sub("", shown.group(1))).strip() if shown else ""
    # The "Title" paragraph first: the file's title property is often a template's leftover.
    return html_document(source, html, title=title or core_title, updated=package_date(raw))


def _core_title(raw: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(raw)) as package:
        if _CORE not in package.namelist():
            return ""
        node = ElementTree.fromstring(package.read(_CORE)).find(_DC_TITLE)
    return (node.text or "").strip() if node is not None else ""
