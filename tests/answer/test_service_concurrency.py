"""Many questions may wait on the language model at once, but only `compute_slots` of them
search and extract (the CPU-bound part) at the same time."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from kb_slackbot.services import Services
from testkit.llm import FakeAnthropic
from tests.conftest import SAMPLE_BASE_URL, make_settings

QUESTIONS = [  # four questions the sample KB answers (a "not found" never calls the model)
    "How do I set up the VPN on Linux?",
    "How do I set up the VPN on Windows?",
    "What is the hotel limit per night in Berlin?",
    "how many days of sick leave without a doctor's note",
]


class CountingSearcher:
    """The real searcher, counting how many searches run at the same moment."""

    def __init__(self, searcher) -> None:
        self._searcher = searcher
        self._lock = threading.Lock()
        self.running = 0
        self.most = 0

    def search(self, *args, **kwargs):
        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            return self._searcher.search(*args, **kwargs)
        finally:
            with self._lock:
                self.running -= 1

    def __getattr__(self, name):
        return getattr(self._searcher, name)


def test_searches_are_limited_while_model_calls_overlap(sample_services, embedder, reranker_choice):
    services = Services(
        make_settings(sample_services.settings.data_dir, base_url=SAMPLE_BASE_URL, compute_slots=1),
        embedder=embedder,
        reranker_choice=reranker_choice,
    )
    service = services.answer_service("extractive")
    service.cache = None
    counting = CountingSearcher(service.searcher)
    service.searcher = counting
    with FakeAnthropic() as llm:
        llm.delay_seconds = 2.0
        llm.reply_text = "Here is what the page says [1]."
        service.provider = AnthropicProvider(
            "k", "claude-test", RetryPolicy(timeout_s=20, deadline_s=30), base_url=llm.url
        )
        with ThreadPoolExecutor(len(QUESTIONS)) as pool:
            results = list(pool.map(service.answer, QUESTIONS))
    assert all(r.provider == "anthropic" for r in results)
    assert counting.most == 1
    # Waiting on the model is shared: the fake server saw several calls at once (counted at
    # the wire, not by the clock, so a busy machine cannot fail or pass it by timing).
    assert llm.most_in_flight >= 2, llm.most_in_flight
