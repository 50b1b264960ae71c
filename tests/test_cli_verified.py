"""`verified list|export|retire` and `ask` on a KB with a verified answer (real index)."""

from __future__ import annotations

import json

import frontmatter
from typer.testing import CliRunner

from kb_slackbot.cli import app

QUESTION = "Who won the company hackathon in 2019?"
TEXT = "Team Night Owls won the 2019 hackathon with their expense-scanner app."


def test_list_export_and_retire(tmp_path, small_kb):
    services = small_kb(("office-locations.md",))
    env = {"KB_DATA_DIR": str(tmp_path / "data"), "KB_LLM_PROVIDER": "extractive"}
    link = "https://kb-test.slack.com/archives/C1/p1700000000000200"
    saved = services.verified.add([QUESTION, "2019 hackathon winner"], TEXT, "UEXP", "public", link)

    asked = CliRunner().invoke(
        app, ["ask", "--json", "which team won the 2019 hackathon?"], env=env
    )
    assert asked.exit_code == 0, asked.output
    result = json.loads(asked.stdout)
    assert result["status"] == "answered" and "Night Owls" in result["answer"]
    (source,) = result["sources"]
    assert (source["kind"], source["verified_by"], source["url"]) == ("verified", "UEXP", link)

    found = CliRunner().invoke(app, ["search", "--json", QUESTION], env=env)
    assert json.loads(found.stdout)["results"][0]["kind"] == "verified"

    listed = CliRunner().invoke(app, ["verified", "list", "--json"], env=env)
    (row,) = json.loads(listed.stdout)
    assert row["id"] == saved.answer_id and row["questions"] == [QUESTION, "2019 hackathon winner"]
    assert (row["space"], row["verified_by"], row["status"], row["overdue"]) == (
        "public",
        "UEXP",
        "active",
        False,
    )
    table = CliRunner().invoke(app, ["verified", "list"], env=env)
    assert saved.answer_id in table.stdout and "review due" in table.stdout

    exported = CliRunner().invoke(app, ["verified", "export", str(tmp_path / "out")], env=env)
    assert exported.exit_code == 0 and "Exported 1" in exported.stdout
    page = frontmatter.load(tmp_path / "out" / f"{saved.answer_id}.md")
    assert page.content.strip() == TEXT
    assert page["title"] == QUESTION and page["verified_by"] == "UEXP" and page["url"] == link
    assert page["space"] == "public" and page["questions"][1] == "2019 hackathon winner"

    retired = CliRunner().invoke(app, ["verified", "retire", saved.answer_id], env=env)
    assert retired.exit_code == 0, retired.output
    again = CliRunner().invoke(app, ["verified", "retire", saved.answer_id], env=env)
    assert again.exit_code == 2 and "already retired" in again.stderr
    unknown = CliRunner().invoke(app, ["verified", "retire", "nope"], env=env)
    assert unknown.exit_code == 2 and "not a verified answer" in unknown.stderr
    after = json.loads(CliRunner().invoke(app, ["ask", "--json", QUESTION], env=env).stdout)
    assert not any(s["kind"] == "verified" for s in after["sources"] + after["suggestions"])
    assert json.loads(CliRunner().invoke(app, ["verified", "list", "--json"], env=env).stdout) == []
    with_retired = CliRunner().invoke(app, ["verified", "list", "--retired", "--json"], env=env)
    assert json.loads(with_retired.stdout)[0]["status"] == "retired"
