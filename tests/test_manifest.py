"""manifest.yml matches what the bot registers, with only the scopes it needs."""

from __future__ import annotations

import yaml

from kb_slackbot.slack.verify_views import VERIFY_SHORTCUT
from tests.conftest import ROOT


def test_manifest_declares_what_the_bot_listens_to_and_no_more():
    manifest = yaml.safe_load((ROOT / "manifest.yml").read_text(encoding="utf-8"))
    features, settings = manifest["features"], manifest["settings"]
    assert [s["callback_id"] for s in features["shortcuts"]] == [VERIFY_SHORTCUT]
    assert features["shortcuts"][0]["type"] == "message"
    assert [c["command"] for c in features["slash_commands"]] == ["/kb"]
    assert features["app_home"]["home_tab_enabled"] is True
    assert set(settings["event_subscriptions"]["bot_events"]) == {
        "app_mention",
        "message.im",
        "message.channels",
        "message.groups",
        "app_home_opened",
    }
    assert settings["interactivity"]["is_enabled"] is True
    assert set(manifest["oauth_config"]["scopes"]["bot"]) == {
        "app_mentions:read",
        "chat:write",
        "commands",
        "im:history",
        "im:read",
        "im:write",
        "channels:history",
        "groups:history",
        "channels:read",
        "groups:read",
        "reactions:write",
    }
