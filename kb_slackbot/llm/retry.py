"""One retry policy for every provider: exponential backoff with full jitter, retry-after
respected, and a total deadline that no combination of retries can exceed."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import structlog

from .base import LLMError

log = structlog.get_logger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 2
    timeout_s: float = 20.0  # one attempt
    deadline_s: float = 30.0  # all attempts together
    base_delay_s: float = 0.5
    max_delay_s: float = 8.0


@dataclass(frozen=True)
class Failure:
    """How a provider classifies an exception: retry or not, and any server-given delay."""

    retryable: bool
    retry_after_s: float | None = None
    reason: str = ""


def call_with_retries(
    attempt: Callable[[float], T],
    classify: Callable[[Exception], Failure],
    policy: RetryPolicy,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """Run ``attempt(timeout)`` until it succeeds, fails for good, or the deadline passes.

    Each attempt gets the smaller of the per-attempt timeout and the time left.
    """
    deadline = time.monotonic() + policy.deadline_s
    for number in range(policy.max_retries + 1):
        remaining = deadline - time.monotonic()
        if remaining <= 0.05:
            raise LLMError("deadline exceeded before the model answered")
        try:
            return attempt(min(policy.timeout_s, remaining))
        except LLMError:
            raise
        except Exception as exc:
            failure = classify(exc)
            last_try = number == policy.max_retries
            if not failure.retryable or last_try:
                raise LLMError(failure.reason or f"{type(exc).__name__}: {exc}") from exc
            backoff = random.uniform(0, min(policy.max_delay_s, policy.base_delay_s * 2**number))
            delay = max(backoff, failure.retry_after_s or 0.0)
            if time.monotonic() + delay >= deadline:
                raise LLMError(
                    f"{failure.reason}; retrying after {delay:.1f}s would pass the deadline"
                ) from exc
            log.warning(
                "llm_retry", attempt=number + 1, delay_s=round(delay, 2), reason=failure.reason
            )
            sleep(delay)
    raise LLMError("no attempt was made")  # unreachable: the loop returns or raises


def parse_retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
