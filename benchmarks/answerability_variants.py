"""Answerability variants on the public folds of fit_reader.py, in seconds once prepared.

fit_reader.py spends its time retrieving, reading and fitting the readers; a change to the
answerability model alone needs none of that again. This script runs those steps once (each
QA set held out: the reader fitted on the other two), keeps every fold's evidence rows with
each pool's top-10 cosines and coverages (``pool_head``) in benchmarks/results/cache/, and
refits the answerability model with the shipped recipe (``fit_answerability``: monotone, the
SciFact claims, the cross-language offset where the fold allows it, threshold answering 90%
of the training sets' answerable questions, the another-year rule) for each variant:

- how the two margins are taken (the best candidate against ranks 2–10 of its pool);
- each feature left out (its column held constant);
- a small monotone gradient-boosted model in place of the logistic one.

Printed per held-out set: answered with the gold present / abstained with it removed / AUROC.
The "shipped" row repeats fit_reader.py's "shipped + another-year rule" row.

    python benchmarks/answerability_variants.py [--fresh]
"""

from __future__ import annotations

import argparse
import pickle
from collections.abc import Callable
from functools import partial

import numpy as np
from common import RESULTS, print_table
from fit_reader import (
    CLAIMS,
    CROSS_SETS,
    QA_SETS,
    answerability_data,
    detected,
    fit_answerability,
    fit_reader,
    other_years,
    prepare,
)
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score

from kb_slackbot.answer.answerability import ANSWERABILITY_FEATURES

CACHE = RESULTS / "cache" / "answerability_rows.pkl"
DENSE = ANSWERABILITY_FEATURES.index("dense_margin")
COVERAGE = ANSWERABILITY_FEATURES.index("coverage_margin")

# How far the best of a pool's head (x[0]) stands out from the rest (x[1:]).
MARGINS: dict[str, Callable[[np.ndarray], float]] = {
    "shipped: best − mean of ranks 2–10": lambda x: x[0] - x[1:].mean(),
    "best − second": lambda x: x[0] - x[1],
    "best − mean of ranks 2–5": lambda x: x[0] - x[1:5].mean(),
    "z: (best − mean) / (std + 0.01)": lambda x: (x[0] - x[1:].mean()) / (x[1:].std() + 0.01),
    "(best − mean) / (range + 0.01)": lambda x: (x[0] - x[1:].mean()) / (np.ptp(x[1:]) + 0.01),
}


def fold_rows(prepared, reader) -> dict[str, dict]:
    out = {}
    for s, cases in prepared.cases.items():
        kept = [c for c in cases if c.mode != "oracle"]
        rows, present, right = answerability_data(prepared.cases, [s], reader)
        out[s] = {
            "rows": rows,
            "present": present,
            "right": right,
            "heads": [c.head for c in kept],
            "cross": detected(prepared.cases, [s]),
            "year": other_years(prepared.cases, [s], reader) if s in QA_SETS else None,
        }
    return out


def folds(fresh: bool) -> dict[str, dict]:
    if CACHE.exists() and not fresh:
        with open(CACHE, "rb") as handle:
            return pickle.load(handle)
    prepared = prepare()
    out = {}
    for held in QA_SETS:
        reader = fit_reader(prepared, [s for s in QA_SETS if s != held])
        out[held] = fold_rows(prepared, reader)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with open(CACHE, "wb") as handle:
        pickle.dump(out, handle)
    return out


def with_margins(data: dict, margin: Callable[[np.ndarray], float]) -> np.ndarray:
    rows = data["rows"].copy()
    for i, (dense, coverage) in enumerate(data["heads"]):
        if len(dense) >= 2:  # a lone candidate keeps pool_margins' default
            rows[i, DENSE], rows[i, COVERAGE] = margin(dense), margin(coverage)
    return rows


def logistic(fold: dict, held: str, rows_of) -> tuple[np.ndarray, float]:
    """P(answerable) of the held-out set's rows by the shipped recipe, and its threshold."""
    train = [s for s in QA_SETS if s != held]
    mono = [np.concatenate([rows_of(fold[s]) for s in train])]
    mono += [np.concatenate([fold[s][k] for s in train]) for k in ("present", "right")]
    cross = [n for n, pair in CROSS_SETS.items() if held not in pair]
    if cross:
        keep = np.concatenate([fold[s]["cross"] for s in cross])
        x = [np.concatenate([rows_of(fold[s]) for s in cross])[keep]]
        x += [np.concatenate([fold[s][k] for s in cross])[keep] for k in ("present", "right")]
    else:
        x = [mono[0][:0], mono[1][:0], mono[2][:0]]
    claims = (rows_of(fold[CLAIMS]), fold[CLAIMS]["present"])
    answerable, threshold, _ = fit_answerability(tuple(mono), tuple(x), claims)
    return answerable.predict(rows_of(fold[held])), threshold


def boosted(fold: dict, held: str, rows_of) -> tuple[np.ndarray, float]:
    """The same rows with a monotone gradient-boosted model (no cross-language offset)."""
    train = [s for s in QA_SETS if s != held]
    rows = np.concatenate([rows_of(fold[s]) for s in train])
    present = np.concatenate([fold[s]["present"] for s in train])
    model = HistGradientBoostingClassifier(
        max_depth=2,
        learning_rate=0.05,
        max_iter=200,
        monotonic_cst=[1] * len(ANSWERABILITY_FEATURES),
        class_weight="balanced",
        random_state=0,
    ).fit(
        np.concatenate([rows, rows_of(fold[CLAIMS])]),
        np.concatenate([present, fold[CLAIMS]["present"]]),
    )
    threshold = float(np.quantile(model.predict_proba(rows)[present == 1, 1], 0.10))
    return model.predict_proba(rows_of(fold[held]))[:, 1], threshold


def figures(all_folds, scorer, rows_of) -> list[str]:
    out = []
    for held in QA_SETS:
        fold = all_folds[held]
        p, threshold = scorer(fold, held, rows_of)
        data = fold[held]
        answered = (p >= threshold) & ~data["year"]
        gold = data["present"] == 1
        auroc = roc_auc_score(data["present"], p)
        out.append(f"{answered[gold].mean():.3f} / {(~answered[~gold]).mean():.3f} / {auroc:.3f}")
    return out


def left_out(name: str):
    column = ANSWERABILITY_FEATURES.index(name)

    def rows_of(data: dict) -> np.ndarray:
        rows = data["rows"].copy()
        rows[:, column] = 0.0
        return rows

    return rows_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fresh", action="store_true", help="prepare again, ignore the cache")
    all_folds = folds(parser.parse_args().fresh)
    table = []
    for name, margin in MARGINS.items():
        rows_of = partial(with_margins, margin=margin)
        table.append([f"margins: {name}", *figures(all_folds, logistic, rows_of)])
    for name in ANSWERABILITY_FEATURES:
        if name != "cross_language":
            table.append([f"without {name}", *figures(all_folds, logistic, left_out(name))])
    table.append(["monotone gradient boosting", *figures(all_folds, boosted, lambda d: d["rows"])])
    print_table(
        "Answerability variants, each QA set held out: answered with the gold present /"
        " abstained with it removed / AUROC",
        ["variant", *QA_SETS],
        table,
    )


if __name__ == "__main__":
    main()
