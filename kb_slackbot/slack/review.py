"""Keeping verified answers true: past KB_VERIFIED_TTL_DAYS the expert who verified one is
asked in a DM to confirm, edit or retire it (once per review date, across processes); until
then it is still given, with the "due for review" warning."""

from __future__ import annotations

import threading
from collections.abc import Callable

import structlog
from slack_sdk import WebClient

from ..answer.verified import VerifiedAnswer
from .blocks import to_dicts
from .context import BotContext
from .delivery import quietly
from .markup import escape
from .periodic import every
from .verify_views import review_blocks, review_modal, submitted

log = structlog.get_logger(__name__)

CHECK_EVERY_S = 3600.0
NOT_YOURS = "Only an expert for this answer's space can review it."
GONE = "This verified answer no longer exists (it was retired)."


class Reviews:
    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx

    def start(self, client: WebClient, interval_s: float = CHECK_EVERY_S) -> threading.Event:
        """Look for answers due for review now and every ``interval_s``; set to stop."""
        if self.ctx.loop is None:
            return threading.Event()
        return every(interval_s, lambda: self.ask_due(client), "verified-review")

    def ask_due(self, client: WebClient) -> int:
        """DM each expert whose answers are past their review date; returns how many."""
        loop = self.ctx.loop
        if loop is None:
            return 0
        due = loop.verified.store.claim_reviews(loop.ttl_days)
        for answer in due:
            quietly(
                client.chat_postMessage,
                channel=answer.expert,  # the app's DM with them
                text=f"Please review your verified answer: {escape(answer.title)}",
                blocks=to_dicts(review_blocks(answer, loop.ttl_days)),
            )
            log.info("verified_review_asked", answer_id=answer.answer_id, expert=answer.expert)
        return len(due)

    def on_keep(self, ack: Callable, body: dict, respond: Callable) -> None:
        ack()
        answer = self._answer_for(body, respond)
        if answer is None:
            return
        kept = self.ctx.loop.verified.reverify(answer.answer_id, body["user"]["id"])  # type: ignore[union-attr]
        respond(
            replace_original=True,
            text=f":white_check_mark: Thanks — “{escape(answer.title)}” is verified again "
            f"as of {kept.verified_on.isoformat() if kept else 'today'}.",
        )

    def on_retire(self, ack: Callable, body: dict, respond: Callable) -> None:
        ack()
        answer = self._answer_for(body, respond)
        if answer is None:
            return
        self.ctx.loop.verified.retire(answer.answer_id)  # type: ignore[union-attr]
        respond(
            replace_original=True,
            text=f":wastebasket: Retired “{escape(answer.title)}”; I no longer give it.",
        )

    def on_edit(self, ack: Callable, body: dict, client: WebClient, respond: Callable) -> None:
        ack()
        answer = self._answer_for(body, respond)
        if answer is not None:
            client.views_open(trigger_id=body["trigger_id"], view=review_modal(answer))

    def on_edit_submit(self, ack: Callable, body: dict, view: dict, client: WebClient) -> None:
        user, answer_id = body["user"]["id"], view.get("private_metadata", "")
        loop = self.ctx.loop
        answer = loop.verified.store.get(answer_id) if loop else None
        text = submitted(view).text
        if answer is None or answer.space not in self.ctx.access.expert_spaces(user) or not text:
            ack(response_action="errors", errors={"verify_answer": NOT_YOURS if text else "Empty."})
            return
        ack()
        kept = loop.verified.reverify(answer_id, user, text)  # type: ignore[union-attr]
        quietly(
            client.chat_postMessage,
            channel=user,
            text=f":white_check_mark: Updated and verified again: “{escape(answer.title)}”."
            if kept
            else GONE,
        )

    def _answer_for(self, body: dict, respond: Callable) -> VerifiedAnswer | None:
        """The answer a review button is about, if the clicking user may review it."""
        loop = self.ctx.loop
        answer = loop.verified.store.get(body["actions"][0]["value"]) if loop else None
        if answer is None or answer.status != "active":
            respond(replace_original=False, text=GONE)
            return None
        if answer.space not in self.ctx.access.expert_spaces(body["user"]["id"]):
            respond(replace_original=False, text=NOT_YOURS)
            return None
        return answer
