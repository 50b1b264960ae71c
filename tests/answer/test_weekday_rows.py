"""A question's weekday names the rows of a table of weekdays (answer/weekday_rows.py, through
answer/named_rows.py)."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.candidates import extract_units
from kb_slackbot.answer.named_rows import unnamed_rows
from kb_slackbot.answer.reader import Passage
from kb_slackbot.answer.weekday_rows import label_days, question_days, rows_on_days

ROTA = """| Day | Reception | Nurse / paravet |
| --- | --- | --- |
| Tue | Mila | Joris |
| Thu | Mila | Anouk |
| Sat | Bram | Anouk |"""

HOURS = """| Days | Open |
| --- | --- |
| Mo–Fr | 08:00–18:00 |
| Sa | 09:00–13:00 |
| Sonn- und Feiertage | geschlossen |"""

COURSES = """| Date | Course | Site |
| --- | --- | --- |
| Thu 21 Jan 2027 | Working at height refresher | Manchester |
| Wed 14 Apr 2027 | Working at height refresher | Leeds |"""


def _kept(question: str, table: str) -> list[str]:
    passage = Passage(1, table, "Page › Section", 0.9)
    pairs = [(passage, u) for u in extract_units(table, passage.heading) if u.kind == "row"]
    dropped = unnamed_rows(question, pairs)
    return [u.text.split(" — ")[0] for i, (_, u) in enumerate(pairs) if i not in dropped]


@pytest.mark.parametrize(
    ("label", "days"),
    [
        ("Mon–Fri", {0, 1, 2, 3, 4}),
        ("Monday to Friday", {0, 1, 2, 3, 4}),
        ("Mo - Fr", {0, 1, 2, 3, 4}),
        ("ma t/m vr", {0, 1, 2, 3, 4}),
        ("Segunda a sexta", {0, 1, 2, 3, 4}),
        ("Fri–Mon", {4, 5, 6, 0}),
        ("Sa", {5}),
        ("Do und Fr", {3, 4}),
        ("Sábado", {5}),
        ("Weekend", {5, 6}),
        ("Saturday, Sunday and public holidays 08:00–23:00", {5, 6}),
        ("Thu 25 Mar 2027", {3}),  # "Mar" is March beside a date, not "martes"
        ("Lun–Mar", {0, 1}),  # … and Tuesday in a range
        ("What to do", set()),  # short forms that are words too count only as days
        ("Sam Jones", set()),
    ],
)
def test_the_days_a_label_holds(label, days):
    assert label_days(label) == days


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("who closes reception on thursdays", {3}),
        ("a que hora cierra el mostrador los viernes", {4}),
        ("Tot hoe laat is de receptie op vrijdag bemand?", {4}),
        ("qual o horário do pequeno almoço ao fim de semana?", {5, 6}),
        ("what do i do if the door is locked", set()),  # "do" is no Donnerstag in a question
    ],
)
def test_the_days_a_question_names(question, days):
    assert question_days(question) == days


def test_a_weekday_names_its_rows_and_a_range_that_holds_it():
    assert _kept("who closes reception at amsterdam oost on thursdays", ROTA) == ["Thu"]
    assert _kept("wann macht ihr am Mittwoch auf?", HOURS) == ["Mo–Fr"]
    assert _kept("open on saturdays?", HOURS) == ["Sa"]
    assert _kept("is it open at the weekend", HOURS) == ["Sa", "Sonn- und Feiertage"]


def test_a_weekday_no_row_holds_or_a_table_of_other_labels_passes_nothing_over():
    assert _kept("who is on reception on mondays", ROTA) == ["Tue", "Thu", "Sat"]
    assert _kept("who closes reception", ROTA) == ["Tue", "Thu", "Sat"]
    # one dated row on a Thursday: the table is of courses, and the other row is kept too
    assert rows_on_days({3}, {0: "Thu 21 Jan 2027", 1: "Wed 14 Apr 2027"}) == {0}
    assert rows_on_days({3}, {0: "Standard room", 1: "Suite"}) is None
    assert _kept("any refresher courses on fridays?", COURSES) == [
        "Thu 21 Jan 2027",
        "Wed 14 Apr 2027",
    ]
