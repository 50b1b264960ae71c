"""What both fake LLM servers share: request helpers and the recorded-request type."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

JsonDict = dict[str, Any]
ReplyHandler = Callable[[JsonDict], str]

DEFAULT_REPLY = "The answer is here [1]."


# --- helpers for tests and handlers ------------------------------------------------------------


def estimate_tokens(text: str) -> int:
    """The fakes' deterministic token count: one token per four characters, rounded up."""
    return math.ceil(len(text) / 4)


def split_deltas(text: str) -> list[str]:
    """Word-sized pieces (trailing whitespace kept) that concatenate back to exactly `text`."""
    return [piece for piece in re.split(r"(?<=\s)(?=\S)", text) if piece]


def _text_of(content: Any) -> str:
    """The text of a message `content`: a plain string or a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and "text" in b)
    return ""


def _messages(body: JsonDict) -> list[JsonDict]:
    return [m for m in body.get("messages") or [] if isinstance(m, dict)]


def system_prompt(body: JsonDict) -> str:
    """The system prompt of a request of either protocol: Anthropic's top-level ``system``
    (string or blocks) or Ollama's ``role: system`` messages."""
    parts = [_text_of(body.get("system"))]
    parts += [_text_of(m.get("content")) for m in _messages(body) if m.get("role") == "system"]
    return "\n".join(p for p in parts if p)


def last_user_message(body: JsonDict) -> str:
    """The text of the last ``role: user`` message of a request ("" if there is none)."""
    users = [m for m in _messages(body) if m.get("role") == "user"]
    return _text_of(users[-1].get("content")) if users else ""


def prompt_text(body: JsonDict) -> str:
    """Everything a request showed the model: the system prompt, then every message's text."""
    parts = [_text_of(body.get("system"))] + [_text_of(m.get("content")) for m in _messages(body)]
    return "\n".join(p for p in parts if p)


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it. Header names are lower-cased; `body` is the parsed
    JSON body, or None when there was no body or it was not JSON."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


def parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def format_seconds(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else str(seconds)
