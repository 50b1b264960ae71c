"""The provider Protocol and the types every provider shares."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, Protocol


@dataclass(frozen=True)
class Message:
    role: Literal["user", "assistant"]
    content: str


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class Generation:
    text: str
    usage: Usage = field(default_factory=Usage)


class LLMError(RuntimeError):
    """The model could not give a usable answer (after retries); the caller falls back."""


class LLMProvider(Protocol):
    name: str
    model: str

    def generate(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Generation: ...

    def stream(
        self, system: str, messages: list[Message], max_tokens: int, temperature: float
    ) -> Iterator[str]:
        """Yield text deltas as the model produces them."""
        ...
