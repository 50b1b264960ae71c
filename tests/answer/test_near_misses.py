"""Near misses shown as answers: another year, codes the page lacks, a missing identifier."""

from __future__ import annotations

from kb_slackbot.answer.near_misses import (
    about_another_platform,
    about_another_year,
    codes_found,
    lacks_identifier,
    platforms,
)


def test_codes_found_is_the_share_of_the_questions_numbers_and_codes_on_the_page():
    question = "What was the revenue in Q2 2026?"
    assert codes_found(question, "Board financials Q3 2026\nRevenue in Q3 2026 was 14.2M.") == 0.5
    assert codes_found(question, "Revenue in Q2 2026 was 13.9M.") == 1.0
    assert codes_found("What was the revenue?", "Nothing numeric here.") == 1.0  # none asked
    assert codes_found("Root cause of INC-2214?", "INC-2214: a bad deploy") == 1.0
    # A number is the same number with or without its thousands separator.
    over = "whats the charge per label if we go over the 1500 on growth"
    assert codes_found(over, "Growth: 1,500 labels included; €0.06 per extra label") == 1.0
    assert codes_found("over 1,500 labels?", "Growth: 1.500 Labels inklusive") == 1.0
    assert codes_found(over, "Growth: 500 labels included") == 0.0
    assert codes_found("over 1,500 labels?", "Growth: 1,050 labels") == 0.0


def test_an_answer_about_another_year_is_a_near_miss():
    asked = "when are the works meetings in 2027?"
    assert about_another_year(asked, "Q1 — Date: 26 February 2026; Q2 — 11 June 2026.")
    assert not about_another_year(asked, "The 2027 dates are set in December 2026.")
    assert not about_another_year(asked, "Meetings are held every quarter.")  # names no year
    assert not about_another_year("when are the works meetings?", "26 February 2026")
    assert not about_another_year("how many in 20270?", "in 2026")  # not a year


def test_a_question_for_a_phone_number_or_an_identifier_needs_one_in_the_answer():
    assert lacks_identifier("what's the phone number for sev 1 support?", "Call the hotline.")
    assert not lacks_identifier("what's the IT hotline number?", "Hotline: +31 20 555 0140.")
    assert lacks_identifier(
        "qual é o CNPJ da Parcelwise Tecnologia Ltda.?",
        "Empresas com CNPJ brasileiro são faturadas pela Parcelwise Tecnologia Ltda.",
    )
    assert not lacks_identifier("qual é o CNPJ?", "CNPJ: 12.345.678/0001-90")
    assert not lacks_identifier("Wie lautet die Kontonummer?", "IBAN DE89 3704 0044 0532 0130 00")
    assert not lacks_identifier("what's the IT hotline number?", "Call extension 4711.")
    # a time or a short number is not one, nor the number the question gives
    assert lacks_identifier("what's the fax number?", "The desk is staffed 08:00–18:00, room 12.")
    assert lacks_identifier("is +31 20 555 0140 the hotline number?", "+31 20 555 0140")
    # an email address, a web address
    assert lacks_identifier("what's the email address for HR?", "Use the HR portal.")
    assert not lacks_identifier("Wie lautet die E-Mail-Adresse?", "Schreib an hr@firma.example.")
    assert lacks_identifier("what's the ACS url?", "Ask IT for the ACS value.")
    assert not lacks_identifier("what's the ACS url?", "`https://app.example/sso/saml/acs`")
    # other questions are never held to it
    assert not lacks_identifier("got a sketchy email, where do i report it?", "Use Report.")
    assert not lacks_identifier("how many vacation days do I get?", "28 days.")
    assert not lacks_identifier("Wann wurde das Telefon erfunden?", "Im Jahr 1876.")


def test_platforms_are_named_by_family():
    assert platforms("how do i get the vpn working on my ubuntu laptop") == {"linux"}
    assert platforms("vpn on my MacBook Air?") == {"macos"}
    assert platforms("register your laptop's MAC address first") == set()  # no Mac
    assert platforms("onde vejo o endereço MAC da impressora?") == set()
    assert platforms("Wo finde ich die MAC-Adresse unter Windows?") == {"windows"}
    assert platforms("Wi-Fi › Windows 11 and iPhone") == {"windows", "ios"}


def test_another_platforms_steps_are_a_near_miss():
    chromebook = "how do i get eduroam working on my chromebook"
    assert about_another_platform(chromebook, "1. Run nmcli …", ["Eduroam › Linux"])
    # the section for the asked platform, or steps for every platform, are no near miss
    assert not about_another_platform("vpn on my mac?", "1. Open App Shelf", ["VPN › macOS"])
    assert not about_another_platform(chromebook, "1. Open Settings › Network", ["Eduroam"])
    # … nor an answer that speaks of the asked platform itself
    assert not about_another_platform(
        "vpn on my iphone?", "Phones (iPhone, Android) need no VPN.", ["VPN › Linux"]
    )
    assert not about_another_platform("how do i set up the vpn", "1. x", ["VPN › Linux"])


def test_a_french_italian_or_dutch_question_for_a_phone_number_or_an_email_needs_one():
    # the shapes KB: the occupational doctor's phone number is on no page
    asked = "Wat is het telefoonnummer van de bedrijfsarts?"
    assert lacks_identifier(asked, "Na twee weken volgt een gesprek met de bedrijfsarts.")
    assert not lacks_identifier(asked, "Bedrijfsarts: 030 123 4567.")
    assert lacks_identifier("Quel est le numéro de téléphone du support ?", "Écrivez-nous.")
    assert lacks_identifier("Quelle est l'adresse e-mail des RH ?", "Passez au bureau 12.")
    assert not lacks_identifier("Quelle est l'adresse e-mail des RH ?", "rh@firma.example")
    assert lacks_identifier("qual è l'indirizzo email della segreteria?", "Chiedi in reception.")
