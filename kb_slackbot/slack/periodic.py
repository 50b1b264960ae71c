"""Background chores of a bot process (orphan recovery, the gap digest, review reminders):
each runs in a daemon thread every so often until its stop event is set; a failure is
logged and the next round tries again."""

from __future__ import annotations

import threading
from collections.abc import Callable

import structlog

log = structlog.get_logger(__name__)


def every(
    interval_s: float, task: Callable[[], object], name: str, *, now: bool = True
) -> threading.Event:
    """Run ``task`` every ``interval_s`` (first at once unless ``now`` is False); set the
    returned event to stop."""
    stop = threading.Event()

    def loop() -> None:
        if not now and stop.wait(interval_s):
            return
        while True:
            try:
                task()
            except Exception:
                log.exception("background_task_failed", task=name)
            if stop.wait(interval_s):
                return

    threading.Thread(target=loop, name=f"kb-{name}", daemon=True).start()
    return stop
