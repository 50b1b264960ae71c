"""Bolt listeners: @mentions, DMs, /kb, feedback and share buttons.

Every listener returns at once (Bolt acks events before listeners run; commands and actions
ack first thing); the answer is produced in the bounded :class:`AnswerPool`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
from slack_bolt import App
from slack_bolt.context.respond import Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.models.blocks import InputBlock, PlainTextInputElement
from slack_sdk.models.views import View

from ..access import AccessPolicy
from ..answer.models import AnswerResult
from ..answer.querylog import QueryLog
from ..answer.question import clean_question
from ..answer.service import AnswerService
from ..llm.base import Message
from .blocks import (
    FEEDBACK_HELPFUL,
    FEEDBACK_MODAL,
    FEEDBACK_NOT_HELPFUL,
    SECTION_LIMIT,
    SHARE_ACTION,
    SlackMessage,
    answer_messages,
    feedback_recorded_block,
    simple_message,
    split_text,
    to_dicts,
)
from .guards import EventDeduplicator, RateLimiter
from .journal import AnswerJournal
from .mrkdwn import escape
from .pool import Admission, AnswerPool
from .share import unreadable_spaces

log = structlog.get_logger(__name__)

HELP_TEXT = (
    "*Ask me anything that's in our knowledge base.*\n"
    "• Mention me in a channel: `@kb how do I set up the VPN?` — I answer in a thread, "
    "and follow-up mentions in that thread keep the conversation.\n"
    "• `/kb your question` — only you see the answer, with a button to share it.\n"
    "• Or send me a direct message.\n"
    "Every answer links the pages it comes from. If the pages don't cover it, I'll say so."
)
SEARCHING = ":mag: Searching the knowledge base…"
QUEUED = (
    ":hourglass_flowing_sand: I'm busy right now; your question is queued and I'll answer shortly."
)
TOO_BUSY = "I'm overloaded right now and couldn't take your question. Please ask again in a minute."
RATE_LIMITED = "You've asked a lot of questions in the last minute. Give me a moment and ask again."
APOLOGY = (
    "Sorry, something went wrong while answering your question. "
    "Please try again in a moment. (reference: {query_id})"
)
RESTARTED = "Sorry, I was restarted before I could answer this question. Please ask it again."
CHANNEL_CACHE_MAX = 10_000
SKIPPED_SUBTYPES = {None, "file_share", "thread_broadcast"}  # others are edits, joins, …


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


class SlackBot:
    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx
        self._channel_cache: dict[str, tuple[float, bool]] = {}

    def register(self, app: App) -> None:
        app.event("app_mention")(self.on_mention)
        app.event("message")(self.on_message)
        app.command("/kb")(self.on_command)
        app.action(FEEDBACK_HELPFUL)(self.on_feedback)
        app.action(FEEDBACK_NOT_HELPFUL)(self.on_feedback)
        app.action(SHARE_ACTION)(self.on_share)
        app.view(FEEDBACK_MODAL)(self.on_feedback_reason)

    # --- entry points --------------------------------------------------------------------

    def on_mention(self, body: dict, event: dict, client: WebClient) -> None:
        if self._ignored(event) or not self._first_delivery(body, event):
            return
        channel, ts = event["channel"], event["ts"]
        thread_ts = event.get("thread_ts") or ts
        question = clean_question(event.get("text", ""))
        if not question:
            client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=HELP_TEXT)
            return
        spaces = self.ctx.access.channel_spaces(channel, self._is_external(client, channel))
        self._answer_in_thread(
            client, channel, ts, thread_ts, event.get("user", ""), question, spaces
        )

    def on_message(self, body: dict, event: dict, client: WebClient) -> None:
        if event.get("channel_type") != "im" or event.get("subtype") not in SKIPPED_SUBTYPES:
            return
        if self._ignored(event) or not self._first_delivery(body, event):
            return
        question = clean_question(event.get("text", ""))
        channel, ts = event["channel"], event["ts"]
        if not question:
            return
        if question.lower() in ("help", "?"):
            client.chat_postMessage(channel=channel, text=HELP_TEXT)
            return
        user = event.get("user", "")
        self._answer_in_thread(
            client,
            channel,
            ts,
            event.get("thread_ts"),
            user,
            question,
            self.ctx.access.user_spaces(user),
        )

    def on_command(self, ack: Callable, command: dict, respond: Callable) -> None:
        text = (command.get("text") or "").strip()
        if not text or text.lower() in ("help", "?"):
            ack(response_type="ephemeral", text=HELP_TEXT)
            return
        user = command.get("user_id", "")
        if not self.ctx.limiter.allow(user):
            ack(response_type="ephemeral", text=RATE_LIMITED)
            return
        spec = {
            "kind": "command",
            "response_url": command.get("response_url"),
            "question": text,
            "spaces": sorted(self.ctx.access.user_spaces(user)),
        }
        admission = self.submit(spec, respond=respond)
        ack(
            response_type="ephemeral",
            text={Admission.RUNNING: SEARCHING, Admission.QUEUED: QUEUED}.get(admission, TOO_BUSY),
        )

    # --- buttons and modal ---------------------------------------------------------------

    def on_feedback(self, ack: Callable, body: dict, client: WebClient, respond: Callable):
        ack()
        action = body["actions"][0]
        verdict = "helpful" if action["action_id"] == FEEDBACK_HELPFUL else "not_helpful"
        query_id, user = action["value"], body["user"]["id"]
        self.ctx.query_log.record_feedback(query_id, verdict, user)
        log.info("feedback", query_id=query_id, verdict=verdict)
        blocks = [
            b
            for b in body.get("message", {}).get("blocks", [])
            if not str(b.get("block_id", "")).startswith("kb_actions_")
        ] + [feedback_recorded_block(verdict, user).to_dict()]
        container = body.get("container", {})
        channel = container.get("channel_id") or body.get("channel", {}).get("id")
        if container.get("is_ephemeral"):
            respond(blocks=blocks, replace_original=True, text="Thanks for your feedback")
        elif channel:
            client.chat_update(
                channel=channel,
                ts=container.get("message_ts"),
                blocks=blocks,
                text=body.get("message", {}).get("text", "Answer"),
            )
        if verdict == "not_helpful" and body.get("trigger_id"):
            client.views_open(trigger_id=body["trigger_id"], view=_reason_modal(query_id))
        elif channel:
            client.chat_postEphemeral(
                channel=channel, user=user, text="Thanks for the feedback! :pray:"
            )

    def on_feedback_reason(self, ack: Callable, body: dict, view: dict) -> None:
        ack()
        values = view.get("state", {}).get("values", {})
        reason = values.get("reason", {}).get("reason_input", {}).get("value")
        self.ctx.query_log.record_feedback(
            view.get("private_metadata", ""), "not_helpful", body["user"]["id"], reason
        )

    def on_share(self, ack: Callable, body: dict, client: WebClient, respond: Callable) -> None:
        ack()
        query_id = body["actions"][0]["value"]
        user = body["user"]["id"]
        channel = body.get("container", {}).get("channel_id") or body["channel"]["id"]
        result = self.ctx.query_log.result(query_id)
        if result is None:
            respond(text="That answer has expired; please ask again.", replace_original=False)
            return
        allowed = self.ctx.access.channel_spaces(channel, self._is_external(client, channel))
        restricted = unreadable_spaces(result, allowed)
        if restricted:
            log.info("share_refused", query_id=query_id, channel=channel, spaces=sorted(restricted))
            respond(
                replace_original=False,
                text=(
                    "I can't share this answer here: it uses pages that not everyone in this "
                    "channel may read. Mention me in the channel to get an answer from the "
                    "pages this channel can see."
                ),
            )
            return
        for message in answer_messages(result):
            client.chat_postMessage(
                channel=channel,
                text=message.text,
                blocks=to_dicts(message.blocks),
            )
        respond(delete_original=True)
        log.info("answer_shared", query_id=query_id, user=user, channel=channel)

    # --- the answering job ---------------------------------------------------------------

    def _answer_in_thread(
        self,
        client: WebClient,
        channel: str,
        ts: str,
        thread_ts: str | None,
        user: str,
        question: str,
        spaces: frozenset[str],
    ) -> None:
        reply_ts = thread_ts or None
        if not self.ctx.limiter.allow(user):
            client.chat_postMessage(channel=channel, thread_ts=reply_ts, text=RATE_LIMITED)
            return
        _quietly(client.reactions_add, channel=channel, timestamp=ts, name="eyes")
        placeholder_response = _quietly(
            client.chat_postMessage, channel=channel, thread_ts=reply_ts, text=SEARCHING
        )
        spec = {
            "kind": "thread",
            "channel": channel,
            "ts": ts,
            "thread_ts": thread_ts,
            "question": question,
            "spaces": sorted(spaces),
            "placeholder": placeholder_response["ts"] if placeholder_response else None,
        }
        admission = self.submit(spec, client=client)
        if admission is Admission.QUEUED and spec["placeholder"]:
            _quietly(client.chat_update, channel=channel, ts=spec["placeholder"], text=QUEUED)

    def submit(
        self,
        spec: dict[str, Any],
        client: WebClient | None = None,
        respond: Callable[..., Any] | None = None,
    ) -> Admission:
        """Journal an accepted question, then answer it in the pool (or say we're too busy)."""
        job_id = self.ctx.journal.add(spec)
        admission = self._submit_journaled(job_id, spec, client, respond)
        if admission is Admission.REJECTED:
            self.ctx.journal.done(job_id)
            if spec["kind"] == "thread" and client is not None:
                self._finish_thread(client, spec, TOO_BUSY)
        return admission

    def _submit_journaled(
        self,
        job_id: int,
        spec: dict[str, Any],
        client: WebClient | None,
        respond: Callable[..., Any] | None,
    ) -> Admission:
        """Answer a journaled question in the pool; its entry is removed once it has run."""

        def job() -> None:
            try:
                self._run(spec, client, respond)
            finally:
                self.ctx.journal.done(job_id)

        return self.ctx.pool.submit(job)

    def _run(
        self, spec: dict[str, Any], client: WebClient | None, respond: Callable[..., Any] | None
    ) -> None:
        if spec["kind"] == "command":
            self._command_job(respond or Respond(response_url=spec["response_url"]), spec)
        elif client is not None:
            self._thread_job(client, spec)

    def _command_job(self, respond: Callable[..., Any], spec: dict[str, Any]) -> None:
        result = self._safe_answer(spec["question"], [], frozenset(spec["spaces"]))
        if result is None:
            respond(text=APOLOGY.format(query_id="-"), replace_original=True)
            return
        messages = answer_messages(result, ephemeral=True, actions=self.ctx.query_log.enabled)
        for n, message in enumerate(messages):
            respond(
                text=message.text,
                blocks=to_dicts(message.blocks),
                response_type="ephemeral",
                replace_original=n == 0,
            )

    def _thread_job(self, client: WebClient, spec: dict[str, Any]) -> None:
        channel, ts, thread_ts = spec["channel"], spec["ts"], spec["thread_ts"]
        placeholder, reply_ts = spec["placeholder"], thread_ts or None
        try:
            history = self._history(client, channel, thread_ts, ts)
            result = self._safe_answer(spec["question"], history, frozenset(spec["spaces"]))
            if result is None:
                self._deliver_text(
                    client, channel, reply_ts, placeholder, APOLOGY.format(query_id="-")
                )
                return
            self._deliver(client, channel, reply_ts, placeholder, result)
        except Exception as exc:
            log.exception("answer_delivery_failed", channel=channel, error=str(exc))
            self._deliver_text(client, channel, reply_ts, placeholder, APOLOGY.format(query_id="-"))
        finally:
            _quietly(client.reactions_remove, channel=channel, timestamp=ts, name="eyes")

    def _finish_thread(self, client: WebClient, spec: dict[str, Any], text: str) -> None:
        """Reply with ``text`` instead of an answer, in place of the placeholder."""
        channel = spec["channel"]
        self._deliver_text(client, channel, spec["thread_ts"], spec["placeholder"], text)
        _quietly(client.reactions_remove, channel=channel, timestamp=spec["ts"], name="eyes")

    # --- questions left behind by a process that died ---------------------------------------

    def recover_orphans(self, client: WebClient) -> int:
        """Answer questions whose process died before replying; returns how many were taken."""
        free = max(0, self.ctx.pool.capacity - self.ctx.pool.pending)
        orphans = self.ctx.journal.take_orphans(limit=free)
        for pending in orphans.to_give_up:
            log.warning("orphan_given_up", job=pending.id, attempts=pending.attempts)
            try:
                if pending.spec["kind"] == "thread":
                    self._finish_thread(client, pending.spec, RESTARTED)
                else:
                    Respond(response_url=pending.spec["response_url"])(
                        text=RESTARTED, replace_original=True
                    )
            except Exception as exc:  # an expired response_url, a deleted channel, …
                log.warning("orphan_apology_failed", job=pending.id, error=str(exc))
            finally:
                self.ctx.journal.done(pending.id)
        for pending in orphans.to_answer:
            log.info("orphan_resumed", job=pending.id, kind=pending.spec["kind"])
            admission = self._submit_journaled(pending.id, pending.spec, client, None)
            if admission is Admission.REJECTED:
                self.ctx.journal.release(pending.id)  # full or closing: another turn, or process
        return len(orphans.to_answer)

    def start_recovery(self, client: WebClient, interval_s: float = 5.0) -> threading.Event:
        """Renew this process's lease and adopt orphans every ``interval_s``; set to stop."""
        stop = threading.Event()

        def loop() -> None:
            while True:
                try:
                    self.ctx.journal.heartbeat()
                    self.recover_orphans(client)
                except Exception:
                    log.exception("orphan_recovery_failed")
                if stop.wait(interval_s):
                    return

        threading.Thread(target=loop, name="kb-recovery", daemon=True).start()
        return stop

    def _safe_answer(
        self, question: str, history: list[Message], spaces: frozenset[str]
    ) -> AnswerResult | None:
        try:
            return self.ctx.service.answer(question, history=history, spaces=spaces)
        except Exception:  # never a stack trace in Slack; the log has it
            log.exception("answer_failed", question_chars=len(question))
            return None

    def _deliver(
        self,
        client: WebClient,
        channel: str,
        thread_ts: str | None,
        placeholder: str | None,
        result: AnswerResult,
    ) -> None:
        messages = answer_messages(result, actions=self.ctx.query_log.enabled)
        try:
            self._post(client, channel, thread_ts, placeholder, messages[0])
            for extra in messages[1:]:
                self._post(client, channel, thread_ts, None, extra)
        except SlackApiError as exc:
            error = exc.response.get("error", "")
            log.warning("slack_rejected_blocks", query_id=result.query_id, error=error)
            if error in ("msg_too_long", "invalid_blocks", "invalid_blocks_format"):
                self._deliver_text(client, channel, thread_ts, placeholder, plain_answer(result))
            else:
                self._deliver_text(
                    client,
                    channel,
                    thread_ts,
                    placeholder,
                    APOLOGY.format(query_id=result.query_id),
                )

    def _post(
        self,
        client: WebClient,
        channel: str,
        thread_ts: str | None,
        placeholder: str | None,
        message: SlackMessage,
    ) -> None:
        blocks = to_dicts(message.blocks)
        if placeholder:
            client.chat_update(channel=channel, ts=placeholder, text=message.text, blocks=blocks)
        else:
            client.chat_postMessage(
                channel=channel, thread_ts=thread_ts, text=message.text, blocks=blocks
            )

    def _deliver_text(
        self,
        client: WebClient,
        channel: str,
        thread_ts: str | None,
        placeholder: str | None,
        text: str,
    ) -> None:
        for n, part in enumerate(_text_parts(text)):
            message = simple_message(part)
            try:
                self._post(client, channel, thread_ts, placeholder if n == 0 else None, message)
            except SlackApiError as exc:
                log.error("slack_post_failed", error=exc.response.get("error"))
                return

    # --- helpers -------------------------------------------------------------------------

    def _ignored(self, event: dict) -> bool:
        if event.get("user") == self.ctx.bot_user_id or event.get("bot_id") == self.ctx.bot_id:
            return True
        bot_id = event.get("bot_id")
        return bool(bot_id) and bot_id not in self.ctx.allowed_bot_ids

    def _first_delivery(self, body: dict, event: dict) -> bool:
        key = (
            body.get("event_id")
            or event.get("client_msg_id")
            or (f"{event.get('channel')}:{event.get('ts')}")
        )
        # One message can arrive both as app_mention and as message.im; answer it once.
        message_key = f"msg:{event.get('channel')}:{event.get('ts')}"
        if not self.ctx.dedupe.claim(str(key)):
            log.info("duplicate_delivery_ignored", key=key)
            return False
        return self.ctx.dedupe.claim(message_key)

    def _history(
        self, client: WebClient, channel: str, thread_ts: str | None, current_ts: str
    ) -> list[Message]:
        if self.ctx.thread_history <= 0 or not thread_ts:
            return []
        try:
            response = client.conversations_replies(
                channel=channel, ts=thread_ts, limit=self.ctx.thread_history + 2
            )
        except SlackApiError as exc:  # thread deleted, scope missing, …: answer without it
            log.warning("thread_history_unavailable", error=exc.response.get("error"))
            return []
        history: list[Message] = []
        for message in response.get("messages", []):
            if message.get("ts") == current_ts or message.get("text") in (SEARCHING, QUEUED):
                continue
            from_bot = message.get("user") == self.ctx.bot_user_id or (
                message.get("bot_id") == self.ctx.bot_id
            )
            text = clean_question(message.get("text", ""))
            if text:
                history.append(Message("assistant" if from_bot else "user", text))
        return history[-self.ctx.thread_history :]

    def _is_external(self, client: WebClient, channel: str) -> bool:
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


def plain_answer(result: AnswerResult) -> str:
    """The answer without Block Kit, for when Slack rejects the blocks; still escaped."""
    lines = [result.answer]
    if result.sources:
        lines.append("")
        lines.extend(f"[{s.number}] {s.title} — {s.url}" for s in result.sources)
    return escape("\n".join(lines))


def _text_parts(text: str, limit: int = SECTION_LIMIT) -> list[str]:
    return split_text(text, limit) or [text]


def _reason_modal(query_id: str) -> View:
    return View(
        type="modal",
        callback_id=FEEDBACK_MODAL,
        private_metadata=query_id,
        title="What was wrong?",
        submit="Send",
        close="Skip",
        blocks=[
            InputBlock(
                block_id="reason",
                label="Tell us what was missing or wrong (optional)",
                optional=True,
                element=PlainTextInputElement(action_id="reason_input", multiline=True),
            )
        ],
    )


def _quietly(call: Callable[..., Any], **kwargs: Any) -> Any:
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
