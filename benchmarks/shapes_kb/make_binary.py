"""Build the binary / non-UTF-8 pages of the shapes KB.

Run with the project venv:  python benchmarks/shapes_kb/make_binary.py

Writes (deterministically: fixed document properties and fixed zip timestamps):
  pages/hr/parental-leave.docx          python-docx: Title style, headings, numbered steps,
                                         table with horizontally and vertically merged cells,
                                         bold label paragraphs
  pages/finance/allowances-2026.xlsx    openpyxl: two visible sheets + one hidden sheet,
                                         title rows above the header, merged cells,
                                         currency / percent / date / time number formats
  pages/ops/carrier-cutoffs.csv         Excel "CSV (semicolon)" from a Dutch-locale Excel:
                                         Windows-1252, CRLF, decimal comma, euro sign
  pages/hr/thuiswerkbeleid.htm          Word "Save as Web Page, Filtered" in Dutch:
                                         windows-1252, MsoNormal classes, Symbol-font bullets
"""

import datetime as dt
import io
import re
import zipfile
from pathlib import Path

import docx
import openpyxl
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl.styles import Alignment, Font, PatternFill

PAGES = Path(__file__).resolve().parent / "pages"
FIXED = dt.datetime(2026, 11, 27, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite a zip container with fixed timestamps so the output is byte-stable."""
    src = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2026, 11, 27, 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                # openpyxl stamps dcterms:modified with the current time on save
                blob = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>2026-11-27T09:00:00Z\g<2>",
                    blob,
                )
            dst.writestr(zi, blob)
    path.write_bytes(out.getvalue())


# --------------------------------------------------------------------------- docx
def build_docx(path: Path) -> None:
    d = docx.Document()
    cp = d.core_properties
    cp.author = "Femke Visser"
    cp.last_modified_by = "Grace Okafor"
    cp.title = "Parental and family leave"
    cp.created = FIXED
    cp.modified = FIXED
    cp.revision = 7

    d.add_paragraph("Parental and family leave", style="Title")
    p = d.add_paragraph("HR policy for all Fernhill offices. Version 3.0, valid from 1 April 2026.")
    p.runs[0].italic = True

    d.add_heading("Overview", level=1)
    d.add_paragraph(
        "Fernhill follows the statutory leave rules in each country and tops them up where the "
        "table below says so. The table shows what you receive from Fernhill, including the top-up."
    )

    table = d.add_table(rows=6, cols=5)
    table.style = "Table Grid"
    hdr = ["Category", "Leave", "Netherlands", "United Kingdom", "Portugal"]
    for i, h in enumerate(hdr):
        cell = table.cell(0, i)
        cell.text = ""
        run = cell.paragraphs[0].add_run(h)
        run.bold = True
    rows = [
        [
            "Birth",
            "Maternity leave",
            "16 weeks at 100% pay",
            "52 weeks; the first 26 weeks at full pay",
            "120 days at 100% pay or 150 days at 80% pay",
        ],
        [
            "",
            "Birth partner leave",
            "6 weeks; Fernhill tops up weeks 2-6 to 100% pay",
            "2 weeks at full pay",
            "28 days at 100% pay (compulsory)",
        ],
        [
            "",
            "Adoption leave",
            "6 weeks at 100% pay",
            "Same as maternity leave",
            "120 days at 100% pay",
        ],
        ["Other", "Unpaid parental leave", "", "", ""],
        ["", "Emergency family leave", "", "", ""],
    ]
    for r, values in enumerate(rows, start=1):
        for c, v in enumerate(values):
            if v:
                table.cell(r, c).text = v
    # vertical merges in the Category column
    a = table.cell(1, 0).merge(table.cell(3, 0))
    a.text = "Birth and adoption"
    b = table.cell(4, 0).merge(table.cell(5, 0))
    b.text = "Other"
    # horizontal merges across the three country columns
    m1 = table.cell(4, 2).merge(table.cell(4, 4))
    m1.text = (
        "All countries: up to 26 weeks per child, to be taken before the child's 8th birthday. "
        "Request it at least 2 months before the start."
    )
    m2 = table.cell(5, 2).merge(table.cell(5, 4))
    m2.text = (
        "All countries: up to 5 days per calendar year at full pay for urgent family situations."
    )

    d.add_paragraph("")
    d.add_heading("How to request leave", level=1)
    steps = [
        "Tell your line manager about the pregnancy, birth or adoption as early as you can, and at "
        "the latest 15 weeks before the expected week of birth.",
        'Submit the "Family leave" request in Personio and choose the leave type from the table '
        "above.",
        "Upload the pregnancy statement from your midwife or doctor (UK: form MATB1).",
        "HR confirms your leave dates and pay in writing within 10 working days.",
        "Agree a keeping-in-touch plan with your manager before the leave starts.",
    ]
    for s in steps:
        d.add_paragraph(s, style="List Number")

    d.add_heading("Practical points", level=1)
    lab = d.add_paragraph()
    lab.add_run("Holiday during leave").bold = True
    d.add_paragraph(
        "You keep building up holiday during all paid leave in the table. Holiday you cannot take "
        "because of maternity leave may be carried over for 12 months."
    )
    lab = d.add_paragraph()
    lab.add_run("Pension").bold = True
    d.add_paragraph("Fernhill keeps paying the employer pension contribution during paid leave.")
    lab = d.add_paragraph()
    lab.add_run("Who to contact").bold = True
    d.add_paragraph(
        "Netherlands: hr.nl@fernhill.example. United Kingdom: hr.uk@fernhill.example. "
        "Portugal: rh.pt@fernhill.example."
    )
    foot = d.add_paragraph("Owner: HR. Questions about pay: Payroll.")
    foot.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    foot.runs[0].font.size = Pt(8)

    d.save(path)
    normalise_zip(path)


# --------------------------------------------------------------------------- xlsx
EUR = '"€"#,##0.00'
PCT = "0%"
DATE = "dd/mm/yyyy"
TIME = "hh:mm"


def build_xlsx(path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "Marta Sousa"
    wb.properties.lastModifiedBy = "Marta Sousa"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)
    head_fill = PatternFill("solid", fgColor="D9E1F2")

    # Sheet 1: per diem ----------------------------------------------------
    ws = wb.active
    ws.title = "Per diem 2026"
    ws["A1"] = "Fernhill Logistics – Per diem rates 2026"
    ws["A1"].font = Font(bold=True, size=14)
    ws.merge_cells("A1:F1")
    ws["A2"] = "All amounts in EUR per full travel day. Approved by Marta Sousa, Finance Director."
    ws.merge_cells("A2:F2")
    header = ["Country", "City", "Daily allowance", "Breakfast deduction", "Valid from", "Remarks"]
    for c, h in enumerate(header, start=1):
        cell = ws.cell(row=4, column=c, value=h)
        cell.font = bold
        cell.fill = head_fill
    d0 = dt.datetime(2026, 1, 1)
    data = [
        (
            "Netherlands",
            "All cities",
            45,
            0.20,
            d0,
            "Only for trips more than 50 km from your office",
        ),
        ("Belgium", "All cities", 48, 0.20, d0, None),
        ("Germany", "Hamburg", 50, 0.20, dt.datetime(2026, 4, 1), "Raised from €46.00"),
        (None, "Other cities", 46, 0.20, d0, None),
        ("United Kingdom", "London", 62, 0.20, d0, None),
        (None, "Other cities", 52, 0.20, d0, None),
        ("France", "Paris", 60, 0.20, d0, None),
        (None, "Other cities", 49, 0.20, d0, None),
        ("Portugal", "All cities", 38, 0.15, d0, None),
        ("Spain", "All cities", 44, 0.20, d0, None),
    ]
    for r, row in enumerate(data, start=5):
        for c, v in enumerate(row, start=1):
            if v is None:
                continue
            cell = ws.cell(row=r, column=c, value=v)
            if c == 3:
                cell.number_format = EUR
            elif c == 4:
                cell.number_format = PCT
            elif c == 5:
                cell.number_format = DATE
    for rng in ("A7:A8", "A9:A10", "A11:A12"):
        ws.merge_cells(rng)
        ws[rng.split(":")[0]].alignment = Alignment(vertical="center")
    ws["A16"] = "Half-day rate (trip shorter than 8 hours)"
    ws["A16"].font = bold
    ws.merge_cells("A16:B16")
    ws["C16"] = 0.5
    ws["C16"].number_format = PCT
    ws["D16"] = "of the daily allowance"
    ws.merge_cells("D16:F16")
    ws["A17"] = "Countries not listed: use the Belgium rate and ask Finance."
    ws.merge_cells("A17:F17")
    for col, w in zip("ABCDEF", (18, 16, 16, 20, 13, 46), strict=True):
        ws.column_dimensions[col].width = w
    ws.freeze_panes = "A5"

    # Sheet 2: shifts and overtime -----------------------------------------
    ws2 = wb.create_sheet("Shifts & overtime")
    ws2["A1"] = "Warehouse shifts and allowances 2026"
    ws2["A1"].font = Font(bold=True, size=14)
    ws2.merge_cells("A1:F1")
    header2 = ["Site", "Shift", "Start", "End", "Shift allowance", "Break (minutes)"]
    for c, h in enumerate(header2, start=1):
        cell = ws2.cell(row=3, column=c, value=h)
        cell.font = bold
        cell.fill = head_fill
    shifts = [
        ("Maasvlakte (Rotterdam)", "Early", dt.time(6, 0), dt.time(14, 0), 0.10, 30),
        (None, "Late", dt.time(14, 0), dt.time(22, 0), 0.15, 30),
        (None, "Night", dt.time(22, 0), dt.time(6, 0), 0.25, 45),
        ("Trafford Park (Manchester)", "Day", dt.time(7, 0), dt.time(15, 30), 0.0, 30),
        (None, "Late", dt.time(15, 30), dt.time(23, 30), 0.15, 30),
        ("Maia (Porto)", "Day", dt.time(8, 0), dt.time(17, 0), 0.0, 60),
    ]
    for r, row in enumerate(shifts, start=4):
        for c, v in enumerate(row, start=1):
            if v is None:
                continue
            cell = ws2.cell(row=r, column=c, value=v)
            if c in (3, 4):
                cell.number_format = TIME
            elif c == 5:
                cell.number_format = PCT
    ws2.merge_cells("A4:A6")
    ws2.merge_cells("A7:A8")
    ws2["A4"].alignment = Alignment(vertical="center")
    ws2["A7"].alignment = Alignment(vertical="center")
    ws2["A11"] = "Overtime rates (% of the normal hourly wage)"
    ws2["A11"].font = bold
    ws2.merge_cells("A11:C11")
    for r, (label, rate) in enumerate(
        [("Weekdays", 1.25), ("Saturday", 1.5), ("Sunday and public holidays", 2.0)], start=12
    ):
        ws2.cell(row=r, column=1, value=label)
        ws2.merge_cells(start_row=r, start_column=1, end_row=r, end_column=2)
        cell = ws2.cell(row=r, column=3, value=rate)
        cell.number_format = PCT
    ws2["A16"] = "Overtime must be approved in advance by the shift supervisor."
    ws2.merge_cells("A16:F16")
    for col, w in zip("ABCDEF", (26, 10, 9, 9, 16, 16), strict=True):
        ws2.column_dimensions[col].width = w

    # Sheet 3: hidden lookup lists -----------------------------------------
    ws3 = wb.create_sheet("Lists")
    ws3.append(["GL account", "Description"])
    ws3.append([6420, "Travel - per diem"])
    ws3.append([6425, "Travel - mileage"])
    ws3.append([6430, "Travel - hotels"])
    ws3.append(["Country code", "Country"])
    for code, name in [
        ("NL", "Netherlands"),
        ("BE", "Belgium"),
        ("DE", "Germany"),
        ("GB", "United Kingdom"),
        ("FR", "France"),
        ("PT", "Portugal"),
        ("ES", "Spain"),
    ]:
        ws3.append([code, name])
    ws3.sheet_state = "hidden"

    wb.active = 0
    wb.save(path)
    normalise_zip(path)


# --------------------------------------------------------------------------- cp1252 csv
def build_csv(path: Path) -> None:
    rows = [
        [
            "Depot",
            "Carrier",
            "Service",
            "Pickup cut-off",
            "Delivery area",
            "Price per pallet",
            "Notes",
        ],
        ["Rotterdam Waalhaven", "DHL Freight", "Euroconnect", "16:00", "NL, BE, LU", "€ 68,50", ""],
        [
            "Rotterdam Waalhaven",
            "DSV Road",
            "Groupage",
            "15:30",
            "Germany (Nordrhein-Westfalen)",
            "€ 74,00",
            "Tail-lift on request: + € 15,00",
        ],
        [
            "Maasvlakte",
            "Van der Wal Transport",
            "Container haulage",
            "14:00",
            "Port of Rotterdam",
            "€ 185,00",
            "Price per container; not per pallet",
        ],
        [
            "Manchester Trafford Park",
            "Palletways",
            "Next day",
            "17:00",
            "UK mainland",
            "€ 59,00",
            "Scottish Highlands + € 22,00",
        ],
        [
            "Manchester Trafford Park",
            "Palletways",
            "Economy 48h",
            "17:00",
            "UK mainland",
            "€ 47,50",
            "",
        ],
        [
            "Porto (Maia)",
            "Torrestir",
            "Nacional 24h",
            "15:00",
            "Portugal continental",
            "€ 42,75",
            "Açores e Madeira não incluídos",
        ],
        [
            "Porto (Maia)",
            "Transportes Gonçalves",
            "Expresso mesmo dia",
            "12:00",
            "Grande Porto",
            "€ 29,90",
            "Entrega até às 19:00",
        ],
        ["Porto (Maia)", "Torrestir", "Ibérica 48h", "14:30", "España peninsular", "€ 61,20", ""],
    ]

    def field(v: str) -> str:
        if any(ch in v for ch in ';"\n'):
            return '"' + v.replace('"', '""') + '"'
        return v

    text = "\r\n".join(";".join(field(v) for v in r) for r in rows) + "\r\n"
    path.write_bytes(text.encode("cp1252"))


# ------------------------------------------------------------- Word filtered HTML (cp1252)
WORD_HTM = """<html>

<head>
<meta http-equiv=Content-Type content="text/html; charset=windows-1252">
<meta name=Generator content="Microsoft Word 15 (filtered)">
<title>Thuiswerkbeleid</title>
<style>
<!--
 /* Font Definitions */
 @font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
@font-face
	{font-family:Calibri;
	panose-1:2 15 5 2 2 2 4 3 2 4;}
@font-face
	{font-family:"Calibri Light";
	panose-1:2 15 3 2 2 2 4 3 2 4;}
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{margin-top:0cm;
	margin-right:0cm;
	margin-bottom:8.0pt;
	margin-left:0cm;
	line-height:107%;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
h1
	{mso-style-link:"Kop 1 Char";
	margin-top:12.0pt;
	margin-right:0cm;
	margin-bottom:0cm;
	margin-left:0cm;
	line-height:107%;
	page-break-after:avoid;
	font-size:16.0pt;
	font-family:"Calibri Light",sans-serif;
	color:#2F5496;
	font-weight:normal;}
p.MsoTitle, li.MsoTitle, div.MsoTitle
	{mso-style-link:"Titel Char";
	margin:0cm;
	font-size:28.0pt;
	font-family:"Calibri Light",sans-serif;
	letter-spacing:-.5pt;}
p.MsoListParagraphCxSpFirst, li.MsoListParagraphCxSpFirst, div.MsoListParagraphCxSpFirst
	{margin-top:0cm;
	margin-right:0cm;
	margin-bottom:0cm;
	margin-left:36.0pt;
	line-height:107%;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
p.MsoListParagraphCxSpMiddle, li.MsoListParagraphCxSpMiddle, div.MsoListParagraphCxSpMiddle
	{margin-top:0cm;
	margin-right:0cm;
	margin-bottom:0cm;
	margin-left:36.0pt;
	line-height:107%;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
p.MsoListParagraphCxSpLast, li.MsoListParagraphCxSpLast, div.MsoListParagraphCxSpLast
	{margin-top:0cm;
	margin-right:0cm;
	margin-bottom:8.0pt;
	margin-left:36.0pt;
	line-height:107%;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
.MsoChpDefault
	{font-family:"Calibri",sans-serif;}
@page WordSection1
	{size:595.3pt 841.9pt;
	margin:70.85pt 70.85pt 70.85pt 70.85pt;}
div.WordSection1
	{page:WordSection1;}
 /* List Definitions */
 ol
	{margin-bottom:0cm;}
ul
	{margin-bottom:0cm;}
-->
</style>

</head>

<body lang=NL link="#0563C1" vlink="#954F72" style='word-wrap:break-word'>

<div class=WordSection1>

<p class=MsoTitle>Thuiswerkbeleid</p>

<p class=MsoNormal><i>Fernhill Logistics B.V. &#8211; medewerkers met een Nederlands
arbeidscontract. Versie 2.1, ingangsdatum 1 maart 2026.</i></p>

<h1>1. Voor wie?</h1>

<p class=MsoNormal>Dit beleid geldt voor medewerkers met een kantoorfunctie op
het kantoor in Rotterdam (Waalhaven). Magazijnfuncties op de Maasvlakte komen
niet in aanmerking voor thuiswerken.</p>

<h1>2. Hoeveel dagen?</h1>

<p class=MsoNormal>Je mag <b>maximaal 2 dagen per week</b> thuiswerken, in
overleg met je leidinggevende. Op dinsdag is iedereen op kantoor: dat is de
vaste teamdag. Nieuwe medewerkers werken de eerste 4 weken volledig op kantoor.</p>

<h1>3. Bereikbaarheid</h1>

<p class=MsoNormal>Tijdens de kernuren van 10:00 tot 15:00 uur ben je
bereikbaar via Teams en telefoon. Zet je status in Teams op
&#8216;Thuiswerken&#8217; en zorg dat je binnen 30 minuten kunt reageren.</p>

<h1>4. Vergoedingen</h1>

<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0
 style='border-collapse:collapse;border:none'>
 <tr>
  <td width=151 valign=top style='width:113.3pt;border:solid windowtext 1.0pt;
  background:#D9E2F3;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'><b>Vergoeding</b></p>
  </td>
  <td width=151 valign=top style='width:113.3pt;border:solid windowtext 1.0pt;
  border-left:none;background:#D9E2F3;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'><b>Bedrag</b></p>
  </td>
  <td width=302 valign=top style='width:226.6pt;border:solid windowtext 1.0pt;
  border-left:none;background:#D9E2F3;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'><b>Voorwaarde</b></p>
  </td>
 </tr>
 <tr>
  <td width=151 valign=top style='width:113.3pt;border:solid windowtext 1.0pt;
  border-top:none;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Thuiswerkvergoeding</p>
  </td>
  <td width=151 valign=top style='width:113.3pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>€ 2,40 netto
  per thuiswerkdag</p>
  </td>
  <td width=302 valign=top style='width:226.6pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Automatisch
  via het salaris, op basis van je registratie in AFAS</p>
  </td>
 </tr>
 <tr>
  <td width=151 valign=top style='width:113.3pt;border:solid windowtext 1.0pt;
  border-top:none;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Inrichtingsbudget</p>
  </td>
  <td width=151 valign=top style='width:113.3pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>€ 350
  eenmalig</p>
  </td>
  <td width=302 valign=top style='width:226.6pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Voor een
  bureaustoel en/of beeldscherm; declareren via Concur binnen 3 maanden na
  goedkeuring</p>
  </td>
 </tr>
 <tr>
  <td width=151 valign=top style='width:113.3pt;border:solid windowtext 1.0pt;
  border-top:none;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Reiskostenvergoeding</p>
  </td>
  <td width=151 valign=top style='width:113.3pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Vervalt</p>
  </td>
  <td width=302 valign=top style='width:226.6pt;border-top:none;border-left:
  none;border-bottom:solid windowtext 1.0pt;border-right:solid windowtext 1.0pt;
  padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>Op
  thuiswerkdagen krijg je geen reiskostenvergoeding</p>
  </td>
 </tr>
</table>

<p class=MsoNormal>&nbsp;</p>

<h1>5. Werken vanuit het buitenland</h1>

<p class=MsoNormal>Werken vanuit het buitenland mag <b>maximaal 20 werkdagen per
kalenderjaar</b>, alleen binnen de EU. Vraag dit minimaal 4 weken van tevoren
aan bij HR; HR controleert de gevolgen voor belasting en sociale zekerheid.</p>

<h1>6. Gezond thuiswerken</h1>

<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt'><span
style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span>Werk aan een bureau met een goede stoel, niet op de bank.</p>

<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt'><span
style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span>Neem elk uur 5 minuten pauze van het scherm.</p>

<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt'><span
style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span>Last van nek, rug of ogen? Meld het bij de arbodienst VitaalWerk
via HR.</p>

<p class=MsoNormal>&nbsp;</p>

<p class=MsoNormal><span style='font-size:9.0pt;color:#7F7F7F'>Eigenaar: HR
Rotterdam (Femke Visser). Vragen: hr.nl@fernhill.example</span></p>

</div>

</body>

</html>
"""


def build_word_htm(path: Path) -> None:
    text = WORD_HTM.replace("\n", "\r\n")
    path.write_bytes(text.encode("cp1252"))


def main() -> None:
    for sub in ("hr", "finance", "ops"):
        (PAGES / sub).mkdir(parents=True, exist_ok=True)
    build_docx(PAGES / "hr" / "parental-leave.docx")
    build_xlsx(PAGES / "finance" / "allowances-2026.xlsx")
    build_csv(PAGES / "ops" / "carrier-cutoffs.csv")
    build_word_htm(PAGES / "hr" / "thuiswerkbeleid.htm")
    print("built 4 files under", PAGES)


if __name__ == "__main__":
    main()
