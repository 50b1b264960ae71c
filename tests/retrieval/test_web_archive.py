"""Web pages saved as one file (.mht, .mhtml; loaders/web_archive.py)."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document

PAGE = (
    "<html><head><title>Parking - Intranet</title></head><body><article><h1>Parking</h1>"
    "<p>Permits cost €25 per month, deducted from salary.</p><img src='map.png'></article>"
    "</body></html>"
)


def _archive(path, saved_from: str | None = "https://intranet.example/hr/parking") -> None:
    archive = EmailMessage()
    archive["From"] = "<Saved by Blink>"
    archive["Subject"] = "Parking - Intranet"
    if saved_from:
        archive["Snapshot-Content-Location"] = saved_from
    archive.set_content(PAGE, subtype="html", cte="quoted-printable")
    archive.make_related()
    archive.add_related(b"\x89PNG\r\n\x1a\n", maintype="image", subtype="png", cid="<map.png>")
    path.write_bytes(bytes(archive))


def _load(path):
    return load_document(SourceFile(path, path.name, "public", "https://files.example/"))


def test_a_saved_web_page_is_read_as_its_html_and_linked_where_it_was_saved_from(tmp_path):
    path = tmp_path / "parking.mht"
    _archive(path)
    document = _load(path)
    assert document.title == "Parking"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "Permits cost €25 per month, deducted from salary.")
    ]
    assert document.url == "https://intranet.example/hr/parking"


def test_a_web_archive_without_a_web_address_is_linked_as_a_file(tmp_path):
    path = tmp_path / "parking.mhtml"
    _archive(path, saved_from="file:///C:/Users/ann/parking.html")
    assert _load(path).url == "https://files.example/parking.mhtml"


def test_a_file_that_is_no_web_archive_says_so(tmp_path):
    path = tmp_path / "notes.mht"
    path.write_text("just some text, no MIME parts", encoding="utf-8")
    with pytest.raises(LoadError, match="web archive"):
        _load(path)
