"""Slide decks (.pptx): each slide a section under its title, read as it is laid out.

Onboarding decks, all-hands slides and process overviews hold facts people ask about ("the
parental leave slide"). A slide's text boxes are read top to bottom, left to right: a box of
several paragraphs as a list (nested by indent level), one paragraph as prose; a table as a
Markdown table (merged cells spread), so its rows are read with their headers; the speaker
notes after the slide's own text. Hidden slides are left out. Read with python-pptx.
"""

from __future__ import annotations

import io
import re

from ..documents import Block, Document
from .fields import file_document, title_from_filename
from .html_tables import grid_markdown
from .page_dates import package_date
from .source import SourceFile, require_package, unreadable


def load_pptx(source: SourceFile, raw: bytes) -> Document:
    require_package(raw, "a PowerPoint deck", ".pptx", "a .ppt")
    from pptx import Presentation  # only when a deck is read

    with unreadable("PowerPoint deck"):
        deck = Presentation(io.BytesIO(raw))
        slides = [
            _slide_blocks(slide, n)
            for n, slide in enumerate(deck.slides, start=1)
            if slide.element.get("show") != "0"  # a hidden slide
        ]
        title = (deck.core_properties.title or "").strip()
    first = next((blocks[0].headings[0] for blocks in slides if blocks), "")
    title = title or first or title_from_filename(source.path)
    blocks = [block for blocks in slides for block in blocks]
    return file_document(source, title, blocks, package_date(raw))


def _slide_blocks(slide, number: int) -> list[Block]:
    title_shape = slide.shapes.title
    title = _clean(title_shape.text_frame.text) if title_shape is not None else ""
    heading = (title or f"Slide {number}",)
    texts = [text for shape in _in_reading_order(slide.shapes) for text in _shape_texts(shape)]
    title_id = title_shape.shape_id if title_shape is not None else None
    texts = [text for shape_id, text in texts if shape_id != title_id and text]
    if slide.has_notes_slide:
        notes = _clean(slide.notes_slide.notes_text_frame.text)
        if notes:
            texts.append(notes)
    return [Block(text=text, headings=heading, page=number) for text in texts]


def _in_reading_order(shapes) -> list:
    """Top to bottom, then left to right (a shape without a position last)."""
    return sorted(shapes, key=lambda s: (s.top is None, s.top or 0, s.left or 0))


def _shape_texts(shape) -> list[tuple[int, str]]:
    """(shape id, text) of a shape's text box or table; a group's shapes in reading order."""
    if shape.shape_type is not None and int(shape.shape_type) == 6:  # MSO_SHAPE_TYPE.GROUP
        return [text for inner in _in_reading_order(shape.shapes) for text in _shape_texts(inner)]
    if getattr(shape, "has_table", False) and shape.has_table:
        return [(shape.shape_id, _table_markdown(shape.table))]
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        paragraphs = [(p.level, _clean(_paragraph_text(p))) for p in shape.text_frame.paragraphs]
        paragraphs = [(level, text) for level, text in paragraphs if text]
        if len(paragraphs) == 1:
            return [(shape.shape_id, paragraphs[0][1])]
        items = "\n".join(f"{'  ' * level}- {text}" for level, text in paragraphs)
        return [(shape.shape_id, items)]
    return []


def _paragraph_text(paragraph) -> str:
    return "".join(run.text for run in paragraph.runs) or paragraph.text


def _table_markdown(table) -> str:
    """A slide's table as Markdown, its first row the header; a merged cell's text in every
    cell it covers."""
    grid: list[list[str]] = []
    for r, row in enumerate(table.rows):
        cells = []
        for c, cell in enumerate(row.cells):
            if cell.is_spanned:  # covered by a merge: the origin's text, above or to the left
                origin = next(
                    (
                        table.cell(rr, cc)
                        for rr in range(r, -1, -1)
                        for cc in range(c, -1, -1)
                        if table.cell(rr, cc).is_merge_origin
                        and rr + table.cell(rr, cc).span_height > r
                        and cc + table.cell(rr, cc).span_width > c
                    ),
                    None,
                )
                cells.append(_clean(origin.text) if origin is not None else "")
            else:
                cells.append(_clean(cell.text))
        grid.append([cell.replace("|", "/") for cell in cells])
    return grid_markdown(grid)


def _clean(text: str) -> str:
    """One line: a slide's soft line breaks (vertical tab) and newlines as spaces."""
    return re.sub(r"\s+", " ", text.replace("\x0b", " ")).strip()
