"""`eval`: a question set through the answer engine, with metrics, deltas and a judge."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .common import (
    ALL_SPACES_HELP,
    EXIT_BAD_INPUT,
    check_provider,
    err,
    fail,
    load_services,
    out,
    progress,
    scope,
    spaces_line,
)
from .render import eval_table, reliability_table

if TYPE_CHECKING:
    from ..answer.service import AnswerService
    from ..evaluation.judge import AnswerJudge
    from ..evaluation.runner import EvalQuestion, EvalReport
    from ..services import Services


def evaluate(
    questions_file: Annotated[Path, typer.Argument(help="JSON Lines of questions.")],
    provider: Annotated[str | None, typer.Option(help="Provider to evaluate.")] = None,
    k: Annotated[int, typer.Option("-k", min=1, max=50, help="Recall@k cut-off.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    output: Annotated[
        Path | None, typer.Option(help="Where to save the JSON report (default: data dir).")
    ] = None,
    compare_to: Annotated[
        Path | None, typer.Option("--compare", help="An earlier report to show deltas against.")
    ] = None,
    judge: Annotated[
        str | None,
        typer.Option(
            help="Also have this language model grade answers against reference_answer:"
            " anthropic | ollama | auto."
        ),
    ] = None,
    all_spaces: Annotated[bool, typer.Option("--all-spaces", help=ALL_SPACES_HELP)] = False,
) -> None:
    """Measure retrieval, citations, abstention, answer quality and latency on a question set."""
    from ..evaluation.runner import load_questions

    _check_paths(questions_file, output)
    check_provider(provider)
    previous = _earlier_report(compare_to) if compare_to else None
    services = load_services()
    answer_judge = _judge(services, judge)
    try:
        questions = load_questions(questions_file)
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail(str(exc), EXIT_BAD_INPUT) from None
    service, spaces, searched = _answer_service(services, provider, all_spaces)
    report = _run(service, questions, k, answer_judge, spaces)
    target = _save(report, output, services)
    if as_json:
        sys.stdout.write(report.to_json() + "\n")
        err.print(searched, markup=False)
    else:
        _show(report.summary, previous, searched)
        out.print(f"Report saved to {target}", markup=False)


def _check_paths(questions_file: Path, output: Path | None) -> None:
    if not questions_file.is_file():
        raise fail(f"no such file: {questions_file}", EXIT_BAD_INPUT)
    if output is not None and output.is_dir():
        raise fail(f"--output {output}: is a folder; name the report file", EXIT_BAD_INPUT)


def _answer_service(
    services: Services, provider: str | None, all_spaces: bool
) -> tuple[AnswerService, frozenset[str] | None, str]:
    """The service to evaluate, the spaces searched, and the line that names them."""
    from ..retrieval.embeddings import ModelUnavailable

    try:
        spaces = scope(services, all_spaces)
        # Every question is measured, never served from cache.
        service = services.answer_service(provider, cached=False)
        searched = spaces_line(services, spaces)
    except (ValueError, ModelUnavailable) as exc:
        raise fail(str(exc)) from None
    return service, spaces, searched


def _run(
    service: AnswerService,
    questions: list[EvalQuestion],
    k: int,
    answer_judge: AnswerJudge | None,
    spaces: frozenset[str] | None,
) -> EvalReport:
    from ..evaluation.runner import run_eval

    with progress() as bar:
        task = bar.add_task("Evaluating", total=len(questions))
        return run_eval(
            service,
            questions,
            k,
            lambda done, _t: bar.update(task, completed=done),
            judge=answer_judge,
            spaces=spaces,
        )


def _save(report: EvalReport, output: Path | None, services: Services) -> Path:
    """Write the JSON report to ``output``, or to a timestamped file in the data dir."""
    from ..private import private_dir

    target = output or private_dir(services.settings.eval_reports_dir) / (
        f"{time.strftime('%Y%m%d-%H%M%S')}.json"
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(report.to_json(), encoding="utf-8")
    return target


def _show(summary: dict, previous: dict | None, searched: str) -> None:
    from ..evaluation.runner import compare

    rows = (
        compare(summary, previous)
        if previous
        else {key: (None, value, None) for key, value in summary.items()}
    )
    out.print(eval_table(summary, previous, rows))
    out.print(reliability_table(summary))
    out.print(searched, markup=False)


def _earlier_report(path: Path) -> dict:
    """The summary of an earlier `eval` report, checked before any question is answered."""
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))["summary"]
        if not isinstance(summary, dict):
            raise TypeError
        return summary
    except OSError as exc:
        raise fail(f"--compare {path}: {exc.strerror or exc}", EXIT_BAD_INPUT) from None
    except (ValueError, KeyError, TypeError):
        raise fail(f"--compare {path}: not a report written by `eval`", EXIT_BAD_INPUT) from None


def _judge(services: Services, name: str | None) -> AnswerJudge | None:
    """The `--judge` model, checked before any question is answered."""
    from ..evaluation.judge import AnswerJudge
    from ..llm.selection import ollama_reachable

    if name is None:
        return None
    if name == "extractive":
        raise fail(
            "--judge extractive: the extractive answerer has no language model, so it cannot"
            " judge answers; use --judge anthropic or --judge ollama",
            EXIT_BAD_INPUT,
        )
    if name not in ("anthropic", "ollama", "auto"):
        raise fail(f"unknown judge {name!r}; use anthropic, ollama or auto", EXIT_BAD_INPUT)
    try:
        choice = services.provider_choice(name)
    except ValueError as exc:
        raise fail(f"--judge {name}: {exc}", EXIT_BAD_INPUT) from None
    if choice.provider is None:
        raise fail(
            f"--judge {name}: no language model to judge with ({choice.reason})", EXIT_BAD_INPUT
        )
    host = services.settings.ollama_host
    if choice.provider.name == "ollama" and not ollama_reachable(host):
        raise fail(f"--judge {name}: no Ollama server answers at {host}", EXIT_BAD_INPUT)
    return AnswerJudge(choice.provider)
