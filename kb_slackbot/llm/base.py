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


def alternate(messages: list[Message]) -> list[Message]:
    """Chat APIs want user/assistant turns alternating, starting with the user.

    Consecutive turns of one role are merged; a leading assistant turn is dropped.
    """
    merged: list[Message] = []
    for m in messages:
        if not m.content.strip():
            continue
        if merged and merged[-1].role == m.role:
            merged[-1] = Message(m.role, f"{merged[-1].content}\n\n{m.content}")
        elif merged or m.role == "user":
            merged.append(m)
    return merged
