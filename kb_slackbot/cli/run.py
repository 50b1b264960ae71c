"""`run`: the Slack bot (Socket Mode by default, or Slack's HTTP events API)."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import EXIT_BAD_INPUT, fail, load_services


def run(
    http: Annotated[bool, typer.Option("--http", help="Serve Slack's HTTP events API.")] = False,
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port for --http mode.")] = 3000,
    host: Annotated[str, typer.Option(help="Interface for --http mode.")] = "0.0.0.0",
) -> None:
    """Run the Slack bot (Socket Mode by default)."""
    from ..retrieval.embeddings import ModelUnavailable
    from ..slack.app import SlackConfigError, check_tokens, create_app, run_http, run_socket_mode

    if not host.strip():
        raise fail("--host: give an interface, e.g. 0.0.0.0 or 127.0.0.1", EXIT_BAD_INPUT)
    services = load_services(verbose=True)
    try:
        check_tokens(services.settings, http)  # before minutes of model loading
        service = services.answer_service()
        app, bot = create_app(
            services.settings,
            service,
            services.query_log,
            services.access,
            http=http,
            loop=services.knowledge_loop(service),
        )
        service.warm()  # load models and the index before any question
    except (SlackConfigError, ModelUnavailable, ValueError) as exc:  # AccessConfigError too
        raise fail(str(exc)) from None
    try:
        if http:
            run_http(app, bot, services.settings, host, port)
        else:
            run_socket_mode(app, bot, services.settings)
    except OSError as exc:  # e.g. the port is taken, or Slack cannot be reached
        where = f"serve on {host}:{port}" if http else "connect to Slack"
        raise fail(f"cannot {where}: {exc.strerror or exc}") from None
