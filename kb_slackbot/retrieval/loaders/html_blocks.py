"""An HTML page's text as blocks under their heading paths, read in document order.

A block is an outermost text element (a paragraph, a list item, a table, a definition…), and
also text set outside any of them, as mail clients, CMS editors and older intranet pages write
it ("<div>Parking costs €5 a day.</div>"), cut where a new box (a <div>, a cell…) starts.
Headings are <h1>–<h6>, a Google Docs Title paragraph, and the headings people write without
heading tags (loaders.pseudo_headings): an all-bold short paragraph, a FAQ question, a
toggle's summary (<details>, Confluence's expand macro). A table that holds tables is page
layout: its cells are read as boxes and the tables inside as tables. An in-page table of
contents (a list of links to the page's own anchors) is not text.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from ..documents import Block
from ..tokens import visible
from .html_bold import all_bold, set_in_bold
from .html_lists import has_structure, item_blocks, item_mark
from .html_nodes import INLINE_CODE, ancestors, fenced_code, inline_text, next_text, within
from .html_tables import markdown_table, own_rows
from .paragraphs import PARAGRAPH_BREAK
from .pseudo_headings import PSEUDO_LEVEL, faq_question, is_label, plain_question, step_heading

TEXT_SELECTOR = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,dt,dd,table,tr,figcaption"
_BLOCK_TAGS = {*TEXT_SELECTOR.split(","), "summary"}
_HEADING_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
TITLE_PARAGRAPH = "p.title"  # Google Docs' Title style
# Tags inside a line of text; any other element starts a new box for loose text.
_INLINE = {
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "font",
    "i", "ins", "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub",
    "sup", "time", "u", "var", "wbr", "-text",
}  # fmt: skip


def content_blocks(root: Node, bold: frozenset[str] = frozenset()) -> list[Block]:
    """The blocks of ``root`` (see the module docstring); a page without any falls back to its
    text cut at blank lines. ``bold``: the page's CSS classes that set bold type."""
    walk = _Walk(root, bold)
    for node in root.traverse(include_text=True):
        walk.visit(node)
    walk.finish()
    if walk.blocks:
        return walk.blocks
    fallback = root.text(separator="\n", strip=True)
    return [Block(text=p.strip()) for p in PARAGRAPH_BREAK.split(fallback) if p.strip()]


def fragment_blocks(
    html: str, heading: tuple[str, ...] = (), page: int | None = None
) -> list[Block]:
    """The blocks of a piece of HTML inside another file (a knowledge tool's article in a CSV
    cell, an Evernote note, a slide's frames), each under ``heading`` and on ``page``."""
    body = HTMLParser(f"<body>{html}</body>").body
    found = content_blocks(body) if body is not None else []
    return [Block(b.text, (*heading, *b.headings), page=page) for b in found]


class _Walk:
    """One pass over a page's nodes in document order (see content_blocks)."""

    def __init__(self, root: Node, bold: frozenset[str]) -> None:
        self.root = root
        self.bold = bold
        self.blocks: list[Block] = []
        self.headings: list[tuple[int, str]] = []
        self.term_at = -1  # the block of the <dt> just read, which its <dd> joins
        self.toggle: Node | None = None  # the toggle whose summary heads the blocks inside it
        self.step: tuple[str, str] | None = None  # a step's heading, waiting for its text
        self.read: Node | None = None  # the element last read whole: its nodes are skipped
        self.loose: list[tuple[str, bool]] = []  # text outside any block: (text, set in bold)
        layout = [t for t in root.css("table") if _holds_table(t)]
        # a table of tables is layout: it and its own rows are boxes, not a table and rows
        self.layout = {t.mem_id for t in layout} | {r.mem_id for t in layout for r in own_rows(t)}

    def visit(self, node: Node) -> None:
        if self.read is not None and within(node, self.read):
            return
        self.read = None
        if self.toggle is not None and not within(node, self.toggle):
            self.flush()
            self.headings[:] = [h for h in self.headings if h[0] < PSEUDO_LEVEL]
            self.toggle = None
        if node.tag == "-text":
            if _inside_block(node, self.root, self.layout):
                return
            text = node.text_content or ""
            if text.strip():
                self.loose.append((text, set_in_bold(node, self.root, self.bold, _INLINE)))
            return
        if node.tag == "br":
            self.loose.append((" ", False))  # a line break in loose text: a space
            return
        if node.tag in _INLINE and not _is_expand_control(node):
            return
        self.flush()
        level = _styled_heading(node)
        if level and not _inside_block(node, self.root, self.layout):
            self.read = node  # a heading written as a styled box (SharePoint's editor)
            if text := _node_text(node):
                self._set_heading(level, text)
            return
        if node.mem_id in self.layout or node.tag not in _BLOCK_TAGS | {"span", "ul", "ol"}:
            return  # a box: loose text before it ends here
        if _inside_block(node, self.root, self.layout):
            return
        self.read = node
        if node.tag in ("ul", "ol"):
            if not _is_contents(node):
                self.read = None  # its items are read one by one
            return
        if node.tag == "li" and node.css_first("details, table") is not None:
            # a toggle kept in a list (Notion: "ul.toggle > li > details"), or an item that
            # holds a table: read as the toggle and the table they are, not one line (the
            # item is then a box, as a layout table is)
            self.layout.add(node.mem_id)
            self.read = None
            return
        if node.tag in ("summary", "span"):
            self._toggle(node)
            return
        self._block(node)

    def _toggle(self, node: Node) -> None:
        """A toggle (a FAQ entry in wiki and docs exports): its summary heads what it hides."""
        container = _toggle_container(node)
        text = _node_text(node)
        if container is None or not text:
            self.read = None
            return
        self.toggle = container
        self._set_heading(PSEUDO_LEVEL, text)  # an answer without tags is read as loose text

    def _block(self, node: Node) -> None:
        text = _node_text(node)
        if not text:
            return
        if node.tag in _HEADING_TAGS and (step := step_heading(text)):
            # read as the numbered item of the text after it, in the section above it
            self._step_done()
            self.headings[:] = [h for h in self.headings if h[0] < int(node.tag[1])]
            self.step = step
            return
        if node.tag in _HEADING_TAGS or node.css_matches(TITLE_PARAGRAPH):
            self._set_heading(int(node.tag[1]) if node.tag != "p" else 1, text)  # Title: <h1>
            return
        pseudo = _pseudo_heading(node, text, self.bold)
        if pseudo:
            self._set_heading(PSEUDO_LEVEL, pseudo)
            return
        if node.css_first(", ".join(INLINE_CODE)) is not None:  # (headings are shown plain)
            text = _node_text(node, code=True) or text
        if node.tag == "li":
            if has_structure(node):  # a sub-list or a command: Markdown's blocks
                for part, prose in item_blocks(node):
                    self._add(part, prose=prose)
                return
            text = f"{item_mark(node)} {text}"
        if node.tag == "dd" and self.term_at == len(self.blocks) - 1:
            # A definition is read with its term ("Sodexo card: Replaced by Edenred…").
            text = f"{self.blocks.pop().text.rstrip(':')}: {text}"
        self.term_at = len(self.blocks) if node.tag == "dt" else -1  # a lone term stays
        self._add(text, prose=node.tag in ("p", "blockquote", "figcaption"))

    def flush(self) -> None:
        """The loose text read since the last box, as a block or a heading."""
        if not self.loose:
            return
        text = visible(re.sub(r"\s+", " ", "".join(part for part, _ in self.loose)).strip())
        all_bold = all(bold for part, bold in self.loose if part.strip())
        self.loose.clear()
        if not any(c.isalnum() for c in text):  # an icon, an emoji alone
            return
        if all_bold and (text.endswith("?") or is_label(text)):
            self._set_heading(PSEUDO_LEVEL, text)
        elif faq_question(text):
            self._set_heading(PSEUDO_LEVEL, faq_question(text) or text)
        else:
            self.term_at = -1
            self._add(text)

    def _set_heading(self, level: int, text: str) -> None:
        self._step_done()
        self.headings[:] = [h for h in self.headings if h[0] < level] + [(level, text)]

    def _add(self, text: str, prose: bool = True) -> None:
        """A block; the first after a step's heading is that step's numbered item ("2. Enrol
        in Intune — Open Company Portal…"), or follows it when it is no paragraph."""
        if self.step is not None:
            number, doing = self.step
            self.step = None
            if prose:
                text = f"{number}. {doing} — {text}" if doing else f"{number}. {text}"
            else:
                self._add(f"{number}. {doing}".rstrip())
        self.blocks.append(Block(text=text, headings=tuple(h for _, h in self.headings)))

    def finish(self) -> None:
        self.flush()
        self._step_done()

    def _step_done(self) -> None:
        """A step's heading with no text after it is its item alone."""
        if self.step is not None:
            number, doing = self.step
            self.step = None
            self._add(f"{number}. {doing}".rstrip())


# SharePoint's rich-text editor writes its headings as <div class="ms-rteElement-H2">.
_HEADING_CLASS = re.compile(r"\bms-rteElement-H(\d)", re.IGNORECASE)


def _styled_heading(node: Node) -> int | None:
    """The level of a box styled as a heading, else None."""
    match = _HEADING_CLASS.search(node.attributes.get("class") or "")
    return int(match.group(1)) if match and node.tag not in _HEADING_TAGS else None


def _holds_table(table: Node) -> bool:
    return any(inner.mem_id != table.mem_id for inner in table.css("table"))


def _is_expand_control(node: Node) -> bool:
    return "expand-control-text" in (node.attributes.get("class") or "").split()


def _toggle_container(summary: Node) -> Node | None:
    """The toggle a summary opens: <details>, or Confluence's expand container."""
    if summary.tag == "summary":
        parent = summary.parent
        return parent if parent is not None and parent.tag == "details" else None
    for parent in ancestors(summary):
        if "expand-container" in (parent.attributes.get("class") or "").split():
            return parent
    return None


def _is_contents(listing: Node) -> bool:
    """An in-page table of contents: every item is one link to an anchor of the page."""
    items = [child for child in listing.iter(include_text=False) if child.tag == "li"]
    if not items:
        return False
    for item in items:
        links = item.css("a")
        if not links or not all((a.attributes.get("href") or "").startswith("#") for a in links):
            return False
        if item.text(strip=True) != " ".join(a.text(strip=True) for a in links).strip():
            nested = item.css_first("ul,ol")  # a sub-list of the contents
            if nested is None or not _is_contents(nested):
                return False
    return True


def _node_text(node: Node, code: bool = False) -> str:
    """An element's text ("" with no letter or digit: an icon); ``code``: inline code as code."""
    if node.tag == "table":
        return markdown_table(node)
    if node.tag == "pre":
        return fenced_code(node)
    if node.tag == "tr":
        cells = [inline_text(c, code=True) for c in node.css("th,td")]
        text = " | ".join(c for c in cells if c)
    else:
        text = inline_text(node, code=code)
    text = visible(text)
    return text if any(c.isalnum() for c in text) else ""


def _pseudo_heading(node: Node, text: str, bold: frozenset[str] = frozenset()) -> str | None:
    """A heading written as a paragraph (loaders.pseudo_headings): a <dt> that asks, an
    all-bold paragraph that asks or is a short label, "Q: …?", or a paragraph that is one
    short question with an answer after it that is no question."""
    if node.tag not in {"p", "dt"}:
        return None
    if node.tag == "dt":
        return text if text.endswith("?") else None
    if all_bold(node, bold) and (text.endswith("?") or is_label(text)):
        return text
    if plain_question(text) and node.css_first("b,strong,em,i,a,code") is None:
        # (a question with a word set apart, or a link, reads as prose)
        after = next_text(node)
        if after and not after.endswith("?"):
            return text
    return faq_question(text)


def _inside_block(node: Node, root: Node, layout: set[int]) -> bool:
    """``node`` is part of a block element below ``root`` (a layout table is none)."""
    for parent in ancestors(node):
        if parent.mem_id == root.mem_id:
            return False
        if parent.tag in _BLOCK_TAGS and parent.mem_id not in layout:
            return True
    return False
