"""A PDF's table that runs on past a page break is read as one table, end to end."""

from __future__ import annotations

from tests.retrieval.helpers import make_pdf

HEADER = ("Briefing", "Who attends", "Repeat")


def test_a_row_on_the_page_before_the_better_found_part_of_its_table_is_answered(
    small_kb, tmp_path
):
    """The table's second page ranks first (it names "the Kiel station"); the row that
    answers is on the first page, which ranks lower. Both pages are one section, so the first
    page's rows are read at the second page's relevance, and cited at their own page. The
    second page's table stands right above a paragraph, with no space between."""
    pdf = make_pdf(
        tmp_path / "station-rules.pdf",
        [
            [
                "Kiel station rules",
                "Everyone on the station attends the briefings below before their first day.",
                HEADER,
                ("Fire safety", "everyone on site", "every year"),
                ("Lab hazards", "lab users", "every year"),
                ("Boat safety", "boat crews", "every 2 years"),
            ],
            [
                HEADER,
                ("Diving medical", "research divers", "every year"),
                "Fire safety briefings from Bristol or Porto do not replace the Kiel station",
                "fire safety briefing, but count for the course HS101.",
            ],
        ],
        title="Kiel station rules",
    )
    services = small_kb((), {"station-rules.pdf": pdf.read_bytes()})
    question = "How often must the fire safety briefing be repeated at the Kiel station?"
    answer = services.answer_service("extractive").answer(question)
    assert answer.answer.startswith("Fire safety — Who attends: everyone on site; Repeat: every")
    (source,) = answer.sources
    assert source.location.startswith("page 1"), source
