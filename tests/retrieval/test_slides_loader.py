"""Slide decks (.pptx) become Documents: a section per slide, or fail with a reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Inches

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import write, zip_without_content


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def make_deck(path: Path) -> Path:
    deck = Presentation()
    title_slide = deck.slides.add_slide(deck.slide_layouts[0])
    title_slide.shapes.title.text = "Welcome to Acme"
    title_slide.placeholders[1].text = "Onboarding, first week"

    bullets = deck.slides.add_slide(deck.slide_layouts[1])
    bullets.shapes.title.text = "Your first day"
    body = bullets.placeholders[1].text_frame
    body.text = "Collect your laptop at IT (room 2.14)"
    for text, level in (("Bring your ID", 1), ("Sign the IT policy in Workday", 0)):
        paragraph = body.add_paragraph()
        paragraph.text, paragraph.level = text, level
    bullets.notes_slide.notes_text_frame.text = "IT opens at 8:30; the laptop is ready by 9:00."

    hidden = deck.slides.add_slide(deck.slide_layouts[1])
    hidden.shapes.title.text = "Draft: salaries"
    hidden.placeholders[1].text = "Not for anyone yet"
    hidden.element.set("show", "0")

    table_slide = deck.slides.add_slide(deck.slide_layouts[5])
    table_slide.shapes.title.text = "Parking"
    rows = [["Office", "Spaces", "Price per day"], ["London", "40", "£12"], ["", "10 (EV)", "£15"]]
    shape = table_slide.shapes.add_table(3, 3, Inches(1), Inches(2), Inches(6), Inches(2))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            shape.table.cell(r, c).text = text
    shape.table.cell(1, 0).merge(shape.table.cell(2, 0))  # "London" for both rows
    box = table_slide.shapes.add_textbox(Inches(1), Inches(5), Inches(6), Inches(1))
    box.text_frame.text = "Book a space in DeskBook."
    deck.save(path)
    return path


def test_a_deck_reads_each_visible_slide_under_its_title(tmp_path):
    """Bullets as a list (nested by level), a table with its merged cell spread, a text box,
    speaker notes; a hidden slide left out; each slide cited as its page."""
    document = load(make_deck(tmp_path / "onboarding.pptx"))
    assert document.title == "Welcome to Acme"  # no title property: the first slide's title
    assert [(b.headings, b.text, b.page) for b in document.blocks] == [
        (("Welcome to Acme",), "Onboarding, first week", 1),
        (
            ("Your first day",),
            "- Collect your laptop at IT (room 2.14)\n  - Bring your ID\n"
            "- Sign the IT policy in Workday",
            2,
        ),
        (("Your first day",), "IT opens at 8:30; the laptop is ready by 9:00.", 2),
        (
            ("Parking",),
            "| Office | Spaces | Price per day |\n| --- | --- | --- |\n| London | 40 | £12 |\n"
            "| London | 10 (EV) | £15 |",
            4,
        ),
        (("Parking",), "Book a space in DeskBook.", 4),
    ]
    assert "salaries" not in " ".join(b.text for b in document.blocks)


def test_a_damaged_deck_says_what_is_wrong(tmp_path):
    with pytest.raises(LoadError, match=r"not a PowerPoint deck \(\.pptx\)"):
        load(write(tmp_path, "deck.pptx", "slides"))
    damaged = zip_without_content(tmp_path / "broken.pptx", "ppt/notes.txt")
    with pytest.raises(LoadError, match="unreadable PowerPoint deck"):
        load(damaged)
