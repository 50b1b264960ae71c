"""The Web API methods the bot uses, over the fake workspace's state (messages, reactions,
channels, user groups, users). Every method takes the request's params and returns the
response body, or raises :class:`ApiError`."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterable

from .blockkit import ApiError, as_int, as_json, message_content, require
from .workspace import (
    APP_ID,
    BOT_ID,
    BOT_USER_ID,
    BOT_USER_NAME,
    TEAM_DOMAIN,
    TEAM_ID,
    Ids,
    JsonDict,
    TsClock,
    channel_info,
    ts_micros,
    user_info,
)


class WebApi:
    def __init__(
        self,
        cond: threading.Condition,
        clock: TsClock,
        ids: Ids,
        socket_url: Callable[[], str],
    ) -> None:
        """``cond`` guards the state (shared with the fake's recorder); ``socket_url`` hands
        out a fresh Socket Mode URL for ``apps.connections.open``."""
        self._cond = cond
        self._clock = clock
        self._ids = ids
        self._socket_url = socket_url
        self.messages: dict[str, list[JsonDict]] = {}
        self.reactions: dict[tuple[str, str], list[str]] = {}
        self.channels: dict[str, JsonDict] = {}
        self.usergroups: dict[str, list[str]] = {}
        self.users: dict[str, JsonDict] = {}
        self.methods: dict[str, Callable[[JsonDict], JsonDict]] = {
            "auth.test": self._auth_test,
            "apps.connections.open": self._apps_connections_open,
            "chat.postMessage": self._chat_post_message,
            "chat.update": self._chat_update,
            "chat.postEphemeral": self._chat_post_ephemeral,
            "chat.delete": self._chat_delete,
            "reactions.add": self._reactions_add,
            "reactions.remove": self._reactions_remove,
            "conversations.replies": self._conversations_replies,
            "conversations.info": self._conversations_info,
            "usergroups.users.list": self._usergroups_users_list,
            "views.open": self._views_open,
            "views.publish": self._views_publish,
            "conversations.members": self._conversations_members,
            "users.info": self._users_info,
        }

    def seed_thread(
        self, channel: str, thread_ts: str, messages: Iterable[JsonDict | str]
    ) -> list[JsonDict]:
        """Store a thread (see ``FakeSlack.seed_thread``)."""
        self._clock.advance_past(thread_ts)
        stored: list[JsonDict] = []
        with self._cond:
            have_parent = any(m["ts"] == thread_ts for m in self.messages.get(channel, []))
            for raw in messages:
                message: JsonDict = (
                    {"type": "message", "user": "U1", "text": raw}
                    if isinstance(raw, str)
                    else dict(raw)
                )
                message.setdefault("type", "message")
                if "ts" not in message:
                    message["ts"] = thread_ts if not have_parent else self._clock.next()
                have_parent = have_parent or message["ts"] == thread_ts
                self._clock.advance_past(message["ts"])
                message.setdefault("thread_ts", thread_ts)
                self.messages.setdefault(channel, []).append(message)
                stored.append(message)
        return stored

    # -- methods -------------------------------------------------------------

    def _auth_test(self, params: JsonDict) -> JsonDict:
        return {
            "ok": True,
            "url": f"https://{TEAM_DOMAIN}.slack.com/",
            "team": "KB Test",
            "user": BOT_USER_NAME,
            "team_id": TEAM_ID,
            "user_id": BOT_USER_ID,
            "bot_id": BOT_ID,
            "is_enterprise_install": False,
        }

    def _apps_connections_open(self, params: JsonDict) -> JsonDict:
        return {"ok": True, "url": self._socket_url()}

    def _chat_post_message(self, params: JsonDict) -> JsonDict:
        channel = require(params, "channel", "channel_not_found")
        message = self._bot_message(params)
        with self._cond:
            self.messages.setdefault(channel, []).append(message)
        return {"ok": True, "channel": channel, "ts": message["ts"], "message": dict(message)}

    def _chat_update(self, params: JsonDict) -> JsonDict:
        channel = require(params, "channel", "channel_not_found")
        ts = require(params, "ts", "message_not_found")
        changes = message_content(params)
        with self._cond:
            message = self._find_message(channel, ts)
            message.update(changes)
            message["edited"] = {"user": BOT_USER_ID, "ts": self._clock.next()}
            snapshot = dict(message)
        return {
            "ok": True,
            "channel": channel,
            "ts": ts,
            "text": snapshot.get("text", ""),
            "message": snapshot,
        }

    def _chat_post_ephemeral(self, params: JsonDict) -> JsonDict:
        require(params, "channel", "channel_not_found")
        require(params, "user", "user_not_in_channel")
        message_content(params)
        return {"ok": True, "message_ts": self._clock.next()}

    def _chat_delete(self, params: JsonDict) -> JsonDict:
        channel = require(params, "channel", "channel_not_found")
        ts = require(params, "ts", "message_not_found")
        with self._cond:
            message = self._find_message(channel, ts)
            self.messages[channel].remove(message)
        return {"ok": True, "channel": channel, "ts": ts}

    def _reactions_add(self, params: JsonDict) -> JsonDict:
        names = self._reaction_list(params)
        name = params["name"]
        with self._cond:
            if name in names:
                raise ApiError("already_reacted")
            names.append(name)
        return {"ok": True}

    def _reactions_remove(self, params: JsonDict) -> JsonDict:
        names = self._reaction_list(params)
        with self._cond:
            if params["name"] not in names:
                raise ApiError("no_reaction")
            names.remove(params["name"])
        return {"ok": True}

    def _reaction_list(self, params: JsonDict) -> list[str]:
        channel = require(params, "channel", "channel_not_found")
        ts = require(params, "timestamp", "message_not_found")
        require(params, "name", "invalid_name")
        with self._cond:
            return self.reactions.setdefault((channel, ts), [])

    def _conversations_replies(self, params: JsonDict) -> JsonDict:
        channel = require(params, "channel", "channel_not_found")
        thread_ts = require(params, "ts", "thread_not_found")
        limit = as_int(params.get("limit"), 1000)
        offset = as_int(str(params.get("cursor") or "offset_0").removeprefix("offset_"), 0)
        with self._cond:
            thread = [
                dict(m)
                for m in self.messages.get(channel, [])
                if m["ts"] == thread_ts or m.get("thread_ts") == thread_ts
            ]
        if not thread:
            raise ApiError("thread_not_found")
        thread.sort(key=lambda m: ts_micros(m["ts"]))
        page = thread[offset : offset + limit]
        has_more = offset + limit < len(thread)
        next_cursor = f"offset_{offset + limit}" if has_more else ""
        return {
            "ok": True,
            "messages": page,
            "has_more": has_more,
            "response_metadata": {"next_cursor": next_cursor},
        }

    def _conversations_info(self, params: JsonDict) -> JsonDict:
        channel = require(params, "channel", "channel_not_found")
        with self._cond:
            info = dict(self.channels.get(channel) or channel_info(channel))
        return {"ok": True, "channel": info}

    def _conversations_members(self, params: JsonDict) -> JsonDict:
        """Members as set with ``set_channel(channel, members=[...])``; else the bot and U1."""
        channel = require(params, "channel", "channel_not_found")
        with self._cond:
            members = list(self.channels.get(channel, {}).get("members", [BOT_USER_ID, "U1"]))
        return {"ok": True, "members": members, "response_metadata": {"next_cursor": ""}}

    def _usergroups_users_list(self, params: JsonDict) -> JsonDict:
        usergroup = require(params, "usergroup", "no_such_subteam")
        with self._cond:
            users = self.usergroups.get(usergroup)
        if users is None:
            raise ApiError("no_such_subteam")
        return {"ok": True, "users": list(users)}

    def _views_open(self, params: JsonDict) -> JsonDict:
        require(params, "trigger_id", "invalid_trigger_id")
        view = as_json(require(params, "view"))
        if not isinstance(view, dict) or "type" not in view:
            raise ApiError("invalid_arguments")
        view_id = self._ids.new("V")
        opened = {
            "id": view_id,
            "team_id": TEAM_ID,
            "app_id": APP_ID,
            "bot_id": BOT_ID,
            "root_view_id": view_id,
            "previous_view_id": None,
            "hash": uuid.uuid4().hex[:16],
            "state": {"values": {}},
            "private_metadata": "",
            "callback_id": "",
            "external_id": "",
            **view,
        }
        return {"ok": True, "view": opened}

    def _views_publish(self, params: JsonDict) -> JsonDict:
        """An App Home tab, published for one user."""
        require(params, "user_id", "invalid_arguments")
        view = as_json(require(params, "view"))
        if not isinstance(view, dict) or view.get("type") != "home":
            raise ApiError("invalid_arguments")
        return {"ok": True, "view": {"id": self._ids.new("V"), "team_id": TEAM_ID, **view}}

    def _users_info(self, params: JsonDict) -> JsonDict:
        user = require(params, "user", "user_not_found")
        with self._cond:
            info = dict(self.users.get(user) or user_info(user))
        return {"ok": True, "user": info}

    # -- helpers -------------------------------------------------------------

    def _find_message(self, channel: str, ts: str) -> JsonDict:
        """Caller holds the condition."""
        for message in self.messages.get(channel, []):
            if message["ts"] == ts:
                return message
        raise ApiError("message_not_found")

    def _bot_message(self, params: JsonDict) -> JsonDict:
        message: JsonDict = {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "app_id": APP_ID,
            "team": TEAM_ID,
            "text": "",
            "ts": self._clock.next(),
            "bot_profile": {
                "id": BOT_ID,
                "app_id": APP_ID,
                "name": BOT_USER_NAME,
                "team_id": TEAM_ID,
                "deleted": False,
            },
        }
        message.update(message_content(params))
        if params.get("thread_ts"):
            message["thread_ts"] = str(params["thread_ts"])
        return message
