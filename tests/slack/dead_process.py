"""Another bot process, for crash tests: it journals a question, then hangs until killed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

OWNER_SCRIPT = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from kb_slackbot.slack.journal import AnswerJournal
    journal = AnswerJournal(Path(sys.argv[1]), lease_s=float(sys.argv[2]))
    journal.add(json.loads(sys.argv[3]))
    print("added", flush=True)
    time.sleep(600)
    """
)


def start_owner(
    path: Path, lease_s: float = 30.0, spec: dict[str, Any] | None = None
) -> subprocess.Popen:
    """A live process that has accepted one question and not answered it."""
    spec = spec or {"kind": "thread", "question": "left behind"}
    process = subprocess.Popen(
        [sys.executable, "-c", OWNER_SCRIPT, str(path), str(lease_s), json.dumps(spec)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "added"
    return process


def kill(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(10)
