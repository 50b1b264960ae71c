"""Outliner notes (Logseq): a page written as nested bullets, read as a person reads it.

Logseq saves every block as a bullet, headings too ("- ## How to book"), page properties at
the top ("title:: Tool booking", "tags:: …"), block properties under a block ("location::
Ghent", "id:: 64f0c2a1-…") and references to other blocks ("((64f0c2a1-…))"). Read as plain
Markdown the whole page was one list, "id:: 64f0c2a1-…" was quoted in answers and a
reference was a string of hex. Here a heading bullet is a heading (its children the section's
list), a property a block shows ("location:: Ghent") is a sub-item "location: Ghent", the ones
it does not (an id, "collapsed") are no text, a reference reads as the block it names (no text
when that block is on another page), and the page's own properties are no text (its title::
titles it). A block may hold a table (its rows on the bullet's continuation lines): the table
is read as a table. "#+BEGIN_NOTE" … "#+END_NOTE" is the item "Note: …" (TIP, WARNING,
IMPORTANT, CAUTION likewise; a QUOTE without a label), "#+BEGIN_SRC bash" a code block;
"TODO"/"DONE" read as the checkbox Logseq draws ("[ ]"/"[x]"), and a task's "SCHEDULED: <…>"
is no text. Lines keep their numbers.
"""

from __future__ import annotations

import re

from .paragraphs import LEFT_OUT

_PROPERTY = re.compile(r"^([ \t]*)([A-Za-z][\w-]*):: ?(.*)$")
_BULLET = re.compile(r"^(\t*)- (.*)$")
_HEADING = re.compile(r"^#{1,6} \S")
_REFERENCE = re.compile(r"\(\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)\)")
# Properties Logseq keeps for itself: not shown on the block
_UNSHOWN = frozenset({"id", "collapsed", "heading", "background-color", "hl-page", "ls-type"})
_BEGIN = re.compile(r"^#\+BEGIN_(\w+)\s*(\S*)", re.IGNORECASE)
_END = re.compile(r"^#\+END_\w+\s*$", re.IGNORECASE)
_TASK = re.compile(r"^(TODO|LATER|NOW|DOING|WAITING|DONE|CANCELED|CANCELLED) ")
_PLANNING = re.compile(r"^(?:SCHEDULED|DEADLINE): <[^>]*>\s*$")
_LABELLED = {"NOTE", "TIP", "WARNING", "IMPORTANT", "CAUTION"}


def is_outline(lines: list[str]) -> bool:
    """The page is an outliner's: it has a "key:: value" property, a heading bullet or a block
    reference, and most of its lines are bullets or properties."""
    filled = [line for line in lines if line.strip()]
    marked = [line for line in filled if _BULLET.match(line) or _PROPERTY.match(line)]
    special = any(
        _PROPERTY.match(line)
        or _REFERENCE.search(line)
        or ((b := _BULLET.match(line)) and _HEADING.match(b.group(2)))
        for line in filled
    )
    return special and len(marked) * 2 >= len(filled)


def outline_lines(lines: list[str]) -> tuple[list[str], str]:
    """``lines`` read as the outliner shows them, and the page's title:: ("" if none)."""
    references = _referenced_blocks(lines)
    out, title, top = [], "", True  # top: no bullet yet (the page's own properties)
    headings: list[int] = []  # depths of the heading bullets whose sections are open
    depth = -1  # the last bullet's depth once its section's indent is taken off
    box = ""  # an open "#+BEGIN_…" block's kind, and "table" in a block's table
    for line in lines:
        line = _REFERENCE.sub(lambda m: references.get(m.group(1), ""), line)
        bullet, prop = _BULLET.match(line), _PROPERTY.match(line)
        content = bullet.group(2) if bullet else line.strip()
        if box == "table" and not (content.startswith("|") and not bullet):
            box = ""
        if box and box != "table" and not bullet:  # inside a "#+BEGIN_…" block
            out.append(_in_box(box, content, depth))
            box = "" if _END.match(content) else box.lstrip("+")
            continue
        if bullet and (begin := _BEGIN.match(content)):
            top, box = False, begin.group(1).upper()
            out.append(f"```{begin.group(2)}" if box == "SRC" else LEFT_OUT)
            box = "+" + box  # its first line is still to come
            continue
        if (bullet and content.startswith("|")) or box == "table":
            out.append(content)  # a table in a block: read as a table
            box = "table"
            continue
        if not bullet and _PLANNING.match(content):
            out.append(LEFT_OUT)
            continue
        if bullet and (task := _TASK.match(content)):
            done = task.group(1) in ("DONE", "CANCELED", "CANCELLED")
            line = f"{bullet.group(1)}- {'[x]' if done else '[ ]'} {content[task.end() :]}"
            bullet = _BULLET.match(line)
        if bullet:
            top = False
            tabs = len(bullet.group(1))
            while headings and headings[-1] >= tabs:
                headings.pop()
            shift = headings[-1] + 1 if headings else 0
            if _HEADING.match(bullet.group(2)):
                headings.append(tabs)
                out.append(bullet.group(2))
                depth = -1
                continue
            depth = tabs - shift
            out.append("\t" * depth + "- " + bullet.group(2))
        elif prop:
            key, value = prop.group(2), prop.group(3).strip()
            if top:  # a page property
                title = value if key.lower() == "title" else title
                out.append("")
            elif key.lower() in _UNSHOWN or not value:
                out.append(LEFT_OUT)  # the list goes on past it
            else:
                out.append("\t" * (depth + 1) + f"- {key}: {value}")
        else:
            out.append(line)
    return out, title


def _in_box(box: str, content: str, depth: int) -> str:
    """A line of a "#+BEGIN_…" block: its first line of text starts the item ("- Note: …")."""
    if _END.match(content):
        return "```" if box.lstrip("+") == "SRC" else LEFT_OUT
    if box.lstrip("+") == "SRC":
        return content
    if box.startswith("+"):
        kind = box.lstrip("+")
        label = f"{kind.capitalize()}: " if kind in _LABELLED else ""
        return "\t" * max(depth, 0) + f"- {label}{content}"
    return "\t" * max(depth, 0) + "  " + content


def _referenced_blocks(lines: list[str]) -> dict[str, str]:
    """Block id → the text of the block it is a property of."""
    found: dict[str, str] = {}
    block = ""
    for line in lines:
        if bullet := _BULLET.match(line):
            block = bullet.group(2).strip()
        elif (prop := _PROPERTY.match(line)) and prop.group(2).lower() == "id" and block:
            found[prop.group(3).strip()] = block
    return found
