"""Providers against loopback fakes of the real APIs, through the real client libraries."""

from __future__ import annotations

import time

import pytest

from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.base import LLMError, Message
from kb_slackbot.llm.ollama_provider import OllamaProvider
from kb_slackbot.llm.retry import RetryPolicy
from kb_slackbot.llm.selection import select_provider
from testkit.llm import FakeAnthropic, FakeOllama
from tests.conftest import make_settings

FAST = RetryPolicy(max_retries=2, timeout_s=2, deadline_s=5, base_delay_s=0.01, max_delay_s=0.05)
MESSAGES = [Message("user", "How do I set up the VPN?")]


@pytest.fixture
def claude():
    with FakeAnthropic() as fake:
        yield fake, AnthropicProvider("test-key", "claude-test", FAST, base_url=fake.url)


@pytest.fixture
def local():
    with FakeOllama() as fake:
        yield fake, OllamaProvider(fake.url, "llama3.2", FAST)


@pytest.fixture(params=["anthropic", "ollama"])
def provider(request, claude, local):
    return claude if request.param == "anthropic" else local


def test_generate_sends_system_and_messages_and_reports_usage(provider):
    fake, llm = provider
    fake.reply_text = "Use WireGuard [1]."
    out = llm.generate("SYSTEM RULES", MESSAGES, max_tokens=100, temperature=0.1)
    assert out.text == "Use WireGuard [1]."
    assert out.usage.prompt_tokens > 0 and out.usage.completion_tokens > 0
    body = fake.requests[-1].body
    assert "SYSTEM RULES" in str(body)
    assert "How do I set up the VPN?" in str(body["messages"])


def test_streaming_yields_deltas(provider):
    fake, llm = provider
    fake.reply_text = "A fairly long streamed answer about the VPN [1]."
    deltas = list(llm.stream("s", MESSAGES, 100, 0.1))
    assert len([d for d in deltas if d]) > 1
    assert "".join(deltas) == fake.reply_text


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_errors_are_retried(provider, status):
    fake, llm = provider
    fake.enqueue_failure(status, retry_after=0, times=2)
    assert llm.generate("s", MESSAGES, 50, 0.1).text == fake.reply_text
    assert len(fake.generation_requests) == 3


def test_persistent_errors_raise_llm_error(provider):
    fake, llm = provider
    fake.enqueue_failure(500, times=10)
    with pytest.raises(LLMError):
        llm.generate("s", MESSAGES, 50, 0.1)
    assert len(fake.generation_requests) == FAST.max_retries + 1


def test_client_errors_are_not_retried(provider):
    fake, llm = provider
    fake.enqueue_failure(400)
    with pytest.raises(LLMError):
        llm.generate("s", MESSAGES, 50, 0.1)
    assert len(fake.generation_requests) == 1


def test_retry_after_is_respected(claude):
    fake, llm = claude
    fake.enqueue_failure(429, retry_after=0.5)
    started = time.monotonic()
    llm.generate("s", MESSAGES, 50, 0.1)
    assert time.monotonic() - started >= 0.5


def test_timeouts_honour_the_deadline(provider):
    fake, llm = provider
    fake.delay_seconds = 10
    started = time.monotonic()
    with pytest.raises(LLMError):
        llm.generate("s", MESSAGES, 50, 0.1)
    assert time.monotonic() - started < FAST.deadline_s + 1.5
    fake.delay_seconds = 0


@pytest.mark.parametrize("fault", ["malformed", "empty", "drop"])
def test_bad_responses_raise_llm_error(provider, fault):
    fake, llm = provider
    {
        "malformed": fake.enqueue_malformed,
        "empty": fake.enqueue_empty,
        "drop": fake.close_connection_next,
    }[fault](times=5)
    with pytest.raises(LLMError):
        llm.generate("s", MESSAGES, 50, 0.1)


def test_refused_connection_raises_llm_error():
    llm = OllamaProvider("http://127.0.0.1:9", "m", FAST)
    with pytest.raises(LLMError):
        llm.generate("s", MESSAGES, 50, 0.1)
    claude = AnthropicProvider("k", "m", FAST, base_url="http://127.0.0.1:9")
    with pytest.raises(LLMError):
        claude.generate("s", MESSAGES, 50, 0.1)


def test_selection(tmp_path):
    with FakeOllama() as fake:
        auto_ollama = select_provider(
            make_settings(tmp_path, ollama_host=fake.url, llm_provider="auto")
        )
        assert auto_ollama.name == "ollama" and "Ollama" in auto_ollama.reason
    nothing = select_provider(make_settings(tmp_path, llm_provider="auto"))
    assert nothing.provider is None and "extractive" in nothing.reason
    keyed = make_settings(tmp_path, anthropic_api_key="sk-ant-test", llm_provider="auto")
    assert select_provider(keyed).name == "anthropic"
    with pytest.raises(ValueError, match="ANTHROPIC_API_KEY"):
        select_provider(make_settings(tmp_path), "anthropic")


def test_a_stream_broken_midway_raises_llm_error(provider):
    fake, llm = provider
    fake.reply_text = "A long answer that arrives in several pieces [1]."
    fake.enqueue_malformed()
    with pytest.raises(LLMError):
        list(llm.stream("s", MESSAGES, 100, 0.1))
