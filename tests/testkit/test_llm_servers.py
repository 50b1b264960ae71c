"""Self-tests of the fake LLM servers, driven through the real `anthropic` and `ollama` clients."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator

import anthropic
import httpx
import ollama
import pytest

from testkit.llm import (
    DEFAULT_REPLY,
    FakeAnthropic,
    FakeLLMServer,
    FakeOllama,
    estimate_tokens,
    last_user_message,
    prompt_text,
    split_deltas,
    system_prompt,
)

CLAUDE_ARGS = {
    "model": "claude-test",
    "max_tokens": 200,
    "system": "You answer from the knowledge base.",
    "messages": [{"role": "user", "content": "How do I connect to the VPN?"}],
}
OLLAMA_ARGS = {
    "model": "llama3.2",
    "messages": [
        {"role": "system", "content": "You answer from the knowledge base."},
        {"role": "user", "content": "How do I connect to the VPN?"},
    ],
    "options": {"num_predict": 200, "temperature": 0.1},
}


def claude_client(
    fake: FakeAnthropic, *, max_retries: int = 0, timeout: float = 5
) -> anthropic.Anthropic:
    """A real client, by default with the SDK's own retries off so every failure surfaces.

    ``verify=False`` only skips loading the CA bundle (~80 ms a client): loopback is plain HTTP.
    """
    return anthropic.Anthropic(
        base_url=fake.url,
        api_key="test",
        max_retries=max_retries,
        timeout=timeout,
        http_client=anthropic.DefaultHttpxClient(verify=False),
    )


def ollama_client(fake: FakeOllama, timeout: float = 5) -> ollama.Client:
    return ollama.Client(host=fake.url, timeout=timeout, verify=False)


@pytest.fixture
def claude_fake() -> Iterator[FakeAnthropic]:
    with FakeAnthropic() as fake:
        yield fake


@pytest.fixture
def claude(claude_fake: FakeAnthropic) -> Iterator[anthropic.Anthropic]:
    with claude_client(claude_fake) as client:
        yield client


@pytest.fixture
def ollama_fake() -> Iterator[FakeOllama]:
    with FakeOllama() as fake:
        yield fake


@pytest.fixture
def local(ollama_fake: FakeOllama) -> Iterator[ollama.Client]:
    with ollama_client(ollama_fake) as client:
        yield client


@pytest.fixture(scope="module")
def raw() -> Iterator[httpx.Client]:
    """Plain HTTP, for what the client libraries hide (headers, framing, invalid requests)."""
    with httpx.Client(verify=False, timeout=5) as client:
        yield client


# --- helpers -----------------------------------------------------------------------------------


def test_split_deltas_are_words_that_rejoin_exactly() -> None:
    assert split_deltas("The answer is here [1].") == ["The ", "answer ", "is ", "here ", "[1]."]
    for text in ("", " lead", "trail \n", "a  b\n\nc"):
        assert "".join(split_deltas(text)) == text


def test_token_estimate_is_a_quarter_of_the_characters_rounded_up() -> None:
    assert [estimate_tokens(t) for t in ("", "abc", "abcd", "abcde")] == [0, 1, 1, 2]


def test_prompt_helpers_read_both_protocols() -> None:
    anthropic_body = {
        "system": [{"type": "text", "text": "Be brief."}],
        "messages": [
            {"role": "user", "content": "first"},
            {"role": "assistant", "content": "ok"},
            {"role": "user", "content": [{"type": "text", "text": "second"}]},
        ],
    }
    ollama_body = {
        "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "q"}]
    }
    assert system_prompt(anthropic_body) == system_prompt(ollama_body) == "Be brief."
    assert last_user_message(anthropic_body) == "second"
    assert last_user_message(ollama_body) == "q"
    assert prompt_text(anthropic_body) == "Be brief.\nfirst\nok\nsecond"


# --- shared life cycle and control -------------------------------------------------------------


@pytest.mark.parametrize("fake_class", [FakeAnthropic, FakeOllama])
def test_life_cycle(fake_class: type[FakeLLMServer], raw: httpx.Client) -> None:
    fake = fake_class()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+", fake.url)  # known before start()
    assert fake.start() is fake
    assert raw.get(fake.url + "/nowhere").status_code == 404
    fake.stop()
    fake.stop()  # idempotent
    with pytest.raises(httpx.ConnectError):
        raw.get(fake.url + "/nowhere")


@pytest.mark.parametrize("fake_class", [FakeAnthropic, FakeOllama])
def test_stop_cuts_a_delayed_request_at_once(
    fake_class: type[FakeLLMServer], raw: httpx.Client
) -> None:
    fake = fake_class().start()
    fake.delay_seconds = 30
    errors: list[Exception] = []

    def call() -> None:
        try:
            raw.post(fake.url + fake.generation_path, json={"model": "m"}, timeout=20)
        except Exception as exc:
            errors.append(exc)

    caller = threading.Thread(target=call)
    caller.start()
    while not fake.requests:
        time.sleep(0.01)
    started = time.monotonic()
    fake.stop()
    caller.join(timeout=2)
    assert time.monotonic() - started < 1
    assert not caller.is_alive()
    assert isinstance(errors[0], httpx.RemoteProtocolError)


def test_concurrent_requests_are_all_recorded(
    claude_fake: FakeAnthropic, claude: anthropic.Anthropic
) -> None:
    claude_fake.delay_seconds = 0.1  # makes the requests overlap
    threads = [
        threading.Thread(target=claude.messages.create, kwargs=CLAUDE_ARGS) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(claude_fake.generation_requests) == 8


def test_handler_errors_reach_the_client(
    claude_fake: FakeAnthropic, claude: anthropic.Anthropic
) -> None:
    claude_fake.handler = lambda body: body["no-such-key"]
    with pytest.raises(anthropic.InternalServerError, match="fake reply handler raised"):
        claude.messages.create(**CLAUDE_ARGS)


# --- Anthropic ---------------------------------------------------------------------------------


def test_anthropic_create(claude_fake: FakeAnthropic, claude: anthropic.Anthropic) -> None:
    message = claude.messages.create(**CLAUDE_ARGS)

    assert message.id.startswith("msg_")
    assert message.model == "claude-test"
    assert [block.text for block in message.content] == [DEFAULT_REPLY]
    assert message.stop_reason == "end_turn"
    request = claude_fake.requests[-1]
    assert (request.method, request.path) == ("POST", "/v1/messages")
    assert request.body["system"] == CLAUDE_ARGS["system"]
    assert "anthropic-version" in request.headers
    assert message.usage.input_tokens == estimate_tokens(prompt_text(request.body))
    assert message.usage.output_tokens == estimate_tokens(DEFAULT_REPLY)


def test_anthropic_stream_helper(claude_fake: FakeAnthropic, claude: anthropic.Anthropic) -> None:
    claude_fake.reply_text = "Connect with WireGuard, then open the portal [1]."
    with claude.messages.stream(**CLAUDE_ARGS) as stream:
        deltas = list(stream.text_stream)
        final = stream.get_final_message()

    assert len(deltas) > 3
    assert "".join(deltas) == claude_fake.reply_text
    assert final.content[0].text == claude_fake.reply_text
    assert final.usage.output_tokens == estimate_tokens(claude_fake.reply_text)
    assert final.usage.input_tokens > 0
    assert claude_fake.requests[-1].body["stream"] is True


def test_anthropic_create_stream_sends_the_real_event_sequence(
    claude: anthropic.Anthropic,
) -> None:
    events = list(claude.messages.create(**CLAUDE_ARGS, stream=True))

    types = [event.type for event in events]
    deltas = [e.delta.text for e in events if e.type == "content_block_delta"]
    assert types[:2] == ["message_start", "content_block_start"]
    assert types[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert "".join(deltas) == DEFAULT_REPLY
    assert events[-2].usage.output_tokens == estimate_tokens(DEFAULT_REPLY)


def test_anthropic_handler_sees_the_request(
    claude_fake: FakeAnthropic, claude: anthropic.Anthropic
) -> None:
    claude_fake.handler = lambda body: f"{system_prompt(body)} | {last_user_message(body)}"
    message = claude.messages.create(**CLAUDE_ARGS)
    assert message.content[0].text == (
        "You answer from the knowledge base. | How do I connect to the VPN?"
    )


@pytest.mark.parametrize(
    ("status", "exception", "error_type"),
    [
        (400, anthropic.BadRequestError, "invalid_request_error"),
        (429, anthropic.RateLimitError, "rate_limit_error"),
        (500, anthropic.InternalServerError, "api_error"),
        (503, anthropic.InternalServerError, "api_error"),
        (529, anthropic.InternalServerError, "overloaded_error"),
    ],
)
def test_anthropic_failures(
    claude_fake: FakeAnthropic,
    claude: anthropic.Anthropic,
    status: int,
    exception: type[anthropic.APIStatusError],
    error_type: str,
) -> None:
    claude_fake.enqueue_failure(status)
    with pytest.raises(exception) as caught:
        claude.messages.create(**CLAUDE_ARGS)
    assert caught.value.status_code == status
    assert caught.value.body == {
        "type": "error",
        "error": {"type": error_type, "message": f"fake {error_type}"},
    }
    assert "retry-after" not in caught.value.response.headers
    assert claude.messages.create(**CLAUDE_ARGS).content[0].text == DEFAULT_REPLY


def test_anthropic_retry_after_header_and_message(
    claude_fake: FakeAnthropic, claude: anthropic.Anthropic
) -> None:
    claude_fake.enqueue_failure(429, retry_after=2, message="slow down")
    claude_fake.enqueue_failure(429, retry_after=0.5)
    with pytest.raises(anthropic.RateLimitError, match="slow down") as first:
        claude.messages.create(**CLAUDE_ARGS)
    with pytest.raises(anthropic.RateLimitError) as second:
        claude.messages.create(**CLAUDE_ARGS)
    assert first.value.response.headers["retry-after"] == "2"
    assert second.value.response.headers["retry-after"] == "0.5"


def test_anthropic_failures_times_with_sdk_retries(claude_fake: FakeAnthropic) -> None:
    claude_fake.enqueue_failure(529, retry_after=0.01, times=2)
    with claude_client(claude_fake, max_retries=2) as client:
        assert client.messages.create(**CLAUDE_ARGS).content[0].text == DEFAULT_REPLY
    retries = [r.headers["x-stainless-retry-count"] for r in claude_fake.generation_requests]
    assert retries == ["0", "1", "2"]


def test_anthropic_timeout(claude_fake: FakeAnthropic, claude: anthropic.Anthropic) -> None:
    claude_fake.delay_seconds = 2
    started = time.monotonic()
    with pytest.raises(anthropic.APITimeoutError):
        claude.messages.create(**CLAUDE_ARGS, timeout=0.2)
    assert time.monotonic() - started < 1


def test_anthropic_malformed(claude_fake: FakeAnthropic, claude: anthropic.Anthropic) -> None:
    claude_fake.enqueue_malformed(times=2)
    with pytest.raises(ValueError):  # the SDK lets json.JSONDecodeError through
        claude.messages.create(**CLAUDE_ARGS)
    with claude.messages.stream(**CLAUDE_ARGS) as stream, pytest.raises(ValueError):
        list(stream.text_stream)


def test_anthropic_empty(claude_fake: FakeAnthropic, claude: anthropic.Anthropic) -> None:
    claude_fake.enqueue_empty(times=2)
    message = claude.messages.create(**CLAUDE_ARGS)
    assert message.content == []
    assert message.usage.output_tokens == 0
    with claude.messages.stream(**CLAUDE_ARGS) as stream:
        assert list(stream.text_stream) == []
        assert stream.get_final_message().content == []


def test_anthropic_dropped_connection(
    claude_fake: FakeAnthropic, claude: anthropic.Anthropic
) -> None:
    claude_fake.close_connection_next()
    with pytest.raises(anthropic.APIConnectionError) as caught:
        claude.messages.create(**CLAUDE_ARGS)
    assert not isinstance(caught.value, anthropic.APITimeoutError)
    assert claude.messages.create(**CLAUDE_ARGS).content[0].text == DEFAULT_REPLY


def test_anthropic_rejects_what_the_real_api_rejects(
    claude_fake: FakeAnthropic, raw: httpx.Client
) -> None:
    url = claude_fake.url + "/v1/messages"
    headers = {"x-api-key": "test", "anthropic-version": "2023-06-01"}
    no_key = raw.post(url, json=CLAUDE_ARGS, headers={"anthropic-version": "2023-06-01"})
    no_max_tokens = raw.post(url, json={**CLAUDE_ARGS, "max_tokens": None}, headers=headers)
    assert no_key.status_code == 401
    assert no_key.json()["error"]["type"] == "authentication_error"
    assert no_max_tokens.status_code == 400
    assert no_max_tokens.json()["error"]["message"] == "max_tokens: Field required"
    assert raw.post(url, json=CLAUDE_ARGS, headers=headers).status_code == 200


# --- Ollama ------------------------------------------------------------------------------------


def test_ollama_chat(ollama_fake: FakeOllama, local: ollama.Client) -> None:
    response = local.chat(**OLLAMA_ARGS, stream=False)

    assert response.message.role == "assistant"
    assert response.message.content == DEFAULT_REPLY
    assert (response.done, response.done_reason, response.model) == (True, "stop", "llama3.2")
    body = ollama_fake.requests[-1].body
    assert body["options"] == OLLAMA_ARGS["options"]
    assert body["stream"] is False
    assert response.prompt_eval_count == estimate_tokens(prompt_text(body))
    assert response.eval_count == estimate_tokens(DEFAULT_REPLY)
    assert response.total_duration and response.eval_duration


def test_ollama_chat_stream(ollama_fake: FakeOllama, local: ollama.Client) -> None:
    ollama_fake.reply_text = "Connect with WireGuard, then open the portal [1]."
    parts = list(local.chat(**OLLAMA_ARGS, stream=True))

    assert len(parts) > 3
    assert "".join(p.message.content for p in parts) == ollama_fake.reply_text
    assert [p.done for p in parts] == [False] * (len(parts) - 1) + [True]
    assert parts[-1].eval_count == estimate_tokens(ollama_fake.reply_text)
    assert parts[-1].prompt_eval_count


def test_ollama_streams_when_stream_is_absent(ollama_fake: FakeOllama, raw: httpx.Client) -> None:
    body = {"model": "llama3.2", "messages": OLLAMA_ARGS["messages"]}
    response = raw.post(ollama_fake.url + "/api/chat", json=body)
    assert response.headers["content-type"] == "application/x-ndjson"
    assert len(response.text.splitlines()) == len(split_deltas(DEFAULT_REPLY)) + 1


def test_ollama_discovery_endpoints(
    ollama_fake: FakeOllama, local: ollama.Client, raw: httpx.Client
) -> None:
    ollama_fake.enqueue_failure(500)  # scripted outcomes are for chat only
    ollama_fake.delay_seconds = 5  # so are delays

    assert [m.model for m in local.list().models] == ["llama3.2:latest"]
    assert local.show("llama3.2").details.family == "llama"
    assert raw.get(ollama_fake.url + "/api/version").json()["version"]
    assert raw.get(ollama_fake.url + "/").text == "Ollama is running"
    assert [r.path for r in ollama_fake.requests] == ["/api/tags", "/api/show", "/api/version", "/"]
    assert ollama_fake.generation_requests == []


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("status", [429, 500, 503])
def test_ollama_failures(
    ollama_fake: FakeOllama, local: ollama.Client, status: int, stream: bool
) -> None:
    ollama_fake.enqueue_failure(status, message="server busy")
    with pytest.raises(ollama.ResponseError) as caught:
        response = local.chat(**OLLAMA_ARGS, stream=stream)
        if stream:
            list(response)
    assert (caught.value.status_code, caught.value.error) == (status, "server busy")


def test_ollama_retry_after_header(ollama_fake: FakeOllama, raw: httpx.Client) -> None:
    ollama_fake.enqueue_failure(503, retry_after=1.5, times=2)
    for _ in range(2):
        response = raw.post(ollama_fake.url + "/api/chat", json={"model": "llama3.2"})
        assert response.status_code == 503
        assert response.headers["retry-after"] == "1.5"
        assert response.json() == {"error": "fake error (HTTP 503)"}
    assert raw.post(ollama_fake.url + "/api/chat", json={"model": "llama3.2"}).is_success


def test_ollama_timeout(ollama_fake: FakeOllama) -> None:
    ollama_fake.delay_seconds = 2
    with ollama_client(ollama_fake, timeout=0.2) as client, pytest.raises(httpx.TimeoutException):
        client.chat(**OLLAMA_ARGS, stream=False)


def test_ollama_malformed(ollama_fake: FakeOllama, local: ollama.Client) -> None:
    ollama_fake.enqueue_malformed(times=2)
    with pytest.raises(ValueError):
        local.chat(**OLLAMA_ARGS, stream=False)
    parts = local.chat(**OLLAMA_ARGS, stream=True)
    assert next(parts).message.content == split_deltas(DEFAULT_REPLY)[0]
    with pytest.raises(ValueError):
        next(parts)


def test_ollama_empty(ollama_fake: FakeOllama, local: ollama.Client) -> None:
    ollama_fake.enqueue_empty(times=2)
    response = local.chat(**OLLAMA_ARGS, stream=False)
    assert (response.message.content, response.eval_count) == ("", 0)
    parts = list(local.chat(**OLLAMA_ARGS, stream=True))
    assert [(p.message.content, p.done) for p in parts] == [("", True)]


@pytest.mark.parametrize("stream", [False, True])
def test_ollama_dropped_connection(
    ollama_fake: FakeOllama, local: ollama.Client, stream: bool
) -> None:
    ollama_fake.close_connection_next()
    with pytest.raises(httpx.RemoteProtocolError):
        response = local.chat(**OLLAMA_ARGS, stream=stream)
        if stream:
            list(response)
    assert local.chat(**OLLAMA_ARGS, stream=False).message.content == DEFAULT_REPLY


def test_ollama_handler_sees_the_system_message(
    ollama_fake: FakeOllama, local: ollama.Client
) -> None:
    ollama_fake.handler = lambda body: f"echo: {system_prompt(body)}"
    text = local.chat(**OLLAMA_ARGS, stream=False).message.content
    assert text == "echo: You answer from the knowledge base."
