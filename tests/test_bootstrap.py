"""Process set-up by entry points: the model libraries' environment, decided once."""

from __future__ import annotations

import os

from kb_slackbot.bootstrap import QUIET_ENV, configure_hub_access, prepare_process
from tests.conftest import make_settings


def test_hub_access_reason(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert configure_hub_access("auto").startswith("offline (HF_HUB_OFFLINE=1")
    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    assert configure_hub_access("off") == "hub downloads allowed"
    monkeypatch.setenv("HF_ENDPOINT", "https://hub.internal.example")
    assert configure_hub_access("auto") == "hub downloads allowed", "a mirror is configured"
    assert configure_hub_access("on").startswith("offline")


def test_prepare_process_quiets_the_model_libraries(monkeypatch, tmp_path):
    for name in QUIET_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    reason = prepare_process(make_settings(tmp_path))
    assert reason.startswith("offline")
    assert os.environ["HF_HUB_DISABLE_PROGRESS_BARS"] == "1"
    assert os.environ["TOKENIZERS_PARALLELISM"] == "false"
