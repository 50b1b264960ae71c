"""Payloads as Slack sends them to the app: events (mention, DM), slash commands, button
clicks and view submissions; and the signature headers of HTTP mode.

Build them with the fake they are sent to (``fake.payloads``): its clock keeps every message
ts earlier than the bot's replies.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
import uuid
from decimal import Decimal

from .workspace import (
    APP_ID,
    BOT_ID,
    BOT_USER_ID,
    TEAM_DOMAIN,
    TEAM_ID,
    UNROUTABLE_RESPONSE_URL,
    VERIFICATION_TOKEN,
    Ids,
    JsonDict,
    TsClock,
)

_MENTION = re.compile(r"(<@[A-Z0-9]+>)")


def _rich_text_blocks(text: str) -> list[JsonDict]:
    """The rich_text block Slack's clients attach to typed messages."""
    elements: list[JsonDict] = []
    for piece in _MENTION.split(text):
        if not piece:
            continue
        if _MENTION.fullmatch(piece):
            elements.append({"type": "user", "user_id": piece[2:-1]})
        else:
            elements.append({"type": "text", "text": piece})
    section = {"type": "rich_text_section", "elements": elements}
    return [{"type": "rich_text", "block_id": uuid.uuid4().hex[:5], "elements": [section]}]


class Payloads:
    def __init__(self, clock: TsClock, ids: Ids) -> None:
        self._clock = clock
        self._ids = ids

    def next_ts(self) -> str:
        """A fresh message ts, later than any ts handed out before."""
        return self._clock.next()

    def _event_callback(self, event: JsonDict, event_id: str | None) -> JsonDict:
        return {
            "token": VERIFICATION_TOKEN,
            "team_id": TEAM_ID,
            "context_team_id": TEAM_ID,
            "api_app_id": APP_ID,
            "event": event,
            "type": "event_callback",
            "event_id": event_id or self._ids.new("Ev"),
            "event_time": int(Decimal(event["event_ts"])),
            "authorizations": [
                {
                    "enterprise_id": None,
                    "team_id": TEAM_ID,
                    "user_id": BOT_USER_ID,
                    "is_bot": True,
                    "is_enterprise_install": False,
                }
            ],
            "is_ext_shared_channel": False,
            "event_context": f"4-{uuid.uuid4().hex}",
        }

    def _user_message_event(
        self, kind: str, text: str, user: str, channel: str, ts: str | None, thread_ts: str | None
    ) -> JsonDict:
        ts = ts or self._clock.next()
        self._clock.advance_past(ts)
        event: JsonDict = {
            "type": kind,
            "user": user,
            "text": text,
            "ts": ts,
            "client_msg_id": str(uuid.uuid4()),
            "team": TEAM_ID,
            "blocks": _rich_text_blocks(text),
            "channel": channel,
            "event_ts": ts,
        }
        if thread_ts:
            event["thread_ts"] = thread_ts
        return event

    def app_mention(
        self,
        text: str,
        *,
        user: str = "U1",
        channel: str = "C1",
        ts: str | None = None,
        thread_ts: str | None = None,
        event_id: str | None = None,
        mention_bot: bool = True,
    ) -> JsonDict:
        """An ``events_api`` payload for ``app_mention``.

        Real mention texts contain ``<@UBOT>``; it is prepended unless already
        present or ``mention_bot=False``.
        """
        if mention_bot and f"<@{BOT_USER_ID}>" not in text:
            text = f"<@{BOT_USER_ID}> {text}"
        event = self._user_message_event("app_mention", text, user, channel, ts, thread_ts)
        return self._event_callback(event, event_id)

    def app_home_opened(self, *, user: str = "U1", tab: str = "home") -> JsonDict:
        """An ``events_api`` payload for ``app_home_opened`` (the user opened the app)."""
        ts = self._clock.next()
        event = {"type": "app_home_opened", "user": user, "channel": "D1", "tab": tab}
        return self._event_callback({**event, "event_ts": ts}, None)

    def dm_message(
        self,
        text: str,
        *,
        user: str = "U1",
        channel: str = "D1",
        ts: str | None = None,
        thread_ts: str | None = None,
        subtype: str | None = None,
        bot_id: str | None = None,
        event_id: str | None = None,
    ) -> JsonDict:
        """An ``events_api`` payload for a ``message`` event in a DM (``channel_type: im``)."""
        event = self._user_message_event("message", text, user, channel, ts, thread_ts)
        event["channel_type"] = "im"
        if subtype:
            event["subtype"] = subtype
            event.pop("client_msg_id", None)
        if bot_id:
            event["bot_id"] = bot_id
            event["bot_profile"] = {
                "id": bot_id,
                "app_id": APP_ID,
                "name": "some-bot",
                "team_id": TEAM_ID,
            }
            event.pop("client_msg_id", None)
        return self._event_callback(event, event_id)

    def channel_message(
        self,
        text: str,
        *,
        user: str = "U1",
        channel: str = "C1",
        ts: str | None = None,
        thread_ts: str | None = None,
        event_id: str | None = None,
    ) -> JsonDict:
        """An ``events_api`` payload for a ``message`` event in a channel (``message.channels``)."""
        event = self._user_message_event("message", text, user, channel, ts, thread_ts)
        event["channel_type"] = "group" if channel.startswith("G") else "channel"
        return self._event_callback(event, event_id)

    def message_shortcut(
        self,
        callback_id: str,
        message: JsonDict,
        *,
        user: str = "U1",
        channel: str = "C1",
        response_url: str = UNROUTABLE_RESPONSE_URL,
    ) -> JsonDict:
        """An ``interactive`` payload of type ``message_action`` (a message shortcut)."""
        return {
            "type": "message_action",
            "token": VERIFICATION_TOKEN,
            "action_ts": self._clock.next(),
            "team": {"id": TEAM_ID, "domain": TEAM_DOMAIN},
            "user": {"id": user, "name": f"user-{user.lower()}", "team_id": TEAM_ID},
            "channel": {"id": channel, "name": channel.lower()},
            "is_enterprise_install": False,
            "enterprise": None,
            "callback_id": callback_id,
            "trigger_id": self._ids.trigger(),
            "response_url": response_url,
            "message_ts": message["ts"],
            "message": {"type": "message", **message},
        }

    def slash_command(
        self,
        text: str,
        *,
        command: str = "/kb",
        user_id: str = "U1",
        channel_id: str = "C1",
        response_url: str = UNROUTABLE_RESPONSE_URL,
    ) -> JsonDict:
        """A ``slash_commands`` payload (all values are strings, as on the wire)."""
        return {
            "token": VERIFICATION_TOKEN,
            "team_id": TEAM_ID,
            "team_domain": TEAM_DOMAIN,
            "channel_id": channel_id,
            "channel_name": "directmessage" if channel_id.startswith("D") else channel_id.lower(),
            "user_id": user_id,
            "user_name": f"user-{user_id.lower()}",
            "command": command,
            "text": text,
            "api_app_id": APP_ID,
            "is_enterprise_install": "false",
            "response_url": response_url,
            "trigger_id": self._ids.trigger(),
        }

    def block_action(
        self,
        action_id: str,
        value: str,
        *,
        user: str = "U1",
        channel: str = "C1",
        message_ts: str | None = None,
        response_url: str = UNROUTABLE_RESPONSE_URL,
        container: JsonDict | None = None,
        block_id: str = "b1",
        message: JsonDict | None = None,
    ) -> JsonDict:
        """An ``interactive`` payload of type ``block_actions`` for a button click."""
        message_ts = message_ts or (message or {}).get("ts") or self._clock.next()
        bot_message = message or {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "app_id": APP_ID,
            "team": TEAM_ID,
            "text": "",
            "ts": message_ts,
            "blocks": [],
        }
        return {
            "type": "block_actions",
            "user": {
                "id": user,
                "username": f"user-{user.lower()}",
                "name": f"user-{user.lower()}",
                "team_id": TEAM_ID,
            },
            "api_app_id": APP_ID,
            "token": VERIFICATION_TOKEN,
            "container": container
            or {
                "type": "message",
                "message_ts": message_ts,
                "channel_id": channel,
                "is_ephemeral": False,
            },
            "trigger_id": self._ids.trigger(),
            "team": {"id": TEAM_ID, "domain": TEAM_DOMAIN},
            "enterprise": None,
            "is_enterprise_install": False,
            "channel": {"id": channel, "name": channel.lower()},
            "message": bot_message,
            "state": {"values": {}},
            "response_url": response_url,
            "actions": [
                {
                    "action_id": action_id,
                    "block_id": block_id,
                    "text": {"type": "plain_text", "text": value, "emoji": True},
                    "value": value,
                    "type": "button",
                    "action_ts": self._clock.next(),
                }
            ],
        }

    def view_submission(
        self,
        callback_id: str,
        private_metadata: str,
        values: JsonDict,
        *,
        user: str = "U1",
    ) -> JsonDict:
        """An ``interactive`` payload of type ``view_submission``.

        ``values`` is ``view.state.values`` verbatim:
        ``{block_id: {action_id: {"type": "plain_text_input", "value": "..."}}}``.
        """
        view_id = self._ids.new("V")
        return {
            "type": "view_submission",
            "team": {"id": TEAM_ID, "domain": TEAM_DOMAIN},
            "user": {
                "id": user,
                "username": f"user-{user.lower()}",
                "name": f"user-{user.lower()}",
                "team_id": TEAM_ID,
            },
            "api_app_id": APP_ID,
            "token": VERIFICATION_TOKEN,
            "trigger_id": self._ids.trigger(),
            "view": {
                "id": view_id,
                "team_id": TEAM_ID,
                "type": "modal",
                "blocks": [],
                "private_metadata": private_metadata,
                "callback_id": callback_id,
                "state": {"values": values},
                "hash": uuid.uuid4().hex[:16],
                "title": {"type": "plain_text", "text": "kb", "emoji": True},
                "close": None,
                "submit": {"type": "plain_text", "text": "Submit", "emoji": True},
                "previous_view_id": None,
                "root_view_id": view_id,
                "app_id": APP_ID,
                "external_id": "",
                "app_installed_team_id": TEAM_ID,
                "bot_id": BOT_ID,
            },
            "response_urls": [],
            "is_enterprise_install": False,
            "enterprise": None,
        }


def sign_request(body: str, signing_secret: str, timestamp: int | None = None) -> dict[str, str]:
    """Headers Slack adds to HTTP-mode requests (v0 HMAC-SHA256 signature)."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    basestring = f"v0:{timestamp}:{body}".encode()
    digest = hmac.new(signing_secret.encode("utf-8"), basestring, hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": str(timestamp), "X-Slack-Signature": f"v0={digest}"}
