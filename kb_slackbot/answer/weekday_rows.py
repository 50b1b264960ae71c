"""Rows labelled by days of the week, and the rows a question's weekday names.

Opening hours, rotas and collection days are tables of weekdays ("Thu — Reception: Mila;
Nurse: Joris", "Mo–Fr — 08:00–18:00", "Sábado — 09:00–13:00"). Every row reads alike on
the question's topic, so "who closes reception on thursdays" was answered with the Saturday
and Tuesday rows first. A question's weekday names the rows whose label holds that day: as
a word, an abbreviation or inside a range ("Mon–Fri" holds Thursday). A question writes the
day out ("thursdays", "am Donnerstag", "los viernes"); labels also abbreviate it, so short
forms are read only in labels ("do" and "so" are English words, "Do" and "So" German days).
Public reading-comprehension text has no tables, so this is a rule, not a fit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Monday first; each day's full names in en, de, nl, fr, es, pt, it (a question may use them)
_FULL = (
    "monday montag maandag lundi lunes segunda lunedì lunedi",
    "tuesday dienstag dinsdag mardi martes terça terca martedì martedi",
    "wednesday mittwoch woensdag mercredi miércoles miercoles quarta mercoledì mercoledi",
    "thursday donnerstag donderdag jeudi jueves quinta giovedì giovedi",
    "friday freitag vrijdag vendredi viernes sexta venerdì venerdi",
    "saturday samstag sonnabend zaterdag samedi sábado sabado sabato",
    "sunday sonntag zondag dimanche domingo domenica",
)
# … and the short forms labels use. English ones are read in any label ("Thu 21 Jan"); the
# others are words too ("do", "mar", "sam", "di"), so they are read only in a range
# ("Mo–Fr", "ma t/m vr", "lun–vie") or in a label of nothing but days ("Sa", "Do und Fr").
_ENGLISH_SHORT = (
    "mon",
    "tue tues",
    "wed weds",
    "thu thur thurs",
    "fri",
    "sat",
    "sun sonn",  # (German "Sonn- und Feiertage")
)
_OTHER_SHORT = (
    "mo ma lun seg",
    "di mar ter",
    "mi wo mer mié mie qua",
    "do jeu jue qui gio",
    "fr vr ven vie sex",
    "sa za sam sáb sab",
    "so zo dim dom",
)
_MONTHS_TOO = frozenset({"mar"})  # Tuesday in "lun–mar", March in "25 Mar 2027"
_JOINS = frozenset({"and", "und", "en", "et", "e", "y", "or", "oder", "ou", "o"})
# … public holidays share a row with Sunday ("So und Feiertage", "Sun & bank holidays")
_HOLIDAYS = frozenset(
    [
        "public",
        "bank",
        "holiday",
        "holidays",
        "feiertag",
        "feiertage",
        "feiertags",
        "feriados",
        "festivos",
        "feestdagen",
        "jours",
        "fériés",
    ]
)
_WEEKEND = frozenset({"weekend", "weekends", "wochenende", "weekeinde"})


def _table(rows: tuple[str, ...]) -> dict[str, int]:
    return {word: day for day, words in enumerate(rows) for word in words.split()}


_QUESTION_DAYS = _table(_FULL)
_LABEL_DAYS = {**_QUESTION_DAYS, **_table(_ENGLISH_SHORT)}
_ANY_DAYS = {**_LABEL_DAYS, **_table(_OTHER_SHORT)}
_WORD = re.compile(r"\w+")
# "Mon–Fri", "Mo - Fr", "Monday to Friday", "lunes a viernes", "ma t/m vr" …
_RANGE = re.compile(
    r"\b(\w+)\.?(?:\s*[–—-]\s*|\s+(?:to|bis|a|à|al|t/m|tot|through|thru)\s+)(\w+)\b"
)
# "fim de semana", "fin de semana", "week-end" are one word: weekend
_WEEKEND_PHRASE = re.compile(r"\bfi[mn] de semana\b|\bweek-end\b")


def question_days(question: str) -> set[int]:
    """The weekdays (0 = Monday) the question names: written out, in any of the languages
    above, singular or plural ("thursdays", "los viernes"), or "weekend"."""
    return _days(_WORD.findall(_WEEKEND_PHRASE.sub(" weekend ", question.lower())), _QUESTION_DAYS)


def label_days(label: str) -> set[int]:
    """The weekdays a row's label holds, ranges spelled out ("Mon–Fri": Monday to Friday)."""
    text = _WEEKEND_PHRASE.sub(" weekend ", label.lower())
    days: set[int] = set()
    for first, last in _RANGE.findall(text):
        start, end = _ANY_DAYS.get(first), _ANY_DAYS.get(last)
        if start is not None and end is not None:
            days |= {(start + n) % 7 for n in range((end - start) % 7 + 1)}
    words = [w for w in _WORD.findall(text) if not w.isdigit()]
    only_days = all(w in _ANY_DAYS or w in _JOINS or w in _WEEKEND or w in _HOLIDAYS for w in words)
    known = _ANY_DAYS if only_days else _LABEL_DAYS
    return days | _days([w for w in words if w not in _MONTHS_TOO], known)


def _days(words: list[str], known: dict[str, int]) -> set[int]:
    """The days ``words`` name by ``known``'s forms, a plural as its day, "weekend" as two."""
    days: set[int] = set()
    for word in words:
        if word in _WEEKEND:
            days |= {5, 6}
        elif (day := known.get(word, _QUESTION_DAYS.get(word.removesuffix("s")))) is not None:
            days.add(day)
    return days


def rows_on_days(days: set[int], labels: Mapping[int, str]) -> set[int] | None:
    """The rows whose label holds one of ``days``; None unless the labels are weekdays (at
    least two rows hold a day) and some but not all of them hold an asked one."""
    held = {i: label_days(label) for i, label in labels.items()}
    if not days or sum(1 for d in held.values() if d) < 2:
        return None
    named = {i for i, d in held.items() if d & days}
    return named if 0 < len(named) < len(labels) else None
