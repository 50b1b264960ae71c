"""Button clicks and the modal: feedback (helpful / not helpful, with an optional reason)
and sharing a private ``/kb`` answer into the channel."""

from __future__ import annotations

from collections.abc import Callable

import structlog
from slack_sdk import WebClient

from .blocks import FEEDBACK_HELPFUL, answer_messages, feedback_recorded_block, to_dicts
from .context import BotContext
from .conversations import Conversations
from .share import unreadable_spaces
from .texts import EXPIRED, FEEDBACK_THANKS, SHARE_REFUSED
from .views import reason_modal, submitted_reason

log = structlog.get_logger(__name__)


class Actions:
    def __init__(self, ctx: BotContext, conversations: Conversations) -> None:
        self.ctx = ctx
        self.conversations = conversations

    def on_feedback(self, ack: Callable, body: dict, client: WebClient, respond: Callable):
        ack()
        action = body["actions"][0]
        verdict = "helpful" if action["action_id"] == FEEDBACK_HELPFUL else "not_helpful"
        query_id, user = action["value"], body["user"]["id"]
        self.ctx.query_log.record_feedback(query_id, verdict, user)
        log.info("feedback", query_id=query_id, verdict=verdict)
        # The buttons give way to a note of who found the answer (not) helpful.
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
            client.views_open(trigger_id=body["trigger_id"], view=reason_modal(query_id))
        elif channel:
            client.chat_postEphemeral(channel=channel, user=user, text=FEEDBACK_THANKS)

    def on_feedback_reason(self, ack: Callable, body: dict, view: dict) -> None:
        ack()
        query_id, user = view.get("private_metadata", ""), body["user"]["id"]
        self.ctx.query_log.record_feedback(query_id, "not_helpful", user, submitted_reason(view))

    def on_share(self, ack: Callable, body: dict, client: WebClient, respond: Callable) -> None:
        ack()
        query_id = body["actions"][0]["value"]
        user = body["user"]["id"]
        channel = body.get("container", {}).get("channel_id") or body["channel"]["id"]
        result = self.ctx.query_log.result(query_id)
        if result is None:
            respond(text=EXPIRED, replace_original=False)
            return
        external = self.conversations.is_external(client, channel)
        restricted = unreadable_spaces(result, self.ctx.access.channel_spaces(channel, external))
        if restricted:
            log.info("share_refused", query_id=query_id, channel=channel, spaces=sorted(restricted))
            respond(replace_original=False, text=SHARE_REFUSED)
            return
        for message in answer_messages(result):
            client.chat_postMessage(
                channel=channel,
                text=message.text,
                blocks=to_dicts(message.blocks),
            )
        respond(delete_original=True)
        log.info("answer_shared", query_id=query_id, user=user, channel=channel)
