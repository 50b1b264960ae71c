"""`run_eval` and `kb-slackbot eval` with a judge: the real answer engine on the sample KB
(extractive answers), the judge through the real Anthropic / Ollama clients against loopback
fakes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kb_slackbot.cli import app
from kb_slackbot.evaluation.judge import JUDGE_PROMPT_VERSION, AnswerJudge
from kb_slackbot.evaluation.runner import EvalQuestion, run_eval
from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from testkit.llm import FakeAnthropic, FakeOllama, last_user_message
from tests.conftest import SAMPLE_BASE_URL

FAST = RetryPolicy(max_retries=1, timeout_s=2, deadline_s=4, base_delay_s=0.01, max_delay_s=0.02)
VPN_URL = "https://docs.northwindloop.example/it/vpn"

QUESTIONS = [
    EvalQuestion(
        question="How do I set up the VPN on Windows?",
        expected_sources=[VPN_URL],
        reference_answer="Install LoopGate for Windows from App Shelf, import the nwl.conf file "
        "from the VPN portal and click Activate.",
    ),
    EvalQuestion(
        question="How do I set up the VPN on Linux?",
        expected_sources=[VPN_URL],
        reference_answer="Install wireguard-tools with your package manager, copy nwl.conf to "
        "/etc/wireguard/nwl.conf and run sudo wg-quick up nwl.",
    ),
    # Not judged: no reference answer.
    EvalQuestion(question="How do I report a phishing email?"),
    # Not judged: a reference, but the bot answers "not found".
    EvalQuestion(
        question="who won the 2019 hackathon?",
        answerable=False,
        reference_answer="Team Falcon won the 2019 hackathon.",
    ),
]


@pytest.fixture
def claude():
    with FakeAnthropic() as fake:
        yield fake


@pytest.fixture
def service(sample_services):
    return sample_services.answer_service("extractive", cached=False)


def _judged_questions(fake) -> list[str]:
    return [
        last_user_message(r.body).split("<question>\n")[1].split("\n</question>")[0]
        for r in fake.generation_requests
    ]


def test_run_eval_judges_answered_questions_with_a_reference(service, claude):
    claude.reply_text = "VERDICT: correct\nREASON: Same steps."
    # The first judged question meets a failing API on every attempt; the eval goes on.
    claude.enqueue_failure(500, times=FAST.max_retries + 1)
    judge = AnswerJudge(AnthropicProvider("k", "claude-judge", FAST, base_url=claude.url))

    report = run_eval(service, QUESTIONS, judge=judge)

    mac, linux, no_reference, not_found = report.outcomes
    assert [o.status for o in report.outcomes] == ["answered"] * 3 + ["not_found"]
    assert (mac.judge_verdict, mac.judge_score) == ("error", None)
    assert "HTTP 500" in mac.judge_reason
    assert (linux.judge_verdict, linux.judge_score, linux.judge_reason) == (
        "correct",
        1.0,
        "Same steps.",
    )
    for outcome in (no_reference, not_found):
        assert (outcome.judge_verdict, outcome.judge_score, outcome.judge_reason) == (None,) * 3
    # Only the two answered questions with a reference reached the judge (the first one twice).
    assert _judged_questions(claude) == [QUESTIONS[0].question] * 2 + [QUESTIONS[1].question]
    # …and was shown the bot's answer, as the bot gave it.
    candidate = last_user_message(claude.generation_requests[-1].body).split(
        "<candidate_answer>\n"
    )[1]
    assert candidate == service.answer(QUESTIONS[1].question).answer.strip() + (
        "\n</candidate_answer>"
    )

    summary = report.summary
    assert summary["judge_score"] == 1.0
    assert summary["judged"] == 1
    assert summary["judge_errors"] == 1
    assert summary["judge_model"] == f"anthropic:claude-judge (prompt {JUDGE_PROMPT_VERSION})"
    saved = json.loads(report.to_json())
    assert saved["outcomes"][0]["judge_verdict"] == "error"
    assert saved["outcomes"][1]["judge_score"] == 1.0


def test_scores_are_averaged_and_other_metrics_unchanged(service, claude):
    replies = iter(["VERDICT: incorrect\nREASON: no.", "VERDICT: partially_correct\nREASON: half"])
    claude.handler = lambda _body: next(replies)
    judge = AnswerJudge(AnthropicProvider("k", "claude-judge", FAST, base_url=claude.url))

    judged = run_eval(service, QUESTIONS, judge=judge)
    plain = run_eval(service, QUESTIONS)

    assert [o.judge_score for o in judged.outcomes] == [0.0, 0.5, None, None]
    assert judged.summary["judge_score"] == 0.25 and judged.summary["judged"] == 2
    assert judged.summary["judge_errors"] == 0
    assert plain.summary["judge_score"] is None and plain.summary["judged"] == 0
    assert plain.summary["judge_model"] is None
    assert all(o.judge_verdict is None for o in plain.outcomes)
    assert judged.summary.keys() == plain.summary.keys()
    for key, value in plain.summary.items():
        if not key.startswith("judge") and "_ms_" not in key:
            assert judged.summary[key] == value, key


# --- the CLI -----------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _restore_logging(restore_logging):
    """Commands configure process-wide logging onto CliRunner's streams; undo that."""


@pytest.fixture
def questions_file(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(q.model_dump_json() for q in QUESTIONS[1:4]) + "\n", encoding="utf-8")
    return path


def _eval(sample_services, *args: str, **env: str):
    base = {
        "KB_DATA_DIR": str(sample_services.settings.data_dir),
        "KB_LLM_PROVIDER": "extractive",
        "KB_BASE_URL": SAMPLE_BASE_URL,
        "OLLAMA_HOST": "http://127.0.0.1:9",
        "KB_LLM_MAX_RETRIES": "0",
    }
    return CliRunner().invoke(app, ["eval", *args], env={**base, **env})


def _table_row(stdout: str, metric: str) -> list[str]:
    for line in stdout.splitlines():
        cells = [c.strip() for c in line.strip()[1:-1].split("│")]  # between the borders
        if cells and cells[0] == metric:
            return cells
    raise AssertionError(f"no row {metric!r} in:\n{stdout}")


@pytest.mark.parametrize(
    ("judge", "env", "message"),
    [
        ("extractive", {}, "the extractive answerer has no language model, so it cannot judge"),
        ("anthropic", {}, "--judge anthropic: LLM provider 'anthropic' needs ANTHROPIC_API_KEY"),
        ("ollama", {}, "--judge ollama: no Ollama server answers at http://127.0.0.1:9"),
        ("auto", {}, "--judge auto: no language model to judge with"),
        ("gpt", {}, "unknown judge 'gpt'; use anthropic, ollama or auto"),
    ],
)
def test_eval_refuses_a_judge_it_cannot_use(
    sample_services, questions_file, tmp_path, judge, env, message
):
    report = tmp_path / "report.json"
    result = _eval(
        sample_services, str(questions_file), "--judge", judge, "--output", str(report), **env
    )
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert not report.exists()  # refused before answering a single question


def test_eval_with_an_anthropic_judge_prints_and_compares_the_score(
    sample_services, questions_file, tmp_path, claude
):
    plain_report = tmp_path / "plain.json"
    plain = _eval(sample_services, str(questions_file), "--output", str(plain_report))
    assert plain.exit_code == 0, plain.output
    assert "judge" not in plain.stdout  # no judge: no judge rows
    assert json.loads(plain_report.read_text())["summary"]["judged"] == 0

    claude.reply_text = "VERDICT: partially_correct\nREASON: It skips the config file."
    judged_report = tmp_path / "judged.json"
    env = {"ANTHROPIC_API_KEY": "test", "ANTHROPIC_BASE_URL": claude.url}
    result = _eval(
        sample_services,
        str(questions_file),
        "--judge",
        "anthropic",
        "--output",
        str(judged_report),
        "--compare",
        str(plain_report),
        **env,
    )
    assert result.exit_code == 0, result.output
    assert _table_row(result.stdout, "judge_score") == ["judge_score", "0.500", "–", ""]
    assert _table_row(result.stdout, "judged") == ["judged", "1", "0", "+1.000"]
    assert _table_row(result.stdout, "judge_errors")[:2] == ["judge_errors", "0"]
    saved = json.loads(judged_report.read_text())
    assert saved["summary"]["judge_score"] == 0.5
    assert saved["summary"]["judge_model"].startswith("anthropic:")
    assert [o["judge_verdict"] for o in saved["outcomes"]] == ["partially_correct", None, None]
    assert saved["outcomes"][0]["judge_reason"] == "It skips the config file."
    assert len(claude.generation_requests) == 1  # the answers themselves are extractive

    # Comparing the other way round still shows the judge rows, with the earlier values.
    back = _eval(
        sample_services,
        str(questions_file),
        "--output",
        str(tmp_path / "again.json"),
        "--compare",
        str(judged_report),
    )
    assert back.exit_code == 0, back.output
    assert _table_row(back.stdout, "judge_score") == ["judge_score", "–", "0.500", ""]


def test_eval_with_an_ollama_judge_and_a_failing_model(sample_services, questions_file, tmp_path):
    with FakeOllama(model="llama3.2") as fake:
        fake.enqueue_failure(500)  # KB_LLM_MAX_RETRIES=0: the one judged question errors
        report = tmp_path / "report.json"
        result = _eval(
            sample_services,
            str(questions_file),
            "--judge",
            "ollama",
            "--json",
            "--output",
            str(report),
            OLLAMA_HOST=fake.url,
        )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["summary"]["judged"] == 0 and payload["summary"]["judge_errors"] == 1
    assert payload["summary"]["judge_score"] is None
    assert payload["summary"]["judge_model"].startswith("ollama:llama3.2")
    assert payload["outcomes"][0]["judge_verdict"] == "error"
    assert payload["summary"]["questions"] == 3  # every question still measured
    assert len(fake.generation_requests) == 1
