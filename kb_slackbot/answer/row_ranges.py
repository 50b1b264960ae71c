"""Rows labelled by a band of values, and the band a question's amount falls in.

Banded tables are a common shape of company pages: who approves a bid by its contract value
("€250,000 – €1,000,000 — Approver: Regional Director"), a service credit by the uptime
reached ("Below 99.5% but at least 99.0%"), leave by years of service ("3–5 years"), a fee by
weight or distance. A question gives an amount ("a bid worth about 3m euros", "uptime was
99.3%"), not the band, so no label holds its words and every band reads alike: the band that
holds the amount is the row it names (named_rows passes over the others).

An amount and a band must be in the same unit: a currency (by its sign or name; "£400k" is
not compared with euro bands), a percentage, or a unit of time, distance or weight. A bare
number is compared only with bare bands ("grade 5" is no contract value). Public
reading-comprehension text has no tables, so this is a rule, not a fit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

# Each unit's spellings (lower case). Currencies are told apart: a pound amount says nothing
# about euro bands.
_SPELLINGS = {
    "eur": "€ eur euro euros",
    "gbp": "£ gbp pound pounds quid",
    "usd": "$ usd dollar dollars",
    "chf": "chf",
    "%": "% percent pct prozent",
    "year": "year years yr yrs jahr jahre jahren año años ano anos ans anni anno jaar",
    "month": "month months monat monate monaten mes meses mois",
    "week": "week weeks woche wochen semana semanas semaine semaines",
    "day": "day days tag tage tagen día días dia dias jour jours",
    "hour": "hour hours hr hrs h stunde stunden hora horas heure heures",
    "km": "km kilometre kilometres kilometer kilometers",
    "mile": "mile miles mi",
    "kg": "kg kilo kilos kilogram kilograms",
    "t": "t tonne tonnes ton tons",
}
_UNITS = {
    spelling: unit for unit, spellings in _SPELLINGS.items() for spelling in spellings.split()
}
_MAGNITUDES_WRITTEN = {
    1e3: "k thousand tausend mil",
    1e6: "m mn mln mio million millions millionen millón millones milhão milhões",
    1e9: "bn billion mrd milliarden",
}
_MAGNITUDE = {word: size for size, words in _MAGNITUDES_WRITTEN.items() for word in words.split()}
_CURRENCIES = ("eur", "gbp", "usd", "chf")
_SIGN = r"[€£$]"
_WORDS = sorted((u for u in _UNITS if not re.fullmatch(_SIGN + "|%", u)), key=len, reverse=True)
_MAGNITUDES = sorted(_MAGNITUDE, key=len, reverse=True)
_AMOUNT = re.compile(
    rf"(?P<sign>{_SIGN})?\s?(?P<number>\d+(?:[.,\s]\d{{3}})*(?:[.,]\d+)?)"
    rf"(?:\s?(?P<magnitude>{'|'.join(_MAGNITUDES)})\b)?"
    rf"(?:\s?(?P<unit>%|{_SIGN}|(?:{'|'.join(map(re.escape, _WORDS))})\b))?",
    re.IGNORECASE,
)
# Words that put an amount at a band's top or bottom ("up to €250,000", "over 5 years",
# "below 99.5% but at least 99.0%"), in the languages our users write.
_UPPER = re.compile(
    r"(?:up to|upto|under|below|less than|max(?:imum)?\.?|at most|not more than|until|"
    r"bis(?: zu)?|unter|weniger als|höchstens|até|abaixo de|menos de|hasta|por debajo de|"
    r"jusqu'à|moins de|au plus|fino a|meno di|tot|minder dan|<|≤|<=)\s*$",
    re.IGNORECASE,
)
_LOWER = re.compile(
    r"(?:over|above|more than|at least|from|min(?:imum)?\.?|ab|über|mehr als|mindestens|"
    r"acima de|mais de|a partir de|pelo menos|desde|más de|por encima de|al menos|"
    r"plus de|au moins|à partir de|oltre|più di|almeno|vanaf|meer dan|>|≥|>=)\s*$",
    re.IGNORECASE,
)
_OR_MORE = re.compile(
    r"\s*(?:or more|and (?:over|above|more)|oder mehr|ou mais|o más|ou plus)", re.I
)
_OR_LESS = re.compile(
    r"\s*(?:or less|and (?:under|below|less)|oder weniger|ou menos|o menos)", re.I
)
_BETWEEN = re.compile(r"^\s*(?:–|—|-|to|bis|a|à|até|tot)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Amount:
    value: float
    unit: str | None  # a name of _UNITS' values; None for a bare number
    start: int
    end: int


def amounts(text: str) -> list[Amount]:
    """The numbers in ``text`` with their unit and magnitude ("3m euros" → 3,000,000 eur,
    "€1,000,000" → 1,000,000 eur, "99.3%" → 99.3 %)."""
    found = []
    for m in _AMOUNT.finditer(text):
        value = _number(m.group("number"))
        if value is None or _in_code(text, m.start("number")):
            continue
        magnitude = (m.group("magnitude") or "").lower()
        unit = _UNITS.get((m.group("unit") or m.group("sign") or "").lower())
        if magnitude == "m" and unit not in _CURRENCIES:
            unit = unit or "metre"  # "a 26m boom": metres; "€3m", "3m euros": millions
        else:
            value *= _MAGNITUDE.get(magnitude, 1.0)
        found.append(Amount(value, unit, m.start(), m.end()))
    return found


def _in_code(text: str, start: int) -> bool:
    """The number is part of a code ("H2-04", "BT26", "Q2", "v1.2"): letters come before it
    in its word."""
    word_start = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    return any(c.isalpha() for c in text[word_start:start])


def _number(text: str) -> float | None:
    """ "1,000,000", "1.000.000" and "1 000" are thousands; "99.3" and "26,67" decimals."""
    parts = re.split(r"[.,\s]", text)
    grouped = all(len(p) == 3 for p in parts[1:]) and (len(parts) > 2 or len(parts[0]) <= 3)
    if len(parts) > 1 and grouped:
        digits = "".join(parts)
    elif len(parts) == 2:
        digits = f"{parts[0]}.{parts[1]}"
    elif len(parts) == 1:
        digits = parts[0]
    else:
        return None
    try:
        return float(digits)
    except ValueError:
        return None


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    unit: str | None

    def holds(self, amount: Amount) -> bool:
        return amount.unit == self.unit and self.low <= amount.value <= self.high


def band(label: str) -> Band | None:
    """The band a row label states: "€250,000 – €1,000,000", "up to €250,000", "over 5
    years", "Below 99.5% but at least 99.0%", "10-20 kg" (None: the label is no band). The
    unit written once counts for both ends ("10-20 kg")."""
    plus = re.search(r"\d\s?\+", label) is not None  # "5+ years"
    label = re.sub(r"(\d)\s?\+", r"\1", label)
    found = amounts(label)
    if not found or len(found) > 2:
        return None
    units = {a.unit for a in found if a.unit}
    if len(units) > 1:
        return None
    # the unit written once counts for both ends ("10-20 kg"), also before them ("Weeks 1–26")
    words_before = label[: found[0].start].split()
    unit = units.pop() if units else _UNITS.get(words_before[-1].lower()) if words_before else None
    low, high = -math.inf, math.inf
    if len(found) == 2 and _BETWEEN.match(label[found[0].end : found[1].start]):
        low, high = sorted((found[0].value, found[1].value))
        return Band(low, high, unit)
    bounded = False
    for a in found:
        before = label[: a.start]
        if _UPPER.search(before):
            high, bounded = min(high, a.value), True
        elif _LOWER.search(before):
            low, bounded = max(low, a.value), True
    # "5+ years", "€5,000,000 or more"
    if not bounded and len(found) == 1:
        after = label[found[0].end :]
        if plus or _OR_MORE.match(after):
            low, bounded = found[0].value, True
        elif _OR_LESS.match(after):
            high, bounded = found[0].value, True
    return Band(low, high, unit) if bounded else None


def bands_of(labels: Mapping[int, str]) -> dict[int, Band] | None:
    """The labels' bands when they make a banded table (two bands or more), else None."""
    bands = {i: b for i, label in labels.items() if (b := band(label)) is not None}
    return bands if len(bands) >= 2 else None


def rows_in_band(question_amounts: list[Amount], bands: Mapping[int, Band]) -> set[int]:
    """The rows (keys of ``bands``) whose band holds one of the question's amounts in its
    unit, the narrowest where bands nest ("11 hours" is in "more than 5 hours" and "more
    than 10 hours": the second applies). Empty when the question gives no such amount."""
    held = {i: b for i, b in bands.items() if any(b.holds(a) for a in question_amounts)}
    return {
        i
        for i, b in held.items()
        if not any(
            j != i and b.low <= o.low and o.high <= b.high and o != b for j, o in held.items()
        )
    }
