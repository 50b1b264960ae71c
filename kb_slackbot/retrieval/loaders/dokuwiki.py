"""A DokuWiki page's source (the .txt files under data/pages/) as Markdown.

A DokuWiki is kept as text files in its own markup: "====== Title ======" headings (six
signs: the top level), tables of "^ header ^" and "| cell |" rows (":::" continues the cell
above, an empty cell "||" the one to its left), lists indented by two spaces ("  * ", "  - "),
"<code bash>…</code>" and "<file>…</file>" blocks, "<note warning>" and "<WRAP>" boxes,
"//italic//", "''mono''", "[[ns:page|links]]", "\\\\" line breaks, "{{tag>…}}" and "~~NOTOC~~".
Read as plain text, its tables were rows of slashes and its headings lines of "=" signs; as
Markdown, they are read as every other page's.
"""

from __future__ import annotations

import re

from .html_tables import grid_markdown

_HEADING = re.compile(r"^\s*(={2,6})\s*([^=\s].*?)\s*={2,6}\s*$")
_ROW = re.compile(r"^\s*[\^|].*[\^|]\s*$")
_ITEM = re.compile(r"^( {2,}|\t+)([*-])\s+(.*)$")
_BOX_OPEN = re.compile(r"<(note|wrap)\b([^>]*)>", re.IGNORECASE)
_BOX_CLOSE = re.compile(r"</(note|wrap)>", re.IGNORECASE)
_CODE_OPEN = re.compile(r"<(code|file)\b([^>]*)>", re.IGNORECASE)
# Markers only DokuWiki writes: a table header row, its boxes, code and tag syntax.
_SIGNS = re.compile(
    r"^\s*\^.*\^\s*$|<code\b|<file\b|<note\b|<WRAP\b|~~NOTOC~~|\{\{tag>|\\\\\s*$", re.M
)
_BOX_KINDS = {"warning": "Warning", "important": "Important", "tip": "Tip", "info": "Note"}


def is_dokuwiki(text: str) -> bool:
    """The text is DokuWiki markup: its headings are written with signs, four or more for
    the top ones (MediaWiki's wikitext uses one to three), or with its own markers."""
    runs = [len(m.group(1)) for m in map(_HEADING.match, text.split("\n")) if m]
    return bool(runs) and (max(runs) >= 4 or _SIGNS.search(text) is not None)


def dokuwiki_markdown(text: str) -> str:
    """``text`` (DokuWiki markup) as Markdown, line by line."""
    page = _Page()
    for raw in text.replace("\r\n", "\n").split("\n"):
        page.read(raw.rstrip())
    return page.markdown()


class _Page:
    """The Markdown written so far, and what is open: a table, a code block, a box, lists."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.table: list[str] = []
        self.counters: dict[int, int] = {}  # a numbered list's count at each depth
        self.fence = ""  # the open code block's closing tag ("</code>"), if any
        self.lead = ""  # a box's kind, put before its first line of text ("Warning: …")

    def read(self, line: str) -> None:
        if self.fence:
            end = line.lower().find(self.fence)
            if end < 0:
                self.out.append(line)
                return
            if line[:end].strip():
                self.out.append(line[:end])
            self.out.append("```")
            self.fence, line = "", line[end + len(self.fence) :]
            if not line.strip():
                return
        if self.table and not _ROW.match(line):
            self.out += _table(self.table)
            self.table = []
        if _ROW.match(line):
            self.table.append(line)
        elif code := _CODE_OPEN.search(line):
            if line[: code.start()].strip():
                self.read(line[: code.start()])  # the step that introduces it
            kind, options = code.group(1).lower(), code.group(2).split()
            self.out.append(f"```{options[0] if options and kind == 'code' else ''}")
            self.fence = f"</{kind}>"
            if line[code.end() :].strip():
                self.read(line[code.end() :])
        else:
            self._line(line)

    def _line(self, line: str) -> None:
        if box := _BOX_OPEN.search(line):
            kinds = box.group(2).lower().split()
            self.lead = next((_BOX_KINDS[k] for k in kinds if k in _BOX_KINDS), "")
            line = _BOX_OPEN.sub("", line)
        line = _BOX_CLOSE.sub("", line)
        if heading := _HEADING.match(line):
            level = 7 - len(heading.group(1))
            self.out += ["", f"{'#' * level} {_inline(heading.group(2))}", ""]
            self.counters.clear()
        elif item := _ITEM.match(line):
            depth = max(len(item.group(1).expandtabs(2)) // 2 - 1, 0)
            for deeper in [d for d in self.counters if d > depth]:
                del self.counters[deeper]
            mark = "-"
            if item.group(2) == "-":
                self.counters[depth] = self.counters.get(depth, 0) + 1
                mark = f"{self.counters[depth]}."
            self.out.append(f"{'   ' * depth}{mark} {_inline(item.group(3))}")
        elif not line.strip():
            self.counters.clear()
            self.out.append("")
        else:
            text = _inline(line)
            if self.lead and text.strip():
                text, self.lead = f"{self.lead}: {text}", ""
            self.out.append(text)

    def markdown(self) -> str:
        if self.table:
            self.out += _table(self.table)
        if self.fence:
            self.out.append("```")
        return re.sub(r"\n{3,}", "\n\n", "\n".join(self.out)).strip() + "\n"


def _inline(text: str) -> str:
    """DokuWiki's inline markup as Markdown's, or as plain words."""
    text = re.sub(r"~~NOTOC~~|~~NOCACHE~~|\{\{tag>[^}]*\}\}", "", text)
    text = re.sub(r"\{\{[^}]*\}\}", "", text)  # an image or a media file
    text = re.sub(r"\[\[[^|\]]*\|([^\]]*)\]\]", r"\1", text)  # [[ns:page|its name]]
    text = re.sub(r"\[\[([^\]]*)\]\]", lambda m: m.group(1).split(":")[-1], text)
    text = re.sub(r"(?<!:)//(.+?)(?<!:)//", r"*\1*", text)  # //italic// (not http://)
    text = re.sub(r"''(.+?)''", r"`\1`", text)  # ''monospace''
    text = re.sub(r"__(.+?)__", r"\1", text)  # __underlined__
    return re.sub(r"\s*\\\\\s*$", "  ", text)  # a forced line break


def _table(rows: list[str]) -> list[str]:
    """DokuWiki table rows as a Markdown table (its first row the header): ":::" takes the
    cell above, an empty cell ("||") the one to its left."""
    grid: list[list[str]] = []
    for row in rows:
        cells = re.split(r"[\^|]", _inline(row).strip())[1:-1]
        line: list[str] = []
        for c, cell in enumerate(cells):
            if cell == "" and line:  # spans from the left
                line.append(line[-1])
            elif cell.strip() == ":::" and grid and c < len(grid[-1]):
                line.append(grid[-1][c])
            else:
                line.append(cell.strip())
        grid.append(line)
    width = max(len(row) for row in grid)
    grid = [row + [""] * (width - len(row)) for row in grid]
    return ["", *grid_markdown(grid).split("\n"), ""]
