"""Closing the loop: an expert's verified answer closes the gaps it answers.

Saving stores and indexes the answer (answer/verified.py), then closes every gap it answers:
the gap the expert's thread belongs to, and any gap whose every wording is as close to one of
the answer's questions as two wordings of one gap are. The caller (Slack) tells the askers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .gaps import Asked, covered, gap_list
from .querylog import QueryLog
from .verified import VerifiedAnswer, VerifiedAnswers


@dataclass(frozen=True)
class Saved:
    answer: VerifiedAnswer
    closed: list[Asked]  # the questions it answers that had gone unanswered


class KnowledgeLoop:
    def __init__(
        self,
        verified: VerifiedAnswers,
        query_log: QueryLog,
        embed: Callable[[str], np.ndarray],
        ttl_days: int,
    ) -> None:
        self.verified = verified
        self.query_log = query_log
        self.embed = embed
        self.ttl_days = ttl_days  # a verified answer is due for review after this many days

    def open_questions(self, channel: str, thread_ts: str) -> list[dict]:
        """The questions of a thread the bot could not answer (or that got a 👎), not yet
        answered by a verified answer: what an expert's reply there may answer."""
        return self.query_log.in_thread(channel, thread_ts, unanswered=True)

    def save(
        self,
        questions: Collection[str],
        text: str,
        expert: str,
        space: str,
        link: str = "",
        thread_query_ids: Collection[str] = (),
    ) -> Saved:
        answer = self.verified.add(questions, text, expert, space, link)
        since = time.time() - self.query_log.retention_s
        embed = lru_cache(maxsize=None)(self.embed)  # grouping and matching embed each wording once
        gaps = covered(
            gap_list(self.query_log, since, embed),
            answer.questions,
            embed,
            query_ids=thread_query_ids,
        )
        closed = [a for gap in gaps for a in gap.asked]
        self.query_log.resolve([a.query_id for a in closed], answer.answer_id)
        return Saved(answer, closed)
