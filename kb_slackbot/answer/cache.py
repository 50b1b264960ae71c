"""A small TTL cache for repeated questions; any change to the index empties it."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class AnswerCache(Generic[V]):
    def __init__(self, ttl_s: float, max_entries: int = 512) -> None:
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._entries: OrderedDict[tuple, tuple[float, int, V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, generation: int) -> V | None:
        if self.ttl_s <= 0:
            return None
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            stored_at, stored_generation, value = entry
            if stored_generation != generation or time.monotonic() - stored_at > self.ttl_s:
                del self._entries[key]
                return None
            self._entries.move_to_end(key)
            return value

    def put(self, key: tuple, generation: int, value: V) -> None:
        if self.ttl_s <= 0:
            return
        with self._lock:
            self._entries[key] = (time.monotonic(), generation, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
