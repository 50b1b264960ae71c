"""The weekly digest: the most asked unanswered questions, posted to KB_GAPS_CHANNEL.

The questions are for the access.yml admins only, so the digest is posted only while every
member of the channel is an admin (or the bot); closest pages only from spaces the channel
may read. Once a week across all processes (the query log keeps the schedule).
"""

from __future__ import annotations

import threading
import time

import structlog
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.models.blocks import HeaderBlock

from .blocks import to_dicts
from .context import BotContext
from .conversations import Conversations
from .home import gap_blocks
from .periodic import every

log = structlog.get_logger(__name__)

WEEK_S = 7 * 86400
DIGEST_GAPS = 5
CHECK_EVERY_S = 3600.0


class GapDigest:
    def __init__(self, ctx: BotContext, conversations: Conversations) -> None:
        self.ctx = ctx
        self.conversations = conversations

    def start(self, client: WebClient, interval_s: float = CHECK_EVERY_S) -> threading.Event:
        """Check every ``interval_s`` whether a week has passed; set the event to stop."""
        if not self.ctx.gaps_channel:
            return threading.Event()

        def post_when_due() -> None:
            if self.ctx.query_log.due("gaps_digest", WEEK_S):
                self.post(client)

        self.ctx.query_log.due("gaps_digest", WEEK_S)  # a first start begins the week
        return every(interval_s, post_when_due, "gaps-digest", now=False)

    def post(self, client: WebClient) -> bool:
        """Post the digest now; False when refused or there is nothing to post."""
        channel = self.ctx.gaps_channel
        if not channel:
            return False
        outsiders = self._members(client, channel) - self.ctx.access.admins
        outsiders -= {self.ctx.bot_user_id}
        if outsiders:
            log.error("gaps_digest_refused", channel=channel, non_admin_members=len(outsiders))
            return False
        gaps = self.ctx.service.gaps(time.time() - WEEK_S)[:DIGEST_GAPS]
        if not gaps:
            return False
        external = self.conversations.is_external(client, channel)
        readable = self.ctx.access.channel_spaces(channel, external)
        blocks = [HeaderBlock(text="Unanswered questions this week")]
        for gap in gaps:
            blocks += gap_blocks(gap, readable)
        client.chat_postMessage(
            channel=channel, text="Unanswered questions this week", blocks=to_dicts(blocks)
        )
        log.info("gaps_digest_posted", channel=channel, gaps=len(gaps))
        return True

    @staticmethod
    def _members(client: WebClient, channel: str) -> set[str]:
        members: set[str] = set()
        cursor = None
        try:
            while True:
                page = client.conversations_members(channel=channel, cursor=cursor, limit=1000)
                members.update(page.get("members", []))
                cursor = page.get("response_metadata", {}).get("next_cursor")
                if not cursor:
                    return members
        except SlackApiError as exc:  # cannot tell who would read it: do not post
            log.error("gaps_digest_members_failed", channel=channel, error=str(exc))
            return {"?"}
