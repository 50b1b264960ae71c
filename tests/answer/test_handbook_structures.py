"""Handbook shapes the reader has to see through, end to end on a small index: a FAQ written
without headings, an HTML table and toggle, a nested list, a call-out and a Word file."""

from __future__ import annotations

import pytest

from tests.retrieval.helpers import make_docx

FAQ = """---
title: IT help FAQ
url: https://intranet.example/it/faq
---
# IT help FAQ

**Can I use my own laptop for work?**
No. Only company laptops may connect to internal systems. Personal phones may be used for email.

**How long are deleted files kept?**
Deleted files stay in the recycle bin for 93 days. IT can restore them from backup after that.

Q: Is there a printer quota?
A: Yes, 500 pages per month per person. Colour pages count double.

**When do I get paid?**
Leeds colleagues are paid monthly, on the 25th. Hamburg colleagues are paid on the last working
day of the month. Lisbon colleagues are paid on the 23rd.
"""

TRAVEL = """---
title: Travel policy
url: https://intranet.example/travel
---
# Travel policy

## Per diems

- Germany
  - Full day: €28
  - Partial day: €14
- Portugal
  - Full day: €50
  - Partial day: €25

## Visas

> **Note:** Trips to the US need an ESTA, which takes up to 72 hours to approve.
"""

BENEFITS = """<html><head><title>Benefits overview</title></head><body><main>
<h1>Benefits overview</h1>
<h2>Learning budget</h2>
<table><tr><th>Level</th><th>Budget per year</th><th>Conference days</th></tr>
<tr><td>Junior</td><td>€1,000</td><td>2</td></tr><tr><td>Senior</td><td>€2,000</td><td>4</td></tr>
<tr><td>Lead</td><td>€3,000</td><td>5</td></tr></table>
<h2>Bike leasing</h2>
<p>Bike leasing runs through JobRad. You can lease up to two bikes.</p>
<details><summary>Are e-bikes allowed?</summary>Yes, e-bikes up to a list price of €7,000.</details>
</main></body></html>
"""


# Steps written as paragraphs ("Step 2: …"), and rates typed one under another as fields.
VPN = """# VPN access

## Connecting on Windows

Step 1: Open the GlobalProtect app from the system tray.

Step 2: Enter the portal address `vpn.acme.example` and click **Connect**.

Step 3: Approve the push in Okta Verify.
"""

# A tutorial's steps as headings of their own, each over its paragraph.
LAPTOP = """<html><head><title>Setting up your new laptop</title></head><body><main>
<h1>Setting up your new laptop</h1><p>Follow these steps on your first day.</p>
<h2>Step 1: Sign in with your Okta account</h2><p>Use the temporary password from the email.</p>
<h2>Step 2: Enrol in Intune</h2><p>Open Company Portal and click Enrol this device.</p>
<h2>Step 3: Install the VPN client</h2><p>Install GlobalProtect from Company Portal.</p>
<h2>Troubleshooting</h2><p>If enrolment fails, restart and contact the service desk.</p>
</main></body></html>
"""

MILEAGE = """Mileage rates
=============

Car: 0.30 EUR per km
Motorbike: 0.20 EUR per km
Bicycle: 0.05 EUR per km
"""


EQUIPMENT = [
    ("title", "Equipment policy"),
    ("h1", "Monitors"),
    ("p", "Everyone can have one external monitor at home and one in the office."),
    ("h2", "Requesting a monitor"),
    ("number", "Open the Equipment form in ServiceDesk."),
    ("number", "Choose the monitor size, 24 or 27 inches."),
    ("number", "Your manager approves the request within 2 working days."),
    ("h1", "Headsets"),
    (
        "table",
        [
            ["Model", "Price", "For"],
            ["Jabra Evolve2", "€230", "Everyone"],
            ["Poly Voyager", "€310", "Sales"],
        ],
    ),
]


@pytest.fixture
def handbook(small_kb, tmp_path_factory):
    word = make_docx(tmp_path_factory.mktemp("word") / "equipment.docx", EQUIPMENT).read_bytes()
    services = small_kb(
        (),
        {
            "faq.md": FAQ,
            "travel.md": TRAVEL,
            "benefits.html": BENEFITS,
            "equipment.docx": word,
            "vpn.md": VPN,
            "mileage.txt": MILEAGE,
            "laptop.html": LAPTOP,
        },
    )
    return services.answer_service("extractive")


@pytest.mark.parametrize(
    ("question", "quoted", "not_quoted"),
    [
        # the FAQ's question line is the answer's heading, never the quote
        ("is there a printer quota?", "500 pages per month", "Q:"),
        ("can i bring my own laptop?", "No. Only company laptops", "Can I use"),
        # an HTML table row is read with its header cells
        ("how much is the learning budget for seniors?", "Senior — Budget per year: €2,000", "|"),
        # a nested item says which parent it belongs to
        ("what's the per diem for a full day in portugal?", "Portugal — Full day: €50", "€28"),
        ("how long does an ESTA take to approve?", "up to 72 hours", ">"),
        # a toggle's hidden answer, read under its summary
        (
            "are e-bikes allowed for bike leasing?",
            "e-bikes up to a list price of €7,000",
            "allowed?",
        ),
        # a Word file: its table and its numbered steps
        ("how much does the Poly Voyager headset cost?", "Poly Voyager — Price: €310", "|"),
        ("how do I request a monitor?", "2. Choose the monitor size", "Everyone can have"),
        # steps written as "Step 2: …" paragraphs are the how-to's numbered steps
        (
            "how do i connect to the vpn on windows?",
            "1. Open the GlobalProtect app from the system tray.\n2. Enter the portal address",
            "Step",
        ),
        # steps as headings of their own: all of them, each with its paragraph
        (
            "how do i set up my new laptop?",
            "1. Sign in with your Okta account — Use the temporary password from the email."
            "\n2. Enrol in Intune — Open Company Portal",
            "Step",
        ),
        # fields typed one under another: the one asked for, not all three as a sentence
        ("what's the mileage rate for a motorbike?", "Motorbike: 0.20 EUR per km", "Car:"),
    ],
)
def test_the_fact_is_quoted_in_a_form_that_stands_alone(handbook, question, quoted, not_quoted):
    result = handbook.answer(question)
    assert result.status == "answered", result.answer
    assert quoted in result.answer and not_quoted not in result.answer, result.answer


def test_a_faq_answer_is_cited_with_its_question(handbook):
    result = handbook.answer("how long are deleted files kept?")
    assert "93 days" in result.answer
    assert result.sources[0].anchor == "IT help FAQ › How long are deleted files kept?"


def test_a_date_told_by_the_calendar_answers_a_when_question(handbook):
    # "the last working day of the month" is a date though it holds no number: it is quoted
    # with the dates that have one (before, only the "25th" and the "23rd" were).
    result = handbook.answer("when do we get paid?")
    assert "last working day of the month" in result.answer, result.answer
