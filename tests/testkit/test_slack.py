"""Self-tests: drive FakeSlack with the real slack_sdk / slack_bolt clients."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
from slack_bolt import Ack, App, Respond, Say
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.request import BoltRequest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler
from slack_sdk.signature import SignatureVerifier

from kb_slackbot.slack.limits import LIMITS
from testkit.slack import APP_TOKEN, BOT_TOKEN, BOT_USER_ID, FakeSlack, sign_request

SIGNING_SECRET = "fake-signing-secret"


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    with FakeSlack(invalid_tokens={"xoxb-revoked"}) as server:
        yield server


@pytest.fixture
def client(fake: FakeSlack) -> WebClient:
    return WebClient(token=BOT_TOKEN, base_url=fake.api_url)


@pytest.fixture
def app(client: WebClient) -> App:
    return App(client=client, signing_secret=SIGNING_SECRET)


@pytest.fixture
def handler(app: App, fake: FakeSlack) -> Iterator[SocketModeHandler]:
    # A short ping_interval makes the client's monitor notice dropped sessions fast.
    socket_handler = SocketModeHandler(app, APP_TOKEN, ping_interval=0.3)
    socket_handler.connect()
    fake.wait_connected()
    yield socket_handler
    socket_handler.close()


# -- Web API -----------------------------------------------------------------


def test_auth_test_and_token_checks(fake: FakeSlack, client: WebClient) -> None:
    result = client.auth_test()
    assert (result["user_id"], result["bot_id"], result["team_id"], result["user"]) == (
        "UBOT",
        "BBOT",
        "T1",
        "kb",
    )
    assert fake.calls_to("auth.test")[0].token == BOT_TOKEN

    with pytest.raises(SlackApiError) as revoked:
        WebClient(token="xoxb-revoked", base_url=fake.api_url).auth_test()
    assert revoked.value.response["error"] == "invalid_auth"

    with pytest.raises(SlackApiError) as wrong_type:
        client.apps_connections_open(app_token=BOT_TOKEN)
    assert wrong_type.value.response["error"] == "not_allowed_token_type"

    with pytest.raises(SlackApiError) as unknown:
        client.api_call("no.such.method")
    assert unknown.value.response["error"] == "unknown_method"


def test_apps_connections_open_returns_ws_url(client: WebClient) -> None:
    url = client.apps_connections_open(app_token=APP_TOKEN)["url"]
    assert url.startswith("ws://127.0.0.1:")
    assert "/link/?ticket=" in url


def test_chat_methods_and_reactions(fake: FakeSlack, client: WebClient) -> None:
    first = client.chat_postMessage(channel="C1", text="hello", blocks=[{"type": "divider"}])
    second = client.chat_postMessage(channel="C1", text="again")
    assert first["channel"] == "C1" and first["message"]["text"] == "hello"
    assert float(second["ts"]) > float(first["ts"])

    updated = client.chat_update(channel="C1", ts=first["ts"], text="edited")
    assert updated["message"]["text"] == "edited"
    assert client.chat_postEphemeral(channel="C1", user="U1", text="psst")["message_ts"]

    client.reactions_add(channel="C1", timestamp=first["ts"], name="eyes")
    with pytest.raises(SlackApiError, match="already_reacted"):
        client.reactions_add(channel="C1", timestamp=first["ts"], name="eyes")
    client.reactions_remove(channel="C1", timestamp=first["ts"], name="eyes")
    assert fake.reactions("C1", first["ts"]) == []

    client.chat_delete(channel="C1", ts=first["ts"])
    assert [m["text"] for m in fake.messages("C1")] == ["again"]
    posted = fake.wait_for("chat.postMessage", count=2)
    assert posted[0].params["blocks"] == [{"type": "divider"}]


def test_message_validation(client: WebClient) -> None:
    with pytest.raises(SlackApiError, match="msg_too_long"):
        client.chat_postMessage(channel="C1", text="x" * 40_001)
    too_long_section = [{"type": "section", "text": {"type": "mrkdwn", "text": "x" * 3001}}]
    with pytest.raises(SlackApiError, match="invalid_blocks"):
        client.chat_postMessage(channel="C1", text="t", blocks=too_long_section)
    with pytest.raises(SlackApiError, match="no_text"):
        client.api_call("chat.postMessage", json={"channel": "C1"})


def test_conversations_replies_merges_seeded_and_bot_messages(
    fake: FakeSlack, client: WebClient
) -> None:
    parent_ts = fake.payloads.next_ts()
    fake.seed_thread("C1", parent_ts, ["question?", {"user": "U2", "text": "me too"}])
    client.chat_postMessage(channel="C1", thread_ts=parent_ts, text="answer")
    client.chat_postMessage(channel="C1", text="unrelated")

    replies = client.conversations_replies(channel="C1", ts=parent_ts)
    assert [m["text"] for m in replies["messages"]] == ["question?", "me too", "answer"]
    assert replies["messages"][0]["ts"] == parent_ts

    page = client.conversations_replies(channel="C1", ts=parent_ts, limit=2)
    assert len(page["messages"]) == 2 and page["has_more"] is True
    rest = client.conversations_replies(
        channel="C1", ts=parent_ts, cursor=page["response_metadata"]["next_cursor"]
    )
    assert [m["text"] for m in rest["messages"]] == ["answer"]


def test_info_methods(fake: FakeSlack, client: WebClient) -> None:
    fake.set_channel("C9", name="partners", is_ext_shared=True, is_private=True)
    channel = client.conversations_info(channel="C9")["channel"]
    assert (channel["name"], channel["is_ext_shared"], channel["is_private"]) == (
        "partners",
        True,
        True,
    )
    assert client.conversations_info(channel="D1")["channel"]["is_im"] is True

    fake.set_usergroup("S1", ["U1", "U2"])
    assert client.usergroups_users_list(usergroup="S1")["users"] == ["U1", "U2"]
    assert client.users_info(user="U1")["user"]["id"] == "U1"

    view = client.views_open(
        trigger_id="t.1", view={"type": "modal", "callback_id": "cb", "title": {}}
    )["view"]
    assert view["id"].startswith("V") and view["callback_id"] == "cb"


def test_ratelimit_is_retried_by_rate_limit_handler(fake: FakeSlack, client: WebClient) -> None:
    client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=1))
    fake.fail_next("chat.postMessage", status=429, retry_after=0)

    assert client.chat_postMessage(channel="C1", text="hi")["ok"] is True
    first, second = fake.wait_for("chat.postMessage", count=2)
    assert (first.status, first.response["error"]) == (429, "ratelimited")
    assert second.status == 200


def test_fail_next_ok_false(fake: FakeSlack, client: WebClient) -> None:
    fake.fail_next("chat.update", error="invalid_blocks", times=2)
    for _ in range(2):
        with pytest.raises(SlackApiError, match="invalid_blocks"):
            client.chat_update(channel="C1", ts="1.0", text="x")
    with pytest.raises(SlackApiError, match="message_not_found"):
        client.chat_update(channel="C1", ts="1.0", text="x")


def test_wait_for_times_out_with_dump(fake: FakeSlack, client: WebClient) -> None:
    client.auth_test()
    with pytest.raises(AssertionError, match=r"auth\.test"):
        fake.wait_for("chat.postMessage", timeout=0.1)


# -- Socket Mode with a real Bolt app -------------------------------------------


def test_app_mention_is_acked_and_answered(
    fake: FakeSlack, app: App, handler: SocketModeHandler
) -> None:
    @app.event("app_mention")
    def on_mention(event: dict, say: Say) -> None:
        say(text=f"echo: {event['text']}", thread_ts=event["ts"])

    payload = fake.payloads.app_mention("what is kb?")
    envelope_id = fake.send_envelope("events_api", payload)

    assert fake.wait_ack(envelope_id) == {"envelope_id": envelope_id}
    (reply,) = fake.wait_for("chat.postMessage")
    assert reply.params["text"] == f"echo: <@{BOT_USER_ID}> what is kb?"
    assert reply.params["thread_ts"] == payload["event"]["ts"]
    assert reply.token == BOT_TOKEN
    assert len(fake.ack_latencies) == 1


def test_dm_message_reaches_message_listener(
    fake: FakeSlack, app: App, handler: SocketModeHandler
) -> None:
    received: list[dict] = []
    app.message("")(lambda message: received.append(message))

    fake.wait_ack(fake.send_envelope("events_api", fake.payloads.dm_message("hi there")))
    fake.wait_ack(
        fake.send_envelope("events_api", fake.payloads.dm_message("from a bot", bot_id="BOTHER"))
    )
    deadline = time.monotonic() + 5
    while len(received) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert [m["channel_type"] for m in received] == ["im", "im"]


def test_slash_command_ack_and_respond(
    fake: FakeSlack, app: App, handler: SocketModeHandler
) -> None:
    @app.command("/kb")
    def on_command(ack: Ack, command: dict, respond: Respond) -> None:
        ack("working on it")
        respond(text=f"answer to {command['text']}", response_type="ephemeral")

    payload = fake.payloads.slash_command("deploy?", response_url=fake.response_url("cmd"))
    envelope_id = fake.send_envelope("slash_commands", payload, accepts_response_payload=True)

    ack = fake.wait_ack(envelope_id)
    assert ack["payload"]["text"] == "working on it"
    ((name, body),) = fake.wait_for_response()
    assert name == "cmd"
    assert body["text"] == "answer to deploy?" and body["response_type"] == "ephemeral"


def test_block_action_and_view_submission(
    fake: FakeSlack, app: App, handler: SocketModeHandler
) -> None:
    clicked = threading.Event()

    @app.action("vote")
    def on_vote(ack: Ack, body: dict) -> None:
        ack()
        assert body["actions"][0]["value"] == "up"
        clicked.set()

    @app.view("feedback")
    def on_submit(ack: Ack, view: dict) -> None:
        ack(response_action="errors", errors={"b": json.loads(view["private_metadata"])["msg"]})

    fake.wait_ack(
        fake.send_envelope(
            "interactive",
            fake.payloads.block_action("vote", "up", response_url=fake.response_url()),
        )
    )
    assert clicked.wait(5)

    values = {"b": {"a": {"type": "plain_text_input", "value": "meh"}}}
    submission = fake.payloads.view_submission("feedback", json.dumps({"msg": "too short"}), values)
    ack = fake.wait_ack(
        fake.send_envelope("interactive", submission, accepts_response_payload=True)
    )
    assert ack["payload"] == {"response_action": "errors", "errors": {"b": "too short"}}


def test_reconnects_after_drop(fake: FakeSlack, app: App, handler: SocketModeHandler) -> None:
    app.event("app_mention")(lambda: None)

    fake.drop_socket_connections()
    fake.wait_connected(total=2)
    assert len(fake.calls_to("apps.connections.open")) == 2
    envelope_id = fake.send_envelope("events_api", fake.payloads.app_mention("still there?"))
    assert fake.wait_ack(envelope_id)["envelope_id"] == envelope_id


def test_reconnects_after_disconnect_message(
    fake: FakeSlack, app: App, handler: SocketModeHandler
) -> None:
    app.event("app_mention")(lambda: None)

    fake.send_disconnect()
    fake.wait_connected(total=2)
    envelope_id = fake.send_envelope("events_api", fake.payloads.app_mention("after refresh"))
    assert fake.wait_ack(envelope_id)["envelope_id"] == envelope_id


# -- HTTP mode signing ---------------------------------------------------------------


def test_sign_request_passes_slack_verification(fake: FakeSlack, client: WebClient) -> None:
    body = json.dumps(fake.payloads.app_mention("signed"))
    headers = sign_request(body, SIGNING_SECRET)
    assert SignatureVerifier(SIGNING_SECRET).is_valid_request(body, headers)

    http_app = App(client=client, signing_secret=SIGNING_SECRET)
    http_app.event("app_mention")(lambda: None)
    assert http_app.dispatch(BoltRequest(body=body, headers=headers)).status == 200
    stale = sign_request(body, SIGNING_SECRET, timestamp=int(time.time()) - 3600)
    assert http_app.dispatch(BoltRequest(body=body, headers=stale)).status == 401


def test_each_fake_has_its_own_clock_and_ids() -> None:
    one, two = FakeSlack(), FakeSlack()
    assert one.payloads.next_ts() == two.payloads.next_ts()
    first, second = one.payloads.app_mention("a"), two.payloads.app_mention("b")
    assert first["event_id"] == second["event_id"]
    assert one.payloads.next_ts() > first["event"]["ts"]  # later than what it handed out


@pytest.mark.parametrize(
    "blocks",
    [
        [{"type": "section", "text": {"type": "mrkdwn", "text": "x"}}]
        * (LIMITS.blocks_per_message + 1),
        [{"type": "context", "elements": [{"type": "mrkdwn", "text": "x"}] * 11}],
        [
            {
                "type": "actions",
                "elements": [
                    {
                        "type": "button",
                        "action_id": "a",
                        "text": {"type": "plain_text", "text": "x" * (LIMITS.button_text + 1)},
                    }
                ],
            }
        ],
    ],
)
def test_block_kit_limits_are_the_products(client: WebClient, blocks: list) -> None:
    with pytest.raises(SlackApiError, match="invalid_blocks"):
        client.chat_postMessage(channel="C1", text="t", blocks=blocks)
