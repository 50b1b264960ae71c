"""A question naming some rows of a table is answered from them (answer/named_rows.py)."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.answerability import load_reader_models
from kb_slackbot.answer.candidates import extract_units
from kb_slackbot.answer.named_rows import unnamed_rows
from kb_slackbot.answer.piece_features import cosine_scorer
from kb_slackbot.answer.reader import Passage, Reader

SEVERITY = """First response times by plan:

| Severity | Starter | Growth | Scale |
| --- | --- | --- | --- |
| Severity 1 | 3 business days | 8 business hours | 1 hour, 24/7 |
| Severity 2 | 3 business days | 1 business day | 4 business hours |
| Severity 3 | 3 business days | 2 business days | 1 business day |
| Severity 12 | 5 business days | 5 business days | 3 business days |"""

HOTELS = """| Hotel | Until 14:00 | Until 18:00 |
| --- | --- | --- |
| Corvina Madrid Sol | €25 | 50% of the room rate |
| Corvina Munich Isartor | €30 | €60 |
| Corvina Porto Ribeira | €20 | €45 |"""

TAXES = """| Customer in | What we charge |
| --- | --- |
| Other EU country, without a VAT ID | VAT at the rate of your country |
| Switzerland | 8.1% Swiss VAT |
| Australia | 10% GST |"""

TAX_LABELS = ["Other EU country, without a VAT ID", "Switzerland", "Australia"]

DEVICES = """| Device | MFA prompt |
| --- | --- |
| University-managed laptop or desktop | Every 30 days |
| Personal device or browser | Every 7 days |"""


def _rows(table: str, heading: str = "Page › Section", number: int = 1):
    passage = Passage(number, table, heading, 0.9)
    return [(passage, u) for u in extract_units(table, heading) if u.kind == "row"]


def _kept(question: str, pairs) -> list[str]:
    dropped = unnamed_rows(question, pairs)
    return [u.text.split(" — ")[0] for i, (_, u) in enumerate(pairs) if i not in dropped]


def test_a_number_names_its_row_whole():
    pairs = _rows(SEVERITY)
    assert _kept("first response time for severity 2 on scale?", pairs) == ["Severity 2"]
    # "2" is not in "12"; numbers in the cells ("2 business days") do not stop it naming
    assert _kept("qual o tempo de resposta para severidade 12?", pairs) == ["Severity 12"]


RELEASES = """| Release | Goes live | Freeze |
| --- | --- | --- |
| RentDesk 7.3 | 2 March | 23 February |
| RentDesk 7.4 | 4 May | 27 April |
| RentDesk 8.0 | 6 July | 29 June |"""


def test_a_version_number_names_its_row_and_a_date_does_not():
    pairs = _rows(RELEASES)
    assert _kept("when does rentdesk 7.4 go live", pairs) == ["RentDesk 7.4"]
    # a dot date with its third part ("7.4.") or a time with minutes ("8.30") is when
    assert unnamed_rows("was ist am 7.4. los?", pairs) == set()
    assert unnamed_rows("is the 8.30 freeze call on?", pairs) == set()


CARRIER_APP = """| Version | Branch cut | Release captain |
| --- | --- | --- |
| 5.12 | Tue 6 Oct 2026 | Joris Kuipers |
| 5.13 | Tue 3 Nov 2026 | Lena Hartmann |
| 5.14 | Tue 1 Dec 2026 | Marta Ibáñez |
| 5.15 | Tue 12 Jan 2027 | Tobias Brandt |"""


def test_a_version_that_reads_as_a_time_names_the_row_it_labels():
    pairs = _rows(CARRIER_APP)
    assert _kept("who's release captain for carrier app 5.14", pairs) == ["5.14"]
    # … only where a label holds it: a time names no row of another table, a date none
    assert unnamed_rows("is the 5.14 call on?", _rows(RELEASES)) == set()
    assert unnamed_rows("what ships on 5.12.2026?", pairs) == set()


def test_a_release_the_table_lacks_is_answered_by_none_of_its_siblings():
    pairs = _rows(CARRIER_APP)
    assert _kept("when's the branch cut for carrier app 5.16", pairs) == []
    assert _kept("when does rentdesk 7.5 go live", _rows(RELEASES)) == []
    # a number of another shape ("10.5 kg") is no release; a table of sizes has no release
    assert len(_kept("branch cut for 10.25?", pairs)) == 4
    assert len(_kept("what does a 3.50 kg parcel cost", _rows(PARCELS))) == 3


PARCELS = """| Weight | Price |
| --- | --- |
| Up to 1.00 kg | €4.20 |
| Up to 2.00 kg | €5.10 |
| Up to 5.00 kg | €7.90 |"""


def test_a_capitalised_name_names_its_row_in_any_case():
    assert _kept("late checkout fee munich?", _rows(HOTELS)) == ["Corvina Munich Isartor"]


@pytest.mark.parametrize(
    ("question", "table"),
    [
        ("late checkout fee at corvina?", HOTELS),  # in every label: the table's subject
        ("do we charge VAT to swiss customers?", TAXES),  # also in a cell: a topic word
        ("how often does my own laptop ask for mfa?", DEVICES),  # lower case: a description
        ("what do we charge and when?", TAXES),  # everyday words name nothing
        ("late checkout fee in lisbon?", HOTELS),  # names no row at all
        ("who is on call the week of 2 jan?", SEVERITY),  # a date is when, not which row
        ("can we stay till 3pm or 12:30 on 3/1?", SEVERITY),  # … and so is a time
    ],
)
def test_words_that_name_no_row_keep_the_whole_table(question, table):
    pairs = _rows(table)
    assert unnamed_rows(question, pairs) == set()


def test_each_table_is_judged_on_its_own():
    pairs = _rows(HOTELS, "Hotels › Late departure") + _rows(TAXES, "Pricing › Taxes", 2)
    kept = _kept("late checkout fee munich?", pairs)
    # (the taxes page never names Munich, but its labels are not known to be names either)
    assert kept == ["Corvina Munich Isartor", *TAX_LABELS]
    pairs = _rows(SEVERITY, "Support › Times") + _rows(TAXES, "Pricing › Taxes", 2)
    kept = _kept("first response for severity 2?", pairs)
    assert kept == ["Severity 2", *TAX_LABELS]


def test_a_table_on_a_page_that_never_names_the_place_asked_about_is_passed_over():
    # The hotels table lists Madrid, Munich and Porto: "Lisbon" is a sibling it lacks.
    assert _kept("What's the late checkout fee in Lisbon?", _rows(HOTELS)) == []
    # … also typed in lower case, when the pages read write it as a name
    lisbon = Passage(2, "The Lisbon office opens in May.", "Offices › Lisbon", 0.5)
    pairs = _rows(HOTELS) + [(lisbon, u) for u in extract_units(lisbon.text, lisbon.heading)]
    assert unnamed_rows("late checkout fee lisbon?", pairs) == {0, 1, 2}


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        # the page names it elsewhere (another section): the table may still be its answer
        (
            "What's the late checkout fee in Lisbon?",
            Passage(
                1, HOTELS, "Hotels › Fees", 0.9, page_sections=(("Hotels › Lisbon", "Lisbon"),)
            ),
        ),
        # a page in another language may spell the name its own way ("Lisboa")
        (
            "What's the late checkout fee in Lisbon?",
            Passage(1, HOTELS, "Hotéis", 0.9, cross_language=True),
        ),
        # German capitalises every noun: capitals name nothing
        (
            "Wie hoch ist die Gebühr für späten Checkout in Lissabon?",
            Passage(1, HOTELS, "Hotels", 0.9),
        ),
        # A Question In Title Case names nothing by its capitals
        ("What Is The Late Checkout Fee In Lisbon?", Passage(1, HOTELS, "Hotels", 0.9)),
        # lower case, and no page read writes it: not known to be a name
        ("late checkout fee in lisbon?", Passage(1, HOTELS, "Hotels", 0.9)),
        # an acronym is no name ("PR" for the page's "pull request")
        ("What's the late checkout fee for a PR?", Passage(1, HOTELS, "Hotels", 0.9)),
    ],
    ids=["named-elsewhere-on-page", "other-language", "german", "title-case", "unknown", "acronym"],
)
def test_a_table_is_kept_unless_its_page_surely_lacks_the_name(question, passage):
    pairs = [(passage, u) for u in extract_units(HOTELS, passage.heading) if u.kind == "row"]
    assert unnamed_rows(question, pairs) == set()


PARTITIONS = """| Partition | Max walltime |
| --- | --- |
| standard | 48 hours |
| gpu (4 × A100) | 24 hours |
| debug | 30 minutes |"""


STATUS_CODES = """| Code | Meaning |
| --- | --- |
| 0x10 | OK, reporting normally |
| 0x41 | Movement outside contract hours |"""


@pytest.mark.parametrize(
    ("question", "table", "passed"),
    [
        ("whats the max walltime on the h100 partition", PARTITIONS, True),  # A100 only
        ("whats the max walltime on the a100 partition", PARTITIONS, False),
        # a code of no shape the page uses says nothing ("sev2" where it says "Severity 2")
        ("first response for sev2 on scale?", SEVERITY, False),
        ("late checkout fee for room 305 in munich?", HOTELS, False),  # a number is no code
        ("what does status code 0x35 mean", STATUS_CODES, True),  # 0x10 and 0x41 only
        ("what does status code 0x41 mean", STATUS_CODES, False),
    ],
)
def test_a_code_the_page_lacks_beside_others_of_its_shape_passes_its_tables_over(
    question, table, passed
):
    pairs = _rows(table)
    assert (unnamed_rows(question, pairs) == set(range(len(pairs)))) is passed


LIMITS = """Hotel limits per night (the London one includes breakfast):

- Brussels: €170
- London: £210
- Valencia: €120"""


def test_a_code_is_a_code_in_every_language():
    # A French question on an English page: "A2" is written alike, so the A1 row is a sibling
    passage = Passage(1, PARTITIONS, "HPC › Partitions", 0.9, cross_language=True)
    pairs = [(passage, u) for u in extract_units(PARTITIONS, passage.heading) if u.kind == "row"]
    assert unnamed_rows("quelle est la durée maximale sur la partition h100 ?", pairs) == {0, 1, 2}
    # … and "A100" names its row of the table
    assert unnamed_rows("quelle est la durée maximale sur la partition a100 ?", pairs) == {0, 2}


def test_a_list_on_a_page_that_never_names_the_place_is_passed_over_too():
    passage = Passage(1, LIMITS, "Travel › Hotels", 0.9)
    pairs = [(passage, u) for u in extract_units(LIMITS, passage.heading)]
    items = {i for i, (_, u) in enumerate(pairs) if u.kind == "item"}
    assert len(items) == 3
    assert unnamed_rows("What's the hotel limit in Lisbon?", pairs) == items
    assert unnamed_rows("What's the hotel limit in London?", pairs) == set()


def test_a_month_or_a_weekday_is_no_name():
    # "Aug" and "Saturday" are capitalised in the pages, but name no place a page must hold
    note = Passage(2, "Claims for trips in Aug and on a Saturday go to Finance.", "Expenses", 0.5)
    for question in ("deadline for claims from a trip in aug?", "late fee on saturday?"):
        pairs = _rows(HOTELS) + [(note, u) for u in extract_units(note.text, note.heading)]
        assert unnamed_rows(question, pairs) == set()


def test_a_table_of_things_that_are_no_names_is_kept_whatever_place_the_question_names():
    # "doing home visits from Ripon": the mileage table lists vehicles, not places
    vehicles = "| Vehicle | Rate |\n| --- | --- |\n| Car | 52p per mile |\n| Motorcycle | 24p |"
    assert _kept("mileage rate for my car? home visits from Ripon", _rows(vehicles)) == ["Car"]


def test_prose_and_lists_are_not_passed_over_for_naming_no_row():
    text = "Severity 1 incidents page the on-call engineer.\n\n- Severity 2: next business day"
    passage = Passage(1, text, "Support", 0.9)
    pairs = [(passage, u) for u in extract_units(text, "Support")]
    assert unnamed_rows("what happens for severity 2?", pairs) == set()


@pytest.fixture(scope="module")
def reader(embedder):
    return Reader(cosine_scorer(embedder), *load_reader_models())


def test_the_reader_answers_with_the_row_asked_for(reader):
    passages = [Passage(1, SEVERITY, "Support › First response times", 0.9)]
    text = reader.read(
        "qual o tempo de primeira resposta para severidade 2 no plano scale?",
        passages,
        lambda terms: dict.fromkeys(terms, 2.0),
    ).text()
    assert text.startswith("Severity 2 — ")
    assert "Severity 1" not in text and "Severity 3" not in text


def test_the_reader_does_not_quote_a_sibling_row_for_a_place_the_table_lacks(reader):
    hotels = Passage(1, HOTELS, "Front office › Late departure fees", 0.9)
    note = "Late departure is free for Circle Gold members."
    prose = Passage(2, note, "Front office › Loyalty", 0.4)
    reading = reader.read(
        "What's the late checkout fee in Lisbon?",
        [hotels, prose],
        lambda terms: dict.fromkeys(terms, 2.0),
    )
    assert all(pick.unit.kind != "row" for pick in reading.picks)


def test_pages_holding_only_a_table_of_other_sites_give_nothing_to_quote(reader):
    passages = [Passage(1, HOTELS, "Front office › Late departure fees", 0.9)]
    reading = reader.read(
        "What's the late checkout fee in Lisbon?", passages, lambda t: dict.fromkeys(t, 2.0)
    )
    assert reading.picks == [] and reading.best == 0.0
