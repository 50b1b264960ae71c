"""OpenDocument presentations (.odp, LibreOffice Impress): each slide a section under its title,
as the PowerPoint loader reads a deck (loaders.slides).

A slide (draw:page) holds frames: its title (presentation:class="title"), text boxes of
paragraphs and lists, tables. The frames are read top to bottom, left to right, each written
out as HTML by the text document's writer (loaders.odt: lists, tables with merged cells, bold
type) and read as an HTML page's blocks; the speaker notes come after the slide's own text.
Hidden slides and images are left out.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

from ..documents import Block, Document
from .fields import file_document, title_from_filename
from .html_blocks import fragment_blocks
from .odt import HtmlWriter, Styles
from .opendocument import q, read_package
from .page_dates import package_date
from .source import SourceFile, unreadable

_TITLE_CLASSES = ("title",)
_SKIPPED_CLASSES = ("page-number", "date-time", "footer", "header")  # the layout's own fields


def load_odp(source: SourceFile, raw: bytes) -> Document:
    with unreadable("OpenDocument presentation"):
        package = read_package(raw, "an OpenDocument presentation", ".odp")
        roots = [r for r in (package.styles, package.content) if r is not None]
        writer = HtmlWriter(Styles(*roots))
        hidden = _hidden_page_styles(roots)
        pages = package.body("presentation").iter(q("draw:page"))
        slides = [
            _slide_blocks(writer, page, n)  # numbered as in the deck, hidden slides too
            for n, page in enumerate(pages, start=1)
            if page.get(q("draw:style-name")) not in hidden
        ]
    first = next((blocks[0].headings[0] for blocks in slides if blocks), "")
    title = package.title or first or title_from_filename(source.path)
    blocks = [block for blocks in slides for block in blocks]
    return file_document(source, title, blocks, package_date(raw))


def _slide_blocks(writer: HtmlWriter, page: ElementTree.Element, number: int) -> list[Block]:
    frames = sorted(
        (f for f in page if f.tag == q("draw:frame")),
        key=lambda f: (_length(f.get(q("svg:y"))), _length(f.get(q("svg:x")))),
    )
    title, html = "", []
    for frame in frames:
        kind = frame.get(q("presentation:class"), "")
        if kind in _SKIPPED_CLASSES:
            continue
        if kind in _TITLE_CLASSES and not title:
            title = " ".join("".join(frame.itertext()).split())
            continue
        html += [writer.block(child) for part in frame for child in _contents(part)]
    notes = page.find(q("presentation:notes"))
    if notes is not None:
        for frame in notes.iter(q("draw:frame")):
            if frame.get(q("presentation:class")) == "notes":
                html += [writer.block(child) for part in frame for child in _contents(part)]
    heading = (title or f"Slide {number}",)
    return fragment_blocks("".join(html), heading, page=number)


def _contents(part: ElementTree.Element) -> list[ElementTree.Element]:
    """What a frame shows as text: a text box's paragraphs and lists, or a table."""
    if part.tag == q("draw:text-box"):
        return list(part)
    return [part] if part.tag == q("table:table") else []


def _hidden_page_styles(roots: list[ElementTree.Element]) -> set[str]:
    """The slide styles that hide a slide (Impress: Slide › Hide Slide)."""
    hidden = set()
    for root in roots:
        for style in root.iter(q("style:style")):
            for props in style.iter(q("style:drawing-page-properties")):
                if props.get(q("presentation:visibility")) == "hidden":
                    hidden.add(style.get(q("style:name")))
    return hidden


def _length(value: str | None) -> float:
    """ "2.5cm" → 2.5 (frames of one slide share a unit); no position sorts last."""
    found = re.match(r"-?\d+(?:\.\d+)?", value or "")
    return float(found.group(0)) if found else float("inf")
