"""A spreadsheet beside the pages answers, end to end: its rows are read with their headers."""

from __future__ import annotations

PHONE_LIST = (
    "Team,Contact,Phone\n"
    "Payroll,Anna Weber,+49 30 1234 567\n"
    "IT service desk,João Silva,+351 21 555 0100\n"
    "Facilities,Tom Baker,+44 20 7946 0011\n"
)


def test_a_csv_phone_list_answers_a_phone_question(small_kb):
    services = small_kb((), {"phone-list.csv": PHONE_LIST})
    answer = services.answer_service("extractive").answer("What's the phone number for payroll?")
    assert answer.answer.startswith("Payroll — Contact: Anna Weber; Phone: +49 30 1234 567")
    (source,) = answer.sources
    assert source.title == "Phone list" and source.url.endswith("/phone-list.csv")
