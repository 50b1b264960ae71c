"""What heads a part of a Markdown page besides its headings: the label of a tab or a toggle.

MkDocs Material writes tabs as '=== "macOS"' over an indented body, GitBook and Jekyll as
template tags ("{% tab title=\"macOS\" %}" … "{% endtab %}", and a note as "{% hint %}"), Hugo
as shortcodes ("{{< tab "macOS" >}}"), and Notion exports a toggle as a short bullet with its
content indented under it. Each label heads its part as a heading does (a pseudo-heading mark,
loaders.pseudo_headings), so "how do I restore on macOS?" can tell the parts apart; lines keep
their numbers.
"""

from __future__ import annotations

import re

from .hugo_shortcodes import inline_shortcodes, shortcode_line
from .markdown_notes import note_title
from .markdown_wiki import outside_code_spans
from .paragraphs import FENCE
from .pseudo_headings import PSEUDO_LEVEL, heading_mark

# MkDocs Material's content tabs: '=== "macOS"' (or '===+ "macOS"', open at first), the tab's
# body indented four spaces under it. The label heads the body, as an MDX tab's does.
_TAB = re.compile(r'^===\+?\s+"(?P<label>[^"]*)"\s*$')


def content_tabs(lines: list[str]) -> list[str]:
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


def toggle_bullets(lines: list[str]) -> list[str]:
    """A toggle's label heads its content, as a tab's does. A bullet ending in "." or ":" (a
    sentence and its explanation) or of more than ten words (a list item) is left as written."""
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


def template_tag(line: str) -> str:
    """GitBook's and Jekyll's tags: a hint reads as a note ("Warning:"), a tab's title heads
    what it holds and its end ends it; any other tag alone on its line (include, raw, if,
    code, embed) is no text. Hugo's shortcodes are read alike (loaders.hugo_shortcodes)."""
    if (shortcode := shortcode_line(line)) is not None:
        return shortcode
    tag = _TAG_LINE.match(line)
    if tag is None:
        return outside_code_spans(line, inline_shortcodes) if "{{" in line else line
    name, rest = tag.group("name").lower(), tag.group("rest")
    if name == "hint":
        style = _TAG_STYLE.search(rest)
        return note_title(style.group(1) if style else "note", None)
    if name == "tab":
        title = _TAG_TITLE.search(rest)
        return heading_mark(PSEUDO_LEVEL, title.group(1).strip()) if title else ""
    if name in ("endtab", "endtabs"):
        return heading_mark(PSEUDO_LEVEL)
    return ""


def content_refs(lines: list[str]) -> list[str]:
    """GitBook's "{% content-ref url=… %}" … "{% endcontent-ref %}" is a card linking another
    page (its body a bare link, "[vpn-setup.md](vpn-setup.md)"): navigation, no text."""
    out, inside = list(lines), False
    for n, line in enumerate(lines):
        tag = _TAG_LINE.match(line)
        name = tag.group("name").lower() if tag else ""
        if name == "content-ref" or inside:
            out[n] = ""
            inside = name != "endcontent-ref"
    return out
