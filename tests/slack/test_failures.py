"""Real conditions through Slack: rejected blocks, a down model, very long answers, errors."""

from __future__ import annotations

import json

from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from kb_slackbot.slack.limits import LIMITS
from testkit.llm import FakeAnthropic

from .conftest import running_bot

QUESTION = "How do I set up the VPN on my Mac?"
FAST = RetryPolicy(max_retries=1, timeout_s=2, deadline_s=4, base_delay_s=0.01, max_delay_s=0.02)


def _service_with_model(sample_services, fake):
    service = sample_services.answer_service("extractive")
    service.provider = AnthropicProvider("k", "claude-test", FAST, base_url=fake.url)
    service.cache = None
    return service


def test_rejected_blocks_fall_back_to_plain_text(bot):
    bot.fake.fail_next("chat.update", error="invalid_blocks")
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(QUESTION))
    updates = bot.fake.wait_for("chat.update", count=2, timeout=30)
    plain = updates[-1]
    assert plain.status == 200 and "https://docs.northwindloop.example/" in plain.params["text"]
    assert "Traceback" not in json.dumps([c.params for c in bot.fake.calls])


def test_other_slack_errors_get_an_apology_not_silence(bot):
    bot.fake.fail_next("chat.update", error="channel_not_found")
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(QUESTION))
    updates = bot.fake.wait_for("chat.update", count=2, timeout=30)
    assert "Sorry, something went wrong" in updates[-1].params["text"]


def test_unreadable_thread_history_still_gets_an_answer(bot):
    """A deleted parent or a missing history scope costs the follow-up context, not the answer."""
    bot.fake.fail_next("conversations.replies", error="thread_not_found")
    bot.fake.send_envelope(
        "events_api",
        bot.fake.payloads.app_mention(QUESTION, channel="C7", thread_ts="1600000000.000100"),
    )
    (answer,) = bot.answer_posts("C7")
    assert "kb_actions_" in str(answer.params["blocks"])
    assert "Sorry" not in answer.params["text"]


def test_model_down_is_a_friendly_warning(tmp_path, sample_services):
    with FakeAnthropic() as fake:
        fake.enqueue_failure(503, times=10)
        service = _service_with_model(sample_services, fake)
        with running_bot(tmp_path, sample_services, service=service) as bot:
            bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(QUESTION))
            (update,) = bot.answer_posts("C1")
    text = json.dumps(update.params)
    assert "language model is unavailable" in text
    assert "https://docs.northwindloop.example/" in text  # still an answer with sources


def test_very_long_answer_is_split_within_limits(tmp_path, sample_services):
    with FakeAnthropic() as fake:
        paragraph = "The VPN setup has many careful steps to follow. " * 40
        fake.reply_text = "\n\n".join(f"Step {n}: {paragraph} [1]" for n in range(60))
        service = _service_with_model(sample_services, fake)
        with running_bot(tmp_path, sample_services, service=service) as bot:
            bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(QUESTION))
            bot.answer_posts("C1")
            posts = bot.fake.wait_for(  # the continuation, in the same thread
                "chat.postMessage", count=1, predicate=lambda c: c.params.get("blocks")
            )
            assert posts[0].params["thread_ts"]
            calls = bot.answer_posts("C1") + posts
    shown = []
    for call in calls:
        blocks = call.params["blocks"]
        blocks = json.loads(blocks) if isinstance(blocks, str) else blocks
        assert len(blocks) <= LIMITS.blocks_per_message
        for block in blocks:
            if block["type"] == "section":
                assert len(block["text"]["text"]) <= LIMITS.section_text
                shown.append(block["text"]["text"])
        assert call.params["text"]  # notification fallback on every message
    assert all(f"Step {n}:" in "".join(shown) for n in range(60))  # nothing silently cut


def test_dropped_socket_mode_connection_reconnects_and_answers(bot):
    bot.fake.drop_socket_connections()
    bot.fake.wait_connected(total=2, timeout=30)  # a new session through apps.connections.open
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(QUESTION, channel="C8"))
    (answer,) = bot.answer_posts("C8")
    assert "kb_actions_" in str(answer.params["blocks"])
