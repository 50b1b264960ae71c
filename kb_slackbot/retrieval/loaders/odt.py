"""OpenDocument text (.odt, LibreOffice and OpenOffice Writer): its content.xml written out as
HTML — headings by outline level, numbered and bulleted lists, tables with their merged cells,
bold type — and then read like any HTML page (loaders.html), as Word files are (loaders.docx).

What the writer sees is kept; what the page does not show as text is left out: the table of
contents, comments, images and text frames. A footnote is read right after the paragraph that
cites it (a limit or an exception is often there), and a numbered list that goes on after a
paragraph between goes on counting ("4. Arrange alternative supply"). A paragraph set in the
"Title" style titles the document (then the file's title property, then its first heading).
"""

from __future__ import annotations

from html import escape
from xml.etree import ElementTree

from ..documents import Document
from .html import html_document
from .opendocument import q, read_package
from .page_dates import package_date
from .source import SourceFile, unreadable

MAX_REPEAT = 64  # cells one "repeated" element stands for, at most

# Left out with everything in them: not the page's text.
_SKIPPED = {
    q(n)
    for n in (
        "text:table-of-content",
        "text:alphabetical-index",
        "office:annotation",
        "text:tracked-changes",
        "text:sequence-decls",
        "text:variable-decls",
        "table:table-columns",
        "table:table-column",
        "table:covered-table-cell",
    )
}
_SKIPPED_INLINE = _SKIPPED | {q("draw:frame")}  # images and text boxes
_XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


class Styles:
    """Which paragraph styles are headings, the title or bold, and which lists are numbered:
    a style counts as what its parents are ("Heading 2" → a custom "Policy heading")."""

    def __init__(self, *roots: ElementTree.Element) -> None:
        self.parent: dict[str, str] = {}
        self.bold: set[str] = set()
        self.numbered: set[str] = set()
        for root in roots:
            for style in root.iter(q("style:style")):
                name = style.get(q("style:name"), "")
                if parent := style.get(q("style:parent-style-name")):
                    self.parent[name] = parent
                props = style.find(q("style:text-properties"))
                if props is not None and props.get(q("fo:font-weight")) in ("bold", "700"):
                    self.bold.add(name)
            for listed in root.iter(q("text:list-style")):
                first = next(iter(listed), None)
                if first is not None and first.tag == q("text:list-level-style-number"):
                    self.numbered.add(listed.get(q("style:name"), ""))

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
    with unreadable("OpenDocument text"):
        package = read_package(raw, "an OpenDocument text", ".odt")
        roots = (r for r in (package.styles, package.content) if r is not None)
        writer = HtmlWriter(Styles(*roots))
        html = "".join(writer.block(child) for child in package.body("text"))
    return html_document(
        source,
        f"<html><body>{html}</body></html>",
        title=writer.title or package.title,
        updated=package_date(raw),
    )


class HtmlWriter:
    """content.xml's body as HTML."""

    def __init__(self, styles: Styles) -> None:
        self.styles = styles
        self.title = ""  # the first paragraph in the "Title" style
        self.notes: list[str] = []  # footnotes cited in the block being written
        self.numbered: dict[str, int] = {}  # a numbered list's id (and style) → its last number

    def block(self, node: ElementTree.Element) -> str:
        """The element as HTML, followed by the footnotes it cites."""
        html = self._block(node)
        notes, self.notes = self.notes, []
        return html + "".join(f"<p>{escape(note)}</p>" for note in notes)

    def _block(self, node: ElementTree.Element) -> str:
        tag = node.tag
        if tag in _SKIPPED:
            return ""
        style = node.get(q("text:style-name"), "")
        if tag == q("text:h"):
            level = node.get(q("text:outline-level"), "1")
            n = min(int(level), 6) if level.isdigit() else 1
            return f"<h{n}>{self.inline(node)}</h{n}>"
        if tag == q("text:p"):
            text = self.inline(node)
            if self.styles.is_title(style):
                self.title = self.title or _plain(node)
                return f"<h1>{text}</h1>"
            if (level := self.styles.heading_level(style)) is not None:
                return f"<h{level}>{text}</h{level}>"
            if self.styles.is_bold(style) and text.strip():
                text = f"<b>{text}</b>"
            return f"<p>{text}</p>"
        if tag == q("text:list"):
            return self.listing(node, style, top=True)
        if tag == q("table:table"):
            return self.table(node)
        # sections, index bodies and other containers: their blocks
        return "".join(self.block(child) for child in node)

    def listing(self, node: ElementTree.Element, style: str, top: bool = False) -> str:
        entries = [child for item in node for child in item]
        if any(child.tag == q("text:h") for child in entries):
            # headings numbered by a list ("1. Purpose"): the headings and their text
            return "".join(self.block(child) for child in entries)
        kind = "ol" if style in self.styles.numbered else "ul"
        start = self._first_number(node, style) if top and kind == "ol" else 1
        items = []
        for item in node:
            if item.tag not in (q("text:list-item"), q("text:list-header")):
                continue
            parts = []
            for child in item:
                if child.tag == q("text:list"):  # a nested list keeps the outer list's style
                    parts.append(self.listing(child, child.get(q("text:style-name"), style)))
                elif child.tag == q("text:p"):
                    parts.append(self.inline(child))
                else:
                    parts.append(self.block(child))
            items.append(f"<li>{' '.join(p for p in parts if p)}</li>")
        if top and kind == "ol":
            last = start + len(items) - 1
            self.numbered[node.get(_XML_ID, "")] = self.numbered[f"style:{style}"] = last
        numbering = f' start="{start}"' if start > 1 else ""
        return f"<{kind}{numbering}>{''.join(items)}</{kind}>"

    def _first_number(self, node: ElementTree.Element, style: str) -> int:
        """Where a numbered list starts counting: on from the list it continues (LibreOffice
        writes text:continue-list="<its id>", older writers text:continue-numbering), else 1."""
        if (earlier := node.get(q("text:continue-list"))) in self.numbered:
            return self.numbered[earlier] + 1
        if node.get(q("text:continue-numbering")) == "true":
            return self.numbered.get(f"style:{style}", 0) + 1
        return 1

    def table(self, node: ElementTree.Element) -> str:
        head, body = [], []
        for part in node:
            if part.tag == q("table:table-header-rows"):
                head += [self.row(r, "th") for r in part if r.tag == q("table:table-row")]
            elif part.tag == q("table:table-row"):
                body.append(self.row(part, "td"))
            elif part.tag == q("table:table-rows"):
                body += [self.row(r, "td") for r in part if r.tag == q("table:table-row")]
        thead = f"<thead>{''.join(head)}</thead>" if head else ""
        return f"<table>{thead}<tbody>{''.join(body)}</tbody></table>"

    def row(self, node: ElementTree.Element, cell_tag: str) -> str:
        cells = []
        for cell in node:
            if cell.tag != q("table:table-cell"):
                continue  # a covered cell is part of the merged cell before it
            spans = ""
            for attribute, name in (("columns", "colspan"), ("rows", "rowspan")):
                value = cell.get(q(f"table:number-{attribute}-spanned"), "1")
                if value.isdigit() and int(value) > 1:
                    spans += f' {name}="{value}"'
            text = "<br>".join(
                t for t in (self.inline(p) for p in cell.iter() if p.tag == q("text:p")) if t
            )
            # identical neighbours are written once, "repeated" (an empty rest of a row too)
            repeat = cell.get(q("table:number-columns-repeated"), "1")
            times = min(int(repeat), MAX_REPEAT) if repeat.isdigit() else 1
            cells += [f"<{cell_tag}{spans}>{text}</{cell_tag}>"] * times
        return f"<tr>{''.join(cells)}</tr>"

    def inline(self, node: ElementTree.Element) -> str:
        """A paragraph's text as inline HTML: bold spans in <b>, spaces and breaks kept."""
        out = [escape(node.text or "")]
        for child in node:
            tag = child.tag
            if tag == q("text:note"):  # read after the paragraph (see block)
                body = child.find(q("text:note-body"))
                if body is not None and (note := _plain(body)):
                    self.notes.append(note)
            elif tag in _SKIPPED_INLINE:
                pass
            elif tag == q("text:s"):
                count = child.get(q("text:c"), "1")
                out.append(" " * (min(int(count), 8) if count.isdigit() else 1))
            elif tag == q("text:tab"):
                out.append(" ")
            elif tag == q("text:line-break"):
                out.append("<br>")
            elif tag == q("text:span") and self.styles.is_bold(child.get(q("text:style-name"), "")):
                inner = self.inline(child)
                out.append(f"<b>{inner}</b>" if inner.strip() else inner)
            else:  # links, spans, fields: their text
                out.append(self.inline(child))
            out.append(escape(child.tail or ""))
        return "".join(out)


def _plain(node: ElementTree.Element) -> str:
    return " ".join("".join(node.itertext()).split())
