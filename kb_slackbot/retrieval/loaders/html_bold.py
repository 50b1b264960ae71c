"""Which text of an HTML page is set in bold: by <strong>/<b>, by an inline style, or by a class
its stylesheet makes bold (Google Docs exports set all type with classes, ".c4{font-weight:700}").
An all-bold short paragraph is a heading written without heading tags (loaders.html_blocks)."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode as Node

_BOLD_RULE = re.compile(r"\.([\w-]+)\s*\{[^}]*font-weight\s*:\s*(?:bold|[6-9]00)\b", re.I)
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)\b", re.I)


def bold_classes(tree) -> frozenset[str]:
    """The page's CSS classes that set bold type."""
    return frozenset(
        name for style in tree.css("style") for name in _BOLD_RULE.findall(style.text() or "")
    )


def is_bold(element: Node, classes: frozenset[str]) -> bool:
    """Set in bold by <strong>/<b>, a bold class or a bold style."""
    return (
        element.tag in ("strong", "b")
        or bool(classes & set((element.attributes.get("class") or "").split()))
        or bool(_BOLD_STYLE.search(element.attributes.get("style") or ""))
    )


def set_in_bold(text: Node, root: Node, classes: frozenset[str], inline: set[str]) -> bool:
    """A text node set in bold by an inline element around it (one of ``inline``, below any
    box)."""
    element = text.parent
    while element is not None and element.mem_id != root.mem_id and element.tag in inline:
        if is_bold(element, classes):
            return True
        element = element.parent
    return False


def all_bold(node: Node, classes: frozenset[str]) -> bool:
    """Every word of ``node`` is set in bold."""
    if is_bold(node, classes):
        return bool(node.text(strip=True))
    words = False
    for part in node.traverse(include_text=True):
        if part.tag != "-text" or not (part.text_content or "").strip():
            continue
        words = True
        element = part.parent
        while element is not None and element.mem_id != node.mem_id:
            if is_bold(element, classes):
                break
            element = element.parent
        if element is None or element.mem_id == node.mem_id:
            return False
    return words
