"""`gaps`: questions the knowledge base could not answer, grouped by meaning."""

from __future__ import annotations

import re
import time
from datetime import datetime
from typing import Annotated

import typer
from rich.table import Table

from .common import EXIT_BAD_INPUT, fail, load_services, out, rows_printed

_UNITS = {"h": 3600, "d": 86400, "w": 7 * 86400}


def gaps(
    since: Annotated[
        str, typer.Option(help="How far back: 7d, 12h, 2w, or a date (YYYY-MM-DD).")
    ] = "7d",
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List the questions people asked that found no answer or got a 👎, similar questions
    grouped, most asked first. An admin tool, like `audit`: it shows every question and the
    best near-miss page whatever its space (marked with the space)."""
    start = _start(since)
    services = load_services()
    from ..answer.gaps import gap_list

    rows = [_row(g) for g in gap_list(services.query_log, start, services.embedder.embed_query)]
    if rows_printed(rows, as_json, f"No unanswered questions since {_iso(start)}."):
        return
    table = Table("asked", "askers", "question", "channels", "first / last", "closest page")
    for r in rows:
        question = "\n".join(r["questions"]) + "".join(f"\n👎 {x}" for x in r["reasons"])
        page = r["near_miss"]
        closest = f"{page['title']} ({page['space']})" if page else "-"  # URL: --json
        when = f"{r['first_asked'][:16]}\n{r['last_asked'][:16]}".replace("T", " ")
        channels = ", ".join(r["channels"]) or "-"
        table.add_row(str(r["count"]), str(r["askers"]), question, channels, when, closest)
    out.print(table)


def _start(since: str) -> float:
    found = re.fullmatch(r"(\d+)([hdw])", since.strip().lower())
    if found:
        return time.time() - int(found.group(1)) * _UNITS[found.group(2)]
    try:
        return datetime.fromisoformat(since).timestamp()
    except ValueError:
        raise fail(
            f"--since must be like 7d, 12h, 2w or 2026-01-31, not {since!r}", EXIT_BAD_INPUT
        ) from None


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).isoformat(timespec="seconds")


def _row(gap) -> dict:
    page = gap.near_miss()
    return {
        "question": gap.question,
        "questions": gap.questions,
        "count": len(gap.asked),
        "askers": len(gap.askers),
        "asker_ids": gap.askers,
        "channels": gap.channels,
        "first_asked": _iso(gap.first),
        "last_asked": _iso(gap.last),
        "not_found": sum(a.status == "not_found" for a in gap.asked),
        "not_helpful": sum(a.status != "not_found" for a in gap.asked),
        "reasons": gap.reasons,
        "near_miss": {"title": page.title, "url": page.url, "space": page.space} if page else None,
        "query_ids": [a.query_id for a in gap.asked],
    }
