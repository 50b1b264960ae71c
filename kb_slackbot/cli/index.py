"""`ingest` and `search`: filling the index and looking into it."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from .common import (
    ALL_SPACES_HELP,
    EXIT_BAD_INPUT,
    EXIT_FILES_FAILED,
    err,
    fail,
    load_services,
    out,
    progress,
    scope,
    spaces_line,
)
from .render import search_rows, search_table

QUESTION_PROBLEMS = {
    "empty": "the question is empty",
    "too_short": "the question is too short to search; ask it in a few words",
    "too_long": "the question is {length:,} characters long; the limit is {limit:,}"
    " (KB_MAX_QUESTION_CHARS)",
}


def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Files or folders to ingest.")],
    space: Annotated[str | None, typer.Option(help="Space for documents without one.")] = None,
    base_url: Annotated[
        str | None, typer.Option(help="URL prefix for pages without a url of their own.")
    ] = None,
    prune: Annotated[bool, typer.Option(help="Remove documents whose files are gone.")] = False,
) -> None:
    """Add new and changed documents to the index (unchanged ones are skipped).

    Exits with 3 when some files could not be ingested (each is listed on stderr).
    """
    from ..retrieval.embeddings import ModelUnavailable
    from ..retrieval.urls import checked_url
    from ..settings import SPACE_NAME

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise fail(f"no such file or folder: {', '.join(missing)}", EXIT_BAD_INPUT)
    if space is not None and not re.fullmatch(SPACE_NAME, space):
        raise fail(
            f"--space {space!r}: use letters, digits, '.', '_' or '-' (at most 64)", EXIT_BAD_INPUT
        )
    if base_url is not None:
        try:
            base_url = checked_url(base_url)
        except ValueError as exc:
            raise fail(f"--base-url {base_url!r}: {exc}", EXIT_BAD_INPUT) from None
    services = load_services()
    options = services.ingest_options(space, base_url, prune)
    try:
        ingester = services.ingester
    except ModelUnavailable as exc:
        raise fail(str(exc)) from None
    with progress() as bar:
        task = bar.add_task("Ingesting", total=None)

        def report(done: int, total: int, name: str) -> None:
            bar.update(task, completed=done, total=total, description=f"Ingesting {escape(name)}")

        try:
            summary = ingester.run(paths, options, progress=report)
        except OSError as exc:  # a folder that cannot be listed, a full disk …
            raise fail(f"cannot ingest: {exc.strerror or exc}: {exc.filename or ''}") from None

        def report_pieces(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description="Embedding answer pieces")

        # A pruning run also forgets the pieces of pages edited or removed since the last one.
        changed = None if prune else summary.written
        pieces = services.embed_pieces(changed, report_pieces)
    for path, reason in summary.failed:
        err.print(f"[yellow]skipped[/yellow] {escape(path)}: {escape(reason)}", soft_wrap=True)
    for path, sentence in summary.flagged:
        err.print(
            f"[yellow]flagged[/yellow] {escape(path)}: text addressed to an assistant, never"
            f" quoted in answers: {escape(sentence)!r}",
            soft_wrap=True,
        )
    out.print(
        f"added {summary.added} · updated {summary.updated} · unchanged {summary.unchanged}"
        f" · removed {summary.removed} · failed {len(summary.failed)}"
        f" · flagged {len(summary.flagged)}  ({summary.chunks} chunks written)",
        soft_wrap=True,  # one line, whatever the terminal width: scripts read it
    )
    out.print(
        f"answer pieces: {pieces.pieces} · embedded now {pieces.embedded}"
        f" · forgotten {pieces.forgotten}",
        soft_wrap=True,
    )
    if summary.passed_over:
        err.print(
            f"not read (no reader for these types): {escape(_passed_over(summary.passed_over))}",
            soft_wrap=True,
        )
    if summary.no_text:  # section indexes, includes, stubs: no failure
        err.print(f"left out (no text in them): {escape(_some(summary.no_text))}", soft_wrap=True)
    if summary.failed:
        raise typer.Exit(EXIT_FILES_FAILED)


def _some(paths: list[str], most: int = 5) -> str:
    """ "3 files: a.md, b.md, c.md" ("… and 2 more" past ``most``)."""
    more = f" and {len(paths) - most} more" if len(paths) > most else ""
    shown = ", ".join(paths[:most]) + more
    return f"{len(paths)} file{'s' if len(paths) != 1 else ''}: {shown}"


def _passed_over(found: Counter[str], most: int = 8) -> str:
    """ "30 .png, 2 .enex, 1 without an extension" (the commonest types first)."""
    counts = sorted(found.items(), key=lambda item: (-item[1], not item[0], item[0]))
    shown = [f"{n} {suffix or 'without an extension'}" for suffix, n in counts[:most]]
    rest = sum(n for _, n in counts[most:])
    return ", ".join(shown + ([f"{rest} of other types"] if rest else []))


def search(
    question: Annotated[str, typer.Argument(help="What to look for.")],
    k: Annotated[int, typer.Option("-k", min=1, max=50, help="How many results.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    all_spaces: Annotated[bool, typer.Option("--all-spaces", help=ALL_SPACES_HELP)] = False,
) -> None:
    """Show the ranked passages for a question (no answer generation)."""
    from ..answer.question import check_question
    from ..retrieval.embeddings import ModelUnavailable

    services = load_services()
    limit = services.settings.max_question_chars
    check = check_question(question, limit)
    if check.problem:
        problem = QUESTION_PROBLEMS[check.problem].format(length=len(check.text), limit=limit)
        raise fail(problem, EXIT_BAD_INPUT)
    try:
        spaces = scope(services, all_spaces)
        response = services.searcher.search(check.text, top_k=k, spaces=spaces)
        searched = spaces_line(services, spaces)
    except ModelUnavailable as exc:
        raise fail(str(exc)) from None
    if as_json:
        payload = {
            "results": search_rows(response.results),
            "spaces": sorted(spaces) if spaces is not None else None,
            "timings_ms": response.timings_ms,
        }
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
        return
    if not response.results:
        out.print("No passage in the knowledge base matches this question well enough.")
    else:
        out.print(search_table(response.results))
    out.print(searched, markup=False)
