"""Answer quality of several `kb-slackbot eval --output` reports, side by side, every column
computed the same way from the reports' per-question outcomes (so an older build's report is
scored by today's metrics: key facts of the reference answer, not-found precision/recall,
wrong answers marked "high").

    python benchmarks/answer_table.py QUESTIONS.jsonl old=before.json new=after.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

from common import print_table

from kb_slackbot.evaluation import metrics
from kb_slackbot.evaluation.runner import is_right, source_key


def scores(path: str, questions: list[dict]) -> dict[str, object]:
    report = json.loads(Path(path).read_text(encoding="utf-8"))
    outcomes = [SimpleNamespace(**o) for o in report["outcomes"]]
    for o, q in zip(outcomes, questions, strict=True):
        # pages compared as today's eval compares them (a report written before it matched
        # "Holiday and TOIL.md" to the bot's "Holiday%20and%20TOIL.md" is scored the same)
        o.cited = [source_key(url, url, set(o.expected)) for url in o.cited]
        reference = q.get("reference_answer") or ""
        o.key_facts = (
            (metrics.has_key_facts(o.answer, reference) if o.status == "answered" else False)
            if reference
            else None
        )
    answerable = [o for o in outcomes if o.answerable]
    found = metrics.binary_scores(
        [o.status == "not_found" for o in outcomes], [not o.answerable for o in outcomes]
    )
    answered = [o for o in outcomes if o.status == "answered"]
    high = [o for o in answered if o.confidence == "high"]
    return {
        "key facts in answer": metrics.mean([float(bool(o.key_facts)) for o in answerable]),
        # (reports written before the field existed: –)
        "key facts in the top 5 passages": metrics.mean(
            [
                float(o.key_facts_retrieved)
                for o in answerable
                if getattr(o, "key_facts_retrieved", None) is not None
            ]
        ),
        "cites an expected page": metrics.mean(
            [float(bool(set(o.cited) & set(o.expected))) for o in answerable]
        ),
        "not-found precision": found["precision"],
        "not-found recall": found["recall"],
        # (reports written before the field existed: –)
        "answerability AUROC": metrics.auroc(
            [o.p_answerable for o in outcomes if getattr(o, "p_answerable", None) is not None],
            [o.answerable for o in outcomes if getattr(o, "p_answerable", None) is not None],
        ),
        "unanswerable given a quote": sum(
            1 for o in outcomes if not o.answerable and o.status == "answered"
        ),
        "wrong answers marked high": sum(1 for o in high if not is_right(o)),
        "high: share right": metrics.mean([float(is_right(o)) for o in high]),
        "mean answer words": metrics.mean(
            [len(metrics._MARKER.sub(" ", o.answer).split()) for o in answered]
        ),
        "total ms p50": metrics.percentile([o.timings_ms.get("total", 0) for o in outcomes], 50),
    }


def main() -> None:
    runs = [arg.split("=", 1) for arg in sys.argv[1:] if "=" in arg]
    questions_file = next((a for a in sys.argv[1:] if a.endswith(".jsonl")), None)
    if not runs or questions_file is None:
        raise SystemExit(__doc__)
    lines = Path(questions_file).read_text(encoding="utf-8").splitlines()
    questions = [json.loads(line) for line in lines if line.strip()]
    table = {label: scores(path, questions) for label, path in runs}
    metrics_names = list(next(iter(table.values())))
    print_table(
        f"{questions_file}: {len(questions)} questions",
        ["metric", *table],
        [[m, *(table[label][m] for label in table)] for m in metrics_names],
    )


if __name__ == "__main__":
    main()
