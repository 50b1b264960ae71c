"""Notes in Markdown, read as the rendered page shows them: the title leads the note's text.

MkDocs and Python-Markdown write an admonition as '!!! warning "Before you start"' (or a
collapsible '??? note') over an indented body; Docusaurus and VuePress as ":::tip Title" …
":::"; GitHub as "> [!NOTE]" and Obsidian as "> [!tip]- Title" over a quoted body. Each keeps
its line numbers: the marker line becomes the title ("Before you start:"), the body the text
under it.
"""

from __future__ import annotations

import re

from .paragraphs import FENCE
from .pseudo_headings import PSEUDO_LEVEL, heading_mark

# "!!! warning "Before you start"" / "??? note" (MkDocs, Python-Markdown), body indented below
_MKDOCS = re.compile(r'^\s*(?:!!!|\?\?\?\+?)\s*(?P<kind>[\w-]+)(?:\s+"(?P<title>[^"]*)")?\s*$')
# ":::tip", ":::note Title", ":::warning[Title]" … ":::" (Docusaurus, VuePress)
_COLONS = re.compile(r"^\s*:::+\s*(?P<kind>[\w-]*)\s*(?:\[(?P<t1>[^\]]*)\]|(?P<t2>.*?))\s*$")
# "> [!NOTE]" (GitHub); Obsidian's callouts also take a title and a fold sign: "> [!tip]- Title"
_GITHUB_ALERT = re.compile(
    r"^(\s*>\s*)\[!(?P<kind>[\w-]+)\][+-]?(?:[ \t]+(?P<title>\S.*?))?\s*$", re.IGNORECASE
)


def note_title(kind: str, title: str | None) -> str:
    """An admonition's first line: its title, else its kind ("Warning:")."""
    if title is not None and title.strip():
        title = title.strip().rstrip(":")
        return title if title.endswith(("?", "!")) else f"{title}:"  # a question stays one
    return f"{kind.replace('-', ' ').capitalize()}:" if kind else ""


def admonitions(lines: list[str]) -> list[str]:
    """An admonition's marker line becomes its title ("Before you start:"), its body the
    paragraph under it (MkDocs' indented body dedented), a closing ":::" blank (or, under a
    title that asks, the end of the section it heads); a GitHub alert keeps its quote, its
    "[!NOTE]" read as "Note:". Azure DevOps' "::: mermaid" diagram is a code block."""
    out, in_fence, body = [], False, False
    asks, blank = False, None  # the title is a question: it heads the body (a FAQ's does)
    colons_ask = False  # … of a ":::" note, whose closing ":::" then ends the section
    diagram = False
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or FENCE.match(line):
            out.append(line)
            continue
        if diagram:  # an Azure DevOps diagram ("::: mermaid" … ":::"): code, as a fence holds it
            closes = bool(_COLONS.match(line)) and not line.strip(": \t")
            out.append("```" if closes else line)
            diagram = not closes
            continue
        if body and (line.startswith("    ") or line.startswith("\t") or not line.strip()):
            blank = len(out) if not line.strip() else blank
            out.append(line.strip() and line[4:] if line.startswith("    ") else line.strip())
            continue
        if body and asks and blank is not None:  # … and only the body
            out[blank] = heading_mark(PSEUDO_LEVEL)
        body, asks = False, False
        mkdocs, colons, alert = _MKDOCS.match(line), _COLONS.match(line), _GITHUB_ALERT.match(line)
        if mkdocs:
            out.append(note_title(mkdocs.group("kind"), mkdocs.group("title")))
            body, asks, blank = True, out[-1].endswith("?"), None
        elif colons and colons.group("kind").lower() == "mermaid":
            out.append("```mermaid")
            diagram = True
        elif colons:
            title = note_title(colons.group("kind"), colons.group("t1") or colons.group("t2"))
            closing = not title
            out.append(heading_mark(PSEUDO_LEVEL) if closing and colons_ask else title)
            colons_ask = not closing and title.endswith("?")
        elif alert:
            out.append(alert.group(1) + note_title(alert.group("kind"), alert.group("title")))
        else:
            out.append(line)
    return out
