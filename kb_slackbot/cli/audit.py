"""`audit`: answers that cited pages outside the public space."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import typer
from rich.table import Table

from .common import EXIT_BAD_INPUT, fail, load_services, out, rows_printed


def audit(
    since: Annotated[str, typer.Option(help="Start date, YYYY-MM-DD.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List answers that cited pages outside the public space."""
    try:
        start = datetime.fromisoformat(since).timestamp()
    except ValueError:
        raise fail(
            f"--since must be a date like 2026-01-31, not {since!r}", EXIT_BAD_INPUT
        ) from None
    services = load_services()
    rows = [
        {
            "query_id": found.query_id,
            "time": datetime.fromtimestamp(found.created_at).isoformat(timespec="seconds"),
            "question": found.question,
            "spaces_searched": found.spaces_searched,
            "restricted_spaces_cited": found.restricted_spaces,
            "pages": found.pages,
        }
        for found in services.query_log.restricted_answers(start)
    ]
    if rows_printed(rows, as_json, f"No answer since {since} cited a non-public page."):
        return
    table = Table("time", "query id", "question", "spaces searched", "restricted pages cited")
    for r in rows:
        searched = "all" if r["spaces_searched"] is None else ", ".join(r["spaces_searched"])
        table.add_row(r["time"], r["query_id"], r["question"], searched, "; ".join(r["pages"]))
    out.print(table)
