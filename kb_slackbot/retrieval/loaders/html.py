"""HTML pages: the main content's headings, paragraphs, list items and table rows."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from ..documents import Block, Document
from .fields import canonical_url, drop_title_heading, modified_date, title_from_filename
from .paragraphs import PARAGRAPH_BREAK
from .pseudo_headings import PSEUDO_LEVEL, faq_question, is_label
from .source import LoadError, SourceFile, decode_text

_NOISE_TAGS = ["script", "style", "noscript", "nav", "header", "footer", "aside", "form", "svg"]
_BLOCK_SELECTOR = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,dt,dd,table,tr,figcaption"
_BLOCK_TAGS = set(_BLOCK_SELECTOR.split(","))


def load_html(source: SourceFile, raw: bytes) -> Document:
    return html_document(source, decode_text(raw))


def html_document(source: SourceFile, html: str, title: str = "") -> Document:
    """``title``: the page's title when the caller knows it (a Word file's), else the
    <title>, the first <h1> or the file name."""
    tree = HTMLParser(html)
    title_node = tree.css_first("title")
    canonical = tree.css_first('link[rel="canonical"]')
    tree.strip_tags(_NOISE_TAGS)
    first_h1 = tree.css_first("h1")  # after removing headers, so a site-logo <h1> is not it
    root = tree.css_first("main") or tree.css_first("article") or tree.body or tree.root
    if root is None:
        raise LoadError("HTML has no body")

    blocks = _content_blocks(root)
    title = (
        title
        or (title_node.text(strip=True) if title_node else "")
        or (first_h1.text(strip=True) if first_h1 else "")
    )
    title = title or title_from_filename(source.path)
    href = canonical.attributes.get("href") if canonical else None
    return Document(
        doc_id=source.rel_path,
        title=title,
        url=canonical_url(href, source),
        updated=modified_date(source.path),
        space=source.space,
        blocks=[drop_title_heading(b, title) for b in blocks],
        source_path=str(source.path),
    )


def _content_blocks(root: Node) -> list[Block]:
    """One block per outermost text element under its heading path; a page without such
    elements falls back to its text cut at blank lines."""
    blocks: list[Block] = []
    headings: list[tuple[int, str]] = []
    term_at = -1  # the block of the <dt> just read, which its <dd> joins
    for node in root.css(_BLOCK_SELECTOR):
        if _inside_block(node, root):
            continue
        text = _node_text(node)
        if not text:
            continue
        if node.tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            level = int(node.tag[1])
            headings[:] = [h for h in headings if h[0] < level] + [(level, text)]
            continue
        pseudo = _pseudo_heading(node, text)
        if pseudo:
            headings[:] = [h for h in headings if h[0] < PSEUDO_LEVEL] + [(PSEUDO_LEVEL, pseudo)]
            continue
        if node.tag == "li":
            text = f"{_item_mark(node)} {text}"
        if node.tag == "dd" and term_at == len(blocks) - 1:
            # A definition is read with its term ("Sodexo card: Replaced by Edenred…").
            text = f"{blocks.pop().text.rstrip(':')}: {text}"
        term_at = len(blocks) if node.tag == "dt" else -1  # a lone term stays a block
        blocks.append(Block(text=text, headings=tuple(h for _, h in headings)))
    if not blocks:
        fallback = root.text(separator="\n", strip=True)
        blocks = [Block(text=p.strip()) for p in PARAGRAPH_BREAK.split(fallback) if p.strip()]
    return blocks


def _pseudo_heading(node: Node, text: str) -> str | None:
    """A heading written as a paragraph (loaders.pseudo_headings): a <dt> that asks, an
    all-bold paragraph that asks or is a short label, or "Q: …?"."""
    if node.tag not in {"p", "dt"}:
        return None
    if node.tag == "dt":
        return text if text.endswith("?") else None
    bold = " ".join(b.text(separator=" ", strip=True) for b in node.css("strong,b"))
    if re.sub(r"\s+", " ", bold).strip() == text and (text.endswith("?") or is_label(text)):
        return text
    return faq_question(text)


def _item_mark(item: Node) -> str:
    """ "3." for the third item of an ordered list (steps keep their numbers), else "-"."""
    parent = item.parent
    if parent is None or parent.tag != "ol":
        return "-"
    start = parent.attributes.get("start") or "1"
    first = int(start) if start.strip().lstrip("-").isdigit() else 1
    before = 0
    sibling = item.prev
    while sibling is not None:
        before += sibling.tag == "li"
        sibling = sibling.prev
    return f"{first + before}."


def _inside_block(node: Node, root: Node) -> bool:
    parent = node.parent
    while parent is not None and parent is not root and parent.mem_id != root.mem_id:
        if parent.tag in _BLOCK_TAGS:
            return True
        parent = parent.parent
    return False


def _node_text(node: Node) -> str:
    if node.tag == "table":
        return _markdown_table(node)
    if node.tag == "tr":
        cells = [c.text(separator=" ", strip=True) for c in node.css("th,td")]
        return " | ".join(c for c in cells if c)
    if node.tag == "pre":
        return (node.text(deep=True) or "").strip("\n")
    return re.sub(r"\s+", " ", node.text(separator=" ", strip=True)).strip()


def _markdown_table(table: Node) -> str:
    """A table as Markdown (its first row the header), so the reader joins every row with
    its header cells ("Senior — Budget per year: €2,000") as it does for Markdown pages."""
    rows = []
    for row in table.css("tr"):
        cells = [
            re.sub(r"\s+", " ", c.text(separator=" ", strip=True)).replace("|", "/")
            for c in row.css("th,td")
        ]
        if any(cells):
            rows.append(cells)
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    lines = ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)
