"""Markdown (with optional front matter) and plain text: both are paragraphs of lines."""

from __future__ import annotations

import re
from datetime import date

from selectolax.lexbor import LexborHTMLParser as HTMLParser

from ..documents import VERIFIED, Document
from .dokuwiki import dokuwiki_markdown, is_dokuwiki
from .fields import (
    derived_url,
    drop_title_heading,
    file_document,
    modified_date,
    title_from_filename,
)
from .front_matter import front_matter_url, parse_date, split_front_matter
from .html_tables import markdown_table
from .joplin import joplin_note
from .markdown_extras import plain_inline, read_extras
from .notion import notion_properties
from .outline import is_outline, outline_lines
from .page_dates import parse_when
from .paragraphs import FENCE, paragraph_blocks
from .pseudo_headings import (
    CAPITALS_LEVEL,
    PSEUDO_LEVEL,
    heading_mark,
    mark_lines,
    numbered_headings,
    pseudo_heading,
    step_heading,
)
from .source import SourceFile, decode_text
from .text_tables import aligned_tables

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_TABLE_START = re.compile(
    r"^\s*(?:<figure\b[^>]*>\s*)?<table\b", re.IGNORECASE
)  # GitBook: <figure>
_TABLE_END = re.compile(r"</table\s*>", re.IGNORECASE)


def load_markdown(source: SourceFile, raw: bytes) -> Document:
    text = decode_text(raw)
    note = joplin_note(text)
    if note is not None:  # a Joplin export: its title line a heading, its fields no text
        text = f"# {note.title}\n{note.body}"
    meta, body = split_front_matter(text)
    offset = text[: text.find(body)].count("\n") if body else 0
    lines, notion_date = notion_properties(body.split("\n"), source.path)
    outline_title = ""
    if is_outline(lines):  # a Logseq page: titled by its title:: or its file, never a heading
        lines, outline_title = outline_lines(lines)
        outline_title = outline_title or title_from_filename(source.path)
    lines = _step_items(mark_lines(html_tables(read_extras(lines))))
    blocks = paragraph_blocks(lines, offset + 1, _markdown_heading)

    # the first real heading (a FAQ question or bold label is no title), else the file's name
    # (which a section named like the file keeps: "two.md" titled "Two" over "## Two")
    title = str(meta.get("title") or "").strip() or outline_title or _first_heading(lines)
    if title:
        blocks = [drop_title_heading(b, title) for b in blocks]
    title = title or title_from_filename(source.path)
    updated = meta.get("updated") or meta.get("date")
    verified = source.kind == VERIFIED
    return Document(
        doc_id=source.rel_path,
        title=title,
        # A verified answer links its Slack message, or nothing (never a path on this host).
        url=front_matter_url(meta, source.base_url) or _default_url(source),
        updated=(
            parse_date(updated, "updated")
            if updated
            else (note and note.updated)
            or notion_date
            or _stated_date(meta)
            or modified_date(source.path)
        ),
        space=str(meta.get("space") or source.space),
        blocks=blocks,
        source_path=str(source.path),
        language=str(meta["lang"]) if meta.get("lang") else None,
        kind=source.kind,
        author=str(meta.get("verified_by") or "") if verified else "",
    )


def load_text(source: SourceFile, raw: bytes) -> Document:
    """Plain text, as word processors and mail clients save it: besides what Markdown pages
    share (FAQ questions, bold labels, Setext headings), numbered section headings ("2.1
    Flights") and tables typed as aligned columns. A DokuWiki page's source is read as the
    Markdown it stands for (loaders.dokuwiki)."""
    text = decode_text(raw)
    if is_dokuwiki(text):  # a DokuWiki page's source (data/pages/*.txt)
        return load_markdown(source, dokuwiki_markdown(text).encode("utf-8"))
    lines = mark_lines(aligned_tables(text.split("\n")))
    numbered = numbered_headings([text])

    def heading_of(line: str) -> tuple[int, str] | None:
        level = numbered.get(line.strip())
        return (level, line.strip()) if level else pseudo_heading(line)

    # A first line in capitals on its own ("NORTHWIND LOOP GLOSSARY") or underlined is the
    # title, not a section; an email or memo is titled by its subject.
    title = _subject(lines)
    first = heading_of(next((line for line in lines if line.strip()), ""))
    if not title and first and first[0] in (1, CAPITALS_LEVEL) and first[1] not in numbered:
        title = first[1]
    blocks = paragraph_blocks(lines, 1, heading_of)
    title = title or title_from_filename(source.path)
    return file_document(source, title, [drop_title_heading(b, title) for b in blocks])


# The subject line of an email or memo header ("Subject:", "Betreff:", "Assunto:", "Asunto:",
# "Objet:"), within its first lines.
_SUBJECT = re.compile(
    r"^\s*(?:subject|betreff|assunto|asunto|objet|oggetto)\s*:\s*(\S.*?)\s*$", re.I
)
_HEADER_LINES = 12


def _subject(lines: list[str]) -> str:
    found = (_SUBJECT.match(line) for line in lines[:_HEADER_LINES])
    return next((match.group(1) for match in found if match), "")


def html_tables(lines: list[str]) -> list[str]:
    """Markdown pages exported from wikis keep tables with merged cells as HTML; each such
    table becomes a Markdown table, so its rows are read with their header cells. The table
    is put on its first line (with newlines) and its other lines left blank: line numbers
    stay right."""
    out = list(lines)
    n, in_fence = 0, False
    while n < len(out):
        if FENCE.match(out[n]):
            in_fence = not in_fence
        elif not in_fence and _TABLE_START.match(out[n]):
            end = next((k for k in range(n, len(out)) if _TABLE_END.search(out[k])), None)
            if end is None:
                break
            table = HTMLParser("\n".join(out[n : end + 1])).css_first("table")
            markdown = markdown_table(table) if table is not None else ""
            if markdown:
                out[n : end + 1] = [markdown] + [""] * (end - n)
            n = end
        n += 1
    return out


def _step_items(lines: list[str]) -> list[str]:
    """Each heading that names a step (pseudo_headings.step_heading) as its numbered item: on
    the line of the paragraph under it ("2. Enrol in Intune — Open Company Portal…"), or on
    its own line when a list, table or code follows. The heading's line ends the section
    before (the steps are part of the section above them, not of "Requirements"). Same number
    of lines."""
    out, in_fence = list(lines), False
    for n, line in enumerate(lines):
        if FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else _HEADING.match(line)
        step = step_heading(plain_inline(heading.group(2))) if heading else None
        if heading is None or step is None:
            continue
        number, doing = step
        item = f"{number}. {doing}" if doing else f"{number}."
        out[n] = heading_mark(len(heading.group(1)))
        after = next((k for k in range(n + 1, len(lines)) if lines[k].strip()), None)
        if after is not None and _is_paragraph_line(lines[after]):
            text = lines[after].strip()
            out[after] = f"{item} — {text}" if doing else f"{number}. {text}"
        elif n + 1 < len(lines) and not lines[n + 1].strip():
            out[n + 1] = item  # on the blank line after the heading
        else:
            out[n] = item  # no line to spare: the item, without ending the section
    return out


def _is_paragraph_line(line: str) -> bool:
    return not (
        _HEADING.match(line)
        or FENCE.match(line)
        or re.match(r"^\s*(?:[-*+|>]|\d+[.)]\s|\x1f)", line)
    )


def _markdown_heading(line: str) -> tuple[int, str] | None:
    match = _HEADING.match(line)
    return (len(match.group(1)), plain_inline(match.group(2))) if match else pseudo_heading(line)


def _first_heading(lines: list[str]) -> str:
    """The page's title heading: its first heading outside code that is no FAQ question or
    bold label (a Setext heading may be one), also when no text stands under it ("# IT
    support" right above its first section) — when it is a first-level one, a line in
    capitals, or the only heading at its level. A page of "##" sections has no title heading:
    its first section keeps its name."""
    found, in_fence = [], False
    for line in lines:
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            found.append(_markdown_heading(line))
    # (a step's heading has no text: it only ends sections)
    found = [h for h in found if h is not None and h[0] != PSEUDO_LEVEL and h[1]]
    if not found:
        return ""
    level, text = found[0]
    if level in (1, CAPITALS_LEVEL) or all(other > level for other, _ in found[1:]):
        return text
    return ""


def _default_url(source: SourceFile) -> str:
    return "" if source.kind == VERIFIED else derived_url(source)


# How static-site generators and handbooks name a page's last change in front matter (Hugo
# "lastmod", Jekyll "last_modified_at", Docusaurus "last_update: {date: …}", a handbook's
# "last_reviewed"), read when "updated" and "date" are not given. Read leniently: the page is
# kept (dated by its file) when such a field holds no date.
_DATE_FIELDS = (
    "last_updated",
    "lastmod",
    "last_modified",
    "last_modified_at",
    "modified",
    "last_update",
    "last_reviewed",
    "reviewed",
)


def _stated_date(meta: dict) -> date | None:
    for field in _DATE_FIELDS:
        value = meta.get(field)
        if isinstance(value, dict):  # Docusaurus: last_update: {date: 2026-03-01, author: …}
            value = value.get("date")
        if value and (when := parse_when(value)):  # (a YAML date too; none in the future)
            return when
    return None
