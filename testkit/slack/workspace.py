"""The fake workspace: fixed ids and tokens, timestamps and ids handed out per fake, and the
shapes Slack returns for channels and users."""

from __future__ import annotations

import itertools
import threading
import uuid
from decimal import Decimal
from typing import Any

TEAM_ID = "T1"
TEAM_DOMAIN = "kb-test"
APP_ID = "A1"
BOT_USER_ID = "UBOT"
BOT_ID = "BBOT"
BOT_USER_NAME = "kb"
BOT_TOKEN = "xoxb-test-token"
APP_TOKEN = "xapp-test-token"
VERIFICATION_TOKEN = "fake-verification-token"
UNROUTABLE_RESPONSE_URL = "http://127.0.0.1:9/response/unset"

JsonDict = dict[str, Any]


class TsClock:
    """Hands out unique, strictly increasing Slack ``ts`` strings.

    One clock per fake, shared by its payload builders and its Web API, so that a bot reply
    is always "later" than the message it answers (``conversations.replies`` ordering stays
    realistic) and two fakes never share state.
    """

    def __init__(self, start_micros: int = 1_700_000_000_000_100, step: int = 100) -> None:
        self._next = start_micros
        self._step = step
        self._lock = threading.Lock()

    def next(self) -> str:
        with self._lock:
            value = self._next
            self._next += self._step
        return format_ts(value)

    def advance_past(self, ts: str) -> None:
        """Make sure every ts handed out later sorts after ``ts``."""
        micros = ts_micros(ts)
        with self._lock:
            self._next = max(self._next, micros + self._step)


class Ids:
    """Event, view and trigger ids, unique per fake."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def new(self, prefix: str) -> str:
        return f"{prefix}{next(self._counter):08d}"

    def trigger(self) -> str:
        return f"{next(self._counter)}.{TEAM_ID}.{uuid.uuid4().hex}"


def ts_micros(ts: str) -> int:
    return int(Decimal(ts) * 1_000_000)


def format_ts(micros: int) -> str:
    return f"{micros // 1_000_000}.{micros % 1_000_000:06d}"


def channel_info(
    channel: str,
    *,
    name: str | None = None,
    is_private: bool = False,
    is_im: bool | None = None,
    is_ext_shared: bool = False,
) -> JsonDict:
    im = channel.startswith("D") if is_im is None else is_im
    if im:
        return {
            "id": channel,
            "is_im": True,
            "is_private": True,
            "is_ext_shared": False,
            "user": "U1",
            "created": 0,
        }
    return {
        "id": channel,
        "name": name or channel.lower(),
        "is_channel": not is_private,
        "is_group": is_private,
        "is_im": False,
        "is_mpim": False,
        "is_private": is_private,
        "is_archived": False,
        "is_general": False,
        "is_shared": is_ext_shared,
        "is_ext_shared": is_ext_shared,
        "is_org_shared": False,
        "is_member": True,
        "created": 0,
        "creator": "U1",
    }


def user_info(user_id: str) -> JsonDict:
    name = f"user-{user_id.lower()}"
    return {
        "id": user_id,
        "team_id": TEAM_ID,
        "name": name,
        "real_name": name,
        "deleted": False,
        "is_bot": user_id == BOT_USER_ID,
        "is_admin": False,
        "tz": "UTC",
        "profile": {"real_name": name, "display_name": name, "team": TEAM_ID},
    }
