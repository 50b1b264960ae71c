"""An Evernote export (.enex) read as one page, each note a section (loaders/evernote.py)."""

from __future__ import annotations

from datetime import date

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import write


def _note(title: str, updated: str, enml: str) -> str:
    return (
        f"<note><title>{title}</title><created>20240101T100000Z</created>"
        f"<updated>{updated}</updated><tag>leeds</tag>"
        "<note-attributes><author>Sarah</author></note-attributes><content><![CDATA["
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
        '<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">'
        f"<en-note>{enml}</en-note>]]></content>"
        '<resource><data encoding="base64">iVBORw0KGgo=</data><mime>image/png</mime></resource>'
        "</note>"
    )


def _export(*notes: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">\n'
        f'<en-export export-date="20261120T084410Z" application="Evernote">{"".join(notes)}'
        "</en-export>"
    )


HANDOVER = _note(
    "Leeds – handover",
    "20261117T170012Z",
    "<div>Cover notes for the practice manager.</div><div><br /></div><h2>Keys</h2>"
    "<ul><li><div>Alarm company: <b>0113 496 0201</b>.</div></li></ul>"
    '<en-media hash="4f3a" type="image/png" />'
    '<div><en-todo checked="true"/>Book the PAT testing</div><div><en-todo/>Order toner</div>',
)
NUMBERS = _note(
    "Leeds – useful numbers",
    "20260302T090000Z",
    "<table><tr><td><div><b>Who</b></div></td><td><div><b>Number</b></div></td></tr>"
    "<tr><td><div>On-call mobile</div></td><td><div>+44 7700 900412</div></td></tr>"
    "<tr><td><div>Crematorium</div></td><td><div>0113 496 0388</div></td></tr></table>",
)


def _load(tmp_path, text: str, name: str = "leeds-notes.enex"):
    path = write(tmp_path, name, text)
    return load_document(SourceFile(path, name, "clinics", "https://docs.example/"))


def test_each_note_of_a_notebook_is_a_section_under_its_title(tmp_path):
    document = _load(tmp_path, _export(HANDOVER, NUMBERS))
    assert document.title == "Leeds notes"  # a notebook of several notes: its file's name
    assert document.url == "https://docs.example/leeds-notes.enex"
    assert document.updated == date(2026, 11, 17)  # the latest note's <updated>
    texts = [(b.headings, b.text) for b in document.blocks]
    assert texts[:3] == [
        (("Leeds – handover",), "Cover notes for the practice manager."),
        (("Leeds – handover", "Keys"), "- Alarm company: 0113 496 0201."),
        (("Leeds – handover", "Keys"), "[x] Book the PAT testing"),  # checkboxes as drawn
    ]
    assert texts[3][1] == "[ ] Order toner"
    table = texts[-1]
    assert table[0] == ("Leeds – useful numbers",)
    assert "| On-call mobile | +44 7700 900412 |" in table[1]
    assert "iVBORw0KGgo" not in "".join(t for _, t in texts)  # attachments are no text


def test_a_single_note_is_titled_by_the_note(tmp_path):
    document = _load(tmp_path, _export(NUMBERS), "export.enex")
    assert document.title == "Leeds – useful numbers"
    assert all(b.headings == () for b in document.blocks)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<en-export><note><title>x", "not a readable Evernote export"),
        ('<?xml version="1.0"?><en-export application="Evernote"></en-export>', "without notes"),
    ],
)
def test_a_broken_or_empty_export_says_so(tmp_path, text, message):
    with pytest.raises(LoadError, match=message):
        _load(tmp_path, text)
