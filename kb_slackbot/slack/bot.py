"""The bot as Bolt sees it: which listener answers which event, action and view."""

from __future__ import annotations

import threading

from slack_bolt import App
from slack_sdk import WebClient

from .actions import Actions
from .blocks import FEEDBACK_HELPFUL, FEEDBACK_MODAL, FEEDBACK_NOT_HELPFUL, SHARE_ACTION
from .context import BotContext
from .conversations import Conversations
from .digest import GapDigest
from .home import Home
from .jobs import AnswerJobs
from .listeners import Listeners
from .review import Reviews
from .verify import Verification
from .verify_views import (
    REVIEW_EDIT,
    REVIEW_KEEP,
    REVIEW_MODAL,
    REVIEW_RETIRE,
    VERIFY_MODAL,
    VERIFY_OFFER,
    VERIFY_SHORTCUT,
)


class SlackBot:
    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx
        conversations = Conversations(ctx)
        self.jobs = AnswerJobs(ctx, conversations)
        self.verification = Verification(ctx, conversations)
        self.listeners = Listeners(ctx, conversations, self.jobs, self.verification)
        self.reviews = Reviews(ctx)
        self.actions = Actions(ctx, conversations)
        self.home = Home(ctx)
        self.digest = GapDigest(ctx, conversations)

    def register(self, app: App) -> None:
        app.event("app_mention")(self.listeners.on_mention)
        app.event("message")(self.listeners.on_message)
        app.command("/kb")(self.listeners.on_command)
        app.action(FEEDBACK_HELPFUL)(self.actions.on_feedback)
        app.action(FEEDBACK_NOT_HELPFUL)(self.actions.on_feedback)
        app.action(SHARE_ACTION)(self.actions.on_share)
        app.view(FEEDBACK_MODAL)(self.actions.on_feedback_reason)
        app.event("app_home_opened")(self.home.on_home_opened)
        app.action(VERIFY_OFFER)(self.verification.on_offer)
        app.shortcut(VERIFY_SHORTCUT)(self.verification.on_shortcut)
        app.view(VERIFY_MODAL)(self.verification.on_submit)
        app.action(REVIEW_KEEP)(self.reviews.on_keep)
        app.action(REVIEW_EDIT)(self.reviews.on_edit)
        app.action(REVIEW_RETIRE)(self.reviews.on_retire)
        app.view(REVIEW_MODAL)(self.reviews.on_edit_submit)

    def recover_orphans(self, client: WebClient) -> int:
        return self.jobs.recover_orphans(client)

    def start_digest(self, client: WebClient) -> threading.Event:
        """The weekly digest of unanswered questions (KB_GAPS_CHANNEL; a no-op without)."""
        return self.digest.start(client)

    def start_reviews(self, client: WebClient) -> threading.Event:
        """Ask experts to review verified answers past their review date (hourly check)."""
        return self.reviews.start(client)

    def start_recovery(self, client: WebClient, interval_s: float = 5.0) -> threading.Event:
        return self.jobs.start_recovery(client, interval_s)
