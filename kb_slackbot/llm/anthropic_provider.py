"""Claude through the official `anthropic` client (ANTHROPIC_BASE_URL honoured)."""

from __future__ import annotations

from collections.abc import Iterator

import anthropic

from .base import Generation, LLMError, Message, Usage
from .retry import Failure, RetryPolicy, call_with_retries, parse_retry_after


class AnthropicProvider:
    """Claude. ``temperature`` is accepted for the Protocol but not sent: the current
    Messages API (anthropic SDK 2.x) has no sampling parameters."""

    name = "anthropic"

    def __init__(
        self, api_key: str, model: str, policy: RetryPolicy, base_url: str | None = None
    ) -> None:
        self.model = model
        self.policy = policy
        # Retries are ours (one policy with a total deadline), so the SDK's are off.
        self._client = anthropic.Anthropic(
            api_key=api_key, base_url=base_url, max_retries=0, timeout=policy.timeout_s
        )

    def _request(self, system: str, messages: list[Message], max_tokens: int) -> dict:
        return {
            "model": self.model,
            "system": system,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "max_tokens": max_tokens,
        }

    def generate(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Generation:
        def attempt(timeout: float) -> Generation:
            response = self._client.messages.create(
                **self._request(system, messages, max_tokens), timeout=timeout
            )
            text = "".join(b.text for b in response.content if getattr(b, "type", "") == "text")
            if not text.strip():
                raise LLMError("the model returned an empty answer")
            usage = Usage(response.usage.input_tokens, response.usage.output_tokens)
            return Generation(text=text, usage=usage)

        return call_with_retries(attempt, classify, self.policy)

    def stream(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Iterator[str]:
        def open_stream(timeout: float):
            manager = self._client.messages.stream(
                **self._request(system, messages, max_tokens), timeout=timeout
            )
            return manager, manager.__enter__()

        manager, stream = call_with_retries(open_stream, classify, self.policy)
        try:
            yield from stream.text_stream
        except (anthropic.APIError, ValueError, KeyError) as exc:  # ValueError: broken JSON
            raise LLMError(classify(exc).reason) from exc
        finally:
            manager.__exit__(None, None, None)


def classify(exc: Exception) -> Failure:
    if isinstance(exc, anthropic.APITimeoutError):
        return Failure(True, reason="the model timed out")
    if isinstance(exc, anthropic.APIConnectionError):
        return Failure(True, reason="cannot reach the model API")
    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        retry_after = parse_retry_after(exc.response.headers.get("retry-after"))
        retryable = status in (408, 409, 429) or status >= 500
        return Failure(retryable, retry_after, f"model API answered HTTP {status}")
    if isinstance(exc, anthropic.APIResponseValidationError | ValueError | KeyError):
        return Failure(False, reason="the model API sent a malformed response")
    return Failure(False, reason=f"{type(exc).__name__}")
