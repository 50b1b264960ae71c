"""When a page says it was last changed: the date its citations show and "may be outdated" uses.

A knowledge base is usually an export (a Confluence or Notion export, files downloaded from
SharePoint, a built docs site), so a file's own modification time is the day it was exported
or copied: every page looked fresh, and a policy last edited years ago was never flagged. The
page's own date is read where its format keeps one:

- HTML: a meta tag (``article:modified_time``, ``last-modified``, ``dcterms.modified``,
  ``DC.date.modified``, ``dateModified``), a ``<time itemprop="dateModified">`` (Docusaurus),
  a ``<time>`` in an article's header (Zendesk), "Modified on: …" (Freshdesk), a Notion
  export's "Last edited time" property, a Confluence export's "last updated by … on
  …", MediaWiki's "This page was last edited on …", MkDocs' git-revision-date plugin;
- a Notion page exported to Markdown: its "Last edited" property (loaders/notion.py);
- Word, Excel and PowerPoint files: ``dcterms:modified`` in ``docProps/core.xml``;
- OpenDocument files: ``dc:date`` in ``meta.xml``;
- PDF: the document information's ModDate.

A date in the future or before 1990 is not believed; with none, the file's time stands.
"""

from __future__ import annotations

import io
import re
import zipfile
from datetime import UTC, date, datetime, timedelta
from xml.etree import ElementTree

from dateutil import parser as dateparser

_META_NAMES = (
    'meta[property="article:modified_time"]',
    'meta[name="last-modified"]',
    'meta[name="dcterms.modified"]',
    'meta[name="DC.date.modified"]',
    'meta[itemprop="dateModified"]',
)
# "Created by Ann, last updated by Bo on 02 Sep 2026" (Confluence), "This page was last edited
# on 1 November 2026, at 09:30." (MediaWiki, and its German, Dutch, Spanish, French and Italian
# footers: "Diese Seite wurde zuletzt am 1. November 2026 um 09:30 Uhr bearbeitet.")
_LAST_MODIFIED_ON = re.compile(
    r"last (?:modified|updated|edited)(?: by .{1,80}?)? on\s+(.{6,40}?)(?:,\s*at\b.*)?\.?\s*$|"
    r"zuletzt am\s+(.{6,40}?)\s+um\b|laatst bewerkt op\s+(.{6,40}?)\s+om\b|"
    r"por última vez el\s+(.{6,40}?)\s+a las\b|a été faite le\s+(.{6,40}?)\s+à\b|"
    r"per l'ultima volta il\s+(.{6,40}?)\s+alle\b",
    re.I,
)
# "Updated on 14 Oct 2026", "Last updated: …", "Modified on: …" (Freshdesk, Document360,
# HubSpot; after the author's name in KnowledgeOwl; ServiceNow's "Last updated : …"),
# "Bijgewerkt op 9 okt 2026", "Aktualisiert am 9. Oktober 2026", "Atualizado em …", "Mis à
# jour le …"
_MODIFIED_ON = re.compile(
    r"\b(?:(?:last )?(?:modified|updated|edited)(?: on)?|(?:laatst )?bijgewerkt op|"
    r"(?:zuletzt )?(?:aktualisiert|geändert|bearbeitet) am|atualizado em|actualizado el|"
    r"mis à jour le|modifié le|aggiornato il)\s?:?\s+"
    r"(.{6,40}?)(?:\s+(?:at|um|om|às|a las|à|alle)\s+[\d:h]+\s*(?:[ap]m|uhr)?)?\.?$",
    re.I,
)
# Month names a page writes in its language, as the date parser reads them (English)
_MONTHS = {
    "Jan": "januar|januari|janeiro|enero|janvier|gennaio|jänner|gen",
    "Feb": "februar|februari|fevereiro|febrero|février|febbraio|fev|fév",
    "Mar": "märz|maart|março|marzo|mars|mrt|mär",
    "Apr": "abril|avril|aprile|abr|avr",
    "May": "mai|mei|maio|mayo|maggio|mag",
    "Jun": "juni|junho|junio|juin|giugno|giu",
    "Jul": "juli|julho|julio|juillet|luglio|lug|juil",
    "Aug": "augustus|agosto|août|aoû",  # (not "ago": "2 weeks ago" is no date)
    "Sep": "setembro|septiembre|septembre|settembre|set",
    "Oct": "oktober|outubro|octubre|octobre|ottobre|okt|out|ott",
    "Nov": "novembro|noviembre|novembre",
    "Dec": "dezember|dezembro|diciembre|décembre|dicembre|dez|dic|déc",
}
_MONTH_WORDS = re.compile(r"\b(" + "|".join(_MONTHS.values()) + r")\b\.?", re.IGNORECASE)
_ENGLISH_MONTH = {name: en for en, names in _MONTHS.items() for name in names.split("|")}
_PACKAGE_PARTS = (
    ("docProps/core.xml", "{http://purl.org/dc/terms/}modified"),  # Office Open XML
    ("meta.xml", ".//{http://purl.org/dc/elements/1.1/}date"),  # OpenDocument
)


def parse_when(text: object, today: date | None = None) -> date | None:
    """``text`` as a date when it is one and is believable: "2026-03-03T10:12:00Z",
    "Mar 03, 2025", "@March 3, 2026 10:12 AM", a PDF's "D:20260303101200+01'00'"."""
    if not text:
        return None
    text = str(text).strip().lstrip("@").strip()  # a PDF's value may be a string-like object
    if text.startswith("D:") and len(text) >= 10 and text[2:10].isdigit():  # a PDF date
        text = f"{text[2:6]}-{text[6:8]}-{text[8:10]}"
    text = _MONTH_WORDS.sub(lambda m: _ENGLISH_MONTH[m.group(1).lower()], text)
    text = re.sub(r"\b(?:de|del)\b", " ", text)  # "9 de outubro de 2026"
    try:
        when = dateparser.parse(text).date()
    except (ValueError, OverflowError):
        return None
    latest = (today or datetime.now(tz=UTC).date()) + timedelta(days=1)
    return when if date(1990, 1, 1) <= when <= latest else None


def html_page_date(tree) -> date | None:
    """The date an HTML page (a selectolax tree) states for its last change, if any."""
    for selector in _META_NAMES:
        node = tree.css_first(selector)
        if node is not None and (when := parse_when(node.attributes.get("content"))):
            return when
    # Docusaurus; then the <time> in an article's header or byline (a help centre's
    # "2 October 2026 09:14 · Updated": Zendesk)
    for selector in (
        "time[itemprop=dateModified]",
        "article header time[datetime]",
        "[class*=question-meta] time[datetime]",  # Helpjuice's "Last updated on <time>"
    ):
        node = tree.css_first(selector)
        if node is not None and (when := parse_when(node.attributes.get("datetime"))):
            return when
    for selector in (
        "tr.property-row-last_edited_time td",  # Notion
        ".git-revision-date-localized-plugin-date",  # MkDocs
    ):
        node = tree.css_first(selector)
        if node is not None and (when := parse_when(node.text(strip=True))):
            return when
    for selector in (".page-metadata", "#footer-info-lastmod"):  # Confluence, MediaWiki
        node = tree.css_first(selector)
        found = _LAST_MODIFIED_ON.search(" ".join(node.text().split())) if node else None
        if found and (when := parse_when(next(g for g in found.groups() if g))):
            return when
    # a help centre's "Modified on: …" (Freshdesk), "Last updated : …" (ServiceNow)
    for node in tree.css("[class*=meta], [class*=updated]"):
        found = _MODIFIED_ON.search(" ".join(node.text().split()))
        if found and (when := parse_when(found.group(1))):
            return when
    return None


def package_date(raw: bytes) -> date | None:
    """The last-modified date an Office or OpenDocument package (a zip) records, if any."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as package:
            names = set(package.namelist())
            for part, path in _PACKAGE_PARTS:
                if part in names:
                    node = ElementTree.fromstring(package.read(part)).find(path)
                    if node is not None and (when := parse_when(node.text)):
                        return when
    except (zipfile.BadZipFile, ElementTree.ParseError, KeyError):
        return None
    return None


def pdf_date(reader) -> date | None:
    """A PDF's ModDate (else its CreationDate), from a pypdf reader's document information."""
    try:
        info = reader.metadata
    except Exception:  # a damaged information dictionary is no reason to refuse the text
        return None
    if info is None:
        return None
    return parse_when(info.get("/ModDate")) or parse_when(info.get("/CreationDate"))
