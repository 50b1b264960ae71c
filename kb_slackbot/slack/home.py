"""The App Home tab: how to ask, and, for members of the ``admins`` group, the gap list.

The questions people could not get answered are shown to admins only; the closest page of a
gap only if its space is one the admin may read (a DM-only answer would draw on the same).
"""

from __future__ import annotations

import time
from datetime import datetime

import structlog
from slack_sdk import WebClient
from slack_sdk.models.blocks import (
    ContextBlock,
    DividerBlock,
    HeaderBlock,
    MarkdownTextObject,
    SectionBlock,
)
from slack_sdk.models.views import View

from ..answer.gaps import Gap
from .context import BotContext
from .markup import escape
from .texts import HELP_TEXT

log = structlog.get_logger(__name__)

HOME_GAPS = 10  # the most asked gaps shown
HOME_DAYS = 30


class Home:
    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx

    def on_home_opened(self, event: dict, client: WebClient) -> None:
        if event.get("tab") != "home":
            return
        user = event.get("user", "")
        gaps = None
        if self.ctx.access.is_admin(user):
            gaps = self.ctx.service.gaps(time.time() - HOME_DAYS * 86400)[:HOME_GAPS]
        view = home_view(gaps, readable=self.ctx.access.user_spaces(user))
        client.views_publish(user_id=user, view=view)
        log.info("home_published", admin=gaps is not None)


def home_view(gaps: list[Gap] | None, readable: frozenset[str]) -> View:
    """``gaps`` None: not an admin (no gap list at all)."""
    blocks: list = [SectionBlock(text=HELP_TEXT)]
    if gaps is not None:
        blocks += [DividerBlock(), HeaderBlock(text=f"Unanswered questions, last {HOME_DAYS} days")]
        if not gaps:
            blocks.append(SectionBlock(text="Nothing unanswered. :tada:"))
        for gap in gaps:
            blocks += gap_blocks(gap, readable)
    return View(type="home", blocks=blocks)


def gap_blocks(gap: Gap, readable: frozenset[str]) -> list:
    wordings = "\n".join(f"• {escape(q)}" for q in gap.questions[:3])
    reasons = "".join(f"\n👎 _{escape(r)}_" for r in gap.reasons[:2])
    last = datetime.fromtimestamp(gap.last).strftime("%Y-%m-%d")
    facts = f"asked {len(gap.asked)}× by {len(gap.askers)} · last {last}"
    page = gap.near_miss(readable)
    if page:
        facts += f" · closest page: <{page.url}|{escape(page.title)}>"
    return [
        SectionBlock(text=(wordings + reasons)[:3000]),
        ContextBlock(elements=[MarkdownTextObject(text=facts[:3000])]),
    ]
