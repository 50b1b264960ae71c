"""Inline HTML in a Markdown page, read as the Markdown it stands for.

GitHub READMEs and wikis, GitLab and Azure DevOps wikis write keys and emphasis as HTML inside
Markdown ("Press <kbd>Ctrl</kbd>+<kbd>L</kbd>", "the limit is <b>€25</b>", "<p
align="center">…</p>"). Read raw, the tags were quoted in answers. A key or code element is a
code span, a link a Markdown link, a superscript number a superscript ("m<sup>2</sup>" is
"m²"), and the tags of emphasis and boxes go, their text staying. Only these tag names are
read: "<your-username>" in a command stays as written, and tables, toggles and line breaks are
read by the steps that know them (loaders.markdown_extras, html_tables, pseudo_headings).
"""

from __future__ import annotations

import re

from .html_nodes import INLINE_CODE, code_span

# (the inline code elements an HTML page's reader makes code spans too: html_nodes)
_CODE = re.compile(rf"<({'|'.join(INLINE_CODE)})\b[^>]*>(.*?)</\1\s*>", re.IGNORECASE)
_LINK = re.compile(r"<a\b([^>]*)>(.*?)</a\s*>", re.IGNORECASE)
_HREF = re.compile(r"""\bhref\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_SUPERSCRIPT = re.compile(r"<sup\b[^>]*>(.*?)</sup\s*>", re.IGNORECASE)
_SUPERSCRIPT_DIGITS = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
# Tags whose text is all they add: emphasis, inline boxes, a one-line paragraph or div
_TEXT_TAGS = re.compile(
    r"</?(?:b|strong|i|em|u|mark|small|big|span|font|abbr|ins|del|s|strike|sub|cite|q|var|"
    r"dfn|p|div|center)\b[^>]*>",
    re.IGNORECASE,
)


def inline_html(text: str) -> str:
    """``text`` (a line's part outside code spans) with its inline HTML read as Markdown."""
    if "<" not in text:
        return text
    text = _CODE.sub(lambda m: code_span(m.group(2)), text)
    text = _LINK.sub(_link, text)
    text = _SUPERSCRIPT.sub(_superscript, text)
    return _TEXT_TAGS.sub("", text)


def _link(match: re.Match) -> str:
    href = _HREF.search(match.group(1))
    return f"[{match.group(2)}]({href.group(1)})" if href else match.group(2)


def _superscript(match: re.Match) -> str:
    inner = match.group(1).strip()
    return inner.translate(_SUPERSCRIPT_DIGITS) if re.fullmatch(r"[0-9+-]+", inner) else inner
