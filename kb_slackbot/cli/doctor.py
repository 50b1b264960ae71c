"""`doctor`: settings, models, index and integrations checked; what is active and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from .common import load_services, out

if TYPE_CHECKING:
    from ..services import Services
    from ..settings import Settings

Check = tuple[str, str, str]  # name, "ok" | "warn" | "error", detail


def doctor() -> None:
    """Check settings, models, index and integrations; say what is active and why."""
    from ..bootstrap import configure_hub_access

    services = load_services()
    rows: list[Check] = [
        ("hub access", "ok", configure_hub_access(services.settings.hf_offline)),
        *_model_checks(services),
        _access_check(services),
        _verified_check(services),
        _slack_check(services.settings),
    ]
    table = Table("check", "status", "detail")
    failed = False
    for name, status, detail in rows:
        failed |= status == "error"
        colour = {"ok": "green", "warn": "yellow"}.get(status, "red")
        table.add_row(name, f"[{colour}]{status}[/{colour}]", escape(detail))
    out.print(table)
    if failed:
        raise typer.Exit(1)


def _model_checks(services: Services) -> list[Check]:
    from ..retrieval.embeddings import ModelUnavailable

    s = services.settings
    rows: list[Check] = []
    try:
        rows.append(("embedding model", "ok", f"{s.embedding_model} ({services.embedder.name})"))
        choice = services.reranker_choice
        rows.append(("reranker", "ok", f"{choice.name} — {choice.reason}"))
        where = f"{s.chroma_host}:{s.chroma_port}" if s.chroma_host else str(s.chroma_dir)
        rows.append(("index", "ok", f"{services.index.count()} chunks at {where}"))
        pieces = services.piece_vectors.count()
        rows.append(
            ("reader pieces", "ok", f"{pieces} embedded at ingest")
            if pieces or not services.index.count()
            else ("reader pieces", "warn", "none stored: run `kb-slackbot ingest` again")
        )
        rows.append(_flagged_check(services))
        provider = services.provider_choice()
        rows.append(("answers", "ok", f"{provider.name} — {provider.reason}"))
    except ModelUnavailable as exc:
        rows.append(("models", "error", str(exc)))
    except Exception as exc:  # doctor reports, it does not crash
        rows.append(("index", "error", f"{type(exc).__name__}: {exc}"))
    return rows


def _flagged_check(services: Services) -> Check:
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


def _access_check(services: Services) -> Check:
    from ..access import AccessConfigError

    if services.settings.access_file is None:
        return ("access", "ok", "no KB_ACCESS_FILE: every answer uses the public space only")
    try:
        policy = services.access
    except AccessConfigError as exc:
        return ("access", "error", str(exc))
    return (
        "access",
        "ok",
        f"{len(policy.channels)} channels, "
        f"{len(policy.user_spaces_map)} users with extra spaces, "
        f"{len(policy.admins)} admins, {len(policy.experts)} experts",
    )


def _verified_check(services: Services) -> Check:
    from datetime import date

    ttl = services.settings.verified_ttl_days
    answers = services.verified.store.all()
    due = sum(a.expired(date.today(), ttl) for a in answers)
    detail = f"{len(answers)} active, {due} due for review (KB_VERIFIED_TTL_DAYS={ttl})"
    return ("verified answers", "warn" if due else "ok", detail)


def _slack_check(settings: Settings) -> Check:
    from slack_sdk.errors import SlackApiError

    from ..slack.app import SlackConfigError, check_tokens, make_client

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
