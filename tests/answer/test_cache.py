import time

from kb_slackbot.answer.cache import AnswerCache


def test_hit_expiry_generation_and_bound():
    cache = AnswerCache[str](ttl_s=0.2, max_entries=2)
    cache.put(("q",), 1, "answer")
    assert cache.get(("q",), 1) == "answer"
    assert cache.get(("q",), 2) is None  # any ingest invalidates
    cache.put(("q",), 1, "answer")
    time.sleep(0.25)
    assert cache.get(("q",), 1) is None
    for key in ("a", "b", "c"):
        cache.put((key,), 1, key)
    assert len(cache) == 2 and cache.get(("a",), 1) is None


def test_zero_ttl_disables():
    cache = AnswerCache[str](ttl_s=0)
    cache.put(("q",), 1, "x")
    assert cache.get(("q",), 1) is None
