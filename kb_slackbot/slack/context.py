"""What every Slack listener shares: the answer engine, the guards and who the bot is."""

from __future__ import annotations

from dataclasses import dataclass

from ..access import AccessPolicy
from ..answer.knowledge_loop import KnowledgeLoop
from ..answer.querylog import QueryLog
from ..answer.service import AnswerService
from .guards import EventDeduplicator, RateLimiter
from .journal import AnswerJournal
from .pool import AnswerPool


@dataclass
class BotContext:
    service: AnswerService
    pool: AnswerPool
    dedupe: EventDeduplicator
    journal: AnswerJournal
    limiter: RateLimiter
    access: AccessPolicy
    query_log: QueryLog
    bot_user_id: str
    bot_id: str
    thread_history: int = 10
    allowed_bot_ids: frozenset[str] = frozenset()
    channel_info_ttl_s: float = 300.0
    gaps_channel: str | None = None  # the weekly digest of unanswered questions
    loop: KnowledgeLoop | None = None  # verified answers (None: experts cannot save any)
    team_url: str = ""  # https://<team>.slack.com/, for links to experts' messages

    def is_ours(self, message: dict) -> bool:
        """Written by this bot (its user or its bot id)."""
        return message.get("user") == self.bot_user_id or message.get("bot_id") == self.bot_id
