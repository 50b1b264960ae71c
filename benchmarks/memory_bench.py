"""Memory over time: resident memory of the real `kb-slackbot run` process (Socket Mode, answer
engine on the sample KB, fake Slack and fake language model on loopback) after 10 questions
and after 1,000. Questions and askers are all distinct, so the answer cache, the rate limiter
and the event de-duplication fill up as they would in a busy workspace.

    python benchmarks/memory_bench.py --questions 1000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from common import ROOT, ingest_sample, print_table, sample_questions, save

sys.path.insert(0, str(ROOT))

from testkit.bot_process import start_bot_process
from testkit.llm import FakeAnthropic
from testkit.slack import FakeSlack

CHECKPOINTS = (10, 100, 250, 500, 750, 1000, 2000, 5000)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=1000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kb-memory-"))
    ingest_sample(work / "data")
    questions = sample_questions()
    rows = []
    with FakeSlack() as fake, FakeAnthropic() as llm:
        llm.reply_text = "Here is what the pages say [1]."
        bot = start_bot_process(work / "data", fake.api_url, llm.url, work / "bot.log")
        fake.wait_connected(timeout=180)
        asked = 0
        for checkpoint in [c for c in CHECKPOINTS if c <= args.questions]:
            while asked < checkpoint:
                batch = min(10, checkpoint - asked)
                for n in range(asked, asked + batch):
                    text = f"{questions[n % len(questions)]} (asked by user {n})"
                    event = fake.payloads.app_mention(text, channel=f"C{n:05d}", user=f"U{n:05d}")
                    fake.send_envelope("events_api", event)
                asked += batch
                fake.wait_for(
                    "chat.update",
                    count=asked,
                    timeout=300,
                    predicate=lambda c: "kb_actions_" in str(c.params.get("blocks")),
                )
            rows.append([checkpoint, f"{rss_mb(bot.pid):.0f}"])
        bot.terminate()
        bot.wait(60)
    first = float(rows[0][1])
    for row in rows:
        row.append(f"{float(row[1]) / first:.3f}")
    print_table(
        "Resident memory of the bot process while answering",
        ["questions answered", "RSS MB", f"ratio to after {rows[0][0]}"],
        rows,
    )
    save("memory", rows)


if __name__ == "__main__":
    main()
