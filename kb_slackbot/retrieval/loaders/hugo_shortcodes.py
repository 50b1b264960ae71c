"""Hugo's shortcodes in a Markdown page, read as the rendered page shows them.

A Hugo site's content files hold "{{< notice warning "Weekends" >}}" … "{{< /notice >}}"
(also written "{{% … %}}"). Read raw, the tag was quoted in answers ("… submitted. {{< notice
warning "Weekends and public holidays" >}} Outside office hours …"). Each theme names its note
differently (Learn/Relearn "notice", Book "hint", Docsy "alert", Hextra "callout", others
"admonition", "tip", "warning"…): a note's tag reads as its title, or its kind ("Warning:"),
over its text, as a GitBook hint's does (markdown_sections.template_tag). A tab's label heads
what it holds and its end ends it; "{{< highlight bash >}}" … "{{< /highlight >}}" is a code
block. Any other shortcode alone on its line (a figure, a video, an include) is no text;
inside a line, a page reference ("{{< ref "vpn.md" >}}") is the path it names, a key
("{{< kbd "Ctrl+C" >}}") its keys, any other shortcode no text.
"""

from __future__ import annotations

import re

from .html_nodes import code_span
from .markdown_notes import note_title
from .pseudo_headings import PSEUDO_LEVEL, heading_mark

# "{{< name args >}}" or "{{% name args %}}"; "{{< /name >}}" closes, "… />}}" closes itself
_SHORTCODE = r"\{\{[<%]\s*(?P<closing>/)?\s*(?P<name>[\w.-]+)(?P<rest>.*?)/?\s*[>%]\}\}"
_LINE = re.compile(rf"^\s*{_SHORTCODE}\s*$")
_INLINE = re.compile(_SHORTCODE)
_ARGUMENT = re.compile(r"""(?:(?P<key>\w+)\s*=\s*)?(?P<value>"[^"]*"|'[^']*'|`[^`]*`|[^\s"'`]+)""")

# Notes named by their kind ("{{< warning >}}" is a warning), and those given it as an
# argument ("{{% notice warning %}}", "{{< callout type="info" >}}")
_NAMED_KINDS = frozenset(["note", "tip", "warning", "caution", "important", "info", "danger"])
_NOTES = _NAMED_KINDS | {"notice", "hint", "alert", "callout", "admonition", "details", "expand"}
_TABS = frozenset(["tab", "tabs", "tabpane"])  # (Docsy's tabs are a "tabpane")
_CODE = frozenset(["highlight", "code"])
_LANGUAGE = re.compile(r"[\w+#.-]+")
_KEYS = frozenset(["kbd", "key", "keys", "button"])
_REFERENCES = frozenset(["ref", "relref"])


def shortcode_line(line: str) -> str | None:
    """A line that is one shortcode, read as text; None when the line is none."""
    tag = _LINE.match(line)
    if tag is None:
        return None
    name = tag.group("name").lower()
    if tag.group("closing"):
        return "```" if name in _CODE else heading_mark(PSEUDO_LEVEL) if name in _TABS else ""
    named, positional = _arguments(tag.group("rest"))
    if name in _CODE:  # "{{< highlight bash >}}" … "{{< /highlight >}}": a code block
        language = named.get("lang") or named.get("language") or named.get("type")
        language = language or next((value for value, _ in positional), "")
        return "```" + (language if _LANGUAGE.fullmatch(language) else "")
    if name in _NOTES:
        bare = [value for value, quoted in positional if not quoted]
        kind = named.get("style") or named.get("type") or named.get("kind")
        kind = kind or (name if name in _NAMED_KINDS else bare[0] if bare else "note")
        quoted = [value for value, was_quoted in positional if was_quoted]
        title = named.get("title") or named.get("summary") or (quoted[0] if quoted else None)
        if name in ("details", "expand") and title is None and positional:
            title = positional[0][0]
        return note_title(kind, title)
    if name == "tab":
        label = next(
            (named[key] for key in ("title", "name", "header", "label") if key in named), None
        )
        label = label or (positional[0][0] if positional else None)
        return heading_mark(PSEUDO_LEVEL, label.strip()) if label else ""
    return ""


def inline_shortcodes(line: str) -> str:
    """``line`` with each shortcode inside it read as text (see the module's docstring)."""
    if "{{" not in line:
        return line

    def read(tag: re.Match) -> str:
        name = tag.group("name").lower()
        if tag.group("closing"):
            return ""
        _, positional = _arguments(tag.group("rest"))
        values = [value for value, _ in positional]
        if name in _REFERENCES and values:
            return values[0]
        if name in _KEYS and values:
            return code_span("+".join(values))
        return ""

    return _INLINE.sub(read, line)


def _arguments(rest: str) -> tuple[dict[str, str], list[tuple[str, bool]]]:
    """A shortcode's named arguments, and its positional ones (value, was it quoted)."""
    named: dict[str, str] = {}
    positional: list[tuple[str, bool]] = []
    for argument in _ARGUMENT.finditer(rest):
        value = argument.group("value")
        quoted = value[:1] in "\"'`" and len(value) >= 2
        value = value[1:-1] if quoted else value
        if argument.group("key"):
            named[argument.group("key").lower()] = value
        else:
            positional.append((value, quoted))
    return named, positional
