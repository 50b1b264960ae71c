"""Questions that ask two things at once: "how many days of leave do we get, and how much can I
carry over?", "Hoe laat moet ik me ziek melden en bij welk nummer?".

Read whole, one ask wins: the best piece answers it, and the other ask's answer — often the
next row or sentence of the same page — scores under the second-piece ratio against the whole
question, or is not short-listed at all. So the reader also reads each ask on its own, over
the same passages (``reader.Reader.read``), and adds each ask's best piece the answer does not
hold yet (``with_asks``).

The question is parted after a question mark that more text follows ("… on a saturday? does
it cost extra") and before "and / und / e / y / et / en" + a question word ("…, and how much
can I carry over?"); never at a comma alone, where a question word opens a subordinate clause
as often as a second ask ("Wie alt war er, als er spielte?"). It asks several things when
every part asks: at least three words, and a question mark, a kind of fact asked for, a
how-to, or a question word or yes/no verb at its start ("what now" and "me or them?" ask
nothing of their own). None of the 3,580 public questions is parted.

Read alone, a later ask may no longer say whose fact it wants ("What discount do we get from
Houtland Panelen, and what's their lead time?"): another row of a table the answer already
quotes is never added, since the row shown holds every column (``_sibling_rows``).

An ask's piece is added when the reader rates it at least ``ReaderConfig.ask_floor`` (0.4).
That one number is chosen on public questions joined in pairs
(``benchmarks/compound_questions.py``): two questions of one paragraph, where the second
answer should join, and a question with one of another article, where nothing should.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..retrieval.keyword import tokenize
from .named_rows import LABEL_END
from .pieces import Pick, Reading, overlaps
from .question_kinds import is_howto, question_type

# "…, and how much can I carry over?", "… und bis wann …", "… e quanto custa", "… en bij welk
# nummer": a conjunction before a question word starts a second ask within a clause.
_AND_ASKS = re.compile(
    r"\s(?:and|und|e|y|et|en|ed)\s(?=(?:how|what|whats|what's|when|where|who|which|why|is|are|"
    r"do|does|can|wie|was|wann|wo|wer|welche\w*|bis wann|ab wann|gibt|como|qual|quais|"
    r"quant[oa]s?|quando|onde|quem|at[eé] quando|cu[aá]nt[oa]s?|cu[aá]l|cu[aá]ndo|d[oó]nde|"
    r"qu[eé]|qui[eé]n|combien|quand|o[uù]|quel\w*|comment|hoe|wat|wanneer|waar|wie|welk\w*|"
    r"bij welk\w*|bis zu welche\w*)\b)",
    re.IGNORECASE,
)
# A question word or yes/no verb at the start of a part (after "and"): "and can I carry some
# over", "bis zu welcher Windstärke". (Not a German subordinate clause: "…, als er spielte?")
_OPENS_ASKING = re.compile(
    r"^\W*(?:(?:and|und|e|y|et|en|ed)\s+)?(?:how|what|whats|what's|when|where|who|which|why|"
    r"can|could|is|are|do|does|will|wie|was|wann|wo|wer|kann|gibt|como|quando|onde|quem|"
    r"quant[oa]s?|o que|por que|para que|posso|tem|cu[aá]nto|cu[aá]ndo|d[oó]nde|qu[eé]|"
    r"puedo|hay|combien|quand|o[uù]|comment|hoe|wat|wanneer|waar|kan|moet|"
    r"(?:bis zu |bis |ab |in |an |um |mit |für |bij |op |em |de |a |en |à |dans )?"
    r"(?:welche\w*|welk\w*|qual|quais|quel\w*|cu[aá]l))\b",
    re.IGNORECASE,
)
_ASK_WORDS = 3  # fewer words ask nothing on their own: "what now", "me or them?", "how?"


# A question is parted at a question mark and before "and" + a question word, never at a comma
# alone: there a question word opens a subordinate clause as often as a second ask ("Wie alt
# war er, als er spielte?", "Mit welcher Metrik wird bestimmt, wie groß ein Flughafen ist?").
_QUESTION_MARK = re.compile(r"(?<=\?)\s+")


def split_asks(question: str) -> list[str]:
    """The question's asks, in order; ``[question]`` when it asks one thing."""
    parts = [
        part.strip()
        for sentence in _QUESTION_MARK.split(question.strip())
        for part in _AND_ASKS.split(sentence)
    ]
    found = [p for p in parts if _asks(p)]
    return found if len(found) >= 2 and len(found) == len(parts) else [question]


def _asks(part: str) -> bool:
    if len(tokenize(part)) < _ASK_WORDS:
        return False
    return bool(
        part.rstrip().endswith("?")  # a sentence of its own (split at its question mark)
        or question_type(part)
        or is_howto(part)
        or _OPENS_ASKING.match(part)
    )


def with_asks(whole: Reading, readings: list[Reading], floor: float, max_words: int) -> Reading:
    """``whole`` (the question read whole) with each ask's best piece after its own, when the
    answer does not hold it yet, the reader gives it at least ``floor``, and the answer stays
    within ``max_words`` per ask."""
    picks = list(whole.picks)
    if not picks:
        return whole
    words = sum(p.unit.shown_words for p in picks)
    budget = max_words * len(readings)
    for reading in readings:
        if not reading.picks:
            continue
        pick = reading.picks[0]
        if pick.probability < floor:
            continue
        if any(overlaps(pick.unit.text, p.unit.shown) or _sibling_rows(pick, p) for p in picks):
            continue  # the answer already says it
        if words + pick.unit.shown_words > budget:
            continue
        picks.append(pick)
        words += pick.unit.shown_words
    return replace(whole, picks=picks)  # judged as the question read whole


def _sibling_rows(a: Pick, b: Pick) -> bool:
    """Two rows of one table ("Houtland Panelen — Lead time: 5 days; Discount: 8%" and
    "Vlaamse Steen — Lead time: 4 weeks; …"): the row the answer shows already holds every
    column, so another row answers about another supplier, site or release. An ask read on its
    own ("what's their lead time?") no longer names whose row it wants."""
    # (a list written as a table: "Ghent workshop — guests: `TF-Gast`, password monthly")
    if a.number != b.number or {a.unit.kind, b.unit.kind} - {"row", "item"}:
        return False
    columns = _columns(a.unit.text)
    return bool(columns) and columns == _columns(b.unit.text)


def _columns(row: str) -> tuple[str, ...]:
    """A table row's column labels ("Name — Label: value; Label: value"); () for a row of a
    two-column table ("Insurance excess: €1,000"), whose rows are facts of one thing."""
    if LABEL_END not in row:
        return ()
    cells = row.split(LABEL_END, 1)[1].split("; ")
    return tuple(cell.split(": ", 1)[0].strip().lower() for cell in cells if ": " in cell)
