"""The `kb-slackbot` command: ingest, search, ask, eval, run, doctor."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Collection
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated

import typer
from pydantic import ValidationError
from pydantic_settings import SettingsError
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .access import AccessConfigError
from .answer.models import AnswerResult
from .answer.question import check_question
from .evaluation.judge import AnswerJudge
from .logs import configure_logging, max_level
from .private import private_dir
from .retrieval.embeddings import ModelUnavailable
from .retrieval.urls import checked_url
from .services import Services
from .settings import SPACE_NAME, Settings

app = typer.Typer(
    help="Answer questions from your knowledge base, in Slack or on the command line.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # a bad option gets one plain "Error: …" line, not a framed panel
)
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


def _services(verbose: bool = False) -> Services:
    try:
        settings = Settings()
    except ValidationError as exc:
        for problem in exc.errors():  # one line each
            field = str(problem["loc"][0]) if problem["loc"] else "settings"
            # Aliased fields are reported by their variable name already (e.g. KB_CHROMA_PORT).
            name = field if field.isupper() else "KB_" + field.upper()
            _fail(f"Invalid settings: {name}: {problem['msg']}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except SettingsError as exc:  # a list or mapping setting that is not valid JSON
        found = re.search(r'field "(\w+)"', str(exc))
        field = found.group(1) if found else ""
        annotation = str(getattr(Settings.model_fields.get(field), "annotation", ""))
        example = '["B0123ABCD"]' if "list" in annotation else '{"X-Chroma-Token": "…"}'
        raise _fail(
            f"Invalid settings: {_setting_name(field) if field else 'a setting'} must be"
            f" written as JSON, e.g. {example}",
            EXIT_BAD_INPUT,
        ) from None
    # Commands other than `run` talk to a person: only warnings and errors go to the log.
    level = settings.log_level if verbose else max_level(settings.log_level, "WARNING")
    configure_logging(level, settings.log_format)
    return Services(settings)


def _progress() -> Progress:
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


def _setting_name(field: str) -> str:
    """The variable a person sets for ``field`` (CHROMA_HEADERS, KB_ALLOWED_BOT_IDS …)."""
    alias = getattr(Settings.model_fields.get(field), "validation_alias", None)
    choices = getattr(alias, "choices", None)
    return str(choices[-1]) if choices else f"KB_{field.upper()}"


def _fail(text: str, code: int = 1) -> typer.Exit:
    err.print(f"[red]Error:[/red] {escape(text)}", soft_wrap=True)
    return typer.Exit(code)


def _check_provider(provider: str | None) -> None:
    if provider not in (None, *PROVIDERS):
        raise _fail(
            f"--provider: unknown provider {provider!r}; use anthropic, ollama, extractive or auto",
            EXIT_BAD_INPUT,
        )


def _scope(
    services: Services,
    all_spaces: bool,
    as_channel: str | None = None,
    as_user: str | None = None,
) -> frozenset[str] | None:
    """The spaces a command searches (None: all). Least privilege unless told otherwise."""
    if sum(map(bool, (all_spaces, as_channel, as_user))) > 1:
        raise _fail("use only one of --all-spaces, --as-channel and --as-user", EXIT_BAD_INPUT)
    if all_spaces:
        return None
    try:
        policy = services.access
    except AccessConfigError as exc:
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    if as_channel:
        return policy.channel_spaces(as_channel)
    if as_user:
        return policy.user_spaces(as_user)
    return policy.default_channel_spaces


def _spaces_line(services: Services, spaces: Collection[str] | None) -> str:
    if spaces is None:
        known = ", ".join(sorted(services.searcher.known_spaces())) or "the index is empty"
        return f"Spaces searched: all ({known})"
    return f"Spaces searched: {', '.join(sorted(spaces)) or 'none'}"


@app.command()
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
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise _fail(f"no such file or folder: {', '.join(missing)}", EXIT_BAD_INPUT)
    if space is not None and not re.fullmatch(SPACE_NAME, space):
        raise _fail(
            f"--space {space!r}: use letters, digits, '.', '_' or '-' (at most 64)", EXIT_BAD_INPUT
        )
    if base_url is not None:
        try:
            base_url = checked_url(base_url)
        except ValueError as exc:
            raise _fail(f"--base-url {base_url!r}: {exc}", EXIT_BAD_INPUT) from None
    services = _services()
    options = services.ingest_options(space, base_url, prune)
    try:
        ingester = services.ingester
    except ModelUnavailable as exc:
        raise _fail(str(exc)) from None
    with _progress() as progress:
        task = progress.add_task("Ingesting", total=None)

        def report(done: int, total: int, name: str) -> None:
            progress.update(
                task, completed=done, total=total, description=f"Ingesting {escape(name)}"
            )

        try:
            summary = ingester.run(paths, options, progress=report)
        except OSError as exc:  # a folder that cannot be listed, a full disk …
            raise _fail(f"cannot ingest: {exc.strerror or exc}: {exc.filename or ''}") from None
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
    if summary.failed:
        raise typer.Exit(EXIT_FILES_FAILED)


@app.command()
def search(
    question: Annotated[str, typer.Argument(help="What to look for.")],
    k: Annotated[int, typer.Option("-k", min=1, max=50, help="How many results.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    all_spaces: Annotated[bool, typer.Option("--all-spaces", help=ALL_SPACES_HELP)] = False,
) -> None:
    """Show the ranked passages for a question (no answer generation)."""
    services = _services()
    check = check_question(question, services.settings.max_question_chars)
    if check.problem:
        raise _fail(
            _QUESTION_PROBLEMS[check.problem].format(
                length=len(check.text), limit=services.settings.max_question_chars
            ),
            EXIT_BAD_INPUT,
        )
    try:
        spaces = _scope(services, all_spaces)
        response = services.searcher.search(check.text, top_k=k, spaces=spaces)
        searched = _spaces_line(services, spaces)
    except ModelUnavailable as exc:
        raise _fail(str(exc)) from None
    if as_json:
        payload = {
            "results": [
                {
                    "title": r.chunk.title,
                    "url": r.chunk.url,
                    "location": r.chunk.location,
                    "heading_path": r.chunk.heading_path,
                    "updated": r.chunk.updated.isoformat(),
                    "space": r.chunk.space,
                    "score": round(r.score, 4),
                    "snippet": r.snippet,
                    "stages": r.stages,
                }
                for r in response.results
            ],
            "spaces": sorted(spaces) if spaces is not None else None,
            "timings_ms": response.timings_ms,
        }
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
        return
    if not response.results:
        out.print("No passage in the knowledge base matches this question well enough.")
        out.print(searched, markup=False)
        return
    table = Table(show_lines=True)
    for column in ("#", "score", "page", "where", "snippet"):
        table.add_column(column)
    for rank, r in enumerate(response.results, start=1):
        where = " · ".join(x for x in (r.chunk.heading_path, r.chunk.location) if x)
        table.add_row(
            str(rank),
            f"{r.score:.2f}",
            escape(f"{r.chunk.title}\n{r.chunk.url}"),
            escape(where),
            escape(r.snippet),
        )
    out.print(table)
    out.print(searched, markup=False)


_QUESTION_PROBLEMS = {
    "empty": "the question is empty",
    "too_short": "the question is too short to search; ask it in a few words",
    "too_long": "the question is {length:,} characters long; the limit is {limit:,}"
    " (KB_MAX_QUESTION_CHARS)",
}


def render_answer(result: AnswerResult) -> str:
    """The answer as plain text for a terminal."""
    lines = ["Answer:", result.answer, ""]
    if result.sources:
        lines.append("Sources:")
        for source in result.sources:
            details = ", ".join(
                x for x in (source.location, f"updated {source.updated.isoformat()}") if x
            )
            lines.append(f"[{source.number}] {source.anchor} — {source.url} ({details})")
        lines.append("")
    if result.suggestions:
        lines.append("You might look at:")
        lines.extend(f"- {s.title} — {s.url}" for s in result.suggestions)
        lines.append("")
    if result.status == "answered":
        lines.append(f"Confidence: {result.confidence}")
    lines.extend(f"Warning: {w}" for w in result.warnings)
    return "\n".join(lines).rstrip() + "\n"


@app.command()
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
    _check_provider(provider)
    services = _services()
    try:
        spaces = _scope(services, all_spaces, as_channel, as_user)
        service = services.answer_service(provider)
        result = service.answer(question, spaces=spaces)
        searched = _spaces_line(services, spaces)
    except (ModelUnavailable, ValueError) as exc:
        raise _fail(str(exc)) from None
    if as_json:
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
        err.print(searched, markup=False)
    else:
        sys.stdout.write(render_answer(result) + searched + "\n")
    if result.status == "invalid_question":
        raise typer.Exit(EXIT_BAD_INPUT)


@app.command(name="eval")
def evaluate(
    questions_file: Annotated[Path, typer.Argument(help="JSON Lines of questions.")],
    provider: Annotated[str | None, typer.Option(help="Provider to evaluate.")] = None,
    k: Annotated[int, typer.Option("-k", min=1, max=50, help="Recall@k cut-off.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    output: Annotated[
        Path | None, typer.Option(help="Where to save the JSON report (default: data dir).")
    ] = None,
    compare_to: Annotated[
        Path | None, typer.Option("--compare", help="An earlier report to show deltas against.")
    ] = None,
    judge: Annotated[
        str | None,
        typer.Option(
            help="Also have this language model grade answers against reference_answer:"
            " anthropic | ollama | auto."
        ),
    ] = None,
    all_spaces: Annotated[bool, typer.Option("--all-spaces", help=ALL_SPACES_HELP)] = False,
) -> None:
    """Measure retrieval, citations, abstention, answer quality and latency on a question set."""
    from .evaluation.runner import compare, load_questions, run_eval

    if not questions_file.is_file():
        raise _fail(f"no such file: {questions_file}", EXIT_BAD_INPUT)
    if output is not None and output.is_dir():
        raise _fail(f"--output {output}: is a folder; name the report file", EXIT_BAD_INPUT)
    _check_provider(provider)
    previous = _earlier_report(compare_to) if compare_to else None
    services = _services()
    answer_judge = _judge(services, judge)
    try:
        questions = load_questions(questions_file)
    except (ValueError, UnicodeDecodeError) as exc:
        raise _fail(str(exc), EXIT_BAD_INPUT) from None
    try:
        spaces = _scope(services, all_spaces)
        service = services.answer_service(provider)
        searched = _spaces_line(services, spaces)
    except (ValueError, ModelUnavailable) as exc:
        raise _fail(str(exc)) from None
    service.cache = None  # every question is measured, never served from cache
    with _progress() as progress:
        task = progress.add_task("Evaluating", total=len(questions))
        report = run_eval(
            _scoped(service, spaces),
            questions,
            k,
            lambda done, _t: progress.update(task, completed=done),
            judge=answer_judge,
        )
    reports = services.settings.data_dir / "eval"
    target = output or private_dir(reports) / f"{time.strftime('%Y%m%d-%H%M%S')}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(report.to_json(), encoding="utf-8")
    if as_json:
        sys.stdout.write(report.to_json() + "\n")
        err.print(searched, markup=False)
        return
    table = Table("metric", "value", *(("previous", "delta") if previous else ()))
    rows = (
        compare(report.summary, previous)
        if previous
        else {key: (None, value, None) for key, value in report.summary.items()}
    )
    # The judge's rows only when this report or the earlier one was judged.
    judged = report.summary.get("judge_model") or (previous or {}).get("judge_model")
    for key, (before, value, delta) in rows.items():
        if (key in _JUDGE_KEYS and not judged) or key.startswith(_BANDS):
            continue
        cells = [key, _fmt(value)]
        if previous is not None:
            cells += [_fmt(before), "" if delta is None else f"{delta:+.3f}"]
        table.add_row(*cells)
    out.print(table)
    out.print(_reliability_table(report.summary))
    out.print(searched, markup=False)
    out.print(f"Report saved to {target}", markup=False)


_BANDS = ("high_", "medium_", "low_")


def _reliability_table(summary: dict) -> Table:
    """Per confidence band: answers given and the share that were right (an expected page
    cited and, where there is a reference answer, its key facts in the answer)."""
    table = Table("confidence", "answers", "share right", title="Reliability")
    for band in ("high", "medium", "low"):
        table.add_row(
            band, _fmt(summary.get(f"{band}_answers")), _fmt(summary.get(f"{band}_right"))
        )
    return table


def _scoped(service, spaces: Collection[str] | None):
    """``service`` as run_eval uses it (search, answer), limited to ``spaces``."""
    if spaces is None:
        return service
    searcher = SimpleNamespace(search=partial(service.searcher.search, spaces=spaces))
    return SimpleNamespace(searcher=searcher, answer=partial(service.answer, spaces=spaces))


def _earlier_report(path: Path) -> dict:
    """The summary of an earlier `eval` report, checked before any question is answered."""
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))["summary"]
        if not isinstance(summary, dict):
            raise TypeError
        return summary
    except OSError as exc:
        raise _fail(f"--compare {path}: {exc.strerror or exc}", EXIT_BAD_INPUT) from None
    except (ValueError, KeyError, TypeError):
        raise _fail(f"--compare {path}: not a report written by `eval`", EXIT_BAD_INPUT) from None


_JUDGE_KEYS = ("judge_score", "judged", "judge_errors", "judge_model")


def _judge(services: Services, name: str | None) -> AnswerJudge | None:
    """The `--judge` model, checked before any question is answered."""
    from .llm.selection import ollama_reachable

    if name is None:
        return None
    if name == "extractive":
        raise _fail(
            "--judge extractive: the extractive answerer has no language model, so it cannot"
            " judge answers; use --judge anthropic or --judge ollama",
            2,
        )
    if name not in ("anthropic", "ollama", "auto"):
        raise _fail(f"unknown judge {name!r}; use anthropic, ollama or auto", 2)
    try:
        choice = services.provider_choice(name)
    except ValueError as exc:
        raise _fail(f"--judge {name}: {exc}", 2) from None
    if choice.provider is None:
        raise _fail(f"--judge {name}: no language model to judge with ({choice.reason})", 2)
    host = services.settings.ollama_host
    if choice.provider.name == "ollama" and not ollama_reachable(host):
        raise _fail(f"--judge {name}: no Ollama server answers at {host}", 2)
    return AnswerJudge(choice.provider)


def _fmt(value: object) -> str:
    if value is None:
        return "–"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


@app.command()
def run(
    http: Annotated[bool, typer.Option("--http", help="Serve Slack's HTTP events API.")] = False,
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port for --http mode.")] = 3000,
    host: Annotated[str, typer.Option(help="Interface for --http mode.")] = "0.0.0.0",
) -> None:
    """Run the Slack bot (Socket Mode by default)."""
    from .slack.app import SlackConfigError, check_tokens, create_app, run_http, run_socket_mode

    if not host.strip():
        raise _fail("--host: give an interface, e.g. 0.0.0.0 or 127.0.0.1", EXIT_BAD_INPUT)
    services = _services(verbose=True)
    try:
        check_tokens(services.settings, http)  # before minutes of model loading
        service = services.answer_service()
        app_, bot = create_app(
            services.settings, service, services.query_log, services.access, http=http
        )
        service.searcher.refresh(force=True)  # load models and the index before any question
    except (SlackConfigError, ModelUnavailable, ValueError) as exc:  # AccessConfigError too
        raise _fail(str(exc)) from None
    try:
        if http:
            run_http(app_, bot, services.settings, host, port)
        else:
            run_socket_mode(app_, bot, services.settings)
    except OSError as exc:  # e.g. the port is taken, or Slack cannot be reached
        where = f"serve on {host}:{port}" if http else "connect to Slack"
        raise _fail(f"cannot {where}: {exc.strerror or exc}") from None


@app.command()
def audit(
    since: Annotated[str, typer.Option(help="Start date, YYYY-MM-DD.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List answers that cited pages outside the public space."""
    from datetime import datetime

    try:
        start = datetime.fromisoformat(since).timestamp()
    except ValueError:
        raise _fail(f"--since must be a date like 2026-01-31, not {since!r}", 2) from None
    services = _services()
    rows = []
    for row in services.query_log.since(start):
        sources = json.loads(row["sources"] or "[]")
        restricted = sorted({s["space"] for s in sources if s.get("space") != "public"})
        if restricted:
            rows.append(
                {
                    "query_id": row["query_id"],
                    "time": datetime.fromtimestamp(row["created_at"]).isoformat(timespec="seconds"),
                    "question": row["question"],
                    "spaces_searched": json.loads(row["spaces"] or "null"),
                    "restricted_spaces_cited": restricted,
                    "pages": [s["title"] for s in sources if s.get("space") != "public"],
                }
            )
    if as_json:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    if not rows:
        out.print(f"No answer since {since} cited a non-public page.")
        return
    table = Table("time", "query id", "question", "spaces searched", "restricted pages cited")
    for r in rows:
        searched = "all" if r["spaces_searched"] is None else ", ".join(r["spaces_searched"])
        table.add_row(r["time"], r["query_id"], r["question"], searched, "; ".join(r["pages"]))
    out.print(table)


@app.command()
def doctor() -> None:
    """Check settings, models, index and integrations; say what is active and why."""
    services = _services()
    s = services.settings
    rows: list[tuple[str, str, str]] = [("hub access", "ok", services.hub_access)]
    try:
        rows.append(("embedding model", "ok", f"{s.embedding_model} ({services.embedder.name})"))
        choice = services.reranker_choice
        rows.append(("reranker", "ok", f"{choice.name} — {choice.reason}"))
        where = f"{s.chroma_host}:{s.chroma_port}" if s.chroma_host else str(s.chroma_dir)
        rows.append(("index", "ok", f"{services.index.count()} chunks at {where}"))
        rows.append(_flagged_check(services))
        choice = services.provider_choice()
        rows.append(("answers", "ok", f"{choice.name} — {choice.reason}"))
    except ModelUnavailable as exc:
        rows.append(("models", "error", str(exc)))
    except Exception as exc:  # doctor reports, it does not crash
        rows.append(("index", "error", f"{type(exc).__name__}: {exc}"))
    rows.append(_access_check(services))
    rows.append(_slack_check(s))
    table = Table("check", "status", "detail")
    failed = False
    for name, status, detail in rows:
        failed |= status == "error"
        colour = {"ok": "green", "warn": "yellow"}.get(status, "red")
        table.add_row(name, f"[{colour}]{status}[/{colour}]", escape(detail))
    out.print(table)
    if failed:
        raise typer.Exit(1)


def _flagged_check(services: Services) -> tuple[str, str, str]:
    """Pages with text addressed to an assistant (found at ingest)."""
    flagged = sorted(
        doc_id for doc_id, versions in services.index.versions().items() if versions[0].flagged
    )
    if not flagged:
        return ("flagged pages", "ok", "none addresses the assistant")
    return (
        "flagged pages",
        "warn",
        f"{len(flagged)} with text addressed to an assistant (never quoted): {', '.join(flagged)}",
    )


def _access_check(services: Services) -> tuple[str, str, str]:
    if services.settings.access_file is None:
        return ("access", "ok", "no KB_ACCESS_FILE: every answer uses the public space only")
    try:
        policy = services.access
    except AccessConfigError as exc:
        return ("access", "error", str(exc))
    return (
        "access",
        "ok",
        f"{len(policy.channels)} channels and "
        f"{len(policy.user_spaces_map)} users with extra spaces",
    )


def _slack_check(settings: Settings) -> tuple[str, str, str]:
    from slack_sdk.errors import SlackApiError

    from .slack.app import SlackConfigError, check_tokens, make_client

    if not settings.slack_bot_token:
        return ("slack", "warn", "SLACK_BOT_TOKEN not set: only the CLI works")
    try:
        check_tokens(settings, http=not settings.slack_app_token)
        identity = make_client(settings).auth_test()
    except SlackConfigError as exc:
        return ("slack", "error", str(exc))
    except SlackApiError as exc:
        return ("slack", "error", f"auth.test failed: {exc.response.get('error')}")
    except OSError as exc:
        return ("slack", "error", f"cannot reach {settings.slack_api_url}: {exc}")
    mode = "Socket Mode" if settings.slack_app_token else "HTTP mode"
    return ("slack", "ok", f"bot {identity.get('user')} in {identity.get('team')} ({mode})")


def main() -> None:
    os.umask(0o077)  # all this process writes (index, logs, reports) is its user's alone
    app()
