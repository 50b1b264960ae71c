"""Request validation as Slack does it for messages: argument parsing errors, and Block Kit
limits from the product's own table (kb_slackbot/slack/limits.py), so the renderer and the
fake cannot drift apart."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from kb_slackbot.slack.limits import LIMITS

from .workspace import JsonDict


class ApiError(Exception):
    """Raised by method handlers to produce ``{"ok": false, "error": ...}``."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


def as_json(value: Any) -> Any:
    """Form-encoded requests carry blocks/views as JSON strings; JSON ones don't."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise ApiError("invalid_arguments") from None
    return value


def as_int(value: Any, default: int) -> int:
    if value in (None, ""):
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError("invalid_arguments") from None


def require(params: Mapping[str, Any], name: str, error: str = "invalid_arguments") -> Any:
    value = params.get(name)
    if value in (None, ""):
        raise ApiError(error)
    return value


def validate_blocks(blocks: Any) -> list[JsonDict]:
    """A light version of Slack's block validation (the limits bots usually hit)."""
    blocks = as_json(blocks)
    if not isinstance(blocks, list) or not all(isinstance(b, dict) for b in blocks):
        raise ApiError("invalid_blocks_format")
    if len(blocks) > LIMITS.blocks_per_message:
        raise ApiError("invalid_blocks")
    for block in blocks:
        kind = block.get("type")
        if not isinstance(kind, str):
            raise ApiError("invalid_blocks")
        text = block.get("text")
        text_value = text.get("text", "") if isinstance(text, dict) else text or ""
        limit = LIMITS.block_text(kind)
        if limit is not None and len(str(text_value)) > limit:
            raise ApiError("invalid_blocks")
        elements = block.get("elements") or []
        if kind == "context" and len(elements) > LIMITS.context_elements:
            raise ApiError("invalid_blocks")
        if kind == "actions" and any(_too_long_button(e) for e in elements):
            raise ApiError("invalid_blocks")
    return blocks


def _too_long_button(element: Any) -> bool:
    if not isinstance(element, dict) or element.get("type") != "button":
        return False
    text = element.get("text")
    label = text.get("text", "") if isinstance(text, dict) else str(text or "")
    return len(label) > LIMITS.button_text


def message_content(params: JsonDict) -> JsonDict:
    """Validate text/blocks/attachments like chat.postMessage does."""
    content: JsonDict = {}
    text = params.get("text")
    if text is not None:
        if len(str(text)) > LIMITS.message_text:
            raise ApiError("msg_too_long")
        content["text"] = str(text)
    if params.get("blocks") not in (None, ""):
        content["blocks"] = validate_blocks(params["blocks"])
    if params.get("attachments") not in (None, ""):
        content["attachments"] = as_json(params["attachments"])
    if not content.get("text") and not content.get("blocks") and not content.get("attachments"):
        raise ApiError("no_text")
    if params.get("metadata") not in (None, ""):
        content["metadata"] = as_json(params["metadata"])
    return content
