"""Notes exported from note apps read as the app shows them: a Joplin note without its fields,
a Bear note without its tags and highlight marks, a OneNote page titled and dated by its
first lines (loaders/joplin.py, markdown_wiki.py, onenote.py)."""

from __future__ import annotations

from datetime import date

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write

JOPLIN = """Control room – phone numbers

Main number: **0161 496 0300**.

| Shift | Direct line |
|---|---|
| Early | 0161 496 0301 |

id: 7d3f0c52a9e14b6f8c21e4d9b07a5f13
parent_id: c41b8e07f95a4d2e9b6a13f0d8e27c55
created_time: 2025-03-14T08:12:44.120Z
updated_time: 2026-10-02T16:40:05.331Z
is_conflict: 0
author:
user_updated_time: 2026-10-02T16:40:05.331Z
encryption_applied: 0
type_: 1"""


def _load(path):
    return load_document(SourceFile(path, path.name, "control", "https://kb.example/"))


def test_a_joplin_note_is_titled_by_its_first_line_and_its_fields_are_no_text(tmp_path):
    document = _load(write(tmp_path, "7d3f0c52a9e14b6f8c21e4d9b07a5f13.md", JOPLIN))
    assert document.title == "Control room – phone numbers"  # not the id it is named by
    assert document.updated == date(2026, 10, 2)
    assert [(b.text, b.start_line) for b in document.blocks] == [
        ("Main number: **0161 496 0300**.", 3),  # line numbers stay the file's
        ("| Shift | Direct line |\n|---|---|\n| Early | 0161 496 0301 |", 5),
    ]


def test_a_markdown_page_ending_in_key_value_lines_is_no_joplin_note(tmp_path):
    text = "# Wi-Fi\n\nThe settings:\n\nssid: NT-Staff\ntype_: 1\n"
    blocks = [b.text for b in _load(write(tmp_path, "wifi.md", text)).blocks]
    assert blocks == ["The settings:", "ssid: NT-Staff\ntype_: 1"]  # no 32-hex id: text


def test_bear_tags_and_highlights_are_read_as_the_app_shows_them(tmp_path):
    text = (
        "# Wheel nut torque\n#engineering/workshop #tyres\n\n"
        "::Always re-torque after 50 km.:: Then sign the job card.\n\n"
        "Use `std::chrono::seconds` and ==650 Nm== on the Enviro400.\n\n#1 priority is safety.\n"
    )
    blocks = [b.text for b in _load(write(tmp_path, "torque.md", text)).blocks]
    assert blocks == [
        "Always re-torque after 50 km. Then sign the job card.",
        "Use `std::chrono::seconds` and 650 Nm on the Enviro400.",  # code stays as written
        "#1 priority is safety.",  # not a line of tags
    ]


ONENOTE = """<html><head><meta name=Generator content="Microsoft OneNote 15"></head>
<body><div><p style='font-size:20.0pt'>Depot IT kit register</p></div>
<div><p style='color:#767676'><span>Wednesday, 7 October 2026</span></p>
<p style='color:#767676'><span>14:32</span></p></div>
<div><p>Kiosk PCs restart every night at 03:00.</p></div></body></html>"""


def test_a_onenote_page_is_titled_and_dated_by_the_lines_onenote_writes(tmp_path):
    document = _load(write(tmp_path, "kit.html", ONENOTE))
    assert document.title == "Depot IT kit register"
    assert document.updated == date(2026, 10, 7)
    assert [b.text for b in document.blocks] == ["Kiosk PCs restart every night at 03:00."]
    # any other page keeps a date line of its own as text
    other = ONENOTE.replace("Microsoft OneNote 15", "Microsoft Word 15")
    texts = [b.text for b in _load(write(tmp_path, "word.html", other)).blocks]
    assert "Wednesday, 7 October 2026" in texts


NOTION = """# Reisekosten Deutschland

Verantwortlich: Jonas Weber
Zuletzt bearbeitet: 6. Oktober 2026 10:15
Erstellt: 3. März 2025 09:00
Tags: München, Reisekosten

Alles über Spendwise, spätestens 60 Tage nach dem Beleg.

Last edited: is a heading-like line further down, not a property.
"""


def test_a_notion_page_is_dated_by_its_last_edited_property(tmp_path):
    document = _load(
        write(tmp_path, "Reisekosten Deutschland 9ff57292023c506731f9cc0efb17e9a6.md", NOTION)
    )
    assert document.title == "Reisekosten Deutschland"
    assert document.updated == date(2026, 10, 6)  # the export's file time is the export's day
    assert [(b.text, b.start_line) for b in document.blocks] == [
        ("Verantwortlich: Jonas Weber", 3),  # the other properties are read, not the tags
        ("Alles über Spendwise, spätestens 60 Tage nach dem Beleg.", 8),  # (lines stay)
        ("Last edited: is a heading-like line further down, not a property.", 10),
    ]
    # created only: that date; another file's "Last edited:" line is its text
    created = NOTION.replace("Zuletzt bearbeitet: 6. Oktober 2026 10:15\n", "")
    path = write(tmp_path, "Reise 9ff57292023c506731f9cc0efb17e9a7.md", created)
    assert _load(path).updated == date(2025, 3, 3)
    plain = _load(write(tmp_path, "reisekosten.md", NOTION))
    assert "Zuletzt bearbeitet: 6. Oktober 2026 10:15" in plain.blocks[0].text
