"""reStructuredText (.rst: Sphinx and Read the Docs projects): rendered to HTML by docutils and
read like any HTML page (loaders.html), so its sections, lists, tables, notes and code blocks
are read as they are everywhere else.

docutils knows reStructuredText, not Sphinx, whose pages use roles and directives of their own
(``:ref:`…```, ``.. code-block::``, ``.. toctree::``). Unknown, docutils would drop their
content with an error; here a code block is a code block, a cross-reference its text, a
version note, "see also", tab or dropdown its content, and a table of contents nothing.
Including other files and raw HTML is off: a page cannot pull in what is not in the KB.
"""

from __future__ import annotations

import re

from docutils import nodes
from docutils.core import publish_parts
from docutils.parsers.rst import Directive, directives, roles
from docutils.parsers.rst.directives.body import CodeBlock
from docutils.statemachine import StringList

from ..documents import Document
from .html import html_document
from .source import SourceFile, decode_text, unreadable

_SETTINGS = {
    "report_level": 5,  # no error messages in the page's text
    "halt_level": 5,  # … and none stops the reading
    "file_insertion_enabled": False,  # ".. include::" cannot read files outside the KB
    "raw_enabled": False,
    "_disable_config": True,  # no docutils.conf of the machine changes the reading
    "syntax_highlight": "none",
    "embed_stylesheet": False,
    "input_encoding": "unicode",
}
# Sphinx's cross-reference and markup roles: read as their text ("Title" of
# ":ref:`Title <label>`", the label when there is no title).
_TEXT_ROLES = [
    "ref",
    "doc",
    "term",
    "numref",
    "any",
    "download",
    "keyword",
    "option",
    "envvar",
    "token",
    "abbr",
    "command",
    "dfn",
    "file",
    "guilabel",
    "kbd",
    "mailheader",
    "makevar",
    "manpage",
    "menuselection",
    "mimetype",
    "newsfeed",
    "program",
    "regexp",
    "samp",
    "pep",
    "rfc",
    "class",
    "func",
    "meth",
    "attr",
    "mod",
    "obj",
    "exc",
    "data",
    "const",
    "py:class",
    "py:func",
    "py:meth",
    "py:attr",
    "py:mod",
    "py:obj",
    "py:exc",
    "py:data",
    "py:const",
]
_TITLED = re.compile(r"^(.*?)\s*<[^<>]+>$", re.S)
# Directives whose content is read as the page's text (their argument, if any, heads it).
_CONTENT_DIRECTIVES = [
    "versionadded",
    "versionchanged",
    "deprecated",
    "seealso",
    "only",
    "tab",
    "tabs",
    "group-tab",
    "code-tab",
    "tab-set",
    "tab-item",
    "dropdown",
    "card",
    "centered",
    "hlist",
]
# Directives that add nothing to read: tables of contents, index entries, build settings.
_SILENT_DIRECTIVES = [
    "toctree",
    "contents",  # docutils' own would also link every heading back to it, hiding its text
    "index",
    "highlight",
    "tabularcolumns",
    "literalinclude",
    "automodule",
    "autoclass",
    "autofunction",
    "automethod",
    "autodata",
    "currentmodule",
    "sectionauthor",
    "codeauthor",
    "moduleauthor",
]


def _text_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    titled = _TITLED.match(text)
    shown = titled.group(1) if titled else text.lstrip("~!")
    return [
        nodes.literal(rawtext, shown) if name in ("kbd", "command", "file") else nodes.Text(shown)
    ], []


class _AnyOptions(dict):
    """An option_spec that accepts every option (Sphinx's ":linenos:", ":emphasize-lines:")."""

    def __missing__(self, key):
        return directives.unchanged

    def __bool__(self):  # docutils reads a directive's options only when its spec is truthy
        return True


# As Sphinx says a version note: "New in version 2.3: Canary deploys are the default."
_VERSION_NOTES = {
    "versionadded": "New in version",
    "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version",
}


class _Content(Directive):
    """Its content read as body text, under its argument in bold when it has one (a tab's
    label, a dropdown's title). A version note's text may follow its version on the next
    lines: docutils passes both as the argument."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOptions()  # any option is accepted and ignored

    def run(self):
        container = nodes.container()
        label, _, text = (self.arguments[0] if self.arguments else "").partition("\n")
        if self.name in _VERSION_NOTES:
            # Its text is inline markup, as Sphinx reads it: "the |desk| registers …" says
            # the substitution, not its name.
            said, messages = self.state.inline_text(" ".join(text.split()), self.lineno + 1)
            lead = f"{_VERSION_NOTES[self.name]} {label}:" + (" " if said else "")
            container += nodes.paragraph("", lead, *said)
            container += messages
        elif label and self.name != "only":  # (only's argument is a build tag: no label)
            container += nodes.paragraph("", "", nodes.strong(text=" ".join(label.split())))
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


class _Glossary(Directive):
    """Sphinx's glossary: a definition list whose entry may have several terms, one per line
    ("RTU" and "Outstation" over one definition), read as one term "RTU, Outstation". Its
    options (":sorted:") are no text."""

    has_content = True
    option_spec = _AnyOptions()

    def run(self):
        lines: list[str] = []
        for line in self.content:
            if line[:1].strip() and lines and lines[-1][:1].strip():
                lines[-1] = f"{lines[-1]}, {line.strip()}"  # another term of the same entry
            else:
                lines.append(line)
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return [container]


class _Silent(Directive):
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOptions()

    def run(self):
        return []


class _SphinxCodeBlock(CodeBlock):
    """docutils' code block, taking Sphinx's options (":caption:", ":linenos:") too."""

    option_spec = _AnyOptions(CodeBlock.option_spec)


# docutils keeps roles and directives in process-wide registries; registering Sphinx's names
# there only turns what would be an error for any docutils reader in the process into text.
for _role in _TEXT_ROLES:
    roles.register_local_role(_role, _text_role)
for _name, _directive in (
    *((name, _Content) for name in _CONTENT_DIRECTIVES),
    *((name, _Silent) for name in _SILENT_DIRECTIVES),
    ("code-block", _SphinxCodeBlock),
    ("glossary", _Glossary),
    ("sourcecode", _SphinxCodeBlock),
):
    directives.register_directive(_name, _directive)


def load_rst(source: SourceFile, raw: bytes) -> Document:
    text = decode_text(raw)
    with unreadable("reStructuredText page"):
        parts = publish_parts(text, writer="html5", settings_overrides=_SETTINGS)
    # docutils makes a page's first heading its title and, when a sub-heading follows it with
    # nothing between (a toctree, which is silent, or a contents box), that one its subtitle;
    # Sphinx keeps it the section heading it is.
    body = _SUBTITLE.sub(r"<h2>\1</h2>", parts["html_body"], count=1)
    body = _CODE_CLASS.sub(r'<pre class="language-\1">', body)  # a code block's language
    html = f"<html><body>{body}</body></html>"
    return html_document(source, html, title=parts["title"])


_SUBTITLE = re.compile(r'<p class="subtitle"[^>]*>(.*?)</p>', re.S)
_CODE_CLASS = re.compile(r'<pre class="code ([\w+#-]+) literal-block">')
