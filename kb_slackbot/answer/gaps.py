"""The gap list: questions the knowledge base did not answer, grouped by meaning.

Nothing is stored twice: a gap is read from the query log (answers with status ``not_found``
and answers rated 👎), so it follows the log's retention and KB_QUERY_LOG=off keeps none.
Similar questions are grouped by the retrieval embedding (already loaded), each question
joining a group when it is at least :data:`SIMILAR` similar to each wording in it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field

import numpy as np

from .querylog import QueryLog

# Cosine similarity (e5 query embeddings) at which two questions count as one gap. Measured
# on 42 paraphrase pairs of the sample questions against every pair of different sample
# questions: `python -m benchmarks.gap_threshold` (table in benchmarks/README.md). Precision
# first: merging two different questions would hide one of them; not merging a paraphrase
# only lists it twice.
SIMILAR = 0.90


@dataclass(frozen=True)
class NearMiss:
    """The page that came closest to answering (a not-found suggestion, or a 👎's source)."""

    title: str
    url: str
    space: str
    score: float


@dataclass(frozen=True)
class Asked:
    """One unanswered (or 👎) question, as the query log kept it."""

    query_id: str
    question: str
    at: float
    user: str
    channel: str
    via: str
    status: str
    reason: str | None  # the 👎 reason, when one was given
    pages: tuple[NearMiss, ...] = ()  # all of them: which one may be shown depends on who looks
    thread_ts: str = ""  # the Slack thread the answer went to ('' for /kb)


@dataclass
class Gap:
    asked: list[Asked] = field(default_factory=list)

    @property
    def question(self) -> str:
        """The first wording asked."""
        return self.asked[0].question

    @property
    def questions(self) -> list[str]:
        return list(dict.fromkeys(a.question for a in self.asked))

    @property
    def askers(self) -> list[str]:
        return sorted({a.user for a in self.asked})

    @property
    def channels(self) -> list[str]:
        return sorted({a.channel for a in self.asked if a.channel})

    @property
    def first(self) -> float:
        return min(a.at for a in self.asked)

    @property
    def last(self) -> float:
        return max(a.at for a in self.asked)

    @property
    def reasons(self) -> list[str]:
        return list(dict.fromkeys(a.reason for a in self.asked if a.reason))

    def near_miss(self, readable: Collection[str] | None = None) -> NearMiss | None:
        """The best near-miss page among those in ``readable`` spaces (None: any space)."""
        pages = [p for a in self.asked for p in a.pages if readable is None or p.space in readable]
        return max(pages, key=lambda p: p.score, default=None)


def from_log_row(row: dict) -> Asked:
    who = json.loads(row.get("context") or "{}")
    result = json.loads(row.get("result") or "{}")
    # Not found: the "you might look at" pages. 👎: the pages the answer cited.
    pages = result.get("suggestions") or result.get("sources") or []
    return Asked(
        query_id=row["query_id"],
        question=row["question"],
        at=row["created_at"],
        user=who.get("user", ""),
        channel=who.get("channel", ""),
        via=who.get("via", ""),
        status=row["status"],
        reason=row.get("feedback_reason") if row.get("feedback") == "not_helpful" else None,
        thread_ts=who.get("thread_ts", ""),
        pages=tuple(
            NearMiss(p["title"], p["url"], p.get("space", "public"), p.get("score", 0.0))
            for p in pages
        ),
    )


def group(
    asked: Iterable[Asked],
    embed: Callable[[str], np.ndarray],
    similar: float = SIMILAR,
) -> list[Gap]:
    """Group questions by meaning; the most asked gaps first (then most askers, latest).

    A question joins a gap only if it is similar to every wording already in it (complete
    link): e5 scores related questions high, and a centroid or nearest-member rule chains
    "VPN on a Mac" to "VPN on Linux" to "VPN expiry" into one gap (measured)."""
    gaps: list[Gap] = []
    members: list[list[np.ndarray]] = []
    vectors: dict[str, np.ndarray] = {}  # one embedding per distinct wording
    for item in sorted(asked, key=lambda a: a.at):
        key = item.question.strip().lower()
        if key not in vectors:
            vectors[key] = _unit(embed(item.question))
        vector = vectors[key]
        scores = [_link(vector, wordings) for wordings in members]
        best = int(np.argmax(scores)) if scores else -1
        if best >= 0 and scores[best] >= similar:
            gaps[best].asked.append(item)
            if not any(m is vector for m in members[best]):
                members[best].append(vector)
        else:
            gaps.append(Gap([item]))
            members.append([vector])
    return sorted(gaps, key=lambda g: (-len(g.asked), -len(g.askers), -g.last))


def gap_list(query_log: QueryLog, since: float, embed: Callable[[str], np.ndarray]) -> list[Gap]:
    """The gaps of questions asked since ``since`` (a Unix time)."""
    return group((from_log_row(r) for r in query_log.unanswered(since)), embed)


def covered(
    gaps: Iterable[Gap],
    questions: Collection[str],
    embed: Callable[[str], np.ndarray],
    query_ids: Collection[str] = (),
    similar: float = SIMILAR,
) -> list[Gap]:
    """The gaps an answer to ``questions`` closes: those holding one of ``query_ids`` (the
    thread it was given in), and those every wording of which is as similar to one of the
    questions as two wordings of one gap are (the grouping rule)."""
    vectors = [_unit(embed(q)) for q in questions]
    closed = []
    for gap in gaps:
        if any(a.query_id in query_ids for a in gap.asked):
            closed.append(gap)
            continue
        wordings = [_unit(embed(q)) for q in gap.questions]
        if any(_link(v, wordings) >= similar for v in vectors):
            closed.append(gap)
    return closed


def _link(vector: np.ndarray, wordings: list[np.ndarray]) -> float:
    """Complete link: how similar ``vector`` is to the least similar of ``wordings``."""
    return min(float(w @ vector) for w in wordings)


def _unit(vector: np.ndarray) -> np.ndarray:
    vector = np.asarray(vector, dtype=np.float32).ravel()
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else vector
