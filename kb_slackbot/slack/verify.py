"""Experts turn their replies into verified answers.

- An expert's reply in a thread where the bot answered "not found" or got a 👎 gets an
  ephemeral "Save as verified answer" button that only they see; the message shortcut of the
  same name does it for any message (others are told it is for experts).
- Either opens a modal: the question(s), the answer (editable) and the space it belongs to —
  one of the expert's spaces, by default the most restricted one of the channel they may
  answer for (least privilege: what was said in #eng-help stays with engineering).
- Saving stores and indexes it and closes the gaps it answers; then the people who asked are
  told in their threads, once, with the answer as they may see it now.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.models.blocks import MarkdownTextObject, SectionBlock

from ..access import PUBLIC
from ..answer.gaps import Asked
from ..answer.verified import VerifiedAnswer, slack_link
from .blocks import answer_messages, to_dicts
from .context import BotContext
from .conversations import Conversations
from .delivery import quietly
from .limits import LIMITS
from .markup import clean_text, escape
from .pool import Admission
from .verify_views import SPACE_BLOCK, Origin, offer_blocks, submitted, verify_modal

log = structlog.get_logger(__name__)

EXPERTS_ONLY = (
    "Only members of an experts group in access.yml can save verified answers. "
    "Ask your knowledge-base admins if you should be one."
)
NOTHING_TO_SAVE = "That message has no text to save as an answer."
NOT_SAVED = "Sorry, I couldn't save that answer. Please try again in a minute."
ANSWERED_SINCE = ":white_check_mark: An expert has answered this question since you asked:"


class Verification:
    def __init__(self, ctx: BotContext, conversations: Conversations) -> None:
        self.ctx = ctx
        self.conversations = conversations

    # --- offering -------------------------------------------------------------------------

    def on_thread_reply(self, event: dict, client: WebClient) -> None:
        """An expert's reply in a channel thread (the listener checked that much): offer to
        save it if the bot could not answer that thread."""
        user, channel = event.get("user", ""), event.get("channel", "")
        thread_ts, ts = event["thread_ts"], event.get("ts", "")
        loop = self.ctx.loop
        mentions_bot = f"<@{self.ctx.bot_user_id}>" in (event.get("text") or "")
        if loop is None or mentions_bot or event.get("subtype"):
            return  # nothing to save into, a question to the bot (a mention), or not typed
        open_rows = loop.open_questions(channel, thread_ts)
        if not open_rows:
            return
        origin = Origin(channel, thread_ts, ts)
        quietly(
            client.chat_postEphemeral,
            channel=channel,
            user=user,
            thread_ts=thread_ts,
            text="Save your reply as a verified answer?",
            blocks=to_dicts(offer_blocks(open_rows[-1]["question"], origin)),
        )
        log.info("verified_answer_offered", channel=channel, thread_ts=thread_ts)

    def on_offer(self, ack: Callable, body: dict, client: WebClient, respond: Callable) -> None:
        ack()
        user = body["user"]["id"]
        origin = Origin.loads(body["actions"][0]["value"])
        message = self._message(client, origin)
        self._open_modal(client, body.get("trigger_id"), user, origin, message, respond)

    def on_shortcut(self, ack: Callable, body: dict, client: WebClient, respond: Callable):
        ack()
        message = body.get("message", {})
        channel = body.get("channel", {}).get("id", "")
        ts = message.get("ts", "")
        origin = Origin(channel, message.get("thread_ts") or ts, ts)
        self._open_modal(
            client, body.get("trigger_id"), body["user"]["id"], origin, message, respond
        )

    def _open_modal(
        self,
        client: WebClient,
        trigger_id: str | None,
        user: str,
        origin: Origin,
        message: dict | None,
        respond: Callable,
    ) -> None:
        spaces = self.ctx.access.expert_spaces(user)
        if not spaces or self.ctx.loop is None:
            respond(text=EXPERTS_ONLY, response_type="ephemeral", replace_original=False)
            return
        text = clean_text((message or {}).get("text", ""), keep_lines=True)
        if not text:
            respond(text=NOTHING_TO_SAVE, response_type="ephemeral", replace_original=False)
            return
        questions = [
            r["question"] for r in self.ctx.loop.open_questions(origin.channel, origin.thread_ts)
        ]
        if not questions and origin.thread_ts != origin.ts:  # the thread's opening message
            parent = self._message(
                client, Origin(origin.channel, origin.thread_ts, origin.thread_ts)
            )
            questions = [clean_text((parent or {}).get("text", ""))]
        ordered = sorted(spaces, key=lambda s: (s == PUBLIC, s))  # restricted ones first
        default = self._default_space(client, origin.channel, spaces) or ordered[0]
        view = verify_modal(
            list(dict.fromkeys(q for q in questions if q)), text, ordered, default, origin
        )
        client.views_open(trigger_id=trigger_id, view=view)

    def _default_space(self, client: WebClient, channel: str, spaces: frozenset[str]) -> str:
        """The channel's most restricted space the expert answers for ('' if none)."""
        if channel.startswith("D"):
            return ""
        external = self.conversations.is_external(client, channel)
        shared = self.ctx.access.channel_spaces(channel, external) & spaces
        return min(shared, key=lambda s: (s == PUBLIC, s), default="")

    def _message(self, client: WebClient, origin: Origin) -> dict | None:
        try:
            replies = client.conversations_replies(
                channel=origin.channel, ts=origin.thread_ts, limit=200
            )
        except SlackApiError as exc:
            log.warning("verify_message_unavailable", error=exc.response.get("error"))
            return None
        return next((m for m in replies.get("messages", []) if m.get("ts") == origin.ts), None)

    # --- saving -----------------------------------------------------------------------------

    def on_submit(self, ack: Callable, body: dict, view: dict, client: WebClient) -> None:
        user = body["user"]["id"]
        form = submitted(view)
        loop = self.ctx.loop
        if form.space not in self.ctx.access.expert_spaces(user) or loop is None:
            ack(response_action="errors", errors={SPACE_BLOCK: "You can't answer for this space."})
            return
        questions = [q for q in form.questions if q]
        if not questions or not form.text:
            ack(response_action="errors", errors={SPACE_BLOCK: "Give a question and an answer."})
            return
        ack()
        origin = Origin.loads(view.get("private_metadata") or "")
        admission = self.ctx.pool.submit(
            lambda: self._save(client, user, origin, questions, form.text, form.space)
        )
        if admission is Admission.REJECTED:  # full or shutting down: nothing was saved
            self._tell_expert(client, user, origin, NOT_SAVED)

    def _save(
        self,
        client: WebClient,
        user: str,
        origin: Origin,
        questions: list[str],
        text: str,
        space: str,
    ) -> None:
        loop = self.ctx.loop
        assert loop is not None
        try:
            thread = [r["query_id"] for r in loop.open_questions(origin.channel, origin.thread_ts)]
            link = (
                slack_link(self.ctx.team_url, origin.channel, origin.ts)
                if self.ctx.team_url
                else ""
            )
            saved = loop.save(questions, text, user, space, link, thread_query_ids=thread)
        except Exception:
            log.exception("verified_answer_save_failed")
            self._tell_expert(client, user, origin, NOT_SAVED)
            return
        told = self.tell_askers(client, saved.answer, saved.closed)
        log.info(
            "verified_answer_published",
            answer_id=saved.answer.answer_id,
            closed=len(saved.closed),
            askers_told=told,
        )
        self._tell_expert(
            client,
            user,
            origin,
            f"Saved as a verified answer for `{space}`. I'll give it from now on, with your "
            f"name; {told} {'person' if told == 1 else 'people'} who asked "
            f"{'was' if told == 1 else 'were'} told.",
        )

    def _tell_expert(self, client: WebClient, user: str, origin: Origin, text: str) -> None:
        if origin.channel.startswith("D"):
            quietly(client.chat_postMessage, channel=user, text=text)
        else:
            quietly(
                client.chat_postEphemeral,
                channel=origin.channel,
                user=user,
                thread_ts=origin.thread_ts,
                text=text,
            )

    # --- telling the askers -------------------------------------------------------------------

    def tell_askers(self, client: WebClient, answer: VerifiedAnswer, closed: list[Asked]) -> int:
        """Each asker, in their thread, once: the answer as they may see it today (asked
        again with their channel's or their own spaces; nothing if those don't include it)."""
        told = 0
        threads: set[tuple[str, str, str]] = set()
        for asked in closed:
            where = (asked.user, asked.channel, asked.thread_ts)
            if where in threads or not self.ctx.query_log.claim_notice(asked.query_id):
                continue
            threads.add(where)
            if self._tell(client, answer, asked):
                told += 1
        return told

    def _tell(self, client: WebClient, answer: VerifiedAnswer, asked: Asked) -> bool:
        if asked.via == "mention":
            spaces = self.ctx.access.channel_spaces(
                asked.channel, self.conversations.is_external(client, asked.channel)
            )
            channel, thread_ts = asked.channel, asked.thread_ts or None
        elif asked.via in ("dm", "command"):
            spaces = self.ctx.access.user_spaces(asked.user)
            # /kb answers were ephemeral: the asker hears of it in a DM.
            channel = asked.channel if asked.via == "dm" else asked.user
            thread_ts = asked.thread_ts or None if asked.via == "dm" else None
        else:
            return False
        result = self.ctx.service.answer(asked.question, spaces=spaces)
        if not any(answer.answer_id in s.doc_id for s in result.sources if s.kind == "verified"):
            log.info("asker_not_told", query_id=asked.query_id, reason="answer not readable there")
            return False
        lead = SectionBlock(
            text=MarkdownTextObject(text=f"{ANSWERED_SINCE}\n>{escape(asked.question[:300])}")
        )
        messages = [(m.text, m.blocks) for m in answer_messages(result, actions=False)]
        text, blocks = messages[0]
        if len(blocks) < LIMITS.blocks_per_message:  # the news and the answer in one message
            messages[0] = (f"{ANSWERED_SINCE} {text}", [lead, *blocks])
        else:
            messages.insert(0, (ANSWERED_SINCE, [lead]))
        try:
            for text, blocks in messages:
                client.chat_postMessage(
                    channel=channel, thread_ts=thread_ts, text=text, blocks=to_dicts(blocks)
                )
        except SlackApiError as exc:
            log.warning("asker_not_told", query_id=asked.query_id, error=exc.response.get("error"))
            return False
        return True
