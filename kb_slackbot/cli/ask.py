"""`ask`: one question answered as the bot would answer it."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .common import (
    ALL_SPACES_HELP,
    EXIT_BAD_INPUT,
    check_provider,
    err,
    fail,
    load_services,
    scope,
    spaces_line,
)
from .render import render_answer


def ask(
    question: Annotated[str, typer.Argument(help="The question, as you would ask a colleague.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the full result as JSON.")] = False,
    provider: Annotated[
        str | None,
        typer.Option(help="anthropic | ollama | extractive | auto (default: KB_LLM_PROVIDER)."),
    ] = None,
    as_channel: Annotated[
        str | None,
        typer.Option("--as-channel", help="Answer as the bot would in this channel ID."),
    ] = None,
    as_user: Annotated[
        str | None,
        typer.Option("--as-user", help="Answer as the bot would in a DM with this user."),
    ] = None,
    all_spaces: Annotated[bool, typer.Option("--all-spaces", help=ALL_SPACES_HELP)] = False,
) -> None:
    """Answer a question from the knowledge base, with cited sources, as the bot would in a
    channel (see --as-channel, --as-user, --all-spaces)."""
    from ..answer.models import Asker
    from ..retrieval.embeddings import ModelUnavailable

    check_provider(provider)
    services = load_services()
    try:
        spaces = scope(services, all_spaces, as_channel, as_user)
        service = services.answer_service(provider)
        # Logged as asked from the command line (by --as-user, if given): it counts in `gaps`.
        asker = Asker(as_user or "cli", as_channel or "", "cli")
        result = service.answer(question, spaces=spaces, asker=asker)
        searched = spaces_line(services, spaces)
    except (ModelUnavailable, ValueError) as exc:
        raise fail(str(exc)) from None
    if as_json:
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
        err.print(searched, markup=False)
    else:
        sys.stdout.write(render_answer(result) + searched + "\n")
    if result.status == "invalid_question":
        raise typer.Exit(EXIT_BAD_INPUT)
