"""Posting replies: an answer in place of its placeholder, in Block Kit, falling back to
plain text when Slack rejects the blocks; progress indicators that may fail quietly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from ..answer.models import AnswerResult
from .blocks import LIMITS, SlackMessage, answer_messages, simple_message, split_text, to_dicts
from .markup import escape
from .texts import APOLOGY

log = structlog.get_logger(__name__)

# Errors that mean "these blocks", not "this channel": the same answer as text may pass.
_BLOCK_ERRORS = ("msg_too_long", "invalid_blocks", "invalid_blocks_format")


@dataclass(frozen=True)
class Reply:
    """Where a reply goes: a channel, a thread (None: top level), and the placeholder
    message to replace (None: post a new message)."""

    channel: str
    thread_ts: str | None
    placeholder: str | None


def deliver_answer(client: WebClient, to: Reply, result: AnswerResult, actions: bool) -> None:
    messages = answer_messages(result, actions=actions)
    try:
        post(client, to, messages[0])
        for extra in messages[1:]:
            post(client, Reply(to.channel, to.thread_ts, None), extra)
    except SlackApiError as exc:
        error = exc.response.get("error", "")
        log.warning("slack_rejected_blocks", query_id=result.query_id, error=error)
        if error in _BLOCK_ERRORS:
            deliver_text(client, to, plain_answer(result))
        else:
            deliver_text(client, to, APOLOGY.format(query_id=result.query_id))


def deliver_text(client: WebClient, to: Reply, text: str) -> None:
    """``text`` (mrkdwn) in as many sections and messages as it needs; errors are logged."""
    for n, part in enumerate(split_text(text, LIMITS.section_text) or [text]):
        target = to if n == 0 else Reply(to.channel, to.thread_ts, None)
        try:
            post(client, target, simple_message(part))
        except SlackApiError as exc:
            log.error("slack_post_failed", error=exc.response.get("error"))
            return


def post(client: WebClient, to: Reply, message: SlackMessage) -> None:
    blocks = to_dicts(message.blocks)
    if to.placeholder:
        client.chat_update(channel=to.channel, ts=to.placeholder, text=message.text, blocks=blocks)
    else:
        client.chat_postMessage(
            channel=to.channel, thread_ts=to.thread_ts, text=message.text, blocks=blocks
        )


def plain_answer(result: AnswerResult) -> str:
    """The answer without Block Kit, for when Slack rejects the blocks; still escaped."""
    lines = [result.answer]
    if result.sources:
        lines.append("")
        lines.extend(f"[{s.number}] {s.title} — {s.url}" for s in result.sources)
    return escape("\n".join(lines))


def quietly(call: Callable[..., Any], **kwargs: Any) -> Any:
    """Progress indicators are nice to have; their failure must not stop the answer."""
    try:
        return call(**kwargs)
    except SlackApiError as exc:
        log.info(
            "slack_call_failed",
            method=getattr(call, "__name__", "?"),
            error=exc.response.get("error"),
        )
        return None
