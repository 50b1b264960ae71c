"""Loopback fakes of the Anthropic Messages API and the Ollama chat API.

Both speak the real wire formats (JSON, Server-Sent Events, NDJSON) on 127.0.0.1, so production
code is exercised through the real client libraries::

    with FakeAnthropic() as fake:
        client = anthropic.Anthropic(base_url=fake.url, api_key="test")
    with FakeOllama() as fake:
        client = ollama.Client(host=fake.url)

Behaviour is scripted per fake: the reply text (fixed, or computed from the request), a delay,
and a FIFO queue of one-shot outcomes (HTTP errors, malformed bodies, empty answers, dropped
connections). Delays and scripted outcomes apply only to the generation endpoint
(``POST /v1/messages``, ``POST /api/chat``) so that discovery calls such as Ollama's
``/api/version`` probe never consume them.
"""

from .anthropic import FakeAnthropic
from .ollama import FakeOllama
from .server import FakeLLMServer
from .wire import (
    DEFAULT_REPLY,
    RecordedRequest,
    estimate_tokens,
    last_user_message,
    prompt_text,
    split_deltas,
    system_prompt,
)

__all__ = [
    "DEFAULT_REPLY",
    "FakeAnthropic",
    "FakeLLMServer",
    "FakeOllama",
    "RecordedRequest",
    "estimate_tokens",
    "last_user_message",
    "prompt_text",
    "split_deltas",
    "system_prompt",
]
