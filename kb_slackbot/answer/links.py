"""The links a quoted piece had on its page, given back to it for display.

The reader scores and quotes plain text (a link's label counts, its address does not), so a
quoted "If it stops working, see Resetting or replacing your badge." lost where the page sent
the reader. The answer shows the piece with its page's web links again, as Markdown: Slack
renders them as links (and shows where each goes, ``slack/markup``). Only web and mail links,
only outside code, each label linked once.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .candidates import Unit
from .markdown_blocks import clean_inline
from .pieces import Passage

_LINK = re.compile(
    r"(?<!!)\[([^\]]+)\]\(\s*<?((?:https?://|mailto:)[^\s)>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
)


def page_links(markdown: str) -> dict[str, str]:
    """Label (as the reader shows it) → address, for the web and mail links of ``markdown``.
    A link whose label is its own address needs no link: it is shown as written. A label the
    page links to two places ("here") is left plain: which one the piece had is not known."""
    found: dict[str, set[str]] = {}
    for label, url in _LINK.findall(markdown):
        label = clean_inline(label)
        if label and label != url and not label.startswith(("http://", "https://")):
            found.setdefault(label, set()).add(url)
    return {label: urls.pop() for label, urls in found.items() if len(urls) == 1}


def with_links(text: str, links: dict[str, str]) -> str:
    """``text`` with the first whole-word occurrence of each label linked."""
    if "\n" in text or "](" in text:  # code and steps keep their lines; linked already
        return text
    for label in sorted(links, key=len, reverse=True):  # "Tally expenses" before "Tally"
        found = re.search(rf"(?<![\w\[/.]){re.escape(label)}(?![\w\]])", text)
        if found is not None:
            start, end = found.span()
            text = f"{text[:start]}[{label}]({links[label]}){text[end:]}"
    return text


def with_page_links(passage: Passage, unit: Unit) -> Unit:
    """``unit`` shown with the links its passage gave it."""
    links = page_links(passage.section or passage.text)
    text = with_links(unit.text, links) if links else unit.text
    return replace(unit, text=text) if text != unit.text else unit
