"""Word files: headings, lists, tables and bold labels read as the writer marked them, the
title from the Title paragraph or the file's properties, and damaged or old files refused
with a reason."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import make_docx, write


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def test_a_word_handbook_keeps_its_headings_lists_and_tables(tmp_path):
    path = make_docx(
        tmp_path / "travel.docx",
        [
            ("title", "Travel policy"),
            ("toc heading", "Contents"),
            ("toc", "Hotels\t2"),
            ("p", "This policy applies to everyone."),
            ("h1", "Hotels"),
            ("table", [["City", "Limit per night"], ["Berlin", "€160"], ["Lisbon", "€140"]]),
            ("h2", "Booking a hotel"),
            ("number", "Open Tripwise."),
            ("number", "Choose a hotel under the limit."),
            ("bold", "Loyalty points"),
            ("bullet", "You may keep them."),
        ],
        title="Template leftover",
    )
    document = load(path)
    assert document.title == "Travel policy"  # the Title paragraph, not the property
    # (the table of contents is left out: the blocks below are all there is)
    assert document.url == "https://docs.example.com/travel.docx"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "This policy applies to everyone."),
        (
            ("Hotels",),
            "| City | Limit per night |\n| --- | --- |\n| Berlin | €160 |\n| Lisbon | €140 |",
        ),
        (("Hotels", "Booking a hotel"), "1. Open Tripwise."),
        (("Hotels", "Booking a hotel"), "2. Choose a hotel under the limit."),
        (("Hotels", "Booking a hotel", "Loyalty points"), "- You may keep them."),
    ]


def test_merged_word_cells_keep_every_row_under_its_own_headers(tmp_path):
    """Word merges cells: an office named once for two rows, "Price" over "EUR" and "USD".
    Read cell by cell, the second London row slid under "Office"; now each row has its label
    and each value its header."""
    offices = [
        ["Office", "Guest registration", "Escort"],
        ["London", "Reception, 24 hours ahead", "Yes"],
        ["", "Weekend: facilities team", "Yes"],
        ["Berlin", "Envoy app", "No"],
    ]
    prices = [["Plan", "Price", ""], ["", "EUR", "USD"], ["Scale", "€349", "$389"]]
    path = make_docx(
        tmp_path / "merged.docx",
        [
            ("merged table", (offices, [((1, 0), (2, 0))])),
            ("p", "Prices per month."),
            ("merged table", (prices, [((0, 1), (0, 2)), ((0, 0), (1, 0))])),
        ],
    )
    assert [b.text for b in load(path).blocks] == [
        "| Office | Guest registration | Escort |\n| --- | --- | --- |\n"
        "| London | Reception, 24 hours ahead | Yes |\n"
        "| London | Weekend: facilities team | Yes |\n"
        "| Berlin | Envoy app | No |",
        "Prices per month.",
        "| Plan | Price (EUR) | Price (USD) |\n| --- | --- | --- |\n| Scale | €349 | $389 |",
    ]


def test_a_word_title_falls_back_to_the_file_property_then_the_file_name(tmp_path):
    with_property = make_docx(tmp_path / "a.docx", [("p", "Text.")], title="Expense policy")
    assert load(with_property).title == "Expense policy"
    without = make_docx(tmp_path / "sick-leave.docx", [("h1", "Reporting sick"), ("p", "Text.")])
    assert load(without).title == "Reporting sick"  # the first heading, as for HTML
    bare = make_docx(tmp_path / "sick-leave-2.docx", [("p", "Text.")])
    assert load(bare).title == "Sick leave 2"


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda p: p.write_bytes(b"PK\x03\x04 not really a zip"), "not a Word document"),
        (lambda p: p.write_bytes(b"\xd0\xcf\x11\xe0 an old binary .doc renamed"), r"\.doc file"),
        (lambda p: _zip_without_body(p), "unreadable Word document"),
    ],
)
def test_a_damaged_word_file_is_a_load_error(tmp_path, damage, reason):
    path = tmp_path / "broken.docx"
    damage(path)
    with pytest.raises(LoadError, match=reason):
        load(path)


def _zip_without_body(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("[Content_Types].xml", "<Types/>")


def test_a_word_file_without_text_is_refused(tmp_path):
    path = make_docx(tmp_path / "blank.docx", [])
    with pytest.raises(LoadError, match="no readable text"):
        load(path)


DOCUMENTS = ".docx, PDF, HTML or Markdown"


@pytest.mark.parametrize(
    ("name", "formats"),
    [
        ("memo.doc", DOCUMENTS),
        ("notes.pages", DOCUMENTS),
        ("deck.ppt", ".pptx or PDF"),
        ("deck.key", ".pptx or PDF"),
    ],
)
def test_documents_to_convert_first_say_how(tmp_path, name, formats):
    with pytest.raises(LoadError, match=rf"is not read; save it as {re.escape(formats)}"):
        load(write(tmp_path, name, "content"))
