"""The `kb-slackbot` command: ingest, search, ask, eval, run, audit, gaps, verified, doctor.

Each command lives in its own module and imports what it needs when it runs, so `--help`
and a mistyped option answer at once.
"""

from __future__ import annotations

import os

import typer

from .ask import ask
from .audit import audit
from .doctor import doctor
from .evaluate import evaluate
from .gaps import gaps
from .index import ingest, search
from .run import run
from .verified import app as verified

app = typer.Typer(
    help="Answer questions from your knowledge base, in Slack or on the command line.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # a bad option gets one plain "Error: …" line, not a framed panel
)
app.command()(ingest)
app.command()(search)
app.command()(ask)
app.command(name="eval")(evaluate)
app.command()(run)
app.command()(audit)
app.command()(gaps)
app.add_typer(verified, name="verified")
app.command()(doctor)


def main() -> None:
    os.umask(0o077)  # all this process writes (index, logs, reports) is its user's alone
    app()
