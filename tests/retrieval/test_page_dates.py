"""The date a page or file states for its last change (loaders/page_dates.py)."""

from __future__ import annotations

import os
import zipfile
from datetime import date

import pytest

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from kb_slackbot.retrieval.loaders.page_dates import parse_when
from tests.retrieval.helpers import make_docx, make_opendocument, make_pdf, write

TODAY = date(2026, 11, 27)
# The file's own time, as an export or a copy leaves it: what a page's date replaces.
COPIED = 1_795_000_000  # 2026-11-18


def load(path):
    os.utime(path, (COPIED, COPIED))
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-03-03T10:12:00Z", date(2025, 3, 3)),
        ("Mar 03, 2025", date(2025, 3, 3)),
        ("@March 3, 2026 10:12 AM", date(2026, 3, 3)),
        ("D:20240115093000+01'00'", date(2024, 1, 15)),
        ("9 okt 2026", date(2026, 10, 9)),  # month names in the page's language
        ("9. Oktober 2026", date(2026, 10, 9)),
        ("1 de novembro de 2026", date(2026, 11, 1)),
        ("12 dic 2025", date(2025, 12, 12)),
        ("over 2 weeks ago", None),
        ("2027-06-01", None),  # in the future: not believed
        ("1970-01-01", None),  # a zero timestamp
        ("last Tuesday-ish", None),
        ("", None),
    ],
)
def test_a_stated_date_is_read_when_it_is_one_and_believable(text, expected):
    assert parse_when(text, TODAY) == expected


@pytest.mark.parametrize(
    ("head", "body"),
    [
        ('<meta property="article:modified_time" content="2025-03-03T10:12:00+00:00">', ""),
        ('<meta name="dcterms.modified" content="2025-03-03">', ""),
        ("", '<footer><time datetime="2025-03-03T10:12:00.000Z" itemprop="dateModified">'),
        (  # a Notion export's properties
            "",
            '<table class="properties"><tr class="property-row property-row-last_edited_time">'
            "<th>Last edited</th><td><time>@March 3, 2025 10:12 AM</time></td></tr></table>",
        ),
        (  # a Confluence export
            "",
            '<div class="page-metadata">Created by <span class="author">Anna Berg</span>, last'
            ' updated by <span class="editor">Bo Lind</span> on Mar 03, 2025</div>',
        ),
        (  # a MediaWiki page
            "",
            '<footer><ul><li id="footer-info-lastmod"> This page was last edited on 3 March'
            " 2025, at 09:30.</li></ul></footer>",
        ),
        ("", '<span class="git-revision-date-localized-plugin-date">March 3, 2025</span>'),
        (  # a Zendesk help centre article's byline
            "",
            '<article><header><h1>Leave</h1><div class="article-meta">Ann Berg <ul><li>'
            '<time datetime="2025-03-03T09:14:55Z">3 March 2025 09:14</time></li>'
            "<li>Updated</li></ul></div></header></article>",
        ),
        ("", '<p class="fw-meta"><span>Modified on: Mon, 3 Mar, 2025 at 9:05 AM</span></p>'),
        (  # a German MediaWiki page
            "",
            '<footer><ul><li id="footer-info-lastmod"> Diese Seite wurde zuletzt am 3. März 2025'
            " um 09:30 Uhr bearbeitet.</li></ul></footer>",
        ),
        ("", '<span class="kb-updated">Last updated : 2025-03-03</span>'),  # ServiceNow
        (  # a Document360 article in Dutch
            "",
            '<div class="article-meta"><span class="meta-item">Bijgewerkt op 3 mrt 2025</span>'
            '<span class="meta-item">3 minuten leestijd</span></div>',
        ),
    ],
    ids=[
        "opengraph",
        "dublin-core",
        "docusaurus",
        "notion",
        "confluence",
        "mediawiki",
        "mkdocs",
        "zendesk",
        "freshdesk",
        "servicenow",
        "mediawiki-de",
        "document360-nl",
    ],
)
def test_an_html_page_is_dated_by_the_date_it_states(tmp_path, head, body):
    html = (
        f"<html><head><title>Leave</title>{head}</head><body><p>Leave text.</p>{body}</body></html>"
    )
    assert load(write(tmp_path, "leave.html", html)).updated == date(2025, 3, 3)


def test_a_page_that_states_no_date_or_an_unbelievable_one_keeps_the_files(tmp_path):
    plain = write(tmp_path, "a.html", "<html><body><p>Leave text.</p></body></html>")
    future = write(
        tmp_path,
        "b.html",
        '<html><head><meta name="last-modified" content="2099-01-01"></head>'
        "<body><p>Leave text.</p></body></html>",
    )
    assert load(plain).updated == load(future).updated == date(2026, 11, 18)


def test_office_and_opendocument_files_and_pdfs_are_dated_by_what_they_record(tmp_path):
    word = make_docx(tmp_path / "leave.docx", [("p", "Leave text for everyone.")])
    _set_core_modified(word, "2025-03-03T10:12:00Z")
    writer = make_opendocument(tmp_path / "leave.odt", "text", "<text:p>Leave text.</text:p>")
    _set_meta_date(writer, "2024-06-30T08:00:00")
    pdf = make_pdf(tmp_path / "leave.pdf", [["Leave text for everyone."]])
    _set_pdf_date(pdf, "D:20230115093000+01'00'")
    assert load(word).updated == date(2025, 3, 3)
    assert load(writer).updated == date(2024, 6, 30)
    assert load(pdf).updated == date(2023, 1, 15)


def _rewrite(path, part: str, change) -> None:
    with zipfile.ZipFile(path) as old:
        items = [(i, old.read(i.filename)) for i in old.infolist()]
    with zipfile.ZipFile(path, "w") as new:
        for info, data in items:
            new.writestr(info, change(data.decode()) if info.filename == part else data)


def _set_core_modified(path, when: str) -> None:
    import re

    def change(xml: str) -> str:
        tag = f'<dcterms:modified xsi:type="dcterms:W3CDTF">{when}</dcterms:modified>'
        xml = re.sub(r"<dcterms:modified[^>]*>.*?</dcterms:modified>", "", xml)
        return xml.replace("</cp:coreProperties>", f"{tag}</cp:coreProperties>")

    _rewrite(path, "docProps/core.xml", change)


def _set_meta_date(path, when: str) -> None:
    with zipfile.ZipFile(path) as package:
        has_meta = "meta.xml" in package.namelist()
    meta = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-meta '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta>'
        f"<dc:date>{when}</dc:date></office:meta></office:document-meta>"
    )
    if has_meta:
        _rewrite(path, "meta.xml", lambda _xml: meta)
    else:
        with zipfile.ZipFile(path, "a") as package:
            package.writestr("meta.xml", meta)


def _set_pdf_date(path, when: str) -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(path))
    writer.add_metadata({"/ModDate": when})
    with open(path, "wb") as handle:
        writer.write(handle)


@pytest.mark.parametrize(
    ("front", "expected"),
    [
        ("lastmod: 2025-03-03", date(2025, 3, 3)),  # Hugo
        ("last_modified_at: 2025-03-03T10:12:00Z", date(2025, 3, 3)),  # Jekyll
        ("last_update:\n  date: 2025-03-03\n  author: Ann", date(2025, 3, 3)),  # Docusaurus
        ("last_reviewed: 2025-03-03", date(2025, 3, 3)),  # a handbook's review date
        ("updated: 2025-03-03\nlast_reviewed: 2024-01-01", date(2025, 3, 3)),  # updated first
        ("last_reviewed: next spring", None),  # no date: the file's own time, page kept
        ("last_reviewed: 2099-01-01", None),  # a date in the future is not believed
    ],
)
def test_a_markdown_page_is_dated_by_its_front_matters_last_change(tmp_path, front, expected):
    path = write(tmp_path, "leave.md", f"---\ntitle: Leave\n{front}\n---\nLeave text.\n")
    assert load(path).updated == (expected or date(2026, 11, 18))  # else the copy's time
