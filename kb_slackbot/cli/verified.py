"""`verified list|export|retire`: experts' verified answers, for admins.

An admin tool like `audit` and `gaps`: it lists every answer whatever its space. `export`
writes each as Markdown with front matter, ready to move into a team's real docs.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from .common import EXIT_BAD_INPUT, fail, load_services, out, rows_printed

app = typer.Typer(
    help="Experts' verified answers (saved from Slack): list, export or retire them.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@app.command(name="list")
def list_answers(
    retired: Annotated[bool, typer.Option("--retired", help="Include retired answers.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Every verified answer: its question, space, expert, and when it is due for review."""
    services = load_services()
    ttl = services.settings.verified_ttl_days
    rows = [_row(a, ttl) for a in services.verified.store.all(include_retired=retired)]
    if rows_printed(rows, as_json, "No verified answers yet."):
        return
    table = Table()
    table.add_column("id", no_wrap=True)
    table.add_column("question", min_width=20)
    for column in ("space", "verified by / on", "review due", "status"):
        table.add_column(column, no_wrap=True)
    for r in rows:
        due = r["review_due"] + (" (overdue)" if r["overdue"] else "")
        table.add_row(
            r["id"],
            "\n".join(r["questions"]),
            r["space"],
            f"{r['verified_by']}\n{r['verified_on']}",
            due,
            r["status"],
        )
    out.print(table)


@app.command()
def export(
    folder: Annotated[Path, typer.Argument(help="Where to write one Markdown file per answer.")],
    retired: Annotated[bool, typer.Option("--retired", help="Include retired answers.")] = False,
) -> None:
    """Write each verified answer as Markdown with front matter (title, space, verified_by,
    verified_on, questions, url of the expert's message) into FOLDER."""
    from ..answer.verified import to_markdown

    if folder.exists() and not folder.is_dir():
        raise fail(f"{folder} is a file; give a folder", EXIT_BAD_INPUT)
    services = load_services()
    answers = services.verified.store.all(include_retired=retired)
    folder.mkdir(parents=True, exist_ok=True)
    for answer in answers:
        (folder / f"{answer.answer_id}.md").write_text(to_markdown(answer), encoding="utf-8")
    out.print(f"Exported {len(answers)} verified answer(s) to {folder}")


@app.command()
def retire(
    answer_id: Annotated[str, typer.Argument(help="The answer's id (see `verified list`).")],
) -> None:
    """Stop giving a verified answer: it leaves the index at once (its record is kept)."""
    services = load_services()
    if not services.verified.retire(answer_id):
        known = services.verified.store.get(answer_id)
        reason = "is already retired" if known else "is not a verified answer's id"
        raise fail(f"{answer_id} {reason} (see `kb-slackbot verified list`)", EXIT_BAD_INPUT)
    out.print(f"Retired {answer_id}; it is no longer given as an answer.")


def _row(answer, ttl_days: int) -> dict:
    due = answer.verified_on + timedelta(days=ttl_days)
    return {
        "id": answer.answer_id,
        "question": answer.title,
        "questions": list(answer.questions),
        "space": answer.space,
        "verified_by": answer.expert,
        "verified_on": answer.verified_on.isoformat(),
        "review_due": due.isoformat(),
        "overdue": answer.status == "active" and date.today() >= due,
        "status": answer.status,
        "url": answer.link,
        "text": answer.text,
    }
