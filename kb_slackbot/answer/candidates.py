"""What the reader may quote: the answer-sized pieces of a passage's Markdown.

Facts in docs sit in prose, but just as often in a table cell, a list item or a code block.
So a passage becomes:

- prose sentences;
- list items, with the line that introduces the list ("You need:") as context;
- table rows joined with their header cells ("Berlin — Hotel per night: €160; Meals: €40");
- code blocks attached to the step or sentence that introduces them;
- and, through ``section_steps``, a section's numbered steps as one answer for how-to
  questions (the reader picks the section).

``text`` is what is shown (plain Markdown); ``context`` is extra words the scorer may use (the
lead-in line, the section heading) but the user is not shown twice. A sentence that points
back ("After that, open the invoice…", "They must be used by 31 March.") is scored as written
but shown after the sentence it points back to (``lead``): alone it says nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..retrieval.loaders.paragraphs import FENCE, aligned_fence
from .markdown_blocks import ITEM, Block, clean_inline, list_items, parse_blocks, table_rows
from .sentence_kinds import is_header_field, is_meta, points_back
from .sentences import split_sentences as sentences_of

KINDS = ("sentence", "item", "row", "code", "steps")  # "steps": from section_steps

# A whole-line comment, by the fence's language: "# …" (shell, Python, YAML and unlabelled
# blocks), "// …" (C-like), "-- …" (SQL). Only there: "  --env live \" in a shell command is
# an option, not a comment.
_C_LIKE = ("js", "javascript", "ts", "typescript", "go", "java", "c", "cpp", "rust", "swift")
_SQL = ("sql", "psql", "plsql", "mysql")
_COMMENT_BY_LANGUAGE = {
    **dict.fromkeys(_C_LIKE, re.compile(r"^\s*//\s?(.*)$")),
    **dict.fromkeys(_SQL, re.compile(r"^\s*--\s(.*)$")),
}
_HASH_COMMENT = re.compile(r"^\s*#(?![!#])\s?(.*)$")


@dataclass(frozen=True)
class Unit:
    kind: str
    text: str  # scored, and shown (Markdown) after ``lead``
    context: str = ""  # lead-in / heading words for scoring only
    position: int = 0  # order within the passage
    lead: str = ""  # shown before it: the sentence it points back to, or a row's column header
    block: int = -1  # the paragraph or list it is part of (-1: none); its neighbours share it

    @property
    def shown(self) -> str:
        return f"{self.lead} {self.text}" if self.lead else self.text

    @property
    def words(self) -> int:
        """The piece's own length (a scoring feature: the lead is shown, not scored)."""
        return len(self.text.split())

    @property
    def shown_words(self) -> int:
        return len(self.shown.split())


# "No." alone says nothing; it stays with the sentence it answers through ("No. Only company
# laptops may connect…").
_YES_NO = re.compile(r"^(?:yes|no|ja|nein|sim|não|sí|si)[.!]$", re.IGNORECASE)


def split_sentences(paragraph: str) -> list[str]:
    sentences: list[str] = []
    for sentence in (clean_inline(p) for p in sentences_of(paragraph)):
        if sentence and sentences and _YES_NO.match(sentences[-1]):
            sentences[-1] = f"{sentences[-1]} {sentence}"
        elif sentence:
            sentences.append(sentence)
    return sentences


def _nested_text(item: str, parent: str) -> str:
    """A nested item says what it belongs to when its parent is a short label: "Portugal —
    Full day: €50", not "Full day: €50" next to Germany's "Full day: €28"."""
    return f"{parent.rstrip(':')} — {item}" if parent and len(parent.split()) <= 8 else item


def extract_units(text: str, heading: str = "") -> list[Unit]:
    """Every quotable unit of one passage, in reading order."""
    units: list[Unit] = []
    blocks = parse_blocks(text)
    lead_in = ""
    for i, block in enumerate(blocks):
        if block.kind == "prose":
            sentences = split_sentences(" ".join(line.strip() for line in block.lines))
            before = ""
            for sentence in sentences:
                meta = is_meta(sentence)
                if not meta and len(sentence.split()) >= 3 and not is_header_field(sentence):
                    lead = before if before and points_back(sentence) else ""
                    units.append(Unit("sentence", sentence, heading, len(units), lead, i))
                before = "" if meta else sentence
            lead_in = sentences[-1] if sentences and sentences[-1].endswith(":") else ""
            continue
        if block.kind == "list":
            for item, _number, parent in list_items(block.lines):
                if len(item.split()) >= 2 and not is_header_field(item):
                    shown = _item_text(_nested_text(item, parent), lead_in)
                    context = f"{heading} {lead_in} {parent}".strip()
                    header = lead_in if shown == item and _values_row(item) else ""
                    units.append(Unit("item", shown, context, len(units), header, block=i))
            continue  # the lead-in also covers a list that continues after a blank line
        if block.kind == "table":
            for row in table_rows(block.lines):
                if not is_header_field(row):
                    units.append(Unit("row", row, heading, len(units)))
            lead_in = ""
            continue
        # Code: quoted with the step or sentence that introduces it. A block indented under
        # a list item loses that indent as a whole (its fences and lines stay aligned).
        lines = aligned_fence(block.lines)
        code = "\n".join(lines).strip()
        intro = units[-1] if units and i > 0 and blocks[i - 1].kind in ("prose", "list") else None
        if intro is not None and intro.kind in ("sentence", "item"):
            units.append(Unit("code", f"{intro.text}\n{code}", heading, len(units)))
        else:
            units.append(Unit("code", code, heading, len(units)))
        # A block of several commented commands is a small reference table: each comment
        # is what its command does ("# Roll back to the previous version").
        context = f"{heading} {intro.text if intro else ''}".strip()
        for comment, snippet in commented_commands(lines):
            lead = comment if comment[-1] in "?.!:" else f"{comment}:"
            units.append(Unit("code", f"{lead}\n{snippet}", context, len(units)))
    return units


_TRAILING_JOIN = re.compile(r"\s*(?:[,;]\s*(?:and|or|und|oder|e|ou|y|o)|[,;])\s*$", re.IGNORECASE)


_FIGURE = re.compile(r"\d")


def _item_text(item: str, lead_in: str) -> str:
    """A list item as it is quoted alone. An item that continues its lead-in's sentence
    ("The incident bot then:" → "3. for SEV1 and SEV2, also pages the commander, and") is
    quoted with it, without the dangling joiner."""
    if not item[:1].islower() or not lead_in:
        return item
    return f"{lead_in} {_TRAILING_JOIN.sub('', item)}"


def _values_row(item: str) -> bool:
    """Two or more figures, the last word one of them: "Grades 4–5 … support 26 28". Such a
    row is shown after its column header, as a PDF table is read ("Location Breakfast Lunch
    Evening meal Hotel per night:" → "Kiel (research station) €12 €16 €38 €140"): alone, its
    figures say nothing. (The header is shown once for rows of one table.)"""
    words = item.split()
    return (
        bool(words)
        and bool(_FIGURE.search(words[-1]))
        and sum(bool(_FIGURE.search(word)) for word in words) >= 2
    )


def commented_commands(lines: list[str]) -> list[tuple[str, str]]:
    """(comment, fenced snippet) for each comment-led group of a fenced block that has at
    least two; nothing for a block that is one command or has no comments."""
    fence = lines[0].strip() if lines and FENCE.match(lines[0]) else "```"
    comment = _COMMENT_BY_LANGUAGE.get(fence[3:].strip().lower(), _HASH_COMMENT)
    body = [line for line in lines if not FENCE.match(line)]
    groups: list[tuple[str, list[str]]] = []
    for line in body:
        match = comment.match(line)
        if match and not (groups and not groups[-1][1]):
            groups.append((match.group(1).strip(), []))
        elif match:  # a comment continued on the next line
            groups[-1] = (f"{groups[-1][0]} {match.group(1).strip()}", [])
        elif groups and line.strip():
            groups[-1][1].append(line)
    groups = [(c, code) for c, code in groups if c and code]
    if len(groups) < 2:
        return []
    closing = fence[:3]
    return [(c, "\n".join([fence, *code, closing])) for c, code in groups]


def section_steps(text: str, max_lines: int = 40) -> str:
    """The numbered steps of a passage with their code blocks, as one Markdown answer.

    Empty when the passage has fewer than two numbered steps. Prose between steps is left
    out; code blocks that belong to a step stay with it. The sentence that leads into the
    steps ("After a rollback:") comes first: without it, steps that follow an action read
    as the action itself.
    """
    out: list[str] = []
    numbered = 0
    in_steps = False
    previous: Block | None = None
    for block in parse_blocks(text):
        before, previous = previous, block
        if block.kind == "list":
            items = list_items(block.lines)
            if not any(number for _, number, _ in items):
                if in_steps:
                    out.extend(f"- {t}" for t, _, _ in items)
                continue
            if not in_steps and (lead := _lead_in(before)):
                out.append(lead)
            for item, number, parent in items:
                numbered += bool(number) and not parent  # a sub-step is shown, not counted
                out.append(f"{'   ' if parent else ''}{f'{number}.' if number else '-'} {item}")
            in_steps = True
        elif block.kind == "code" and in_steps:
            # Indented under its step as a whole: a block already indented in the page (a
            # step's continuation) keeps its own shape, not that indent plus ours.
            code = "\n".join(aligned_fence(block.lines)).strip("\n")
            out.extend("   " + line for line in code.split("\n"))
        elif block.kind == "prose" and in_steps and numbered >= 1:
            # A sentence after the steps ("To disconnect, run …") ends the sequence.
            continue
    if numbered < 2:
        return ""
    return "\n".join(_trim_steps(out, max_lines))


def _lead_in(block: Block | None) -> str:
    """The last sentence of a prose block when it introduces what follows (ends with ":")."""
    if block is None or block.kind != "prose":
        return ""
    sentences = split_sentences(" ".join(line.strip() for line in block.lines))
    last = sentences[-1] if sentences else ""
    return last if last.endswith(":") and not is_meta(last) else ""


def _trim_steps(lines: list[str], max_lines: int) -> list[str]:
    """At most ``max_lines`` lines, cut only before a step (never inside a code block)."""
    if len(lines) <= max_lines:
        return lines
    cut = max(
        (i for i in range(1, max_lines + 1) if i == len(lines) or ITEM.match(lines[i])),
        default=max_lines,
    )
    return lines[:cut]
