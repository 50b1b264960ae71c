"""The LLM judge: reading verdicts, and judging through the real Anthropic client against the
loopback fake of the Messages API."""

from __future__ import annotations

import re

import pytest

from kb_slackbot.evaluation.judge import (
    JUDGE_PROMPT_VERSION,
    JUDGE_SYSTEM_PROMPT,
    AnswerJudge,
    parse_verdict,
)
from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from testkit.llm import FakeAnthropic, last_user_message

FAST = RetryPolicy(max_retries=1, timeout_s=2, deadline_s=4, base_delay_s=0.01, max_delay_s=0.02)

QUESTION = "How do I set up the VPN on Linux?"
REFERENCE = (
    "Install wireguard-tools, copy nwl.conf to /etc/wireguard/ and run sudo wg-quick up nwl."
)


@pytest.mark.parametrize(
    ("reply", "verdict", "score", "reason"),
    [
        ("VERDICT: correct\nREASON: Same steps as the reference.", "correct", 1.0, "Same steps"),
        ("verdict: Partially_Correct\nreason: misses the port", "partially_correct", 0.5, "port"),
        ("VERDICT: INCORRECT\nREASON: wrong port.", "incorrect", 0.0, "wrong port"),
        ("**Verdict:** Partially correct\n**Reason:** no sudo.", "partially_correct", 0.5, "sudo"),
        ('{"verdict": "incorrect", "reason": "contradicts it"}', "incorrect", 0.0, "contradicts"),
        (
            "Sure! Here is my grading.\n\nVERDICT: correct\nREASON: ok\n\nHope this helps.",
            "correct",
            1.0,
            "ok",
        ),
        # A model that thinks aloud: its last verdict is its answer.
        (
            "VERDICT: correct\nWait, the port differs.\nVERDICT: incorrect\nREASON: port",
            "incorrect",
            0.0,
            "port",
        ),
        ("VERDICT: partially", "partially_correct", 0.5, ""),
        ("Incorrect.", "incorrect", 0.0, ""),
        ("  correct\n", "correct", 1.0, ""),
    ],
)
def test_verdicts_are_read_from_hand_made_replies(reply, verdict, score, reason):
    judgement = parse_verdict(reply)
    assert judgement.verdict == verdict
    assert judgement.score == score
    assert reason in judgement.reason and "\n" not in judgement.reason


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "   \n ",
        "I think the answer is correct.",  # no VERDICT line: "incorrect" contains "correct" too
        "VERDICT: not correct",
        "VERDICT: correctly answered",
        "VERDICT: maybe\nREASON: unsure",
        "VERDICT: correct | partially_correct | incorrect",  # the choices echoed, none chosen
        "VERDICT: <one of: correct, partially_correct, incorrect>\nREASON: <one short sentence>",
        "REASON: fine",
        "\x00\ufffd" + "verdict" * 5000,
    ],
)
def test_replies_without_a_verdict_are_unparseable(reply):
    judgement = parse_verdict(reply)
    assert judgement.verdict == "unparseable"
    assert judgement.score is None
    assert judgement.reason  # the reply itself (shortened), so a person can see what came back
    assert "\n" not in judgement.reason and len(judgement.reason) <= 300


def test_the_prompt_asks_for_the_format_the_parser_reads():
    assert "VERDICT:" in JUDGE_SYSTEM_PROMPT and "REASON:" in JUDGE_SYSTEM_PROMPT
    for verdict in ("correct", "partially_correct", "incorrect"):
        assert parse_verdict(f"VERDICT: {verdict}\nREASON: x").verdict == verdict
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}\.\d+", JUDGE_PROMPT_VERSION)


@pytest.fixture
def claude():
    with FakeAnthropic() as fake:
        yield fake


def _judge(fake: FakeAnthropic) -> AnswerJudge:
    return AnswerJudge(AnthropicProvider("test-key", "claude-judge", FAST, base_url=fake.url))


def _grade_by_content(body: dict) -> str:
    """A fake judge model: reads the candidate out of the request like a model would."""
    message = last_user_message(body)
    candidate = message.split("<candidate_answer>")[1].split("</candidate_answer>")[0]
    if "wg-quick up nwl" in candidate and "wireguard-tools" in candidate:
        return "VERDICT: correct\nREASON: Same steps as the reference."
    if "wireguard-tools" in candidate:
        return (
            "Let me compare.\nVERDICT: partially_correct\nREASON: It does not say how to start it."
        )
    return "VERDICT: incorrect\nREASON: Nothing about WireGuard."


def test_judge_end_to_end_through_the_anthropic_client(claude):
    claude.handler = _grade_by_content
    judge = _judge(claude)

    right = judge.judge(
        QUESTION, REFERENCE, "Install wireguard-tools [1], then wg-quick up nwl [1]."
    )
    partial = judge.judge(QUESTION, REFERENCE, "Install wireguard-tools [1].")
    wrong = judge.judge(QUESTION, REFERENCE, "Download LoopGate from App Shelf [1].")

    assert (right.verdict, right.score) == ("correct", 1.0)
    assert right.reason == "Same steps as the reference."
    assert (partial.verdict, partial.score) == ("partially_correct", 0.5)
    assert (wrong.verdict, wrong.score) == ("incorrect", 0.0)
    assert judge.name == f"anthropic:claude-judge (prompt {JUDGE_PROMPT_VERSION})"

    requests = claude.generation_requests
    assert len(requests) == 3
    first = requests[0].body
    assert first["model"] == "claude-judge"
    assert first["system"] == JUDGE_SYSTEM_PROMPT
    message = last_user_message(first)
    assert f"<question>\n{QUESTION}\n</question>" in message
    assert f"<reference_answer>\n{REFERENCE}\n</reference_answer>" in message
    assert "then wg-quick up nwl [1]." in message


def test_an_unparseable_model_reply_is_recorded_not_raised(claude):
    claude.reply_text = "The candidate looks fine to me."
    judgement = _judge(claude).judge(QUESTION, REFERENCE, "Install wireguard-tools.")
    assert judgement.verdict == "unparseable" and judgement.score is None
    assert judgement.reason == "The candidate looks fine to me."


@pytest.mark.parametrize("fault", ["500", "malformed", "empty"])
def test_a_failing_provider_gives_an_error_verdict(claude, fault):
    if fault == "500":  # retried, so every attempt fails
        claude.enqueue_failure(500, times=FAST.max_retries + 1)
    elif fault == "malformed":  # not retried
        claude.enqueue_malformed()
    else:
        claude.enqueue_empty()
    judgement = _judge(claude).judge(QUESTION, REFERENCE, "Install wireguard-tools.")
    assert judgement.verdict == "error" and judgement.score is None
    if fault == "500":
        assert "HTTP 500" in judgement.reason
    # The next call gets a normal answer again: one failure does not break the judge.
    claude.reply_text = "VERDICT: partially_correct\nREASON: half of it."
    assert _judge(claude).judge(QUESTION, REFERENCE, "x").verdict == "partially_correct"
