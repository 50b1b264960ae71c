"""Slack under load: N questions arriving at once over Socket Mode, answered by the real bot
and answer engine on the sample KB, with a fake language model that takes a fixed time.
Reports ack latency, time to first visible progress, time to answer, lost and duplicates.

    python benchmarks/slack_bench.py --questions 10,50 --llm-delay 2
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, median, pct, print_table, save

sys.path.insert(0, str(ROOT))

from slack_bolt.adapter.socket_mode import SocketModeHandler

from kb_slackbot.access import AccessPolicy
from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings
from kb_slackbot.slack.app import create_app
from tests.fakes.llm_servers import FakeAnthropic
from tests.fakes.slack_server import APP_TOKEN, BOT_TOKEN, FakeSlack, app_mention

BASE = "https://docs.northwindloop.example/"


def run(count: int, services: Services, llm_delay: float, workers: int) -> list:
    questions = [
        json.loads(line)["question"]
        for line in (ROOT / "sample_kb" / "questions.jsonl").read_text().splitlines()
    ]
    with FakeSlack() as fake, FakeAnthropic() as llm:
        llm.delay_seconds = llm_delay
        llm.reply_text = "Here is what the pages say [1]."
        settings = Settings(
            _env_file=None,
            data_dir=Path(tempfile.mkdtemp()),
            slack_bot_token=BOT_TOKEN,
            slack_app_token=APP_TOKEN,
            slack_api_url=fake.api_url,
            workers=workers,
            rate_limit_per_minute=10_000,
            max_queued=1000,
        )
        service = services.answer_service("extractive")
        service.provider = AnthropicProvider(
            "k", "fake", RetryPolicy(timeout_s=30, deadline_s=60), base_url=llm.url
        )
        service.cache = None
        app, bot = create_app(settings, service, services.query_log, AccessPolicy())
        handler = SocketModeHandler(app, APP_TOKEN)
        handler.connect()
        fake.wait_connected()
        sent: dict[str, float] = {}
        channel_of: dict[str, str] = {}
        for n in range(count):
            channel = f"C{n:04d}"
            event = app_mention(questions[n % len(questions)], channel=channel)
            sent[channel] = time.monotonic()
            channel_of[fake.send_envelope("events_api", event)] = channel
        acks = [fake.wait_ack(eid, timeout=30) and fake.ack_latencies[-1] for eid in channel_of]
        answers = fake.wait_for(
            "chat.update", count=count, timeout=600, predicate=lambda c: c.params.get("blocks")
        )
        done = time.monotonic()
        first_progress = {}
        for call in fake.calls:
            ch = call.params.get("channel")
            if call.method in ("reactions.add", "chat.postMessage") and ch not in first_progress:
                first_progress[ch] = call
        per_channel = {}
        for call in answers:
            per_channel.setdefault(call.params["channel"], []).append(call)
        handler.close()
        bot.ctx.pool.shutdown(30)
    lost = count - len(per_channel)
    duplicated = sum(len(v) - 1 for v in per_channel.values())
    ack_ms = [a * 1000 for a in fake.ack_latencies]
    return [
        count,
        median(ack_ms),
        pct(ack_ms, 99),
        f"{(done - min(sent.values())):.1f}",
        lost,
        duplicated,
        len(acks),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", default="10,50")
    parser.add_argument("--llm-delay", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp())
    services = Services(Settings(_env_file=None, data_dir=data, base_url=BASE))
    services.ingester.run([ROOT / "sample_kb"], services.ingest_options(None, BASE, False))
    rows = [run(int(n), services, args.llm_delay, args.workers) for n in args.questions.split(",")]
    print_table(
        f"Socket Mode, {args.workers} workers, fake LLM {args.llm_delay}s per answer",
        [
            "questions at once",
            "ack p50 ms",
            "ack p99 ms",
            "all answered after s",
            "lost",
            "duplicated",
            "acked",
        ],
        rows,
    )
    save("slack", rows)


if __name__ == "__main__":
    main()
