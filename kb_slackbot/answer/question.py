"""Cleaning and validating a question before any search or model call."""

from __future__ import annotations

import re
from dataclasses import dataclass

_USER_MENTION = re.compile(r"<@[UW][A-Z0-9]+(?:\|[^>]*)?>")
_CHANNEL_REF = re.compile(r"<#[CG][A-Z0-9]+(?:\|([^>]*))?>")
_SPECIAL = re.compile(
    r"<!(?:here|channel|everyone)(?:\|[^>]*)?>|<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>"
)
_LINK = re.compile(r"<((?:https?|mailto):[^|>]+)(?:\|([^>]*))?>")
_SPACE = re.compile(r"\s+")
MIN_CHARS = 3


@dataclass(frozen=True)
class QuestionCheck:
    text: str  # cleaned question
    problem: str | None = None  # "empty" | "too_short" | "too_long"


def clean_question(raw: str) -> str:
    """Strip Slack markup: mentions go, channel refs and links keep their readable label."""
    text = _USER_MENTION.sub(" ", raw)
    text = _CHANNEL_REF.sub(lambda m: f"#{m.group(1)}" if m.group(1) else " ", text)
    text = _SPECIAL.sub(lambda m: m.group(1) or " ", text)
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return _SPACE.sub(" ", text).strip()


def check_question(raw: str, max_chars: int) -> QuestionCheck:
    text = clean_question(raw or "")
    if not text:
        return QuestionCheck(text, "empty")
    if len(text) < MIN_CHARS:
        return QuestionCheck(text, "too_short")
    if len(text) > max_chars:
        return QuestionCheck(text, "too_long")
    return QuestionCheck(text)
