"""Settings from the environment and .env: prefixes, conventional names, validation, secrets."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from kb_slackbot.cli import app
from kb_slackbot.settings import Settings

SECRETS = {
    "SLACK_BOT_TOKEN": "xoxb-fake-settings-test",
    "SLACK_APP_TOKEN": "xapp-fake-settings-test",
    "SLACK_SIGNING_SECRET": "signingsecret0123456789",
    "ANTHROPIC_API_KEY": "sk-ant-api03-verysecretkey",
}


def test_kb_prefix_and_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("KB_TOP_K", "7")
    monkeypatch.setenv("KB_DATA_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("KB_RERANKER", "none")
    monkeypatch.setenv("TOP_K", "9")  # product settings need the prefix
    settings = Settings(_env_file=None)
    assert settings.top_k == 7
    assert settings.data_dir == tmp_path / "elsewhere"
    assert settings.chroma_dir == tmp_path / "elsewhere" / "chroma"
    assert settings.reranker == "none"
    assert settings.chunk_tokens == 300 and settings.chunk_overlap_tokens == 40


def test_conventional_unprefixed_names(monkeypatch):
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CHROMA_HOST", "chroma.internal")
    monkeypatch.setenv("CHROMA_PORT", "8123")
    monkeypatch.setenv("OLLAMA_HOST", "http://gpu-box:11434")
    monkeypatch.setenv("CHROMA_HEADERS", '{"Authorization": "Bearer chroma-secret"}')
    settings = Settings(_env_file=None)
    assert settings.slack_bot_token.get_secret_value() == SECRETS["SLACK_BOT_TOKEN"]
    assert settings.slack_app_token.get_secret_value() == SECRETS["SLACK_APP_TOKEN"]
    assert settings.slack_signing_secret.get_secret_value() == SECRETS["SLACK_SIGNING_SECRET"]
    assert settings.anthropic_api_key.get_secret_value() == SECRETS["ANTHROPIC_API_KEY"]
    assert (settings.chroma_host, settings.chroma_port) == ("chroma.internal", 8123)
    assert settings.ollama_host == "http://gpu-box:11434"
    assert settings.chroma_headers["Authorization"].get_secret_value() == "Bearer chroma-secret"


def test_conventional_names_also_accept_the_prefix(monkeypatch):
    monkeypatch.setenv("KB_SLACK_BOT_TOKEN", "xoxb-prefixed")
    monkeypatch.setenv("KB_CHROMA_HOST", "prefixed-host")
    monkeypatch.setenv("KB_OLLAMA_HOST", "http://prefixed:11434")
    settings = Settings(_env_file=None)
    assert settings.slack_bot_token.get_secret_value() == "xoxb-prefixed"
    assert settings.chroma_host == "prefixed-host"
    assert settings.ollama_host == "http://prefixed:11434"


def test_dotenv_is_read_and_the_environment_wins(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text(
        "KB_TOP_K=8\nSLACK_BOT_TOKEN=xoxb-from-dotenv\nKB_MIN_RELEVANCE=0.5\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KB_TOP_K", "3")
    settings = Settings()
    assert settings.top_k == 3
    assert settings.min_relevance == 0.5
    assert settings.slack_bot_token.get_secret_value() == "xoxb-from-dotenv"


def test_empty_values_mean_unset(monkeypatch):
    monkeypatch.setenv("KB_TOP_K", "")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "")
    settings = Settings(_env_file=None)
    assert settings.top_k == 5
    assert settings.anthropic_api_key is None


def test_slack_api_url_gets_a_trailing_slash():
    assert Settings(_env_file=None, slack_api_url="http://127.0.0.1:9/api").slack_api_url == (
        "http://127.0.0.1:9/api/"
    )


@pytest.mark.parametrize(
    ("env", "field"),
    [
        ({"KB_CHUNK_TOKENS": "100", "KB_CHUNK_OVERLAP_TOKENS": "100"}, "chunk_overlap_tokens"),
        ({"KB_CHUNK_OVERLAP_TOKENS": "300"}, "chunk_overlap_tokens"),
        ({"KB_TOP_K": "0"}, "top_k"),
        ({"KB_RERANKER": "magic"}, "reranker"),
        ({"KB_MIN_RELEVANCE": "1.5"}, "min_relevance"),
    ],
)
def test_invalid_values_are_rejected(monkeypatch, env, field):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError) as info:
        Settings(_env_file=None)
    assert [e["loc"][0] for e in info.value.errors()] == [field]


def test_overlap_not_smaller_than_chunk_explains_itself():
    with pytest.raises(ValidationError, match="KB_CHUNK_OVERLAP_TOKENS must be smaller than"):
        Settings(_env_file=None, chunk_tokens=64, chunk_overlap_tokens=64)
    assert Settings(_env_file=None, chunk_tokens=64, chunk_overlap_tokens=63)


def test_invalid_settings_through_the_cli_exit_2_naming_the_setting(tmp_path):
    result = CliRunner().invoke(
        app,
        ["search", "how do I set up the VPN"],
        env={"KB_CHUNK_TOKENS": "100", "KB_CHUNK_OVERLAP_TOKENS": "100"},
    )
    assert result.exit_code == 2, result.output
    assert "Invalid settings" in result.stderr
    assert "KB_CHUNK_OVERLAP_TOKENS" in result.stderr
    assert "must be smaller than KB_CHUNK_TOKENS" in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / ".kb-data").exists(), "nothing was opened"


def test_invalid_aliased_setting_is_named_once_through_the_cli():
    result = CliRunner().invoke(app, ["search", "vpn"], env={"CHROMA_PORT": "not-a-port"})
    assert result.exit_code == 2
    assert "KB_CHROMA_PORT" in result.stderr
    assert "KB_KB_" not in result.stderr


def test_secrets_are_hidden_in_repr_and_str(monkeypatch):
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CHROMA_HEADERS", '{"Authorization": "Bearer chroma-secret"}')
    settings = Settings(_env_file=None)
    for text in (repr(settings), str(settings), str(settings.model_dump())):
        for value in [*SECRETS.values(), "chroma-secret"]:
            assert value not in text
    assert "**********" in repr(settings)


def test_data_paths_follow_the_data_dir():
    settings = Settings(_env_file=None, data_dir=Path("/srv/kb"))
    assert settings.chroma_dir == Path("/srv/kb/chroma")
    assert settings.query_log_path == Path("/srv/kb/queries.sqlite3")


def test_every_setting_is_documented_in_env_example():
    example = (Path(__file__).resolve().parent.parent / ".env.example").read_text("utf-8")
    documented = {line.split("=", 1)[0] for line in example.splitlines() if "=" in line}
    missing = []
    for name, field in Settings.model_fields.items():
        choices = getattr(field.validation_alias, "choices", None) or [f"KB_{name.upper()}"]
        if not documented & set(choices):
            missing.append(name)
    assert not missing
