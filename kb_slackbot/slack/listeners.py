"""Where questions come in: @mentions, direct messages and ``/kb``.

Every listener returns at once (Bolt acks events before listeners run; the command acks first
thing); the answer is produced by an :class:`AnswerJobs` job in the bounded pool.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog
from slack_sdk import WebClient

from .context import BotContext
from .conversations import Conversations
from .delivery import quietly
from .guards import delivery_keys
from .jobs import AnswerJobs, CommandJob, ThreadJob
from .markup import clean_text
from .pool import Admission
from .texts import HELP_TEXT, QUEUED, RATE_LIMITED, SEARCHING, TOO_BUSY
from .verify import Verification

log = structlog.get_logger(__name__)

SKIPPED_SUBTYPES = {None, "file_share", "thread_broadcast"}  # others are edits, joins, …
HELP_WORDS = ("help", "?")


class Listeners:
    def __init__(
        self,
        ctx: BotContext,
        conversations: Conversations,
        jobs: AnswerJobs,
        verification: Verification,
    ) -> None:
        self.ctx = ctx
        self.conversations = conversations
        self.jobs = jobs
        self.verification = verification

    def on_mention(self, body: dict, event: dict, client: WebClient) -> None:
        if self._ignored(event) or not self._first_delivery(body, event):
            return
        channel, ts = event["channel"], event["ts"]
        thread_ts = event.get("thread_ts") or ts
        question = clean_text(event.get("text", ""))
        if not question:
            client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=HELP_TEXT)
            return
        spaces = self.ctx.access.channel_spaces(
            channel, self.conversations.is_external(client, channel)
        )
        self._answer_in_thread(client, event, thread_ts, question, spaces, "mention")

    def on_message(self, body: dict, event: dict, client: WebClient) -> None:
        if event.get("subtype") not in SKIPPED_SUBTYPES:
            return
        if event.get("channel_type") in ("channel", "group"):
            if self._expert_reply(event) and self._first_reply_delivery(body, event):
                self.verification.on_thread_reply(event, client)
            return
        if event.get("channel_type") != "im":
            return
        if self._ignored(event) or not self._first_delivery(body, event):
            return
        question = clean_text(event.get("text", ""))
        if not question:
            return
        if question.lower() in HELP_WORDS:
            client.chat_postMessage(channel=event["channel"], text=HELP_TEXT)
            return
        spaces = self.ctx.access.user_spaces(event.get("user", ""))
        self._answer_in_thread(client, event, event.get("thread_ts"), question, spaces, "dm")

    def on_command(self, ack: Callable, command: dict, respond: Callable) -> None:
        question = clean_text(command.get("text") or "")
        if not question or question.lower() in HELP_WORDS:
            ack(response_type="ephemeral", text=HELP_TEXT)
            return
        user = command.get("user_id", "")
        if not self.ctx.limiter.allow(user):
            ack(response_type="ephemeral", text=RATE_LIMITED)
            return
        job = CommandJob(
            response_url=command.get("response_url"),
            question=question,
            spaces=tuple(sorted(self.ctx.access.user_spaces(user))),
            user=user,
            channel=command.get("channel_id", ""),
        )
        admission = self.jobs.submit(job, respond=respond)
        ack(
            response_type="ephemeral",
            text={Admission.RUNNING: SEARCHING, Admission.QUEUED: QUEUED}.get(admission, TOO_BUSY),
        )

    def _answer_in_thread(
        self,
        client: WebClient,
        event: dict,
        thread_ts: str | None,
        question: str,
        spaces: frozenset[str],
        via: str,
    ) -> None:
        """Acknowledge in Slack (👀 and a placeholder), then hand the question to a job."""
        channel, ts = event["channel"], event["ts"]
        if not self.ctx.limiter.allow(event.get("user", "")):
            client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=RATE_LIMITED)
            return
        quietly(client.reactions_add, channel=channel, timestamp=ts, name="eyes")
        placeholder = quietly(
            client.chat_postMessage, channel=channel, thread_ts=thread_ts, text=SEARCHING
        )
        job = ThreadJob(
            channel=channel,
            ts=ts,
            thread_ts=thread_ts,
            question=question,
            spaces=tuple(sorted(spaces)),
            placeholder=placeholder["ts"] if placeholder else None,
            user=event.get("user", ""),
            via=via,
        )
        admission = self.jobs.submit(job, client=client)
        if admission is Admission.QUEUED and job.placeholder:
            quietly(client.chat_update, channel=channel, ts=job.placeholder, text=QUEUED)

    def _ignored(self, event: dict) -> bool:
        """The bot's own messages, and other bots' unless allowed (KB_ALLOWED_BOT_IDS)."""
        if self.ctx.is_ours(event):
            return True
        bot_id = event.get("bot_id")
        return bool(bot_id) and bot_id not in self.ctx.allowed_bot_ids

    def _expert_reply(self, event: dict) -> bool:
        """A thread reply in a channel by an expert (a candidate verified answer)."""
        return (
            bool(event.get("thread_ts"))
            and event.get("thread_ts") != event.get("ts")
            and not self._ignored(event)
            and bool(self.ctx.access.expert_spaces(event.get("user", "")))
        )

    def _first_reply_delivery(self, body: dict, event: dict) -> bool:
        """Its own key: the same message may also arrive as an ``app_mention`` to answer."""
        delivery, _message = delivery_keys(body, event)
        return self.ctx.dedupe.claim(f"reply:{delivery}")

    def _first_delivery(self, body: dict, event: dict) -> bool:
        delivery, message = delivery_keys(body, event)
        if not self.ctx.dedupe.claim(delivery):
            log.info("duplicate_delivery_ignored", key=delivery)
            return False
        return self.ctx.dedupe.claim(message)
