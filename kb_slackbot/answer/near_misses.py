"""Answers that name the wrong thing: a near miss shown as an answer.

A page about Q3 does not answer a question about Q2; the 2026 dates do not answer a question
about 2027; a question that asks for a phone number, an identifier, an email or a web address
is only answered by one; the macOS steps do not answer a question about a Chromebook. The
answer service reads these after the reader has chosen.
"""

from __future__ import annotations

import re

from ..retrieval.tokens import tokenize, ungrouped
from .cues import new_match
from .question_kinds import IDENTIFIERS


def codes_found(question: str, text: str) -> float:
    """Share of the question's numbers and codes ("Q2", "2026", "INC-2214") that ``text``
    holds; 1 when it names none. A page about Q3 does not answer a question about Q2. A
    number is the same with or without thousands separators ("1500", "1,500")."""
    asked = {t for t in tokenize(ungrouped(question)) if any(c.isdigit() for c in t)}
    if not asked:
        return 1.0
    return len(asked & set(tokenize(ungrouped(text)))) / len(asked)


_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


# Questions that only one kind of string answers, and that string: a phone or fax number, a
# company's tax number or a bank account (a number of three digits or more — an internal
# extension "ext. 4711" counts, a time "14:00" does not; "+31 20 555 0140",
# "12.345.678/0001-90"); an email address; a web address. "what's the IBAN for paying
# invoices?" is not answered by the payment-run row that names the bank's cut-off time.
_ONLY_ANSWERED_BY = (
    (
        re.compile(
            r"\b(?:phone|telephone|hotline|fax|contact) (?:number|no\b)|"
            r"\b(?:telefon|ruf|fax|hotline-?|kontakt)nummer\b|"
            r"\bn[uú]mero (?:de |do |da )?(?:telefone|tel[eé]fono|fax|contato|contacto|whatsapp)\b|"
            r"số điện thoại|telefoonnummer|\bnum[ée]ro de t[ée]l[ée]phone\b|"
            r"\bnumero di (?:telefono|cellulare)\b|"
            rf"\b(?:{IDENTIFIERS}|bic|swift code|steuer-id|n[uú]mero (?:da|de) conta)\b",
            re.IGNORECASE,
        ),
        re.compile(r"\+?\(?\d(?:[ ()./-]*\d){2,}"),
    ),
    (
        re.compile(
            r"\b(?:e-?mail|mail) (?:address|adresse)|\be-?mail-?adresse|endereço de e-?mail|"
            r"correo electr[oó]nico|direcci[oó]n de (?:correo|e-?mail)|địa chỉ email|"
            r"\badresse (?:e-?mail|électronique|courriel)|\bindirizzo (?:e-?mail|email|di posta)|"
            r"\be-?mailadres",
            re.IGNORECASE,
        ),
        re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    ),
    (
        re.compile(
            r"\b(?:url|web ?address|website address|web-?adresse|endereço (?:do site|web)|"
            r"direcci[oó]n web|adresse (?:web|du site)|indirizzo web|webadres)\b",
            re.IGNORECASE,
        ),
        re.compile(r"https?://\S+|\b(?:[\w-]+\.)+(?:com|org|net|io|example|[a-z]{2})/\S*"),
    ),
)


def lacks_identifier(question: str, answer: str) -> bool:
    """The question asks for a phone number, an identifier, an email or a web address, and
    the answer shows none that the question does not already hold. (No public question asks
    for one — 0 of 3,580 — so this is a definition, not a fit.)"""
    asked = question.lower()
    return any(
        asks.search(question) and not new_match(answer_by, answer, asked)
        for asks, answer_by in _ONLY_ANSWERED_BY
    )


def about_another_year(question: str, answer: str) -> bool:
    """The question names a year and the answer names years, none of them the question's: the
    2026 dates do not answer "when are the meetings in 2027?". Measured on the public sets
    (fit_reader.py's held-out folds, benchmarks/README.md): no right answer has it; with the
    gold paragraph removed 22 answers do, 5 of them above the answer threshold."""
    asked = set(_YEAR.findall(question))
    named = set(_YEAR.findall(answer))
    return bool(asked) and bool(named) and not asked & named


# The platforms a how-to is written for, by family (a phone's, a laptop's operating system).
# A MAC address ("MAC-Adresse", "endereço MAC", "dirección MAC", "adresse MAC") is no Mac.
_MAC_ADDRESS = re.compile(
    r"\bmac\W*(?:address|adress|adresse)\b|\b(?:endere[çc]o|direcci[óo]n|adresse)\s+mac\b",
    re.IGNORECASE,
)
_PLATFORMS = {
    family: re.compile(rf"\b(?:{spellings})\b", re.IGNORECASE)
    for family, spellings in {
        "windows": r"windows|win ?1[01]",
        "macos": r"mac ?os(?: ?x)?|os ?x|macbook\w*|imac|mac",
        "linux": r"linux|ubuntu|debian|fedora|rhel|red ?hat|centos",
        "chromeos": r"chromebook\w*|chrome ?os",
        "android": r"android",
        "ios": r"ios|iphone\w*|ipad(?:os)?",
    }.items()
}


def platforms(text: str) -> set[str]:
    """The platform families ``text`` names ("my ubuntu laptop" → linux)."""
    text = _MAC_ADDRESS.sub(" ", text)
    return {family for family, named in _PLATFORMS.items() if named.search(text)}


def about_another_platform(question: str, answer: str, headings: list[str]) -> bool:
    """The question asks about one platform and the answer is the section for another: the
    Linux steps do not answer "how do I get eduroam on my chromebook?". The answer's headings
    (where a page parts its steps by platform, "VPN › macOS") name another platform, and
    neither they nor the answer name the asked one. The public sets' passages have no section
    headings: a rule, not a fit."""
    asked = platforms(question)
    if not asked:
        return False
    shown = platforms(" ".join(headings))
    return bool(shown) and not asked & shown and not asked & platforms(answer)


def near_miss(question: str, shown: str, answer: str, headings: list[str]) -> bool:
    """The answer names the wrong thing, whatever the evidence (the rules above): ``shown`` is
    the answer with its pages' titles and headings, ``headings`` its pieces' sections."""
    return (
        about_another_year(question, shown)
        or lacks_identifier(question, shown)
        or about_another_platform(question, answer, headings)
    )
