"""Verified answers end to end, through the real Bolt app and the fake Slack: a question the
KB cannot answer, an expert's reply saved from the thread, the same and a paraphrased question
answered from it with its citation, the askers told once, access rules, expiry reviews."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from kb_slackbot.access import AccessPolicy
from kb_slackbot.services import Services
from kb_slackbot.slack.verify import ANSWERED_SINCE, EXPERTS_ONLY, NOT_SAVED
from kb_slackbot.slack.verify_views import (
    ANSWER_BLOCK,
    ANSWER_INPUT,
    QUESTIONS_BLOCK,
    QUESTIONS_INPUT,
    REVIEW_EDIT,
    REVIEW_KEEP,
    REVIEW_MODAL,
    REVIEW_RETIRE,
    SPACE_BLOCK,
    SPACE_INPUT,
    VERIFY_MODAL,
    VERIFY_OFFER,
    VERIFY_SHORTCUT,
)

from .conftest import running_bot

EXPERT, HR_EXPERT = "UEXPERT", "UHREXP"
QUESTION = "Who won the company hackathon in 2019?"
PARAPHRASE = "which team won the 2019 hackathon"
EXPERT_TEXT = "Team *Night Owls* won the 2019 hackathon with their\nexpense-scanner app."
ACCESS = AccessPolicy(
    channels={"CHR": frozenset({"public", "hr"})},
    user_spaces_map={HR_EXPERT: frozenset({"hr"}), "UHR": frozenset({"hr"})},
    experts={EXPERT: frozenset({"public"}), HR_EXPERT: frozenset({"hr"})},
)


@pytest.fixture
def kb(small_kb) -> Services:
    """Verified answers are added to this index."""
    return small_kb(("office-locations.md", "remote-work.md", "holidays-2026.md"))


def _bot(tmp_path, sample_services, kb: Services, service=None, loop=None):
    """The bot on ``kb`` with the experts of ACCESS (``service``/``loop``: a test's own)."""
    service = service or kb.answer_service("extractive")
    return running_bot(
        tmp_path,
        sample_services,
        service=service,
        access=ACCESS,
        query_log=kb.query_log,
        loop=loop or kb.knowledge_loop(service),
    )


def _mention(bot, text, user, channel, thread_ts=None) -> str:
    payload = bot.fake.payloads.app_mention(text, user=user, channel=channel, thread_ts=thread_ts)
    bot.fake.send_envelope("events_api", payload)
    return payload["event"]["ts"]


def _answer_in(bot, channel: str, n: int = 1) -> str:
    """The text of the n-th answer posted in ``channel`` (placeholder replaced)."""
    calls = bot.fake.wait_for(
        "chat.update",
        count=n,
        timeout=60,
        predicate=lambda c: c.params.get("channel") == channel and c.params.get("blocks"),
    )
    return json.dumps(calls[n - 1].params["blocks"])


def _expert_reply(bot, channel, thread_ts, user=EXPERT, text=EXPERT_TEXT) -> str:
    ts = bot.fake.payloads.next_ts()
    bot.fake.seed_thread(channel, thread_ts, [{"user": user, "text": text, "ts": ts}])
    payload = bot.fake.payloads.channel_message(
        text, user=user, channel=channel, ts=ts, thread_ts=thread_ts
    )
    bot.fake.wait_ack(bot.fake.send_envelope("events_api", payload))
    return ts


def _offers(bot, user=EXPERT):
    return [
        c
        for c in bot.fake.calls_to("chat.postEphemeral")
        if c.params.get("user") == user and VERIFY_OFFER in json.dumps(c.params.get("blocks"))
    ]


def _submit(bot, view: dict, user=EXPERT, space="public", questions=None, text=None):
    blocks = {b["block_id"]: b["element"] for b in view["blocks"] if b["type"] == "input"}
    values = {
        QUESTIONS_BLOCK: {
            QUESTIONS_INPUT: {
                "type": "plain_text_input",
                "value": questions or blocks[QUESTIONS_BLOCK]["initial_value"],
            }
        },
        ANSWER_BLOCK: {
            ANSWER_INPUT: {
                "type": "plain_text_input",
                "value": text or blocks[ANSWER_BLOCK]["initial_value"],
            }
        },
        SPACE_BLOCK: {
            SPACE_INPUT: {
                "type": "static_select",
                "selected_option": {"text": {"type": "plain_text", "text": space}, "value": space},
            }
        },
    }
    payload = bot.fake.payloads.view_submission(
        VERIFY_MODAL, view["private_metadata"], values, user=user
    )
    return bot.fake.wait_ack(bot.fake.send_envelope("interactive", payload))


def _click_offer(bot, offer) -> None:
    """The expert clicks "Save as verified answer" in the ephemeral offer."""
    value = next(
        e["value"]
        for b in _parsed(offer.params["blocks"])
        if b["type"] == "actions"
        for e in b["elements"]
    )
    bot.fake.send_envelope(
        "interactive",
        bot.fake.payloads.block_action(VERIFY_OFFER, value, user=EXPERT, channel="C1"),
    )


def _opened_view(bot, n: int = 1) -> dict:
    call = bot.fake.wait_for("views.open", count=n, timeout=30)[n - 1]
    return _parsed(call.params["view"])


def _parsed(value):
    """A JSON parameter as the client sent it (form-encoded calls send it as a string)."""
    return json.loads(value) if isinstance(value, str) else value


def test_expert_reply_becomes_the_answer_for_the_same_and_a_paraphrased_question(
    tmp_path, sample_services, kb
):
    with _bot(tmp_path, sample_services, kb) as bot:
        thread = _mention(bot, QUESTION, "U1", "C1")
        assert "couldn" in _answer_in(bot, "C1")  # not found
        _mention(bot, "and who won in 2019 then?", "U1", "C1", thread_ts=thread)
        _answer_in(bot, "C1", 2)

        reply_ts = _expert_reply(bot, "C1", thread)
        (offer,) = bot.fake.wait_for("chat.postEphemeral", timeout=10)
        assert offer.params["user"] == EXPERT and offer.params["thread_ts"] == thread
        assert QUESTION[:20] in json.dumps(offer.params["blocks"]) or "2019" in json.dumps(
            offer.params["blocks"]
        )
        _click_offer(bot, offer)
        view = _opened_view(bot)
        inputs = {b["block_id"]: b["element"] for b in view["blocks"] if b["type"] == "input"}
        assert QUESTION in inputs[QUESTIONS_BLOCK]["initial_value"]
        # The expert's line break survives; Slack's markup is decoded.
        assert inputs[ANSWER_BLOCK]["initial_value"] == EXPERT_TEXT
        assert inputs[SPACE_BLOCK]["initial_option"]["value"] == "public"
        assert _submit(bot, view).get("payload") in (None, {})

        # The asker is told in their thread, once (they asked twice there), with the answer.
        told = bot.fake.wait_for(
            "chat.postMessage",
            timeout=60,
            predicate=lambda c: ANSWERED_SINCE in str(c.params.get("text")),
        )
        assert len(told) == 1 and told[0].params["thread_ts"] == thread
        news = json.dumps(_parsed(told[0].params["blocks"]))
        assert QUESTION in news and "Night Owls" in news and f"Verified by <@{EXPERT}>" in news
        bot.fake.wait_for(
            "chat.postEphemeral",
            count=2,
            timeout=30,
            predicate=lambda c: c.params.get("user") == EXPERT,
        )

        # Another user, another channel: the same question, then a paraphrase.
        _mention(bot, QUESTION, "U2", "C2")
        same = _answer_in(bot, "C2")
        _mention(bot, PARAPHRASE, "U3", "C3")
        paraphrased = _answer_in(bot, "C3")
    for answer in (same, paraphrased):
        assert "Night Owls" in answer and f"Verified by <@{EXPERT}> on" in answer
        assert f"/archives/C1/p{reply_ts.replace('.', '')}" in answer  # links the reply
    assert len(_told_calls(bot)) == 1
    assert kb.query_log.unanswered(0) == []  # the gap is closed


def _told_calls(bot):
    return [
        c
        for c in bot.fake.calls_to("chat.postMessage")
        if ANSWERED_SINCE in str(c.params.get("text"))
    ]


def test_a_non_expert_gets_no_save_button_and_the_shortcut_says_why(tmp_path, sample_services, kb):
    with _bot(tmp_path, sample_services, kb) as bot:
        thread = _mention(bot, QUESTION, "U1", "C1")
        _answer_in(bot, "C1")
        reply_ts = _expert_reply(bot, "C1", thread, user="U2")
        url = bot.fake.response_url("shortcut")
        payload = bot.fake.payloads.message_shortcut(
            VERIFY_SHORTCUT,
            {"user": "U2", "text": EXPERT_TEXT, "ts": reply_ts, "thread_ts": thread},
            user="U2",
            response_url=url,
        )
        bot.fake.send_envelope("interactive", payload)
        ((_name, body),) = bot.fake.wait_for_response(timeout=10)
        # An expert's reply in a thread the bot answered in, for contrast, is offered.
        _expert_reply(bot, "C1", thread)
        bot.fake.wait_for("chat.postEphemeral", timeout=10)
    assert body["text"] == EXPERTS_ONLY
    assert _offers(bot, "U2") == [] and len(_offers(bot)) == 1
    assert bot.fake.calls_to("views.open") == []


def test_a_verified_hr_answer_never_reaches_a_public_channel(tmp_path, sample_services, kb):
    secret = "The 2026 hackathon prize for HR staff is a paid sabbatical month."
    with _bot(tmp_path, sample_services, kb) as bot:
        # The shortcut on a message in the HR channel: the modal offers the hr space only.
        ts = bot.fake.payloads.next_ts()
        bot.fake.seed_thread("CHR", ts, [{"user": HR_EXPERT, "text": secret, "ts": ts}])
        payload = bot.fake.payloads.message_shortcut(
            VERIFY_SHORTCUT,
            {"user": HR_EXPERT, "text": secret, "ts": ts},
            user=HR_EXPERT,
            channel="CHR",
        )
        bot.fake.send_envelope("interactive", payload)
        view = _opened_view(bot)
        select = next(b for b in view["blocks"] if b["block_id"] == SPACE_BLOCK)["element"]
        assert [o["value"] for o in select["options"]] == ["hr"]
        # A forged submission for a space the expert does not answer for is refused.
        refused = _submit(
            bot, view, user=HR_EXPERT, space="public", questions="What is the hackathon prize?"
        )
        assert "errors" in json.dumps(refused)
        _submit(bot, view, user=HR_EXPERT, space="hr", questions="What is the hackathon prize?")
        bot.fake.wait_for(
            "chat.postEphemeral", timeout=60, predicate=lambda c: "Saved" in c.params["text"]
        )
        _mention(bot, "what is the hackathon prize?", "U1", "C1")
        public = _answer_in(bot, "C1")
        _mention(bot, "what is the hackathon prize?", "U5", "CHR")
        in_hr = _answer_in(bot, "CHR")
    assert "sabbatical" not in public and "Verified by" not in public
    assert "sabbatical" in in_hr and f"Verified by <@{HR_EXPERT}>" in in_hr


def test_an_expired_answer_is_flagged_and_its_expert_asked_to_review_once(
    tmp_path, sample_services, kb
):
    service = kb.answer_service("extractive")
    loop = kb.knowledge_loop(service)
    saved = loop.save([QUESTION], EXPERT_TEXT, EXPERT, "public")
    later = date.today() + timedelta(days=kb.settings.verified_ttl_days)
    service.today = lambda: later
    loop.verified.store.today = lambda: later
    before = service.answer(QUESTION)
    assert before.sources[0].kind == "verified" and before.sources[0].outdated
    assert any("due for review" in w for w in before.warnings)
    with _bot(tmp_path, sample_services, kb, service, loop) as bot:
        assert bot.bot.reviews.ask_due(bot.app.client) == 1
        assert bot.bot.reviews.ask_due(bot.app.client) == 0  # asked once
        (dm,) = bot.fake.calls_to("chat.postMessage")
        assert dm.params["channel"] == EXPERT and REVIEW_KEEP in json.dumps(dm.params["blocks"])
        url = bot.fake.response_url("review")
        bot.fake.send_envelope(
            "interactive",
            bot.fake.payloads.block_action(
                REVIEW_KEEP, saved.answer.answer_id, user=EXPERT, channel="D9", response_url=url
            ),
        )
        ((_n, body),) = bot.fake.wait_for_response(timeout=30)
    assert "verified again" in body["text"]
    after = service.answer(QUESTION)
    assert not after.sources[0].outdated and after.warnings == []
    assert after.sources[0].updated == later


def test_review_edit_and_retire_and_only_an_expert_of_the_space_may(tmp_path, sample_services, kb):
    service = kb.answer_service("extractive", cached=False)
    loop = kb.knowledge_loop(service)
    saved = loop.save([QUESTION], EXPERT_TEXT, EXPERT, "public").answer.answer_id
    with _bot(tmp_path, sample_services, kb, service, loop) as bot:

        def click(action: str, user: str, name: str):
            url = bot.fake.response_url(name)
            seen = len(bot.fake.responses)
            bot.fake.send_envelope(
                "interactive",
                bot.fake.payloads.block_action(
                    action, saved, user=user, channel="D9", response_url=url
                ),
            )
            return bot.fake.wait_for_response(count=seen + 1, timeout=30)[seen][1]

        refused = click(REVIEW_RETIRE, HR_EXPERT, "not-theirs")  # an expert, but for hr only
        assert "Only an expert for this answer's space" in refused["text"]
        assert loop.verified.store.get(saved).status == "active"

        bot.fake.send_envelope(
            "interactive",
            bot.fake.payloads.block_action(REVIEW_EDIT, saved, user=EXPERT, channel="D9"),
        )
        view = _opened_view(bot)
        assert view["callback_id"] == REVIEW_MODAL and view["private_metadata"] == saved
        values = {
            ANSWER_BLOCK: {ANSWER_INPUT: {"type": "plain_text_input", "value": "Team Larks."}}
        }
        envelope = bot.fake.send_envelope(
            "interactive",
            bot.fake.payloads.view_submission(REVIEW_MODAL, saved, values, user=EXPERT),
        )
        bot.fake.wait_ack(envelope)
        bot.fake.wait_for(
            "chat.postMessage", timeout=30, predicate=lambda c: "Updated" in c.params["text"]
        )
        assert service.answer(QUESTION).answer == "Team Larks. [1]"

        retired = click(REVIEW_RETIRE, EXPERT, "retire")
        assert "Retired" in retired["text"]
        assert click(REVIEW_KEEP, EXPERT, "late")["text"].startswith("This verified answer")
    after = service.answer(QUESTION)
    assert after.provider != "verified" and not any(s.kind == "verified" for s in after.sources)


def test_thumbs_down_thread_offers_the_expert_too(tmp_path, sample_services, kb):
    """A 👎 answer's thread is open to an expert's reply like a not-found one; an answered,
    unrated one is not."""
    with _bot(tmp_path, sample_services, kb) as bot:
        thread = _mention(bot, "When is Good Friday in 2026?", "U1", "C1")
        _answer_in(bot, "C1")
        (row,) = kb.query_log.in_thread("C1", thread)
        assert row["status"] == "answered"
        reply = bot.fake.payloads.channel_message(
            EXPERT_TEXT, user=EXPERT, channel="C1", thread_ts=thread
        )["event"]
        bot.bot.verification.on_thread_reply(reply, bot.app.client)  # synchronously
        assert _offers(bot) == []  # answered and not rated: nothing to verify
        kb.query_log.record_feedback(row["query_id"], "not_helpful", "U1", "missing Easter Monday")
        _expert_reply(bot, "C1", thread)
        bot.fake.wait_for("chat.postEphemeral", timeout=10)
    assert len(_offers(bot)) == 1


def test_a_save_that_cannot_be_indexed_says_so_and_keeps_nothing(tmp_path, sample_services, kb):
    kb.settings.verified_dir.write_text("not a folder", encoding="utf-8")  # a real failure
    with _bot(tmp_path, sample_services, kb) as bot:
        thread = _mention(bot, QUESTION, "U1", "C1")
        _answer_in(bot, "C1")
        _expert_reply(bot, "C1", thread)
        (offer,) = bot.fake.wait_for("chat.postEphemeral", timeout=10)
        _click_offer(bot, offer)
        _submit(bot, _opened_view(bot))
        (sorry,) = bot.fake.wait_for(
            "chat.postEphemeral", timeout=60, predicate=lambda c: c.params["text"] == NOT_SAVED
        )
    assert sorry.params["user"] == EXPERT and sorry.params["thread_ts"] == thread
    assert kb.verified.store.all(include_retired=True) == []
    assert len(kb.query_log.unanswered(0)) == 1 and _told_calls(bot) == []
