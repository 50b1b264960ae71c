"""Rows labelled by a band of values are named by the amount a question gives
(answer/row_ranges.py, through answer/named_rows.py)."""

from __future__ import annotations

import math

import pytest

from kb_slackbot.answer.candidates import extract_units
from kb_slackbot.answer.named_rows import unnamed_rows
from kb_slackbot.answer.reader import Passage
from kb_slackbot.answer.row_ranges import Band, amounts, band

CREDITS = """| Monthly uptime | Credit on Scale | Credit on Enterprise |
| --- | --- | --- |
| Below the commitment but at least 99.5% | 10% of the monthly fee | 10% of the monthly fee |
| Below 99.5% but at least 99.0% | 25% | 25% |
| Below 99.0% | 50% | 50% |"""

APPROVALS = """| Total contract value | Approver |
| --- | --- |
| up to €250,000 | Practice Lead |
| €250,000 – €1,000,000 | Regional Director |
| €1,000,000 – €5,000,000 | Bid Review Board |
| over €5,000,000 | Executive Committee |"""

SERVICE = """| Service | Extra days |
| --- | --- |
| 0–2 years | 0 |
| 3–5 years | 1 |
| 5+ years | 2 |"""


def _kept(question: str, table: str) -> list[str]:
    passage = Passage(1, table, "Page › Section", 0.9)
    pairs = [(passage, u) for u in extract_units(table, "Page › Section") if u.kind == "row"]
    dropped = unnamed_rows(question, pairs)
    return [u.text.split(" — ")[0] for i, (_, u) in enumerate(pairs) if i not in dropped]


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("a bid worth about 3m euros", 3_000_000, "eur"),
        ("a £400k job", 400_000, "gbp"),
        ("uptime was 99.3%", 99.3, "%"),
        ("€1,000,000", 1_000_000, "eur"),
        ("250.000 €", 250_000, "eur"),
        ("26,67 €", 26.67, "eur"),
        ("been here 4 yrs", 4, "year"),
        ("a 26m boom", 26, "metre"),  # metres, not millions: no currency
        ("grade 5", 5, None),
    ],
)
def test_an_amount_is_read_with_its_unit_and_magnitude(text, value, unit):
    (found,) = amounts(text)
    assert found.value == pytest.approx(value)
    assert found.unit == unit


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("up to €250,000", Band(-math.inf, 250_000, "eur")),
        ("€250,000 – €1,000,000", Band(250_000, 1_000_000, "eur")),
        ("over €5,000,000", Band(5_000_000, math.inf, "eur")),
        ("Below 99.5% but at least 99.0%", Band(99.0, 99.5, "%")),
        ("Below the commitment but at least 99.5%", Band(99.5, math.inf, "%")),
        ("10-20 kg", Band(10, 20, "kg")),  # the unit written once counts for both ends
        ("Weeks 27–39", Band(27, 39, "week")),
        ("5+ years", Band(5, math.inf, "year")),
        ("€1,000,000 or more", Band(1_000_000, math.inf, "eur")),
        ("Severity 2", None),  # a number that names, not a band
        ("H2-04 TANK WARM", None),  # a code, not the band 2 to 4
        ("BT26 booms, TR18 rotating telehandlers", None),
        ("Manchester", None),
    ],
)
def test_a_label_states_its_band(label, expected):
    assert band(label) == expected


def test_the_band_holding_the_amount_is_the_row_asked_about():
    assert _kept("uptime last month was 99.3% and we're on scale, how much credit?", CREDITS) == [
        "Below 99.5% but at least 99.0%"
    ]
    assert _kept("who needs to sign off a bid worth about 3m euros", APPROVALS) == [
        "€1,000,000 – €5,000,000"
    ]
    assert _kept("been here 4 yrs, how many extra days do i get", SERVICE) == ["3–5 years"]
    # an amount on a band's edge is in both bands that end there
    assert _kept("approval for a €250,000 bid?", APPROVALS) == [
        "up to €250,000",
        "€250,000 – €1,000,000",
    ]


MEALS = """| Time away from base | Most you can claim |
| --- | --- |
| More than 5 hours | £8.50 |
| More than 10 hours | £16.00 |
| Breakfast, if you leave home before 06:30 (in addition) | £6.00 |"""


def test_nested_bands_name_the_narrowest_and_a_row_that_is_no_band_stays():
    # "11 hours" is in both open bands; "more than 10 hours" applies. The breakfast row is
    # no band: it is not passed over.
    assert _kept("away from base about 11 hours, how much can i claim for food?", MEALS) == [
        "More than 10 hours",
        "Breakfast, if you leave home before 06:30 (in addition)",
    ]


@pytest.mark.parametrize(
    "question",
    [
        "who approves a £400k job?",  # pounds are not compared with euro bands
        "who approves a bid for grade 5 staff?",  # a bare number is no contract value
        "who approves a bid?",  # no amount
        "uptime was 12 hours down, how much credit?",  # hours are no percentage
    ],
)
def test_an_amount_in_another_unit_names_no_band(question):
    table = CREDITS if "credit" in question else APPROVALS
    assert len(_kept(question, table)) == (3 if table is CREDITS else 4)
