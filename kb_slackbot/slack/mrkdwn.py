"""Markdown (what models write) → Slack mrkdwn (what Slack renders)."""

from __future__ import annotations

from md2mrkdwn import convert


def escape(text: str) -> str:
    """Slack's three control characters; everything else is literal."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_mrkdwn(markdown: str) -> str:
    # Escape first: the converter emits its own <url|text> links, which must stay live.
    return convert(escape(markdown)).strip()
