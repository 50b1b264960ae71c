import threading
import time

from kb_slackbot.slack.guards import EventDeduplicator, RateLimiter
from kb_slackbot.slack.pool import Admission, AnswerPool


def test_dedupe_claims_once_across_instances(tmp_path):
    path = tmp_path / "events.sqlite3"
    first, second = EventDeduplicator(path), EventDeduplicator(path)  # two workers
    assert first.claim("Ev1") is True
    assert second.claim("Ev1") is False
    assert first.claim("Ev2") is True


def test_dedupe_forgets_after_ttl(tmp_path):
    dedupe = EventDeduplicator(tmp_path / "e.sqlite3", ttl_s=0.05)
    assert dedupe.claim("Ev1")
    time.sleep(0.1)
    assert dedupe.claim("Ev1")


def test_rate_limiter_sliding_window():
    limiter = RateLimiter(limit=2, window_s=0.2)
    assert limiter.allow("U1") and limiter.allow("U1")
    assert not limiter.allow("U1")
    assert limiter.allow("U2")  # per user
    time.sleep(0.25)
    assert limiter.allow("U1")


def test_pool_admits_queues_and_rejects_then_drains():
    pool = AnswerPool(workers=1, max_queued=1)
    release = threading.Event()
    done = []
    assert pool.submit(lambda: (release.wait(5), done.append(1))) is Admission.RUNNING
    assert pool.submit(lambda: done.append(2)) is Admission.QUEUED
    assert pool.submit(lambda: done.append(3)) is Admission.REJECTED
    release.set()
    assert pool.shutdown(5) is True
    assert sorted(done) == [1, 2]
    assert pool.submit(lambda: None) is Admission.REJECTED  # closed


def test_pool_survives_a_crashing_job():
    pool = AnswerPool(workers=1, max_queued=0)
    pool.submit(lambda: 1 / 0)
    assert pool.shutdown(5)
    assert pool.pending == 0


def test_rate_limiter_memory_is_bounded_by_forgetting_idle_users():
    limiter = RateLimiter(limit=1, window_s=0.5, max_users=3)
    for user in ("a", "b", "c"):
        assert limiter.allow(user)
    time.sleep(0.6)
    assert limiter.allow("d")  # full: the idle ones are forgotten first
    assert len(limiter) == 1
    assert limiter.allow("e") and limiter.allow("f") and len(limiter) == 3
    assert not limiter.allow("d")  # still limited: active users are never forgotten
