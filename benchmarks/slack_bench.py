"""Slack under load: N questions arriving at once, over Socket Mode and over HTTP, answered by
the real bot and answer engine on the sample KB with a fake language model that takes a
fixed time per answer. Reports ack latency, time to first visible progress, time to answer,
and checks that nothing is lost or answered twice.

    python benchmarks/slack_bench.py --questions 10,50,200 --llm-delay 2
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from common import (
    ROOT,
    ingest_sample,
    median,
    pct,
    peak_rss_mb,
    print_table,
    sample_questions,
    save,
)

sys.path.insert(0, str(ROOT))

from kb_slackbot.access import AccessPolicy
from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings
from kb_slackbot.slack.app import create_app, make_http_server, make_socket_handler
from kb_slackbot.slack.texts import TOO_BUSY
from testkit.llm import FakeAnthropic
from testkit.slack import APP_TOKEN, BOT_TOKEN, FakeSlack, sign_request

SECRET = "bench-signing-secret"


def bot_settings(fake: FakeSlack, workers: int | None, max_queued: int | None) -> Settings:
    tuning = {"workers": workers, "max_queued": max_queued}
    return Settings(
        _env_file=None,
        data_dir=Path(tempfile.mkdtemp()),
        slack_bot_token=BOT_TOKEN,
        slack_app_token=APP_TOKEN,
        slack_signing_secret=SECRET,
        slack_api_url=fake.api_url,
        rate_limit_per_minute=10_000,  # one bench user asks everything
        **{k: v for k, v in tuning.items() if v is not None},
    )


def post_signed(url: str, payload: dict) -> float:
    body = json.dumps(payload)
    headers = {"Content-Type": "application/json", **sign_request(body, SECRET)}
    request = urllib.request.Request(url, data=body.encode(), headers=headers)
    started = time.monotonic()
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
    return time.monotonic() - started


def is_answer(call) -> bool:
    return "kb_actions_" in str(call.params.get("blocks"))  # the feedback buttons


def final(call) -> bool:
    """An answer, a 'too busy' or an apology: what the asker ends up with."""
    text = str(call.params.get("text"))
    return is_answer(call) or text == TOO_BUSY or text.startswith("Sorry")


def run(mode: str, count: int, services: Services, args: argparse.Namespace) -> list:
    questions = sample_questions()
    with FakeSlack() as fake, FakeAnthropic() as llm:
        events = {
            f"C{n:04d}": fake.payloads.app_mention(
                questions[n % len(questions)], channel=f"C{n:04d}"
            )
            for n in range(count)
        }
        llm.delay_seconds = args.llm_delay
        llm.reply_text = "Here is what the pages say [1]."
        settings = bot_settings(fake, args.workers, args.max_queued)
        # Uncached: every question really goes through the engine.
        service = services.answer_service("extractive", cached=False)
        service.provider = AnthropicProvider(
            "k", "fake", RetryPolicy(timeout_s=60, deadline_s=600), base_url=llm.url
        )
        app, bot = create_app(
            settings, service, services.query_log, AccessPolicy(), http=mode == "http"
        )
        sent: dict[str, float] = {}
        ack_s: list[float] = []
        if mode == "socket":
            handler = make_socket_handler(app, APP_TOKEN)
            handler.connect()
            fake.wait_connected()
            envelopes = []
            for channel, event in events.items():
                sent[channel] = time.monotonic()
                envelopes.append(fake.send_envelope("events_api", event))
            for envelope in envelopes:
                fake.wait_ack(envelope, timeout=60)
            ack_s = list(fake.ack_latencies)
        else:
            server = make_http_server(app, "127.0.0.1", 0)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            url = f"http://127.0.0.1:{server.server_port}/slack/events"
            start = threading.Barrier(count)
            lock = threading.Lock()

            def deliver(channel: str, event: dict) -> None:
                start.wait()  # all arrive at once, as a burst through a load balancer
                sent[channel] = time.monotonic()
                took = post_signed(url, event)
                with lock:
                    ack_s.append(took)

            senders = [threading.Thread(target=deliver, args=item) for item in events.items()]
            for sender in senders:
                sender.start()
            for sender in senders:
                sender.join()

        fake.wait_for("chat.update", count=count, timeout=1800, predicate=final)
        time.sleep(args.llm_delay + 1)  # anything answered twice would show up now
        calls = fake.calls
        (handler.close() if mode == "socket" else server.shutdown())
        bot.ctx.pool.shutdown(30)

    progress: dict[str, float] = {}
    replies: dict[str, list] = {}
    for call in calls:
        channel = call.params.get("channel")
        if channel not in sent:
            continue
        if call.method in ("reactions.add", "chat.postMessage") and channel not in progress:
            progress[channel] = call.at - sent[channel]
        if call.method in ("chat.update", "chat.postMessage") and final(call):
            replies.setdefault(channel, []).append(call)
    answered = [c for c, r in replies.items() if any(is_answer(x) for x in r)]
    busy = [c for c, r in replies.items() if any(x.params.get("text") == TOO_BUSY for x in r)]
    answer_s = [next(x.at for x in replies[c] if is_answer(x)) - sent[c] for c in answered]
    ms = [a * 1000 for a in ack_s]
    progress_ms = [p * 1000 for p in progress.values()]
    return [
        mode,
        count,
        f"{median(ms):.0f}",
        f"{pct(ms, 99):.0f}",
        f"{median(progress_ms):.0f}",
        f"{pct(progress_ms, 99):.0f}",
        f"{median(answer_s):.1f}",
        f"{pct(answer_s, 95):.1f}",
        len(answered),
        len(busy),
        count - len(replies),
        sum(len(r) - 1 for r in replies.values()),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", default="10,50,200")
    parser.add_argument("--modes", default="socket,http")
    parser.add_argument("--llm-delay", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=None, help="default: the setting's")
    parser.add_argument("--max-queued", type=int, default=None, help="default: the setting's")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp())
    services = ingest_sample(data)
    services.answer_service().answer(sample_questions()[0])  # load the models before timing
    rows = [
        run(mode, int(n), services, args)
        for mode in args.modes.split(",")
        for n in args.questions.split(",")
    ]
    defaults = Settings(_env_file=None)
    workers = args.workers or defaults.workers
    queued = args.max_queued or defaults.max_queued
    print_table(
        f"Slack load: {workers} workers, queue {queued}, fake LLM {args.llm_delay}s per answer "
        f"(peak RSS {peak_rss_mb():.0f} MB)",
        [
            "mode",
            "at once",
            "ack p50 ms",
            "ack p99 ms",
            "progress p50 ms",
            "progress p99 ms",
            "answer p50 s",
            "answer p95 s",
            "answered",
            "told busy",
            "lost",
            "duplicated",
        ],
        rows,
    )
    save("slack", rows)


if __name__ == "__main__":
    main()
