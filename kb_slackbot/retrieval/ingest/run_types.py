"""What a run is asked to do (:class:`IngestOptions`) and what it tells its caller
(:class:`IngestSummary`, progress)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import structlog

from ..documents import PAGE
from ..loaders import SourceFile

log = structlog.get_logger("kb_slackbot.retrieval.ingest")

ProgressCallback = Callable[[int, int, str], None]


@dataclass(frozen=True)
class IngestOptions:
    space: str = "public"
    base_url: str | None = None
    chunk_tokens: int = 300
    overlap_tokens: int = 40
    prune: bool = False
    max_file_bytes: int = 5_000_000
    kind: str = PAGE  # VERIFIED only for the bot's own verified-answer folder


@dataclass
class IngestSummary:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    chunks: int = 0
    written: list[str] = field(default_factory=list)  # doc ids of the pages added or updated
    failed: list[tuple[str, str]] = field(default_factory=list)
    # Page files that hold no text (loaders.NoText): left out, no failure
    no_text: list[str] = field(default_factory=list)
    # Pages with text addressed to an assistant: (file, first such sentence).
    flagged: list[tuple[str, str]] = field(default_factory=list)
    # Files in the folders of a type no loader reads, by extension (".png": 30)
    passed_over: Counter[str] = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed)

    def fail(self, source: SourceFile, reason: str) -> None:
        self.failed.append((str(source.path), reason))
        log.warning("ingest_skipped_file", path=str(source.path), reason=reason)

    def flag(self, source: SourceFile, sentence: str) -> None:
        self.flagged.append((str(source.path), sentence))
        log.warning("ingest_flagged_planted_text", path=str(source.path))

    def log_finished(self) -> None:
        log.info(
            "ingest_finished",
            added=self.added,
            updated=self.updated,
            unchanged=self.unchanged,
            removed=self.removed,
            failed=len(self.failed),
            no_text=len(self.no_text),
            flagged=len(self.flagged),
            chunks=self.chunks,
            passed_over=sum(self.passed_over.values()),
        )


def within_file(
    progress: ProgressCallback | None, position: int, total: int, name: str
) -> Callable[[int, int], None]:
    """Progress inside one file: how many of its passages are stored (0 of 0: starting)."""

    def report(done: int, passages: int) -> None:
        if progress:
            progress(
                position, total, f"{name} · {done:,}/{passages:,} passages" if passages else name
            )

    return report
