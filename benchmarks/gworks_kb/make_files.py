"""Write the binary pages of gworks_kb: two Google Docs saved as .docx, two Sheets as .xlsx.

The output is deterministic: the core properties carry fixed dates and every zip entry gets
the same fixed timestamp, so running this twice gives byte-identical files.

    python benchmarks/gworks_kb/make_files.py
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from pathlib import Path

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

PAGES = Path(__file__).resolve().parent / "pages" / "drive"
FIXED = dt.datetime(2026, 11, 20, 9, 30, 0)
ZIP_TIME = (2026, 11, 20, 9, 30, 0)


# --------------------------------------------------------------------------- helpers


# parts of python-docx's template that a Google Docs .docx export does not have
DOCX_DROP = (
    "docProps/thumbnail.jpeg",
    "word/stylesWithEffects.xml",
    "word/webSettings.xml",
    "customXml/item1.xml",
    "customXml/itemProps1.xml",
    "customXml/_rels/item1.xml.rels",
)


def drop_references(text: str, drop: tuple[str, ...]) -> str:
    """Remove relationships and content-type overrides that point at dropped parts."""
    for part in drop:
        base = re.escape(part.rsplit("/", 1)[-1])
        text = re.sub(rf'<Relationship [^>]*Target="[^"]*/?{base}"/>', "", text)
        text = re.sub(rf'<Override PartName="/{re.escape(part)}"[^>]*/>', "", text)
    return text


def normalise_zip(raw: bytes, created: str, modified: str, drop: tuple[str, ...] = ()) -> bytes:
    """Rewrite an OOXML package with fixed entry timestamps and fixed core-property dates."""
    src = zipfile.ZipFile(io.BytesIO(raw))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in drop:
                continue
            data = src.read(info.filename)
            if drop and (info.filename.endswith(".rels") or info.filename == "[Content_Types].xml"):
                data = drop_references(data.decode("utf-8"), drop).encode("utf-8")
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(
                    r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                    lambda m: m.group(1) + created + m.group(2),
                    text,
                )
                text = re.sub(
                    r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    lambda m: m.group(1) + modified + m.group(2),
                    text,
                )
                data = text.encode("utf-8")
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o600 << 16
            dst.writestr(entry, data)
    return out.getvalue()


def google_doc_styles(doc) -> None:
    """Make the python-docx template look like a Google Docs export (Arial, Google sizes)."""
    styles = doc.styles
    normal = styles["Normal"]
    normal.font.name = "Arial"
    normal.font.size = Pt(11)
    normal.element.rPr.rFonts.set(qn("w:eastAsia"), "Arial")
    for name, size, colour in (
        ("Title", 26, "000000"),
        ("Subtitle", 15, "666666"),
        ("Heading 1", 20, "000000"),
        ("Heading 2", 16, "000000"),
        ("Heading 3", 14, "434343"),
    ):
        style = styles[name]
        style.font.name = "Arial"
        style.font.size = Pt(size)
        style.font.bold = False
        style.font.italic = False
        style.font.color.rgb = RGBColor.from_string(colour)
        style.paragraph_format.space_before = Pt(0 if name in ("Title", "Subtitle") else 18)
        style.paragraph_format.space_after = Pt(6)


def shade(cell, fill: str) -> None:
    tc_pr = cell._tc.get_or_add_tcPr()
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    tc_pr.append(shd)


def add_table(doc, rows: list[list[str]], header_fill: str = "D9EAD3") -> None:
    table = doc.add_table(rows=len(rows), cols=len(rows[0]))
    table.style = "Table Grid"
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            cell = table.cell(r, c)
            cell.text = ""
            run = cell.paragraphs[0].add_run(value)
            run.font.size = Pt(10)
            if r == 0:
                run.bold = True
                shade(cell, header_fill)


def set_doc_props(doc, title: str, author: str) -> None:
    props = doc.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.last_printed = FIXED
    props.revision = 1
    props.comments = ""
    props.keywords = ""
    props.subject = ""
    props.category = ""


def save_docx(doc, path: Path) -> None:
    buf = io.BytesIO()
    doc.save(buf)
    stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
    path.write_bytes(normalise_zip(buf.getvalue(), stamp, stamp, DOCX_DROP))


def save_xlsx(wb: Workbook, path: Path) -> None:
    wb.properties.creator = ""
    wb.properties.lastModifiedBy = ""
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    buf = io.BytesIO()
    wb.save(buf)
    stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
    path.write_bytes(normalise_zip(buf.getvalue(), stamp, stamp))


# --------------------------------------------------------------------------- docx pages


def annual_leave() -> None:
    doc = Document()
    google_doc_styles(doc)
    doc.add_paragraph("Annual Leave & Public Holidays", style="Title")
    doc.add_paragraph(
        "Applies from 1 January 2027 · Owner: People team (Laura Benítez)", style="Subtitle"
    )
    doc.add_paragraph(
        "This covers holiday for everyone employed by Solvane in the UK, Spain and Portugal. "
        "Subcontract installers agree their own time off with their company."
    )
    doc.add_paragraph("Allowance by country", style="Heading 1")
    add_table(
        doc,
        [
            ["Country", "Annual leave (full-time)", "Public holidays", "Carry-over"],
            [
                "United Kingdom",
                "25 days, plus 1 day after 3 years' service (max 28)",
                "8 bank holidays (England)",
                "Up to 5 days, must be used by 31 March",
            ],
            [
                "Spain",
                "23 working days (días laborables)",
                "14 (national, Comunitat Valenciana and Paterna local holidays)",
                "None – days must be taken by 31 January of the following year",
            ],
            [
                "Portugal",
                "22 working days (dias úteis)",
                "13 (national holidays plus São João, 24 June)",
                "Until 30 April of the following year",
            ],
        ],
    )
    doc.add_paragraph("")
    doc.add_paragraph(
        "Part-time colleagues get the same allowance pro rata to their contracted days. "
        "The holiday year runs from 1 January to 31 December in all three countries."
    )
    doc.add_paragraph("Booking leave", style="Heading 1")
    for text in (
        "Book all leave in BambooHR; your line manager approves it there.",
        "Give at least twice as much notice as the leave you are taking "
        "(two weeks' notice for one week off).",
        "Installers and electricians: no more than 2 people from the same crew off in the "
        "same week.",
        "Between 1 May and 31 August (peak install season) installers can take at most 5 "
        "consecutive working days unless the Operations Director agrees.",
    ):
        doc.add_paragraph(text, style="List Bullet")
    doc.add_paragraph("Buying and selling leave (UK only)", style="Heading 2")
    doc.add_paragraph(
        "In the January window you can buy up to 5 extra days (taken from your salary over the "
        "year) or sell up to 3 days. Spain and Portugal don't allow selling annual leave."
    )
    doc.add_paragraph("Sickness during leave", style="Heading 1")
    doc.add_paragraph(
        "If you are ill while on leave, tell your manager on the first day and send a fit note "
        "(UK), baja médica (ES) or certificado de incapacidade temporária (PT). The days are "
        "given back."
    )
    end = doc.add_paragraph("Questions: people@solvane.example")
    end.alignment = WD_ALIGN_PARAGRAPH.LEFT
    set_doc_props(doc, "Annual Leave & Public Holidays", "Laura Benítez")
    save_docx(doc, PAGES / "hr" / "annual-leave-policy.docx")


def warranty() -> None:
    doc = Document()
    google_doc_styles(doc)
    doc.add_paragraph("Warranty & Aftercare Terms", style="Title")
    doc.add_paragraph(
        "Customer-facing summary · version 2027.1 · for quotes issued from 1 January 2027",
        style="Subtitle",
    )
    doc.add_paragraph(
        "This is the summary we send with every quote. The full terms are in the customer "
        "contract; if they disagree, the contract wins."
    )
    doc.add_paragraph("What's covered", style="Heading 1")
    add_table(
        doc,
        [
            ["Product", "Product warranty", "Performance warranty", "Workmanship (Solvane)"],
            [
                "Solar panels (Solvane N-type 440 W)",
                "25 years",
                "30 years, at least 87.4% of rated output",
                "10 years",
            ],
            ["Inverter (SolvInvert 3.6 / 5.0 / 6.0)", "12 years", "–", "10 years"],
            [
                "Battery (SolvBank 5 / 10 / 15)",
                "10 years or 6,000 full cycles, whichever comes first",
                "70% of usable capacity at the end of the warranty",
                "10 years",
            ],
            [
                "Air-source heat pump (AirFlow 7 / 9 / 12)",
                "7 years, as long as it is serviced every year",
                "–",
                "5 years",
            ],
            ["EV charger (SolvCharge 7)", "3 years", "–", "2 years"],
            ["Bird mesh and mounting kit", "10 years", "–", "10 years"],
        ],
        header_fill="CFE2F3",
    )
    doc.add_paragraph("")
    doc.add_paragraph("Response times", style="Heading 1")
    add_table(
        doc,
        [
            ["Priority", "Example", "First response", "Engineer on site"],
            [
                "P1 – Safety",
                "smoke, burning smell, exposed live parts",
                "1 hour, 24/7",
                "same day (within 4 hours where possible)",
            ],
            [
                "P2 – No output",
                "no generation, battery offline, no heating between November and March",
                "4 business hours",
                "within 2 business days",
            ],
            [
                "P3 – Reduced output",
                "partial generation, app not updating",
                "1 business day",
                "within 5 business days",
            ],
            ["P4 – Other", "cosmetic issues, questions", "2 business days", "by arrangement"],
        ],
        header_fill="CFE2F3",
    )
    doc.add_paragraph("")
    doc.add_paragraph("What isn't covered", style="Heading 1")
    for text in (
        "damage from storms, fire, flood or pests (claim on your home insurance)",
        "systems modified or moved by anyone other than Solvane",
        "heat pumps that miss their annual service by more than 3 months",
        "batteries kept below 0 °C or above 45 °C",
    ):
        doc.add_paragraph(text, style="List Bullet")
    doc.add_paragraph("Transferring the warranty", style="Heading 2")
    doc.add_paragraph(
        "If the customer sells the house, the warranties transfer to the new owner free of "
        "charge. The new owner emails aftercare@solvane.example with the completion date."
    )
    set_doc_props(doc, "Warranty & Aftercare Terms", "Beatriz Lopes")
    save_docx(doc, PAGES / "sales" / "warranty-and-aftercare.docx")


# --------------------------------------------------------------------------- xlsx pages

BOLD = Font(name="Arial", bold=True, size=10)
PLAIN = Font(name="Arial", size=10)
TITLE = Font(name="Arial", bold=True, size=14)
NOTE = Font(name="Arial", italic=True, size=9, color="666666")
HEAD_FILL = PatternFill("solid", fgColor="B7E1CD")
GBP = '"£"#,##0'
EUR = '#,##0" €"'


def write_table(ws, title: str, header: list[str], rows: list[list], formats: dict, note: str):
    """Title merged over the table, header on row 3, frozen, data, then a merged notes row."""
    width = len(header)
    last = get_column_letter(width)
    ws["A1"] = title
    ws["A1"].font = TITLE
    ws.merge_cells(f"A1:{last}1")
    ws.row_dimensions[1].height = 24
    for c, name in enumerate(header, start=1):
        cell = ws.cell(row=3, column=c, value=name)
        cell.font = BOLD
        cell.fill = HEAD_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for r, values in enumerate(rows, start=4):
        for c, value in enumerate(values, start=1):
            cell = ws.cell(row=r, column=c, value=value)
            cell.font = PLAIN
            if c in formats and isinstance(value, (int, float)):
                cell.number_format = formats[c]
    note_row = 4 + len(rows) + 1
    ws.cell(row=note_row, column=1, value=note).font = NOTE
    ws.cell(row=note_row, column=1).alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(f"A{note_row}:{last}{note_row}")
    ws.row_dimensions[note_row].height = 48
    ws.freeze_panes = "A4"
    for c in range(1, width + 1):
        ws.column_dimensions[get_column_letter(c)].width = 22 if c > 1 else 28


def price_list() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Solar PV"
    write_table(
        ws,
        "Solvane residential price list 2027 – Solar PV kits (effective 1 January 2027)",
        [
            "Kit code",
            "System size (kWp)",
            "Panels",
            "Inverter",
            "UK price (£)",
            "Spain price (€)",
            "Portugal price (€)",
        ],
        [
            ["SV-PV-3.5", 3.52, "8 × 440 W", "SolvInvert 3.6", 5450, 4990, 4850],
            ["SV-PV-4.4", 4.40, "10 × 440 W", "SolvInvert 3.6", 6190, 5690, 5520],
            ["SV-PV-5.3", 5.28, "12 × 440 W", "SolvInvert 5.0", 6980, 6390, 6210],
            ["SV-PV-6.2", 6.16, "14 × 440 W", "SolvInvert 5.0", 7740, 7050, 6880],
            ["SV-PV-7.0", 7.04, "16 × 440 W", "SolvInvert 6.0", 8520, 7790, 7560],
        ],
        {2: "0.00", 5: GBP, 6: EUR, 7: EUR},
        "Notes: prices include standard installation on a pitched tiled roof with scaffold up to "
        "2 storeys. UK prices are at 0% VAT (energy-saving materials relief); Spain prices "
        "include 21% IVA; Portugal prices include 6% IVA. Flat roof: see Add-ons. Valid for "
        "quotes issued 1 January – 30 June 2027.",
    )
    ws = wb.create_sheet("Batteries")
    write_table(
        ws,
        "Batteries – SolvBank (effective 1 January 2027)",
        [
            "Model",
            "Usable capacity (kWh)",
            "With PV – UK (£)",
            "Retrofit – UK (£)",
            "With PV – Spain (€)",
            "Retrofit – Spain (€)",
            "With PV – Portugal (€)",
            "Retrofit – Portugal (€)",
        ],
        [
            ["SolvBank 5", 5.1, 2950, 3650, 2790, 3390, 2690, 3290],
            ["SolvBank 10", 10.2, 4900, 5600, 4650, 5250, 4490, 5090],
            ["SolvBank 15", 15.3, 6750, 7450, 6390, 6990, 6190, 6790],
        ],
        {3: GBP, 4: GBP, 5: EUR, 6: EUR, 7: EUR, 8: EUR},
        "Notes: 'With PV' = installed at the same time as a new PV kit. 'Retrofit' = added to an "
        "existing PV system, including the swap to a SolvInvert 5.0 hybrid inverter where needed.",
    )
    ws = wb.create_sheet("Heat pumps")
    write_table(
        ws,
        "Air-source heat pumps – AirFlow (effective 1 January 2027)",
        [
            "Model",
            "Heat output",
            "UK price (£)",
            "UK after BUS grant (£)",
            "Spain price (€)",
            "Portugal price (€)",
        ],
        [
            ["AirFlow 7", "7 kW", 11900, 4400, 10950, 10400],
            ["AirFlow 9", "9 kW", 12900, 5400, 11850, 11300],
            ["AirFlow 12", "12 kW", 14400, 6900, 13300, 12650],
        ],
        {3: GBP, 4: GBP, 5: EUR, 6: EUR},
        "Notes: includes the outdoor unit, a 200 L cylinder, controls and commissioning. "
        "Radiator upgrades are quoted separately after the survey. BUS grant is £7,500 "
        "(England and Wales only).",
    )
    ws = wb.create_sheet("Add-ons")
    write_table(
        ws,
        "Add-ons and extras (effective 1 January 2027)",
        ["Item", "UK (£)", "Spain (€)", "Portugal (€)", "Notes"],
        [
            ["Bird mesh (per array)", 450, 390, 380, ""],
            ["Extra 440 W panel", 290, 260, 250, "Only with a kit"],
            ["Panel optimiser (each)", 65, 59, 57, "For shaded strings"],
            ["SolvCharge 7 EV charger, installed", 899, 849, 829, ""],
            ["Flat roof mounting (per kit)", 650, 590, 570, "Ballasted frames"],
            ["Scaffold over 2 storeys", 480, 420, 400, "Per elevation"],
            ["SolvView Home Plus, 12 months prepaid", 54, 59, 59, ""],
        ],
        {2: GBP, 3: EUR, 4: EUR},
        "Notes: add-ons are only sold with an install or a service visit.",
    )
    ws = wb.create_sheet("Changes")
    ws.append(["Date", "Change", "By"])
    for cell in ws[1]:
        cell.font = BOLD
    for row in (
        ["2026-11-18", "2027 prices published", "Priya Nair"],
        ["2026-11-25", "Portugal retrofit prices corrected (were still 2026)", "Beatriz Lopes"],
    ):
        ws.append(row)
    ws.column_dimensions["B"].width = 60
    ws.freeze_panes = "A2"
    save_xlsx(wb, PAGES / "sales" / "price-list-2027.xlsx")


def entitlements() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "By role"
    write_table(
        ws,
        "Equipment entitlements by role (all countries)",
        [
            "Role",
            "Laptop",
            "Phone",
            "Tablet",
            "Mobile data per month",
            "Tool allowance per year (UK)",
            "Tool allowance per year (ES / PT)",
        ],
        [
            [
                "PV installer",
                "–",
                "Samsung Galaxy XCover7",
                "shared iPad (one per van)",
                "20 GB",
                "£400",
                "€450",
            ],
            [
                "Lead installer / electrician",
                "Lenovo ThinkPad E14",
                "Samsung Galaxy XCover7",
                "shared iPad (one per van)",
                "30 GB",
                "£600",
                "€650",
            ],
            [
                "Heat pump engineer",
                "Lenovo ThinkPad E14",
                "Samsung Galaxy XCover7",
                "iPad (personal)",
                "30 GB",
                "£750",
                "€800",
            ],
            [
                "Surveyor",
                "Lenovo ThinkPad E14",
                "iPhone 15",
                'iPad Pro 11" (LiDAR)',
                "30 GB",
                "£250",
                "€275",
            ],
            [
                "Customer support agent",
                "Lenovo ThinkPad T14",
                "– (softphone on the laptop)",
                "–",
                "–",
                "–",
                "–",
            ],
            [
                "Office staff",
                'Lenovo ThinkPad T14, or MacBook Air 13" on request',
                "iPhone SE if on the on-call rota",
                "–",
                "10 GB",
                "–",
                "–",
            ],
            [
                "Warehouse operative",
                "–",
                "Zebra TC58 handheld (shared)",
                "–",
                "–",
                "£150",
                "€150",
            ],
        ],
        {},
        "Notes: phones are replaced every 3 years or when broken, laptops every 4 years. Report "
        "lost or stolen kit in #it-help within 24 hours.",
    )
    ws = wb.create_sheet("PPE & boots")
    write_table(
        ws,
        "PPE and workwear – replacement and spend limits",
        ["Item", "Replaced", "UK max", "Spain max", "Portugal max"],
        [
            ["Safety boots (S3)", "every 12 months, or sooner if damaged", "£120", "€110", "€100"],
            ["Waterproof jacket & trousers", "every 2 years", "£90", "€80", "€75"],
            ["Hi-vis vest or jacket", "when faded or torn", "£25", "€20", "€20"],
            ["Work gloves", "as needed", "from stores", "from stores", "from stores"],
            ["Hard hat", "3 years from first use", "from stores", "from stores", "from stores"],
            [
                "Harness & lanyard",
                "inspected every 6 months, retired after 5 years",
                "from stores",
                "from stores",
                "from stores",
            ],
        ],
        {},
        "Notes: UK staff buy boots and waterproofs themselves and claim in Pleo with the receipt. "
        "In Spain Javier Soler orders them; in Portugal, Tiago Moreira Antunes.",
    )
    ws = wb.create_sheet("How to request")
    lines = [
        "How to request equipment",
        "",
        "1. New starters: your line manager requests everything before day 1 – nothing to do.",
        "2. Replacements: post in #it-help (laptops, phones, tablets) or ask your site lead (PPE).",
        "3. Tool allowance: buy the tool, claim it in Pleo under 'Tools' with the receipt.",
        "4. Unused tool allowance does not roll over to the next year.",
    ]
    for i, text in enumerate(lines, start=1):
        ws.cell(row=i, column=1, value=text).font = BOLD if i == 1 else PLAIN
    ws.column_dimensions["A"].width = 90
    save_xlsx(wb, PAGES / "ops" / "equipment-entitlements.xlsx")


def main() -> None:
    annual_leave()
    warranty()
    price_list()
    entitlements()
    for path in sorted(PAGES.rglob("*")):
        if path.suffix in (".docx", ".xlsx"):
            print(f"{path.relative_to(PAGES.parent)}  {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
