"""Block Kit messages for answers, built with slack_sdk's models and kept inside Slack's limits.

Slack's limits are the ``LIMITS`` table (slack/limits.py). A long answer is split across
sections and, past one message, continued in follow-up messages — never silently cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote

from slack_sdk.models.blocks import (
    ActionsBlock,
    Block,
    ButtonElement,
    ContextBlock,
    MarkdownTextObject,
    SectionBlock,
)

from ..answer.models import AnswerResult, Source
from .limits import LIMITS
from .markup import escape, to_mrkdwn

ACTION_PREFIX = "kb_"
FEEDBACK_HELPFUL = "kb_feedback_helpful"
FEEDBACK_NOT_HELPFUL = "kb_feedback_not_helpful"
SHARE_ACTION = "kb_share_in_channel"
FEEDBACK_MODAL = "kb_feedback_reason"

_UNSAFE_IN_URL = re.compile(r"[|\s\x00-\x1f\x7f]")
_CONFIDENCE = {
    "high": ":large_green_circle: High confidence",
    "medium": ":large_yellow_circle: Medium confidence",
    "low": ":red_circle: Low confidence — please verify in the sources",
}


@dataclass(frozen=True)
class SlackMessage:
    text: str  # notification / accessibility fallback
    blocks: list[Block]


_FENCE_MARK = "```"


def split_text(text: str, limit: int = LIMITS.section_text) -> list[str]:
    """Split at paragraph, then line, then word boundaries so each part fits ``limit``.

    A part that ends inside a code block closes it, and the next part opens it again: each
    section block is rendered alone, so an open fence would run to its end and the rest of
    the code would show as text."""
    fences = _FENCE_MARK in text
    budget = limit - 2 * (len(_FENCE_MARK) + 1) if fences else limit
    parts: list[str] = []
    rest = text.strip()
    while len(rest) > budget:
        window = rest[:budget]
        cut = max(window.rfind("\n\n"), -1)
        if cut < limit // 3:
            cut = window.rfind("\n")
        if cut < limit // 3:
            cut = window.rfind(" ")
        if cut <= 0:
            cut = budget
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        parts.append(rest)
    return _fences_closed(parts) if fences else parts


def _is_fence(line: str) -> bool:
    """A line that opens or closes a code block ("```bash", "```"), not "```x``` inline"."""
    bare = line.strip()
    return bare.startswith(_FENCE_MARK) and bare.count(_FENCE_MARK) == 1


def _fences_closed(parts: list[str]) -> list[str]:
    out: list[str] = []
    open_fence = False
    for part in parts:
        text = f"{_FENCE_MARK}\n{part}" if open_fence else part
        marks = sum(1 for line in part.split("\n") if _is_fence(line))
        open_fence = open_fence != (marks % 2 == 1)
        out.append(f"{text}\n{_FENCE_MARK}" if open_fence else text)
    return out


def link(url: str, title: str) -> str:
    """<url|title> with both parts safe: a "|", ">" or space in either cannot break the link
    (urls are checked at ingest; an index written before that may still hold such urls)."""
    href = _UNSAFE_IN_URL.sub(lambda m: quote(m.group(0)), url)
    return f"<{escape(href)}|{escape(title).replace('|', '¦')}>"


def source_line(source: Source) -> str:
    title = link(source.url, source.anchor) if source.url else escape(source.anchor)
    line = f"[{source.number}] {title}"
    if source.kind == "verified":
        who = f"<@{source.verified_by}>" if source.verified_by else "an expert"
        line += f" · :white_check_mark: Verified by {who} on {source.updated.isoformat()}"
        return line + (" · due for review" if source.outdated else "")
    if source.outdated:
        line += f" · updated {source.updated.isoformat()}"
    return line


def confidence_line(result: AnswerResult) -> str:
    hint = _CONFIDENCE[result.confidence]
    pages = len({s.doc_id for s in result.sources})
    if result.confidence != "low" and pages:
        hint += f" · {pages} source{'s' if pages != 1 else ''}"
    return hint


def fallback_text(result: AnswerResult, limit: int = 300) -> str:
    """The notification text: Slack parses it too, so it is escaped like the blocks."""
    text = " ".join(result.answer.split())
    text = text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
    return escape(text)


def answer_messages(
    result: AnswerResult, *, ephemeral: bool = False, actions: bool = True
) -> list[SlackMessage]:
    """The answer as one message, or several when it would exceed one message's limits.

    ``actions``: the feedback (and, if ``ephemeral``, share) buttons; they need the query log.
    """
    body: list[Block] = [
        SectionBlock(text=MarkdownTextObject(text=part))
        for part in split_text(to_mrkdwn(result.answer))
    ]
    tail: list[Block] = []
    if result.status == "not_found" and result.suggestions:
        tail.append(
            ContextBlock(
                elements=[MarkdownTextObject(text="You might look at:")]
                + [
                    MarkdownTextObject(text=link(s.url, s.anchor))
                    for s in result.suggestions[: LIMITS.context_elements - 1]
                ]
            )
        )
    if result.sources:
        lines = [source_line(s) for s in result.sources]
        tail.append(ContextBlock(elements=[MarkdownTextObject(text=t) for t in _group(lines)]))
    if result.status == "answered":
        tail.append(ContextBlock(elements=[MarkdownTextObject(text=confidence_line(result))]))
    if result.warnings:
        warnings = [f":warning: {escape(w)}" for w in result.warnings]
        tail.append(ContextBlock(elements=[MarkdownTextObject(text=t) for t in _group(warnings)]))
    if actions and result.status in ("answered", "not_found"):
        tail.append(actions_block(result.query_id, ephemeral))

    most = LIMITS.blocks_per_message
    room = most - len(tail)
    messages: list[SlackMessage] = []
    text = fallback_text(result)
    while len(body) > room:
        messages.append(SlackMessage(text=text, blocks=body[:most]))
        body = body[most:]
    messages.append(SlackMessage(text=text, blocks=body + tail))
    return messages


def _group(lines: list[str]) -> list[str]:
    """At most ``LIMITS.context_elements``: pack lines together when there are more."""
    most = LIMITS.context_elements
    if len(lines) <= most:
        return lines
    per = -(-len(lines) // most)
    return ["\n".join(lines[i : i + per]) for i in range(0, len(lines), per)]


def actions_block(query_id: str, ephemeral: bool) -> ActionsBlock:
    elements = [
        ButtonElement(text="Helpful", action_id=FEEDBACK_HELPFUL, value=query_id),
        ButtonElement(text="Not helpful", action_id=FEEDBACK_NOT_HELPFUL, value=query_id),
    ]
    if ephemeral:
        elements.insert(
            0,
            ButtonElement(
                text="Share in channel", action_id=SHARE_ACTION, value=query_id, style="primary"
            ),
        )
    return ActionsBlock(block_id=f"kb_actions_{query_id}", elements=elements)


def feedback_recorded_block(verdict: str, user: str) -> ContextBlock:
    label = "helpful" if verdict == "helpful" else "not helpful"
    return ContextBlock(elements=[MarkdownTextObject(text=f"<@{user}> marked this {label}.")])


def simple_message(text: str) -> SlackMessage:
    return SlackMessage(text=text, blocks=[SectionBlock(text=MarkdownTextObject(text=text))])


def to_dicts(blocks: list[Block]) -> list[dict]:
    return [b.to_dict() for b in blocks]
