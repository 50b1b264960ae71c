"""Pages their authors retired are read after the current ones (retrieval/retired.py): search
puts them last among the results that pass, and an answer quoting one says so."""

from __future__ import annotations

import pytest

from kb_slackbot.retrieval.retired import current_first, is_retired
from tests.retrieval.helpers import ingest


@pytest.mark.parametrize(
    "title",
    [
        "ARCHIVED - Timesheet Guidelines (2023)",  # Confluence's archiving convention
        "SOP-QA-012 Allergen changeover (revision 3 – SUPERSEDED)",
        "[Deprecated] v1 API",
        "Archived: old VPN guide",
        "VPN guide (superseded)",
        "Reisekosten (veraltet)",
        "Guia antigo (obsoleto)",
    ],
)
def test_a_title_marked_archived_or_superseded_is_retired(title):
    assert is_retired(title)


@pytest.mark.parametrize(
    "title",
    ["Email archive policy", "Deprecated APIs", "Obsolete equipment disposal", "Timesheets"],
)
def test_a_page_about_archives_or_deprecations_is_current(title):
    assert not is_retired(title)


def test_every_current_page_worth_suggesting_comes_before_the_retired_ones():
    scores = [0.9, 0.8, 0.6, 0.2, 0.1]
    retired = [True, False, False, True, False]
    # floor 0.5: the retired 0.9 goes after 0.8 and 0.6; the current 0.1 stays where it was
    assert current_first([0, 1, 2, 3, 4], scores, retired, 0.5) == [1, 2, 0, 3, 4]
    # a current page too weak to suggest does not displace a retired one that answers
    assert current_first([0, 1], [0.9, 0.05], [True, False], 0.5) == [0, 1]


ARCHIVED = """<html><head><title>Projects : ARCHIVED - Timesheet Guidelines (2023)</title></head>
<body><h1 id="title-text">ARCHIVED - Timesheet Guidelines (2023)</h1>
<p>Timesheets must be submitted by Monday at 10:00 for the previous week.</p>
<p>Project managers approve them by Tuesday evening.</p></body></html>"""

CURRENT = """# Timesheets

Timesheets must be submitted by Friday at 16:00 local time for the current week.

Project managers approve them by Monday 12:00.
"""


def _answer(tmp_path, services, pages: dict[str, str]):
    folder = tmp_path / "kb"
    folder.mkdir()
    for name, text in pages.items():
        (folder / name).write_text(text, encoding="utf-8")
    ingest(services, folder, base_url="https://wiki.example/")
    return services.answer_service("extractive").answer("when do timesheets have to be submitted?")


def test_the_current_page_answers_not_the_archived_one(tmp_path, services):
    result = _answer(tmp_path, services, {"old.html": ARCHIVED, "timesheets.md": CURRENT})
    assert result.status == "answered"
    assert "Friday at 16:00" in result.answer and "Monday at 10:00" not in result.answer
    assert result.sources[0].title == "Timesheets"
    assert not any("archived or superseded" in w for w in result.warnings)


def test_an_archived_page_alone_answers_with_a_warning(tmp_path, services):
    result = _answer(tmp_path, services, {"old.html": ARCHIVED})
    assert result.status == "answered" and "Monday at 10:00" in result.answer
    assert any("archived or superseded" in w for w in result.warnings)
