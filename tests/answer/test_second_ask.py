"""A question that asks two things gets a piece for each (answer/second_ask.py)."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.answerability import load_reader_models
from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.piece_features import cosine_scorer
from kb_slackbot.answer.reader import Passage, Reader
from kb_slackbot.answer.second_ask import answers, piece_for, second_ask


@pytest.mark.parametrize(
    ("question", "words", "kind"),
    [
        ("how many days holiday do uk staff get and can i carry any over", {"carry"}, None),
        (
            "What discount do we get from Houtland Panelen, and what's their lead time?",
            {"lead"},
            None,
        ),
        ("is stockport depot open on christmas day? what hours", {"hours"}, None),
        ("Kann ich in München in der Tiefgarage parken und was kostet das?", {"kostet"}, "amount"),
        ("can i claim mileage for my van? what's the rate", {"rate"}, "amount"),
    ],
)
def test_the_second_ask_is_what_it_adds_to_the_first(question, words, kind):
    ask = second_ask(question)
    assert ask is not None and set(ask.words) == words and ask.kind == kind


@pytest.mark.parametrize(
    "question",
    [
        "lost my fuel card, who do i ring",  # a situation, then one ask
        "Wie und wann kam die erste Variante nach Europa?",  # a one-word first ask
        "Wer entscheidet, wie Land genutzt werden darf?",  # a clause, not a second ask
        "how many days holiday do i get?",
        "how do i book a desk and how do i book it",  # nothing the first does not say
    ],
)
def test_one_ask_is_one_ask(question):
    assert second_ask(question) is None


def test_the_piece_added_holds_what_the_second_ask_asks_for():
    question = "how many days holiday do uk staff get and can i carry any over"
    ask = second_ask(question)
    units = [
        Unit("sentence", "Full-time UK staff get 25 days of annual leave."),
        Unit("sentence", "Leave is booked in Workday."),
        Unit("sentence", "You can carry over up to 5 days into the next year."),
        Unit("sentence", "Carrying leave over needs your manager's approval."),
    ]
    assert not answers(ask, units[0].text, question)
    said = units[0].text
    assert piece_for(ask, question, units, [0.9, 0.5, 0.3, 0.4], said) == 3  # the best scored
    assert piece_for(ask, question, units, [0.9, 0.5, 0.3, 0.2], said) == 2
    # a kind of fact: another piece that holds it, whether or not it says "kostet"
    question = "Kann ich in der Tiefgarage parken und was kostet das?"
    ask = second_ask(question)
    units = [
        Unit("sentence", "In der Tiefgarage gibt es 8 Stellplätze."),
        Unit("sentence", "Gebucht wird in Deskbird."),
        Unit("sentence", "Pro gebuchtem Tag werden 5 € einbehalten."),
    ]
    assert piece_for(ask, question, units, [0.9, 0.5, 0.2], units[0].text) == 2


@pytest.fixture(scope="module")
def reader(embedder):
    return Reader(cosine_scorer(embedder), *load_reader_models())


def test_the_reader_answers_both_asks(reader):
    passage = Passage(
        1,
        "Full-time UK staff get 25 days of annual leave a year, plus the bank holidays. "
        "Leave is booked in Workday and approved by your line manager.\n\n"
        "The leave year runs from January to December. You can carry over up to 5 unused "
        "days, to be used by 31 March.",
        "Holiday › UK",
        0.8,
    )
    one = reader.read("how many days holiday do uk staff get?", [passage], _idf).text()
    both = reader.read(
        "how many days holiday do uk staff get and can i carry any over", [passage], _idf
    ).text()
    assert "25 days" in both and "carry over up to 5" in both
    assert "carry over" not in one  # the piece is added for the second ask only


def _idf(terms):
    return dict.fromkeys(terms, 2.0)
