"""Everything the bot writes is private to its user: folders 0700, files 0600."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

from kb_slackbot.slack.guards import EventDeduplicator
from kb_slackbot.slack.journal import AnswerJournal
from tests.conftest import ROOT
from tests.retrieval.helpers import write


def _modes(root) -> dict[str, int]:
    return {
        str(p.relative_to(root)): stat.S_IMODE(p.stat().st_mode) for p in [root, *root.rglob("*")]
    }


def test_the_slack_stores_are_private(tmp_path):
    data = tmp_path / "data"
    EventDeduplicator(data / "slack-events.sqlite3").claim("e1")
    AnswerJournal(data / "slack-pending.sqlite3").add({"kind": "thread", "question": "vpn?"})
    modes = _modes(data)
    assert modes.pop(".") == 0o700
    assert set(modes) >= {"slack-events.sqlite3", "slack-pending.sqlite3"}
    assert set(modes.values()) == {0o600}, modes


def test_the_command_writes_nothing_others_can_read(tmp_path):
    """`kb-slackbot ingest` and `ask` as installed: the index, the query log, everything."""
    kb = tmp_path / "kb"
    write(kb, "vpn.md", "# VPN\n\nInstall LoopGate and import the profile.\n")
    data = tmp_path / "data"
    env = {
        **os.environ,
        "KB_DATA_DIR": str(data),
        "KB_LLM_PROVIDER": "extractive",
        "PYTHONPATH": str(ROOT),
    }
    command = [sys.executable, "-c", "from kb_slackbot.cli import main; main()"]
    script = f"{' '.join(command[:2])} {command[2]!r}"
    done = subprocess.run(
        ["sh", "-c", f"umask 022 && {script} ingest {kb} && {script} ask 'How do I set up VPN?'"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    modes = _modes(data)
    assert "queries.sqlite3" in modes and "chroma/chroma.sqlite3" in modes
    wrong = {path: oct(mode) for path, mode in modes.items() if mode not in (0o700, 0o600)}
    assert not wrong
    folders = {p for p in modes if (data / p).is_dir()}
    assert {modes[p] for p in folders} == {0o700}
