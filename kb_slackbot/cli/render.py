"""How command results look in a terminal: the answer as text, tables for search and eval."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from ..answer.models import AnswerResult
    from ..retrieval.results import SearchResult

# Keys of an eval summary: the judge's (shown only when a report was judged) and the
# per-band figures (shown in their own table).
JUDGE_KEYS = ("judge_score", "judged", "judge_errors", "judge_model")
BANDS = ("high_", "medium_", "low_")


def render_answer(result: AnswerResult) -> str:
    """The answer as plain text for a terminal."""
    lines = ["Answer:", result.answer, ""]
    if result.sources:
        lines.append("Sources:")
        for source in result.sources:
            when = source.updated.isoformat()
            if source.kind == "verified":
                details = f"verified by {source.verified_by or 'an expert'} on {when}"
            else:
                details = ", ".join(x for x in (source.location, f"updated {when}") if x)
            where = f" — {source.url}" if source.url else ""
            lines.append(f"[{source.number}] {source.anchor}{where} ({details})")
        lines.append("")
    if result.suggestions:
        lines.append("You might look at:")
        lines.extend(f"- {s.anchor} — {s.url}" for s in result.suggestions)
        lines.append("")
    if result.status == "answered":
        lines.append(f"Confidence: {result.confidence}")
    lines.extend(f"Warning: {w}" for w in result.warnings)
    return "\n".join(lines).rstrip() + "\n"


def search_rows(results: list[SearchResult]) -> list[dict]:
    """`search --json`: one object per passage."""
    return [
        {
            "title": r.chunk.title,
            "url": r.chunk.url,
            "location": r.chunk.location,
            "heading_path": r.chunk.heading_path,
            "updated": r.chunk.updated.isoformat(),
            "space": r.chunk.space,
            "kind": r.chunk.kind,  # page | verified
            "score": round(r.score, 4),
            "other_language": r.cross_language,  # than the question's
            "snippet": r.snippet,
            "stages": r.stages,
        }
        for r in results
    ]


def search_table(results: list[SearchResult]) -> Table:
    table = Table(show_lines=True)
    for column in ("#", "score", "page", "where", "snippet"):
        table.add_column(column)
    for rank, r in enumerate(results, start=1):
        where = " · ".join(x for x in (r.chunk.heading_path, r.chunk.location) if x)
        table.add_row(
            str(rank),
            f"{r.score:.2f}",
            escape(f"{r.chunk.title}\n{r.chunk.url}"),
            escape(where),
            escape(r.snippet),
        )
    return table


def eval_table(summary: dict, previous: dict | None, rows: dict) -> Table:
    """``rows``: key → (before, value, delta), as `compare` gives them."""
    table = Table("metric", "value", *(("previous", "delta") if previous else ()))
    # The judge's rows only when this report or the earlier one was judged.
    judged = summary.get("judge_model") or (previous or {}).get("judge_model")
    for key, (before, value, delta) in rows.items():
        if (key in JUDGE_KEYS and not judged) or key.startswith(BANDS):
            continue
        cells = [key, fmt(value)]
        if previous is not None:
            cells += [fmt(before), "" if delta is None else f"{delta:+.3f}"]
        table.add_row(*cells)
    return table


def reliability_table(summary: dict) -> Table:
    """Per confidence band: answers given and the share that were right (an expected page
    cited and, where there is a reference answer, its key facts in the answer)."""
    table = Table("confidence", "answers", "share right", title="Reliability")
    for band in ("high", "medium", "low"):
        table.add_row(band, fmt(summary.get(f"{band}_answers")), fmt(summary.get(f"{band}_right")))
    return table


def fmt(value: object) -> str:
    if value is None:
        return "–"
    return f"{value:.3f}" if isinstance(value, float) else str(value)
