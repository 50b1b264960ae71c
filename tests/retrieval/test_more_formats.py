"""Rich text, Impress decks, Textile and Org pages read as their readers see them
(loaders/rtf.py, odp.py, textile.py, org.py)."""

from __future__ import annotations

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import make_opendocument, write


def _load(path):
    return load_document(SourceFile(path, path.name, "depots", "https://kb.example/"))


def _blocks(path):
    return [(b.headings, b.text) for b in _load(path).blocks]


RTF = r"""{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Calibri;}}
{\info{\title Fuel card limits}{\author Ola}}
\pard{\b Limits per role}\par
\trowd\cellx2000\cellx4000\cellx6000
\intbl Role\cell Daily\cell Monthly\cell\row
\trowd\cellx2000\cellx4000\cellx6000
\intbl Driver\cell \u163?120\cell \u163?900\cell\row
\pard Call the control room on 0161 555 0100.\par
\pard\sa200\par
\b Lost card\b0\par
\pard{\pntext\f0 1.\tab}{\*\pn\pnlvlbody\pndec}\fi-360 Ring Fleet Finance.\par
{\pntext\f0 2.\tab}The card is stopped within 1 hour.\par
}"""


def test_a_rich_text_memo_is_titled_by_its_property_and_its_table_is_a_table(tmp_path):
    path = write(tmp_path, "fuel.rtf", RTF)
    assert _load(path).title == "Fuel card limits"
    assert _blocks(path) == [
        ((), "Limits per role"),
        ((), "| Role | Daily | Monthly |\n| --- | --- | --- |\n| Driver | £120 | £900 |"),
        ((), "Call the control room on 0161 555 0100."),
        (  # a paragraph wholly in bold heads what follows; list labels number the items
            ("Lost card",),
            "1. Ring Fleet Finance.\n2. The card is stopped within 1 hour.",
        ),
    ]


def test_a_file_named_rtf_that_is_not_rich_text_says_so(tmp_path):
    with pytest.raises(LoadError, match="not a rich-text file"):
        _load(write(tmp_path, "memo.rtf", "just text"))


def _frame(kind: str, y: str, inner: str) -> str:
    return (
        f'<draw:frame presentation:class="{kind}" svg:x="1cm" svg:y="{y}">'
        f"<draw:text-box>{inner}</draw:text-box></draw:frame>"
    )


SLIDES = (
    '<draw:page draw:name="page1">'
    + _frame(
        "outline",
        "5cm",
        "<text:list><text:list-item><text:p>Radio channel 7: routes 100–199"
        "</text:p></text:list-item><text:list-item><text:p>Channel 9: night buses</text:p>"
        "</text:list-item></text:list>",
    )
    + _frame("title", "1cm", "<text:p>Radio channels</text:p>")
    + _frame("page-number", "18cm", "<text:p>1</text:p>")
    + '<presentation:notes><draw:frame presentation:class="notes"><draw:text-box>'
    "<text:p>Channel 7 is shared with Stockport.</text:p></draw:text-box></draw:frame>"
    "</presentation:notes></draw:page>"
    '<draw:page draw:name="page2" draw:style-name="dp2">'
    + _frame("title", "1cm", "<text:p>Old channels</text:p>")
    + "</draw:page>"
    '<draw:page draw:name="page3">'
    + _frame("outline", "5cm", "<text:p>Fuel cards are renewed every March.</text:p>")
    + "</draw:page>"
)
HIDDEN = (
    '<style:style style:name="dp2" style:family="drawing-page">'
    '<style:drawing-page-properties presentation:visibility="hidden"/></style:style>'
)


def test_an_impress_deck_reads_each_slide_under_its_title(tmp_path):
    path = make_opendocument(tmp_path / "briefing.odp", "presentation", SLIDES, HIDDEN)
    document = _load(path)
    assert document.title == "Radio channels"  # no title property: the first slide's title
    assert [(b.headings, b.text, b.page) for b in document.blocks] == [
        (("Radio channels",), "- Radio channel 7: routes 100–199", 1),  # (title written last)
        (("Radio channels",), "- Channel 9: night buses", 1),
        (("Radio channels",), "Channel 7 is shared with Stockport.", 1),  # the speaker notes
        (("Slide 3",), "Fuel cards are renewed every March.", 3),  # (slide 2 is hidden)
    ]


def test_a_redmine_textile_page_reads_as_its_wiki_renders_it(tmp_path):
    text = (
        "h1. Depot Stockport\n\n{{toc}}\n\nh2. Hours\n\n|_. Day |_. Open |\n| Mon | 05:00 |\n\n"
        "# Log in to the [[AVL units|AVL unit]]\n# Reset it:\n\nbc. avlctl reset --unit 12\n\n"
        '<pre><code class="sql">\nSELECT fleet_no FROM vehicles;\n</code></pre>\n'
    )
    path = write(tmp_path, "stockport.textile", text)
    assert _load(path).title == "Depot Stockport"
    assert _blocks(path) == [
        (("Hours",), "| Day | Open |\n| --- | --- |\n| Mon | 05:00 |"),
        (("Hours",), "1. Log in to the AVL unit"),
        (("Hours",), "2. Reset it:"),
        (("Hours",), "```\navlctl reset --unit 12\n```"),
        (("Hours",), "```\nSELECT fleet_no FROM vehicles;\n```"),  # Redmine's highlighted code
    ]


ORG = """#+TITLE: Depot Gdańsk
#+OPTIONS: toc:nil
* Opening hours                                                   :depot:
:PROPERTIES:
:ID: 1234-abcd
:END:
| Day | Open  |
|-----+-------|
| Mon | 05:00 |
* TODO [#A] Reset the Wi-Fi
SCHEDULED: <2026-12-01 Tue>
1. Run the command:
#+BEGIN_SRC bash
wifictl reset --site GDN
#+END_SRC
#+BEGIN_NOTE
Only the shift lead may do this.
#+END_NOTE
- Radio channel :: 7 (see [[https://x.example/rota][the rota]], =depotctl status=)
# a comment
"""


def test_an_org_page_reads_as_markdown(tmp_path):
    path = write(tmp_path, "gdansk.org", ORG)
    assert _load(path).title == "Depot Gdańsk"
    assert _blocks(path) == [
        (("Opening hours",), "| Day | Open  |\n| --- | --- |\n| Mon | 05:00 |"),
        (("Reset the Wi-Fi",), "1. Run the command:"),
        (("Reset the Wi-Fi",), "```bash\nwifictl reset --site GDN\n```"),
        (("Reset the Wi-Fi",), "Note: Only the shift lead may do this."),
        (
            ("Reset the Wi-Fi",),
            "- Radio channel: 7 (see [the rota](https://x.example/rota), `depotctl status`)",
        ),
    ]


def test_a_sheet_exported_with_its_column_letters_and_row_numbers_reads_as_its_table(tmp_path):
    """Quip (and Google Sheets' web page) export a spreadsheet with "A, B, C" over it and the
    row numbers beside it: its first row is the header, a row number names no row."""
    html = (
        "<html><body><h2>Training</h2><table><tr><td></td><td>A</td><td>B</td><td>C</td></tr>"
        "<tr><td>1</td><td>Jour</td><td>Matin</td><td>Lieu</td></tr>"
        "<tr><td>2</td><td>1</td><td>Accueil</td><td>Bâtiment A</td></tr>"
        "<tr><td>3</td><td>2</td><td>Ligne C15</td><td>Dépôt</td></tr></table></body></html>"
    )
    assert _blocks(write(tmp_path, "accueil.html", html)) == [
        (
            ("Training",),
            "| Jour | Matin | Lieu |\n| --- | --- | --- |\n| 1 | Accueil | Bâtiment A |\n"
            "| 2 | Ligne C15 | Dépôt |",
        )
    ]
