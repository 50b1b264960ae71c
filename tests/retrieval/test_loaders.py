"""Loaders: Markdown, HTML, plain text and PDF files become Documents, or fail with a reason."""

from __future__ import annotations

import os
import re
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from pypdf import PdfWriter

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from kb_slackbot.retrieval.loaders.paragraphs import aligned_fence
from tests.retrieval.helpers import make_pdf, write

BASE = "https://docs.example.com/kb/"


def load(path: Path, root: Path | None = None, base_url: str | None = None, space="public"):
    root = root or path.parent
    return load_document(SourceFile(path, path.relative_to(root).as_posix(), space, base_url))


def set_mtime(path: Path, day: date) -> None:
    stamp = datetime(day.year, day.month, day.day, 12, 0, tzinfo=UTC).timestamp()
    os.utime(path, (stamp, stamp))


def texts(document) -> list[str]:
    return [b.text for b in document.blocks]


# --- Markdown ----------------------------------------------------------------------------


def test_markdown_front_matter_sets_every_field(tmp_path):
    path = write(
        tmp_path,
        "guide.md",
        "---\n"
        "title: Expense guide\n"
        "url: https://wiki.example.com/expenses\n"
        "updated: 2025-03-04\n"
        "space: finance\n"
        "lang: de\n"
        "---\n"
        "# Something else\n\n"
        "Receipts go to the finance team.\n",
    )
    doc = load(path, base_url=BASE, space="public")
    assert doc.title == "Expense guide"
    assert doc.url == "https://wiki.example.com/expenses"
    assert doc.updated == date(2025, 3, 4)
    assert doc.space == "finance"
    assert doc.language == "de"
    assert doc.doc_id == "guide.md"
    assert texts(doc) == ["Receipts go to the finance team."]


def test_markdown_date_key_is_accepted_for_updated(tmp_path):
    path = write(tmp_path, "a.md", "---\ndate: 2024-12-24T10:30:00\n---\nText.\n")
    assert load(path).updated == date(2024, 12, 24)


def test_markdown_title_falls_back_to_first_heading_then_file_name(tmp_path):
    with_heading = write(tmp_path, "x.md", "Intro line.\n\n# Travel booking\n\nBook early.\n")
    doc = load(with_heading)
    assert doc.title == "Travel booking"
    # The heading that became the title is not repeated in the section path.
    assert [b.headings for b in doc.blocks] == [(), ()]

    no_heading = write(tmp_path, "home-office_setup.md", "Just a paragraph.\n")
    assert load(no_heading).title == "Home office setup"


def test_markdown_url_falls_back_to_base_url_plus_relative_path(tmp_path):
    path = write(tmp_path, "hr/Über uns.md", "Hello.\n")
    doc = load(path, root=tmp_path, base_url="https://docs.example.com/kb")
    assert doc.url == "https://docs.example.com/kb/hr/%C3%9Cber%20uns.md"
    assert doc.doc_id == "hr/Über uns.md"
    # With a trailing slash on the base the result is the same (no double slash).
    assert load(path, root=tmp_path, base_url=BASE).url == BASE + "hr/%C3%9Cber%20uns.md"


def test_markdown_url_without_base_is_a_file_uri(tmp_path):
    path = write(tmp_path, "notes.md", "Hello.\n")
    doc = load(path)
    assert doc.url == path.resolve().as_uri()
    assert doc.url.startswith("file:///")


def test_markdown_updated_falls_back_to_file_mtime(tmp_path):
    path = write(tmp_path, "old.md", "---\ntitle: Old page\n---\nText.\n")
    set_mtime(path, date(2021, 5, 4))
    assert load(path).updated == date(2021, 5, 4)


def test_markdown_headings_code_fences_and_line_numbers(tmp_path):
    source = (
        "---\n"  # 1
        "title: Deploying\n"  # 2
        "---\n"  # 3
        "\n"  # 4
        "# Deploying\n"  # 5
        "\n"  # 6
        "Overview paragraph\n"  # 7
        "spanning two lines.\n"  # 8
        "\n"  # 9
        "## Staging\n"  # 10
        "\n"  # 11
        "```bash\n"  # 12
        "# not a heading\n"  # 13
        "make deploy\n"  # 14
        "```\n"  # 15
        "\n"  # 16
        "### Rollback\n"  # 17
        "Run the rollback job.\n"  # 18
        "\n"  # 19
        "---\n"  # 20 (horizontal rule)
        "\n"  # 21
        "After the rule.\n"  # 22
        "## Production\n"  # 23
        "Ask on-call first.\n"  # 24
    )
    path = write(tmp_path, "deploy.md", source)
    doc = load(path)
    lines = source.split("\n")
    got = [(b.headings, b.start_line, b.end_line) for b in doc.blocks]
    assert got == [
        ((), 7, 8),
        (("Staging",), 12, 15),
        (("Staging", "Rollback"), 18, 18),
        (("Staging", "Rollback"), 22, 22),
        (("Production",), 24, 24),
    ]
    for block in doc.blocks:
        assert block.text == "\n".join(lines[block.start_line - 1 : block.end_line]).strip()
    assert "# not a heading" in doc.blocks[1].text


def test_a_steps_code_block_is_stored_aligned(tmp_path):
    """Code indented under a numbered step keeps its fences and lines aligned in the index
    (the block used to lose its first line's indent only), and its own indentation."""
    source = (
        "# Rotating a key\n\n1. Sign in:\n\n   ```bash\n   pwctl login \\\n     --sso\n   ```\n\n"
        "2. List the keys.\n"
    )
    doc = load(write(tmp_path, "rotate.md", source))
    assert "```bash\npwctl login \\\n  --sso\n```" in texts(doc)


def test_aligned_fence_keeps_the_codes_own_indent():
    assert aligned_fence(["   ```py", "   if x:", "       y()", "   ```"]) == [
        "```py",
        "if x:",
        "    y()",
        "```",
    ]
    # An index's older text: the opening fence already lost its indent.
    assert aligned_fence(["```py", "   if x:", "       y()", "   ```"]) == [
        "```py",
        "if x:",
        "    y()",
        "```",
    ]
    # A block cut before its closing fence is dedented as a whole.
    assert aligned_fence(["  ```", "  a", "    b"]) == ["```", "a", "  b"]


# --- plain text --------------------------------------------------------------------------


def test_a_table_right_under_text_or_a_list_is_a_block_of_its_own(tmp_path):
    """GitHub reads a table under a line of text (no blank line between) as a table; so do
    we, and the line after it starts the next block."""
    text = "## Rooms\nBook in Facilitor:\n| Room | Seats |\n|---|---|\n| Dom | 12 |\n- Maliebaan\n"
    document = load_document(SourceFile(write(tmp_path, "rooms.md", text), "rooms.md", "s", None))
    assert [(b.text, b.start_line) for b in document.blocks] == [
        ("Book in Facilitor:", 2),
        ("| Room | Seats |\n|---|---|\n| Dom | 12 |", 3),
        ("- Maliebaan", 6),
    ]


def test_plain_text_paragraphs_title_and_lines(tmp_path):
    path = write(
        tmp_path,
        "it/wifi_codes.txt",
        "Guest network: NW-Guest\n\n\nThe password changes monthly.\nAsk reception.\n",
    )
    set_mtime(path, date(2022, 1, 2))
    doc = load(path, root=tmp_path, base_url=BASE)
    assert doc.title == "Wifi codes"
    assert doc.url == BASE + "it/wifi_codes.txt"
    assert doc.updated == date(2022, 1, 2)
    assert [(b.text, b.start_line, b.end_line) for b in doc.blocks] == [
        ("Guest network: NW-Guest", 1, 1),
        ("The password changes monthly.\nAsk reception.", 4, 5),
    ]


def test_crlf_and_bom_are_normalised(tmp_path):
    path = tmp_path / "win.txt"
    path.write_bytes(b"\xef\xbb\xbfFirst line\r\nsecond line\r\n\r\nThird\r\n")
    doc = load(path)
    assert texts(doc) == ["First line\nsecond line", "Third"]


# --- HTML --------------------------------------------------------------------------------

HTML_PAGE = """<!DOCTYPE html>
<html><head>
  <title>Office Wi-Fi</title>
  <link rel="canonical" href="https://intranet.example.com/wifi">
  <style>.secret-style-rule { color: red }</style>
  <script>var trackingScriptMarker = 1;</script>
</head><body>
  <header><a href="/">Header logo text</a></header>
  <nav><ul><li><a href="/x">Navigation link text</a></li></ul></nav>
  <main>
    <h1>Office Wi-Fi</h1>
    <p>Use the <b>NW-Staff</b> network.</p>
    <h2>Guests</h2>
    <p>Guests use NW-Guest.</p>
    <ul><li>Ask reception</li><li>Show ID</li></ul>
    <h3>Passwords</h3>
    <table><tr><th>Network</th><th>Password</th></tr>
      <tr><td>NW-Guest</td><td>changes monthly</td></tr></table>
    <h2>Printers</h2>
    <p>Printers are on floor 2.</p>
  </main>
  <footer>Footer copyright text</footer>
</body></html>
"""


# --- FAQ pages written without headings ---------------------------------------------------


def test_a_bold_question_line_heads_its_answer(tmp_path):
    path = write(
        tmp_path,
        "faq.md",
        "# IT FAQ\n\n## Devices\n\n**Can I use my own laptop?**\nNo. Only company laptops.\n\n"
        "**How long are deleted files kept?**\n93 days.\n\n## Accounts\n\nAsk IT.\n",
    )
    doc = load(path)
    assert [(b.headings, b.text) for b in doc.blocks] == [
        (("Devices", "Can I use my own laptop?"), "No. Only company laptops."),
        (("Devices", "How long are deleted files kept?"), "93 days."),
        (("Accounts",), "Ask IT."),  # a real heading ends the last question
    ]


@pytest.mark.parametrize("name", ["faq.md", "faq.txt"])
def test_labelled_questions_head_their_answers_without_the_answer_label(tmp_path, name):
    path = write(
        tmp_path,
        name,
        "Q: Is there a printer quota?\nA: Yes, 500 pages a month.\n\n"
        "Frage: Gibt es ein Druckkontingent?\n\nAntwort: Ja, 500 Seiten.\n\n"
        "A: plain text that answers nothing asked stays as it is.\n",
    )
    doc = load(path)
    assert [(b.headings, b.text) for b in doc.blocks] == [
        (("Is there a printer quota?",), "Yes, 500 pages a month."),
        (("Gibt es ein Druckkontingent?",), "Ja, 500 Seiten."),
        (
            ("Gibt es ein Druckkontingent?",),
            "A: plain text that answers nothing asked stays as it is.",
        ),
    ]


def test_a_markdown_toggle_summary_heads_its_answer(tmp_path):
    path = write(
        tmp_path,
        "faq.md",
        "# FAQ\n\n<details>\n<summary><b>Can I expense a gym?</b></summary>\n\nNo, sport is a"
        " benefit.\n\n</details>\n<details><summary>Phone bill</summary>\n\nCovered up to"
        " €25.\n</details>\n",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("Can I expense a gym?",), "No, sport is a benefit."),
        (("Phone bill",), "Covered up to €25."),
    ]


def test_lines_in_capitals_head_a_plain_text_handbook(tmp_path):
    path = write(
        tmp_path,
        "handbook.txt",
        "ACME HANDBOOK\n\n1. TRAVEL\n\nBook trains first.\n\n1.1 HOTELS\n\nUp to €160 a night.\n\n"
        "IMPORTANT: KEEP RECEIPTS.\n\n**PARKING**\n\nNo spaces.\n\nNOT A HEADING\nas it runs on.\n",
    )
    document = load(path)
    assert document.title == "ACME HANDBOOK"  # the first line in capitals
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("1. TRAVEL",), "Book trains first."),
        (("1.1 HOTELS",), "Up to €160 a night."),  # one level: the next one ends it
        (("1.1 HOTELS",), "IMPORTANT: KEEP RECEIPTS."),  # a sentence
        (("1.1 HOTELS", "PARKING"), "No spaces."),  # a bold label nests under it
        (("1.1 HOTELS", "PARKING"), "NOT A HEADING\nas it runs on."),
    ]


def test_an_email_kept_as_text_is_titled_by_its_subject(tmp_path):
    path = write(
        tmp_path,
        "memo.txt",
        "MEMORANDO INTERNO – HOTEL PORTO\n\nDe: Direção\nPara: Todos\n"
        "Assunto: Noite de São João (23 de junho)\n\nCaros colegas,\n\nO bar fecha às 02:00.\n",
    )
    document = load(path)
    assert document.title == "Noite de São João (23 de junho)"  # not the memo banner
    assert any("O bar fecha às 02:00." in b.text for b in document.blocks)
    # A "Subject:" deep in the text is a sentence, not the page's header.
    late = write(tmp_path, "notes.txt", "NOTES\n\n" + "Line.\n\n" * 12 + "Subject: other\n")
    assert load(late).title == "NOTES"


def test_an_html_table_in_markdown_is_read_as_a_table(tmp_path):
    path = write(
        tmp_path,
        "benefits.md",
        "# Benefits\n\nBudgets by level.\n\n<table>\n  <tr><th>Level</th><th>Budget</th></tr>\n"
        "  <tr><td>Senior</td><td>€2,000</td></tr>\n</table>\n\n```html\n<table><tr><td>code"
        "</td></tr></table>\n```\n\nAfter.\n",
    )
    blocks = load(path).blocks
    assert [(b.text, b.start_line, b.end_line) for b in blocks] == [
        ("Budgets by level.", 3, 3),
        ("| Level | Budget |\n| --- | --- |\n| Senior | €2,000 |", 5, 5),
        ("```html\n<table><tr><td>code</td></tr></table>\n```", 10, 12),  # code stays code
        ("After.", 14, 14),
    ]


def test_merged_html_cells_are_spread_over_the_rows_and_columns_they_cover(tmp_path):
    """rowspan repeats a label down its rows, colspan a value across its columns; a header of
    two rows reads as one; a label across the whole table is said once; a span of 0 runs to
    the table's end."""
    path = write(
        tmp_path,
        "hotels.html",
        "<html><body><table>"
        "<tr><th rowspan=2>City</th><th colspan=2>Limit per night</th></tr>"
        "<tr><th>Staff</th><th>Directors</th></tr>"
        "<tr><td colspan=3>Germany</td></tr>"
        "<tr><td>Berlin</td><td colspan=2>€160</td></tr>"
        "<tr><td rowspan=2>Munich</td><td>€170</td><td>€220</td></tr>"
        "<tr><td>€190 <b>during the Wiesn</b></td><td>€250</td></tr>"
        "<tr><td>Cologne</td><td rowspan=0>€150</td><td>€200</td></tr>"
        "<tr><td>Bonn</td><td>€180</td></tr>"
        "</table></body></html>",
    )
    assert texts(load(path)) == [
        "| City | Limit per night (Staff) | Limit per night (Directors) |\n| --- | --- | --- |\n"
        "| Germany |  |  |\n"
        "| Berlin | €160 | €160 |\n"
        "| Munich | €170 | €220 |\n"
        "| Munich | €190 during the Wiesn | €250 |\n"
        "| Cologne | €150 | €200 |\n"
        "| Bonn | €150 | €180 |"
    ]


def test_text_outside_paragraphs_and_in_layout_tables_is_read(tmp_path):
    """Mail clients, CMS editors and old intranet pages set text straight in <div>s and lay
    pages out with tables of tables: every box's text is a block (a bold one a heading), a
    table inside a layout table is a table. Before, all of it but the <p> was lost."""
    path = write(
        tmp_path,
        "parking.html",
        "<html><body><h1>Parking</h1><div>Parking costs €5 per day.</div>"
        "<div>Permits: ask <b>facilities</b>.<br>Phone 4455</div><p>A paragraph.</p>"
        "<div><b>Bikes</b></div><div>Racks in the basement. <span>Free.</span></div>"
        "<table><tr><td>Rates</td><td><table><tr><th>Zone</th><th>Rate</th></tr>"
        "<tr><td>P1</td><td>€5</td></tr></table></td></tr></table>Loose text.</body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        ((), "Parking costs €5 per day."),
        ((), "Permits: ask facilities. Phone 4455"),
        ((), "A paragraph."),
        (("Bikes",), "Racks in the basement. Free."),
        (("Bikes",), "Rates"),
        (("Bikes",), "| Zone | Rate |\n| --- | --- |\n| P1 | €5 |"),
        (("Bikes",), "Loose text."),
    ]


def test_a_wiki_exports_contents_list_is_left_out_and_its_expand_boxes_read(tmp_path):
    """Confluence: a table of contents (links to the page's own anchors) is no text; an expand
    macro's title heads what it hides, like a <details> toggle (whose bare answer is read too)."""
    path = write(
        tmp_path,
        "onboarding.html",
        '<html><body><div id="main-content" class="wiki-content">'
        '<div class="toc-macro"><ul><li><a href="#first">First day</a><ul><li>'
        '<a href="#it">IT</a></li></ul></li><li><a href="#week">First week</a></li></ul></div>'
        '<h2 id="first">First day</h2><p>Collect your laptop.</p>'
        '<div class="expand-container"><div class="expand-control">'
        '<span class="expand-control-icon">&nbsp;</span>'
        '<span class="expand-control-text">Where is IT?</span></div>'
        '<div class="expand-content"><p>Room 2.14.</p></div></div>'
        "<details><summary>Parking?</summary>Yes, P1.</details>"
        '<h2 id="week">First week</h2><ul><li><a href="#first">Back to top</a> and more</li>'
        "</ul></div></body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("First day",), "Collect your laptop."),
        (("First day", "Where is IT?"), "Room 2.14."),
        (("First day", "Parking?"), "Yes, P1."),
        (("First week",), "- Back to top and more"),
    ]


def test_what_docs_generators_add_to_headings_and_text_is_left_out(tmp_path):
    """A heading's permalink (MkDocs/Sphinx "¶", Docusaurus' zero-width "#" link), MediaWiki's
    "[edit]" and footnote markers, an icon or emoji alone: none is text. A heading's own link
    stays."""
    path = write(
        tmp_path,
        "install.html",
        "<html><head><title>Install - Acme Docs</title></head><body><article>"
        '<h1>Install<a class="headerlink" href="#install">&para;</a></h1>'
        "<p>Run the installer.<sup class=reference><a href=#cite-1>[1]</a></sup></p>"
        '<h2>VPN<a href="#vpn" class="hash-link">\u200b</a>'
        '<span class="mw-editsection">[<a href="/edit">edit</a>]</span></h2>'
        '<div><span class="icon">💡</span></div><p>Use the \u200bQR code.</p>'
        '<h2><a href="/kb/printing">Printing</a></h2><p>Badge release.</p>'
        "</article></body></html>",
    )
    document = load(path)
    assert document.title == "Install"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "Run the installer."),
        (("VPN",), "Use the QR code."),
        (("Printing",), "Badge release."),
    ]


def test_a_table_of_fields_is_read_as_fields(tmp_path):
    """An infobox or a page's properties: every row a header cell and its values. Read as a
    table, its first field was taken for the header and the others read under it."""
    path = write(
        tmp_path,
        "expenses.html",
        "<html><body><table class=infobox><tr><th>Owner:</th><td>Finance</td></tr>"
        "<tr><th>Approver</th><td>CFO</td><td>deputy CFO</td></tr></table>"
        "<table><tr><th></th><th>Staff</th></tr><tr><th>Berlin</th><td>€160</td></tr></table>"
        "</body></html>",
    )
    assert texts(load(path)) == [
        "- Owner: Finance\n- Approver: CFO; deputy CFO",
        "|  | Staff |\n| --- | --- |\n| Berlin | €160 |",  # a header row: a table
    ]


def test_an_html_table_without_merged_cells_reads_as_before(tmp_path):
    """One header row of <td> cells, a short row padded: no spans, no change."""
    path = write(
        tmp_path,
        "t.html",
        "<html><body><table><tr><td>Plan</td><td>Price</td></tr><tr><td>Scale</td></tr>"
        "<tr><td>Pro | Max</td><td>€9</td></tr></table></body></html>",
    )
    assert texts(load(path)) == [
        "| Plan | Price |\n| --- | --- |\n| Scale |  |\n| Pro / Max | €9 |"
    ]


def test_a_markdown_title_is_the_first_heading_even_with_no_text_under_it(tmp_path):
    """ "# IT support" right above its first section (a Setext one) titles the page; that
    section keeps its heading. Before, the first section's heading was taken for the title."""
    path = write(
        tmp_path,
        "it.md",
        "```\n# not a heading\n```\n\n**Q: Who are we?**\n\n# IT support\n\n"
        "How to reach us\n===============\n\nCall extension 4400.\n",
    )
    document = load(path)
    assert document.title == "IT support"
    assert [(b.headings, b.text) for b in document.blocks][-1] == (
        ("How to reach us",),
        "Call extension 4400.",
    )


def test_a_line_break_tag_in_markdown_is_read_as_a_break(tmp_path):
    """<br> in a table cell (GitHub, Notion exports) reads " / ", in prose a space; code keeps
    it as written."""
    path = write(
        tmp_path,
        "leave.md",
        "# Leave\n\n| Country | Birth parent |\n| --- | --- |\n"
        "| Germany | 14 weeks full pay<br>then Elterngeld<BR/>(capped) |\n\n"
        "First line<br />second line.\n\n```html\na<br>b\n```\n",
    )
    assert texts(load(path)) == [
        "| Country | Birth parent |\n| --- | --- |\n"
        "| Germany | 14 weeks full pay / then Elterngeld / (capped) |",
        "First line second line.",
        "```html\na<br>b\n```",
    ]


def test_markdown_extras_are_read_as_the_rendered_page_shows_them(tmp_path):
    """Comments and link definitions left out, images too; notes (MkDocs, Docusaurus, GitHub
    alerts, quotes) read as text under their title; a reference link as its text; code as
    written; every block keeps its line numbers."""
    path = write(
        tmp_path,
        "vpn.md",
        "# VPN\n"  # 1
        "<!-- TODO: new\nscreenshots -->\n"  # 2-3
        "Use [GlobalProtect][gp]. ![Logo](img/gp.png)\n"  # 4
        "\n"
        '!!! warning "Before you start"\n'  # 6
        "    You need an Okta account.\n"  # 7
        "\n"
        ":::tip[In the office]\n"  # 9
        "You do not need the VPN.\n"  # 10
        ":::\n"  # 11
        "\n"
        "> [!NOTE]\n"  # 13
        "> The VPN drops after 12 hours.\n"  # 14
        "\n"
        "![Connected](img/ok.png)\n"  # 16
        "\n"
        "```md\n<!-- kept -->\n> kept\n```\n"  # 18-21
        "\n"
        "[gp]: https://docs.example.com/gp\n",  # 23
    )
    assert [(b.text, b.start_line) for b in load(path).blocks] == [
        ("Use GlobalProtect.", 4),
        ("Before you start:\nYou need an Okta account.", 6),
        ("In the office:\nYou do not need the VPN.", 9),
        ("Note:\nThe VPN drops after 12 hours.", 13),
        ("```md\n<!-- kept -->\n> kept\n```", 18),
    ]


def test_a_table_without_outer_pipes_is_a_table_and_headings_lose_their_markup(tmp_path):
    """GitHub tables may leave out the pipes at the ends of their lines; a table already
    written with them (indented under a step too) stays as written. A heading's bold, code and
    link markup is left out: headings are shown in citations."""
    path = write(
        tmp_path,
        "hotels.md",
        "# Hotels\n\n## **Limits** per `city`\n\nCity | Limit per night\n--- | ---:\n"
        "Berlin | €160\nLisbon | €140 |\n\nAfter | the table.\n\n"
        "## See [Booking](https://x.example/b)\n\n1. Book:\n\n   | A | B |\n   | --- | --- |\n",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (
            ("Limits per city",),
            "| City | Limit per night |\n| --- | ---: |\n| Berlin | €160 |\n| Lisbon | €140 |",
        ),
        (("Limits per city",), "After | the table."),
        (("See Booking",), "1. Book:"),
        (("See Booking",), "| A | B |\n   | --- | --- |"),
    ]


@pytest.mark.parametrize("shape", ["md", "html"])
def test_a_steps_headings_are_its_numbered_items_in_the_section_above(tmp_path, shape):
    """ "## Step 2: Enrol in Intune" over its paragraph reads "2. Enrol in Intune — …", in the
    section above the steps (not in "Requirements", the section before them); a step over
    code is its item alone; a heading that is no step ends the steps."""
    if shape == "md":
        text = (
            "# Laptop\n\n## Requirements\n\n- A Loop ID\n\n## Step 1: Sign in\n\n"
            "Use the temporary password.\n\n## Step 2 - Install the CLI\n\n```bash\n"
            "brew install acme\n```\n\n## Troubleshooting\n\nCall IT.\n"
        )
    else:
        text = (
            "<html><body><h1>Laptop</h1><h2>Requirements</h2><ul><li>A Loop ID</li></ul>"
            "<h2>Step 1: Sign in</h2><p>Use the temporary password.</p>"
            "<h2>Step 2 - Install the CLI</h2><pre>brew install acme</pre>"
            "<h2>Troubleshooting</h2><p>Call IT.</p></body></html>"
        )
    document = load(write(tmp_path, f"laptop.{shape}", text))
    code = "```bash\nbrew install acme\n```" if shape == "md" else "```\nbrew install acme\n```"
    assert document.title == "Laptop"
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Requirements",), "- A Loop ID"),
        ((), "1. Sign in — Use the temporary password."),
        ((), "2. Install the CLI"),
        ((), code),
        (("Troubleshooting",), "Call IT."),
    ]


def test_an_mdx_page_reads_its_tabs_under_their_labels(tmp_path):
    """Docusaurus MDX: module lines, component tags and comments ("{/* … */}") are no text;
    a tab's label heads what it holds, and the tab's end ends it. Prose that starts with
    "export" stays. A Notion export's file name loses its id in the title."""
    path = write(
        tmp_path,
        "Install the CLI 8c1f4e2a9b3d4c6e8f0a1b2c3d4e5f60.mdx",
        "import Tabs from '@theme/Tabs';\nexport const meta = {};\n\n{/* TODO: v2 */}\n\n"
        "{/* two\nlines */}\n\nInstall the CLI.\n\n"
        '<Tabs>\n  <TabItem value="mac" label="macOS" default>\n\nRun `brew install acme`.\n\n'
        '  </TabItem>\n  <TabItem value="win" label="Windows">\n\nRun `winget install acme`.\n\n'
        "  </TabItem>\n</Tabs>\n\nexport your settings with `acme export`.\n",
    )
    document = load(path)
    assert document.title == "Install the CLI"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "Install the CLI."),
        (("macOS",), "Run `brew install acme`."),
        (("Windows",), "Run `winget install acme`."),
        ((), "export your settings with `acme export`."),
    ]


def test_toml_front_matter_is_read_and_a_mistake_in_it_reported(tmp_path):
    """Hugo writes front matter in TOML between "+++" lines."""
    path = write(
        tmp_path, "leave.md", '+++\ntitle = "Annual leave"\nspace = "hr"\n+++\n\n28 days.\n'
    )
    document = load(path)
    assert (document.title, document.space, texts(document)) == ("Annual leave", "hr", ["28 days."])
    assert document.blocks[0].start_line == 6
    broken = write(tmp_path, "broken.md", '+++\ntitle = "Annual leave\n+++\n\nText.\n')
    with pytest.raises(LoadError, match="malformed TOML front matter"):
        load(broken)


def test_a_page_of_second_level_sections_is_titled_by_its_file_name(tmp_path):
    """Its first "##" is a section like the next one, not the page's title; a "##" alone at
    its level (over "###" sections) is the title."""
    sections = write(
        tmp_path, "vpn-guide.md", "## Windows\n\nOpen the app.\n\n## Linux\n\nRun wg-quick.\n"
    )
    document = load(sections)
    assert document.title == "Vpn guide"
    assert [b.headings for b in document.blocks] == [("Windows",), ("Linux",)]
    titled = write(tmp_path, "t.md", "## VPN guide\n\n### Windows\n\nOpen the app.\n")
    assert load(titled).title == "VPN guide"


@pytest.mark.parametrize("name", ["faq.md", "faq.txt"])
def test_a_plain_faq_question_heads_its_answer(tmp_path, name):
    """A FAQ typed without bold or "Q:": a question line starting a paragraph, its answer on
    the next line or in the next paragraph, heads that answer (so the answer is quoted, not
    the question). A question inside prose, or one followed by another question, stays text."""
    path = write(
        tmp_path,
        name,
        "IT FAQ\n======\n\nHow do I reset my password?\nGo to id.acme.example.\n\n"
        "Can I use my own laptop?\n\nNo. Only company laptops.\n\n"
        "Why does this matter? It keeps data safe.\n\nNeed help?\nNeed more help?\n"
        "Ask in #it-help.\n",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("How do I reset my password?",), "Go to id.acme.example."),
        (("Can I use my own laptop?",), "No. Only company laptops."),
        (("Can I use my own laptop?",), "Why does this matter? It keeps data safe."),
        (("Can I use my own laptop?",), "Need help?\nNeed more help?\nAsk in #it-help."),
    ]


def test_a_plain_html_faq_question_heads_its_answer(tmp_path):
    """The same in HTML: a <p> that is one short question, an answer after it."""
    path = write(
        tmp_path,
        "faq.html",
        "<html><body><h1>IT FAQ</h1><p>How do I reset my password?</p>"
        "<p>Go to id.acme.example.</p><p>Need help?</p><p>Need more help?</p>"
        "<p>Ask in #it-help.</p></body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("How do I reset my password?",), "Go to id.acme.example."),
        (("How do I reset my password?",), "Need help?"),
        (("Need more help?",), "Ask in #it-help."),
    ]


def test_a_bold_line_that_does_not_ask_is_no_question(tmp_path):
    path = write(tmp_path, "notes.md", "**Important:**\nBack up first.\n\n**Why?** Because.\n")
    assert [b.headings for b in load(path).blocks] == [(), ()]


def test_a_bold_label_standing_alone_heads_a_section(tmp_path):
    path = write(
        tmp_path,
        "office.md",
        "# Office rules\n\n**Opening hours**\n\nOpen from 07:00.\n\n**Parking**\n\n12 spots.\n\n"
        "**Batch**\n: A group of shipments.\n",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("Opening hours",), "Open from 07:00."),
        (("Parking",), "12 spots."),
        # a term right above its definition is no section
        (("Parking",), "**Batch**\n: A group of shipments."),
    ]


@pytest.mark.parametrize("name", ["notes.md", "notes.txt"])
def test_setext_headings_are_headings(tmp_path, name):
    path = write(
        tmp_path,
        name,
        "Travel policy\n=============\n\nBook early.\n\nPer diems\n---------\n\n€28 a day.\n\n"
        "Two lines of prose\nabove a rule\n---\n\n```yaml\nkey: value\n---\n```\n",
    )
    doc = load(path)
    # the first heading, underlined with "=", is the title (of a text file too)
    assert doc.title == "Travel policy"
    assert [(b.headings, b.text.splitlines()[0]) for b in doc.blocks] == [
        ((), "Book early."),
        (("Per diems",), "€28 a day."),
        (("Per diems",), "Two lines of prose"),  # only a one-line paragraph is a heading
        (("Per diems",), "```yaml"),  # nothing inside code is
    ]


def test_a_text_file_saved_from_a_word_processor_keeps_its_sections_and_tables(tmp_path):
    """Numbered section headings ("2.1 Hotels", counting up) head their text; columns aligned
    with spaces or tabs are tables, cited at their first line; a sentence with a double space
    is no table. (A line in capitals over a subtitle line is no title: the file's name is.)"""
    path = write(
        tmp_path,
        "policy.txt",
        "TRAVEL AND EXPENSES POLICY\n"  # 1
        "Version 3.2, valid from 1 March 2026\n"  # 2
        "\n"
        "1. Scope\n"  # 4
        "Everyone travelling on business.  This includes contractors.\n"  # 5
        "\n"
        "2. Booking\n"  # 7
        "2.1 Hotels\n"  # 8
        "City            Limit per night\n"  # 9
        "London          GBP 180\n"
        "Berlin          EUR 150\n"
        "\n"
        "2.2 Per diems\n"  # 13
        "Country\tFull day\tPartial day\n"  # 14
        "Germany\tEUR 28\tEUR 14\n"
        "UK\tGBP 25\tGBP 12\n",
    )
    document = load(path)
    assert document.title == "Policy"
    assert [(b.headings, b.text, b.start_line) for b in document.blocks] == [
        ((), "TRAVEL AND EXPENSES POLICY\nVersion 3.2, valid from 1 March 2026", 1),
        (("1. Scope",), "Everyone travelling on business.  This includes contractors.", 5),
        (
            ("2. Booking", "2.1 Hotels"),
            "| City | Limit per night |\n| --- | --- |\n| London | GBP 180 |\n| Berlin | EUR 150 |",
            9,
        ),
        (
            ("2. Booking", "2.2 Per diems"),
            "| Country | Full day | Partial day |\n| --- | --- | --- |\n"
            "| Germany | EUR 28 | EUR 14 |\n| UK | GBP 25 | GBP 12 |",
            14,
        ),
    ]


def test_html_faq_questions_and_bold_labels_head_their_answers(tmp_path):
    path = write(
        tmp_path,
        "faq.html",
        "<html><body><main><h2>Devices</h2>"
        "<p><strong>Can I use my own laptop?</strong></p><p>No. Only company laptops.</p>"
        "<dl><dt>How long are deleted files kept?</dt><dd>93 days.</dd></dl>"
        "<p>Is this <b>bold</b> question a heading?</p><p>It is not.</p>"
        "<p><b>Phone plan</b></p><p>Covered up to €25.</p><p><b>Note:</b></p>"
        "</main></body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("Devices", "Can I use my own laptop?"), "No. Only company laptops."),
        (("Devices", "How long are deleted files kept?"), "93 days."),
        (("Devices", "How long are deleted files kept?"), "Is this bold question a heading?"),
        (("Devices", "How long are deleted files kept?"), "It is not."),
        (("Devices", "Phone plan"), "Covered up to €25."),  # a bold label is a heading
        (("Devices", "Phone plan"), "Note:"),  # … a bold lead-in is not
    ]


def test_html_text_keeps_the_pages_own_spacing_around_inline_markup(tmp_path):
    """No space is put before a full stop after a bold word or a link, nor inside brackets
    around code; words parted by a tag without a space stay apart only where the page parts
    them (a line break, a block), and a title with markup in it keeps its space."""
    path = write(
        tmp_path,
        "audit.html",
        "<html><body><h1>Night <em>audit</em></h1>"
        "<p>Use the template <code>LATE-ARR</code>. See <a href='x'>Shift swaps</a>, "
        "then run it (<code>cvctl audit run</code>)!</p>"
        "<table><tr><th>Step <b>one</b></th><th>When</th></tr>"
        "<tr><td>Close<br>the day</td><td><p>02:00</p><p>daily</p></td></tr></table>"
        "</body></html>",
    )
    document = load(path)
    assert document.title == "Night audit"
    assert texts(document) == [
        "Use the template `LATE-ARR`. See Shift swaps, then run it (`cvctl audit run`)!",
        # (a cell's paragraphs are parted: a Markdown cell holds no line break)
        "| Step one | When |\n| --- | --- |\n| Close the day | 02:00; daily |",
    ]


def test_a_docs_sites_note_title_leads_its_text(tmp_path):
    """MkDocs and Sphinx write a note's title as a paragraph of its own ("Note"): it leads
    the note's text, as a Markdown admonition's title does, instead of being a block."""
    path = write(
        tmp_path,
        "deploy.html",
        "<html><body><h1>Deploy</h1><p>Ship with shipit.</p>"
        '<div class="admonition warning"><p class="admonition-title">Deploy freeze</p>'
        "<p>No deploys on <b>Fridays</b>.</p></div></body></html>",
    )
    assert texts(load(path)) == ["Ship with shipit.", "Deploy freeze: No deploys on Fridays."]


def test_html_inline_code_reads_as_a_code_span_but_not_in_headings(tmp_path):
    """A command or code set in <code>/<kbd> is shown as code, as a Markdown page writes it
    (a code span whose text holds a backtick is fenced by two); a heading with code in it is
    shown plain (it names the section in citations)."""
    path = write(
        tmp_path,
        "keys.html",
        "<html><body><h1>Keys</h1><h2>Rotate with <code>pwctl</code></h2>"
        "<p>Run <code>pwctl keys rotate</code>, then press <kbd>Enter</kbd>.</p>"
        "<p>Quote it as <code>echo `date`</code>.</p>"
        "<table><tr><th>Code</th><th>Use</th></tr>"
        "<tr><td><code>INT-BID</code></td><td>Bid work</td></tr></table>"
        "</body></html>",
    )
    blocks = [(b.headings, b.text) for b in load(path).blocks]
    assert blocks == [
        (("Rotate with pwctl",), "Run `pwctl keys rotate`, then press `Enter`."),
        (("Rotate with pwctl",), "Quote it as `` echo `date` ``."),
        (("Rotate with pwctl",), "| Code | Use |\n| --- | --- |\n| `INT-BID` | Bid work |"),
    ]


def test_a_built_docusaurus_notes_title_leads_its_text(tmp_path):
    """Docusaurus builds a note as a heading div (its kind in lower case, an icon) over a
    content div, both of hashed classes: read as "Warning: …" and "Roll back first: …"."""
    note = (
        '<div class="theme-admonition theme-admonition-{kind} alert">'
        '<div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg></svg>'
        '</span>{title}</div><div class="admonitionContent_BuS1"><p>{text}</p></div></div>'
    )
    path = write(
        tmp_path,
        "deploy.html",
        "<html><body><article><h1>Deploy</h1><p>Ship with shipit.</p>"
        + note.format(kind="warning", title="warning", text="No deploys on Fridays.")
        + note.format(kind="tip", title="Roll back first", text="Run <code>shipit undo</code>.")
        + "</article></body></html>",
    )
    assert texts(load(path)) == [
        "Ship with shipit.",
        "Warning: No deploys on Fridays.",
        "Roll back first: Run `shipit undo`.",
    ]


def test_a_confluence_export_is_read_without_its_page_chrome(tmp_path):
    path = write(
        tmp_path,
        "Parental-leave_123.html",
        "<html><head><title>HR : Parental leave</title></head><body><div id='page'>"
        "<div id='main-header'><div id='breadcrumb-section'><ol id='breadcrumbs'>"
        "<li><a href='index.html'>HR</a></li></ol></div>"
        "<h1 id='title-heading'>HR : Parental leave</h1></div>"
        "<div id='content'><div class='page-metadata'>Created by Anna Berg, last modified on"
        " Mar 03, 2025</div><div id='main-content' class='wiki-content group'>"
        "<h2>Length</h2><p>Each parent gets 16 weeks of paid leave.</p></div>"
        "<div class='pageSection group'><h2>Attachments:</h2><p>form.pdf</p></div></div>"
        "<div id='footer' role='contentinfo'><p>Document generated by Confluence</p></div>"
        "</div></body></html>",
    )
    document = load(path)
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Length",), "Each parent gets 16 weeks of paid leave.")
    ]
    # "HR : Parental leave": the space the breadcrumbs name, then the page's own name.
    assert document.title == "Parental leave"


def test_a_help_centre_article_is_read_without_its_trail_sidebar_byline_or_related_list(
    tmp_path,
):
    # As Zendesk Guide's default theme exports an article: the trail and a sidebar of the
    # section's articles inside <main>, a byline in the article's header, "Related articles"
    path = write(
        tmp_path,
        "contact.html",
        "<html><head><title>Contact the desk &ndash; Acme Help Centre</title></head><body>"
        "<main><div class='sub-nav'><ol class='breadcrumbs'><li><a href='/hc'>Acme Help Centre"
        "</a></li><li><a href='/hc/s'>Getting help</a></li></ol></div>"
        "<aside class='article-sidebar'><h3>Articles in this section</h3><ul><li>"
        "<a href='/hc/a/1'>Contact the desk</a></li><li><a href='/hc/a/2'>Log a ticket</a></li>"
        "</ul></aside><article><header class='article-header'><h1>Contact the desk</h1>"
        "<div class='article-author'><div class='article-meta'>Helen Okonjo<ul><li>"
        "<time datetime='2026-10-02T09:14:55Z'>2 October 2026</time></li><li>Updated</li></ul>"
        "</div></div></header><section class='article-info'><h2>Phone</h2>"
        "<p>Call extension 4357.</p><aside class='callout'><p>Have your ID ready.</p></aside>"
        "</section><section class='related-articles'><h2>Related articles</h2><ul><li>"
        "<a href='/hc/a/3'>Reset MFA</a></li></ul></section></article></main></body></html>",
    )
    document = load(path)
    assert document.title == "Contact the desk"
    assert document.updated == date(2026, 10, 2)
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Phone",), "Call extension 4357."),
        (("Phone",), "Have your ID ready."),  # an aside in the article is its text
    ]


def test_a_help_centre_title_loses_the_sites_name(tmp_path):
    # Freshdesk: the title stands above the article body (the landmark), and the <title>
    # carries the portal's name
    freshdesk = write(
        tmp_path,
        "limits.html",
        "<html><head><title>Job limits : Acme IT Support</title></head><body>"
        "<section class='fw-breadcrumb'><a href='/support'>Home</a> / <a>HPC</a></section>"
        "<h1 class='fw-page-title'>Job limits</h1>"
        "<article class='article-body'><p>Jobs run for at most 48 hours.</p></article>"
        "</body></html>",
    )
    assert load(freshdesk).title == "Job limits"
    assert [b.text for b in load(freshdesk).blocks] == ["Jobs run for at most 48 hours."]
    # with no heading at all, the site's name (og:site_name) leaves the <title>
    bare = write(
        tmp_path,
        "bare.html",
        '<html><head><title>Job limits | Acme IT Support</title><meta property="og:site_name"'
        ' content="Acme IT Support"></head><body><p>Jobs run for at most 48 hours.</p>'
        "</body></html>",
    )
    assert load(bare).title == "Job limits"
    # a title that only looks like it has a site's name keeps it
    plain = write(
        tmp_path,
        "plain.html",
        "<html><head><title>VPN - Linux</title></head><body><p>Use openconnect.</p></body></html>",
    )
    assert load(plain).title == "VPN - Linux"


def test_an_html_code_block_is_read_as_fenced_code_with_its_language(tmp_path):
    path = write(
        tmp_path,
        "ssh.html",
        "<html><body><main><h2>Log in</h2><p>On campus:</p>"
        "<pre><code class='language-bash'>ssh ab12@login.example\nsqueue --me</code></pre>"
        "<div class='highlight-console'><pre>$ exit</pre></div>"
        "<pre>plain ```fenced``` text</pre><pre>  </pre></main></body></html>",
    )
    assert [b.text for b in load(path).blocks] == [
        "On campus:",
        "```bash\nssh ab12@login.example\nsqueue --me\n```",
        "```console\n$ exit\n```",
        "````\nplain ```fenced``` text\n````",  # a longer fence than any inside
    ]


def test_an_aligned_text_tables_underline_is_no_row_and_column_names_read_as_words(tmp_path):
    text = write(
        tmp_path,
        "notice.txt",
        "Maintenance\n\nDate        Day  Service\n----------  ---  -------\n"
        "2026-12-05  Sat  Email\n2026-12-08  Tue  HPC\n",
    )
    assert "| 2026-12-05 | Sat | Email |" in load(text).blocks[-1].text
    assert "----------" not in load(text).blocks[-1].text
    csv = write(tmp_path, "labs.csv", "lab_name,term_time_hours,notes\nOpen Lab,24/7,G.20\n")
    assert load(csv).blocks[-1].text.split("\n")[0] == "| lab name | term time hours | notes |"


def test_a_tables_closing_note_across_its_width_and_a_one_column_box_read_as_text(tmp_path):
    path = write(
        tmp_path,
        "leave.html",
        "<html><body><main><h2>Entitlement</h2><div class='box'><table><tr><td>"
        "Guidance: delete this box before printing.</td></tr></table></div>"
        "<table><tr><th>Group</th><th>Days</th></tr><tr><td colspan='2'>Clinical</td></tr>"
        "<tr><td>Dentist</td><td>25</td></tr><tr><td>Nurse</td><td>23</td></tr>"
        "<tr><td colspan='2'>Part-time staff: pro rata.</td></tr></table></main></body></html>",
    )
    assert [b.text for b in load(path).blocks] == [
        "Guidance: delete this box before printing.",
        "| Group | Days |\n| --- | --- |\n| Clinical |  |\n| Dentist | 25 |\n| Nurse | 23 |"
        "\n\nPart-time staff: pro rata.",  # a group label above rows stays a row
    ]


def test_a_word_files_footnotes_as_mammoth_writes_them_are_a_section_without_marks(tmp_path):
    # mammoth's HTML for a .docx footnote: a "[1]" marker and an "↑" link back
    path = write(
        tmp_path,
        "kit.html",
        "<html><head><title>Kit</title></head><body><h1>General</h1>"
        "<p>Every clinic has a drug kit<sup>"
        "<a href='#footnote-1' id='footnote-ref-1'>[1]</a></sup> at reception.</p>"
        "<h1>After an emergency</h1><p>Restock the kit.</p><ol><li id='footnote-1'><p>Drugs near"
        " expiry are replaced. <a href='#footnote-ref-1'>↑</a></p></li></ol></body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("General",), "Every clinic has a drug kit at reception."),
        (("After an emergency",), "Restock the kit."),
        (("Footnotes",), "1. Drugs near expiry are replaced."),
    ]


def test_a_title_with_a_colon_keeps_it_unless_the_breadcrumbs_name_the_space(tmp_path):
    path = write(
        tmp_path,
        "q3.html",
        "<html><head><title>Finance : Q3 close checklist</title></head><body><main>"
        "<p>Close the books by day 5.</p></main></body></html>",
    )
    assert load(path).title == "Finance : Q3 close checklist"


def test_a_toggle_summary_heads_only_what_it_hides(tmp_path):
    path = write(
        tmp_path,
        "faq.html",
        "<html><body><main><h2>Expenses</h2>"
        "<details><summary>Can I expense a gym?</summary><p>No.</p><p>Sport is a benefit.</p>"
        "</details><details><summary><b>Phone bill</b></summary>Covered up to €25.</details>"
        "<p>Ask finance for anything else.</p></main></body></html>",
    )
    assert [(b.headings, b.text) for b in load(path).blocks] == [
        (("Expenses", "Can I expense a gym?"), "No."),
        (("Expenses", "Can I expense a gym?"), "Sport is a benefit."),
        (("Expenses", "Phone bill"), "Covered up to €25."),
        (("Expenses",), "Ask finance for anything else."),
    ]


def test_html_ordered_list_items_keep_their_numbers(tmp_path):
    path = write(
        tmp_path,
        "steps.html",
        "<html><body><main><h2>Set up</h2><ol><li>Install.</li><li>Sign in.</li></ol>"
        '<ol start="3"><li>Connect.</li></ol><ul><li>A tip.</li></ul></main></body></html>',
    )
    assert texts(load(path)) == ["1. Install.", "2. Sign in.", "3. Connect.", "- A tip."]


def test_an_html_definition_is_read_with_its_term(tmp_path):
    path = write(
        tmp_path,
        "glossary.html",
        "<html><body><main><dl><dt>Sodexo card</dt><dd>Replaced by Edenred in 2025.</dd>"
        "<dt>Anchor days:</dt><dd>Tuesday and Wednesday.</dd><dt>Lone term</dt></dl>"
        "<p>After the list.</p></main></body></html>",
    )
    assert texts(load(path)) == [
        "Sodexo card: Replaced by Edenred in 2025.",
        "Anchor days: Tuesday and Wednesday.",
        "Lone term",
        "After the list.",
    ]


def test_html_title_canonical_headings_and_noise_removed(tmp_path):
    path = write(tmp_path, "wifi.html", HTML_PAGE)
    doc = load(path, base_url=BASE)
    assert doc.title == "Office Wi-Fi"
    assert doc.url == "https://intranet.example.com/wifi"
    assert [(b.headings, b.text) for b in doc.blocks] == [
        ((), "Use the NW-Staff network."),
        (("Guests",), "Guests use NW-Guest."),
        (("Guests",), "- Ask reception"),
        (("Guests",), "- Show ID"),
        # a table is one Markdown table, so each row is read with its header cells
        (
            ("Guests", "Passwords"),
            "| Network | Password |\n| --- | --- |\n| NW-Guest | changes monthly |",
        ),
        (("Printers",), "Printers are on floor 2."),
    ]
    everything = "\n".join(texts(doc))
    for noise in ("Header logo", "Navigation link", "Footer copyright", "tracking", "secret-style"):
        assert noise not in everything


def test_a_google_docs_export_keeps_its_title_and_bold_labels(tmp_path):
    """Google Docs writes its Title style as <p class="title"> and bold type as a class in
    its stylesheet (or an inline style): the title titles the page, an all-bold short
    paragraph heads the text under it, a paragraph only partly bold stays text."""
    path = write(
        tmp_path,
        "export.html",
        "<html><head><style>.c1{color:#000;font-weight:700}.c2{font-style:italic}</style>"
        '</head><body><p class="c3 title"><span class="c1">Expense policy</span></p>'
        '<p><span class="c1">Mileage</span></p>'
        '<p><span>Private car use is paid at </span><span class="c1">€0.30</span>'
        "<span> per km.</span></p>"
        '<p><span style="font-weight: bold">Meals</span> </p>'
        '<p class="c2">Up to €35 per dinner.</p></body></html>',
    )
    document = load(path)
    assert document.title == "Expense policy"
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Mileage",), "Private car use is paid at €0.30 per km."),
        (("Meals",), "Up to €35 per dinner."),
    ]


def test_an_articles_header_and_notes_are_its_text_and_its_heading_its_title(tmp_path):
    """Inside the article, a <header> (title and lead) and an <aside> (a note) are content; the
    site's own header, sidebar and search form are not. The article's <h1> titles the page
    over a <title> that is the site's name."""
    path = write(
        tmp_path,
        "sick-leave.html",
        "<html><head><title>Acme Wiki</title></head><body>"
        "<header><h1>Acme Wiki</h1></header><aside><p>Popular pages</p></aside>"
        "<form><input name=q><button>Search</button></form>"
        "<article><header><h1>Sick leave</h1><p>What to do when you are ill.</p></header>"
        "<p>Tell your manager before 9:00.</p>"
        "<aside><p>Sick leave is paid in full for 6 weeks.</p></aside></article>"
        "</body></html>",
    )
    document = load(path)
    assert document.title == "Sick leave"
    assert texts(document) == [
        "What to do when you are ill.",
        "Tell your manager before 9:00.",
        "Sick leave is paid in full for 6 weeks.",
    ]
    suffixed = write(
        tmp_path,
        "p.html",
        "<html><head><title>Printing – Acme Docs</title></head><body><h1>Printing</h1>"
        "<p>Use badge release.</p></body></html>",
    )
    assert load(suffixed).title == "Printing"


def test_a_sharepoint_page_is_read_without_its_chrome_and_with_its_headings(tmp_path):
    """SharePoint (classic): the page's own content is #DeltaPlaceHolderMain, not its suite
    bar and quick launch; its editor writes headings as <div class="ms-rteElement-H2">."""
    path = write(
        tmp_path,
        "ziekmelding.aspx.html",
        '<html><body><form id="aspnetForm"><div id="suiteBar">SharePoint OneDrive Sites</div>'
        '<div id="sideNavBox" role="navigation"><ul><li>Verlof</li></ul></div>'
        '<div id="contentBox"><div id="DeltaPlaceHolderMain"><div class="ms-rtestate-field">'
        '<div class="ms-rteElement-H1">Ziekmelding</div><div>Voor alle medewerkers.</div>'
        '<div class="ms-rteElement-H2">Hoe meld ik me ziek?</div>'
        "<div>Voor 09:00 uur, bij het verzuimloket: 010 555 0160.</div>"
        "</div></div></div></form></body></html>",
    )
    document = load(path)
    # no <title>, no <h1>: the file's name (without ".aspx"), which the first heading repeats
    assert document.title == "Ziekmelding"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "Voor alle medewerkers."),
        (
            ("Hoe meld ik me ziek?",),
            "Voor 09:00 uur, bij het verzuimloket: 010 555 0160.",
        ),
    ]


def test_a_page_wrapped_in_one_form_is_read(tmp_path):
    """ASP.NET and SharePoint pages put the whole body in a <form>; it holds the text, so it
    stays. Before, such a page was refused as holding no readable text."""
    path = write(
        tmp_path,
        "travel.aspx.html",
        "<html><head><title>Travel policy</title></head><body><form id=aspnetForm>"
        "<div id=s4-workspace><h1>Travel policy</h1><p>Book trains for trips under 4 hours.</p>"
        "</div><input type=hidden name=__VIEWSTATE value=x></form></body></html>",
    )
    document = load(path)
    assert (document.title, texts(document)) == (
        "Travel policy",
        ["Book trains for trips under 4 hours."],
    )


def test_html_title_falls_back_to_first_h1_and_url_to_base(tmp_path):
    path = write(
        tmp_path,
        "pages/printing.htm",
        "<html><body><article><h1>Printing guide</h1><p>Use badge release.</p>"
        "</article></body></html>",
    )
    doc = load(path, root=tmp_path, base_url=BASE)
    assert doc.title == "Printing guide"
    assert doc.url == BASE + "pages/printing.htm"
    assert texts(doc) == ["Use badge release."]
    assert doc.blocks[0].headings == ()


def test_html_without_title_or_h1_uses_file_name(tmp_path):
    path = write(tmp_path, "team-contacts.html", "<html><body><p>Call Ana.</p></body></html>")
    assert load(path).title == "Team contacts"


def test_html_with_only_noise_is_rejected(tmp_path):
    path = write(
        tmp_path,
        "empty.html",
        "<html><head><script>var a = 1;</script></head><body><nav>Home</nav></body></html>",
    )
    with pytest.raises(LoadError, match="no readable text"):
        load(path)


# --- PDF ---------------------------------------------------------------------------------
def test_a_scanned_pdf_without_text_says_to_run_ocr(tmp_path):
    """Pages that are images (a scan) have no text to read: the report says what to do."""
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    writer.add_blank_page(612, 792)
    path = tmp_path / "signed-contract.pdf"
    writer.write(path)
    with pytest.raises(LoadError, match=r"no text layer \(scanned pages\?\); run OCR"):
        load(path)


def test_pdf_pages_and_metadata_title(tmp_path):
    path = make_pdf(
        tmp_path / "travel.pdf",
        [
            ["Travel policy overview.", "Trains are preferred under 500 km."],
            ["Hotels up to 120 EUR."],
        ],
        title="Travel and Expense Policy",
    )
    set_mtime(path, date(2023, 7, 8))
    doc = load(path, base_url=BASE)
    assert doc.title == "Travel and Expense Policy"
    assert doc.url == BASE + "travel.pdf"
    assert doc.updated == date(2023, 7, 8)
    pages = {b.page: b.text for b in doc.blocks}
    assert set(pages) == {1, 2}
    assert "Trains are preferred under 500 km." in pages[1]
    assert "Hotels up to 120 EUR." in pages[2]
    assert "Hotels" not in pages[1]
    assert all(b.start_line is None for b in doc.blocks)


def test_a_pdf_loses_its_running_header_and_footer_and_keeps_its_sections(tmp_path):
    header, footer = "Acme B.V. - Travel Policy - version 4.2", "Page 2 of 2"
    path = make_pdf(
        tmp_path / "policy.pdf",
        [
            [
                header,
                "1. Purpose",
                "This policy sets limits.",
                "2. Air travel",
                "Fly economy.",
                "Page 1 of 2",
            ],
            [header, "Book early for long trips.", "Stays", "3. Hotels", "At most 160.", footer],
        ],
    )
    blocks = [(b.page, b.headings, b.text) for b in load(path).blocks]
    assert blocks == [
        (1, ("1. Purpose",), "This policy sets limits."),
        (1, ("2. Air travel",), "Fly economy."),
        (2, ("2. Air travel",), "Book early for long trips."),  # a section runs on
        (2, ("Stays", "3. Hotels"), "At most 160."),  # a part's title is above its sections
    ]


def test_a_pdf_table_of_contents_does_not_hide_its_sections(tmp_path):
    contents = ["Contents", "1. Purpose ..... 2", "2. Air travel ..... 2", "3. Hotels 2"]
    body = ["1. Purpose", "This policy sets limits.", "2. Air travel", "Fly economy.", "3. Hotels"]
    blocks = load(make_pdf(tmp_path / "toc.pdf", [contents, [*body, "At most EUR 160."]])).blocks
    assert [(b.headings, b.text) for b in blocks if b.page == 2] == [
        (("1. Purpose",), "This policy sets limits."),
        (("2. Air travel",), "Fly economy."),
        (("3. Hotels",), "At most EUR 160."),
    ]


def test_numbered_steps_in_a_pdf_are_no_sections(tmp_path):
    steps = ["1. Open the portal", "2. Choose Hardware", "3. Submit the form", "Done."]
    again = ["1. Open Beacon", "2. Pick an item", "3. Send it"]  # numbering restarts
    blocks = load(make_pdf(tmp_path / "how.pdf", [steps, again])).blocks
    assert all(b.headings == () for b in blocks)


def test_a_pdf_table_of_short_lines_becomes_a_list_under_its_header(tmp_path):
    path = make_pdf(
        tmp_path / "travel.pdf",
        [
            [
                "Book hotels through the travel tool; the limits below apply per night and",
                "include breakfast and city tax.",
                "City Maximum per night",
                "Amsterdam EUR 220",
                "Berlin EUR 170",
                "Paris EUR 230",
                "Short-term apartments are allowed for stays of 5 nights or more if the total",
                "cost is below the hotel limit.",
            ]
        ],
    )
    text = load(path, base_url=BASE).blocks[0].text
    assert (
        "\nCity Maximum per night:\n- Amsterdam EUR 220\n- Berlin EUR 170\n- Paris EUR 230\n"
        in text
    )
    # Wrapped prose stays one sentence, and the short tail of a wrapped sentence is not a row.
    assert "limits below apply per night and\ninclude breakfast and city tax." in text
    assert "- include" not in text and "- cost" not in text


def test_a_pdf_table_of_long_rows_that_end_in_figures_becomes_a_list(tmp_path):
    """Rows too long to be short lines end in their figures; a header too long to be a row
    heads them. A wrapped cell's lower-case tail ends the list and stays prose."""
    path = make_pdf(
        tmp_path / "leave.pdf",
        [
            [
                "Entitlement depends on grade and continuous service, for a full-time member.",
                "Grade Typical roles Days per year Days after 5 years of service",
                "Grades 1-3 Catering, cleaning, portering, grounds 25 27",
                "Grades 4-5 Administrative and technical support 26 28",
                "Grades 6-7 Professional services staff, lecturers, research associates 30 32",
                "Grade 10 and",
                "professorial Professors, directors, executive team 33 35",
            ]
        ],
    )
    text = load(path, base_url=BASE).blocks[0].text
    assert (
        "\nGrade Typical roles Days per year Days after 5 years of service:\n"
        "- Grades 1-3 Catering, cleaning, portering, grounds 25 27\n"
        "- Grades 4-5 Administrative and technical support 26 28\n"
        "- Grades 6-7 Professional services staff, lecturers, research associates 30 32\n"
        "- Grade 10 and\n" in text
    )
    assert "- professorial" not in text


def test_a_memo_header_in_a_pdf_is_a_list_of_its_fields(tmp_path):
    """ "To: …" runs longer than a short line and ends in no figure; it is still a field of the
    header, which must not be read as one sentence with the memo's first line."""
    path = make_pdf(
        tmp_path / "memo.pdf",
        [
            [
                "Internal memo No. 17/2026",
                "From: Porto campus office",
                "To: All staff, researchers and students of the Porto campus, in every building",
                "Subject: Winter closure",
                "The campus is closed from 24 December to 1 January inclusive. Work resumes",
                "on Monday, 4 January.",
                "Note: the fee is waived for students who are on an approved leave of",
                "absence from their programme.",
            ]
        ],
    )
    text = load(path, base_url=BASE).blocks[0].text
    assert text.startswith(
        "Internal memo No. 17/2026:\n- From: Porto campus office\n"
        "- To: All staff, researchers and students of the Porto campus, in every building\n"
        "- Subject: Winter closure\n\nThe campus is closed"
    )
    # A labelled line of wrapped prose is no field: its sentence goes on in lower case.
    assert "Note: the fee is waived for students who are on an approved leave of\nabsence" in text


def test_a_pdf_table_is_read_from_the_pages_layout(tmp_path):
    """Cells set in columns become a Markdown table, a wrapped cell joined to its row, so each
    row is read with its header cells; the page-number line goes, even in a one-page PDF."""
    path = make_pdf(
        tmp_path / "mileage.pdf",
        [
            [
                "Mileage is paid for private vehicles at the rates below.",
                "",
                ("Vehicle", "First 10,000 miles", "Above 10,000 miles"),
                "",
                ("Car or van", "45p per mile", "25p per mile"),
                "",
                ("Motorcycle", "24p per mile", "24p per mile"),
                "",
                ("Passenger supplement", "5p per passenger", "5p per passenger"),
                ("(colleague carried)", "", ""),
                "",
                "Parking charges may be claimed with receipts.",
                "",
                ("HR-POL-7", "Page 1 of 1", "Uncontrolled when printed"),
            ]
        ],
    )
    assert texts(load(path, base_url=BASE)) == [
        "Mileage is paid for private vehicles at the rates below.",
        "| Vehicle | First 10,000 miles | Above 10,000 miles |\n| --- | --- | --- |\n"
        "| Car or van | 45p per mile | 25p per mile |\n"
        "| Motorcycle | 24p per mile | 24p per mile |\n"
        "| Passenger supplement (colleague carried) | 5p per passenger | 5p per passenger |",
        "Parking charges may be claimed with receipts.",
    ]


def test_a_pdf_table_begun_at_the_foot_of_a_page_keeps_its_first_row(tmp_path):
    """A table whose header and first row end a page and whose other rows follow on the
    next page under the repeated header: the first row is a row, not a line of prose."""
    header = ("Date", "Type", "Notes")
    path = make_pdf(
        tmp_path / "closures.pdf",
        [
            [
                "The table shows the closure days for 2026.",
                "",
                header,
                "",
                ("Thu 2 April", "Closure day", "Day before Good Friday"),
            ],
            [
                header,
                "",
                ("Fri 3 April", "Bank holiday", "Good Friday"),
                "",
                ("Mon 6 April", "Bank holiday", "Easter Monday"),
            ],
        ],
    )
    assert texts(load(path, base_url=BASE)) == [
        "The table shows the closure days for 2026.",
        "| Date | Type | Notes |\n| --- | --- | --- |\n"
        "| Thu 2 April | Closure day | Day before Good Friday |",
        "| Date | Type | Notes |\n| --- | --- | --- |\n"
        "| Fri 3 April | Bank holiday | Good Friday |\n"
        "| Mon 6 April | Bank holiday | Easter Monday |",
    ]


def test_a_sentence_cut_by_a_page_break_is_one_block(tmp_path):
    """The page's last line stops mid-sentence and the next page goes on in lower case: one
    block, on the page it begins on. A finished sentence, or a new one, stays apart."""
    path = make_pdf(
        tmp_path / "leave.pdf",
        [
            ["1. Service", "Service with another university counts if there was no"],
            ["break of more than one week.", "Increases apply from January.", "2. Carry-over"],
            ["Up to 5 days may be carried over.", "3. Buying leave"],
            ["Apply in November."],
        ],
    )
    blocks = [(b.page, b.headings, b.text) for b in load(path).blocks]
    assert blocks == [
        (
            1,
            ("1. Service",),
            "Service with another university counts if there was no break of more than one "
            "week.\nIncreases apply from January.",
        ),
        (3, ("2. Carry-over",), "Up to 5 days may be carried over."),
        (4, ("3. Buying leave",), "Apply in November."),
    ]


def test_a_page_pypdf_cannot_lay_out_is_read_as_plain_text(tmp_path, monkeypatch):
    """pypdf's layout reading fails on some PDFs its plain reading handles: those pages keep
    their text (no tables read), and the file is not reported unreadable."""
    from pypdf import PageObject

    plain = PageObject.extract_text

    def extract_text(self, *args, **kwargs):
        if kwargs.get("extraction_mode") == "layout":
            raise ZeroDivisionError("float division by zero")  # as pypdf 4 did on some fonts
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(PageObject, "extract_text", extract_text)
    rows = [("City", "Maximum"), ("Berlin", "EUR 170"), ("Paris", "EUR 230"), ("Rome", "EUR 190")]
    path = make_pdf(tmp_path / "hotels.pdf", [["Hotel limits per night:", "", *rows]])
    read = texts(load(path, base_url=BASE))
    monkeypatch.undo()
    assert "| Berlin | EUR 170 |" in "\n".join(texts(load(path, base_url=BASE)))  # laid out
    assert read == [
        "Hotel limits per night:\n- City Maximum\n- Berlin EUR 170\n- Paris EUR 230\n- Rome EUR 190"
    ]


def test_short_lines_the_pdf_already_lists_keep_their_marker(tmp_path):
    lines = ["Approval needed by trip:", "- Trip within Europe", "- Trip outside Europe", "- Any"]
    text = load(make_pdf(tmp_path / "trips.pdf", [lines]), base_url=BASE).blocks[0].text
    assert "- Trip within Europe\n- Trip outside Europe\n- Any" in text and "- -" not in text


def test_a_narrow_column_of_prose_is_not_a_table(tmp_path):
    column = [
        "Rail is the preferred mode",
        "of transport for journeys",
        "of less than 6 hours by",
        "train, even when a flight",
        "is cheaper.",
    ]
    text = load(make_pdf(tmp_path / "rail.pdf", [column]), base_url=BASE).blocks[0].text
    assert "- " not in text and text.split("\n") == column


def test_pdf_without_title_uses_file_name(tmp_path):
    path = make_pdf(tmp_path / "security_checklist.pdf", [["Lock your screen."]])
    assert load(path).title == "Security checklist"


def test_pdf_with_a_password_is_rejected(tmp_path):
    plain = make_pdf(tmp_path / "plain.pdf", [["Board numbers."]])
    writer = PdfWriter(clone_from=plain)
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    locked = tmp_path / "locked.pdf"
    writer.write(locked)
    with pytest.raises(LoadError, match="encrypted"):
        load(locked)


def test_pdf_encrypted_for_permissions_only_still_loads(tmp_path):
    """An empty user password opens in every viewer; only printing/copying is restricted."""
    plain = make_pdf(tmp_path / "plain.pdf", [["Permissions only."]])
    writer = PdfWriter(clone_from=plain)
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    path = tmp_path / "restricted.pdf"
    writer.write(path)
    assert texts(load(path)) == ["Permissions only."]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda raw: b"this is not a PDF at all\n", id="garbage"),
        pytest.param(lambda raw: raw[: len(raw) // 2], id="truncated"),
        # pypdf raises AttributeError here, not one of its own error types.
        pytest.param(
            lambda raw: re.sub(rb"trailer\n<< /Size \d+", b"trailer\n", raw), id="trailer"
        ),
        # ... and AssertionError here (an object reference inside a content stream).
        pytest.param(lambda raw: raw.replace(b"/F1 12 Tf", b"/F1 12 0 R Tf", 1), id="stream"),
    ],
)
def test_damaged_pdf_is_a_load_error(tmp_path, damage):
    raw = make_pdf(tmp_path / "ok.pdf", [["Some text here."]]).read_bytes()
    broken = damage(raw)
    assert broken != raw
    path = tmp_path / "broken.pdf"
    path.write_bytes(broken)
    with pytest.raises(LoadError, match="unreadable PDF"):
        load(path)


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["page.md", "page.txt", "page.html"])
def test_binary_file_is_rejected(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"PK\x03\x04\x00\x00binary\x00stuff")
    with pytest.raises(LoadError, match="binary file"):
        load(path)


def test_a_nul_byte_anywhere_makes_a_file_binary(tmp_path):
    path = tmp_path / "late.md"
    path.write_bytes(b"# Looks like text\n\n" + b"Plain prose. " * 2000 + b"\x00tail\n")
    assert path.stat().st_size > 8192
    with pytest.raises(LoadError, match="binary file"):
        load(path)


def test_non_utf8_file_is_rejected_with_a_hint(tmp_path):
    path = tmp_path / "latin.md"
    path.write_bytes("Größe und Maße\n".encode("latin-1"))
    with pytest.raises(LoadError, match="not valid UTF-8") as info:
        load(path)
    assert "re-save" in str(info.value)


def test_an_encoding_the_file_declares_or_marks_is_read(tmp_path):
    """An older intranet page declares ISO-8859-1 or Windows-1252 in its <meta>; Notepad's
    "Unicode" and PowerShell write UTF-16 with a byte-order mark. A page that declares
    nothing and is not UTF-8 is still refused with what to do."""
    latin = tmp_path / "preise.html"
    latin.write_bytes(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
        "<title>Größe</title></head><body><p>Maße: 3 m</p></body></html>".encode("latin-1")
    )
    assert (load(latin).title, texts(load(latin))) == ("Größe", ["Maße: 3 m"])
    windows = tmp_path / "w.html"
    windows.write_bytes('<meta charset="windows-1252"><p>Preis: 20 €</p>'.encode("cp1252"))
    assert texts(load(windows)) == ["Preis: 20 €"]
    utf16 = tmp_path / "notes.txt"
    utf16.write_bytes("Größe\r\nZeile zwei".encode("utf-16"))  # with its byte-order mark
    assert texts(load(utf16)) == ["Größe\nZeile zwei"]
    undeclared = tmp_path / "old.html"
    undeclared.write_bytes("<p>Größe</p>".encode("latin-1"))
    with pytest.raises(LoadError, match="not valid UTF-8"):
        load(undeclared)
    wrong = tmp_path / "wrong.html"  # declares UTF-8 but is Latin-1
    wrong.write_bytes('<meta charset="utf-8"><p>Größe</p>'.encode("latin-1"))
    with pytest.raises(LoadError, match="not valid utf-8 as it declares"):
        load(wrong)


@pytest.mark.parametrize("content", [b"", b"   \n\n\t\n"])
def test_empty_file_is_rejected(tmp_path, content):
    path = tmp_path / "empty.md"
    path.write_bytes(content)
    with pytest.raises(LoadError, match="empty"):
        load(path)


def test_front_matter_without_body_has_no_text(tmp_path):
    path = write(tmp_path, "meta-only.md", "---\ntitle: Only metadata\n---\n")
    with pytest.raises(LoadError, match="no readable text"):
        load(path)


@pytest.mark.parametrize(
    "front_matter",
    [
        pytest.param("title: [unclosed\nspace: hr", id="yaml-syntax"),
        pytest.param("title:\tTabbed\n\tspace: hr", id="tabs"),
        # Keys without colons parse as one string; silently dropping it would lose `space`.
        pytest.param("title Salary bands\nspace hr", id="no-colons"),
        pytest.param("- title\n- space", id="a-list"),
    ],
)
def test_malformed_front_matter_is_rejected(tmp_path, front_matter):
    path = write(tmp_path, "bad.md", f"---\n{front_matter}\n---\nConfidential text.\n")
    with pytest.raises(LoadError, match="malformed YAML front matter"):
        load(path)


def test_opening_rule_without_closing_delimiter_is_just_text(tmp_path):
    path = write(tmp_path, "rule.md", "---\n\nText after a rule.\n")
    assert texts(load(path)) == ["Text after a rule."]


@pytest.mark.parametrize("value", ["last week", "03/04/2025", "soon"])
def test_non_date_updated_is_rejected_with_the_field_name(tmp_path, value):
    path = write(tmp_path, "when.md", f"---\nupdated: {value}\n---\nText.\n")
    with pytest.raises(LoadError) as info:
        load(path)
    message = str(info.value)
    assert "'updated'" in message
    assert "YYYY-MM-DD" in message
    assert value in message


def test_impossible_date_is_rejected(tmp_path):
    path = write(tmp_path, "when.md", "---\nupdated: 2025-13-45\n---\nText.\n")
    with pytest.raises(LoadError, match=r"month must be in 1\.\.12"):
        load(path)


def test_unsupported_suffix_and_unreadable_file(tmp_path):
    with pytest.raises(LoadError, match=r"unsupported file type '\.xyz'"):
        load(write(tmp_path, "memo.xyz", "text"))
    with pytest.raises(LoadError, match="cannot read file"):
        load(tmp_path / "missing.md")


def test_html_title_ignores_a_logo_heading_in_the_site_header(tmp_path):
    from kb_slackbot.retrieval.loaders import SourceFile, load_document

    page = tmp_path / "p.html"
    page.write_text(
        "<html><body><header><h1>Northwind</h1></header>"
        "<main><h1>Printer setup</h1><p>Add the printer from the portal.</p></main>"
        "</body></html>",
        encoding="utf-8",
    )
    doc = load_document(SourceFile(page, "p.html", "public", None))
    assert doc.title == "Printer setup"


# --- links -------------------------------------------------------------------------------


def test_front_matter_url_is_escaped_so_it_cannot_break_a_slack_link(tmp_path):
    path = write(
        tmp_path,
        "office.md",
        "---\nurl: https://docs.example/office|Trusted HR page|<x> y\n---\nText.\n",
    )
    assert load(path).url == "https://docs.example/office%7CTrusted%20HR%20page%7C%3Cx%3E%20y"


@pytest.mark.parametrize(
    ("front_matter", "base_url", "expected"),
    [
        ("url: /help/printing/", BASE, "https://docs.example.com/kb/help/printing/"),  # Hugo
        ("permalink: /it/vpn-setup/", BASE, "https://docs.example.com/kb/it/vpn-setup/"),
        ("url: /help/printing/", None, None),  # no site to place it on: the file's address
    ],
)
def test_a_front_matter_path_is_the_pages_address_on_the_site(
    tmp_path, front_matter, base_url, expected
):
    """Hugo's "url" and Jekyll's "permalink" give a path on the site: under the base URL,
    the page's address; without one, the page keeps the address of its file. Before, such a
    page was refused as having no usable link."""
    path = write(tmp_path, "printing.md", f"---\n{front_matter}\n---\nUse badge release.\n")
    assert load(path, base_url=base_url).url == (expected or path.resolve().as_uri())


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("javascript:alert(1)", "only http and https links are allowed, not 'javascript'"),
        ("ftp://files.example/a", "only http and https links are allowed, not 'ftp'"),
        ('"https://docs.example/a\\u0007b"', "it contains control characters"),
        ("https://", "it has no host name"),
    ],
)
def test_front_matter_url_must_be_a_web_link(tmp_path, url, reason):
    path = write(tmp_path, "bad.md", f"---\nurl: {url}\n---\nText.\n")
    with pytest.raises(LoadError) as info:
        load(path)
    assert str(info.value).startswith(f"front matter 'url' is not a usable link ({reason}): ")


@pytest.mark.parametrize("href", ["javascript:alert(1)", "/relative", "https://a b.example/"])
def test_html_canonical_that_is_not_a_web_link_falls_back_to_the_derived_url(tmp_path, href):
    html = f'<html><head><link rel="canonical" href="{href}"></head><body><p>Hi.</p></body></html>'
    path = write(tmp_path, "page.html", html)
    assert load(path, base_url=BASE).url == BASE + "page.html"


def test_mkdocs_tabs_template_tags_and_footnotes_read_as_rendered(tmp_path):
    """MkDocs Material tabs head their bodies with their labels; GitBook's hint reads as a
    note and its tabs as labelled sections; other template tags are no text; a footnote's
    marker goes, its note stays; a definition list reads "Term" then ": definition", as
    before; an abbreviation's definition is no text; a collapsible question heads its answer,
    as a FAQ's does. Line numbers stay the file's."""
    path = write(
        tmp_path,
        "backups.md",
        "# Backups\n"  # 1
        "\n"
        "Nightly backups run at 02:00 UTC[^1].\n"  # 3
        "\n"
        '=== "Linux"\n'  # 5
        "\n"
        "    Run `backupctl restore --latest` as root.\n"  # 7
        "\n"
        '===+ "macOS"\n'  # 9
        "\n"
        "    ```bash\n"  # 11
        "    brew install backupctl\n"
        "    ```\n"
        "\n"
        "After a restore, tell the owner.\n"  # 15
        "\n"
        '??? question "How long are backups kept?"\n'  # 17
        "    Daily backups for 35 days.\n"  # 18
        "\n"
        '{% hint style="warning" %}\n'  # 20
        "Backups are encrypted.\n"  # 21
        "{% endhint %}\n"  # 22
        "\n"
        "{% tabs %}\n"  # 24
        '{% tab title="Windows" %}\n'  # 25
        "Use the restore wizard.\n"  # 26
        "{% endtab %}\n"  # 27
        "{% endtabs %}\n"  # 28
        "{% include footer.html %}\n"  # 29
        "\n"
        "RPO\n"  # 31
        ":   The most data a restore may lose: 24 hours.\n"  # 32
        "\n"
        "[^1]: In the database's own time zone.\n"  # 34
        "\n"
        "*[RPO]: Recovery point objective\n",  # 36
    )
    blocks = [(b.headings, b.text, b.start_line) for b in load(path).blocks]
    assert blocks == [
        ((), "Nightly backups run at 02:00 UTC.", 3),
        (("Linux",), "Run `backupctl restore --latest` as root.", 7),
        (("macOS",), "```bash\nbrew install backupctl\n```", 11),
        ((), "After a restore, tell the owner.", 15),
        (("How long are backups kept?",), "Daily backups for 35 days.", 18),
        ((), "Warning:\nBackups are encrypted.", 20),
        (("Windows",), "Use the restore wizard.", 26),
        ((), "RPO\n:   The most data a restore may lose: 24 hours.", 31),
        ((), "In the database's own time zone.", 34),
    ]


def test_a_boxed_question_heads_only_its_box_and_contents_macros_are_no_text(tmp_path):
    """A raw-HTML toggle's summary and a ":::" note's title that asks head the text inside
    them, and the box's end ends that section (the steps after them answer no "Is it free?");
    a table of contents macro (Python-Markdown, GitLab, kramdown) and an MkDocs snippet
    include are no text."""
    path = write(
        tmp_path,
        "faq.md",
        "# FAQ\n"  # 1
        "\n"
        "[[_TOC_]]\n"  # 3
        "\n"
        "[TOC]\n"  # 5
        "\n"
        "* TOC\n"  # 7
        "{:toc}\n"
        "\n"
        '--8<-- "includes/abbreviations.md"\n'  # 10
        "\n"
        "<details><summary>Is it free?</summary>\n"  # 12
        "Yes, for staff.\n"  # 13
        "</details>\n"
        "\n"
        "1. Install the app.\n"  # 16
        "2. Sign in.\n"
        "\n"
        ":::tip[Did you know?]\n"  # 19
        "Backups run nightly.\n"  # 20
        ":::\n"
        "\n"
        "Ask #it-help for more.\n",  # 23
    )
    blocks = [(b.headings, b.text, b.start_line) for b in load(path).blocks]
    assert blocks == [
        (("Is it free?",), "Yes, for staff.", 13),
        ((), "1. Install the app.\n2. Sign in.", 16),
        (("Did you know?",), "Backups run nightly.", 20),
        ((), "Ask #it-help for more.", 23),
    ]


def test_an_azure_devops_diagram_is_code_not_a_note(tmp_path):
    path = write(
        tmp_path,
        "Release.md",
        "# Release\n\n::: mermaid\ngraph LR\n  A[Merge] --> B[Prod]\n:::\n\nEvery Tuesday.\n",
    )
    assert texts(load(path)) == [
        "```mermaid\ngraph LR\n  A[Merge] --> B[Prod]\n```",
        "Every Tuesday.",
    ]


def test_inline_html_in_markdown_reads_as_the_markdown_it_stands_for(tmp_path):
    """A README's keys, emphasis, links and boxes written as HTML: no tag is quoted. A key is
    code, a link a Markdown link, a superscript number a superscript; a placeholder in angle
    brackets and HTML inside a code span stay as written."""
    path = write(
        tmp_path,
        "keys.md",
        "Press <kbd>Ctrl</kbd>+<kbd>L</kbd> to lock the screen.\n\n"
        "The limit is <b>€25</b> per day<sup>1</sup>, for rooms of 20 m<sup>2</sup>.\n\n"
        'Ask <a href="mailto:it@example.com">IT</a> or see <span style="color:red">this</span>.\n\n'
        '<p align="center">Centered text.</p>\n\n'
        "Run ssh <your-username>@gw01 and never `<b>` in templates.\n\n"
        "[![Build](https://ci.example/b.svg)](https://ci.example/x) [![Docs][badge]][docs]\n\n"
        "- [ ] Open item\n",
    )
    assert texts(load(path)) == [
        "Press `Ctrl`+`L` to lock the screen.",
        "The limit is €25 per day¹, for rooms of 20 m².",
        "Ask [IT](mailto:it@example.com) or see this.",
        "Centered text.",
        "Run ssh <your-username>@gw01 and never `<b>` in templates.",
        # (a README's badges, linked images, are no text; a task's box stays)
        "- [ ] Open item",
    ]


def test_a_wiki_style_note_reads_as_its_app_shows_it(tmp_path):
    """Obsidian (and Logseq, Foam): a wiki link reads as its alias or the page it names, an
    embed and a comment are no text, a callout's title leads it, a highlight is its text, a
    block id is left out, a task keeps its box (it is a to-do, not a fact); inline code keeps
    its brackets."""
    path = write(
        tmp_path,
        "Expenses.md",
        "# Expenses\n"  # 1
        "\n"
        "See [[Travel policy]], [[Per diems|the per diem table]] and [[Travel policy#Hotels]]."
        " ^intro\n"  # 3
        "\n"
        "> [!warning]- Receipts\n"  # 5
        "> Keep every receipt for 7 years.\n"
        "\n"
        "The meal limit is ==€45 per day==; test with `[[ -f receipt.pdf ]]`.\n"  # 8
        "\n"
        "%% TODO: check the\n"
        "limits for 2027 %%\n"
        "![[receipt-example.png]]\n"
        "\n"
        "- [ ] Submit within 30 days\n"  # 14
        "- [x] Attach the receipt\n",
    )
    assert [(b.text, b.start_line) for b in load(path).blocks] == [
        ("See Travel policy, the per diem table and Travel policy › Hotels.", 3),
        ("Receipts:\nKeep every receipt for 7 years.", 5),
        ("The meal limit is €45 per day; test with `[[ -f receipt.pdf ]]`.", 8),
        ("- [ ] Submit within 30 days\n- [x] Attach the receipt", 14),
    ]


def test_a_notion_markdown_export_reads_its_callouts_and_toggles(tmp_path):
    """Notion's "Markdown & CSV" export: a callout is an <aside> around Markdown (the tags are
    no text), a toggle a short bullet with its content indented under it after a blank line
    (the label heads the content). A bullet that is a sentence, or a list, stays a list."""
    path = write(
        tmp_path,
        "Expenses 8e6620fb0765781f8c90bae77e69bde5.md",
        "# Expenses\n\n"
        "<aside>\n⚠️ Receipts over €250 need a VAT invoice.\n</aside>\n\n"  # 3-5
        "## Details\n\n"  # 7
        "- Mileage (own car)\n    \n    Only for business trips.\n    \n"  # 9-12
        "    - UK: 45p per mile.\n    - Spain: €0.26 per km.\n    \n"  # 13-15
        "- Client entertainment\n    \n    Up to €70 per head.\n    \n"  # 16-19
        "After the toggles.\n\n"  # 20
        "- Keep receipts.\n\n    They are checked twice a year.\n",  # 22-24
    )
    document = load(path)
    assert document.title == "Expenses"
    assert [(b.headings, b.text, b.start_line) for b in document.blocks] == [
        ((), "⚠️ Receipts over €250 need a VAT invoice.", 4),
        (("Details", "Mileage (own car)"), "Only for business trips.", 11),
        (("Details", "Mileage (own car)"), "- UK: 45p per mile.\n- Spain: €0.26 per km.", 13),
        (("Details", "Client entertainment"), "Up to €70 per head.", 18),
        (("Details",), "After the toggles.", 20),
        (("Details",), "- Keep receipts.", 22),
        (("Details",), "They are checked twice a year.", 24),
    ]


def test_backslash_escapes_read_as_the_marks_they_escape(tmp_path):
    """Google Docs' Markdown export escapes every mark that could be markup: the page shows the
    mark alone, so "1\\." is a numbered step; a table's "\\|", an opening "\\#" and code
    spans stay as written."""
    path = write(
        tmp_path,
        "travel.md",
        "# Travel\n\n"
        "The hotel limit is €160 \\- book via Navan\\. See the \\[FAQ\\]; run `a\\.b`.\n\n"
        "1\\. Book early\n\n"
        "\\# is not a heading\n\n"
        "| City | Note |\n| --- | --- |\n| Berlin | a \\| b |\n",
    )
    assert [b.text for b in load(path).blocks] == [
        "The hotel limit is €160 - book via Navan. See the [FAQ]; run `a\\.b`.",
        "1. Book early",
        "\\# is not a heading",
        "| City | Note |\n| --- | --- |\n| Berlin | a \\| b |",
    ]
