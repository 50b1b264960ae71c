"""HTTP mode: Slack's signed requests are verified; bad or stale signatures are rejected."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from kb_slackbot.access import AccessPolicy
from kb_slackbot.slack.app import SlackConfigError, create_app, make_http_server
from testkit.slack import BOT_TOKEN, FakeSlack, sign_request
from tests.conftest import make_settings

SECRET = "test-signing-secret"


@pytest.fixture
def http_bot(tmp_path, sample_services):
    """The Bolt app served over real HTTP on loopback, as `kb-slackbot run --http` does."""
    with FakeSlack() as fake:
        settings = make_settings(
            tmp_path / "data",
            slack_bot_token=BOT_TOKEN,
            slack_signing_secret=SECRET,
            slack_api_url=fake.api_url,
        )
        app, bot = create_app(
            settings,
            sample_services.answer_service("extractive"),
            sample_services.query_log,
            AccessPolicy(),
            http=True,
        )
        server = make_http_server(app, "127.0.0.1", 0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield fake, f"http://127.0.0.1:{server.server_port}/slack/events"
        finally:
            server.shutdown()
            bot.ctx.pool.shutdown(10)


def _post(url: str, body: str, headers: dict[str, str]) -> int:
    request = urllib.request.Request(
        url, data=body.encode(), headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_signed_event_is_accepted_and_answered(http_bot):
    fake, url = http_bot
    body = json.dumps(fake.payloads.app_mention("How do I set up the VPN on my Mac?"))
    assert _post(url, body, sign_request(body, SECRET)) == 200
    fake.wait_for("chat.update", timeout=30, predicate=lambda c: c.params.get("blocks"))


def test_bad_and_stale_signatures_are_rejected(http_bot):
    fake, url = http_bot
    body = json.dumps(fake.payloads.app_mention("How do I set up the VPN on my Mac?"))
    assert _post(url, body, sign_request(body, "wrong-secret")) == 401
    stale = sign_request(body, SECRET, timestamp=int(time.time()) - 3600)
    assert _post(url, body, stale) == 401
    assert _post(url, body, {}) == 401
    time.sleep(0.5)
    assert not fake.calls_to("chat.postMessage")


def test_missing_settings_are_named(tmp_path, sample_services):
    settings = make_settings(tmp_path / "d", slack_bot_token=BOT_TOKEN)
    with pytest.raises(SlackConfigError, match="SLACK_SIGNING_SECRET"):
        create_app(settings, None, None, AccessPolicy(), http=True)  # type: ignore[arg-type]
    with pytest.raises(SlackConfigError, match="SLACK_APP_TOKEN"):
        create_app(settings, None, None, AccessPolicy())  # type: ignore[arg-type]
    with pytest.raises(SlackConfigError, match="SLACK_BOT_TOKEN"):
        create_app(make_settings(tmp_path / "e"), None, None, AccessPolicy())  # type: ignore[arg-type]


def test_rejected_token_is_explained(tmp_path):
    with FakeSlack(invalid_tokens={"xoxb-revoked"}) as fake:
        settings = make_settings(
            tmp_path / "d",
            slack_bot_token="xoxb-revoked",
            slack_app_token="xapp-test-token",
            slack_api_url=fake.api_url,
        )
        with pytest.raises(SlackConfigError, match="invalid_auth"):
            create_app(settings, None, None, AccessPolicy())  # type: ignore[arg-type]
