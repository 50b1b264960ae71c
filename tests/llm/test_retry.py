import pytest

from kb_slackbot.llm.base import LLMError, Message, alternate
from kb_slackbot.llm.retry import Failure, RetryPolicy, call_with_retries


class Flaky(Exception):
    pass


def test_retries_then_succeeds_with_backoff_and_retry_after():
    calls: list[float] = []
    sleeps: list[float] = []

    def attempt(timeout: float) -> str:
        calls.append(timeout)
        if len(calls) < 3:
            raise Flaky()
        return "ok"

    def classify(_exc: Exception) -> Failure:
        return Failure(True, retry_after_s=0.3, reason="429")

    policy = RetryPolicy(max_retries=2, timeout_s=5, deadline_s=10, base_delay_s=0.01)
    assert call_with_retries(attempt, classify, policy, sleep=sleeps.append) == "ok"
    assert len(calls) == 3
    assert sleeps == [0.3, 0.3]  # the server's retry-after wins over a shorter backoff


def test_non_retryable_fails_at_once():
    calls = []

    def attempt(_t: float) -> str:
        calls.append(1)
        raise Flaky()

    with pytest.raises(LLMError, match="bad request"):
        call_with_retries(attempt, lambda e: Failure(False, reason="bad request"), RetryPolicy())
    assert len(calls) == 1


def test_deadline_is_never_exceeded_by_a_retry_after():
    def attempt(_t: float) -> str:
        raise Flaky()

    policy = RetryPolicy(max_retries=5, timeout_s=1, deadline_s=2)
    with pytest.raises(LLMError, match="deadline"):
        call_with_retries(
            attempt,
            lambda e: Failure(True, retry_after_s=60, reason="429"),
            policy,
            sleep=lambda s: pytest.fail("must not sleep past the deadline"),
        )


def test_attempt_timeout_is_capped_by_remaining_deadline():
    seen = []

    def attempt(timeout: float) -> str:
        seen.append(timeout)
        return "ok"

    call_with_retries(attempt, lambda e: Failure(False), RetryPolicy(timeout_s=20, deadline_s=3))
    assert seen[0] <= 3


def test_alternate_merges_roles_and_drops_leading_assistant():
    msgs = [
        Message("assistant", "hello"),
        Message("user", "a"),
        Message("user", "b"),
        Message("assistant", "c"),
        Message("user", "d"),
    ]
    out = alternate(msgs)
    assert [m.role for m in out] == ["user", "assistant", "user"]
    assert out[0].content == "a\n\nb"
