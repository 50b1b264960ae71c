"""An AsciiDoc page (.adoc: Antora and Asciidoctor docs sites, GitHub and GitLab handbooks) as
Markdown.

AsciiDoc writes "= Title" and "== Section" headings, ":name: value" attributes used as
"{name}", tables between "|===" lines ("[cols="1,2",options="header"]"; a row on one line or
a cell on each, "2+|" spans), "----" source blocks under "[source,bash]", "NOTE:" paragraphs
and "[WARNING]" blocks between "====", "* item" / ". step" lists with "+" joining a block to
its item, ".Title" over a block, "term:: definition" lists, "link:url[text]",
"xref:page.adoc[text]", "kbd:[Ctrl+C]", "//" comments and "include::" directives. Read as
plain text, a table was a column of pipes and a command one line among the prose; as
Markdown, each is read as on every other page. The only AsciiDoc readers on PyPI are GPL,
hence this reader of the common syntax (what Asciidoctor renders, not every corner of it).
"""

from __future__ import annotations

import re

from ..documents import Document
from .asciidoc_tables import asciidoc_table
from .markdown import load_markdown
from .source import SourceFile, decode_text

_HEADING = re.compile(r"^(={1,6}|#{1,6})\s+(\S.*?)\s*$")
_ATTRIBUTE = re.compile(r"^:(!?[\w-]+!?):\s*(.*?)\s*$")
_BLOCK_ATTRIBUTES = re.compile(r"^\[(.*)\]\s*$")  # "[source,bash]", "[NOTE]", "[cols=…]"
_BLOCK_TITLE = re.compile(r"^\.([^.\s].*?)\s*$")  # ".Opening hours" (not ". step")
_ITEM = re.compile(r"^\s*(\*{1,5}|-|\.{1,5}|\d+\.)\s+(\S.*)$")
_DEFINITION = re.compile(r"^(\S.*?)(:{2,4}|;;)(?:\s+(.*))?$")
_ADMONITION = re.compile(r"^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):\s+(.*)$")
# "----" listing, "...." literal, "====" example, "****" sidebar, "____" quote
_DELIMITER = re.compile(r"-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}")
_COMMENT_BLOCK = "////"
_PASSTHROUGH = "++++"
_DIRECTIVE = re.compile(
    r"^(?:include|image|video|audio|toc|ifdef|ifndef|ifeval|endif)::.*$|^\[\[[^\]]*\]\]$"
)
_ADMONITION_KINDS = ("NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION")


def load_asciidoc(source: SourceFile, raw: bytes) -> Document:
    return load_markdown(source, asciidoc_markdown(decode_text(raw)).encode("utf-8"))


def asciidoc_markdown(text: str) -> str:
    """``text`` (AsciiDoc) as Markdown."""
    return _Page().read(text.replace("\r\n", "\n").split("\n"))


class _Page:
    def __init__(self) -> None:
        self.out: list[str] = []
        self.attributes: dict[str, str] = {}
        self.pending: str = ""  # the last "[…]" line, for the block that follows
        self.lead = ""  # an admonition block's label, put before its first line
        self.counters: dict[int, int] = {}  # a numbered list's count at each depth

    def read(self, lines: list[str]) -> str:
        i = self._line(lines, 0) if lines else 0
        if self.out[1:2] and self.out[1].startswith("# "):  # the document's title: its
            i = _after_header(lines, i)  # author and revision lines are not shown
        while i < len(lines):
            i = self._line(lines, i)
        return re.sub(r"\n{3,}", "\n\n", "\n".join(self.out)).strip() + "\n"

    def _line(self, lines: list[str], i: int) -> int:
        line = lines[i].rstrip()
        stripped = line.strip()
        if stripped.startswith("//") and not stripped.startswith(_COMMENT_BLOCK):
            return i + 1  # a comment line
        if stripped in (_COMMENT_BLOCK, _PASSTHROUGH):  # a comment or raw HTML: not shown
            end = _closing(lines, i, stripped)
            return end + 1
        if stripped.startswith("|==="):
            end = _closing(lines, i, stripped)
            self.out += ["", *asciidoc_table(lines[i + 1 : end], self.pending, self._inline), ""]
            self.pending = ""
            return end + 1
        if _DELIMITER.fullmatch(stripped):
            return self._block(lines, i, stripped)
        if stripped == "```" or stripped.startswith("```"):  # a Markdown-style fence
            end = _closing(lines, i, "```")
            self.out += [stripped, *lines[i + 1 : end], "```"]
            return end + 1
        if attribute := _ATTRIBUTE.match(stripped):
            name, value = attribute.group(1), attribute.group(2)
            if not name.startswith("!") and not name.endswith("!"):
                self.attributes[name] = self._inline(value)
            return i + 1
        if _DIRECTIVE.match(stripped) or stripped in ("'''", "<<<"):  # a rule, a page break
            return i + 1
        if attributes := _BLOCK_ATTRIBUTES.match(stripped):
            self.pending = attributes.group(1)
            return i + 1
        if stripped == "+":  # joins the next block to the list item above
            return i + 1
        self._text(line)
        return i + 1

    def _block(self, lines: list[str], i: int, delimiter: str) -> int:
        end = _closing(lines, i, delimiter)
        body = lines[i + 1 : end]
        attributes = [part.strip() for part in self.pending.split(",")]
        style = attributes[0].lstrip("#.%")
        self.pending = ""
        if delimiter[0] in "-." or style in ("source", "listing", "literal"):
            # "[source,bash]": the code's language
            source = style == "source" and len(attributes) > 1 and "=" not in attributes[1]
            self.out += ["", f"```{attributes[1] if source else ''}", *body, "```", ""]
        else:  # an example, a sidebar, a quote or an admonition block: its text
            if style.upper() in _ADMONITION_KINDS:
                self.lead = style.capitalize()
            self.out.append("")
            inner = _Page()
            inner.attributes, inner.lead = self.attributes, self.lead
            self.out += inner.read(body).rstrip("\n").split("\n")
            self.lead = ""
            self.out.append("")
        return end + 1

    def _text(self, line: str) -> None:
        if self.pending.split(",")[0].strip().upper() in _ADMONITION_KINDS:  # "[TIP]" + text
            self.lead = self.pending.split(",")[0].strip().capitalize()
        self.pending = ""
        stripped = line.strip()
        if stripped and not _ITEM.match(line):  # (blank lines may part a list's items)
            self.counters.clear()
        if heading := _HEADING.match(stripped):
            level = len(heading.group(1))
            self.out += ["", f"{'#' * level} {self._inline(heading.group(2))}", ""]
        elif title := _BLOCK_TITLE.match(stripped):
            self.out.append(f"**{self._inline(title.group(1))}**")
        elif item := _ITEM.match(line):
            mark, text = item.group(1), self._inline(item.group(2))
            depth = len(mark) - 1 if mark[0] in "*." else 0
            for deeper in [d for d in self.counters if d > depth]:
                del self.counters[deeper]
            bullet = "-"
            if mark[0] == "." or mark[0].isdigit():
                self.counters[depth] = self.counters.get(depth, 0) + 1
                bullet = f"{self.counters[depth]}."
            self.out.append(f"{'   ' * depth}{bullet} {text}")
        elif admonition := _ADMONITION.match(stripped):
            kind = admonition.group(1).capitalize()
            self.out.append(f"{kind}: {self._inline(admonition.group(2))}")
        elif (definition := _DEFINITION.match(stripped)) and not stripped.startswith("http"):
            term, text = self._inline(definition.group(1)), definition.group(3)
            self.out.append(f"- {term}: {self._inline(text)}" if text else f"- {term}:")
        elif not stripped:
            self.out.append("")
        else:
            text = self._inline(stripped)
            if self.lead:
                text, self.lead = f"{self.lead}: {text}", ""
            self.out.append(text)

    def _inline(self, text: str) -> str:
        """AsciiDoc's inline markup as Markdown's, attributes filled in."""
        text = re.sub(r"\{([\w-]+)\}", lambda m: self.attributes.get(m.group(1), m.group(0)), text)
        text = re.sub(r"\bxref:([^\[\s]+)\[([^\]]*)\]", lambda m: m.group(2) or _page(m), text)
        text = re.sub(r"<<([^,>]+)(?:,\s*([^>]+))?>>", lambda m: m.group(2) or m.group(1), text)
        text = re.sub(r"\blink:([^\[\s]+)\[([^\]]*)\]", _link, text)
        text = re.sub(r"\b(https?://[^\[\s]+)\[([^\]]*)\]", _link, text)
        text = re.sub(r"\bmailto:([^\[\s]+)\[([^\]]*)\]", lambda m: m.group(2) or m.group(1), text)
        text = re.sub(r"\b(?:kbd|btn):\[([^\]]*)\]", r"\1", text)
        text = re.sub(
            r"\bmenu:([^\[]+)\[([^\]]*)\]",
            lambda m: " > ".join([m.group(1).strip(), *filter(None, m.group(2).split(">"))]),
            text,
        )
        text = re.sub(r"\bimage:[^\[\s]+\[([^\]]*)\]", r"\1", text)
        text = re.sub(r"\bfootnote:\[([^\]]*)\]", r" (\1)", text)
        text = re.sub(r"\bpass:\w*\[([^\]]*)\]", r"\1", text)
        text = re.sub(r"\[\[[^\]]*\]\]|\[#[\w-]+\]|\[\.[\w-]+\]#([^#]*)#", r"\1", text)
        text = re.sub(r"(?<![\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?![\w*])", r"**\1**", text)
        # "+text+" and "+++text+++" pass their text through unformatted
        text = re.sub(
            r"\+\+\+(.+?)\+\+\+|(?<![\w+])\+([^+\s](?:[^+]*[^+\s])?)\+(?![\w+])",
            lambda m: m.group(1) or m.group(2),
            text,
        )
        return re.sub(r"\s+\+$", "", text)  # a hard line break


def _after_header(lines: list[str], i: int) -> int:
    """The line after the header's author and revision lines ("Ann Vos <ann@…>", "v2.1,
    2026-10-02"); attribute entries and comments among them are read as ever."""
    while i < len(lines) and lines[i].strip():
        if _ATTRIBUTE.match(lines[i].strip()) or lines[i].lstrip().startswith("//"):
            return i
        i += 1
    return i


def _closing(lines: list[str], i: int, delimiter: str) -> int:
    """The line that closes the block opened at ``i`` (the end of the page if none)."""
    for j in range(i + 1, len(lines)):
        if lines[j].strip() == delimiter or (
            delimiter.startswith("|===") and lines[j].strip().startswith("|===")
        ):
            return j
    return len(lines)


def _link(match: re.Match[str]) -> str:
    url, text = match.group(1), match.group(2).split(",")[0].strip().strip('"')
    return f"[{text}]({url})" if text else url


def _page(match: re.Match[str]) -> str:
    """An xref without its text names its page: "xref:ops:restart-api.adoc[]" → "restart api"."""
    name = match.group(1).split(":")[-1].split("#")[0].rsplit("/", 1)[-1]
    return name.removesuffix(".adoc").replace("-", " ")
