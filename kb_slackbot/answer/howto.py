"""How-to answers: the numbered steps of the section that matches the question, or the command
that goes with a sentence answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..retrieval.keyword import tokenize
from ..retrieval.relevance import term_weights
from .candidates import Unit, section_steps
from .piece_features import SemanticScorer, covered, words_of
from .pieces import Passage, Pick

# The words that frame a how-to question rather than say what is to be done: "how do I … my"
# (en, de, pt, es). Headings written as questions share them ("How do I get my ID badge?"),
# so they do not say which section's steps the question wants; nor does "get" ("how do i get
# the vpn working on ubuntu?" is not about the MFA steps "Getting a new phone").
# fmt: off
HOWTO_FRAME = frozenset({
    "how", "do", "does", "can", "could", "should", "would", "i", "we", "you", "to", "my", "our",
    "your", "the", "a", "an", "what", "is", "are", "steps", "get",
    "wie", "kann", "muss", "soll", "sollen", "können", "müssen", "ich", "man", "wir", "mein",
    "meine", "meinen", "unser", "unsere",
    "como", "faço", "posso", "devo", "eu", "meu", "minha", "nosso", "nossa", "o", "os", "as",
    "cómo", "hago", "puedo", "debo", "yo", "mi", "mis", "nuestro", "nuestra", "el", "la", "los",
    "las",
})
# fmt: on


def best_code(
    pairs: Sequence[tuple[Passage, Unit]], probabilities: np.ndarray, number: int
) -> Pick | None:
    """The likeliest piece of passage ``number`` that holds a code block."""
    options = [
        (float(p), passage, unit)
        for (passage, unit), p in zip(pairs, probabilities, strict=True)
        if passage.number == number and "```" in unit.text
    ]
    if not options:
        return None
    p, passage, unit = max(options, key=lambda o: o[0])
    return Pick(passage.number, unit, p, passage.heading)


def best_steps(
    question: str,
    pairs: Sequence[tuple[Passage, Unit]],
    probabilities: np.ndarray,
    idf: dict[str, float],
    best_heading: str,
    scorer: SemanticScorer,
    max_lines: int = 40,
    skip: Callable[[str], bool] = lambda _text: False,
) -> tuple[Pick, float] | None:
    """For a how-to question: the numbered steps of the section that matches it best.

    The sections considered are those of the passages read and the other sections of
    their pages; each is scored by how much of the question its heading and steps cover
    (IDF-weighted), ties going to the passage the reader liked best. Steps elsewhere than
    in the best piece's own section are shown only when their heading matches the
    question at least as well as that section's ("… on Linux?" read on the page's
    introduction); otherwise the best piece answers ("To void many labels at once …
    run: `pwctl …`" rather than the numbered steps of another page, or of another section
    that shares the page's words)."""
    best_by_passage: dict[int, tuple[float, Passage]] = {}
    for (passage, _unit), p in zip(pairs, probabilities, strict=True):
        # The first passage of a number is the one read (table rows of its page's other
        # sections come after, under the same number).
        first = best_by_passage.get(passage.number, (-1.0, passage))
        best_by_passage[passage.number] = (max(first[0], float(p)), first[1])
    # Which section: by the words that say what is to be done, not the question's frame.
    asked = [t for t in tokenize(question) if t not in HOWTO_FRAME] or tokenize(question)
    weight, total = term_weights(asked, idf)
    options: list[tuple[float, float, Passage, str, str]] = []
    for p, passage in sorted(best_by_passage.values(), key=lambda x: -x[0]):
        for heading, text in passage.page():
            steps = section_steps(text, max_lines)
            if not steps or skip(steps):
                continue
            cover = covered(weight, words_of(f"{heading} {steps}")) / total
            options.append((cover, p, passage, heading, steps))
    if not options:
        return None
    # Equal coverage goes to the section whose own heading says more of it, then to the
    # passage the reader liked best ("Reset a forgotten badge PIN" over "If your badge is
    # lost or stolen", both under the page title "Resetting or replacing your badge").
    cover, p, passage, heading, steps = max(
        options, key=lambda o: (o[0], covered(weight, words_of(o[3].rsplit(" › ", 1)[-1])), o[1])
    )
    if heading != best_heading:
        headed = covered(weight, words_of(heading)) / total
        own = covered(weight, words_of(best_heading)) / total
        if headed < own:
            return None
        # A tie between two sections (the question's words are in the page title, or the
        # question is in another language) goes to the section whose own heading means
        # the question best: "¿cómo restauro una sola tabla?" → "Restoring a single
        # table", not "Restoring a whole database". Read on the page's introduction (no
        # section), the steps win as above.
        if headed == own and " › " in best_heading:
            steps_heading, own_heading = scorer(
                question, [heading.rsplit(" › ", 1)[-1], best_heading.rsplit(" › ", 1)[-1]]
            )
            if steps_heading < own_heading:
                return None
    section = heading.split(" › ", 1)[1] if " › " in heading else ""
    text = f"*{section}*\n{steps}" if section else steps
    return Pick(passage.number, Unit("steps", text, heading), p, heading), cover
