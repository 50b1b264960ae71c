"""A question that names some rows of a table is answered from those rows, not their neighbours.

Per-site, per-plan and per-grade tables are the commonest shape of a company page ("Corvina
Munich Isartor — Departure until 14:00: €30; …", "Severity 2 — Scale: 4 business hours").
The reader scores every row of such a table alike on the question's topic words, so the row
of another hotel, plan or grade often wins by a hair ("severity 2" was answered with the
Severity 1 row). The other rows of the table are not read when a question word names some of
its rows. A word names a row when its label (the first cell) holds it as a name — a number
("2", "4–5") or a capitalised word ("Munich") — that not every label holds ("Corvina" in each
hotel's name is the table's subject). A word must also be in no cell ("VAT" in "Other EU
country, without a VAT ID" is also in the Swiss row's "8.1% Swiss VAT", so it names neither);
a number may (cells are full of numbers: "2 business days" does not make "Severity 2" less
of a name). Lower-case label words ("laptop" in "University-managed laptop") are descriptions,
not names: "my own laptop" is the *personal device* row. Numbers match whole ("2" is not in
"12"), and a date or time names no row ("the week of 11 jan" is not week 11); everyday words
("and", "per") name nothing. A table of bands ("up to €250,000", "3–5 years") is named by the
amount a question gives ("a bid worth 3m euros"): the band that holds it (row_ranges.py).

A table or a list that names none of a question's places or things is about their siblings
when the page it is on never names them either: "What's the hotel limit in Lisbon?" on a
page of the Brussels, London and Valencia limits is not answered by the Valencia row (and
"the h100 partition" not by the A100 one). Such rows and items are not read. Prose is: a
sentence may say "the office" for the place its page names elsewhere, and on the public
sets' gold paragraphs (which have no tables or lists) a question name the paragraph lacks is
not rare (19 of 600 XQuAD-vi questions), where in a table it marks a sibling. Public
reading-comprehension text has no tables or lists, so these are rules, not fits.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from ..retrieval.language import detect_language
from ..retrieval.term_prior import is_everyday
from .candidates import Unit
from .pieces import Passage
from .row_ranges import amounts, bands_of, rows_in_band
from .weekday_rows import question_days, rows_on_days

LABEL_END = " — "  # markdown_blocks.table_rows: "label — header: cell; header: cell"
_WORD = re.compile(r"\d+(?:\.\d+)+|\w+")  # "7.4" is one number: release 7.4, not 7 or 4
# … but "5.14", read as a time there, may as well be a release (a date "5.12." is not)
_DOTTED = re.compile(r"\b\d{1,3}\.\d{1,3}\b(?![.\d])")
# A date or a time in the question is when, not which row: "the week of 11 jan" does not name
# week 11, "till 5pm" no row 5. A dot or a dash between two numbers is a date or a time only
# with a third part ("7.4.", "07.04.2026") or two digits after it ("8.30", "07-04"): "7.4" in
# "when does RentDesk 7.4 go live" is a version, and "1.5" a number, that name their row.
_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|"
    r"oktober|dezember|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|"
    r"novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|"
    r"diciembre|maart|mei|augustus|janvier|février|mars|avril|juin|juillet|août|septembre|"
    r"octobre|novembre|décembre)\w*"
)
# Months and weekdays are capitalised without naming a place or a thing: "receipts from a
# trip in aug" asks about no "Aug" that a page must name.
_CALENDAR = re.compile(
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|may|"
    r"june|july|august|september|october|november|december|januar|februar|märz|juni|juli|"
    r"oktober|dezember|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|"
    r"outubro|novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|"
    r"noviembre|diciembre|janvier|février|mars|avril|mai|juin|juillet|août|septembre|"
    r"octobre|novembre|décembre|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mondays?|"
    r"tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|montag|dienstag|"
    r"mittwoch|donnerstag|freitag|samstag|sonntag|segunda|terça|terca|quarta|quinta|sexta|"
    r"sábado|sabado|domingo|lunes|martes|miércoles|miercoles|jueves|viernes|lundi|mardi|"
    r"mercredi|jeudi|vendredi|samedi|dimanche|maandag|dinsdag|woensdag|donderdag|vrijdag|"
    r"zaterdag|zondag"
)
_WHEN = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|\.|º)?\s*(?:of |de )?{_MONTH}|\b{_MONTH}\s+\d{{1,2}}"
    r"(?:st|nd|rd|th)?\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
    r"\b\d{1,2}[.-]\d{1,2}[.-](?:\d{2,4}\b)?|\b\d{1,2}[.-]\d{2}\b|"
    r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm|uhr|h)\b|\b\d{1,2}:\d{2}\b",
    re.IGNORECASE,
)


def unnamed_rows(question: str, pairs: Sequence[tuple[Passage, Unit]]) -> set[int]:
    """Positions in ``pairs`` of the table rows and list items the question passes over: the
    other rows of a table (the rows read under one heading of one passage) some rows of which
    it names, and every row of a table and item of a list on a page that never names a place
    or thing the question names (``names_elsewhere``, ``codes_elsewhere``)."""
    when_removed = _WHEN.sub(" ", question)
    asked = {w for w in _WORD.findall(when_removed.lower()) if _may_name(w)}
    # "5.14" may be a time (5:14) or a release: it names the rows whose label holds it whole
    dotted = set(_DOTTED.findall(question))
    days = question_days(question)
    if not asked and not dotted and not days:
        return set()
    tables: dict[tuple[str, str], list[int]] = defaultdict(list)
    lists: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (passage, unit) in enumerate(pairs):
        if unit.kind == "row" and LABEL_END in unit.text:
            tables[(passage.heading, unit.context)].append(i)
        elif unit.kind == "item" and unit.block >= 0:
            lists[(id(passage), unit.block)].append(i)
    passed_over: set[int] = set()
    written = _written([p for p, _ in pairs]) if tables or lists else ""
    asked_names = proper_names(question, written) if written else set()

    def siblings(positions: list[int], labels: list[str]) -> bool:
        """The table or list enumerates places or things by name ("Brussels", "Corvina
        Madrid Sol"; not "Car", "Motorcycle") and its page never names the question's."""
        page = pairs[positions[0]][0]
        if codes_elsewhere(question, page):
            return True
        return names_elsewhere(asked_names, page) and any(
            is_written_name(w.lower(), written) for label in labels for w in _WORD.findall(label)
        )

    # A list enumerates siblings as a table does ("- Ghent: A3 printer…"): on a page that
    # never names the place asked about, none of its items is the answer.
    for items in lists.values():
        labels = [re.split(r":| — ", pairs[i][1].text, maxsplit=1)[0] for i in items]
        if len(items) >= 2 and siblings(items, labels):
            passed_over.update(items)
    for rows in tables.values():
        if len(rows) < 2:
            continue
        if siblings(rows, [pairs[i][1].text.split(LABEL_END, 1)[0] for i in rows]):
            passed_over.update(rows)
            continue
        split = {i: pairs[i][1].text.split(LABEL_END, 1) for i in rows}
        # A banded table ("€250,000 – €1,000,000", "Below 99.5% but at least 99.0%"): the
        # band that holds the question's amount is the row it names, and its bounds are no
        # names ("grade 5" does not name "€1,000,000 – €5,000,000").
        bands = bands_of({i: split[i][0] for i in rows})
        if bands is not None:
            held = rows_in_band(amounts(when_removed), bands)
            if held:  # the other bands are passed over; a row that is no band stays
                passed_over.update(i for i in bands if i not in held)
                continue
        # A weekday names the rows of a table of weekdays that hold it ("on thursdays": the
        # "Thu" row, the "Mon–Fri" row; weekday_rows.py)
        on_days = rows_on_days(days, {i: split[i][0] for i in rows})
        if on_days is not None:
            passed_over.update(i for i in rows if i not in on_days)
            continue
        names = {i: _names(split[i][0]) for i in rows}
        labels = {i: [w.lower() for w in _WORD.findall(split[i][0])] for i in rows}
        cells = [w.lower() for i in rows for w in _WORD.findall(split[i][1])]
        in_labels = {d for d in dotted if any(d in labels[i] for i in rows)}
        if not in_labels and other_releases(dotted, [labels[i] for i in rows]):
            passed_over.update(rows)
            continue
        naming = {
            term
            for term in asked | in_labels
            if not all(_holds(labels[i], term) for i in rows)
            and (_is_number(term) or not _holds(cells, term))
            and not (_is_number(term) and bands is not None)
        }
        named = {i for i in rows if any(_holds(names[i], term) for term in naming)}
        if 0 < len(named) < len(rows):
            passed_over.update(i for i in rows if i not in named)
    return passed_over


def row_namer(question: str, passages: Sequence[Passage]) -> Callable[[Unit], bool]:
    """A test for the table rows whose label names a place or thing the question names
    ("whats the daily allowance in paris" → the "Paris — …" row of a per-city table; see
    proper_names): the reader reads such rows of the pages found also when their table
    ranked too low to be read (one city in a table of thirteen)."""
    names = proper_names(question, _written(passages))

    def names_row(unit: Unit) -> bool:
        if not names or unit.kind != "row" or LABEL_END not in unit.text:
            return False
        label = [w.lower() for w in _WORD.findall(unit.text.split(LABEL_END, 1)[0])]
        return any(_holds(label, name) for name in names)

    return names_row


def proper_names(question: str, written: str) -> set[str]:
    """The question's words that are names of a place, a site or a thing (lower-cased): words
    no everyday text is full of, that the question writes capitalised after its first word
    ("… the nightly hotel limit in Lisbon?") or that the pages read only ever write
    capitalised, within a sentence too ("late checkout fee manchester?" where pages say "the
    Manchester hotel"; a heading's or a label's capital says nothing). A German
    question or page capitalises every noun, so there capitals name nothing."""
    if detect_language(question) == "de":
        return set()
    words = [w for w in _WORD.findall(_WHEN.sub(" ", question)) if w.isalpha()]
    rare = {
        w.lower()
        for w in words
        if len(w) >= 2 and not is_everyday(w.lower()) and not _CALENDAR.fullmatch(w.lower())
    }
    # (An acronym is no name: "PR" is what a page calls a "pull request".)
    capitalised = [w for w in words[1:] if w[0].isupper() and not w.isupper()]
    # (A Question Typed In Title Case capitalises its every word: those name nothing.)
    titled = len(capitalised) * 2 > len(words[1:])
    names = set() if titled else {w.lower() for w in capitalised if w.lower() in rare}
    return names | {word for word in rare - names if is_written_name(word, written)}


def _written(passages: Sequence[Passage]) -> str:
    """The text of the pages read, but those in another language than the question and the
    German ones (every German noun is capitalised)."""
    pages = {id(p): p for p in passages if not p.cross_language}.values()
    return " ".join(text for text in map(_page_text, pages) if detect_language(text[:1000]) != "de")


def is_written_name(word: str, written: str) -> bool:
    """``word`` (lower-cased) is a name in ``written``: not an everyday word, and written only
    capitalised, also within a sentence ("the Manchester hotel"), not only where any word is
    (a heading, a table's label, a sentence's start: "Checkout times")."""
    if is_everyday(word) or _CALENDAR.fullmatch(word) or not word.isalpha():
        return False
    inside = re.search(rf"\b\w+[ ,]+{re.escape(word.capitalize())}\b", written)
    seen = re.findall(rf"\b{re.escape(word)}\b", written, re.IGNORECASE) if inside else ()
    return bool(inside) and all(w[0].isupper() for w in seen)


def names_elsewhere(names: set[str], passage: Passage) -> bool:
    """A name the question asks about is nowhere on ``passage``'s page: a table there lists
    other sites, plans or grades than the one asked for ("… in Lisbon?" on a page of the
    Brussels, London and Valencia limits), and none of its rows is the answer. (A page in
    another language than the question may spell the name its own way: "München".)"""
    if passage.cross_language or not names:
        return False
    on_page = [w.lower() for w in set(_WORD.findall(_page_text(passage)))]
    # as a word or the start of one: "Panther" is on a page about the "Panthers"
    return any(not _holds(on_page, name) for name in names)


def other_releases(asked: set[str], labels: list[list[str]]) -> bool:
    """A table of releases ("5.12", "RentDesk 7.4": every label ends in a dotted number) that
    lacks the one asked about while listing others of its shape ("5.16" beside 5.12 … 5.15):
    its rows are about the siblings."""
    ends = [label[-1] if label else "" for label in labels]
    if not asked or not all(_DOTTED.fullmatch(end) for end in ends):
        return False
    shapes = {_dotted_shape(end) for end in ends}
    return any(_dotted_shape(version) in shapes for version in asked)


def _dotted_shape(number: str) -> tuple[int, int]:
    whole, _, part = number.partition(".")
    return len(whole), len(part)


def codes_elsewhere(question: str, passage: Passage) -> bool:
    """The question names a model, a size or a grade by a code ("the h100 partition", "an
    A2 poster", "status code 0x35") that ``passage``'s page lacks while it lists others of its
    shape ("A100"; "A0", "A1", "A3"; "0x10", "0x41"): its tables are about the siblings.
    (A code of no shape the page uses — "sev2" where the page says "Severity 2" — says
    nothing.) Unlike a name, a code is written alike in every language: "un poster A2"
    asks about no A1 row of an English page."""
    asked = {c.lower() for c in _CODE.findall(_WHEN.sub(" ", question))}
    if not asked:
        return False
    on_page = {c.lower() for c in _CODE.findall(_page_text(passage))}
    return any(
        code not in on_page and any(_shape(code) == _shape(other) for other in on_page)
        for code in asked
    )


# A model, size or grade code ("A100", "H2", "sev2"), or a hexadecimal status or error code
# ("0x35": a page of 0x10 … 0x41 lacks it)
_CODE = re.compile(r"\b(?:0x[0-9a-f]{1,8}|[a-z]{1,4}\d{1,4})\b", re.IGNORECASE)


def _shape(code: str) -> tuple[int, int]:
    if code[:2].lower() == "0x":
        return -1, len(code)
    letters = len(code.rstrip("0123456789"))
    return letters, len(code) - letters


def _page_text(passage: Passage) -> str:
    """Everything of ``passage``'s page the reader has, headings too."""
    return "\n".join(f"{heading}\n{text}" for heading, text in passage.page())


def _may_name(word: str) -> bool:
    return _is_number(word) or not is_everyday(word)


def _is_number(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _names(label: str) -> list[str]:
    """The label's words that are names: numbers and codes, and capitalised words."""
    return [w.lower() for w in _WORD.findall(label) if w[0].isupper() or w[0].isdigit()]


def _holds(words: list[str], term: str) -> bool:
    """``term`` is one of ``words`` or, if a word of three letters or more, begins one
    ("grade" → "grades"), as the reader's coverage matches (piece_features.covered); a
    number only whole."""
    if _is_number(term):
        return term in words
    return any(w == term or (len(term) >= 3 and w.startswith(term)) for w in words)
