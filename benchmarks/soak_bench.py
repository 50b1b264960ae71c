"""Soak with faults: the real `kb-slackbot run` process under a steady mix of mentions, DMs and
/kb commands, while the language model returns 500s and times out, Slack answers 429, the
Socket Mode connection is dropped, and the process is killed with SIGKILL mid-answer and
restarted. Reports what was answered, what got an apology, what was lost or duplicated.

    python benchmarks/soak_bench.py --questions 300 --rate 2
"""

from __future__ import annotations

import argparse
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

from common import ROOT, ingest_sample, print_table, sample_questions, save

sys.path.insert(0, str(ROOT))

from testkit.bot_process import start_bot_process
from testkit.llm import FakeAnthropic
from testkit.slack import FakeSlack

UNAVAILABLE = "language model is unavailable"
SOAK_ENV = {"KB_LLM_TIMEOUT_S": "3", "KB_LLM_DEADLINE_S": "8", "KB_CACHE_TTL_S": "0"}


def classify(fake: FakeSlack, asked: dict[str, str]) -> dict[str, list[str]]:
    """Each question's final replies: thread/DM answers by channel, /kb ones by response_url."""
    finals: dict[str, list[str]] = {key: [] for key in asked}
    for call in fake.calls:
        channel = call.params.get("channel")
        delivered = call.status == 200 and call.response.get("ok")  # not a 429'd attempt
        if channel in finals and delivered and call.method in ("chat.update", "chat.postMessage"):
            kind = outcome(str(call.params.get("blocks")), str(call.params.get("text")))
            if kind:
                finals[channel].append(kind)
    for name, body in fake.responses:
        if name in finals:
            kind = outcome(str(body.get("blocks")), str(body.get("text")))
            if kind:
                finals[name].append(kind)
    return finals


def outcome(blocks: str, text: str) -> str | None:
    if "kb_actions_" in blocks:
        return "answered (model down: passages)" if UNAVAILABLE in blocks else "answered"
    if text.startswith("Sorry"):
        return "apology"
    if text.startswith("I'm overloaded"):
        return "told busy"
    if text.startswith("You've asked a lot"):
        return "told to slow down"
    return None  # progress placeholders and queue notices are not replies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=300)
    parser.add_argument("--rate", type=float, default=2.0, help="questions per second")
    parser.add_argument("--llm-delay", type=float, default=0.5)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="kb-soak-"))
    ingest_sample(work / "data")
    questions = sample_questions()
    n = args.questions
    kill_at, drop_at, timeout_at = n // 2, n // 3, (2 * n) // 3
    events: Counter[str] = Counter()
    asked: dict[str, str] = {}
    started = time.monotonic()
    with FakeSlack() as fake, FakeAnthropic() as llm:
        llm.delay_seconds = args.llm_delay
        llm.reply_text = "Here is what the pages say [1]."
        bot = start_bot_process(work / "data", fake.api_url, llm.url, work / "bot.log", SOAK_ENV)
        fake.wait_connected(timeout=180)
        ready = time.monotonic() - started
        for i in range(n):
            key = f"C{i:05d}" if i % 3 == 0 else (f"D{i:05d}" if i % 3 == 1 else f"kb{i:05d}")
            asked[key] = questions[i % len(questions)]
            user = f"U{i % 40:03d}"  # 40 people, each well under the per-minute limit
            if i % 10 == 5:
                llm.enqueue_failure(500, times=3)  # all retries fail: the passages fallback
                events["LLM 500 burst"] += 1
            elif i % 10 == 8:
                llm.enqueue_failure(500)  # one failure, then the retry succeeds
                events["LLM 500 once"] += 1
            if i % 20 == 7:
                fake.fail_next("chat.update", status=429, retry_after=1)
                events["Slack 429"] += 1
            if i == timeout_at:
                llm.delay_seconds = 5  # beyond the 3 s timeout, for the next few seconds
                events["LLM timeouts (5 s window)"] += 1
            if i == timeout_at + int(5 * args.rate):
                llm.delay_seconds = args.llm_delay
            if i == drop_at:
                fake.drop_socket_connections()
                events["Socket Mode connection dropped"] += 1
            if i == kill_at:
                while not llm.generation_requests or bot.poll() is not None:
                    time.sleep(0.05)
                bot.send_signal(signal.SIGKILL)  # mid-answer: questions are in flight
                bot.wait()
                with closing(sqlite3.connect(work / "data" / "slack-pending.sqlite3")) as db:
                    in_flight = db.execute("SELECT COUNT(*) FROM pending").fetchone()[0]
                events[f"questions in flight at the kill: {in_flight}"] += 1
                while fake.open_connections:  # Slack notices the socket is gone
                    time.sleep(0.05)
                events["kill -9 + restart"] += 1
                bot = start_bot_process(
                    work / "data", fake.api_url, llm.url, work / "bot.log", SOAK_ENV
                )
            if key.startswith("C"):
                payload = fake.payloads.app_mention(asked[key], channel=key, user=user)
                fake.send_envelope("events_api", payload, connect_timeout=180)
            elif key.startswith("D"):
                payload = fake.payloads.dm_message(asked[key], channel=key, user=user)
                fake.send_envelope("events_api", payload, connect_timeout=180)
            else:
                payload = fake.payloads.slash_command(
                    asked[key], user_id=user, response_url=fake.response_url(key)
                )
                fake.send_envelope("slash_commands", payload, connect_timeout=180)
            time.sleep(1 / args.rate)

        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            finals = classify(fake, asked)
            if all(finals.values()):
                break
            time.sleep(1)
        time.sleep(5)  # late duplicates would show up now
        finals = classify(fake, asked)
        bot.terminate()
        bot.wait(60)
    elapsed = time.monotonic() - started

    tally: Counter[str] = Counter()
    for replies in finals.values():
        tally[replies[0] if replies else "lost"] += 1
        tally["duplicated"] += max(0, len(replies) - 1)
    rows = [[name, count] for name, count in sorted(events.items())]
    print_table(
        f"Soak: {n} questions at {args.rate}/s over {elapsed:.0f} s "
        f"(bot ready after {ready:.0f} s), faults injected",
        ["fault", "times"],
        rows,
    )
    outcome_rows = [
        [name, tally.get(name, 0)]
        for name in (
            "answered",
            "answered (model down: passages)",
            "apology",
            "told busy",
            "told to slow down",
            "lost",
            "duplicated",
        )
    ]
    print_table(
        "Outcome per question (exactly one reply each is the goal)",
        ["outcome", "questions"],
        outcome_rows,
    )
    lost = [k for k, v in finals.items() if not v]
    if lost:
        print("lost:", ", ".join(lost[:20]))
    print(f"bot log: {work / 'bot.log'}")
    save("soak", {"faults": rows, "outcomes": outcome_rows, "lost": lost})
    shutil.rmtree(work / "data", ignore_errors=True)


if __name__ == "__main__":
    main()
