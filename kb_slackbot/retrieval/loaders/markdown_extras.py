"""What Markdown dialects add to the text, read as a person reads the rendered page.

Docs sites and wiki exports write notes as admonitions (MkDocs "!!! warning", Docusaurus
":::tip", GitHub "> [!NOTE]"), hide comments ("<!-- TODO -->"), break table cells with "<br>",
show images, define links at the bottom ("[faq]: https://…"), leave out the pipes at a table's
line ends, and MDX pages hold components ("<Tabs>", "<TabItem label=\"macOS\">"). Read raw, a
comment or a link definition is quoted as an answer and a note's body loses its title. Every
function keeps the number of lines (a line becomes blank or is rewritten), so citations keep
their line numbers; code blocks are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .paragraphs import FENCE
from .pseudo_headings import PSEUDO_LEVEL, heading_mark

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# "!!! warning "Before you start"" / "??? note" (MkDocs, Python-Markdown), body indented below
_MKDOCS = re.compile(r'^\s*(?:!!!|\?\?\?\+?)\s*(?P<kind>[\w-]+)(?:\s+"(?P<title>[^"]*)")?\s*$')
# ":::tip", ":::note Title", ":::warning[Title]" … ":::" (Docusaurus, VuePress)
_COLONS = re.compile(r"^\s*:::+\s*(?P<kind>[\w-]*)\s*(?:\[(?P<t1>[^\]]*)\]|(?P<t2>.*?))\s*$")
_GITHUB_ALERT = re.compile(r"^(\s*>\s*)\[!(?P<kind>\w+)\]\s*$", re.IGNORECASE)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]|<img\b[^>]*>", re.IGNORECASE)
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*\S+(?:\s+[\"'(].*[\"')])?\s*$")
_REFERENCE_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\[[^\]]*\]")
_QUOTE = re.compile(r"^ {0,3}(?:> ?)+")


def read_extras(lines: list[str]) -> list[str]:
    """``lines`` with every extra above read as text (same number of lines)."""
    for step in (_comments, _admonitions, _outside_code(_mdx), _outside_code(_line), _outer_pipes):
        lines = step(lines)
    return lines


# MDX (Docusaurus): module lines, and lines that are only a component's tag ("<Tabs>",
# "</TabItem>"); a tab's label heads what it holds, as a toggle's summary does.
_MODULE_LINE = re.compile(
    r"^\s*(?:import\s.+\sfrom\s+['\"].+['\"]|import\s+['\"].+['\"]|"
    r"export\s+(?:default|const|let|var|function|class)\b)"
)
_COMPONENT_LINE = re.compile(r"^\s*</?[A-Z][\w.]*(?:\s[^<>]*)?/?>\s*$")
_LABEL = re.compile(r"\b(?:label|title)\s*=\s*[\"{']+([^\"'}]+)")


def _mdx(line: str) -> str:
    if _MODULE_LINE.match(line):
        return ""
    if not _COMPONENT_LINE.match(line):
        return line
    if line.lstrip().startswith("</"):  # the tab (or box) ends: so does what it headed
        return heading_mark(PSEUDO_LEVEL)
    label = _LABEL.search(line)
    return heading_mark(PSEUDO_LEVEL, label.group(1).strip()) if label else ""


# GitHub tables may leave out the pipes at the ends of their lines ("City | Limit" over
# "--- | ---:"); with them added, every reader of Markdown tables sees a table.
_DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


def _outer_pipes(lines: list[str]) -> list[str]:
    out, in_fence, in_table = list(lines), False, False
    for n, line in enumerate(lines):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        starts = (
            "|" in line
            and n + 1 < len(lines)
            and bool(_DELIMITER_ROW.match(lines[n + 1]))
            and line.count("|") >= lines[n + 1].strip().strip("|").count("|")
        )
        in_table = (in_table and "|" in line and bool(line.strip())) or starts
        cells = line.strip()
        if in_table and not (cells.startswith("|") and cells.endswith("|")):
            indent = line[: len(line) - len(line.lstrip())]
            out[n] = indent + ("" if cells.startswith("|") else "| ") + cells
            out[n] += "" if cells.endswith("|") else " |"
    return out


_INLINE_MARKS = (
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),  # a link: its text
    (re.compile(r"(\*\*|__)(.+?)\1"), r"\2"),  # bold
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),  # italics
    (re.compile(r"`([^`]+)`"), r"\1"),  # code
)


def plain_inline(text: str) -> str:
    """A heading's text without its inline markup ("**Limits** per `city`" → "Limits per
    city"): headings are shown in citations."""
    for pattern, replacement in _INLINE_MARKS:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def _outside_code(rewrite: Callable[[str], str]) -> Callable[[list[str]], list[str]]:
    def apply(lines: list[str]) -> list[str]:
        out, in_fence = [], False
        for line in lines:
            if FENCE.match(line):
                in_fence = not in_fence
            elif not in_fence:
                line = rewrite(line)
            out.append(line)
        return out

    return apply


def _line(line: str) -> str:
    """One line's inline extras: a quote's ">" (a note: its text is the page's), a "<br>"
    (" / " in a table row, whose cells must stay on one line; a space in prose), an image
    (left out), a reference link (its text), a link definition (left out)."""
    if _LINK_DEFINITION.match(line):
        return ""
    line = _QUOTE.sub("", line)
    if "<" in line:
        line = _BREAK.sub(" / " if line.lstrip().startswith("|") else " ", line)
    if "[" in line or "<img" in line.lower():
        line = _REFERENCE_LINK.sub(r"\1", _IMAGE.sub("", line))
    return line


def _comments(lines: list[str]) -> list[str]:
    """HTML comments blanked, also across lines, outside code."""
    out = list(lines)
    n, in_fence = 0, False
    while n < len(out):
        if FENCE.match(out[n]):
            in_fence = not in_fence
        elif not in_fence and "<!--" in out[n]:
            end = next((k for k in range(n, len(out)) if "-->" in out[k]), None)
            if end is None:
                break
            joined = _COMMENT.sub(
                lambda m: "\n" * m.group(0).count("\n"), "\n".join(out[n : end + 1])
            )
            out[n : end + 1] = joined.split("\n")
            n = end
        n += 1
    return out


def _title(kind: str, title: str | None) -> str:
    """An admonition's first line: its title, else its kind ("Warning:")."""
    if title is not None and title.strip():
        return title.strip().rstrip(":") + ":"
    return f"{kind.replace('-', ' ').capitalize()}:" if kind else ""


def _admonitions(lines: list[str]) -> list[str]:
    """An admonition's marker line becomes its title ("Before you start:"), its body the
    paragraph under it (MkDocs' indented body dedented), a closing ":::" blank; a GitHub alert
    keeps its quote, its "[!NOTE]" read as "Note:"."""
    out, in_fence, body = [], False, False
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or FENCE.match(line):
            out.append(line)
            continue
        if body and (line.startswith("    ") or line.startswith("\t") or not line.strip()):
            out.append(line.strip() and line[4:] if line.startswith("    ") else line.strip())
            continue
        body = False
        mkdocs, colons, alert = _MKDOCS.match(line), _COLONS.match(line), _GITHUB_ALERT.match(line)
        if mkdocs:
            out.append(_title(mkdocs.group("kind"), mkdocs.group("title")))
            body = True
        elif colons:
            out.append(_title(colons.group("kind"), colons.group("t1") or colons.group("t2")))
        elif alert:
            out.append(alert.group(1) + _title(alert.group("kind"), None))
        else:
            out.append(line)
    return out
