"""A OneNote page saved as a web page (File › Export › Single File Web Page, .mht): OneNote
writes the page's title as its first paragraph (in a larger type) and the page's date and
time as the two lines under it ("Wednesday, 7 October 2026", "14:32"). The title is made the
page's heading and the date its date; the two lines are no text."""

from __future__ import annotations

import re
from datetime import date
from html import escape

from selectolax.lexbor import LexborHTMLParser as HTMLParser

from .page_dates import parse_when

_TIME = re.compile(r"^\d{1,2}:\d{2}(?:\s?[ap]m)?$", re.IGNORECASE)


def tidy_onenote(tree: HTMLParser) -> date | None:
    """For a page OneNote wrote: its title paragraph an <h1>, its date and time lines left
    out; the date they state (None for any other page, which is left as it is)."""
    generator = tree.css_first('meta[name="Generator" i]')
    if generator is None or "onenote" not in (generator.attributes.get("content") or "").lower():
        return None
    paragraphs = [p for p in tree.css("body p") if p.text(strip=True)][:3]
    if not paragraphs:
        return None
    title = paragraphs[0]
    heading = HTMLParser(f"<h1>{escape(title.text(strip=True))}</h1>").css_first("h1")
    stated = None
    for line in paragraphs[1:]:
        text = line.text(strip=True)
        when = parse_when(text)
        if when is None and not _TIME.match(text):
            break
        stated = stated or when
        line.decompose()
    title.replace_with(heading)
    return stated
