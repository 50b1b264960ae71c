"""The real `kb-slackbot run` as a separate process, wired to fake Slack and Claude servers,
for crash tests and the soak benchmark."""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
from pathlib import Path

from testkit.slack import APP_TOKEN, BOT_TOKEN

ROOT = Path(__file__).resolve().parent.parent


def start_bot_process(
    data_dir: Path,
    slack_api_url: str,
    anthropic_url: str,
    log: Path | None = None,
    extra_env: dict[str, str] | None = None,
) -> subprocess.Popen:
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "KB_DATA_DIR": str(data_dir),
        "SLACK_BOT_TOKEN": BOT_TOKEN,
        "SLACK_APP_TOKEN": APP_TOKEN,
        "SLACK_API_URL": slack_api_url,
        "LLM_PROVIDER": "anthropic",
        "ANTHROPIC_API_KEY": "sk-ant-test",
        "ANTHROPIC_BASE_URL": anthropic_url,
        "KB_LOG_FORMAT": "json",
        **(extra_env or {}),
    }
    output = log.open("ab") if log else subprocess.DEVNULL
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "kb-slackbot"), "run"],
        env=env,
        cwd=ROOT,
        stdout=output,
        stderr=subprocess.STDOUT,
    )
    atexit.register(_kill_if_running, process)  # a failed run must not leave a bot behind
    return process


def _kill_if_running(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
        process.wait(10)
