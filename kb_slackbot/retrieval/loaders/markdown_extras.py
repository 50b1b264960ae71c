"""What Markdown dialects add to the text, read as a person reads the rendered page.

Docs sites and wiki exports write notes as admonitions (MkDocs "!!! warning", Docusaurus
":::tip", GitHub "> [!NOTE]"), hide comments ("<!-- TODO -->"), break table cells with "<br>",
show images, define links at the bottom ("[faq]: https://…"), leave out the pipes at a table's
line ends, and MDX pages hold components ("<Tabs>", "<TabItem label=\"macOS\">"). MkDocs
Material writes tabs as '=== "macOS"' over an indented body, GitBook and Jekyll write
template tags ("{% hint style=\"info\" %}", "{% tab title=\"macOS\" %}", "{% include … %}"),
Python-Markdown and PHP Markdown Extra add footnotes ("text[^1]" … "[^1]: note") and
abbreviations ("*[UTC]: …"), and wiki-style notes (Obsidian, Logseq, Foam) link with
"[[Page]]", embed with "![[file]]", comment with "%% … %%" and title callouts ("> [!tip]-
Title"). Read raw, a comment or a link definition is quoted as an answer and a note's body
loses its title. Every function keeps the number of lines (a line becomes blank or is
rewritten), so citations keep their line numbers; code blocks are left as written.
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
# "> [!NOTE]" (GitHub); Obsidian's callouts also take a title and a fold sign: "> [!tip]- Title"
_GITHUB_ALERT = re.compile(
    r"^(\s*>\s*)\[!(?P<kind>[\w-]+)\][+-]?(?:[ \t]+(?P<title>\S.*?))?\s*$", re.IGNORECASE
)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]|<img\b[^>]*>", re.IGNORECASE)
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*\S+(?:\s+[\"'(].*[\"')])?\s*$")
_REFERENCE_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\[[^\]]*\]")
_QUOTE = re.compile(r"^ {0,3}(?:> ?)+")


def read_extras(lines: list[str]) -> list[str]:
    """``lines`` with every extra above read as text (same number of lines)."""
    steps = (
        _comments,
        _content_tabs,
        _toggle_bullets,
        _admonitions,
        _outside_code(_mdx),
        _outside_code(_template_tag),
        _footnotes,
        _outside_code(_line),
        _outer_pipes,
    )
    for step in steps:
        lines = step(lines)
    return lines


# MkDocs Material's content tabs: '=== "macOS"' (or '===+ "macOS"', open at first), the tab's
# body indented four spaces under it. The label heads the body, as an MDX tab's does.
_TAB = re.compile(r'^===\+?\s+"(?P<label>[^"]*)"\s*$')


def _content_tabs(lines: list[str]) -> list[str]:
    """A tab's marker line becomes its label's heading and its body is dedented; the blank
    line before the first line after the tabs ends the label's section."""
    out, in_fence, in_tab, blank = list(lines), False, False, None
    for n, line in enumerate(lines):
        if in_tab and (line.startswith("    ") or line.startswith("\t") or not line.strip()):
            out[n] = line[4:] if line.startswith("    ") else line.lstrip("\t")
            blank = n if not line.strip() else blank
            continue
        if in_tab and blank is not None and not _TAB.match(line):
            out[blank] = heading_mark(PSEUDO_LEVEL)
        in_tab = False
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and (tab := _TAB.match(line)):
            out[n] = heading_mark(PSEUDO_LEVEL, tab.group("label").strip())
            in_tab, blank = True, None
    return out


# A toggle as Notion exports it to Markdown: a bullet that is a short label, a blank line, and
# the toggle's content indented under it ("- Mileage (own car)" / "" / "    Only for …").
_TOGGLE = re.compile(r"^ {0,3}[-*+] (?P<label>\S[^\n]{0,80}?)\s*$")


def _toggle_bullets(lines: list[str]) -> list[str]:
    """A toggle's label heads its content, as a tab's does (a label ending in "." or ":" is a
    sentence with its explanation, a list of ten words or more a list item, left as written)."""
    out, in_fence, n = list(lines), False, 0
    while n < len(lines):
        line = lines[n]
        if FENCE.match(line):
            in_fence = not in_fence
        toggle = None if in_fence else _TOGGLE.match(line)
        body = n + 2
        if (
            toggle is None
            or toggle.group("label").endswith((".", ":"))
            or len(toggle.group("label").split()) > 10
            or body >= len(lines)
            or lines[n + 1].strip()
            or not lines[body].startswith("    ")
        ):
            n += 1
            continue
        out[n] = heading_mark(PSEUDO_LEVEL, toggle.group("label"))
        end = body
        while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
            out[end] = lines[end][4:] if lines[end].startswith("    ") else ""
            end += 1
        last_blank = next((k for k in range(end - 1, body, -1) if not lines[k].strip()), None)
        if last_blank is not None:
            out[last_blank] = heading_mark(PSEUDO_LEVEL)  # the toggle's content ends
        n = end
    return out


# A line that is one template tag: "{% hint style="warning" %}", "{% endtab %}", "{%- if x -%}".
_TAG_LINE = re.compile(r"^\s*\{%-?\s*(?P<name>[\w-]+)(?P<rest>.*?)-?%\}\s*$")
_TAG_TITLE = re.compile(r"\b(?:title|label|name)\s*=\s*[\"']([^\"']+)")
_TAG_STYLE = re.compile(r"\bstyle\s*=\s*[\"']([^\"']+)")


def _template_tag(line: str) -> str:
    """GitBook's and Jekyll's tags: a hint reads as a note ("Warning:"), a tab's title heads
    what it holds and its end ends it; any other tag alone on its line (include, raw, if,
    code, embed) is no text."""
    tag = _TAG_LINE.match(line)
    if tag is None:
        return line
    name, rest = tag.group("name").lower(), tag.group("rest")
    if name == "hint":
        style = _TAG_STYLE.search(rest)
        return _title(style.group(1) if style else "note", None)
    if name == "tab":
        title = _TAG_TITLE.search(rest)
        return heading_mark(PSEUDO_LEVEL, title.group(1).strip()) if title else ""
    if name in ("endtab", "endtabs"):
        return heading_mark(PSEUDO_LEVEL)
    return ""


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


# Wiki-style notes (Obsidian, Logseq, Foam, Dendron): "[[Travel policy]]", "[[Per diems|the
# per diem table]]", "[[Travel policy#Hotels]]"; an embed "![[receipt.png]]"; "==highlight==";
# a block id at a line's end (" ^intro"). (A task's box, "- [ ] ", stays: it says the line is a
# to-do, not a fact — "Add the Valencia local holidays for 2027" read as one.)
_EMBED = re.compile(r"!\[\[[^\]\n]*\]\]")
_WIKILINK = re.compile(r"\[\[([^\]|#\n]*)(?:#([^\]|\n]*))?(?:\|([^\]\n]+))?\]\]")
_HIGHLIGHT = re.compile(r"(?<![\w=])==(?=\S)([^=\n]+?)(?<=\S)==(?![\w=])")
_BLOCK_ID = re.compile(r"\s\^(?=[\w-]*[A-Za-z])[\w-]{2,}\s*$")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _wiki_marks(text: str) -> str:
    text = _WIKILINK.sub(_wikilink, _EMBED.sub("", text)) if "[[" in text else text
    return _HIGHLIGHT.sub(r"\1", text) if "==" in text else text


def _outside_inline_code(line: str, rewrite: Callable[[str], str]) -> str:
    """``line`` rewritten outside its code spans (a shell test "`[[ -f x ]]`" stays)."""
    out, start = [], 0
    for code in _INLINE_CODE.finditer(line):
        out += [rewrite(line[start : code.start()]), code.group(0)]
        start = code.end()
    return "".join([*out, rewrite(line[start:])])


def _wikilink(match: re.Match[str]) -> str:
    """A wiki link's shown text: its alias, else the page (and section) it names."""
    page, section, alias = match.group(1).strip(), (match.group(2) or "").strip(), match.group(3)
    if alias:
        return alias.strip()
    return f"{page} › {section}" if page and section else page or section


# Notion writes a callout as an HTML <aside> around Markdown: the tags are no text.
_ASIDE_TAG = re.compile(r"^\s*</?aside\b[^>]*>\s*$", re.IGNORECASE)


def _line(line: str) -> str:
    """One line's inline extras: a quote's ">" (a note: its text is the page's), a "<br>"
    (" / " in a table row, whose cells must stay on one line; a space in prose), an image
    (left out), a reference link (its text), a link definition (left out); a wiki link (its
    text), an embed (left out), a highlight (its text), a block id (left out)."""
    if _LINK_DEFINITION.match(line) or _ASIDE_TAG.match(line):
        return ""
    if "[[" in line or "==" in line:
        line = _outside_inline_code(line, _wiki_marks)
    line = _BLOCK_ID.sub("", line)
    line = _QUOTE.sub("", line)
    if "<" in line:
        line = _BREAK.sub(" / " if line.lstrip().startswith("|") else " ", line)
    if "[" in line or "<img" in line.lower():
        line = _REFERENCE_LINK.sub(r"\1", _IMAGE.sub("", line))
    return line


def _comments(lines: list[str]) -> list[str]:
    """HTML comments ("<!-- … -->") and Obsidian's ("%% … %%") blanked, also across lines,
    outside code."""
    for opening, closing, pattern in (("<!--", "-->", _COMMENT), ("%%", "%%", _WIKI_COMMENT)):
        lines = _blanked(lines, opening, closing, pattern)
    return lines


_WIKI_COMMENT = re.compile(r"%%.*?%%", re.DOTALL)


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


def _title(kind: str, title: str | None) -> str:
    """An admonition's first line: its title, else its kind ("Warning:")."""
    if title is not None and title.strip():
        title = title.strip().rstrip(":")
        return title if title.endswith(("?", "!")) else f"{title}:"  # a question stays one
    return f"{kind.replace('-', ' ').capitalize()}:" if kind else ""


def _admonitions(lines: list[str]) -> list[str]:
    """An admonition's marker line becomes its title ("Before you start:"), its body the
    paragraph under it (MkDocs' indented body dedented), a closing ":::" blank; a GitHub alert
    keeps its quote, its "[!NOTE]" read as "Note:"."""
    out, in_fence, body = [], False, False
    asks, blank = False, None  # the title is a question: it heads the body (a FAQ's does)
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or FENCE.match(line):
            out.append(line)
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
            out.append(_title(mkdocs.group("kind"), mkdocs.group("title")))
            body, asks, blank = True, out[-1].endswith("?"), None
        elif colons:
            out.append(_title(colons.group("kind"), colons.group("t1") or colons.group("t2")))
        elif alert:
            out.append(alert.group(1) + _title(alert.group("kind"), alert.group("title")))
        else:
            out.append(line)
    return out
