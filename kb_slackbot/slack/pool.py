"""A bounded pool for answering: acks never wait for answers, and overload is explicit."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from enum import Enum

import structlog

log = structlog.get_logger(__name__)


class Admission(Enum):
    RUNNING = "running"  # a worker is free: starts now
    QUEUED = "queued"  # all workers busy: waits its turn
    REJECTED = "rejected"  # the queue is full


class AnswerPool:
    def __init__(self, workers: int, max_queued: int) -> None:
        self.workers = workers
        self.max_queued = max_queued
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kb-answer")
        self._pending = 0
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, job: Callable[[], None]) -> Admission:
        with self._lock:
            if self._closed or self._pending >= self.capacity:
                return Admission.REJECTED
            admission = Admission.RUNNING if self._pending < self.workers else Admission.QUEUED
            self._pending += 1
        self._executor.submit(self._run, job)
        return admission

    def _run(self, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception:  # a job reports its own errors; this is the last line of defence
            log.exception("answer_job_crashed")
        finally:
            with self._lock:
                self._pending -= 1

    @property
    def capacity(self) -> int:
        return self.workers + self.max_queued

    @property
    def pending(self) -> int:
        return self._pending

    def shutdown(self, timeout_s: float) -> bool:
        """Stop taking work and wait up to ``timeout_s`` for jobs in flight; True if all ended."""
        with self._lock:
            self._closed = True
        done = threading.Event()

        def wait() -> None:
            self._executor.shutdown(wait=True)
            done.set()

        threading.Thread(target=wait, daemon=True).start()
        return done.wait(timeout_s)
