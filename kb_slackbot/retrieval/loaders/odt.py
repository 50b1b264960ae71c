"""OpenDocument text (.odt, LibreOffice and OpenOffice Writer): its content.xml written out as
HTML — headings by outline level, numbered and bulleted lists, tables with their merged cells,
bold type — and then read like any HTML page (loaders.html), as Word files are (loaders.docx).

What the writer sees is kept; what the page does not show as text is left out: the table of
contents, footnotes and comments, images and text frames. A paragraph set in the "Title"
style titles the document (then the file's title property, then its first heading).
"""

from __future__ import annotations

import io
import zipfile
from html import escape
from xml.etree import ElementTree

from ..documents import Document
from .html import html_document
from .source import SourceFile, require_package, unreadable

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
}
MAX_REPEAT = 64  # an empty cell "repeated" to the sheet's edge (1,024 columns) is one cell


def _q(name: str) -> str:
    """ "text:p" → ElementTree's "{urn:…:text:1.0}p"."""
    prefix, local = name.split(":")
    return f"{{{_NS[prefix]}}}{local}"


# Left out with everything in them: not the page's text.
_SKIPPED = {
    _q(n)
    for n in (
        "text:table-of-content",
        "text:alphabetical-index",
        "text:note",
        "office:annotation",
        "text:tracked-changes",
        "text:sequence-decls",
        "text:variable-decls",
        "table:table-columns",
        "table:table-column",
        "table:covered-table-cell",
    )
}
_SKIPPED_INLINE = _SKIPPED | {_q("draw:frame")}  # images and text boxes


class _Styles:
    """Which paragraph styles are headings, the title or bold, and which lists are numbered:
    a style counts as what its parents are ("Heading 2" → a custom "Policy heading")."""

    def __init__(self, *roots: ElementTree.Element) -> None:
        self.parent: dict[str, str] = {}
        self.bold: set[str] = set()
        self.numbered: set[str] = set()
        for root in roots:
            for style in root.iter(_q("style:style")):
                name = style.get(_q("style:name"), "")
                if parent := style.get(_q("style:parent-style-name")):
                    self.parent[name] = parent
                props = style.find(_q("style:text-properties"))
                if props is not None and props.get(_q("fo:font-weight")) in ("bold", "700"):
                    self.bold.add(name)
            for listed in root.iter(_q("text:list-style")):
                first = next(iter(listed), None)
                if first is not None and first.tag == _q("text:list-level-style-number"):
                    self.numbered.add(listed.get(_q("style:name"), ""))

    def chain(self, name: str) -> list[str]:
        names = []
        while name and name not in names and len(names) < 16:
            names.append(name)
            name = self.parent.get(name, "")
        return names

    def heading_level(self, name: str) -> int | None:
        for style in self.chain(name):
            if style.startswith("Heading_20_") and style[11:].isdigit():
                return min(int(style[11:]), 6)
        return None

    def is_title(self, name: str) -> bool:
        return "Title" in self.chain(name)

    def is_bold(self, name: str) -> bool:
        return any(style in self.bold for style in self.chain(name))


def load_odt(source: SourceFile, raw: bytes) -> Document:
    require_package(raw, "an OpenDocument text", ".odt", "a flat .fodt")
    with unreadable("OpenDocument text"):
        with zipfile.ZipFile(io.BytesIO(raw)) as package:
            content = ElementTree.fromstring(package.read("content.xml"))
            names = package.namelist()
            styles = (
                ElementTree.fromstring(package.read("styles.xml"))
                if "styles.xml" in names
                else None
            )
            meta = ElementTree.fromstring(package.read("meta.xml")) if "meta.xml" in names else None
        body = content.find(f"{_q('office:body')}/{_q('office:text')}")
        if body is None:
            body = ElementTree.Element("empty")
        writer = _Writer(_Styles(*(r for r in (styles, content) if r is not None)))
        html = "".join(writer.block(child) for child in body)
    title = writer.title or _meta_title(meta)
    return html_document(source, f"<html><body>{html}</body></html>", title=title)


def _meta_title(meta: ElementTree.Element | None) -> str:
    node = meta.find(f".//{_q('dc:title')}") if meta is not None else None
    return (node.text or "").strip() if node is not None else ""


class _Writer:
    """content.xml's body as HTML."""

    def __init__(self, styles: _Styles) -> None:
        self.styles = styles
        self.title = ""  # the first paragraph in the "Title" style

    def block(self, node: ElementTree.Element) -> str:
        tag = node.tag
        if tag in _SKIPPED:
            return ""
        style = node.get(_q("text:style-name"), "")
        if tag == _q("text:h"):
            level = node.get(_q("text:outline-level"), "1")
            n = min(int(level), 6) if level.isdigit() else 1
            return f"<h{n}>{self.inline(node)}</h{n}>"
        if tag == _q("text:p"):
            text = self.inline(node)
            if self.styles.is_title(style):
                self.title = self.title or _plain(node)
                return f"<h1>{text}</h1>"
            if (level := self.styles.heading_level(style)) is not None:
                return f"<h{level}>{text}</h{level}>"
            if self.styles.is_bold(style) and text.strip():
                text = f"<b>{text}</b>"
            return f"<p>{text}</p>"
        if tag == _q("text:list"):
            return self.listing(node, style)
        if tag == _q("table:table"):
            return self.table(node)
        # sections, index bodies and other containers: their blocks
        return "".join(self.block(child) for child in node)

    def listing(self, node: ElementTree.Element, style: str) -> str:
        entries = [child for item in node for child in item]
        if any(child.tag == _q("text:h") for child in entries):
            # headings numbered by a list ("1. Purpose"): the headings and their text
            return "".join(self.block(child) for child in entries)
        kind = "ol" if style in self.styles.numbered else "ul"
        items = []
        for item in node:
            if item.tag not in (_q("text:list-item"), _q("text:list-header")):
                continue
            parts = []
            for child in item:
                if child.tag == _q("text:list"):  # a nested list keeps the outer list's style
                    parts.append(self.listing(child, child.get(_q("text:style-name"), style)))
                elif child.tag == _q("text:p"):
                    parts.append(self.inline(child))
                else:
                    parts.append(self.block(child))
            items.append(f"<li>{' '.join(p for p in parts if p)}</li>")
        return f"<{kind}>{''.join(items)}</{kind}>"

    def table(self, node: ElementTree.Element) -> str:
        head, body = [], []
        for part in node:
            if part.tag == _q("table:table-header-rows"):
                head += [self.row(r, "th") for r in part if r.tag == _q("table:table-row")]
            elif part.tag == _q("table:table-row"):
                body.append(self.row(part, "td"))
            elif part.tag == _q("table:table-rows"):
                body += [self.row(r, "td") for r in part if r.tag == _q("table:table-row")]
        thead = f"<thead>{''.join(head)}</thead>" if head else ""
        return f"<table>{thead}<tbody>{''.join(body)}</tbody></table>"

    def row(self, node: ElementTree.Element, cell_tag: str) -> str:
        cells = []
        for cell in node:
            if cell.tag != _q("table:table-cell"):
                continue  # a covered cell is part of the merged cell before it
            spans = ""
            for attribute, name in (("columns", "colspan"), ("rows", "rowspan")):
                value = cell.get(_q(f"table:number-{attribute}-spanned"), "1")
                if value.isdigit() and int(value) > 1:
                    spans += f' {name}="{value}"'
            text = "<br>".join(
                t for t in (self.inline(p) for p in cell.iter() if p.tag == _q("text:p")) if t
            )
            repeat = cell.get(_q("table:number-columns-repeated"), "1")
            times = min(int(repeat), MAX_REPEAT) if repeat.isdigit() and not text else 1
            cells += [f"<{cell_tag}{spans}>{text}</{cell_tag}>"] * times
        return f"<tr>{''.join(cells)}</tr>"

    def inline(self, node: ElementTree.Element) -> str:
        """A paragraph's text as inline HTML: bold spans in <b>, spaces and breaks kept."""
        out = [escape(node.text or "")]
        for child in node:
            tag = child.tag
            if tag in _SKIPPED_INLINE:
                pass
            elif tag == _q("text:s"):
                count = child.get(_q("text:c"), "1")
                out.append(" " * (min(int(count), 8) if count.isdigit() else 1))
            elif tag == _q("text:tab"):
                out.append(" ")
            elif tag == _q("text:line-break"):
                out.append("<br>")
            elif tag == _q("text:span") and self.styles.is_bold(
                child.get(_q("text:style-name"), "")
            ):
                inner = self.inline(child)
                out.append(f"<b>{inner}</b>" if inner.strip() else inner)
            else:  # links, spans, fields: their text
                out.append(self.inline(child))
            out.append(escape(child.tail or ""))
        return "".join(out)


def _plain(node: ElementTree.Element) -> str:
    return " ".join("".join(node.itertext()).split())
