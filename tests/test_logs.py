"""Logging: credentials never reach a sink, from structlog or from libraries' stdlib logging."""

from __future__ import annotations

import json
import logging

import structlog

from kb_slackbot.logs import REDACTED, configure_logging, max_level, redact_secrets, redact_text

# Shaped like real credentials, but assembled at run time so that no literal in the tree
# looks like a leaked token to a secret scanner.
BOT = "-".join(["xoxb", "000000000000", "0000000000000", "FakeTokenForRedactionTest"])
USER = "-".join(["xoxp", "0000", "0000", "0000", "faketoken"])
APP = "-".join(["xapp", "1", "A0000000000", "0000000000000", "0000fake0token"])
ANTHROPIC = "-".join(["sk", "ant", "api03", "Fake_Key", "0000000000"])
ALL = (BOT, USER, APP, ANTHROPIC)


def test_redact_text_masks_every_token_kind():
    text = f"bot {BOT}, user {USER}, app {APP}, key {ANTHROPIC}, auth Bearer abc.def-ghi"
    redacted = redact_text(text)
    for secret in (*ALL, "abc.def-ghi"):
        assert secret not in redacted
    assert redacted.count(REDACTED) == 5
    assert redacted.startswith("bot [REDACTED], user [REDACTED]")
    assert redact_text("nothing to hide here: xoxb alone, sk-ant") == (
        "nothing to hide here: xoxb alone, sk-ant"
    )


def test_processor_redacts_at_any_depth():
    event = {
        "event": f"calling slack with {BOT}",
        "count": 3,
        "ok": True,
        "request": {
            "headers": {"Authorization": "Basic dXNlcjpwYXNzd29yZA==", "Accept": "json"},
            "body": [{"token": "plain-looking-value"}, ("x", APP)],
            "nested": {"deeper": {"AUTHORIZATION": "anything", "note": f"key={ANTHROPIC}"}},
        },
        "password": "hunter2",
        "api_key": "abc",
        "X-Api-Key": "def",
        "signing_secret": "ghi",
    }
    out = redact_secrets(None, "info", event)
    flat = json.dumps(out)
    for secret in (*ALL, "dXNlcjpwYXNzd29yZA==", "plain-looking-value", "hunter2", "anything"):
        assert secret not in flat
    assert out["event"] == f"calling slack with {REDACTED}"
    assert out["request"]["headers"] == {"Authorization": REDACTED, "Accept": "json"}
    assert out["request"]["body"] == [{"token": REDACTED}, ("x", REDACTED)]
    assert out["request"]["nested"]["deeper"] == {
        "AUTHORIZATION": REDACTED,
        "note": f"key={REDACTED}",
    }
    assert (out["password"], out["api_key"], out["X-Api-Key"], out["signing_secret"]) == (
        REDACTED,
        REDACTED,
        REDACTED,
        REDACTED,
    )
    assert (out["count"], out["ok"]) == (3, True), "other values are left alone"


def test_structlog_output_is_redacted(capsys, restore_logging):
    configure_logging("INFO", "json")
    log = structlog.get_logger("kb_slackbot.test")
    log.info("slack_call", token=BOT, headers={"Authorization": f"Bearer {APP}"}, user=USER)
    try:
        raise RuntimeError(f"auth failed for {ANTHROPIC}")
    except RuntimeError:
        log.exception("provider_failed")
    err = capsys.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]
    assert [line["event"] for line in lines] == ["slack_call", "provider_failed"]
    for secret in ALL:
        assert secret not in err
    assert lines[0]["headers"] == {"Authorization": REDACTED}
    assert lines[0]["user"] == REDACTED
    assert "RuntimeError: auth failed for [REDACTED]" in lines[1]["exception"]


def test_stdlib_records_are_redacted_too(capsys, restore_logging):
    configure_logging("INFO", "console")
    library = logging.getLogger("some.http.library")
    library.warning("retrying with token %s", BOT)
    library.error("headers: {'Authorization': 'Bearer %s'}", APP)
    try:
        raise ValueError(f"bad key {ANTHROPIC}")
    except ValueError:
        library.exception("request failed")
    err = capsys.readouterr().err
    for secret in ALL:
        assert secret not in err
    assert "WARNING some.http.library: retrying with token [REDACTED]" in err
    assert "ValueError: bad key [REDACTED]" in err


def test_levels_filter_both_sides(capsys, restore_logging):
    configure_logging("WARNING", "json")
    structlog.get_logger().info("quiet_event")
    structlog.get_logger().warning("loud_event")
    logging.getLogger("lib").info("quiet stdlib")
    logging.getLogger("lib").warning("loud stdlib")
    err = capsys.readouterr().err
    assert "quiet" not in err
    assert "loud_event" in err and "loud stdlib" in err


def test_max_level():
    assert max_level("INFO", "WARNING") == "WARNING"
    assert max_level("ERROR", "WARNING") == "ERROR"
    assert max_level("DEBUG", "DEBUG") == "DEBUG"


def test_basic_auth_inside_a_string_is_masked():
    from kb_slackbot.logs import redact_text

    assert "dXNlcjpwYXNz" not in redact_text("Authorization: Basic dXNlcjpwYXNz")
