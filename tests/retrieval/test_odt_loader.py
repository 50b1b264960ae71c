"""OpenDocument text (.odt) read through its HTML (loaders/odt.py)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import make_opendocument

# As LibreOffice writes them: "Heading 2" is stored as Heading_20_2, a custom style names its
# parent, bold type and numbered lists are automatic styles in content.xml.
STYLES = (
    '<style:style style:name="Title" style:family="paragraph"/>'
    '<style:style style:name="Heading_20_2" style:family="paragraph"/>'
    '<style:style style:name="Policy_20_heading" style:family="paragraph"'
    ' style:parent-style-name="Heading_20_2"/>'
)
AUTOMATIC = (
    '<style:style style:name="T1" style:family="text">'
    '<style:text-properties fo:font-weight="bold"/></style:style>'
    '<style:style style:name="P9" style:family="paragraph" style:parent-style-name="Title"/>'
    '<text:list-style style:name="L1"><text:list-level-style-number text:level="1"/>'
    "</text:list-style>"
    '<text:list-style style:name="L2"><text:list-level-style-bullet text:level="1"/>'
    "</text:list-style>"
)
TRAVEL = (
    "<text:table-of-content><text:index-body><text:p>Contents</text:p>"
    "<text:p>Hotels 1</text:p></text:index-body></text:table-of-content>"
    '<text:p text:style-name="P9">Travel policy</text:p>'
    '<text:h text:outline-level="1">Hotels</text:h>'
    '<text:p>Book hotels through<text:s text:c="2"/>the travel tool.<text:note>'
    "<text:note-citation>1</text:note-citation>"
    "<text:note-body><text:p>Partner hotels are prepaid.</text:p></text:note-body></text:note>"
    "</text:p>"
    '<text:p><text:span text:style-name="T1">Receipts:</text:span> keep them 6 years.'
    "<office:annotation><text:p>Check this, Ana</text:p></office:annotation></text:p>"
    '<table:table><table:table-column table:number-columns-repeated="3"/>'
    "<table:table-header-rows><table:table-row>"
    "<table:table-cell><text:p>City</text:p></table:table-cell>"
    "<table:table-cell><text:p>Hotel per night</text:p></table:table-cell>"
    "<table:table-cell><text:p>Meals</text:p></table:table-cell>"
    "</table:table-row></table:table-header-rows>"
    "<table:table-row><table:table-cell><text:p>Berlin</text:p></table:table-cell>"
    "<table:table-cell><text:p>€160</text:p></table:table-cell>"
    "<table:table-cell><text:p>€40</text:p></table:table-cell></table:table-row>"
    # identical neighbours, written once as LibreOffice does
    "<table:table-row><table:table-cell><text:p>Lyon</text:p></table:table-cell>"
    '<table:table-cell table:number-columns-repeated="2"><text:p>€120</text:p>'
    "</table:table-cell></table:table-row>"
    "<table:table-row><table:table-cell><text:p>Paris</text:p></table:table-cell>"
    '<table:table-cell table:number-columns-spanned="2"><text:p>€230 with meals</text:p>'
    "</table:table-cell><table:covered-table-cell/></table:table-row></table:table>"
    '<text:p text:style-name="Policy_20_heading">Booking</text:p>'
    '<text:list text:style-name="L1">'
    "<text:list-item><text:p>Open the travel tool.</text:p></text:list-item>"
    "<text:list-item><text:p>Pick a hotel<text:line-break/>under the limit.</text:p>"
    "</text:list-item></text:list>"
    '<text:list text:style-name="L2"><text:list-item><text:p>Ask Finance first.</text:p>'
    "</text:list-item></text:list>"
    "<text:p><draw:frame><draw:image/></draw:frame></text:p>"
)


def make_odt(path: Path, body: str, meta_title: str | None = None) -> Path:
    return make_opendocument(path, "text", body, AUTOMATIC, STYLES, meta_title)


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://wiki.example/"))


def test_an_odt_file_is_read_as_the_writer_sees_it(tmp_path):
    """Headings by outline level and by style (also a custom style based on "Heading 2"),
    the Title paragraph as the title (over the file's title property), a table with a merged
    cell, numbered and bulleted lists, bold type, spaces, a footnote after its paragraph; the
    table of contents, a comment and an image are left out."""
    document = load(make_odt(tmp_path / "travel.odt", TRAVEL, meta_title="Template v2"))
    assert document.title == "Travel policy"
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Hotels",), "Book hotels through the travel tool."),
        (("Hotels",), "Partner hotels are prepaid."),  # the footnote, after what cites it
        (("Hotels",), "Receipts: keep them 6 years."),
        (
            ("Hotels",),
            "| City | Hotel per night | Meals |\n| --- | --- | --- |\n| Berlin | €160 | €40 |\n"
            "| Lyon | €120 | €120 |\n"
            "| Paris | €230 with meals | €230 with meals |",
        ),
        (("Hotels", "Booking"), "1. Open the travel tool."),
        (("Hotels", "Booking"), "2. Pick a hotel under the limit."),
        (("Hotels", "Booking"), "- Ask Finance first."),
    ]


def test_the_title_property_then_the_first_heading_title_an_odt_without_a_title_paragraph(
    tmp_path,
):
    body = '<text:h text:outline-level="1">Parking</text:h><text:p>Permits cost €25.</text:p>'
    assert load(make_odt(tmp_path / "a.odt", body, meta_title="Parking rules")).title == (
        "Parking rules"
    )
    assert load(make_odt(tmp_path / "b.odt", body)).title == "Parking"


def test_a_numbered_list_interrupted_by_a_paragraph_goes_on_counting(tmp_path):
    item = "<text:list-item><text:p>{}</text:p></text:list-item>"
    body = (
        '<text:h text:outline-level="1">Steps</text:h>'
        f'<text:list text:style-name="L1" xml:id="list1">{item.format("Log it.")}'
        f"{item.format('Isolate it.')}</text:list>"
        "<text:p>Priority customers are phoned.</text:p>"
        f'<text:list text:style-name="L1" text:continue-list="list1">{item.format("Repair it.")}'
        "</text:list>"
        f'<text:list text:style-name="L1" text:continue-numbering="true">'
        f"{item.format('Close it.')}</text:list>"
        f'<text:list text:style-name="L1">{item.format("Start again.")}</text:list>'
    )
    blocks = load(make_odt(tmp_path / "burst.odt", body, meta_title="Burst")).blocks
    assert [b.text for b in blocks] == [
        "1. Log it.",
        "2. Isolate it.",
        "Priority customers are phoned.",
        "3. Repair it.",
        "4. Close it.",
        "1. Start again.",
    ]


def test_headings_numbered_by_a_list_stay_headings(tmp_path):
    body = (
        '<text:list text:style-name="L1"><text:list-item>'
        '<text:h text:outline-level="1">Purpose</text:h></text:list-item></text:list>'
        "<text:p>This policy sets limits.</text:p>"
    )
    blocks = load(make_odt(tmp_path / "policy.odt", body, meta_title="Policy")).blocks
    assert [(b.headings, b.text) for b in blocks] == [(("Purpose",), "This policy sets limits.")]


def test_a_file_that_is_no_odt_or_is_damaged_says_so(tmp_path):
    fake = tmp_path / "notes.odt"
    fake.write_text("just text")
    with pytest.raises(LoadError, match=r"not an OpenDocument text \(\.odt\)"):
        load(fake)
    damaged = tmp_path / "damaged.odt"
    with zipfile.ZipFile(damaged, "w") as package:
        package.writestr("content.xml", "<office:document-content")
    with pytest.raises(LoadError, match="unreadable OpenDocument text: ParseError"):
        load(damaged)
