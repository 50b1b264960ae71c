"""Tabs in a rendered docs page, read as a person reads them: each tab's label heads its panel.

Docs generators render tabs ("Linux" | "macOS") as a row of labels apart from the panels they
switch, so read in order the page said "LinuxmacOS" and then both panels under no label —
"how do I restore on macOS?" could not tell the panels apart. Each panel becomes a toggle
(<details>) whose summary is its label, which the block reader already heads its text with
(html_blocks). The shapes: MkDocs Material (``.tabbed-set``: labels in ``.tabbed-labels``,
panels in ``.tabbed-content``; older versions alternate ``label`` and ``.tabbed-content``),
sphinx-design (``.sd-tab-set``: ``label.sd-tab-label`` then ``.sd-tab-content``), and ARIA tabs
(Docusaurus and most component libraries: ``[role=tab]`` labels, ``[role=tabpanel]`` panels,
paired by ``aria-controls`` or else in order).
"""

from __future__ import annotations

from html import escape

from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from .html_nodes import inline_text


def labelled_tabs(root: Node) -> None:
    """Every tab set under ``root``: its panels turned into toggles under their labels, its
    row of labels removed."""
    for tab_set in root.css(".tabbed-set"):
        labels = tab_set.css(".tabbed-labels > label") or _children(tab_set, "label")
        panels = tab_set.css(".tabbed-content > .tabbed-block") or _children(
            tab_set, "div", "tabbed-content"
        )
        _pair(labels, panels)
    for tab_set in root.css(".sd-tab-set"):
        _pair(_children(tab_set, "label"), _children(tab_set, "div", "sd-tab-content"))
    for tablist in root.css("[role=tablist]"):
        tabs = tablist.css("[role=tab]")
        container = tablist.parent
        if container is None or not tabs:
            continue
        panels = container.css("[role=tabpanel]")
        by_id = {p.attributes.get("id"): p for p in panels if p.attributes.get("id")}
        paired = [by_id.get(t.attributes.get("aria-controls")) for t in tabs]
        if all(p is not None for p in paired):
            _pair(tabs, paired)
        else:
            _pair(tabs, panels)


def _children(node: Node, tag: str, css_class: str = "") -> list[Node]:
    """``node``'s own children with this tag (and class)."""
    return [
        child
        for child in node.iter()
        if child.tag == tag
        and (not css_class or css_class in (child.attributes.get("class") or "").split())
    ]


def _pair(labels: list[Node], panels: list[Node]) -> None:
    """Label i heads panel i; only when the counts agree (else the page is left as it is)."""
    if not labels or len(labels) != len(panels):
        return
    names = [inline_text(label).strip() for label in labels]
    for name, panel in zip(names, panels, strict=True):
        inner = "".join(child.html or "" for child in panel.iter(include_text=True))
        toggle = HTMLParser(f"<details><summary>{escape(name)}</summary>{inner}</details>")
        panel.replace_with(toggle.css_first("details"))
    for label in labels:
        label.decompose()
