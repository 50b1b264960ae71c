"""Wiki-style notes (Obsidian, Logseq, Foam, Dendron, Bear) read as their app shows them.

They link with "[[Page]]" (an alias after "|", a section after "#"), embed with "![[file]]",
highlight with "==…==" (Bear also "::…::") and mark a block with an id at its line's end
(" ^intro"); a line of nothing but tags ("#engineering/workshop #tyres") files the note. A link
reads as its text, an embed, an id and a line of tags are no text, a highlight is its text;
code spans are left as written (a shell test "`[[ -f x ]]`"). Obsidian's "%% comments %%" are
blanked with the HTML comments (loaders.markdown_extras) and its callouts read with the other
notes (loaders.markdown_notes).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# (A task's box, "- [ ] ", stays: it says the line is a to-do, not a fact — without it "Add the
# Valencia local holidays for 2027" read as one.)
_EMBED = re.compile(r"!\[\[[^\]\n]*\]\]")
_WIKILINK = re.compile(r"\[\[([^\]|#\n]*)(?:#([^\]|\n]*))?(?:\|([^\]\n]+))?\]\]")
_HIGHLIGHT = re.compile(
    r"(?<![\w=])==(?=\S)([^=\n]+?)(?<=\S)==(?![\w=])|(?<![\w:])::(?=\S)([^:\n]+?)(?<=\S)::(?![\w:])"
)
_TAGS_ONLY = re.compile(r"^\s*#[^\s#]+(?:\s+#[^\s#]+)*\s*$")
_BLOCK_ID = re.compile(r"\s\^(?=[\w-]*[A-Za-z])[\w-]{2,}\s*$")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def wiki_text(line: str) -> str:
    """One line with its wiki links, embeds, highlights, tags and block id read."""
    if _TAGS_ONLY.match(line) and not re.match(r"^\s*#\d+\b", line):  # (not "#1" alone)
        return ""
    if "[[" in line or "==" in line or "::" in line:
        line = outside_code_spans(line, _marks)
    return _BLOCK_ID.sub("", line)


def _marks(text: str) -> str:
    text = _WIKILINK.sub(_wikilink, _EMBED.sub("", text)) if "[[" in text else text
    if "==" in text or "::" in text:
        text = _HIGHLIGHT.sub(lambda m: m.group(1) or m.group(2), text)
    return text


def outside_code_spans(line: str, rewrite: Callable[[str], str]) -> str:
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
