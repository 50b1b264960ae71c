"""Answer jobs: typed, frozen descriptions of an accepted question; journaled before they
run in the bounded pool, so questions left behind by a dead process are answered later.

The journal stores a job as the JSON of :func:`to_record` (``kind`` tells the two apart);
that shape is shared with processes of other versions, so it only ever gains fields.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
from slack_bolt.context.respond import Respond
from slack_sdk import WebClient

from ..answer.models import AnswerResult, Asker, Turn
from .blocks import answer_messages, to_dicts
from .context import BotContext
from .conversations import Conversations
from .delivery import Reply, deliver_answer, deliver_text, quietly
from .periodic import every
from .pool import Admission
from .texts import APOLOGY, RESTARTED, TOO_BUSY

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class ThreadJob:
    """A mention or DM: answered in its thread, in place of the "Searching…" placeholder."""

    channel: str
    ts: str  # the question's message
    thread_ts: str | None  # None: a top-level DM, answered at top level
    question: str
    spaces: tuple[str, ...]
    placeholder: str | None
    user: str = ""  # who asked (journals of older versions lack it)
    via: str = "mention"  # mention | dm

    @property
    def reply(self) -> Reply:
        return Reply(self.channel, self.thread_ts, self.placeholder)

    @property
    def asker(self) -> Asker:
        return Asker(self.user, self.channel, self.via, self.thread_ts or self.ts)


@dataclass(frozen=True)
class CommandJob:
    """A ``/kb`` command: answered ephemerally through its response URL."""

    response_url: str | None
    question: str
    spaces: tuple[str, ...]
    user: str = ""
    channel: str = ""

    @property
    def asker(self) -> Asker:
        return Asker(self.user, self.channel, "command")


AnswerJob = ThreadJob | CommandJob


def to_record(job: AnswerJob) -> dict[str, Any]:
    if isinstance(job, ThreadJob):
        return {
            "kind": "thread",
            "channel": job.channel,
            "ts": job.ts,
            "thread_ts": job.thread_ts,
            "question": job.question,
            "spaces": list(job.spaces),
            "placeholder": job.placeholder,
            "user": job.user,
            "via": job.via,
        }
    return {
        "kind": "command",
        "response_url": job.response_url,
        "question": job.question,
        "spaces": list(job.spaces),
        "user": job.user,
        "channel": job.channel,
    }


def from_record(record: dict[str, Any]) -> AnswerJob:
    spaces = tuple(record.get("spaces") or ())
    if record["kind"] == "command":
        return CommandJob(
            record.get("response_url"),
            record["question"],
            spaces,
            user=record.get("user", ""),
            channel=record.get("channel", ""),
        )
    return ThreadJob(
        channel=record["channel"],
        ts=record["ts"],
        thread_ts=record.get("thread_ts"),
        question=record["question"],
        spaces=spaces,
        placeholder=record.get("placeholder"),
        user=record.get("user", ""),
        via=record.get("via", "mention"),
    )


class AnswerJobs:
    def __init__(self, ctx: BotContext, conversations: Conversations) -> None:
        self.ctx = ctx
        self.conversations = conversations

    def submit(
        self,
        job: AnswerJob,
        client: WebClient | None = None,
        respond: Callable[..., Any] | None = None,
    ) -> Admission:
        """Journal an accepted question, then answer it in the pool (or say we're too busy)."""
        job_id = self.ctx.journal.add(to_record(job))
        admission = self._run_journaled(job_id, job, client, respond)
        if admission is Admission.REJECTED:
            self.ctx.journal.done(job_id)
            if isinstance(job, ThreadJob) and client is not None:
                self._finish_thread(client, job, TOO_BUSY)
        return admission

    def _run_journaled(
        self,
        job_id: int,
        job: AnswerJob,
        client: WebClient | None,
        respond: Callable[..., Any] | None,
    ) -> Admission:
        """Answer a journaled question in the pool; its entry is removed once it has run."""

        def run() -> None:
            try:
                if isinstance(job, CommandJob):
                    self._answer_command(respond or Respond(response_url=job.response_url), job)
                elif client is not None:
                    self._answer_thread(client, job)
            finally:
                self.ctx.journal.done(job_id)

        return self.ctx.pool.submit(run)

    def _answer_command(self, respond: Callable[..., Any], job: CommandJob) -> None:
        result = self._safe_answer(job.question, [], job.spaces, job.asker)
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

    def _answer_thread(self, client: WebClient, job: ThreadJob) -> None:
        apology = APOLOGY.format(query_id="-")
        try:
            history = self.conversations.history(client, job.channel, job.thread_ts, job.ts)
            result = self._safe_answer(job.question, history, job.spaces, job.asker)
            if result is None:
                deliver_text(client, job.reply, apology)
                return
            deliver_answer(client, job.reply, result, actions=self.ctx.query_log.enabled)
        except Exception as exc:
            log.exception("answer_delivery_failed", channel=job.channel, error=str(exc))
            deliver_text(client, job.reply, apology)
        finally:
            quietly(client.reactions_remove, channel=job.channel, timestamp=job.ts, name="eyes")

    def _finish_thread(self, client: WebClient, job: ThreadJob, text: str) -> None:
        """Reply with ``text`` instead of an answer, in place of the placeholder."""
        deliver_text(client, job.reply, text)
        quietly(client.reactions_remove, channel=job.channel, timestamp=job.ts, name="eyes")

    def _safe_answer(
        self, question: str, history: list[Turn], spaces: tuple[str, ...], asker: Asker
    ) -> AnswerResult | None:
        try:
            return self.ctx.service.answer(
                question, history=history, spaces=frozenset(spaces), asker=asker
            )
        except Exception:  # never a stack trace in Slack; the log has it
            log.exception("answer_failed", question_chars=len(question))
            return None

    # --- questions left behind by a process that died ---------------------------------------

    def recover_orphans(self, client: WebClient) -> int:
        """Answer questions whose process died before replying; returns how many were taken."""
        free = max(0, self.ctx.pool.capacity - self.ctx.pool.pending)
        orphans = self.ctx.journal.take_orphans(limit=free)
        for pending in orphans.to_give_up:
            log.warning("orphan_given_up", job=pending.id, attempts=pending.attempts)
            try:
                job = from_record(pending.spec)
                if isinstance(job, ThreadJob):
                    self._finish_thread(client, job, RESTARTED)
                else:
                    Respond(response_url=job.response_url)(text=RESTARTED, replace_original=True)
            except Exception as exc:  # an expired response_url, a deleted channel, …
                log.warning("orphan_apology_failed", job=pending.id, error=str(exc))
            finally:
                self.ctx.journal.done(pending.id)
        for pending in orphans.to_answer:
            log.info("orphan_resumed", job=pending.id, kind=pending.spec.get("kind"))
            try:
                job = from_record(pending.spec)
            except (KeyError, TypeError):  # not a job this version can run: drop it, loudly
                log.exception("orphan_unreadable", job=pending.id)
                self.ctx.journal.done(pending.id)
                continue
            admission = self._run_journaled(pending.id, job, client, None)
            if admission is Admission.REJECTED:
                self.ctx.journal.release(pending.id)  # full or closing: another turn, or process
        return len(orphans.to_answer)

    def start_recovery(self, client: WebClient, interval_s: float = 5.0) -> threading.Event:
        """Renew this process's lease and adopt orphans every ``interval_s``; set to stop."""

        def recover() -> None:
            self.ctx.journal.heartbeat()
            self.recover_orphans(client)

        return every(interval_s, recover, "recovery")
