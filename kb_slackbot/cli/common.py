"""What every command shares: consoles, exit codes, errors, settings and the scope searched.

Nothing heavy is imported at module level (`kb-slackbot --help` must stay fast): the
composition root and the model libraries are imported inside the functions that need them.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Collection
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

if TYPE_CHECKING:
    from ..services import Services

out = Console()
err = Console(stderr=True)

# Exit codes: 0 done; 1 could not do it (a model, the index or Slack failed); 2 bad input (an
# option, a setting, a file given); 3 `ingest` finished but some files could not be ingested.
EXIT_BAD_INPUT = 2
EXIT_FILES_FAILED = 3
PROVIDERS = ("anthropic", "ollama", "extractive", "auto")
ALL_SPACES_HELP = (
    "Search every space. Default: the spaces of a channel not listed in access.yml"
    " (default_channel_spaces), as the bot would answer there."
)


def fail(text: str, code: int = 1) -> typer.Exit:
    """Print ``text`` as an error; the caller raises the returned Exit."""
    err.print(f"[red]Error:[/red] {escape(text)}", soft_wrap=True)
    return typer.Exit(code)


def rows_printed(rows: list[dict], as_json: bool, empty: str) -> bool:
    """Print ``rows`` as JSON (--json) or ``empty`` when there are none; False: the caller
    prints its table."""
    if as_json:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return True
    if not rows:
        out.print(empty)
        return True
    return False


def load_services(verbose: bool = False) -> Services:
    """Settings checked (one line per problem), the process prepared, logging configured."""
    from ..bootstrap import prepare_process
    from ..logs import configure_logging, max_level
    from ..services import Services

    settings = _load_settings()
    prepare_process(settings)
    # Commands other than `run` talk to a person: only warnings and errors go to the log.
    level = settings.log_level if verbose else max_level(settings.log_level, "WARNING")
    configure_logging(level, settings.log_format)
    return Services(settings)


def _load_settings():
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from ..settings import Settings

    try:
        return Settings()
    except ValidationError as exc:
        for problem in exc.errors():  # one line each
            field = str(problem["loc"][0]) if problem["loc"] else "settings"
            # Aliased fields are reported by their variable name already (e.g. KB_CHROMA_PORT).
            name = field if field.isupper() else "KB_" + field.upper()
            fail(f"Invalid settings: {name}: {problem['msg']}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except SettingsError as exc:  # a list or mapping setting that is not valid JSON
        found = re.search(r'field "(\w+)"', str(exc))
        field = found.group(1) if found else ""
        annotation = str(getattr(Settings.model_fields.get(field), "annotation", ""))
        example = '["B0123ABCD"]' if "list" in annotation else '{"X-Chroma-Token": "…"}'
        raise fail(
            f"Invalid settings: {_setting_name(field) if field else 'a setting'} must be"
            f" written as JSON, e.g. {example}",
            EXIT_BAD_INPUT,
        ) from None


def _setting_name(field: str) -> str:
    """The variable a person sets for ``field`` (CHROMA_HEADERS, KB_ALLOWED_BOT_IDS …)."""
    from ..settings import Settings

    alias = getattr(Settings.model_fields.get(field), "validation_alias", None)
    choices = getattr(alias, "choices", None)
    return str(choices[-1]) if choices else f"KB_{field.upper()}"


def progress() -> Progress:
    """A progress bar on stderr, shown only in a terminal (logs and pipes stay clean)."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


def check_provider(provider: str | None) -> None:
    if provider not in (None, *PROVIDERS):
        raise fail(
            f"--provider: unknown provider {provider!r}; use anthropic, ollama, extractive or auto",
            EXIT_BAD_INPUT,
        )


def scope(
    services: Services,
    all_spaces: bool,
    as_channel: str | None = None,
    as_user: str | None = None,
) -> frozenset[str] | None:
    """The spaces a command searches (None: all). Least privilege unless told otherwise."""
    from ..access import AccessConfigError

    if sum(map(bool, (all_spaces, as_channel, as_user))) > 1:
        raise fail("use only one of --all-spaces, --as-channel and --as-user", EXIT_BAD_INPUT)
    if all_spaces:
        return None
    try:
        policy = services.access
    except AccessConfigError as exc:
        raise fail(str(exc), EXIT_BAD_INPUT) from None
    if as_channel:
        return policy.channel_spaces(as_channel)
    if as_user:
        return policy.user_spaces(as_user)
    return policy.default_channel_spaces


def spaces_line(services: Services, spaces: Collection[str] | None) -> str:
    if spaces is None:
        known = ", ".join(sorted(services.searcher.known_spaces())) or "the index is empty"
        return f"Spaces searched: all ({known})"
    return f"Spaces searched: {', '.join(sorted(spaces)) or 'none'}"
