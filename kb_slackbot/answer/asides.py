"""Chat asides: the clauses of a question that set the scene and ask nothing.

"sorry dumb q but what does OEE mean, keeps coming up in the ops meeting" asks "what does OEE
mean". Its other clauses ask nothing, and the page that answers the ask holds none of their
words. Judged with them, every piece of answerability evidence (how much of the question a
passage covers, how close it reads) sits low, and the right answer is withheld. The whole
question is searched first; when its best passage speaks of none of the asides, the ask alone
is searched again, read and judged (``without_asides``). Measured on the public sets with an
aside added to each question (benchmarks/fit_reader.py, the aside table): answered with the
gold paragraph present 0.58 → 0.75 (XQuAD-de), 0.63 → 0.78 (FaQuAD-pt); abstained with it
removed 0.92 → 0.87, 0.82 → 0.73 — the levels of questions asked without an aside.

A clause is an aside only when all of these hold: it has no question word, does not end in a
question mark and opens with no yes/no verb; it holds no number or code; the best passage
holds none of its words that everyday text is not full of; and another clause asks. The
question stays whole when what is left points back ("… — will the VPN work there?").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..retrieval.keyword import tokenize
from ..retrieval.results import SearchResponse
from ..retrieval.term_prior import CHAT_SPELLINGS, is_everyday
from .follow_up import ASKS

# Where a chat question's clauses part: punctuation before a space, a dash between spaces, an
# emoji, "but" (en, de, pt, es, fr, nl).
# ("but" in lower or title case only: "Quanti mAs servono" holds no "mas".)
_CLAUSE_END = re.compile(
    r"[,;:!?.]+(?=\s|$)|\s[-–—]\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]+|"
    r"\s(?:but|But|aber|Aber|mas|Mas|pero|Pero|mais|Mais|maar|Maar)\s"
)
# Question words typed without their accents ("donde esta"), Italian ones, "how much" in
# French and Dutch.
_MORE_ASKS = re.compile(
    r"\b(?:quant[oiae]|quando|perch[eé]|donde|cuando|cu[aá]nt[oa]s?|quien|cual|combien|"
    r"hoeveel)\b",
    re.IGNORECASE,
)
# A clause that opens with a verb asks a yes/no question ("is it free", "kann ich", "posso").
_YES_NO = re.compile(
    r"^\W*(?:can|could|do|does|did|is|are|am|was|were|will|would|should|may|must|have|has|"
    r"kann|darf|muss|soll|gibt|ist|sind|habe|hat|haben|bekomme|posso|pode|tem|h[aá]|existe|"
    r"puedo|puede|hay|tengo|es|est[aá]|est-ce|puis-je|peut-on|dois-je|faut-il|y a-t-il|ai-je|"
    r"c'è|ci sono|si può|devo|kan|mag|moet|mogen|moeten|kunnen|heb|krijg|zijn)\b",
    re.IGNORECASE,
)
# A word that points back to another clause: "going to Dubai — will the VPN work there?",
# "forgot my password 🙃 where do i reset it". An ask holding one is no question on its own.
_POINTS_BACK = re.compile(
    r"\b(?:it|there|them|they|dort|dorthin|dafür|davon|lá|ali|isso|isto|all[ií]|ahí|"
    r"all[aá]|eso|esto|lì|ça|daar|daarvoor|daarheen)\b",  # not "là": Vietnamese "is"
    re.IGNORECASE,
)


def clauses(question: str) -> list[str]:
    """The question's clauses, each with the mark that ended it ("what does OEE mean?")."""
    out, start = [], 0
    for end in _CLAUSE_END.finditer(question):
        out.append(question[start : end.end()].strip())
        start = end.end()
    out.append(question[start:].strip())
    return [c for c in out if tokenize(c)]


def asks(clause: str) -> bool:
    """Whether a clause asks something: a question word, a question mark, a yes/no verb."""
    # chat spellings read as the words they stand for: "whats the timeout" asks
    spelled = re.sub(r"\w+", lambda m: CHAT_SPELLINGS.get(m[0].lower(), m[0]), clause)
    return bool(
        ASKS.search(spelled)
        or _MORE_ASKS.search(clause)
        or clause.rstrip().endswith("?")
        or _YES_NO.match(clause)
    )


def _aside(clause: str, held: set[str]) -> bool:
    if asks(clause) or any(ch.isdigit() for ch in clause):
        return False
    words = [w for w in tokenize(clause) if not is_everyday(w)]
    return not any(w in held for w in words)


def the_ask(question: str, passage: str) -> str:
    """``question`` without its asides, judged against the best passage's text; the question
    itself when it has none, or when nothing else asks."""
    parts = clauses(question)
    if len(parts) < 2:
        return question
    held = set(tokenize(passage))
    kept = [c for c in parts if not _aside(c, held)]
    if len(kept) == len(parts) or not any(asks(c) for c in kept):
        return question
    if any(_POINTS_BACK.search(c) for c in kept):
        return question
    # "what does OEE mean," reads as "what does OEE mean": the comma only parted clauses
    return " ".join(kept).rstrip(" ,;:-–—")


def without_asides(
    question: str, found: SearchResponse, search: Callable[[str], SearchResponse]
) -> tuple[SearchResponse, str]:
    """What was found and the question it was found for: ``found`` and ``question``, or, when
    the best passage ``found`` for the whole question speaks of none of its asides, the ask
    and what ``search`` finds for it alone (the time of both searches counted)."""
    if not found.results:
        return found, question
    ask = the_ask(question, found.results[0].chunk.embedding_text())
    if ask == question:
        return found, question
    again = search(ask)
    if not again.results:
        return found, question
    for stage, ms in found.timings_ms.items():
        again.timings_ms[stage] = again.timings_ms.get(stage, 0.0) + ms
    return again, ask
