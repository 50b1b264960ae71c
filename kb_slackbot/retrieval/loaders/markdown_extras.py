"""What Markdown dialects add to the text, read as a person reads the rendered page.

Docs sites and wiki exports hide comments ("<!-- TODO -->", Obsidian's "%% … %%"), break table
cells with "<br>", show images, define links at the bottom ("[faq]: https://…"), leave out the
pipes at a table's line ends, hold MDX components ("<Tabs>", "<TabItem label=\"macOS\">") and
template tags ("{% include … %}"), add footnotes ("text[^1]" … "[^1]: note") and
abbreviations ("*[UTC]: …"), and wrap Notion callouts in "<aside>". Read raw, a comment or a
link definition is quoted as an answer. The notes (admonitions, alerts, callouts) are read in
markdown_notes, the labels of tabs and toggles in markdown_sections, wiki links and highlights
in markdown_wiki. Every step keeps the number of lines (a line becomes blank or is
rewritten), so citations keep their line numbers; code blocks are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .markdown_html import inline_html
from .markdown_notes import admonitions
from .markdown_readme import readme_blocks, readme_callouts
from .markdown_sections import content_refs, content_tabs, template_tag, toggle_bullets
from .markdown_wiki import outside_code_spans, wiki_text
from .paragraphs import DELIMITER_ROW, FENCE
from .pseudo_headings import PSEUDO_LEVEL, heading_mark

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]|<img\b[^>]*>", re.IGNORECASE)
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*\S+(?:\s+[\"'(].*[\"')])?\s*$")
_REFERENCE_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\[[^\]]*\]")
_EMPTY_LINK = re.compile(r"\[\s*\](?:\([^)]*\)|\[[^\]]*\])")
_QUOTE = re.compile(r"^ {0,3}(?:> ?)+")


def read_extras(lines: list[str]) -> list[str]:
    """``lines`` with every extra above read as text (same number of lines)."""
    steps = (
        _comments,
        _outside_code(_macro_line),
        readme_blocks,
        readme_callouts,
        content_tabs,
        toggle_bullets,
        admonitions,
        _outside_code(_mdx),
        content_refs,
        _outside_code(template_tag),
        _footnotes,
        _outside_code(_line),
        _outer_pipes,
    )
    for step in steps:
        lines = step(lines)
    return lines


# A line that stands for generated content, no text of its own: a table of contents macro
# ("[TOC]" in Python-Markdown and MkDocs, "[[_TOC_]]" in GitLab and Azure DevOps wikis, its
# sub-page list "[[_TOSP_]]", "[[toc]]" in VuePress, "${toc}", kramdown's "{:toc}" under
# "* TOC"), or MkDocs' snippet include ('--8<-- "includes/abbreviations.md"').
_MACRO = re.compile(
    r"^\s*(?:\[\[?_?(?:toc|tosp)_?\]\]?|\$\{toc\}|\{:toc\}|[*-]\s+toc(?:\s*\{:toc\})?|"
    r"-{1,2}8<-{1,2}(?:\s+(?:\"[^\"]*\"|'[^']*'|\S+))?)\s*$",
    re.IGNORECASE,
)


def _macro_line(line: str) -> str:
    return "" if _MACRO.match(line) else line


# Footnotes: "text[^1]" and, below, "[^1]: the note"; abbreviations: "*[UTC]: Coordinated …".
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]+\](?!:)")
_FOOTNOTE_DEF = re.compile(r"^ {0,3}\[\^[^\]\s]+\]:\s*")
_ABBREVIATION = re.compile(r"^ {0,3}\*\[[^\]]+\]:")


def _footnotes(lines: list[str]) -> list[str]:
    """A footnote's note is read where it is written, without its marker; an abbreviation's
    definition is no text. (A definition list, "Term" over ":   definition", already reads
    "Term : definition" once its lines are joined.)"""
    out, in_fence = list(lines), False
    for n, line in enumerate(lines):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or FENCE.match(line):
            continue
        out[n] = (
            "" if _ABBREVIATION.match(line) else _FOOTNOTE_REF.sub("", _FOOTNOTE_DEF.sub("", line))
        )
    return out


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
            and bool(DELIMITER_ROW.match(lines[n + 1]))
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


# A backslash escape (Navan\. / \[FAQ\] / 1\. Book early), as Google Docs' and other exporters
# write every punctuation mark that could be markup: the page shows the mark alone. A table
# cell's \| stays (it is no cell border), and so does a line's opening \# or \> (without the
# backslash it would be a heading or a quote).
_ESCAPE = re.compile(r"\\([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{}~])")
_KEPT_AT_START = re.compile(r"^(\s*)\\([#>])")


def _unescaped(text: str) -> str:
    kept = _KEPT_AT_START.match(text)
    head, text = (text[: kept.end()], text[kept.end() :]) if kept else ("", text)
    return head + _ESCAPE.sub(r"\1", text)


# Notion writes a callout as an HTML <aside> around Markdown: the tags are no text.
_ASIDE_TAG = re.compile(r"^\s*</?aside\b[^>]*>\s*$", re.IGNORECASE)


def _line(line: str) -> str:
    """One line's inline extras: a quote's ">" (a note: its text is the page's), a "<br>"
    (" / " in a table row, whose cells must stay on one line; a space in prose), an image
    (left out, and a linked image's empty link with it: a README's badges), a reference link
    (its text), a link definition (left out); a wiki link (its text), an embed (left out), a
    highlight (its text), a block id (left out); inline HTML (as the Markdown it stands for:
    loaders.markdown_html); a backslash escape (the mark alone)."""
    if _LINK_DEFINITION.match(line) or _ASIDE_TAG.match(line) or _ATTRIBUTES_LINE.match(line):
        return ""
    line = _ATTRIBUTES_END.sub("", wiki_text(line))
    line = _QUOTE.sub("", line)
    if "<" in line:
        line = _BREAK.sub(" / " if line.lstrip().startswith("|") else " ", line)
    if "[" in line or "<img" in line.lower():
        # (a linked image, a README's badge "[![Build](…)](…)", leaves a link with no text)
        line = _EMPTY_LINK.sub("", _REFERENCE_LINK.sub(r"\1", _IMAGE.sub("", line)))
    if "<" in line:
        line = outside_code_spans(line, inline_html)
    if "\\" in line:
        line = outside_code_spans(line, _unescaped)
    return line


# An attribute list (Wiki.js, kramdown, Pandoc): a line of its own under a quote or paragraph
# ("{.is-warning}", "{: .note}"), or at a heading's end ("# Tabs {.tabset}", "## Setup {#setup}").
_ATTRIBUTES_LINE = re.compile(r"^\s*\{:?\s*[.#][\w-]+(?:\s+[.#:]?[\w-]+(?:=\S+)?)*\s*\}\s*$")
_ATTRIBUTES_END = re.compile(r"(?<=\S)\s+\{:?\s*[.#][\w-]+(?:\s+[.#][\w-]+)*\s*\}\s*$")


def _comments(lines: list[str]) -> list[str]:
    """HTML comments ("<!-- … -->"), Obsidian's ("%% … %%") and MDX's ("{/* … */}") blanked,
    also across lines, outside code."""
    for opening, closing, pattern in (
        ("<!--", "-->", _COMMENT),
        ("%%", "%%", _WIKI_COMMENT),
        ("{/*", "*/}", _MDX_COMMENT),
    ):
        lines = _blanked(lines, opening, closing, pattern)
    return lines


_WIKI_COMMENT = re.compile(r"%%.*?%%", re.DOTALL)
_MDX_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.DOTALL)


def _blanked(lines: list[str], opening: str, closing: str, pattern: re.Pattern) -> list[str]:
    out = list(lines)
    n, in_fence = 0, False
    while n < len(out):
        if FENCE.match(out[n]):
            in_fence = not in_fence
        elif not in_fence and opening in out[n] and "`" not in out[n]:
            # (a line with code spans may hold "%%" as code: "`printf '%%s'`")
            after = out[n].index(opening) + len(opening)
            ends = (k for k in range(n, len(out)) if closing in out[k][after if k == n else 0 :])
            end = next(ends, None)
            if end is None:
                break
            joined = pattern.sub(
                lambda m: "\n" * m.group(0).count("\n"), "\n".join(out[n : end + 1])
            )
            out[n : end + 1] = joined.split("\n")
            n = end
        n += 1
    return out
