"""A Google Docs page downloaded as HTML (File › Download › Web page) read as the document shows.

The export writes three things its own way:

- **No nested lists.** A sub-list is a list of its own after its parent's list, its level in
  its class ("lst-kix_ab12-1" under "lst-kix_ab12-0"): read as it is, "UK" and "45p per mile"
  are two items of one list, and the rate no longer says which country it is for. Each
  sub-list is put back into the last item of the list one level up before it.
- **Comments** at the end of the page, each in a bordered box after its "[a]" link back, with
  an "[a]" marker in the text: a discussion about the document ("Can the Lisbon cap go up?" —
  "No change to the cap"), not the document. Markers and boxes are dropped, as a Word file's
  comments are (loaders.docx).
- **Footnotes** after a rule at the end, each after its "[1]" link back, with a "[1]" marker in
  the text: the markers go and the notes get a "Footnotes" heading (html._footnotes_apart
  adds it), as a Word file's do.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode as Node

from .html_nodes import ancestors, decompose_all

_LEVEL = re.compile(r"\blst-kix_(\w+)-(\d+)\b")
_COMMENT_MARKS = 'a[id^="cmnt_ref"]'
_COMMENT_BACKLINKS = 'a[href^="#cmnt_ref"]'
_NOTE_MARKS = 'a[id^="ftnt_ref"]'
_NOTE_BACKLINKS = 'a[href^="#ftnt_ref"]'
NOTES_CLASS = "google-docs-footnotes"  # given to the notes' box (html._FOOTNOTE_LISTS)


def tidy_google_docs(root: Node) -> None:
    """Nested lists, comments and footnotes of a Google Docs export as described above; any
    other page is left as it is."""
    _nest_lists(root)
    boxes = [_box(link, root) for link in root.css(_COMMENT_BACKLINKS)]
    marks = [_marker(link) for link in root.css(_COMMENT_MARKS)]
    decompose_all([n for n in boxes + marks if n is not None])
    notes = [box for link in root.css(_NOTE_BACKLINKS) if (box := _box(link, root))]
    for link in root.css(_NOTE_MARKS):
        _marker(link).decompose()
    for link in root.css(_NOTE_BACKLINKS):
        link.decompose()
    if notes:  # the notes follow one another: one heading over the first
        notes[0].attrs["class"] = NOTES_CLASS


def _marker(link: Node) -> Node:
    """A marker's link, or the <sup> that holds only it."""
    parent = link.parent
    if (
        parent is not None
        and parent.tag == "sup"
        and parent.text(strip=True) == link.text(strip=True)
    ):
        return parent
    return link


def _box(link: Node, root: Node) -> Node | None:
    """The <div> right below ``root`` that holds a comment or a note after its link back."""
    for node in ancestors(link):
        if node.tag == "div" and node.parent is not None and node.parent.mem_id == root.mem_id:
            return node
    return None


def _nest_lists(root: Node) -> None:
    """Each sub-list (a list of level n > 0) into the last item of the list of level n - 1
    before it, among the lists that directly follow one another."""
    run: list[tuple[str, int, Node]] = []  # the lists just read: (list id, level, list)
    for listing in root.css("ul,ol"):
        found = _LEVEL.search(listing.attributes.get("class") or "")
        if found is None:
            continue
        name, level = found.group(1), int(found.group(2))
        if run and not _follows(listing):
            run = []
        parent = next(
            (node for n, lvl, node in reversed(run) if n == name and lvl == level - 1), None
        )
        items = [c for c in parent.iter(include_text=False) if c.tag == "li"] if parent else []
        if level > 0 and items:
            items[-1].insert_child(listing)  # (a copy, which is read from now on)
            copy = [c for c in items[-1].iter(include_text=False) if c.tag == listing.tag][-1]
            listing.decompose()
            run.append((name, level, copy))
        else:
            run.append((name, level, listing))


def _follows(listing: Node) -> bool:
    """``listing`` comes right after another Google Docs list, with only blank space between."""
    sibling = listing.prev
    while sibling is not None and sibling.tag == "-text" and not (sibling.text() or "").strip():
        sibling = sibling.prev
    return (
        sibling is not None
        and sibling.tag in ("ul", "ol")
        and _LEVEL.search(sibling.attributes.get("class") or "") is not None
    )
