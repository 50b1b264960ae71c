"""structlog set-up: JSON when not on a terminal, pretty in one; secrets never reach a sink."""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Mapping
from typing import Any

import structlog

# Slack tokens (xoxb-/xoxp-/xoxa-/xoxe-/xapp-), Anthropic keys, bearer credentials.
SECRET_PATTERN = re.compile(
    r"(xox[a-z]-[A-Za-z0-9-]+|xapp-[A-Za-z0-9-]+|sk-ant-[A-Za-z0-9_-]+|"
    r"(?i:bearer|basic)\s+[A-Za-z0-9._~+/=-]+)"
)
SECRET_KEYS = {"authorization", "token", "api_key", "x-api-key", "signing_secret", "password"}
REDACTED = "[REDACTED]"


def redact_text(text: str) -> str:
    return SECRET_PATTERN.sub(REDACTED, text)


def _redact(value: Any) -> Any:
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, Mapping):
        return {
            k: REDACTED if str(k).lower() in SECRET_KEYS else _redact(v) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return type(value)(_redact(v) for v in value)
    return value


def redact_secrets(_logger: Any, _method: str, event_dict: dict[str, Any]) -> dict[str, Any]:
    """structlog processor: mask anything that looks like a credential, at any depth."""
    return _redact(event_dict)


def max_level(a: str, b: str) -> str:
    return a if logging.getLevelName(a) >= logging.getLevelName(b) else b


def configure_logging(level: str = "INFO", fmt: str = "auto") -> None:
    use_json = fmt == "json" or (fmt == "auto" and not sys.stderr.isatty())
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if use_json
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    processors: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.format_exc_info,
        redact_secrets,
        renderer,
    ]
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
    # Libraries log through stdlib logging; route it through the same redaction.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_RedactingFormatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(max(logging.getLevelName(level), logging.WARNING))
    for noisy in ("bm25s", "chromadb", "httpx", "sentence_transformers", "transformers"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


class _RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact_text(super().format(record))
