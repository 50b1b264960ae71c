"""A running bot: the real Bolt app over Socket Mode against the fake Slack, with the real
answer engine on the sample KB behind it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from slack_bolt import App

from kb_slackbot.access import AccessPolicy
from kb_slackbot.answer.knowledge_loop import KnowledgeLoop
from kb_slackbot.answer.querylog import QueryLog
from kb_slackbot.answer.service import AnswerService
from kb_slackbot.slack.app import create_app, make_socket_handler
from kb_slackbot.slack.bot import SlackBot
from testkit.slack import APP_TOKEN, BOT_TOKEN, FakeSlack
from tests.conftest import make_settings


@dataclass
class RunningBot:
    fake: FakeSlack
    app: App
    bot: SlackBot
    service: AnswerService

    def answer_posts(self, channel: str, timeout: float = 30):
        """Wait for the placeholder to be replaced by an answer with blocks."""
        return self.fake.wait_for(
            "chat.update",
            timeout=timeout,
            predicate=lambda c: c.params.get("channel") == channel and c.params.get("blocks"),
        )


@contextmanager
def running_bot(
    tmp_path,
    sample_services,
    service: AnswerService | None = None,
    access: AccessPolicy | None = None,
    query_log: QueryLog | None = None,
    loop: KnowledgeLoop | None = None,
    **overrides,
) -> Iterator[RunningBot]:
    with FakeSlack() as fake:
        settings = make_settings(
            tmp_path / "slack-data",
            slack_bot_token=BOT_TOKEN,
            slack_app_token=APP_TOKEN,
            slack_api_url=fake.api_url,
            **overrides,
        )
        service = service or sample_services.answer_service("extractive")
        if query_log is not None:  # a log of the test's own (the shared one fills up)
            service.query_log = query_log
        app, bot = create_app(
            settings,
            service,
            query_log or sample_services.query_log,
            access or AccessPolicy(),
            loop=loop,
        )
        handler = make_socket_handler(app, APP_TOKEN, ping_interval=0.3)
        handler.connect()
        fake.wait_connected()
        try:
            yield RunningBot(fake, app, bot, service)
        finally:
            handler.close()
            bot.ctx.pool.shutdown(10)


@pytest.fixture
def bot(tmp_path, sample_services) -> Iterator[RunningBot]:
    with running_bot(tmp_path, sample_services) as running:
        yield running
