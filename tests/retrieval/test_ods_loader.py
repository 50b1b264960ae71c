"""OpenDocument spreadsheets (.ods) read as tables, as Excel workbooks are (loaders/ods.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import make_opendocument

HIDDEN = (
    '<style:style style:name="ta2" style:family="table">'
    '<style:table-properties table:display="false"/></style:style>'
)


def cell(text: str = "", **attributes: str) -> str:
    extra = "".join(
        f' table:{name.replace("_", "-")}="{value}"' for name, value in attributes.items()
    )
    inner = f"<text:p>{text}</text:p>" if text else ""
    return f"<table:table-cell{extra}>{inner}</table:table-cell>"


def row(*cells: str, repeated: int = 1) -> str:
    times = f' table:number-rows-repeated="{repeated}"' if repeated > 1 else ""
    return f"<table:table-row{times}>{''.join(cells)}</table:table-row>"


def sheet(name: str, *rows: str, style: str = "ta1") -> str:
    return (
        f'<table:table table:name="{name}" table:style-name="{style}">{"".join(rows)}</table:table>'
    )


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def test_each_visible_sheet_is_a_table_of_its_shown_values(tmp_path):
    """Values as shown, a merged group label said once and a merged cell spread down, the
    title above the table as its heading, a gap row and LibreOffice's million repeated empty
    rows and columns left out, a hidden sheet left out."""
    rates = sheet(
        "Rates",
        row(cell("Per diem rates 2026")),
        row(cell(), repeated=1),
        row(cell("Country"), cell("City"), cell("Daily allowance"), cell("Breakfast")),
        row(cell("Europe", number_columns_spanned="4"), *["<table:covered-table-cell/>"] * 3),
        row(
            cell("Germany", number_rows_spanned="2"),
            cell("Berlin"),
            cell("€28.00"),
            cell("20%"),
            cell(number_columns_repeated="1020"),
        ),
        row("<table:covered-table-cell/>", cell("Munich"), cell("€30.00"), cell("20%")),
        row(cell(number_columns_repeated="1024"), repeated=1048570),
    )
    secret = sheet(
        "Salaries", row(cell("Name"), cell("Salary")), row(cell("Ana"), cell("1")), style="ta2"
    )
    path = make_opendocument(tmp_path / "per-diem.ods", "spreadsheet", rates + secret, HIDDEN)
    document = load(path)
    assert document.title == "Per diem"
    assert [(b.headings, b.text) for b in document.blocks] == [
        (
            ("Per diem rates 2026",),
            "| Country | City | Daily allowance | Breakfast |\n| --- | --- | --- | --- |\n"
            "| Europe |  |  |  |\n"
            "| Germany | Berlin | €28.00 | 20% |\n"
            "| Germany | Munich | €30.00 | 20% |",
        )
    ]


def test_a_short_row_above_the_header_is_a_note_and_a_cell_comment_is_left_out(tmp_path):
    comment = (
        "<office:annotation><text:p>Refunded if the meter over-reads.</text:p></office:annotation>"
    )
    body = sheet(
        "Charges",
        row(cell("Valid from"), cell("01/01/2027"), cell("Valid until"), cell("31/12/2027")),
        row(cell("Code"), cell("Service"), cell("Aachen"), cell("Maastricht"), cell("Eupen")),
        row(
            f"<table:table-cell><text:p>M-201</text:p>{comment}</table:table-cell>",
            cell("Meter test"),
            cell("€95.00"),
            cell("€89.00"),
            cell("€102.50"),
        ),
        row(
            cell("R-401"),
            cell("Reconnection"),
            cell("€80.00"),
            cell("€75.00", number_columns_repeated="2"),
        ),
    )
    document = load(make_opendocument(tmp_path / "charges.ods", "spreadsheet", body))
    assert [b.text for b in document.blocks] == [
        "Valid from 01/01/2027 Valid until 31/12/2027",
        "| Code | Service | Aachen | Maastricht | Eupen |\n| --- | --- | --- | --- | --- |\n"
        "| M-201 | Meter test | €95.00 | €89.00 | €102.50 |\n"
        "| R-401 | Reconnection | €80.00 | €75.00 | €75.00 |",
    ]


def test_several_sheets_are_read_under_their_names_and_the_title_property_titles(tmp_path):
    body = sheet("Lisbon", row(cell("Desk"), cell("Floor")), row(cell("A1"), cell("3"))) + sheet(
        "Porto", row(cell("Desk"), cell("Floor")), row(cell("B2"), cell("1"))
    )
    path = make_opendocument(tmp_path / "desks.ods", "spreadsheet", body, title="Desk plan")
    document = load(path)
    assert document.title == "Desk plan"
    assert [b.headings for b in document.blocks] == [("Lisbon",), ("Porto",)]


def test_a_file_that_is_no_ods_or_is_damaged_says_so(tmp_path):
    fake = tmp_path / "plan.ods"
    fake.write_text("a,b\n")
    with pytest.raises(LoadError, match=r"not an OpenDocument spreadsheet \(\.ods\)"):
        load(fake)
    empty = make_opendocument(tmp_path / "empty.ods", "spreadsheet", sheet("One", row(cell())))
    with pytest.raises(LoadError, match="no readable text"):
        load(empty)
    # a filled row repeated a million times is refused before it is spread
    huge = sheet(
        "Log", row(cell("Date"), cell("Reading")), row(cell("x"), cell("1"), repeated=10**6)
    )
    with pytest.raises(LoadError, match="more than 500,000 cells"):
        load(make_opendocument(tmp_path / "log.ods", "spreadsheet", huge))


def test_hidden_and_filtered_rows_and_hidden_columns_are_left_out(tmp_path):
    """As Calc shows the sheet: a collapsed or filtered-out row and a hidden column are not."""
    columns = (
        '<table:table-column table:number-columns-repeated="2"/>'
        '<table:table-column table:visibility="collapse"/><table:table-column/>'
    )
    rows = (
        row(cell("City"), cell("Hotel limit"), cell("Internal code"), cell("Meals")),
        row(cell("Berlin"), cell("€160"), cell("X-17"), cell("€45")),
        row(cell("Berlin (2025)"), cell("€140"), cell("X-16"), cell("€40")).replace(
            "<table:table-row>", '<table:table-row table:visibility="collapse">'
        ),
        row(cell("Lisbon"), cell("€120"), cell("X-09"), cell("€30")).replace(
            "<table:table-row>", '<table:table-row table:visibility="filter">'
        ),
        row(cell("Paris"), cell("€230"), cell("X-22"), cell("€50")),
    )
    body = sheet("Rates", columns, *rows)
    document = load(make_opendocument(tmp_path / "rates.ods", "spreadsheet", body))
    assert [b.text for b in document.blocks] == [
        "| City | Hotel limit | Meals |\n| --- | --- | --- |\n"
        "| Berlin | €160 | €45 |\n| Paris | €230 | €50 |"
    ]
