"""Reads from Slack that an answer depends on: a thread's earlier messages, and whether a
channel is shared outside the workspace."""

from __future__ import annotations

import time

import structlog
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from ..answer.models import Turn
from .context import BotContext
from .markup import clean_text
from .texts import QUEUED, SEARCHING

log = structlog.get_logger(__name__)

CHANNEL_CACHE_MAX = 10_000


class Conversations:
    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx
        self._channel_cache: dict[str, tuple[float, bool]] = {}

    def history(
        self, client: WebClient, channel: str, thread_ts: str | None, current_ts: str
    ) -> list[Turn]:
        """The thread's last messages before ``current_ts``, oldest first ([] on failure)."""
        limit = self.ctx.thread_history
        if limit <= 0 or not thread_ts:
            return []
        try:
            response = client.conversations_replies(channel=channel, ts=thread_ts, limit=limit + 2)
        except SlackApiError as exc:  # thread deleted, scope missing, …: answer without it
            log.warning("thread_history_unavailable", error=exc.response.get("error"))
            return []
        turns: list[Turn] = []
        for message in response.get("messages", []):
            if message.get("ts") == current_ts or message.get("text") in (SEARCHING, QUEUED):
                continue
            text = clean_text(message.get("text", ""))
            if text:
                turns.append(Turn("assistant" if self.ctx.is_ours(message) else "user", text))
        return turns[-limit:]

    def is_external(self, client: WebClient, channel: str) -> bool:
        """Slack Connect or guest-shared channels get public pages only (cached lookup)."""
        if channel.startswith("D"):
            return False
        cached = self._channel_cache.get(channel)
        if cached and time.monotonic() - cached[0] < self.ctx.channel_info_ttl_s:
            return cached[1]
        try:
            info = client.conversations_info(channel=channel)["channel"]
            external = bool(info.get("is_ext_shared") or info.get("is_pending_ext_shared"))
        except SlackApiError:
            external = True  # cannot tell: assume the strictest case
        if len(self._channel_cache) >= CHANNEL_CACHE_MAX:
            self._channel_cache.clear()  # bounded memory; a refill costs one lookup per channel
        self._channel_cache[channel] = (time.monotonic(), external)
        return external
