"""The answer engine's result, as every front end (CLI, Slack, eval) receives it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from pydantic import BaseModel, Field


class Source(BaseModel):
    number: int
    title: str
    url: str
    location: str = ""
    heading_path: str = ""
    snippet: str = ""
    updated: date
    space: str = "public"
    doc_id: str = ""
    score: float = 0.0
    outdated: bool = False
    kind: str = "page"  # page | verified (an expert's answer saved from Slack)
    verified_by: str = ""  # a verified answer's expert (Slack user id)

    @property
    def anchor(self) -> str:
        """How a citation is shown: "Title › Section" (the title alone for a page's top)."""
        return f"{self.title} › {self.heading_path}" if self.heading_path else self.title


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0


class AnswerResult(BaseModel):
    query_id: str
    question: str
    answer: str  # Markdown with [n] markers
    sources: list[Source] = Field(default_factory=list)
    suggestions: list[Source] = Field(default_factory=list)  # "you might look at"
    confidence: Literal["high", "medium", "low"] = "low"
    status: Literal["answered", "not_found", "invalid_question", "error"] = "answered"
    warnings: list[str] = Field(default_factory=list)
    language: str = "en"
    timings_ms: dict[str, float] = Field(default_factory=dict)
    usage: Usage = Field(default_factory=Usage)
    provider: str = "extractive"
    model: str = "extractive"
    spaces: list[str] | None = None  # spaces searched; None = all
    # Sorted distinct spaces of every passage that reached the reader or the model: what the
    # answer could have used, cited or not (sharing an answer checks these).
    context_spaces: list[str] = Field(default_factory=list)
    cached: bool = False
    # The answerability model's P(the found pages answer it); None when nothing was judged
    # (an invalid question, a verified answer). Below its threshold the status is not_found.
    p_answerable: float | None = None


@dataclass(frozen=True)
class Asker:
    """Who asked, and where: kept with the question in the query log (the gap list counts
    askers and channels from it). ``via``: mention | dm | command | cli."""

    user: str
    channel: str
    via: str
    thread_ts: str = ""  # the Slack thread the answer went to ('' for /kb: it was ephemeral)


@dataclass(frozen=True)
class Turn:
    """One earlier message of a conversation (a Slack thread), as plain text."""

    role: Literal["user", "assistant"]
    content: str
