"""A loopback fake of Slack (Web API, response_url, Socket Mode) for tests and benchmarks:
``server`` (FakeSlack), ``web_api``, ``socket_mode``, ``payloads``, ``blockkit``,
``workspace`` (ids, tokens, clock), ``http``."""

from .payloads import Payloads, sign_request
from .server import ApiCall, FakeSlack
from .workspace import (
    APP_ID,
    APP_TOKEN,
    BOT_ID,
    BOT_TOKEN,
    BOT_USER_ID,
    TEAM_ID,
    UNROUTABLE_RESPONSE_URL,
)

__all__ = [
    "APP_ID",
    "APP_TOKEN",
    "BOT_ID",
    "BOT_TOKEN",
    "BOT_USER_ID",
    "TEAM_ID",
    "UNROUTABLE_RESPONSE_URL",
    "ApiCall",
    "FakeSlack",
    "Payloads",
    "sign_request",
]
