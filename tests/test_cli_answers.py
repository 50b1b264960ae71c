"""`ask`, `eval` and `audit` on the sample KB through the real CLI."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kb_slackbot.cli import app
from tests.conftest import SAMPLE_BASE_URL, SAMPLE_KB


def _env(sample_services) -> dict[str, str]:
    return {
        "KB_DATA_DIR": str(sample_services.settings.data_dir),
        "KB_LLM_PROVIDER": "extractive",
        "KB_BASE_URL": SAMPLE_BASE_URL,
    }


def test_ask_prints_answer_sources_and_confidence(sample_services):
    result = CliRunner().invoke(
        app, ["ask", "How do I report a phishing email?"], env=_env(sample_services)
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Answer:\n")
    assert "\nSources:\n[1] " in result.stdout
    assert "https://docs.northwindloop.example/security/reporting-phishing" in result.stdout
    assert "Confidence:" in result.stdout


def test_ask_json_and_bad_input(sample_services):
    env = _env(sample_services)
    result = CliRunner().invoke(app, ["ask", "--json", "who won the 2019 hackathon?"], env=env)
    payload = json.loads(result.stdout)
    assert payload["status"] == "not_found" and payload["sources"] == []
    empty = CliRunner().invoke(app, ["ask", "  "], env=env)
    assert empty.exit_code == 2 and "Ask me a question" in empty.stdout


def test_as_user_and_audit(sample_services, tmp_path):
    access = tmp_path / "access.yml"
    access.write_text("groups:\n  hr-team:\n    spaces: [hr]\n    members: [UHR]\n")
    env = {**_env(sample_services), "KB_ACCESS_FILE": str(access)}
    question = "What is the salary band for a senior engineer?"
    outsider = CliRunner().invoke(app, ["ask", "--json", "--as-user", "UOUT", question], env=env)
    assert "salary-bands-2026" not in outsider.stdout
    insider = CliRunner().invoke(app, ["ask", "--json", "--as-user", "UHR", question], env=env)
    assert "salary-bands-2026" in insider.stdout
    audit = CliRunner().invoke(app, ["audit", "--since", "2020-01-01", "--json"], env=env)
    rows = json.loads(audit.stdout)
    assert any("hr" in r["restricted_spaces_cited"] and r["question"] == question for r in rows)
    assert all(r["restricted_spaces_cited"] for r in rows)


def test_eval_prints_the_metrics_table(sample_services, tmp_path):
    questions = tmp_path / "q.jsonl"
    lines = (SAMPLE_KB / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    questions.write_text("\n".join(lines[:4] + lines[-2:]) + "\n", encoding="utf-8")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        app, ["eval", str(questions), "--output", str(report)], env=_env(sample_services)
    )
    assert result.exit_code == 0, result.output
    for metric in ("recall@5", "mrr", "key_facts_in_top5", "not_found_recall", "total_ms_p95"):
        assert metric in result.stdout
    summary = json.loads(report.read_text())["summary"]
    assert summary["questions"] == 6
    again = CliRunner().invoke(
        app,
        ["eval", str(questions), "--compare", str(report), "--output", str(tmp_path / "b")],
        env=_env(sample_services),
    )
    assert "delta" in again.stdout and "+0.000" in again.stdout


SALARY = "What is the salary band for a senior engineer?"


def test_ask_and_search_use_the_scope_of_an_ordinary_channel_unless_told(sample_services):
    env = _env(sample_services)
    default = CliRunner().invoke(app, ["ask", SALARY], env=env)
    assert default.exit_code == 0, default.output
    assert "salary-bands-2026" not in default.stdout
    assert default.stdout.endswith("Spaces searched: public\n")
    everything = CliRunner().invoke(app, ["ask", "--all-spaces", SALARY], env=env)
    assert "salary-bands-2026" in everything.stdout
    assert everything.stdout.endswith("Spaces searched: all (finance, hr, public, security)\n")

    found = CliRunner().invoke(app, ["search", "--json", SALARY], env=env)
    payload = json.loads(found.stdout)
    assert payload["spaces"] == ["public"]
    assert {r["space"] for r in payload["results"]} == {"public"}
    found = CliRunner().invoke(app, ["search", "--json", "--all-spaces", SALARY], env=env)
    payload = json.loads(found.stdout)
    assert payload["spaces"] is None and "hr" in {r["space"] for r in payload["results"]}
    table = CliRunner().invoke(app, ["search", SALARY], env=env)
    assert table.stdout.endswith("Spaces searched: public\n")


def test_eval_uses_the_scope_of_an_ordinary_channel_unless_told(sample_services, tmp_path):
    questions = tmp_path / "q.jsonl"
    expected = "https://docs.northwindloop.example/hr/salary-bands-2026"
    questions.write_text(
        json.dumps({"question": SALARY, "expected_sources": [expected]}) + "\n", encoding="utf-8"
    )
    reports = {}
    for name, extra in (("default", []), ("all", ["--all-spaces"])):
        report = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            app,
            ["eval", str(questions), "--output", str(report), *extra],
            env=_env(sample_services),
        )
        assert result.exit_code == 0, result.output
        reports[name] = (json.loads(report.read_text())["outcomes"][0], result.stdout)
    outcome, stdout = reports["default"]
    assert expected not in outcome["retrieved"] + outcome["cited"]
    assert "Spaces searched: public" in stdout
    outcome, stdout = reports["all"]
    assert expected in outcome["retrieved"]
    assert "Spaces searched: all (finance, hr, public, security)" in stdout


def test_gaps_groups_unanswered_questions_from_ask(sample_services):
    env = _env(sample_services)
    asked = [
        ("U7", "what's the name of the office cat in Amsterdam?"),
        ("U8", "amsterdam office cat name"),
    ]
    for user, question in asked:
        CliRunner().invoke(app, ["ask", "--as-user", user, question], env=env)
    result = CliRunner().invoke(app, ["gaps", "--since", "1d", "--json"], env=env)
    assert result.exit_code == 0, result.output
    gap = next(g for g in json.loads(result.stdout) if asked[0][1] in g["questions"])
    assert gap["questions"] == [q for _u, q in asked]
    assert (gap["count"], gap["askers"], gap["asker_ids"]) == (2, 2, ["U7", "U8"])
    assert set(gap) >= {"channels", "first_asked", "last_asked", "near_miss", "reasons"}
    table = CliRunner().invoke(app, ["gaps"], env=env)
    assert table.exit_code == 0 and "askers" in table.stdout and "Amsterdam" in table.stdout
    bad = CliRunner().invoke(app, ["gaps", "--since", "soon"], env=env)
    assert bad.exit_code == 2 and "--since must be like 7d" in bad.stderr
