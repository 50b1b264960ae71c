"""An AsciiDoc page (.adoc) read as the Markdown it stands for (loaders/asciidoc.py)."""

from __future__ import annotations

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from kb_slackbot.retrieval.loaders.asciidoc import asciidoc_markdown
from tests.retrieval.helpers import write

PAGE = """= VPN for clinic laptops
Saskia Bakker <s.bakker@docs.example>
v2.1, 2026-10-02
:product: LindVPN
:toc: left
// a comment nobody reads

The {product} client connects clinic laptops to the lab. See xref:it:printers.adoc[Printers].

NOTE: Install only the version pinned below.

== Desk hours

.Per clinic
[cols="2,1,1",options="header"]
|===
|Clinic |Weekdays |Saturday
|Utrecht |08:00–18:00 |09:00–13:00
|Amsterdam-Oost
|07:30–19:00
|closed
2+|Bologna (both) |09:00–12:00
|===

== Install on Linux

. Download the package:
+
[source,bash]
----
sudo apt install ./lindvpn_2.4.1_amd64.deb
----
. Import the profile with `lindvpn import clinic.ovpn`.
. Press kbd:[Ctrl+Shift+V] and choose menu:Settings[Connect on start].

[WARNING]
====
Never share the profile file.
====

Owner:: IT Service Desk
include::partial$footer.adoc[]
"""


def test_an_asciidoc_page_is_read_as_markdown(tmp_path):
    path = write(tmp_path, "it/vpn.adoc", PAGE)
    document = load_document(SourceFile(path, "it/vpn.adoc", "it", "https://docs.example/"))
    assert document.title == "VPN for clinic laptops"  # (the author and revision: no text)
    assert document.url == "https://docs.example/it/vpn.adoc"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "The LindVPN client connects clinic laptops to the lab. See Printers."),
        ((), "Note: Install only the version pinned below."),
        (
            ("Desk hours", "Per clinic"),  # the block title heads its table
            "| Clinic | Weekdays | Saturday |\n| --- | --- | --- |\n"
            "| Utrecht | 08:00–18:00 | 09:00–13:00 |\n"
            "| Amsterdam-Oost | 07:30–19:00 | closed |\n"  # a cell on each line
            "| Bologna (both) | Bologna (both) | 09:00–12:00 |",  # "2+|" spans two columns
        ),
        (("Install on Linux",), "1. Download the package:"),
        (("Install on Linux",), "```bash\nsudo apt install ./lindvpn_2.4.1_amd64.deb\n```"),
        (
            ("Install on Linux",),
            "2. Import the profile with `lindvpn import clinic.ovpn`.\n"  # numbered on
            "3. Press Ctrl+Shift+V and choose Settings > Connect on start.",
        ),
        (("Install on Linux",), "Warning: Never share the profile file."),
        (("Install on Linux",), "- Owner: IT Service Desk"),
    ]


def test_tables_without_a_header_row_are_fields_or_lines_of_cells():
    fields = '[cols="1,3"]\n|===\n|Hotline |+31 30 555 0101\n|Email |it@x.example\n|===\n'
    assert asciidoc_markdown(fields) == "- Hotline: +31 30 555 0101\n- Email: it@x.example\n"
    wide = "|===\n|A1 |2 °C |8 °C\n|B2 |15 °C |25 °C\n|===\n"
    assert asciidoc_markdown(wide) == "- A1 — 2 °C; 8 °C\n- B2 — 15 °C; 25 °C\n"
    # the implicit header: the first line holds a whole row and a blank line follows it
    implicit = "|===\n|Test |Price\n\n|CBC |€18\n|===\n"
    assert asciidoc_markdown(implicit).startswith("| Test | Price |\n| --- | --- |\n| CBC | €18 |")


def test_links_attributes_and_admonition_paragraphs():
    text = (
        ":lab: Central Lab\n:!lab-old:\n\n[TIP]\nCall the {lab} first.\n\n"
        "Book via link:https://book.example/[the portal] or https://x.example[X].\n"
        "An {undefined} attribute stays as written.\n"
    )
    assert asciidoc_markdown(text) == (
        "Tip: Call the Central Lab first.\n\n"
        "Book via [the portal](https://book.example/) or [X](https://x.example).\n"
        "An {undefined} attribute stays as written.\n"
    )
