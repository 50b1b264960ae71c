"""Questions that ask two things: parted into their asks, each ask's best piece added."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.answerability import load_reader_models
from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.multi_ask import split_asks, with_asks
from kb_slackbot.answer.piece_features import cosine_scorer
from kb_slackbot.answer.pieces import Pick, Reading
from kb_slackbot.answer.reader import Passage, Reader


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        (
            "how many days of annual leave do Valencia staff get, and how much can they "
            "carry over?",
            [
                "how many days of annual leave do Valencia staff get,",
                "how much can they carry over?",
            ],
        ),
        (
            "can i borrow a laptop for a whole day? and whats the fine if i bring it back late",
            [
                "can i borrow a laptop for a whole day?",
                "and whats the fine if i bring it back late",
            ],
        ),
        (
            "Hoe laat moet ik me uiterlijk ziek melden en bij welk nummer?",
            ["Hoe laat moet ik me uiterlijk ziek melden", "bij welk nummer?"],
        ),
        (
            "wie viele leute dürfen aufs boot und bis zu welcher windstärke fahrt ihr noch raus?",
            ["wie viele leute dürfen aufs boot", "bis zu welcher windstärke fahrt ihr noch raus?"],
        ),
        (
            "qto custa a inscrição? e até quando posso me inscrever?",
            ["qto custa a inscrição?", "e até quando posso me inscrever?"],
        ),
        (
            "Wann wurde die Universität gegründet? Wer leitete sie als Erster?",
            ["Wann wurde die Universität gegründet?", "Wer leitete sie als Erster?"],
        ),
    ],
)
def test_a_question_that_asks_two_things_is_parted_into_its_asks(question, asks):
    assert split_asks(question) == asks


@pytest.mark.parametrize(
    "question",
    [
        "How do I set up the VPN on Linux?",
        # after a comma a question word opens a subordinate clause as often as an ask
        "Wie alt war Peyton Manning, als er im Super Bowl 50 spielte?",
        "Mit welcher Metrik wird bestimmt, wie groß ein Flughafen ist?",
        "When I'm on call, what's the allowance?",
        # a part of fewer than three words asks nothing of its own
        "audit gave me ERR 409 when i ran it again?? what now",
        "if i swap onto someones night shift who gets the night premium, me or them?",
        # "and" before a word that is no question word
        "Do the Berlin and Paris offices have parking?",
        "sorry dumb q but what does OEE mean, keeps coming up in the ops meeting",
    ],
)
def test_a_question_that_asks_one_thing_stays_whole(question):
    assert split_asks(question) == [question]


def _pick(text: str, probability: float, number: int = 1) -> Pick:
    return Pick(number, Unit("sentence", text), probability, "Leave")


def _reading(*picks: Pick) -> Reading:
    return Reading(list(picks), picks[0].probability if picks else 0.0, coverage=0.4)


def test_each_asks_best_piece_follows_the_answer_when_the_reader_rates_it():
    whole = _reading(_pick("Valencia staff get 23 days of annual leave.", 0.8))
    carry = _reading(_pick("Up to 5 days can be carried over to March.", 0.6))
    merged = with_asks(whole, [whole, carry], floor=0.3, max_words=60)
    assert [p.unit.text for p in merged.picks] == [
        "Valencia staff get 23 days of annual leave.",
        "Up to 5 days can be carried over to March.",
    ]
    # what answerability weighs is the question read whole
    assert (merged.best, merged.coverage) == (0.8, 0.4)


def test_an_asks_piece_is_left_out_when_weak_already_said_or_over_budget():
    whole = _reading(_pick("Valencia staff get 23 days of annual leave.", 0.8))
    carry = _reading(_pick("Up to 5 days can be carried over to March.", 0.6))
    weak = _reading(_pick("The office closes in August.", 0.2))
    assert with_asks(whole, [whole, weak], floor=0.3, max_words=60).picks == whole.picks
    said = _reading(_pick("Valencia staff get 23 days of annual leave.", 0.9))
    assert with_asks(whole, [said, said], floor=0.3, max_words=60).picks == whole.picks
    assert with_asks(whole, [whole, carry], floor=0.3, max_words=8).picks == whole.picks
    assert with_asks(_reading(), [carry], floor=0.3, max_words=60).picks == []
    # … and is added when none of that holds
    assert len(with_asks(whole, [whole, carry], floor=0.3, max_words=60).picks) == 2


LEAVE = """Valencia staff get 23 days of annual leave per calendar year, plus the regional
public holidays of the Comunitat Valenciana.

Holiday requests go through the HR portal and need your team lead's approval. Please book
summer holidays before the end of March so that the workshop can plan its cover.

You can carry over up to 5 unused days into the next calendar year. Days above that are
lost on 31 December."""


@pytest.fixture(scope="module")
def reader(embedder):
    return Reader(cosine_scorer(embedder), *load_reader_models())


def test_the_reader_answers_both_asks_from_the_pages(reader):
    question = (
        "How many days of annual leave do Valencia staff get, and how much can they carry over?"
    )
    passages = [Passage(1, LEAVE, "Leave › Valencia", 0.9)]
    idf = lambda terms: dict.fromkeys(terms, 2.0)  # noqa: E731

    whole = reader.read(question, passages, idf).text()
    both = reader.read(question, passages, idf, split_asks(question)).text()

    assert "23 days" in both and "5 unused days" in both
    assert not ("23 days" in whole and "5 unused days" in whole)  # read whole, one ask wins


def _row(text: str, probability: float) -> Pick:
    return Pick(1, Unit("row", text), probability, "Suppliers")


def test_another_row_of_the_table_shown_is_no_answer_to_a_later_ask():
    """ "What discount do we get from Houtland Panelen, and what's their lead time?": the ask
    read alone names no supplier, and its best row is another supplier's. The row shown
    already holds every column; a fact of a two-column table is another thing's fact."""
    houtland = _row("Houtland Panelen — Lead time: 5 working days; Discount: 8%", 0.8)
    steen = _row("Vlaamse Steen — Lead time: 4 weeks; Discount: none", 0.7)
    whole = Reading([houtland], 0.8)
    assert with_asks(whole, [whole, _reading(steen)], floor=0.4, max_words=60).picks == [houtland]

    # … also a list written as a table
    ghent = Pick(1, Unit("item", "Ghent workshop — guests: `TF-Gast`, password monthly"), 0.8)
    bristol = Pick(1, Unit("item", "Bristol studio — guests: `TF-Guest`, weekly"), 0.7)
    shown = with_asks(Reading([ghent], 0.8), [_reading(bristol)], floor=0.4, max_words=60)
    assert shown.picks == [ghent]

    excess = _row("Young driver excess: €2,000 (drivers under 26)", 0.8)
    base = _row("Insurance excess: €1,000", 0.6)
    shown = with_asks(Reading([excess], 0.8), [_reading(base)], floor=0.4, max_words=60)
    assert shown.picks == [excess, base]
