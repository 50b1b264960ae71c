"""Spreadsheets (CSV, TSV, Excel) become Documents of tables, or fail with a reason."""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

import openpyxl
import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, csv_files, load_document, sheets
from tests.retrieval.helpers import write, zip_without_content


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def blocks(path: Path) -> list[tuple[tuple[str, ...], str]]:
    return [(b.headings, b.text) for b in load(path).blocks]


def test_a_csv_file_is_one_table_under_its_header_row(tmp_path):
    """Comma-separated, a quoted cell with a comma and a line break, an empty column and an
    empty row left out, a "|" kept from breaking the table; lines cited as the file's."""
    path = write(
        tmp_path,
        "phone-list.csv",
        'Name,Team,,Phone\n\nAnna Weber,"Payroll, DE",,+49 30 1234 567\n'
        'João Silva,"IT |\nservice desk",,+351 21 555 0100\n',
    )
    document = load(path)
    assert document.title == "Phone list"
    assert document.url == "https://docs.example.com/phone-list.csv"
    (block,) = document.blocks
    assert block.text == (
        "| Name | Team | Phone |\n| --- | --- | --- |\n"
        "| Anna Weber | Payroll, DE | +49 30 1234 567 |\n"
        "| João Silva | IT / service desk | +351 21 555 0100 |"
    )
    assert (block.start_line, block.end_line) == (1, 4)


def test_semicolons_tabs_and_a_title_row(tmp_path):
    """Excel writes ";" in many European locales; a .tsv is tab-separated; a title alone in
    the first row heads the table."""
    semicolons = write(
        tmp_path, "preise.csv", "Preisliste 2026;;\nTarif;Preis;Nutzer\nScale;349 €;25\n"
    )
    assert blocks(semicolons) == [
        (
            ("Preisliste 2026",),
            "| Tarif | Preis | Nutzer |\n| --- | --- | --- |\n| Scale | 349 € | 25 |",
        )
    ]
    tabs = write(tmp_path, "rooms.tsv", "Room\tSeats\nFjord, 3rd floor\t12\n")
    assert blocks(tabs) == [((), "| Room | Seats |\n| --- | --- |\n| Fjord, 3rd floor | 12 |")]


def test_a_title_and_notes_above_the_header_are_not_the_header(tmp_path):
    """Rows of one cell above the table (a title, a note, as sheets are laid out for print):
    the first heads the table, the others are a note before it, the first row of several
    cells is the header. Before, a second such row was taken for the header."""
    path = write(
        tmp_path,
        "rates.csv",
        "Per diem rates 2026,,\nAll amounts in EUR per full day.,,\n,,\n"
        "Country,Daily allowance,Breakfast deduction\nPortugal,€ 50,20%\n",
    )
    document = load(path)
    assert [(b.headings, b.text, b.start_line) for b in document.blocks] == [
        (("Per diem rates 2026",), "All amounts in EUR per full day.", 2),
        (
            ("Per diem rates 2026",),
            "| Country | Daily allowance | Breakfast deduction |\n| --- | --- | --- |\n"
            "| Portugal | € 50 | 20% |",
            4,
        ),
    ]


def test_an_excel_csv_in_windows_1252_is_read_and_other_encodings_say_so(tmp_path, monkeypatch):
    """Excel's "CSV (Comma delimited)" is saved in the Windows code page (€ is byte 0x80)."""
    legacy = tmp_path / "legacy.csv"
    legacy.write_bytes("Name;Stadt;Budget\r\nJörg;Köln;€ 200\r\n".encode("cp1252"))
    assert blocks(legacy) == [
        ((), "| Name | Stadt | Budget |\n| --- | --- | --- |\n| Jörg | Köln | € 200 |")
    ]
    undefined = tmp_path / "other.csv"
    undefined.write_bytes(b"a,b\n\x81,\x8d\n")  # bytes Windows-1252 leaves undefined
    with pytest.raises(LoadError, match="neither UTF-8 nor Windows-1252"):
        load(undefined)
    monkeypatch.setattr(csv_files, "MAX_CELLS", 5)
    with pytest.raises(LoadError, match="more than 5 cells"):
        load(write(tmp_path, "export.csv", "a,b\n1,2\n3,4\n"))


def make_workbook(path: Path) -> Path:
    book = openpyxl.Workbook()
    offices = book.active
    offices.title = "Offices"
    offices.append(["Office facts 2026"])
    offices.append([])
    offices.append(["Office", "Opens", "Parking per day", "Occupancy", "Staff", "Guests"])
    offices.append(["London", time(8, 30), 12.5, 0.85, 1200, True])
    offices.append(["Germany"])
    offices.merge_cells("A5:F5")  # a group label across the table
    offices.append(["Berlin", time(9, 0), 9, 0.6, 85, False])
    offices.append(["Munich", None, None, 0.4, 40, False])
    offices.merge_cells("B6:B7")  # Berlin's opening time, written once for both offices
    offices.merge_cells("C6:C7")
    for row in (4, 6):
        offices.cell(row, 3).number_format = '"€"#,##0.00'
    for row in (4, 6, 7):
        offices.cell(row, 4).number_format = "0%"
    offices.cell(4, 5).number_format = "#,##0"
    holidays = book.create_sheet("Holidays")
    holidays.append(["Date", "Holiday"])
    holidays.append([datetime(2026, 12, 25), "Christmas Day"])
    holidays.append([datetime(2026, 12, 24, 13, 0), "Offices close"])
    hidden = book.create_sheet("scratch")
    hidden.append(["draft", "not for anyone"])
    hidden.sheet_state = "hidden"
    book.properties.title = "Office facts"
    book.save(path)
    return path


def test_an_excel_workbook_reads_each_visible_sheet_as_shown(tmp_path):
    """Sheets under their names, a hidden one left out; merged cells spread (a group label
    across the table said once); dates, times, percentages, money and thousands as shown."""
    document = load(make_workbook(tmp_path / "offices.xlsx"))
    assert document.title == "Office facts"  # the workbook's title property
    assert [(b.headings, b.text) for b in document.blocks] == [
        (
            ("Offices", "Office facts 2026"),
            "| Office | Opens | Parking per day | Occupancy | Staff | Guests |\n"
            "| --- | --- | --- | --- | --- | --- |\n"
            "| London | 08:30 | €12.50 | 85% | 1,200 | yes |\n"
            "| Germany |  |  |  |  |  |\n"
            "| Berlin | 09:00 | €9.00 | 60% | 85 | no |\n"
            "| Munich | 09:00 | €9.00 | 40% | 40 | no |",
        ),
        (
            ("Holidays",),
            "| Date | Holiday |\n| --- | --- |\n| 2026-12-25 | Christmas Day |\n"
            "| 2026-12-24 13:00 | Offices close |",
        ),
    ]
    assert "not for anyone" not in " ".join(b.text for b in document.blocks)


def test_the_header_is_looked_for_among_a_sheets_first_rows_only():
    """A note row above the header is a note; past the first rows of two cells or more, the
    first such row is the header, as it always was (and a long sheet is not searched row by
    row)."""
    noted = [["Valid from", "01/01/2027"], ["Code", "Service", "Price"], ["C-1", "New", "€9"]]
    (note, table) = sheets.sheet_blocks(noted, ())
    assert note.text == "Valid from 01/01/2027"
    assert table.text.startswith("| Code | Service | Price |")
    long = [["Day", "Shift"]] + [[str(d), "early"] for d in range(1, 15)] + [["x", "y", "z"]] * 20
    (table,) = sheets.sheet_blocks(long, ())
    assert table.text.startswith("| Day | Shift |")


def test_a_damaged_or_old_workbook_says_what_is_wrong(tmp_path):
    with pytest.raises(LoadError, match=r"not an Excel workbook \(\.xlsx\)"):
        load(write(tmp_path, "prices.xlsx", "name,price\n"))
    damaged = zip_without_content(tmp_path / "broken.xlsx", "xl/notes.txt")
    with pytest.raises(LoadError, match="unreadable Excel workbook"):
        load(damaged)
    for name in ("budget.xls", "sheet.numbers"):
        with pytest.raises(LoadError, match=r"is not read; save it as \.xlsx, \.ods or CSV"):
            load(write(tmp_path, name, "content"))


def test_a_workbook_with_no_values_is_refused(tmp_path):
    book = openpyxl.Workbook()
    book.save(tmp_path / "empty.xlsx")
    with pytest.raises(LoadError, match="no readable text"):
        load(tmp_path / "empty.xlsx")


def test_hidden_rows_and_columns_of_a_sheet_are_left_out(tmp_path):
    """Last year's rows and a helper column, hidden in the sheet, are not what it shows."""
    book = openpyxl.Workbook()
    rates = book.active
    rates.append(["City", "Hotel limit", "Internal code", "Meals"])
    rates.append(["Berlin", "€160", "X-17", "€45"])
    rates.append(["Berlin (2025)", "€140", "X-16", "€40"])
    rates.append(["Paris", "€230", "X-22", "€50"])
    rates.row_dimensions[3].hidden = True
    rates.column_dimensions["C"].hidden = True
    path = tmp_path / "rates.xlsx"
    book.save(path)
    assert [b.text for b in load(path).blocks] == [
        "| City | Hotel limit | Meals |\n| --- | --- | --- |\n"
        "| Berlin | €160 | €45 |\n| Paris | €230 | €50 |"
    ]


def test_a_header_of_two_rows_reads_as_one_and_notes_under_the_table_as_text(tmp_path):
    # A price list as people lay it out: a label merged over the band columns, the bands
    # named in the row under it, a group row, and notes under the table
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Treatment", "Duration", "Price by band", None, "Code"])
    sheet.append(["Treatment", "Duration", "Band A", "Band B", "Code"])
    sheet.append(["Physiotherapy", None, None, None, None])
    sheet.append(["Initial assessment", "45 min", "£78.00", "£72.00", "PH01"])
    sheet.append(["Follow-up", "30 min", "£58.00", "£54.00", "PH02"])
    sheet.append(["Band A clinics: Harrogate, Ilkley.", None, None, None, None])
    sheet.append(["Staff get 20% off.", None, None, None, None])
    sheet.merge_cells("C1:D1")
    book.save(tmp_path / "fees.xlsx")
    blocks = load(tmp_path / "fees.xlsx").blocks
    assert [b.text for b in blocks] == [
        "| Treatment | Duration | Price by band (Band A) | Price by band (Band B) | Code |\n"
        "| --- | --- | --- | --- | --- |\n"
        "| Physiotherapy |  |  |  |  |\n"
        "| Initial assessment | 45 min | £78.00 | £72.00 | PH01 |\n"
        "| Follow-up | 30 min | £58.00 | £54.00 | PH02 |",
        "Band A clinics: Harrogate, Ilkley.\n\nStaff get 20% off.",
    ]


def test_a_first_row_of_values_under_a_merged_label_is_no_second_header(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Treatment", "Price", None])
    sheet.append(["Assessment", "£78.00", "£72.00"])
    sheet.append(["Follow-up", "£58.00", "£54.00"])
    sheet.merge_cells("B1:C1")
    book.save(tmp_path / "fees.xlsx")
    assert load(tmp_path / "fees.xlsx").blocks[0].text.split("\n")[2] == (
        "| Assessment | £78.00 | £72.00 |"
    )


def test_a_sheet_of_one_column_is_text_under_its_first_cell(tmp_path):
    """A tab written down one column ("How to request", then a step a row) is no table: its
    first cell heads the steps, which read as a list."""
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (
        "How to request equipment",
        "1. New starters: your manager requests everything.",
        "2. Replacements: post in #it-help.",
    ):
        sheet.append([row])
    book.save(tmp_path / "kit.xlsx")
    assert blocks(tmp_path / "kit.xlsx") == [
        (
            ("How to request equipment",),
            "1. New starters: your manager requests everything.\n"
            "2. Replacements: post in #it-help.",
        )
    ]


def test_a_knowledge_tool_s_csv_export_is_read_as_its_articles(tmp_path):
    """Salesforce Knowledge and ServiceNow export one article a row, its body HTML in a cell
    (quotes doubled, line breaks inside): each article is a section under its title, the
    summary and its fields first, the body's table as a table; ids and statuses are not text."""
    body = (
        '<p>Every machine leaves <strong>full</strong>.</p>\n<table border=""1"">'
        "<tr><th>Country</th><th>Diesel per litre</th></tr>\n"
        "<tr><td>Spain</td><td>&euro;1.79</td></tr></table>"
    )
    path = write(
        tmp_path,
        "knowledge.csv",
        '"Id","Title","Summary","Article_Body__c","PublishStatus","Category"\n'
        f'"ka07Q1","Fuel charges","Machines go out full and are refuelled at the country rate.",'
        f'"{body}","Online","Charges"\n'
        '"ka07Q2","Cleaning charges","What we charge when a machine comes back dirty.",'
        '"<ul><li>Standard clean: &euro;45</li></ul>","Online",""\n',
    )
    assert blocks(path) == [
        (("Fuel charges",), "Machines go out full and are refuelled at the country rate."),
        (("Fuel charges",), "- Category: Charges"),  # a field kept; its id and status are not
        (("Fuel charges",), "Every machine leaves full."),
        (("Fuel charges",), "| Country | Diesel per litre |\n| --- | --- |\n| Spain | €1.79 |"),
        (("Cleaning charges",), "What we charge when a machine comes back dirty."),
        (("Cleaning charges",), "- Standard clean: €45"),
    ]
