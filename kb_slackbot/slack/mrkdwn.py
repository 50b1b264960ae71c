"""Markdown (what models write) → Slack mrkdwn (what Slack renders)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from md2mrkdwn import convert

_LINK = re.compile(r"<([^<>|\s]+)\|([^<>]*)>")


def escape(text: str) -> str:
    """Slack's three control characters; everything else is literal."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_mrkdwn(markdown: str) -> str:
    # Escape first: the converter emits its own <url|text> links, which must stay live.
    return _LINK.sub(_show_where, convert(escape(markdown)).strip())


def _show_where(link: re.Match[str]) -> str:
    """A link written in a page or answer shows where it goes: ``login`` pointing at
    evil.example reads "login (evil.example)". Links that are not web or mail links are
    shown as their text only."""
    url, label = link.group(1), link.group(2).replace("|", "¦")
    parts = urlsplit(url.replace("&amp;", "&"))
    scheme = parts.scheme.lower()
    if scheme in ("http", "https") and parts.hostname:
        where = parts.hostname
    elif scheme == "mailto" and parts.path:
        where = parts.path
    else:
        return label
    if where.lower() in label.lower():
        return f"<{url}|{label}>"
    return f"<{url}|{label} ({where})>"
