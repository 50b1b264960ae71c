"""Rich-text files (.rtf: WordPad, TextEdit, memos saved by older tools), read as Markdown.

striprtf turns the control words into text: each paragraph a line, each table row a line of
cells ended by "|". The paragraphs are read as paragraphs, a paragraph set wholly in bold as
a heading, list items as items, and the rows of a table as a Markdown table (its first row the
header), so a row is read with its header cells as a Word table's is. The file's Title
property titles it. Fonts, colours and pictures are not text.
"""

from __future__ import annotations

import re

from striprtf.striprtf import rtf_to_text

from ..documents import Document
from .html_tables import grid_markdown
from .markdown import load_markdown
from .source import LoadError, SourceFile

_RTF = b"{\\rtf"
_ROW = re.compile(r"^.*\|\s*$")  # "Driver|£120|£900|"
_ITEM = re.compile(r"^(?:\d+\.|-)\s")
# A paragraph set wholly in bold ("\pard\b Receipts\b0\par"): a heading, as in Word
_CONTROLS = r"(?:\\[a-z]+-?\d*\s?)*"
_BOLD_PARAGRAPH = re.compile(
    rf"(\\pard?(?![a-z]){_CONTROLS})\\b(?![a-z0-9])({_CONTROLS}\s?)([^\\{{}}\n]+?)"
    rf"({_CONTROLS}\\b0(?![a-z0-9]){_CONTROLS}\\par(?![a-z]))"
)
# A list item's label, which Word writes apart for readers without lists ("{\pntext\f0 1.\tab}",
# "{\listtext\'b7\tab}"): a number stays a numbered item, anything else is a bullet
_LIST_LABEL = re.compile(r"\{\\(?:pntext|listtext)\b(?:\\f\d+\s?)?([^{}]*?)(?:\\tab\s?)?\}")
_TITLE = re.compile(r"\{\\info\b.*?\{\\title ([^{}\\]*)\}", re.DOTALL)  # the file's Title property


def load_rtf(source: SourceFile, raw: bytes) -> Document:
    if not raw.lstrip().startswith(_RTF):
        raise LoadError("not a rich-text file (no {\\rtf header); save it again as .rtf or .docx")
    try:
        rtf = _BOLD_PARAGRAPH.sub(r"\1\\b\2**\3**\4", raw.decode("latin-1"))
        rtf = _LIST_LABEL.sub(_list_label, rtf)
        text = rtf_to_text(rtf, errors="replace")
    except Exception as exc:  # the converter's own errors on a damaged file
        raise LoadError(f"unreadable rich-text file ({exc})") from exc
    title = _TITLE.search(raw.decode("latin-1"))
    heading = (
        f"# {' '.join(title.group(1).split())}\n\n" if title and title.group(1).strip() else ""
    )
    return load_markdown(source, (heading + rtf_markdown(text)).encode("utf-8"))


def rtf_markdown(text: str) -> str:
    """striprtf's text as Markdown: paragraphs apart, table rows as a table."""
    out: list[str] = []
    table: list[list[str]] = []
    for line in [*text.replace("\r\n", "\n").split("\n"), ""]:
        if _ROW.match(line) and line.strip() != "|":
            table.append([_escape(cell.strip()) for cell in line.rstrip().rstrip("|").split("|")])
            continue
        if table:
            width = max(len(row) for row in table)
            rows = [row + [""] * (width - len(row)) for row in table]
            out += ["", *grid_markdown(rows).split("\n"), ""]
            table = []
        if line.strip():
            item = _ITEM.match(line.strip())
            if item and out and not out[-1] and _ITEM.match(out[-2] if len(out) > 1 else ""):
                out.pop()  # the items of one list stay together
            out += [_escape(line.strip()), ""]
    return "\n".join(out).strip() + "\n"


def _escape(text: str) -> str:
    """A paragraph that Markdown would read as a heading or a quote stays text ("# 3 on the
    list"); one typed as a list item ("1. Open the app") is one."""
    return re.sub(r"^([#>])", r"\\\1", text)


def _list_label(match: re.Match[str]) -> str:
    number = re.fullmatch(r"\s*(\d+)[.)]\s*", match.group(1))
    # in a group of its own: written after "\pard", a "1" would be the control word's number
    return "{" + (f"{number.group(1)}. " if number else "- ") + "}"
