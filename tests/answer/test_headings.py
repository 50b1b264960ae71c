"""Section headings in reading: the section a question names, the fact a heading holds."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.headings import names_section, with_heading
from kb_slackbot.answer.pieces import Passage


@pytest.mark.parametrize(
    "question, heading, named",
    [
        ("what was the root cause of INC-2214?", "Postmortem › Root cause", True),
        ("root causes of the outage?", "Postmortem › Root cause", True),  # a word's forms
        ("what's the parking policy at the Lisbon office?", "Lisbon office › Parking", True),
        ("what caused the outage?", "Postmortem › Root cause", False),  # a word missing
        ("what was the root cause?", "Root cause", False),  # a page title names no section
        ("can i park there?", "Office › Parking", True),
        ("what was the cause of the outage?", "Postmortem › Root causes", False),
    ],
)
def test_a_question_names_a_section_by_its_heading_s_words(question, heading, named):
    assert names_section(question, heading) is named


def test_a_heading_is_shown_only_for_a_section_and_only_while_the_answer_lacks_the_fact():
    question = "which api version made weight an integer in grams?"
    section = Passage(1, "", "API changelog › 2025-09-15 — API version 2025-09-01", 0.9)
    unit = Unit("sentence", "Breaking: weight is now an integer in grams.")
    shown = with_heading(question, section, unit)
    assert shown.shown == f"*2025-09-15 — API version 2025-09-01*: {unit.text}"
    # A page title alone is not a section heading; code keeps its lines; no cue, no heading.
    unit = Unit("sentence", "Breaking: weight is now an integer in grams.")
    titled = Passage(1, "", "Changelog 2025-09-01", 0.9)
    assert with_heading(question, titled, unit) is unit
    code = Unit("code", "Void labels:\n```bash\npwctl labels void\n```")
    assert with_heading(question, section, code) is code
    untyped = "did weight become an integer in grams?"
    assert with_heading(untyped, section, unit) is unit
    # An answer that already holds a version needs no heading for its next piece.
    assert with_heading(question, section, unit, said="Since version 2025-06-02.") is unit
