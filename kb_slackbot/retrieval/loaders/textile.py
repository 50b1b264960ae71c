"""Textile pages (.textile: Redmine and Textpattern wikis), read as the wiki renders them.

Textile writes "h2. Section", tables of "|_. header |" and "| cell |" rows, "# " numbered and
"* " bulleted lists, "bc." and <pre> code, "@code@", "*bold*" and '"text":url' links. The
textile library renders it as HTML, which is read like any HTML page (loaders.html). Redmine
adds macros ("{{toc}}", "{{child_pages}}": navigation, no text) and wiki links
("[[Page name|the text]]": their text).
"""

from __future__ import annotations

import re

import textile

from ..documents import Document
from .html import html_document
from .source import SourceFile, decode_text

_MACRO = re.compile(r"\{\{[^{}\n]*\}\}")
_WIKI_LINK = re.compile(r"\[\[(?:[^\]|\n]*\|)?([^\]\n]*)\]\]")
_CODE_OPEN = re.compile(r"<pre>\s*<code\b[^>]*>", re.IGNORECASE)
_CODE_CLOSE = re.compile(r"</code>\s*</pre>", re.IGNORECASE)


def load_textile(source: SourceFile, raw: bytes) -> Document:
    text = _WIKI_LINK.sub(lambda m: m.group(1).split("#")[0], _MACRO.sub("", decode_text(raw)))
    # Redmine highlights code written '<pre><code class="sql">…</code></pre>': the code is
    # the <pre>'s (textile would show the inner tags as text)
    text = _CODE_OPEN.sub("<pre>", _CODE_CLOSE.sub("</pre>", text))
    return html_document(source, f"<html><body>{textile.textile(text)}</body></html>")
