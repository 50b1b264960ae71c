"""When does a verified answer "match well"? A check of VERIFIED_MATCH on the sample KB.

Every answerable sample question becomes a verified answer (its reference answer as the
expert's text) in an index of the sample KB. Then:

- each paraphrase in benchmarks/gap_paraphrases.jsonl should be answered from its own
  question's verified answer (hit), not from another one (wrong), nor from none (miss) — a
  cross-language paraphrase that is itself a sample question may also get its own;
- each unanswerable sample question should be answered from none (a match is false).

The threshold is the relevance model's calibrated probability (fitted on public data only);
this measures it, it does not fit it. Prints hit / wrong / miss and false matches per threshold.

    HF_HUB_OFFLINE=1 python -m benchmarks.verified_match
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np

from benchmarks.common import ROOT, print_table
from kb_slackbot.answer.service import VERIFIED_MATCH
from kb_slackbot.answer.verified import write_folder
from kb_slackbot.retrieval.documents import VERIFIED
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings

THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def main() -> None:
    samples = _jsonl(ROOT / "sample_kb" / "questions.jsonl")
    pairs = _jsonl(ROOT / "benchmarks" / "gap_paraphrases.jsonl")
    with tempfile.TemporaryDirectory() as data:
        services = Services(
            Settings(_env_file=None, data_dir=Path(data), llm_provider="extractive")
        )
        options = services.ingest_options(None, "https://docs.northwindloop.example/", prune=False)
        services.ingester.run([ROOT / "sample_kb"], options)
        store = services.verified.store
        own = {}
        for s in samples:
            if s.get("answerable", True) and s.get("reference_answer"):
                answer = store.add([s["question"]], s["reference_answer"], "UEXPERT", "public")
                own[s["question"]] = answer.answer_id
        write_folder(store.all(), services.verified.folder)
        services.verified.publish()
        searcher = services.searcher
        embed = services.embedder.embed_query
        vectors = {a.answer_id: _unit(embed(a.title)) for a in store.all()}

        def candidates(question: str) -> list[tuple[str, float, float]]:
            """(answer id, P(relevant) if in the top k else 0, question similarity) each."""
            results = searcher.search(question, top_k=services.settings.top_k).results
            relevance = {
                r.chunk.doc_id.removesuffix(".md"): r.score
                for r in results
                if r.chunk.kind == VERIFIED
            }
            q = _unit(embed(question))
            return [(a, relevance.get(a, 0.0), float(v @ q)) for a, v in vectors.items()]

        # A paraphrase that is itself a sample question (cross-language) has an answer of its
        # own; either answer is its gap's.
        paraphrases = [
            (p["paraphrase"], {own.get(p["question"]), own.get(p["paraphrase"])} - {None})
            for p in pairs
        ]
        paraphrases = [(q, a) for q, a in paraphrases if a]
        unanswerable = [s["question"] for s in samples if not s.get("answerable", True)]
        found_p = [(candidates(q), a) for q, a in paraphrases]
        found_u = [candidates(q) for q in unanswerable]
        answers = store.all()
    rules = {f"P(relevant) ≥ {t:.1f}": _by_relevance(t) for t in THRESHOLDS}
    for sim in (0.85, 0.88, 0.90):
        rules[f"question similarity ≥ {sim:.2f}"] = _by_similarity(sim)
        rules[f"P ≥ 0.5 and similarity ≥ {sim:.2f}"] = _both(0.5, sim)
    rows = []
    for name, rule in rules.items():
        hit = wrong = miss = 0
        for found, answer_id in found_p:
            first = rule(found)
            if first is None:
                miss += 1
            elif first in answer_id:
                hit += 1
            else:
                wrong += 1
        false = sum(rule(found) is not None for found in found_u)
        shipped = " (shipped)" if name == f"P(relevant) ≥ {VERIFIED_MATCH:.1f}" else ""
        if shipped:
            titles = {a.answer_id: a.title for a in answers}
            confusions = [
                (q, titles[rule(found)])
                for (found, answer_id), (q, _a) in zip(found_p, paraphrases, strict=True)
                if rule(found) is not None and rule(found) not in answer_id
            ]
        rows.append(
            [name + shipped, f"{hit}/{len(found_p)}", wrong, miss, f"{false}/{len(found_u)}"]
        )
    print_table(
        f"Verified answers matched ({len(own)}: one per answerable sample question)",
        ["rule", "paraphrase → its answer", "→ another", "→ none", "unanswerable → one"],
        rows,
    )
    print("\nGiven another question's answer (shipped rule):")
    for question, given in confusions:
        print(f"- {question!r} → the answer to {given!r}")


def _by_relevance(t: float):
    def rule(found):
        ranked = sorted((f for f in found if f[1] >= t), key=lambda f: -f[1])
        return ranked[0][0] if ranked else None

    return rule


def _by_similarity(sim: float):
    def rule(found):
        ranked = sorted((f for f in found if f[2] >= sim), key=lambda f: -f[2])
        return ranked[0][0] if ranked else None

    return rule


def _both(t: float, sim: float):
    def rule(found):
        ranked = sorted((f for f in found if f[1] >= t and f[2] >= sim), key=lambda f: -f[1])
        return ranked[0][0] if ranked else None

    return rule


def _unit(vector):
    vector = np.asarray(vector, dtype=np.float32).ravel()
    return vector / np.linalg.norm(vector)


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


if __name__ == "__main__":
    main()
