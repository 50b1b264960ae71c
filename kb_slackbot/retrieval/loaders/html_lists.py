"""An HTML list item as the blocks a Markdown page would hold.

An item's sub-list is a nested Markdown list under it ("- UK" over "   - 45p per mile"), so each
sub-item is read with its parent ("UK — 45p per mile") instead of all of them run together
into one sentence. A command in a <pre> inside a step (Docusaurus, GitBook and Confluence put
a step's command there) is a code block after the step's text, as a Markdown page writes it,
not words run into the step.
"""

from __future__ import annotations

from html import escape

from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from ..tokens import visible
from .html_nodes import fenced_code, inline_text

_LISTS = ("ul", "ol")


def item_blocks(item: Node) -> list[tuple[str, bool]]:
    """The blocks of ``item`` (an <li>), each (Markdown, is prose): the item with its
    sub-lists, then its code blocks and any text after them."""
    head, rest = _item_lines(item, 0)
    blocks = [("\n".join(head), False)] if head else []
    return blocks + rest


def _item_lines(item: Node, depth: int) -> tuple[list[str], list[tuple[str, bool]]]:
    """``item``'s line and its sub-items' (indented), and what follows as blocks of its own."""
    words: list[Node] = []  # the item's own text, up to its first code block
    nested: list[str] = []
    after: list[tuple[str, bool]] = []
    run: list[Node] = []  # text after a code block, up to the next
    for child in item.iter(include_text=True):
        if child.tag in _LISTS:
            for sub in (c for c in child.iter(include_text=False) if c.tag == "li"):
                lines, _ = _item_lines(sub, depth + 1)  # (a sub-item's code: in its words)
                nested += lines
        elif depth == 0 and (child.tag == "pre" or _holds_code(child)):
            if run:
                after.append((_text(run), True))
                run = []
            after += [(fenced_code(pre), False) for pre in _pres(child)]
        else:
            (run if after else words).append(child)
    if run:
        after.append((_text(run), True))
    after = [(text, prose) for text, prose in after if any(c.isalnum() for c in text)]
    own = _text(words)
    if not own and not nested:
        return [], after
    return [f"{'   ' * depth}{item_mark(item)} {own}".rstrip(), *nested], after


def _text(nodes: list[Node]) -> str:
    """The text of consecutive nodes as a browser shows it (html_nodes.inline_text)."""
    markup = "".join(
        escape(node.text(deep=False) or "") if node.tag == "-text" else (node.html or "")
        for node in nodes
    )
    box = HTMLParser(f"<div>{markup}</div>").css_first("div")
    return visible(inline_text(box, code=True)) if box is not None else ""


def _holds_code(node: Node) -> bool:
    return node.tag != "-text" and node.css_first("pre") is not None


def _pres(node: Node) -> list[Node]:
    return [node] if node.tag == "pre" else node.css("pre")


def has_structure(item: Node) -> bool:
    """``item`` holds a sub-list or a code block (read by item_blocks, not as one line)."""
    return item.css_first("ul,ol,pre") is not None


def item_mark(item: Node) -> str:
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
