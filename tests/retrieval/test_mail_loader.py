"""Emails saved as .eml files, read as pages titled by their subject (loaders/mail.py)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document

ANNOUNCEMENT = b"""\
From: Office Management <office@acme.example>
To: all-staff@acme.example
Subject: =?utf-8?q?Office_closed_on_24_December_=E2=80=93_Berlin?=
Date: Tue, 17 Nov 2026 09:12:00 +0100
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: multipart/alternative; boundary="b2"

--b2
Content-Type: text/plain; charset=utf-8

The Berlin office is closed on 24 December.
--b2
Content-Type: text/html; charset=utf-8

<html><body><p>The Berlin office is <b>closed on 24 December</b>.</p>
<p>Reception reopens on 28 December at 08:00.</p></body></html>
--b2--
--b1
Content-Type: text/plain; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

Attachment text that is not the message.
--b1--
"""

PLAIN = """\
From: HR <hr@acme.example>
Subject: =?iso-8859-1?q?Neue_Reisekostens=E4tze?=
Content-Type: text/plain; charset=iso-8859-1
Content-Transfer-Encoding: quoted-printable

Ab 1. M=E4rz gilt:

Kilometerpauschale: 0,30 EUR
"""


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def test_an_email_is_a_page_titled_by_its_subject_and_dated_when_sent(tmp_path):
    """The HTML body is read (the plain-text one is the same message), the attachment is not,
    the subject's encoded words are decoded."""
    path = tmp_path / "closure.eml"
    path.write_bytes(ANNOUNCEMENT)
    document = load(path)
    assert document.title == "Office closed on 24 December – Berlin"
    assert document.updated == date(2026, 11, 17)
    assert [b.text for b in document.blocks] == [
        "The Berlin office is closed on 24 December.",
        "Reception reopens on 28 December at 08:00.",
    ]


def test_a_plain_text_email_in_latin_1_is_read_as_text(tmp_path):
    path = tmp_path / "rates.eml"
    path.write_bytes(PLAIN.encode("ascii"))  # as mail clients write it: 7-bit, encoded
    document = load(path)
    assert document.title == "Neue Reisekostensätze"
    assert [b.text for b in document.blocks] == ["Ab 1. März gilt:", "Kilometerpauschale: 0,30 EUR"]


def test_a_subject_written_in_utf_8_as_it_is_reads_as_written(tmp_path):
    path = tmp_path / "porto.eml"
    path.write_bytes(
        "Subject: Estacionamento no Polo Matosinhos – dísticos 2027\n"
        "Content-Type: text/plain; charset=utf-8\n\nOs dísticos custam 150 € por ano.\n".encode()
    )
    document = load(path)
    assert document.title == "Estacionamento no Polo Matosinhos – dísticos 2027"
    assert [b.text for b in document.blocks] == ["Os dísticos custam 150 € por ano."]


def test_a_body_in_a_character_set_python_does_not_know_is_read_as_utf_8(tmp_path):
    path = tmp_path / "archive.eml"
    path.write_bytes(
        b"Subject: Canteen hours\nContent-Type: text/plain; charset=unknown-8bit\n"
        b"Content-Transfer-Encoding: 8bit\n\nThe canteen opens at 11:30 \xe2\x80\x93 no change.\n"
    )
    assert [b.text for b in load(path).blocks] == ["The canteen opens at 11:30 – no change."]


def test_what_is_no_email_or_has_no_text_says_so(tmp_path):
    not_mail = tmp_path / "notes.eml"
    not_mail.write_bytes(b"\x00\x01binary")
    with pytest.raises(LoadError, match="not an email"):
        load(not_mail)
    only_attachment = tmp_path / "scan.eml"
    only_attachment.write_bytes(
        b"Subject: Scan\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\n"
        b"JVBERi0xLjQK\n"
    )
    with pytest.raises(LoadError, match="email has no text body"):
        load(only_attachment)


@pytest.mark.parametrize(
    ("name", "formats"),
    [("mail.msg", ".eml"), ("deck.key", ".pptx or PDF"), ("book.epub", "PDF or HTML")],
)
def test_other_documents_say_how_to_convert_them(tmp_path, name, formats):
    path = tmp_path / name
    path.write_text("content")
    with pytest.raises(LoadError, match=f"is not read; save it as {formats}"):
        load(path)
