"""Every way people reach the bot, end to end: Socket Mode envelopes from the fake Slack,
the real Bolt app and answer engine, replies recorded by the fake Web API."""

from __future__ import annotations

import json
from types import SimpleNamespace

from kb_slackbot.answer.querylog import QueryLog
from kb_slackbot.slack.blocks import FEEDBACK_HELPFUL, FEEDBACK_NOT_HELPFUL, SHARE_ACTION
from kb_slackbot.slack.texts import HELP_TEXT, RATE_LIMITED, SEARCHING

from .conftest import running_bot

VPN_QUESTION = "How do I set up the VPN on my Mac?"


def _blocks(call) -> list[dict]:
    blocks = call.params["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else blocks


def _text_of(blocks: list[dict]) -> str:
    parts: list[str] = []
    for block in blocks:
        if block.get("text"):
            parts.append(block["text"]["text"])
        for element in block.get("elements", []):
            text = element.get("text")
            parts.append(text["text"] if isinstance(text, dict) else str(text or ""))
    return "\n".join(parts)


def test_mention_is_answered_in_a_thread_with_progress_and_citations(bot):
    ts = bot.fake.payloads.next_ts()
    envelope = bot.fake.send_envelope(
        "events_api", bot.fake.payloads.app_mention(VPN_QUESTION, ts=ts)
    )
    bot.fake.wait_ack(envelope)

    (update,) = bot.answer_posts("C1")
    placeholder = bot.fake.calls_to("chat.postMessage")[0]
    assert placeholder.params["thread_ts"] == ts
    assert placeholder.params["text"] == SEARCHING
    assert update.params["ts"] == placeholder.response["ts"]  # the placeholder is replaced
    text = _text_of(_blocks(update))
    assert "vpn" in text.lower()
    assert "<https://docs.northwindloop.example/" in text  # a linked page title
    assert "confidence" in text.lower()
    assert update.params["text"]  # notification fallback
    assert bot.fake.calls_to("reactions.add")[0].params["name"] == "eyes"
    bot.fake.wait_for("reactions.remove")
    assert bot.fake.reactions("C1", ts) == []


def test_bare_mention_gets_help(bot):
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(""))
    (reply,) = bot.fake.wait_for("chat.postMessage")
    assert reply.params["text"] == HELP_TEXT
    assert not bot.fake.calls_to("chat.update")


def test_follow_up_in_thread_uses_earlier_messages(bot):
    thread = bot.fake.payloads.next_ts()
    bot.fake.seed_thread("C1", thread, ["How do I connect to the VPN on macOS?"])
    bot.fake.send_envelope(
        "events_api", bot.fake.payloads.app_mention("and for Linux?", thread_ts=thread)
    )
    (update,) = bot.answer_posts("C1")
    replies = bot.fake.calls_to("conversations.replies")
    assert replies and replies[0].params["ts"] == thread
    text = _text_of(_blocks(update)).lower()
    assert "wireguard-tools" in text, text  # the Linux steps, not the macOS ones


def _spy_on_questions(bot, monkeypatch) -> list[str]:
    """The questions as the answer engine receives them."""
    asked: list[str] = []
    answer = bot.service.answer

    def spy(question, **kwargs):
        asked.append(question)
        return answer(question, **kwargs)

    monkeypatch.setattr(bot.service, "answer", spy)
    return asked


def test_typed_entities_reach_the_engine_decoded_once(bot, monkeypatch):
    """Someone types the literal text ``&lt;br&gt;``; Slack sends it escaped once more
    (``&amp;lt;br&amp;gt;``). The engine must get what was typed, not ``<br>``."""
    asked = _spy_on_questions(bot, monkeypatch)
    bot.fake.send_envelope(
        "events_api", bot.fake.payloads.app_mention("what does &amp;lt;br&amp;gt; do?")
    )
    bot.answer_posts("C1")
    url = bot.fake.response_url("cmd")
    command = bot.fake.payloads.slash_command("what does &amp;lt;br&amp;gt; do?", response_url=url)
    bot.fake.send_envelope("slash_commands", command)
    bot.fake.wait_for_response(timeout=30)
    assert asked == ["what does &lt;br&gt; do?"] * 2


def test_redelivered_event_is_answered_once(bot):
    event = bot.fake.payloads.app_mention(VPN_QUESTION, event_id="EvDUPLICATE1")
    first = bot.fake.send_envelope("events_api", event)
    again = bot.fake.send_envelope("events_api", event, retry_attempt=1, retry_reason="timeout")
    bot.fake.wait_ack(first)
    bot.fake.wait_ack(again)
    bot.answer_posts("C1")
    assert len(bot.fake.calls_to("chat.postMessage")) == 1
    assert len([c for c in bot.fake.calls_to("chat.update") if c.params.get("blocks")]) == 1


def test_dm_is_answered_in_the_dm_and_noise_is_ignored(bot):
    bot.fake.send_envelope(
        "events_api", bot.fake.payloads.dm_message("edited", subtype="message_changed")
    )
    bot.fake.send_envelope(
        "events_api", bot.fake.payloads.dm_message("from a bot", bot_id="BOTHER")
    )
    bot.fake.send_envelope("events_api", bot.fake.payloads.dm_message("mine", user="UBOT"))
    bot.fake.send_envelope("events_api", bot.fake.payloads.dm_message(VPN_QUESTION, channel="D1"))
    (update,) = bot.answer_posts("D1")
    assert "vpn" in _text_of(_blocks(update)).lower()
    posts = bot.fake.calls_to("chat.postMessage")
    assert len(posts) == 1  # only the placeholder of the real question


def test_slash_command_answers_privately_with_share_button(bot):
    url = bot.fake.response_url("cmd")
    envelope = bot.fake.send_envelope(
        "slash_commands", bot.fake.payloads.slash_command(VPN_QUESTION, response_url=url)
    )
    ack = bot.fake.wait_ack(envelope)
    assert "Searching" in ack["payload"]["text"]
    assert ack["payload"]["response_type"] == "ephemeral"
    ((_name, body),) = bot.fake.wait_for_response(timeout=30)
    assert body["response_type"] == "ephemeral"
    assert body["replace_original"] is True
    actions = next(b for b in body["blocks"] if b["type"] == "actions")
    assert [e["action_id"] for e in actions["elements"]] == [
        SHARE_ACTION,
        FEEDBACK_HELPFUL,
        FEEDBACK_NOT_HELPFUL,
    ]


def test_slash_command_help_and_empty(bot):
    for text in ("", "help"):
        envelope = bot.fake.send_envelope("slash_commands", bot.fake.payloads.slash_command(text))
        assert bot.fake.wait_ack(envelope)["payload"]["text"] == HELP_TEXT


def test_share_posts_the_answer_in_channel(bot):
    url = bot.fake.response_url("cmd")
    bot.fake.send_envelope(
        "slash_commands", bot.fake.payloads.slash_command(VPN_QUESTION, response_url=url)
    )
    ((_n, body),) = bot.fake.wait_for_response(timeout=30)
    query_id = next(b for b in body["blocks"] if b["type"] == "actions")["elements"][0]["value"]
    share_url = bot.fake.response_url("share")
    bot.fake.send_envelope(
        "interactive",
        bot.fake.payloads.block_action(
            SHARE_ACTION,
            query_id,
            response_url=share_url,
            container={"type": "message", "is_ephemeral": True, "channel_id": "C1"},
        ),
    )
    (post,) = bot.fake.wait_for("chat.postMessage")
    assert post.params["channel"] == "C1"
    shared = _text_of(_blocks(post))
    assert "<https://docs.northwindloop.example/" in shared
    assert SHARE_ACTION not in json.dumps(_blocks(post))  # no share button once shared
    bot.fake.wait_for_response(count=2)
    assert bot.fake.responses[-1][1].get("delete_original") is True


def test_feedback_is_recorded_and_buttons_replaced(bot, sample_services):
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(VPN_QUESTION))
    (update,) = bot.answer_posts("C1")
    actions = next(b for b in _blocks(update) if b["type"] == "actions")
    query_id = actions["elements"][0]["value"]
    message = {"type": "message", "ts": update.params["ts"], "text": "x", "blocks": _blocks(update)}
    bot.fake.send_envelope(
        "interactive",
        bot.fake.payloads.block_action(
            FEEDBACK_HELPFUL, query_id, message_ts=update.params["ts"], message=message
        ),
    )
    replaced = bot.fake.wait_for(
        "chat.update", count=2, predicate=lambda c: c.params.get("blocks")
    )[-1]
    assert not [b for b in _blocks(replaced) if b["type"] == "actions"]
    assert "marked this helpful" in _text_of(_blocks(replaced))
    bot.fake.wait_for("chat.postEphemeral")
    assert sample_services.query_log.get(query_id)["feedback"] == "helpful"

    bot.fake.send_envelope(
        "interactive",
        bot.fake.payloads.block_action(
            FEEDBACK_NOT_HELPFUL, query_id, message_ts=update.params["ts"], message=message
        ),
    )
    bot.fake.wait_for("views.open")
    assert sample_services.query_log.get(query_id)["feedback"] == "not_helpful"


def test_rate_limit_replies_politely(tmp_path, sample_services):
    with running_bot(tmp_path, sample_services, rate_limit_per_minute=1) as bot:
        bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(VPN_QUESTION))
        bot.answer_posts("C1")
        bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention("What about the wifi?"))
        replies = bot.fake.wait_for(
            "chat.postMessage", predicate=lambda c: c.params.get("text") == RATE_LIMITED
        )
        assert len(replies) == 1


def test_rate_limited_chat_post_is_retried(bot):
    bot.fake.fail_next("chat.postMessage", status=429, retry_after=0)
    bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(VPN_QUESTION))
    (update,) = bot.answer_posts("C1")
    assert "vpn" in _text_of(_blocks(update)).lower()
    statuses = [c.status for c in bot.fake.calls_to("chat.postMessage")]
    assert statuses[0] == 429 and statuses[-1] == 200


def test_without_a_query_log_answers_come_without_buttons(tmp_path, sample_services):
    """KB_QUERY_LOG=off: nothing is kept, so there is nothing to share or rate later."""
    no_log = QueryLog(tmp_path / "off" / "queries.sqlite3", enabled=False)
    service = sample_services.answer_service("extractive")
    service.query_log = no_log
    services = SimpleNamespace(query_log=no_log)
    with running_bot(tmp_path, services, service=service) as bot:
        url = bot.fake.response_url("cmd")
        bot.fake.send_envelope(
            "slash_commands", bot.fake.payloads.slash_command(VPN_QUESTION, response_url=url)
        )
        ((_n, body),) = bot.fake.wait_for_response(timeout=30)
        bot.fake.send_envelope("events_api", bot.fake.payloads.app_mention(VPN_QUESTION))
        (update,) = bot.answer_posts("C1")
        assert "vpn" in _text_of(body["blocks"]).lower()
        for blocks in (body["blocks"], _blocks(update)):
            assert [b for b in blocks if b["type"] == "actions"] == []
    assert not (tmp_path / "off").exists()
