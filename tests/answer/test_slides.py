"""A slide deck beside the pages answers, end to end: cited at its slide."""

from __future__ import annotations

from tests.retrieval.test_slides_loader import make_deck


def test_a_deck_answers_from_its_table_and_is_cited_at_the_slide(small_kb, tmp_path):
    deck = make_deck(tmp_path / "onboarding.pptx").read_bytes()
    services = small_kb((), {"onboarding.pptx": deck})
    answer = services.answer_service("extractive").answer(
        "How much is an EV parking space in London per day?"
    )
    assert answer.answer.startswith("London — Spaces: 10 (EV); Price per day: £15"), answer.answer
    (source,) = answer.sources
    assert source.location == "page 4" and source.url.endswith("/onboarding.pptx")
