"""Validating a question before any search or model call.

The question arrives as plain text: front ends strip their own markup first (Slack's is
``slack/markup.py``), so nothing here decodes anything a second time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPACE = re.compile(r"\s+")
MIN_CHARS = 3


@dataclass(frozen=True)
class QuestionCheck:
    text: str  # the question with its whitespace collapsed
    problem: str | None = None  # "empty" | "too_short" | "too_long"


def check_question(raw: str, max_chars: int) -> QuestionCheck:
    text = _SPACE.sub(" ", raw or "").strip()
    if not text:
        return QuestionCheck(text, "empty")
    if len(text) < MIN_CHARS:
        return QuestionCheck(text, "too_short")
    if len(text) > max_chars:
        return QuestionCheck(text, "too_long")
    return QuestionCheck(text)
