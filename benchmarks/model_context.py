"""What a language model is given to answer from: the share of a KB's answerable questions
whose reference key facts are in the model's context, as the five chunks that ranked alone
("chunks") and with the sections of their pages the reader quoted ("+ sections", what the
product gives it; answer/quoted_sections.py). Uses the KB's index in KB_DATA_DIR.

    KB_DATA_DIR=/tmp/kb/sample python benchmarks/model_context.py sample_kb/questions.jsonl
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from common import print_table

from kb_slackbot.answer.passages import reader_passages
from kb_slackbot.answer.quoted_sections import with_quoted_sections
from kb_slackbot.evaluation import metrics
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    path = Path(sys.argv[1])
    questions = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    service = Services(Settings()).answer_service(cached=False)
    searcher = service.searcher
    found = given = asked = 0
    for q in questions:
        reference = q.get("reference_answer") or ""
        if not q.get("answerable", True) or not reference:
            continue
        results = searcher.search(q["question"], top_k=service.config.top_k).results
        reading = service.reader.read(
            q["question"],
            reader_passages(results, searcher.page_sections),
            searcher.coverage_weights,
        )
        quoted = with_quoted_sections(results, reading.picks, searcher.page_chunks)
        asked += 1
        found += bool(metrics.has_key_facts("\n\n".join(r.chunk.text for r in results), reference))
        given += bool(metrics.has_key_facts("\n\n".join(r.chunk.text for r in quoted), reference))
    print_table(
        f"Key facts in the model's context: {path} ({asked} answerable questions)",
        ["chunks", "+ sections"],
        [[found / asked, given / asked]],
    )


if __name__ == "__main__":
    main()
