"""A local model through the official `ollama` client (OLLAMA_HOST)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import ollama

from .base import Generation, LLMError, Message, Usage
from .retry import Failure, RetryPolicy, call_with_retries, parse_retry_after


class OllamaProvider:
    name = "ollama"

    def __init__(self, host: str, model: str, policy: RetryPolicy) -> None:
        self.model = model
        self.policy = policy
        self._host = host

    def _client(self, timeout: float) -> ollama.Client:
        return ollama.Client(host=self._host, timeout=timeout)

    def _request(self, system: str, messages: list[Message], max_tokens: int, temperature: float):
        return {
            "model": self.model,
            "messages": [{"role": "system", "content": system}]
            + [{"role": m.role, "content": m.content} for m in messages],
            "options": {"num_predict": max_tokens, "temperature": temperature},
        }

    def generate(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Generation:
        request = self._request(system, messages, max_tokens, temperature)

        def attempt(timeout: float) -> Generation:
            response = self._client(timeout).chat(**request, stream=False)
            text = response.message.content or ""
            if not text.strip():
                raise LLMError("the model returned an empty answer")
            usage = Usage(response.prompt_eval_count or 0, response.eval_count or 0)
            return Generation(text=text, usage=usage)

        return call_with_retries(attempt, classify, self.policy)

    def stream(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Iterator[str]:
        request = self._request(system, messages, max_tokens, temperature)

        def open_stream(timeout: float):
            parts = self._client(timeout).chat(**request, stream=True)
            first = next(parts)  # connection and HTTP errors surface here, inside the retries
            return first, parts

        first, parts = call_with_retries(open_stream, classify, self.policy)
        try:
            yield first.message.content or ""
            for part in parts:
                yield part.message.content or ""
        except (ollama.ResponseError, httpx.HTTPError, ValueError, KeyError) as exc:
            raise LLMError(classify(exc).reason) from exc


def classify(exc: Exception) -> Failure:
    if isinstance(exc, httpx.TimeoutException):
        return Failure(True, reason="the model timed out")
    if isinstance(exc, ConnectionError | httpx.TransportError):
        return Failure(True, reason="cannot reach the Ollama server")
    if isinstance(exc, ollama.ResponseError):
        status = exc.status_code
        retryable = status in (408, 429) or status >= 500
        return Failure(retryable, None, f"Ollama answered HTTP {status}: {exc.error}")
    if isinstance(exc, httpx.HTTPStatusError):
        retry_after = parse_retry_after(exc.response.headers.get("retry-after"))
        return Failure(exc.response.status_code >= 500, retry_after, "Ollama HTTP error")
    if isinstance(exc, StopIteration):
        return Failure(False, reason="the model sent no output")
    return Failure(False, reason=f"the model sent a malformed response ({type(exc).__name__})")
