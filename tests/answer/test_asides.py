import pytest

from kb_slackbot.answer.asides import asks, clauses, the_ask

OEE_PAGE = (
    "OEE (overall equipment effectiveness) is availability × performance × quality, shown as "
    "a percentage. The target is 78% for Line 1 to Line 4."
)


def test_clauses_part_at_punctuation_dashes_emoji_and_but():
    assert clauses("sorry dumb q but what does OEE mean, keeps coming up in the ops meeting") == [
        "sorry dumb q but",
        "what does OEE mean,",
        "keeps coming up in the ops meeting",
    ]
    assert clauses("forgot my passwrod again 🙃 where do i reset it") == [
        "forgot my passwrod again 🙃",
        "where do i reset it",
    ]
    assert clauses("Going to Dubai next month — will the VPN work there?") == [
        "Going to Dubai next month —",
        "will the VPN work there?",
    ]
    # a decimal point or a version is no clause end; "mAs" (milliampere-seconds) is no "mas"
    assert clauses("what changed in 5.14?") == ["what changed in 5.14?"]
    assert len(clauses("Quanti mAs servono per una radiografia?")) == 1


@pytest.mark.parametrize(
    "clause, asking",
    [
        ("what does OEE mean,", True),
        ("wann kann ich beim betriebsrat vorbeischaun?", True),
        ("is that normal??", True),
        ("and whats the timeout", True),
        ("quanti giorni servono", True),
        ("kann ich das verschieben", True),
        ("tengo que ir a la mutua", True),
        # French and Dutch: "how much", and clauses that open with a yes/no verb
        ("combien ça coûte", True),
        ("hoeveel vakantiedagen krijg ik", True),
        ("est-ce que je peux venir le samedi", True),
        ("kan ik thuiswerken op vrijdag", True),
        ("moet ik dat melden", True),
        ("sorry voor de domme vraag", False),
        ("keeps coming up in the ops meeting", False),
        ("hab ne frage zu meinem schichtplan", False),
        ("sorry dumb q but", False),
    ],
)
def test_asks(clause, asking):
    assert asks(clause) is asking


def test_the_ask_drops_the_scene_the_page_does_not_speak_of():
    question = "sorry dumb q but what does OEE mean, keeps coming up in the ops meeting"
    assert the_ask(question, OEE_PAGE) == "what does OEE mean"


def test_a_clause_the_page_speaks_of_stays():
    question = "keeps coming up on line 4, what does OEE mean"
    assert the_ask(question, OEE_PAGE) == question  # a number stays
    question = "the availability figure is confusing me, what does OEE mean"
    assert the_ask(question, OEE_PAGE) == question  # "availability" is on the page


def test_a_question_that_asks_in_no_clause_or_has_one_clause_is_kept_whole():
    assert the_ask("OEE meaning", OEE_PAGE) == "OEE meaning"
    assert the_ask("ops meeting, OEE", OEE_PAGE) == "ops meeting, OEE"
    assert the_ask("how is OEE worked out in the ops meeting", OEE_PAGE) == (
        "how is OEE worked out in the ops meeting"
    )


def test_an_ask_that_points_back_to_the_aside_keeps_it():
    page = "The VPN portal is vpn.example.com. Install the client from the app store."
    assert the_ask("Ik ga volgende week naar Dubai, werkt de VPN daar?", page) == (
        "Ik ga volgende week naar Dubai, werkt de VPN daar?"
    )
    assert the_ask("Going to Dubai next month — will the VPN work there?", page) == (
        "Going to Dubai next month — will the VPN work there?"
    )
    assert the_ask("forgot my passwrod again 🙃 where do i reset it", page) == (
        "forgot my passwrod again 🙃 where do i reset it"
    )
