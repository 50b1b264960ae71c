"""Finding one's way in a parsed HTML page: a node's ancestors, whether it lies inside another,
the text of what follows it, a <pre>'s code."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode as Node

from ..tokens import visible

# Elements that stand apart from the text around them, as a browser lays them out; inline ones
# (<b>, <a>, <code>, <span>…) run on with it.
_BLOCK = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "dd",
        "div",
        "dl",
        "dt",
        "figcaption",
        "figure",
        "footer",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)


def ancestors(node: Node):
    """The node's parent, its parent's parent, … up to the document."""
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def within(node: Node, ancestor: Node) -> bool:
    """``node`` lies inside ``ancestor``."""
    return any(parent.mem_id == ancestor.mem_id for parent in ancestors(node))


def inline_text(node: Node, code: bool = False) -> str:
    """The element's text as a browser shows it: the page's own spaces between inline elements
    ("through <b>shipit</b>." is "through shipit.", not "through shipit ."; "Sick <b>leave</b>"
    is not "Sickleave"), a space where a block or a line break parts it, runs of space one.
    With ``code``, inline code is a Markdown code span ("run <code>make</code>" is "run
    `make`"), as a Markdown page writes it and the answer shows it (not in titles and
    headings, which are shown as plain text)."""
    parts: list[str] = []

    def walk(parent: Node) -> None:
        for child in parent.iter(include_text=True):
            if child.tag == "-text":
                parts.append(child.text(deep=False) or "")
            elif child.tag == "br":
                parts.append(" ")
            elif code and child.tag in INLINE_CODE:
                parts.append(code_span(inline_text(child)))
            elif child.tag in _BLOCK:
                parts.append(" ")
                walk(child)
                parts.append(" ")
            elif not child.tag.startswith("-"):  # not a comment
                walk(child)

    walk(node)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


# Inline elements that set code, a key or a program's output apart.
INLINE_CODE = ("code", "kbd", "samp", "tt")


def code_span(text: str) -> str:
    """``text`` as a Markdown code span (a fence longer than any run of backticks in it)."""
    if not text.strip():
        return text
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def decompose_all(nodes: list[Node]) -> None:
    """Remove ``nodes`` from the tree, each once: one inside another goes with it."""
    ids = {node.mem_id for node in nodes}
    unique = {node.mem_id: node for node in nodes}.values()
    for node in [n for n in unique if not any(a.mem_id in ids for a in ancestors(n))]:
        node.decompose()


def next_text(node: Node) -> str:
    """The text of the next element after ``node`` that has any."""
    sibling = node.next
    while sibling is not None:
        if sibling.tag != "-text":
            text = sibling.text(strip=True)
            if text:
                return text
        sibling = sibling.next
    return ""


_LANGUAGE = re.compile(r"\b(?:language|lang|highlight)-([\w+#-]+)")
_NO_LANGUAGE = {"default", "none", "text", "plaintext", "nohighlight", "source"}


def fenced_code(pre: Node) -> str:
    """Preformatted text as the fenced code block a Markdown page would hold, so that a
    command is read as code with the step that introduces it, not as a sentence (help
    centres, Confluence and docs sites put every command in a <pre>). The language comes
    from the classes highlighters set on the block, its <code> or its wrapper
    ("language-bash", "highlight-console")."""
    code = visible(_code_lines(pre)).strip("\n")
    if not code.strip():
        return ""
    classes = " ".join(
        (node.attributes.get("class") or "")
        for node in (pre, pre.css_first("code"), pre.parent)
        if node is not None
    )
    language = next((m for m in _LANGUAGE.findall(classes) if m.lower() not in _NO_LANGUAGE), "")
    fence = "```"
    while fence in code:
        fence += "`"
    return f"{fence}{language}\n{code}\n{fence}"


# A highlighter's line of code: Prism's (Docusaurus) "token-line", Shiki's and Chroma's (Hugo)
# "line", highlight.js's and GitBook's "code-line".
_LINE_CLASSES = frozenset(["token-line", "line", "code-line"])


def _code_lines(pre: Node) -> str:
    """A <pre>'s text with its line breaks: a <br> is one (Prism ends each line with one), and
    so is the end of a highlighter's line element where the text holds none."""
    parts: list[str] = []
    ended = False  # a line element just ended: the newline after it in the text is that end

    def walk(parent: Node) -> None:
        nonlocal ended
        for child in parent.iter(include_text=True):
            if child.tag == "-text":
                text = child.text(deep=False) or ""
                parts.append(text[1:] if ended and text.startswith("\n") else text)
                ended = ended and not text
            elif child.tag == "br":
                parts.append("\n")
                ended = False
            elif not child.tag.startswith("-"):  # not a comment
                walk(child)
                classes = set((child.attributes.get("class") or "").split())
                line = child.tag == "div" or classes & _LINE_CLASSES
                if line and parts and not parts[-1].endswith("\n"):
                    parts.append("\n")
                    ended = True

    walk(pre)
    return "".join(parts)
