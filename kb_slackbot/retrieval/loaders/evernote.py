"""An Evernote export (.enex): a notebook's notes in one XML file, each a section of the page.

Evernote (and Apple Notes, Joplin and Bear, which export the same format) writes every note
as a <note> with its <title>, <created>/<updated> stamps ("20261117T170012Z"), tags, and its
text as ENML — XHTML inside <en-note>, in a CDATA section — beside base64 attachments. Each
note's text is read as an HTML page's body (lists, tables, headings) under the note's title;
a checkbox (<en-todo checked="true"/>) is written "[x]", attachments and encrypted text are
left out. A file of one note is titled by the note, a notebook of several by its file name.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from xml.etree import ElementTree

from ..documents import Block, Document
from .fields import file_document, title_from_filename
from .html_blocks import fragment_blocks
from .source import LoadError, SourceFile

_STAMP = "%Y%m%dT%H%M%SZ"
_TODO = re.compile(r"<en-todo\b([^>]*)/?>(?:</en-todo>)?", re.IGNORECASE)
_HIDDEN = re.compile(r"<(en-media|en-crypt)\b[^>]*?(?:/>|>.*?</\1>)", re.IGNORECASE | re.DOTALL)


def load_enex(source: SourceFile, raw: bytes) -> Document:
    try:
        root = ElementTree.fromstring(raw)
    except ElementTree.ParseError as exc:
        raise LoadError(f"not a readable Evernote export ({exc})") from exc
    notes = root.findall("note") if root.tag == "en-export" else []
    if not notes:
        raise LoadError("an Evernote export without notes")
    blocks: list[Block] = []
    titles, stamps = [], []
    for note in notes:
        title = " ".join((note.findtext("title") or "").split())
        titles.append(title)
        stamps.append(_day(note.findtext("updated") or note.findtext("created") or ""))
        heading = (title,) if title and len(notes) > 1 else ()
        blocks += fragment_blocks(_html(note.findtext("content") or ""), heading)
    title = titles[0] if len(notes) == 1 and titles[0] else title_from_filename(source.path)
    return file_document(source, title, blocks, max(filter(None, stamps), default=None))


def _html(enml: str) -> str:
    """The note's ENML as HTML: its <en-note> element's content, checkboxes as "[x]"/"[ ]"."""
    enml = re.sub(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>", "", enml)
    enml = _HIDDEN.sub("", enml)
    enml = _TODO.sub(lambda m: "[x] " if 'checked="true"' in m.group(1) else "[ ] ", enml)
    return re.sub(r"</?en-note\b[^>]*>", "", enml)


def _day(stamp: str) -> date | None:
    try:
        return datetime.strptime(stamp.strip(), _STAMP).date()
    except ValueError:
        return None
