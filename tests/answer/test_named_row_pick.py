"""The table row a question names goes into the answer (answer/named_row_pick.py)."""

from __future__ import annotations

import numpy as np

from kb_slackbot.answer.candidates import Unit, extract_units
from kb_slackbot.answer.named_row_pick import named_positions, says_more, with_named_row
from kb_slackbot.answer.named_rows import unnamed_rows
from kb_slackbot.answer.pieces import Passage, Pick, Reading

RELEASES = """| Release | Code freeze | All depots |
| --- | --- | --- |
| RentDesk 7.3 | Tue 3 November 2026 | Tue 1 December 2026 |
| RentDesk 7.4 | Tue 8 December 2026 | Tue 12 January 2027 |
| RentDesk 8.0 | Tue 2 March 2027 | Tue 6 April 2027 |"""

QUESTION = "when does rentdesk 7.4 go live for all depots"
LEAD = "When RentDesk releases freeze, go to the pilot depot and go live everywhere."


def _pairs():
    table = Passage(1, RELEASES, "RentDesk › Release calendar", 0.9)
    lead = Passage(1, LEAD, "RentDesk › Release calendar", 0.9)
    rows = [(table, u) for u in extract_units(RELEASES, table.heading) if u.kind == "row"]
    return [(lead, Unit("sentence", LEAD)), *rows]


def _prose_reading(pairs) -> Reading:
    passage, unit = pairs[0]
    return Reading([Pick(1, unit, 0.6, passage.heading)], 0.6)


def test_the_rows_left_of_a_table_whose_other_rows_were_passed_over_are_named():
    pairs = _pairs()
    passed_over = unnamed_rows(QUESTION, pairs)
    assert named_positions(pairs, passed_over) == {2}
    # a table passed over whole is about siblings: none of its rows is named
    assert named_positions(pairs, {1, 2, 3}) == set()
    assert named_positions(pairs, set()) == set()


def test_a_named_row_follows_the_prose_the_reader_quoted():
    pairs = _pairs()
    probabilities = np.array([0.6, 0.1, 0.3, 0.2])
    reading = with_named_row(QUESTION, _prose_reading(pairs), pairs, [2], probabilities, 60)
    assert [pick.unit.kind for pick in reading.picks] == ["sentence", "row"]
    assert reading.text().endswith(
        "RentDesk 7.4 — Code freeze: Tue 8 December 2026; All depots: Tue 12 January 2027. [1]"
    )
    assert reading.best == 0.6  # the reader's confidence is its own piece's


def test_a_named_row_is_not_added_twice_nor_to_steps_nor_past_the_word_budget():
    pairs = _pairs()
    probabilities = np.array([0.6, 0.1, 0.3, 0.2])
    passage, row = pairs[2]
    shown = Reading([Pick(1, row, 0.3, passage.heading)], 0.3)
    assert with_named_row(QUESTION, shown, pairs, [2], probabilities, 60) == shown
    steps = Reading([Pick(1, Unit("steps", "1. Open RentDesk.\n2. Go live."), 0.6)], 0.6)
    assert with_named_row(QUESTION, steps, pairs, [2], probabilities, 60) == steps
    prose = _prose_reading(pairs)
    assert with_named_row(QUESTION, prose, pairs, [2], probabilities, 5) == prose
    assert with_named_row(QUESTION, prose, pairs, [], probabilities, 60) == prose


def test_a_named_row_must_say_more_of_the_question_than_its_name():
    pairs = _pairs()
    probabilities = np.array([0.6, 0.1, 0.3, 0.2])
    prose = _prose_reading(pairs)
    # "when does rentdesk 7.4 ship?": the row's cells hold none of "ship", only its name
    assert (
        with_named_row("when does rentdesk 7.4 ship?", prose, pairs, [2], probabilities, 60)
        == prose
    )
    # a place names a row of every table on its page: the on-call table is no answer here
    assert not says_more("standpipe deposit for eupen?", "Eupen — Tage: Samstag; Pauschale: 58 €")
    assert says_more("printer queue for the stockport office", "Stockport — Printer queue: STP-01")
    assert says_more("open on fridays?", "Leeds — Friday: closed")  # plural and singular
    assert says_more("colour A4 at Lille", "Lille — A4 colour, per side: €0.30")
