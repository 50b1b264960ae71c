"""A question accepted by a process that then died is still answered, exactly once."""

from __future__ import annotations

import shutil
import time

from slack_sdk import WebClient

from kb_slackbot.slack.texts import RESTARTED, SEARCHING
from testkit.bot_process import start_bot_process
from testkit.llm import FakeAnthropic
from testkit.slack import BOT_TOKEN, FakeSlack
from tests.slack.conftest import running_bot
from tests.slack.dead_process import kill, start_owner

QUESTION = "How do I set up the VPN on Linux?"
SLOW_MODEL_OK = {"KB_LLM_TIMEOUT_S": "120", "KB_LLM_DEADLINE_S": "120"}


def journal_path(tmp_path):
    return tmp_path / "slack-data" / "slack-pending.sqlite3"


def thread_spec(channel: str, ts: str, placeholder: str) -> dict:
    """What the dead process journaled for a mention it had acknowledged."""
    return {
        "kind": "thread",
        "channel": channel,
        "ts": ts,
        "thread_ts": ts,
        "question": QUESTION,
        "spaces": ["public"],
        "placeholder": placeholder,
    }


def post_placeholder(fake: FakeSlack, channel: str) -> str:
    client = WebClient(token=BOT_TOKEN, base_url=fake.api_url)
    return client.chat_postMessage(channel=channel, text=SEARCHING)["ts"]


def test_thread_question_of_a_killed_process_replaces_its_placeholder(tmp_path, sample_services):
    with running_bot(tmp_path, sample_services) as running:
        running.fake.seed_thread("C1", "1700000000.000100", [f"<@UBOT> {QUESTION}"])
        placeholder = post_placeholder(running.fake, "C1")
        spec = thread_spec("C1", "1700000000.000100", placeholder)
        kill(start_owner(journal_path(tmp_path), spec=spec))
        assert running.bot.recover_orphans(running.app.client) == 1
        (answer,) = running.answer_posts("C1")
        assert answer.params["ts"] == placeholder
        assert "vpn" in str(answer.params["blocks"]).lower()
        time.sleep(0.5)  # nothing more arrives: one reply, in place of the placeholder
        assert len(running.fake.calls_to("chat.update")) == 1
        assert len(running.fake.calls_to("chat.postMessage")) == 1  # our placeholder only
        assert running.bot.ctx.journal.pending_count() == 0


def test_command_question_of_a_killed_process_is_answered_through_its_response_url(
    tmp_path, sample_services
):
    with running_bot(tmp_path, sample_services) as running:
        spec = {
            "kind": "command",
            "response_url": running.fake.response_url("kb"),
            "question": QUESTION,
            "spaces": ["public"],
        }
        kill(start_owner(journal_path(tmp_path), spec=spec))
        running.bot.recover_orphans(running.app.client)
        ((name, body),) = running.fake.wait_for_response(1, timeout=30)
        assert name == "kb" and body["replace_original"] is True
        assert body["response_type"] == "ephemeral" and "vpn" in str(body["blocks"]).lower()


def test_a_question_too_old_to_answer_gets_an_apology_not_silence(tmp_path, sample_services):
    with running_bot(tmp_path, sample_services) as running:
        placeholder = post_placeholder(running.fake, "C2")
        spec = thread_spec("C2", "1700000000.000200", placeholder)
        kill(start_owner(journal_path(tmp_path), spec=spec))
        running.bot.ctx.journal.max_age_s = 0.0
        assert running.bot.recover_orphans(running.app.client) == 0
        (update,) = running.fake.wait_for("chat.update")
        assert update.params["ts"] == placeholder and update.params["text"] == RESTARTED
        assert running.bot.ctx.journal.pending_count() == 0


def test_kill_9_mid_answer_then_restart_answers_once(tmp_path, sample_services):
    """The real `kb-slackbot run` process, killed while the model is still generating."""
    data_dir = tmp_path / "bot-data"
    shutil.copytree(sample_services.settings.data_dir, data_dir)
    with FakeSlack() as fake, FakeAnthropic() as llm:
        llm.reply_text = "Install the client and import the profile [1]."
        llm.delay_seconds = 300  # the first process never gets its answer
        first = start_bot_process(data_dir, fake.api_url, llm.url, extra_env=SLOW_MODEL_OK)
        try:
            fake.wait_connected(timeout=120)
            fake.send_envelope("events_api", fake.payloads.app_mention(QUESTION, channel="C9"))
            (placeholder,) = fake.wait_for("chat.postMessage", timeout=60)
            deadline = time.monotonic() + 60
            while not llm.generation_requests and time.monotonic() < deadline:
                time.sleep(0.1)
            assert llm.generation_requests, "the model was never asked"
        finally:
            kill(first)
        llm.delay_seconds = 0
        second = start_bot_process(data_dir, fake.api_url, llm.url, extra_env=SLOW_MODEL_OK)
        try:
            (answer,) = fake.wait_for(
                "chat.update", timeout=120, predicate=lambda c: c.params.get("blocks")
            )
            time.sleep(1)
            assert answer.params["ts"] == placeholder.response["ts"]
            assert "import the profile" in str(answer.params["blocks"])
            answers = [c for c in fake.calls if c.params.get("blocks")]
            assert len(answers) == 1, answers
        finally:
            second.terminate()
            second.wait(30)
