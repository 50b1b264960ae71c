"""The gap list end to end: questions through the real Bolt app and the fake Slack land in
the query log with who asked and where, and come out grouped."""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import date

from kb_slackbot.access import AccessPolicy
from kb_slackbot.answer.gaps import gap_list
from kb_slackbot.answer.models import AnswerResult, Asker, Source
from kb_slackbot.answer.querylog import QueryLog
from kb_slackbot.slack.blocks import FEEDBACK_MODAL, FEEDBACK_NOT_HELPFUL
from kb_slackbot.slack.views import REASON_BLOCK, REASON_INPUT

from .conftest import running_bot


def _gaps(log: QueryLog, embedder):
    return gap_list(log, time.time() - 3600, embedder.embed_query)


def test_not_found_paraphrases_by_two_people_are_one_gap(tmp_path, sample_services, embedder):
    log = QueryLog(tmp_path / "queries.sqlite3")
    with running_bot(tmp_path, sample_services, query_log=log) as bot:
        bot.fake.send_envelope(
            "events_api",
            bot.fake.payloads.app_mention("who won the company hackathon in 2019?", user="U1"),
        )
        bot.answer_posts("C1")
        bot.fake.send_envelope(
            "events_api", bot.fake.payloads.dm_message("2019 hackathon winner", user="U2")
        )
        bot.answer_posts("D1")
    (gap,) = _gaps(log, embedder)
    assert gap.questions == ["who won the company hackathon in 2019?", "2019 hackathon winner"]
    assert gap.askers == ["U1", "U2"] and gap.channels == ["C1", "D1"]
    assert [a.via for a in gap.asked] == ["mention", "dm"]


def test_thumbs_down_with_a_reason_is_a_gap_with_the_reason(tmp_path, sample_services, embedder):
    log = QueryLog(tmp_path / "queries.sqlite3")
    with running_bot(tmp_path, sample_services, query_log=log) as bot:
        url = bot.fake.response_url("cmd")
        question = "How do I set up the VPN on my Mac?"
        bot.fake.send_envelope(
            "slash_commands",
            bot.fake.payloads.slash_command(question, response_url=url, user_id="U3"),
        )
        ((_n, body),) = bot.fake.wait_for_response(timeout=30)
        assert _gaps(log, embedder) == []  # answered: no gap yet
        actions = next(b for b in body["blocks"] if b["type"] == "actions")
        query_id = actions["elements"][-1]["value"]
        bot.fake.send_envelope(
            "interactive",
            bot.fake.payloads.block_action(
                FEEDBACK_NOT_HELPFUL,
                query_id,
                user="U3",
                response_url=bot.fake.response_url("feedback"),
                container={"type": "message", "is_ephemeral": True, "channel_id": "C1"},
            ),
        )
        bot.fake.wait_for("views.open")
        values = {REASON_BLOCK: {REASON_INPUT: {"type": "plain_text_input", "value": "too old"}}}
        envelope = bot.fake.send_envelope(
            "interactive",
            bot.fake.payloads.view_submission(FEEDBACK_MODAL, query_id, values, user="U3"),
        )
        bot.fake.wait_ack(envelope)
    (gap,) = _gaps(log, embedder)
    assert gap.question == question and gap.reasons == ["too old"]
    assert gap.askers == ["U3"] and gap.channels == ["C1"] and gap.asked[0].via == "command"
    assert "vpn" in gap.near_miss().url
    assert json.loads(log.get(query_id)["context"])["user"] == "U3"


def _home_text(call) -> str:
    view = call.params["view"]
    return json.dumps(json.loads(view) if isinstance(view, str) else view, ensure_ascii=False)


def test_app_home_shows_the_gap_list_to_admins_only(tmp_path, sample_services):
    log = QueryLog(tmp_path / "queries.sqlite3")
    pages = [
        Source(number=1, title="Salary bands", url="https://kb/salary", updated=date(2026, 1, 1),
               space="hr", score=0.6),
        Source(number=2, title="Benefits", url="https://kb/benefits", updated=date(2026, 1, 1),
               space="public", score=0.4),
    ]  # fmt: skip
    missing = AnswerResult(
        query_id="nf", question="what's the 401k match?", answer="…", status="not_found",
        suggestions=pages,
    )  # fmt: skip
    log.record(missing, asker=Asker("U1", "C1", "mention"))
    access = AccessPolicy(admins=frozenset({"UADMIN"}))
    with running_bot(tmp_path, sample_services, access=access, query_log=log) as bot:
        bot.fake.send_envelope("events_api", bot.fake.payloads.app_home_opened(user="UADMIN"))
        (admin,) = bot.fake.wait_for("views.publish")
        bot.fake.send_envelope("events_api", bot.fake.payloads.app_home_opened(user="U1"))
        member = bot.fake.wait_for("views.publish", count=2)[-1]
    assert admin.params["user_id"] == "UADMIN" and member.params["user_id"] == "U1"
    shown = _home_text(admin)
    assert "401k match" in shown and "asked 1× by 1" in shown
    assert "Benefits" in shown and "Salary bands" not in shown  # the admin may not read hr
    assert "401k" not in _home_text(member) and "Unanswered" not in _home_text(member)
    assert "Ask me anything" in _home_text(member)


def test_weekly_digest_posts_top_gaps_only_to_a_channel_of_admins(tmp_path, sample_services):
    log = QueryLog(tmp_path / "queries.sqlite3")
    missing = AnswerResult(
        query_id="nf", question="who won the company hackathon in 2019?", answer="…",
        status="not_found",
    )  # fmt: skip
    log.record(missing, asker=Asker("U1", "C1", "mention"))
    access = AccessPolicy(admins=frozenset({"UADMIN"}))
    with running_bot(
        tmp_path, sample_services, access=access, query_log=log, gaps_channel="CGAPS"
    ) as bot:
        bot.fake.set_channel("CGAPS", is_private=True, members=["UBOT", "UADMIN", "U1"])
        assert bot.bot.digest.post(bot.app.client) is False  # U1 is no admin
        assert not bot.fake.calls_to("chat.postMessage")
        bot.fake.set_channel("CGAPS", is_private=True, members=["UBOT", "UADMIN"])
        assert bot.bot.digest.post(bot.app.client) is True
        (post,) = bot.fake.calls_to("chat.postMessage")
        assert post.params["channel"] == "CGAPS"
        assert "hackathon in 2019" in json.dumps(post.params["blocks"])

        stop = bot.bot.digest.start(bot.app.client, interval_s=0.05)  # the clock starts now
        try:
            time.sleep(0.3)
            assert len(bot.fake.calls_to("chat.postMessage")) == 1  # not a week yet
            with sqlite3.connect(log.path) as db:  # a week later
                db.execute("UPDATE schedule SET last = last - 7 * 86400")
            bot.fake.wait_for("chat.postMessage", count=2)
        finally:
            stop.set()
