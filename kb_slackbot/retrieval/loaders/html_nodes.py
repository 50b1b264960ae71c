"""Finding one's way in a parsed HTML page: a node's ancestors, whether it lies inside another,
the text of what follows it."""

from __future__ import annotations

from selectolax.lexbor import LexborNode as Node


def ancestors(node: Node):
    """The node's parent, its parent's parent, … up to the document."""
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def within(node: Node, ancestor: Node) -> bool:
    """``node`` lies inside ``ancestor``."""
    return any(parent.mem_id == ancestor.mem_id for parent in ancestors(node))


def next_text(node: Node) -> str:
    """The text of the next element after ``node`` that has any."""
    sibling = node.next
    while sibling is not None:
        if sibling.tag != "-text":
            text = sibling.text(strip=True)
            if text:
                return text
        sibling = sibling.next
    return ""
