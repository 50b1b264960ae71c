"""Org mode pages (.org: Emacs notes, handbooks kept in Org), read as Markdown.

Org writes "#+TITLE:" and other keyword lines, "* Heading" outlines (with TODO keywords,
priorities and ":tags:"), property drawers (":PROPERTIES:" … ":END:") and planning lines
("SCHEDULED: <…>"), tables with "|---+---|" rules, "#+BEGIN_SRC bash" … "#+END_SRC" code,
"#+BEGIN_NOTE" notes, "- term :: definition" lists, "=verbatim=" and "~code~", "*bold*" and
"[[url][links]]". Read as plain text, a drawer's ids were quoted and a table's rules were
text; as Markdown, each is read as on every other page.
"""

from __future__ import annotations

import re

from ..documents import Document
from .markdown import load_markdown
from .source import SourceFile, decode_text

_KEYWORD = re.compile(r"^\s*#\+(\w+):\s*(.*)$")
_HEADLINE = re.compile(
    r"^(\*+)\s+(?:(?:TODO|DONE|NEXT|WAITING|CANCELED|CANCELLED)\s+)?(?:\[#\w\]\s+)?(.*?)"
    r"(?:\s+:[\w@#%:]+:)?\s*$"
)
_BEGIN = re.compile(r"^\s*#\+begin_(\w+)\s*(\S*)", re.IGNORECASE)
_END = re.compile(r"^\s*#\+end_(\w+)", re.IGNORECASE)
_DRAWER = re.compile(r"^\s*:(\w+):\s*$")
_PLANNING = re.compile(r"^\s*(?:(?:SCHEDULED|DEADLINE|CLOSED):\s*[<\[][^>\]]*[>\]]\s*)+$")
_RULE = re.compile(r"^\s*\|-[-+|]*\s*$")
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_DEFINITION = re.compile(r"^(\s*[-+]\s+)(.+?)\s+::\s+(.*)$")
_LABELLED = {"note": "Note", "tip": "Tip", "warning": "Warning", "important": "Important"}


def load_org(source: SourceFile, raw: bytes) -> Document:
    return load_markdown(source, org_markdown(decode_text(raw)).encode("utf-8"))


def org_markdown(text: str) -> str:
    """``text`` (Org) as Markdown."""
    lines = text.replace("\r\n", "\n").split("\n")
    titled = any((k := _KEYWORD.match(line)) and k.group(1).lower() == "title" for line in lines)
    out: list[str] = []
    block, lead, drawer, table_rows = "", "", False, 0
    for line in lines:
        if block:  # inside "#+BEGIN_…": code as written, a note's text as text
            end = _END.match(line)
            if end and end.group(1).lower() == block:
                out.append("```" if block in ("src", "example") else "")
                block = ""
            elif block in ("src", "example"):
                out.append(line)
            elif line.strip():
                out.append(f"{lead}: {_inline(line.strip())}" if lead else _inline(line.strip()))
                lead = ""
            continue
        if drawer:
            drawer = line.strip().upper() != ":END:"
            continue
        if (begin := _BEGIN.match(line)) is not None:
            block = begin.group(1).lower()
            language = begin.group(2) if block == "src" else ""
            lead = _LABELLED.get(block, "")
            out += ["", f"```{language}"] if block in ("src", "example") else [""]
            continue
        if (keyword := _KEYWORD.match(line)) is not None:
            if keyword.group(1).lower() == "title":
                out += [f"# {_inline(keyword.group(2).strip())}", ""]
            continue
        if _DRAWER.match(line) and line.strip().upper() != ":END:":
            drawer = True  # :PROPERTIES:, :LOGBOOK: … :END:
            continue
        if _PLANNING.match(line) or re.match(r"^\s*# ", line) or line.strip() == "#":
            continue  # planning lines and comments
        if _ROW.match(line) or _RULE.match(line):
            if _RULE.match(line):
                if table_rows == 1:  # the rule under the first row: a header
                    width = out[-1].count("|") - 1
                    out.append("|" + " --- |" * max(width, 1))
                continue
            if table_rows == 0:
                out.append("")
            out.append(_inline(line.strip()))
            table_rows += 1
            continue
        table_rows = 0
        if (headline := _HEADLINE.match(line)) is not None:
            level = min(len(headline.group(1)) + (1 if titled else 0), 6)
            out += ["", f"{'#' * level} {_inline(headline.group(2))}", ""]
        elif (definition := _DEFINITION.match(line)) is not None:
            term, text = definition.group(2), definition.group(3)
            out.append(f"{definition.group(1)}{_inline(term)}: {_inline(text)}")
        else:
            out.append(_inline(line.rstrip()))
    return _headed_tables("\n".join(out)).strip() + "\n"


def _headed_tables(text: str) -> str:
    """A table without a rule under its first row still needs a header row for Markdown."""
    lines, out = text.split("\n"), []
    for n, line in enumerate(lines):
        out.append(line)
        starts = _ROW.match(line) and (n == 0 or not _ROW.match(lines[n - 1]))
        if starts and not (n + 1 < len(lines) and lines[n + 1].startswith("| ---")):
            out.append("|" + " --- |" * (line.strip().count("|") - 1))
    return "\n".join(out)


def _inline(text: str) -> str:
    """Org's inline markup as Markdown's."""
    text = re.sub(r"\[\[([^\]]+)\]\[([^\]]+)\]\]", r"[\2](\1)", text)  # [[url][text]]
    text = re.sub(r"\[\[([^\]]+)\]\]", r"\1", text)
    text = re.sub(r"(?<![\w=~])[=~]([^\s=~](?:[^=~]*[^\s=~])?)[=~](?![\w=~])", r"`\1`", text)
    return re.sub(r"(?<![\w*])\*([^\s*](?:[^*]*[^\s*])?)\*(?![\w*])", r"**\1**", text)
