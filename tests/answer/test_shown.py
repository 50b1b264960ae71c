"""The reader's picks as the answer shows them."""

from __future__ import annotations

from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.pieces import Passage, Pick
from kb_slackbot.answer.reader import Reading
from kb_slackbot.answer.shown import as_shown


def test_rows_of_one_table_are_shown_in_the_table_s_order():
    dunning = Passage(1, "", "Billing › Failed payments", 0.8)
    other = Passage(2, "", "Billing › Invoices", 0.6)
    day0 = Unit("row", "Day 0 — What happens: Payment fails.", position=0)
    day5 = Unit("row", "Day 5 — What happens: Second retry.", position=1)
    day30 = Unit("row", "Day 30 — What happens: Moved to Starter.", position=2)
    note = Unit("sentence", "Invoices are sent on the 1st.", position=0)
    pairs = [(dunning, day0), (dunning, day5), (dunning, day30), (other, note)]
    picks = [Pick(1, day30, 0.3), Pick(2, note, 0.29), Pick(1, day5, 0.28), Pick(1, day0, 0.25)]
    shown = as_shown("what happens when a payment fails?", Reading(picks, 0.3), pairs)
    # The best piece stays first (it is the answer); the rows after it take the rows'
    # places in the table's order; the sentence keeps its place.
    assert [p.unit.text for p in shown.picks] == [day30.text, note.text, day0.text, day5.text]
    assert shown.best == 0.3
