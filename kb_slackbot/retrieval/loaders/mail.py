"""Emails saved as files (.eml: Outlook's "Save as", Thunderbird, Apple Mail): an announcement or
a policy sent round ("Office closed on 24 December", "New expense limits from 1 March") is read
as a page titled by its subject. Its HTML body is read like any HTML page (loaders.html), else
its plain-text body like any text file (loaders.markdown.load_text). Attachments, quoted
replies' headers and the sender's address block are not part of the page: only the message's
own body is read, and its date is the page's date.
"""

from __future__ import annotations

import re
from dataclasses import replace
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import parsedate_to_datetime

from ..documents import Document
from .html import html_document
from .markdown import load_text
from .source import LoadError, SourceFile, unreadable

# The Subject header line, with its folded continuation lines, as the file's bytes hold it.
_RAW_SUBJECT = re.compile(rb"^subject:[ \t]*(.*(?:\r?\n[ \t].*)*)", re.I | re.M)


def load_email(source: SourceFile, raw: bytes) -> Document:
    with unreadable("email"):
        message = message_from_bytes(raw, policy=policy.default)
        if not isinstance(message, EmailMessage) or not message.keys():
            raise LoadError("not an email (no header lines such as Subject: or From:)")
        body = message.get_body(preferencelist=("html", "plain"))
        content = _content(body) if body is not None else ""
        subject = _subject(message, raw)
        sent = message.get("date")
    if not isinstance(content, str) or not content.strip():
        raise LoadError("email has no text body")
    if body is not None and body.get_content_type() == "text/html":
        document = html_document(source, content, title=subject)
    else:
        document = load_text(source, content.encode("utf-8"))
        document = replace(document, title=subject or document.title)
    try:
        return replace(document, updated=parsedate_to_datetime(str(sent)).date())
    except (TypeError, ValueError):
        return document  # no date header, or an unreadable one: the file's date stays


def _content(body: EmailMessage) -> str:
    """The body's text; one in a character set Python does not know ("unknown-8bit", as list
    archives write it) as UTF-8, any byte that is not shown as a replacement mark."""
    try:
        return body.get_content()
    except LookupError:
        payload = body.get_payload(decode=True)
        return payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""


def _subject(message: EmailMessage, raw: bytes) -> str:
    """The decoded subject; one written in UTF-8 as it is (clients that send SMTPUTF8 mail do
    not encode it) is read from the file's bytes, which the parser reads as ASCII."""
    subject = str(message.get("subject", ""))
    if "\ufffd" in subject and (found := _RAW_SUBJECT.search(raw.split(b"\n\n", 1)[0])):
        subject = found.group(1).decode("utf-8", errors="replace")
    return " ".join(subject.split())
