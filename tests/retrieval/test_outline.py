"""Outliner (Logseq) pages read as the app shows them (loaders/outline.py)."""

from __future__ import annotations

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write

TOOLS = (
    "title:: Tool booking\n"  # 1
    "tags:: [[Workshop]], tools\n"
    "\n"
    "- ## How to book\n"  # 4
    "\t- Book in the [[Tool calendar]] at least **2 working days** ahead\n"  # 5
    "\t- Maximum loan: 5 working days\n"
    "- ## Tool pool\n"  # 7
    "\t- Festool Domino DF 700\n"  # 8
    "\t  location:: Ghent\n"
    "\t  collapsed:: true\n"
    "\t\t- cutters are in the drawer under the bench\n"
    "- ## Returning tools\n"  # 12
    "\t- Return tools clean by 10:00 on the due day\n"  # 13
    "\t  id:: 64f0c2a1-7b3d-4e8a-9c1f-2d5e6a7b8c90\n"
    "\t- Reminder: ((64f0c2a1-7b3d-4e8a-9c1f-2d5e6a7b8c90))\n"
    "\t- See also ((6721d3b0-2c30-4c34-8d49-ff3b5e3232d8))\n"
)


def _load(path):
    return load_document(SourceFile(path, path.name, "public", "https://notes.example/"))


def test_a_logseq_page_reads_as_sections_of_lists(tmp_path):
    """Heading bullets are headings, their children the section's list; a shown property is a
    sub-item, an id or "collapsed" no text; a block reference reads as the block (none when
    it is on another page); the page's properties are no text, its title:: titles it."""
    document = _load(write(tmp_path, "tool-booking.md", TOOLS))
    assert document.title == "Tool booking"
    assert [(b.headings, b.text, b.start_line) for b in document.blocks] == [
        (
            ("How to book",),
            "- Book in the Tool calendar at least **2 working days** ahead\n"
            "- Maximum loan: 5 working days",
            5,
        ),
        (
            ("Tool pool",),
            "- Festool Domino DF 700\n\t- location: Ghent\n\t- cutters are in the drawer under"
            " the bench",
            8,
        ),
        (
            ("Returning tools",),
            "- Return tools clean by 10:00 on the due day\n"
            "- Reminder: Return tools clean by 10:00 on the due day\n- See also",
            13,
        ),
    ]


def test_a_journal_page_without_a_title_property_is_titled_by_its_file(tmp_path):
    journal = (
        "- Decided: the spray booth is closed from 10 to 21 November\n"
        "\t- see ((6721d3b0-2c30-4c34-8d49-ff3b5e3232d8))\n"
    )
    document = _load(write(tmp_path, "2026_11_03.md", journal))
    assert document.title == "2026 11 03"
    assert "((" not in " ".join(b.text for b in document.blocks)


def test_ordinary_markdown_lists_are_not_outlines(tmp_path):
    page = "# Checklist\n\n- Bring your badge\n- Sign in at reception\n"
    document = _load(write(tmp_path, "checklist.md", page))
    assert document.title == "Checklist"
    assert [b.text for b in document.blocks] == ["- Bring your badge\n- Sign in at reception"]


ROTA = (
    "title:: On-call rota\n"  # 1
    "\n"
    "- ## Numbers\n"  # 3
    "\t- Each clinic has one on-call mobile.\n"  # 4
    "\t- | Site | On-call mobile |\n"  # 5: a block holding a table
    "\t  |---|---|\n"
    "\t  | Utrecht | +31 6 4180 2231 |\n"
    "\t  | Leeds | +44 7700 900412 |\n"
    "\t- #+BEGIN_NOTE\n"  # 9
    "\t  Handover is at the 08:00 huddle on Monday.\n"
    "\t  #+END_NOTE\n"
    "\t- Restart the pager bridge:\n"  # 12
    "\t- #+BEGIN_SRC bash\n"
    "\t  systemctl restart pager-bridge\n"
    "\t  #+END_SRC\n"
    "- ## To do\n"  # 16
    "\t- TODO Replace the Leeds phone\n"
    "\t  SCHEDULED: <2026-12-04 Fri>\n"
    "\t- DONE Test the IT number\n"
)


def test_tables_notes_code_and_tasks_in_blocks_read_as_the_app_draws_them(tmp_path):
    document = _load(write(tmp_path, "rota.md", ROTA))
    assert [(b.headings, b.text, b.start_line) for b in document.blocks] == [
        (("Numbers",), "- Each clinic has one on-call mobile.", 4),
        (
            ("Numbers",),
            "| Site | On-call mobile |\n|---|---|\n| Utrecht | +31 6 4180 2231 |\n"
            "| Leeds | +44 7700 900412 |",
            5,
        ),
        (
            ("Numbers",),
            "- Note: Handover is at the 08:00 huddle on Monday.\n- Restart the pager bridge:",
            10,
        ),
        (("Numbers",), "```bash\nsystemctl restart pager-bridge\n```", 13),
        (("To do",), "- [ ] Replace the Leeds phone\n- [x] Test the IT number", 17),
    ]
