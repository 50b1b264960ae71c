"""Slack text in and out: incoming message text → plain text (decoded once, here and nowhere
else), and Markdown → Slack mrkdwn with Slack's control characters escaped."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from md2mrkdwn import convert

_USER_MENTION = re.compile(r"<@[UW][A-Z0-9]+(?:\|[^>]*)?>")
_CHANNEL_REF = re.compile(r"<#[CG][A-Z0-9]+(?:\|([^>]*))?>")
_SPECIAL = re.compile(
    r"<!(?:here|channel|everyone)(?:\|[^>]*)?>|<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>"
)
_INCOMING_LINK = re.compile(r"<((?:https?|mailto):[^|>]+)(?:\|([^>]*))?>")
_SPACE = re.compile(r"\s+")
_BLANK_LINES = re.compile(r"\n{3,}")
_LINK = re.compile(r"<([^<>|\s]+)\|([^<>]*)>")
# A fenced code block, with the indentation of its opening fence (a step's code sits under
# the step) and the language hint after it ("```bash").
_FENCED = re.compile(r"^([ \t]*)```[^\n`]*\n(.*?)\n?[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL)


def clean_text(raw: str, keep_lines: bool = False) -> str:
    """A message as Slack sends it → the plain text the person typed: mentions go, channel
    refs and links keep their readable label, entities are decoded once (``&amp;lt;`` is
    what Slack sends for a typed ``&lt;``, which must stay ``&lt;``). ``keep_lines``: keep
    the line breaks (an expert's answer with steps), else all whitespace is one space."""
    text = _USER_MENTION.sub(" ", raw)
    text = _CHANNEL_REF.sub(lambda m: f"#{m.group(1)}" if m.group(1) else " ", text)
    text = _SPECIAL.sub(lambda m: m.group(1) or " ", text)
    text = _INCOMING_LINK.sub(lambda m: m.group(2) or m.group(1), text)
    # &amp; last, so the "&lt;" it yields is not decoded a second time.
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    if keep_lines:
        lines = (_SPACE.sub(" ", line).strip() for line in text.split("\n"))
        return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()
    return _SPACE.sub(" ", text).strip()


def escape(text: str) -> str:
    """Slack's three control characters; everything else is literal."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_mrkdwn(markdown: str) -> str:
    """Markdown (what models write) → Slack mrkdwn (what Slack renders)."""
    # Escape first: the converter emits its own <url|text> links, which must stay live.
    return _FENCED.sub(_bare_fence, _LINK.sub(_show_where, convert(escape(markdown)).strip()))


def _bare_fence(block: re.Match[str]) -> str:
    """Slack has no syntax highlighting: a language hint after the fence is shown as the
    block's first line ("bash"), and the indentation a step's code has in Markdown is
    shown inside the block. Both go; the code's own indentation stays."""
    indent, body = block.group(1), block.group(2)
    lines = [line.removeprefix(indent) for line in body.split("\n")]
    return "```\n" + "\n".join(lines) + "\n```"


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
