"""Which provider answers: configured explicitly, or discovered (`auto`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..settings import Settings
from .base import LLMProvider
from .retry import RetryPolicy

if TYPE_CHECKING:
    from .anthropic_provider import AnthropicProvider
    from .ollama_provider import OllamaProvider

# Each client library is imported only when its provider is chosen (`anthropic` takes over a
# second to import); httpx only when Ollama is probed.


@dataclass(frozen=True)
class ProviderChoice:
    provider: LLMProvider | None  # None: the extractive reader (answer/generate.py)
    reason: str

    @property
    def name(self) -> str:
        return self.provider.name if self.provider else "extractive"


def retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        max_retries=settings.llm_max_retries,
        timeout_s=settings.llm_timeout_s,
        deadline_s=settings.llm_deadline_s,
    )


def ollama_reachable(host: str, timeout_s: float = 0.5) -> bool:
    import httpx

    try:
        return httpx.get(host.rstrip("/") + "/api/version", timeout=timeout_s).status_code == 200
    except httpx.HTTPError:
        return False


def select_provider(settings: Settings, override: str | None = None) -> ProviderChoice:
    wanted = override or settings.llm_provider
    key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else ""
    policy = retry_policy(settings)

    def anthropic_provider() -> AnthropicProvider:
        from .anthropic_provider import AnthropicProvider

        return AnthropicProvider(key, settings.anthropic_model, policy, settings.anthropic_base_url)

    def ollama_provider() -> OllamaProvider:
        from .ollama_provider import OllamaProvider

        return OllamaProvider(settings.ollama_host, settings.ollama_model, policy)

    if wanted == "anthropic":
        if not key:
            raise ValueError("LLM provider 'anthropic' needs ANTHROPIC_API_KEY")
        return ProviderChoice(anthropic_provider(), "configured: anthropic")
    if wanted == "ollama":
        return ProviderChoice(ollama_provider(), f"configured: ollama at {settings.ollama_host}")
    if wanted == "extractive":
        return ProviderChoice(None, "configured: extractive (no language model)")
    if key:
        return ProviderChoice(anthropic_provider(), "auto: ANTHROPIC_API_KEY is set")
    if ollama_reachable(settings.ollama_host):
        return ProviderChoice(ollama_provider(), f"auto: Ollama answers at {settings.ollama_host}")
    return ProviderChoice(
        None, "auto: no ANTHROPIC_API_KEY and no Ollama server; answering extractively"
    )
