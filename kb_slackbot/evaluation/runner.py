"""Running a question set through the answer engine and summarising the metrics.

With a judge (`kb-slackbot eval --judge PROVIDER`), a question is judged when it has a
`reference_answer` and the bot answered it (status "answered"); a "not found", refused or
failed answer is not sent to the judge (its token F1 is already 0). `judge_score` is the mean
over the questions that got a verdict, `judged` counts them, and `judge_errors` counts judged
questions whose verdict was "error" (the provider failed) or "unparseable".

`key_facts_in_answer` is the share of answerable questions whose answer holds the key facts of
their `reference_answer`; `key_facts_in_top{k}` the share whose top k passages do. The gap
between them is what reading and abstaining lost; what the passages lack, retrieval lost.
`answerability_auroc` says, apart from any threshold, how well the answerability model's
probability ranks the answerable questions above the unanswerable ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import unquote

from pydantic import BaseModel, ValidationError

from ..answer.service import AnswerService
from ..retrieval.results import SearchResult
from . import metrics
from .judge import AnswerJudge


class EvalQuestion(BaseModel):
    question: str
    expected_sources: list[str] = []
    answerable: bool = True
    reference_answer: str | None = None
    language: str | None = None


@dataclass
class QuestionOutcome:
    question: str
    answerable: bool
    status: str
    retrieved: list[str]
    cited: list[str]
    expected: list[str]
    f1: float | None
    timings_ms: dict[str, float]
    prompt_tokens: int
    completion_tokens: int
    provider: str
    answer: str = ""
    confidence: str = "low"
    p_answerable: float | None = None  # the answerability model's probability (None: not judged)
    key_facts: bool | None = None  # the answer holds the reference's key facts (None: no ref.)
    # … the top-k passages do: what a generating model (or a better reader) could answer from
    key_facts_retrieved: bool | None = None
    suggested: list[str] = field(default_factory=list)  # "you might look at" pages (not found)
    judge_verdict: str | None = None  # None: not judged (see the module docstring)
    judge_score: float | None = None
    judge_reason: str | None = None


@dataclass
class EvalReport:
    summary: dict[str, float | int | str | None]
    outcomes: list[QuestionOutcome] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(
            {"summary": self.summary, "outcomes": [asdict(o) for o in self.outcomes]},
            ensure_ascii=False,
            indent=2,
        )


def load_questions(path: Path) -> list[EvalQuestion]:
    questions: list[EvalQuestion] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            questions.append(EvalQuestion.model_validate_json(line))
        except ValidationError as exc:
            raise ValueError(
                f"{path}:{number}: not a valid question line: {exc.errors()[0]['msg']}"
            ) from None
    return questions


def run_eval(
    service: AnswerService,
    questions: list[EvalQuestion],
    k: int = 5,
    progress: Callable[[int, int], None] | None = None,
    judge: AnswerJudge | None = None,
    spaces: Collection[str] | None = None,
) -> EvalReport:
    """``spaces``: searched and answered from (None: all)."""
    outcomes: list[QuestionOutcome] = []
    for n, item in enumerate(questions, start=1):
        expected = set(item.expected_sources)
        response = service.search(item.question, top_k=k, spaces=spaces)
        retrieved = [source_key(r.chunk.url, r.chunk.doc_id, expected) for r in response.results]
        result = service.answer(item.question, spaces=spaces)
        cited = [source_key(s.url, s.doc_id, expected) for s in result.sources]
        reference = item.reference_answer if item.answerable else None
        judgement = (
            judge.judge(item.question, item.reference_answer, result.answer)
            if judge and item.reference_answer and result.status == "answered"
            else None
        )
        outcomes.append(
            QuestionOutcome(
                question=item.question,
                answerable=item.answerable,
                status=result.status,
                retrieved=retrieved,
                cited=cited,
                expected=sorted(expected),
                f1=metrics.token_f1(result.answer, item.reference_answer)
                if item.reference_answer and result.status == "answered"
                else (0.0 if item.reference_answer else None),
                timings_ms=result.timings_ms,
                prompt_tokens=result.usage.prompt_tokens,
                completion_tokens=result.usage.completion_tokens,
                provider=result.provider,
                answer=result.answer,
                confidence=result.confidence,
                p_answerable=result.p_answerable,
                key_facts=metrics.has_key_facts(result.answer, item.reference_answer)
                if item.reference_answer and result.status == "answered"
                else (False if item.reference_answer else None),
                key_facts_retrieved=_facts_in(response.results, reference) if reference else None,
                suggested=[source_key(s.url, s.doc_id, expected) for s in result.suggestions],
                judge_verdict=judgement.verdict if judgement else None,
                judge_score=judgement.score if judgement else None,
                judge_reason=judgement.reason if judgement else None,
            )
        )
        if progress:
            progress(n, len(questions))
    return EvalReport(summarise(outcomes, k, judge.name if judge else None), outcomes)


def _facts_in(results: Sequence[SearchResult], reference: str) -> bool | None:
    """The found passages together hold the reference's key facts."""
    return metrics.has_key_facts("\n\n".join(r.chunk.text for r in results), reference)


def source_key(url: str, doc_id: str, expected: set[str]) -> str:
    """Questions may name a page by url or by document id; report whichever matches. A url
    matches as a person writes it: "…/Holiday and TOIL.md" is the page the bot links as
    "…/Holiday%20and%20TOIL.md"."""
    if doc_id in expected:
        return doc_id
    return next((e for e in sorted(expected) if unquote(e) == unquote(url)), url)


def summarise(
    outcomes: list[QuestionOutcome], k: int, judge_model: str | None = None
) -> dict[str, float | int | str | None]:
    answerable = [o for o in outcomes if o.answerable and o.expected]
    precisions, recalls = [], []
    for o in answerable:
        p, r = metrics.precision_recall(set(o.cited), set(o.expected))
        precisions.append(p)
        recalls.append(r)
    missed = [o for o in answerable if o.status == "not_found"]
    abstain = metrics.binary_scores(
        [o.status == "not_found" for o in outcomes], [not o.answerable for o in outcomes]
    )
    summary: dict[str, float | int | str | None] = {
        "questions": len(outcomes),
        "answerable": len(answerable),
        f"recall@{k}": metrics.mean(
            [metrics.recall_at_k(o.retrieved, set(o.expected), k) for o in answerable]
        ),
        "mrr": metrics.mean(
            [metrics.reciprocal_rank(o.retrieved, set(o.expected)) for o in answerable]
        ),
        "citation_precision": metrics.mean(precisions),
        "citation_recall": metrics.mean(recalls),
        "answered_with_expected_source": metrics.mean(
            [float(bool(set(o.cited) & set(o.expected))) for o in answerable]
        ),
        "not_found_precision": abstain["precision"],
        "not_found_recall": abstain["recall"],
        # Threshold-free: how well P(answerable) ranks answerable above unanswerable questions.
        "answerability_auroc": metrics.auroc(
            [o.p_answerable for o in outcomes if o.p_answerable is not None],
            [o.answerable for o in outcomes if o.p_answerable is not None],
        ),
        # A "not found" still helps when it points at the page: of the answerable questions
        # answered "not found", the share whose "you might look at" lists an expected page;
        # and how many pages a "not found" lists on average.
        "not_found_expected_suggested": metrics.mean(
            [float(bool(set(o.suggested) & set(o.expected))) for o in missed]
        ),
        "suggestions_per_not_found": metrics.mean(
            [float(len(o.suggested)) for o in outcomes if o.status == "not_found"]
        ),
        "answer_f1": metrics.mean([o.f1 for o in outcomes if o.f1 is not None]),
        "key_facts_in_answer": metrics.mean(
            [float(o.key_facts) for o in answerable if o.key_facts is not None]
        ),
        # Where the rest was lost: in retrieval (not here) or in reading and abstaining.
        f"key_facts_in_top{k}": metrics.mean(
            [float(o.key_facts_retrieved) for o in answerable if o.key_facts_retrieved is not None]
        ),
        "judge_score": metrics.mean([o.judge_score for o in outcomes]),
        "judged": sum(o.judge_score is not None for o in outcomes),
        "judge_errors": sum(
            o.judge_verdict is not None and o.judge_score is None for o in outcomes
        ),
        "judge_model": judge_model,
        "prompt_tokens": sum(o.prompt_tokens for o in outcomes),
        "completion_tokens": sum(o.completion_tokens for o in outcomes),
        "provider": ",".join(sorted({o.provider for o in outcomes})),
    }
    for band, (count, right) in reliability(outcomes).items():
        summary[f"{band}_answers"] = count
        summary[f"{band}_right"] = right
    for stage in ("retrieve", "rerank", "read", "generate", "total"):
        values = [o.timings_ms[stage] for o in outcomes if stage in o.timings_ms]
        summary[f"{stage}_ms_p50"] = metrics.percentile(values, 50)
        summary[f"{stage}_ms_p95"] = metrics.percentile(values, 95)
    return summary


def is_right(o: QuestionOutcome) -> bool:
    """An answer is right when the question was answerable, it cites an expected page, and
    (where the question has a reference answer) it holds the reference's key facts."""
    if not o.answerable or o.status != "answered":
        return False
    cites_expected = bool(set(o.cited) & set(o.expected)) if o.expected else True
    return cites_expected and o.key_facts is not False


def reliability(outcomes: list[QuestionOutcome]) -> dict[str, tuple[int, float | None]]:
    """Per confidence band of the answers given: (how many, share right)."""
    out: dict[str, tuple[int, float | None]] = {}
    for band in ("high", "medium", "low"):
        given = [o for o in outcomes if o.status == "answered" and o.confidence == band]
        out[band] = (len(given), metrics.mean([float(is_right(o)) for o in given]))
    return out


def compare(current: dict, previous: dict) -> dict[str, tuple[object, object, float | None]]:
    """metric → (previous, current, delta) for every numeric metric in both."""
    out: dict[str, tuple[object, object, float | None]] = {}
    for key, value in current.items():
        before = previous.get(key)
        delta = (
            value - before
            if isinstance(value, int | float) and isinstance(before, int | float)
            else None
        )
        out[key] = (before, value, delta)
    return out
