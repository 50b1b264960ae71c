#!/usr/bin/env python3
# ruff: noqa — a test-data generator: page text kept as written
"""Generate the Harbourline University policy PDFs for the pdf_kb benchmark.

Harbourline University is an invented organisation (Bristol, UK; partner
campus in Porto; research station in Kiel). This script writes 10 PDFs
(7 English, 1 German, 2 Portuguese) under ``pages/<area>/<name>.pdf`` next
to this file.

Requirements / assumptions
--------------------------
* Runs with the throwaway venv created by::

      python3 -m venv /tmp/pdfgen/venv && /tmp/pdfgen/venv/bin/pip install fpdf2

  and is invoked as ``/tmp/pdfgen/venv/bin/python make_pdfs.py``
  (tested with fpdf2 2.8.9).
* Uses the DejaVu TrueType fonts from /usr/share/fonts/truetype/dejavu/
  (Sans, Sans Bold, Sans Mono) so that accented characters (ä ö ü ß ç ã é)
  are embedded as real, extractable text. fpdf2 subsets the fonts, which
  keeps each file small.

The output is deterministic apart from what fpdf2 itself varies; the
creation date is fixed.
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

HERE = Path(__file__).resolve().parent
OUT = HERE / "pages"
FONT_DIR = Path(os.environ.get("DEJAVU_DIR", "/usr/share/fonts/truetype/dejavu"))

GREY = (90, 90, 90)
NAVY = (20, 45, 85)

PAGE_WORD = {"en": ("Page", "of"), "de": ("Seite", "von"), "pt": ("Página", "de")}
PRINT_NOTE = {
    "en": "Uncontrolled when printed",
    "de": "Gültig ist nur die Online-Fassung",
    "pt": "Cópia não controlada quando impressa",
}
LANG_TAG = {"en": "en-GB", "de": "de-DE", "pt": "pt-PT"}


def _unhinted_fonts() -> Path:
    """Write unhinted copies of the DejaVu fonts (Latin ranges only).

    DejaVu's TrueType hinting instructions make up most of each embedded
    subset; dropping them roughly halves the size of every PDF and does not
    change the text. The copies are cached in /tmp/pdfgen/fonts.
    """
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTFont

    cache = Path(os.environ.get("PDFGEN_FONT_CACHE", "/tmp/pdfgen/fonts"))
    cache.mkdir(parents=True, exist_ok=True)
    unicodes = (
        list(range(0x20, 0x250)) + list(range(0x2000, 0x2070)) + [0x20AC, 0x2122, 0x2192, 0x2212]
    )
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"):
        target = cache / name
        if target.exists():
            continue
        opts = ftsubset.Options()
        opts.hinting = False
        opts.layout_features = []
        opts.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "hdmx"]
        opts.name_IDs = ["*"]
        opts.notdef_outline = True
        font = TTFont(str(FONT_DIR / name))
        sub = ftsubset.Subsetter(opts)
        sub.populate(unicodes=unicodes)
        sub.subset(font)
        font.save(str(target))
    return cache


class PolicyPDF(FPDF):
    def __init__(self, doc: dict):
        super().__init__(format="A4", unit="mm")
        self.doc = doc
        self.doc_lang = doc["lang"]
        self.set_margins(20, 24, 20)
        self.set_auto_page_break(True, margin=22)
        fonts = _unhinted_fonts()
        self.add_font("DejaVu", "", str(fonts / "DejaVuSans.ttf"))
        self.add_font("DejaVu", "B", str(fonts / "DejaVuSans-Bold.ttf"))
        self.add_font("DejaVuMono", "", str(fonts / "DejaVuSansMono.ttf"))
        self.set_title(doc["title"])
        self.set_author("Harbourline University")
        self.set_subject(doc["header"])
        self.set_creator("Harbourline University document templates")
        self.set_lang(LANG_TAG[self.doc_lang])
        self.set_creation_date(_dt.datetime(2026, 11, 26, 9, 0, tzinfo=_dt.timezone.utc))
        self.alias_nb_pages()

    # running header / footer ------------------------------------------------
    def header(self):
        self.set_y(10)
        self.set_font("DejaVu", "", 8.5)
        self.set_text_color(*GREY)
        self.cell(0, 5, self.doc["header"], align="L")
        self.set_draw_color(170, 170, 170)
        self.line(20, 16, 190, 16)
        self.set_text_color(0, 0, 0)
        self.set_y(24)

    def footer(self):
        self.set_y(-15)
        self.set_draw_color(170, 170, 170)
        self.line(20, self.get_y() - 1.5, 190, self.get_y() - 1.5)
        self.set_font("DejaVu", "", 8)
        self.set_text_color(*GREY)
        w_page, w_of = PAGE_WORD[self.doc_lang]
        self.cell(55, 5, self.doc["code"], align="L")
        self.cell(60, 5, f"{w_page} {self.page_no()} {w_of} {{nb}}", align="C")
        self.cell(55, 5, PRINT_NOTE[self.doc_lang], align="R")
        self.set_text_color(0, 0, 0)

    # content blocks ---------------------------------------------------------
    def title_block(self):
        self.set_font("DejaVu", "B", 16)
        self.set_text_color(*NAVY)
        self.multi_cell(0, 8, self.doc["title"], align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        if self.doc.get("subtitle"):
            self.set_font("DejaVu", "", 10.5)
            self.set_text_color(*GREY)
            self.multi_cell(
                0, 6, self.doc["subtitle"], align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT
            )
        self.set_text_color(0, 0, 0)
        self.ln(2)
        meta = self.doc.get("meta")
        if meta:
            self.set_font("DejaVu", "", 8.5)
            with self.table(
                col_widths=(40, 130),
                first_row_as_headings=False,
                line_height=5,
                borders_layout="HORIZONTAL_LINES",
                text_align="LEFT",
            ) as t:
                for k, v in meta:
                    r = t.row()
                    r.cell(k, style=FontFace(emphasis="BOLD"))
                    r.cell(v)
            self.ln(3)

    def h1(self, text):
        if self.get_y() > 245:
            self.add_page()
        self.ln(2)
        self.set_font("DejaVu", "B", 12)
        self.set_text_color(*NAVY)
        self.multi_cell(0, 7, text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_text_color(0, 0, 0)
        self.ln(1)

    def h2(self, text):
        if self.get_y() > 250:
            self.add_page()
        self.set_font("DejaVu", "B", 10.5)
        self.multi_cell(0, 6, text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(0.5)

    def para(self, text):
        self.set_font("DejaVu", "", 9.5)
        self.multi_cell(0, 5, text, align="J", markdown=True, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(2)

    def listing(self, items, numbered=False):
        self.set_font("DejaVu", "", 9.5)
        for i, item in enumerate(items, 1):
            mark = f"{i}." if numbered else "•"
            x0 = self.l_margin
            self.set_x(x0 + 3)
            self.cell(6, 5, mark)
            self.set_x(x0 + 9)
            self.multi_cell(
                self.epw - 9, 5, item, align="L", markdown=True, new_x=XPos.LMARGIN, new_y=YPos.NEXT
            )
            self.ln(0.6)
        self.ln(1.5)

    def code(self, lines):
        self.set_font("DejaVuMono", "", 8.5)
        self.set_fill_color(238, 240, 244)
        self.set_x(self.l_margin + 3)
        self.multi_cell(
            self.epw - 6,
            4.6,
            "\n".join(lines),
            align="L",
            fill=True,
            padding=(1.5, 2, 1.5, 2),
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )
        self.ln(2.5)

    def grid(self, header, rows, widths, size=8.5):
        self.set_font("DejaVu", "", size)
        self.set_draw_color(150, 150, 150)
        with self.table(
            col_widths=widths,
            line_height=4.6,
            text_align="LEFT",
            headings_style=FontFace(emphasis="BOLD", fill_color=(222, 228, 238)),
            padding=1.2,
        ) as t:
            r = t.row()
            for h in header:
                r.cell(h)
            for row in rows:
                r = t.row()
                for c in row:
                    r.cell(c)
        self.ln(3)

    def memo_head(self, fields):
        self.set_font("DejaVu", "", 9.5)
        for k, v in fields:
            self.set_font("DejaVu", "B", 9.5)
            self.cell(28, 5.5, k)
            self.set_font("DejaVu", "", 9.5)
            self.multi_cell(0, 5.5, v, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_draw_color(120, 120, 120)
        self.line(20, self.get_y() + 1.5, 190, self.get_y() + 1.5)
        self.ln(4)


def render(doc: dict) -> Path:
    pdf = PolicyPDF(doc)
    pdf.add_page()
    pdf.title_block()
    for block in doc["body"]:
        kind = block[0]
        if kind == "h1":
            pdf.h1(block[1])
        elif kind == "h2":
            pdf.h2(block[1])
        elif kind == "p":
            pdf.para(block[1])
        elif kind == "ul":
            pdf.listing(block[1])
        elif kind == "ol":
            pdf.listing(block[1], numbered=True)
        elif kind == "code":
            pdf.code(block[1])
        elif kind == "table":
            pdf.grid(*block[1:])
        elif kind == "memo":
            pdf.memo_head(block[1])
        elif kind == "pagebreak":
            pdf.add_page()
        else:  # pragma: no cover
            raise ValueError(kind)
    path = OUT / doc["path"]
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))
    return path


# =============================================================================
# Documents
# =============================================================================

DOCS: list[dict] = []

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "hr/annual-leave.pdf",
        "lang": "en",
        "header": "Harbourline University — Staff Handbook 2026",
        "code": "HR-POL-014 v3.2",
        "title": "Annual Leave and University Closure Days",
        "subtitle": "Policy for staff employed on UK contracts",
        "meta": [
            ("Document code", "HR-POL-014, version 3.2"),
            ("Owner", "Director of People and Culture"),
            ("Approved by", "University Executive Board, 14 October 2025"),
            ("Effective from", "1 January 2026"),
            ("Next review", "October 2027"),
        ],
        "body": [
            ("h1", "1. Purpose"),
            (
                "p",
                "This policy explains how much paid holiday staff are entitled to, how leave is requested and approved, "
                "and which days the University is closed. It is intended to make sure that everyone takes a proper "
                "break during the year while services to students continue to run.",
            ),
            ("h1", "2. Scope"),
            (
                "p",
                "The policy applies to all staff employed by Harbourline University on a UK contract of employment, "
                "including staff based at the Bristol campuses who travel regularly to our partner sites. It does "
                "not apply to:",
            ),
            (
                "ul",
                [
                    "staff employed at the Porto campus, whose holidays are governed by Portuguese employment law and "
                    "the Porto campus local agreement (contact Porto campus HR);",
                    "staff employed by Harbourline Forschung GmbH at the Kiel research station, who follow the German "
                    "station rules and their German contract;",
                    "casual workers engaged through the Harbourline Temporary Staffing Bank, whose holiday pay is "
                    "included in their hourly rate.",
                ],
            ),
            ("h1", "3. Leave year and entitlement"),
            ("h2", "3.1 Leave year"),
            (
                "p",
                "The leave year runs from 1 January to 31 December. Entitlement for staff who join or leave part-way "
                "through the year is calculated pro rata to the nearest half day, rounded up.",
            ),
            ("h2", "3.2 Entitlement by grade"),
            (
                "p",
                "Annual leave entitlement depends on grade and continuous service. The figures below are for a "
                "full-time member of staff and are in addition to the eight UK public (bank) holidays and the "
                "University closure days listed in section 5.",
            ),
            (
                "table",
                ["Grade", "Typical roles", "Days per year", "Days after 5 years' service"],
                [
                    ["Grades 1–3", "Catering, cleaning, portering, grounds", "25", "27"],
                    ["Grades 4–5", "Administrative and technical support", "26", "28"],
                    [
                        "Grades 6–7",
                        "Professional services staff, lecturers, research associates",
                        "30",
                        "32",
                    ],
                    ["Grades 8–9", "Senior lecturers, readers, senior managers", "31", "33"],
                    [
                        "Grade 10 and professorial",
                        "Professors, directors, executive team",
                        "33",
                        "35",
                    ],
                ],
                (38, 72, 28, 32),
            ),
            (
                "p",
                "Continuous service includes service with another UK higher education institution if there was no "
                "break of more than one week. Increases take effect from the first day of the leave year after the "
                "fifth anniversary of joining.",
            ),
            ("h2", "3.3 Part-time and hourly-paid staff"),
            (
                "ul",
                [
                    "Part-time staff receive a pro rata entitlement, calculated and recorded in **hours** rather than days.",
                    "Bank holidays and closure days that fall on a part-time employee's non-working day are credited pro rata.",
                    "Hourly-paid staff on variable hours accrue leave at **12.07%** of hours worked.",
                ],
            ),
            ("h2", "3.4 Carrying leave forward"),
            (
                "p",
                "Leave should normally be taken within the leave year. The following limits apply:",
            ),
            (
                "ul",
                [
                    "Up to **5 days** (pro rata for part-time staff) may be carried into the next leave year with the "
                    "agreement of your line manager.",
                    "Carried-over days must be used by **31 March** of the new leave year or they are lost.",
                    "Where leave could not be taken because of sickness, maternity, adoption, shared parental or "
                    "neonatal leave, up to 20 days may be carried over and used within 18 months.",
                    "Untaken leave is not paid in lieu except when employment ends (section 7).",
                ],
            ),
            ("h2", "3.5 Buying additional leave"),
            (
                "p",
                "Staff on grades 1 to 9 may buy up to **10 additional days** of leave per leave year through the "
                "salary sacrifice scheme. The cost is spread over the remaining monthly salary payments of the year. "
                "Applications open on 1 November and close on **15 December** for the following leave year and are "
                "made through the HR portal at https://hr.harbourline.example/leave.",
            ),
            ("h1", "4. Requesting and approving leave"),
            (
                "p",
                "All leave is requested through the HR portal. Managers should respond within five working days. "
                "When planning leave please follow these steps:",
            ),
            (
                "ol",
                [
                    "Check team calendars and any blackout periods set by your school or service (for example, "
                    "enrolment week or examination board weeks for academic and registry staff).",
                    "Give notice of at least **twice the length of the leave** requested — for example, two weeks' notice "
                    "for one week of leave. Single days can be requested with 48 hours' notice.",
                    "Submit the request in the HR portal; your line manager receives an email and approves or declines it.",
                    "For more than **15 consecutive working days**, obtain additional approval from your Head of School or "
                    "Director of Service before booking travel.",
                ],
            ),
            (
                "p",
                "Academic staff are expected to take the majority of their leave outside teaching weeks. Requests "
                "during the main assessment periods (January and May–June) are approved only in exceptional cases.",
            ),
            ("h1", "5. University closure days"),
            (
                "p",
                "The University closes for a short period over Christmas and New Year and for one additional day at "
                "Easter. Closure days are paid and do not count against annual leave. The table shows the bank "
                "holidays and closure days for the 2026 leave year.",
            ),
            (
                "table",
                ["Date", "Type", "Notes"],
                [
                    ["Thursday 2 April 2026", "University closure day", "Day before Good Friday"],
                    ["Friday 3 April 2026", "Bank holiday", "Good Friday"],
                    ["Monday 6 April 2026", "Bank holiday", "Easter Monday"],
                    ["Monday 4 May 2026", "Bank holiday", "Early May bank holiday"],
                    ["Monday 25 May 2026", "Bank holiday", "Spring bank holiday"],
                    ["Monday 31 August 2026", "Bank holiday", "Summer bank holiday"],
                    ["Thursday 24 December 2026", "University closure day", "Christmas Eve"],
                    ["Friday 25 December 2026", "Bank holiday", "Christmas Day"],
                    ["Monday 28 December 2026", "Bank holiday", "Boxing Day (substitute day)"],
                    [
                        "Tuesday 29 – Thursday 31 December 2026",
                        "University closure days",
                        "Three days",
                    ],
                    ["Friday 1 January 2027", "Bank holiday", "New Year's Day"],
                ],
                (62, 50, 58),
            ),
            (
                "p",
                "The University reopens on **Monday 4 January 2027**. Dates for the 2027 leave year will be published "
                "by the end of September 2026 after consultation with the recognised trade unions.",
            ),
            ("h2", "5.1 Working on a closure day"),
            (
                "p",
                "Some services (security, residences, animal care, IT on-call and critical research facilities) must "
                "operate during closure days. Staff required to work on a closure day or bank holiday receive a day "
                "off in lieu, to be taken within three months, plus any enhancement payable under their contract.",
            ),
            ("h1", "6. Sickness during annual leave"),
            (
                "p",
                "If you fall ill while on annual leave, tell your line manager on the first day of sickness, following "
                "the normal absence reporting procedure. If the illness is certified by a doctor (a fit note, or an "
                "equivalent medical certificate if you are abroad), the days of sickness will be recorded as sick "
                "leave and the annual leave reinstated.",
            ),
            ("h1", "7. Leaving the University"),
            (
                "ul",
                [
                    "Staff are encouraged to use their remaining leave during their notice period.",
                    "Leave accrued but not taken is paid with the final salary.",
                    "Leave taken in excess of the pro rata entitlement is deducted from the final salary.",
                ],
            ),
            ("h1", "8. Related policies and contacts"),
            (
                "p",
                "See also the Family Leave Policy (HR-POL-021), the Sickness Absence Policy (HR-POL-009) and the "
                "Flexible Working Policy (HR-POL-017). Questions about this policy should be sent to the HR Service "
                "Desk at hrhelp@harbourline.example or telephone extension 4410.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "finance/travel-expenses.pdf",
        "lang": "en",
        "header": "Harbourline University — Finance Policies 2026",
        "code": "FIN-POL-007 v5.0",
        "title": "Travel and Expenses Policy",
        "subtitle": "Business travel, subsistence and reimbursement of expenses",
        "meta": [
            ("Document code", "FIN-POL-007, version 5.0"),
            ("Owner", "Director of Finance"),
            ("Approved by", "Finance Committee, 2 December 2025"),
            ("Effective from", "1 February 2026"),
            ("Applies to", "Staff, students and visitors travelling on University business"),
        ],
        "body": [
            ("h1", "1. Purpose and principles"),
            (
                "p",
                "The University pays for travel and subsistence that is necessary for University business. Travellers "
                "should choose the most economical option that is practical, consider the environmental impact of "
                "their journey, and keep proof of every cost they claim. The University does not pay for expenses "
                "that would have been incurred anyway, such as normal commuting.",
            ),
            ("h1", "2. Booking travel"),
            ("h2", "2.1 How to book"),
            (
                "p",
                "Flights, rail tickets over £50 and hotels must be booked through the University's travel management "
                "company, Clearway Travel, using the booking portal at https://travel.harbourline.example. Bookings "
                "made in this way are paid centrally and are automatically registered for travel insurance.",
            ),
            ("h2", "2.2 Class of travel"),
            (
                "table",
                ["Mode", "Standard entitlement", "Exceptions"],
                [
                    [
                        "Rail (UK and Europe)",
                        "Standard class",
                        "First class only if cheaper than standard, or for journeys "
                        "over 3 hours where work is done on the train, with Head of "
                        "School approval",
                    ],
                    ["Flights under 6 hours", "Economy", "None"],
                    [
                        "Flights of 6 hours or more",
                        "Premium economy",
                        "Business class only with approval of a "
                        "Pro-Vice-Chancellor, or on medical grounds",
                    ],
                    [
                        "Taxis",
                        "Only where no public transport is reasonably available",
                        "Late-night travel after 22:00, carrying heavy equipment, disability",
                    ],
                    [
                        "Hire cars",
                        "Group B (compact) via Clearway Travel",
                        "Larger vehicles for fieldwork equipment",
                    ],
                ],
                (40, 55, 75),
            ),
            (
                "p",
                "Travel between the Bristol campuses and the Porto campus or the Kiel research station should be by "
                "rail where the total door-to-door journey time is less than eight hours. Domestic flights within "
                "Great Britain are not permitted unless the journey by rail would take more than six hours.",
            ),
            ("h1", "3. Mileage allowances"),
            (
                "p",
                "Staff who use their own vehicle for University business may claim a mileage allowance. The rates "
                "follow HM Revenue and Customs approved amounts and cover all running costs including fuel, "
                "insurance and wear. Business insurance cover is the driver's responsibility.",
            ),
            (
                "table",
                ["Vehicle", "First 10,000 business miles in the tax year", "Above 10,000 miles"],
                [
                    ["Car or van (including electric and hybrid)", "45p per mile", "25p per mile"],
                    ["Motorcycle", "24p per mile", "24p per mile"],
                    ["Bicycle or e-bike", "20p per mile", "20p per mile"],
                    [
                        "Passenger supplement (University colleague carried)",
                        "5p per passenger per mile",
                        "5p per passenger per mile",
                    ],
                ],
                (70, 55, 45),
            ),
            (
                "p",
                "Mileage is calculated from your normal place of work or from home, whichever is shorter. Parking "
                "charges and tolls may be claimed with receipts; parking and speeding fines may not.",
            ),
            ("h1", "4. Subsistence"),
            (
                "p",
                "Where travel makes it necessary to buy meals away from your normal place of work, the actual cost may "
                "be claimed up to the limits below. The limits are maximums, not allowances: only what was actually "
                "spent can be claimed. Hotel limits are per night, for room only, including taxes.",
            ),
            (
                "table",
                ["Location", "Breakfast", "Lunch", "Evening meal", "Hotel per night"],
                [
                    ["UK (outside London)", "£9", "£12", "£30", "£125"],
                    ["London", "£11", "£15", "£40", "£210"],
                    ["Porto (campus visits)", "€10", "€15", "€35", "€130"],
                    ["Kiel (research station)", "€12", "€16", "€38", "€140"],
                    ["Other EU countries", "€13", "€18", "€42", "€160"],
                ],
                (50, 25, 25, 30, 40),
            ),
            (
                "p",
                "Breakfast may not be claimed when it is included in the hotel rate. For all other international "
                "destinations the Finance Office publishes country rates on request. Staff staying in the Kiel "
                "station guest house should book through the station office rather than a hotel.",
            ),
            ("h1", "5. Making a claim"),
            (
                "ol",
                [
                    "Submit claims through the Expensa online expenses system within **60 days** of the expense being "
                    "incurred. Claims submitted more than 90 days after the expense are rejected unless the Director of "
                    "Finance agrees otherwise.",
                    "Attach an itemised receipt for every item. A card payment slip alone is not sufficient.",
                    "Your budget holder approves the claim in Expensa; a budget holder may never approve their own claim.",
                    "Claims approved by the **15th of the month** are paid with that month's salary. Students and visitors "
                    "are paid by bank transfer within ten working days of approval.",
                ],
            ),
            ("h1", "6. Travel advances"),
            (
                "p",
                "For fieldwork or long trips, staff may request a cash or card advance of up to **£500** per trip "
                "(up to £2,000 for fieldwork with approval of the Head of School). Advances must be reconciled in "
                "Expensa within 30 days of return; unreconciled advances are recovered through payroll.",
            ),
            ("h1", "7. Items that cannot be claimed"),
            (
                "ul",
                [
                    "alcoholic drinks;",
                    "parking fines, speeding fines and congestion charge penalties;",
                    "personal travel insurance (the University's policy covers business travel);",
                    "upgrades to a higher class of travel or accommodation paid for personally and then claimed;",
                    "laundry, except on trips of more than five nights;",
                    "in-room entertainment, minibar items and personal phone calls;",
                    "tips above 10% of the bill.",
                ],
            ),
            ("h1", "8. Insurance and safety"),
            (
                "p",
                "Business travel outside the UK must be registered in the travel portal at least seven days before "
                "departure so that travel insurance and the University's emergency assistance service apply. Trips "
                "to destinations where the Foreign, Commonwealth and Development Office advises against travel need "
                "a risk assessment approved by the Health and Safety Office. The 24-hour emergency assistance number "
                "is printed on the insurance card issued with every booking.",
            ),
            ("p", "Queries: Finance Office, expenses@harbourline.example, extension 4520."),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "it/accounts-mfa-passwords.pdf",
        "lang": "en",
        "header": "Harbourline University — IT Services Standards",
        "code": "IT-STD-003 v2.1",
        "title": "IT Accounts, Multi-Factor Authentication and Passwords",
        "subtitle": "Standard for all users of Harbourline IT services",
        "meta": [
            ("Document code", "IT-STD-003, version 2.1"),
            ("Owner", "Chief Information Officer"),
            ("Approved by", "Information Security Board, 9 September 2026"),
            ("Effective from", "1 October 2026"),
            ("Classification", "Public"),
        ],
        "body": [
            ("h1", "1. Purpose"),
            (
                "p",
                "This standard describes who receives a Harbourline IT account, how long accounts last, how accounts "
                "are protected with multi-factor authentication (MFA), and what to do if you forget your password or "
                "lose the device you use for MFA. It applies to users at Bristol, Porto and Kiel.",
            ),
            ("h1", "2. Accounts and account lifetimes"),
            (
                "p",
                "Accounts are created automatically from the student record or the HR system. The table shows "
                "username formats and when each type of account is closed. After closure, the account's files and "
                "mailbox are kept for a short period and then deleted permanently.",
            ),
            (
                "table",
                [
                    "User type",
                    "Username format",
                    "Account closes",
                    "Mailbox and files kept after closure",
                ],
                [
                    [
                        "Undergraduate and taught postgraduate",
                        "ab12345",
                        "90 days after the end of the course",
                        "None",
                    ],
                    [
                        "Postgraduate research student",
                        "ab12345",
                        "180 days after the degree is awarded",
                        "30 days",
                    ],
                    [
                        "Staff (all contracts)",
                        "firstname.lastname",
                        "On the last day of employment",
                        "60 days (auto-reply set)",
                    ],
                    [
                        "Emeritus and honorary staff",
                        "firstname.lastname",
                        "Reviewed every 12 months",
                        "60 days",
                    ],
                    [
                        "Visitors and associates",
                        "v-ab1234",
                        "At sponsor's end date, maximum 12 months",
                        "None",
                    ],
                    [
                        "Service or shared account",
                        "svc-name",
                        "When the owner leaves unless transferred",
                        "30 days",
                    ],
                ],
                (46, 30, 50, 44),
            ),
            (
                "p",
                "Students and staff who are leaving should move any personal files they wish to keep before their "
                "account closes. Staff may request a one-off extension of up to 30 days through their line manager "
                "if needed for handover.",
            ),
            ("h1", "3. Multi-factor authentication"),
            ("h2", "3.1 Who must use MFA"),
            (
                "p",
                "MFA is mandatory for every Harbourline account, including student, visitor and service accounts, "
                "for all cloud services, remote access (VPN) and the HR and finance systems.",
            ),
            ("h2", "3.2 Approved methods"),
            (
                "ul",
                [
                    "**Authenticator app** (Microsoft Authenticator with number matching) — the recommended method.",
                    "**Hardware token** (FIDO2 security key) — issued free of charge to staff and research students by the "
                    "IT Service Desk; replacement of a lost key costs £20.",
                    "**Text message (SMS)** — allowed only as a backup method and not accepted for administrator accounts.",
                ],
            ),
            ("h2", "3.3 How often you are asked"),
            (
                "table",
                ["Situation", "MFA prompt"],
                [
                    ["University-managed laptop or desktop", "Every 30 days"],
                    [
                        "Personal device or browser",
                        "Every 7 days, or when signing in from a new location",
                    ],
                    ["VPN (Harbourline Remote Access)", "Every connection"],
                    ["Administrator and privileged accounts", "Every sign-in"],
                ],
                (80, 90),
            ),
            ("h1", "4. Password rules"),
            (
                "ul",
                [
                    "Minimum length **14 characters**; a passphrase of four or more unrelated words is recommended.",
                    "Passwords do not expire on a schedule; you must change your password at once if it may have been exposed.",
                    "The last **10** passwords cannot be reused.",
                    "After **10 failed attempts** the account is locked for 15 minutes.",
                    "Never share your password, including with IT staff — the Service Desk will never ask for it.",
                ],
            ),
            ("h1", "5. Resetting your password"),
            ("h2", "5.1 Self-service reset"),
            (
                "p",
                "Register at least two recovery methods before you need them. To reset a forgotten password, go to "
                "the self-service page below and follow the prompts; the new password works on all systems within "
                "about ten minutes.",
            ),
            ("code", ["https://passwords.harbourline.example/reset"]),
            ("h2", "5.2 Linux research systems"),
            (
                "p",
                "Linux servers and the Tidewater high-performance computing cluster use the central password. After a "
                "reset, connect to a login node and synchronise your cached credentials:",
            ),
            (
                "code",
                [
                    "ssh ab12345@login.tidewater.harbourline.example",
                    "hl-passwd --sync",
                    "hl-account info ab12345     # shows account status and closure date",
                ],
            ),
            ("h2", "5.3 Lost or replaced phone"),
            (
                "p",
                "If you lose the phone with your authenticator app, or get a new phone, your MFA registration must be "
                "reset. Contact the IT Service Desk, who will verify your identity in person (bring your University "
                "card) or on a video call. From a University-managed computer you can also raise the request with:",
            ),
            ("code", ['hl-mfa reset-request --reason "lost phone"']),
            (
                "p",
                "Resets are normally completed within **4 working hours** once your identity has been confirmed.",
            ),
            ("h1", "6. Shared and service accounts"),
            (
                "ul",
                [
                    "Every shared or service account must have a named owner who is a member of staff.",
                    "Owners must review who has access every **6 months**.",
                    "Service accounts used by applications are exempt from interactive MFA but must use certificates or "
                    "managed secrets stored in the University vault.",
                ],
            ),
            ("h1", "7. Getting help"),
            (
                "p",
                "IT Service Desk: servicedesk@harbourline.example, telephone +44 117 496 0300 (extension 3000 from "
                "University phones). Opening hours are Monday to Friday 08:00–18:00 (UK time), with an out-of-hours "
                "line for urgent account lockouts. Porto and Kiel users can use the same contacts; local IT staff at "
                "each site can verify identity for MFA resets.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "library/loans-and-fines.pdf",
        "lang": "en",
        "header": "Harbourline University Library — Regulations 2026/27",
        "code": "LIB-REG-002 v4.0",
        "title": "Library Loans, Renewals and Charges",
        "subtitle": "Borrowing rules for the Harbourside Library, the Science Library and the Porto campus library",
        "meta": [
            ("Document code", "LIB-REG-002, version 4.0"),
            ("Owner", "University Librarian"),
            ("Approved by", "Library Committee, 17 June 2026"),
            ("Effective from", "1 September 2026"),
        ],
        "body": [
            ("h1", "1. Introduction"),
            (
                "p",
                "These regulations set out who may borrow from Harbourline University Library, how many items can be "
                "borrowed and for how long, and what happens when items are returned late, lost or damaged. They "
                "apply at all library sites. Your University card is your library card and must be presented or "
                "scanned to borrow.",
            ),
            ("h1", "2. Loan allowances"),
            (
                "p",
                "Allowances depend on the type of library member. Loan periods are for standard loan items; "
                "loans are renewed automatically unless another reader has requested the item.",
            ),
            (
                "table",
                ["Member type", "Items at one time", "Standard loan period", "Automatic renewals"],
                [
                    ["Undergraduate student", "20", "3 weeks", "Up to 10 times"],
                    ["Taught postgraduate student", "25", "4 weeks", "Up to 10 times"],
                    ["Research postgraduate student", "40", "8 weeks", "Unlimited"],
                    ["Academic and research staff", "60", "12 weeks", "Unlimited"],
                    ["Professional services staff", "15", "4 weeks", "Up to 10 times"],
                    ["SCONUL Access and external members", "8", "3 weeks", "Up to 3 times"],
                    ["Alumni (Alumni Library Card)", "5", "2 weeks", "Up to 3 times"],
                ],
                (60, 30, 40, 40),
            ),
            (
                "p",
                "Distance-learning students may also have books posted to a UK address; the University pays postage "
                "one way. Alumni membership costs £40 a year; SCONUL Access is free for staff and research students "
                "of member institutions.",
            ),
            ("h2", "2.1 Other loan types"),
            (
                "ul",
                [
                    "**Short loan collection** (high-demand course texts): 24 hours, no renewals, maximum 3 short loan "
                    "items at a time.",
                    "**Laptops** from the self-service lockers: 4 hours, on site only, available to current students.",
                    "**Special Collections and archives**: reference only, consulted in the reading room by appointment.",
                    "**Journals and reference works**: not for loan.",
                ],
            ),
            ("h1", "3. Recalls and returns"),
            (
                "p",
                "Any item on loan may be recalled if another reader requests it. A recalled item must be returned "
                "within **7 days** of the recall notice, even if the original due date is later. Items can be "
                "returned at any returns machine on any site, including the book drop outside the Harbourside "
                "Library, which is open 24 hours.",
            ),
            ("h1", "4. Overdue charges"),
            (
                "p",
                "The Library does not charge for standard loans that are simply overdue and not requested by anyone "
                "else. Charges apply in the following cases:",
            ),
            (
                "table",
                ["Item or situation", "Charge", "Maximum per item"],
                [
                    ["Recalled item not returned by the recall date", "£1.00 per day", "£20.00"],
                    ["Short loan item (24-hour)", "£0.50 per hour", "£15.00"],
                    ["Laptop not returned on time", "£5.00 per hour", "£50.00"],
                    ["Interlibrary loan item returned late", "£2.00 per day", "£30.00"],
                ],
                (85, 45, 40),
            ),
            (
                "p",
                "An item overdue by more than **28 days** is declared lost and the reader is invoiced for the "
                "replacement cost plus a £10 administration fee. If a lost item is later returned in good "
                "condition the replacement cost is refunded, but the administration fee is not.",
            ),
            ("h2", "4.1 Blocks on borrowing"),
            (
                "ul",
                [
                    "Borrowing is suspended while a member owes **£10 or more**, or has any item more than 28 days overdue.",
                    "Students with unpaid library charges of any amount at the end of their course will not be able to "
                    "graduate until the charges are paid.",
                ],
            ),
            ("h1", "5. Interlibrary loans and document supply"),
            (
                "p",
                "Items not held by the Library can be requested from other libraries. Each academic year members "
                "receive a number of free requests:",
            ),
            (
                "table",
                ["Member type", "Free requests per year", "Cost per extra request"],
                [
                    ["Undergraduate student", "5", "£3.00"],
                    ["Taught postgraduate student", "15", "£3.00"],
                    ["Research postgraduate student and staff", "Unlimited", "—"],
                ],
                (85, 45, 40),
            ),
            (
                "p",
                "Items can also be transferred between the Bristol libraries and the Porto campus library. Transfers "
                "between Bristol and Porto take up to **10 working days**; transfers between the two Bristol "
                "libraries arrive the next working day.",
            ),
            ("h1", "6. Paying charges"),
            (
                "p",
                "Charges can be paid online through your library account at https://library.harbourline.example/account "
                "or by card at any library help desk. Cash is not accepted. Charges may be waived where there are "
                "documented extenuating circumstances; apply to the Library Customer Services Manager within 30 days "
                "of the invoice.",
            ),
            ("h1", "7. Opening hours (Bristol)"),
            (
                "table",
                ["Library", "Term time", "Vacations"],
                [
                    ["Harbourside Library", "24 hours, 7 days a week", "08:00–22:00 daily"],
                    [
                        "Science Library",
                        "08:00–00:00 Monday to Friday; 10:00–20:00 weekends",
                        "09:00–18:00 Monday to Friday",
                    ],
                ],
                (45, 70, 55),
            ),
            (
                "p",
                "All libraries close on University closure days. Contact: library@harbourline.example.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "students/exam-resits-appeals.pdf",
        "lang": "en",
        "header": "Harbourline University — Academic Regulations 2026/27",
        "code": "ACA-REG-021 v1.4",
        "title": "Resit Assessments and Academic Appeals",
        "subtitle": "Taught undergraduate and postgraduate programmes, academic year 2026/27",
        "meta": [
            ("Document code", "ACA-REG-021, version 1.4"),
            ("Owner", "Academic Registrar"),
            ("Approved by", "Senate, 24 June 2026"),
            ("Effective from", "1 September 2026 (academic year 2026/27)"),
        ],
        "body": [
            ("h1", "1. Scope"),
            (
                "p",
                "This regulation applies to students on taught undergraduate and taught postgraduate programmes, "
                "including programmes delivered at the Porto campus. Research degree examinations are covered by "
                "the Code of Practice for Research Degrees and are not included here.",
            ),
            ("h1", "2. Resit entitlement"),
            (
                "ul",
                [
                    "A student who fails a module at the first attempt is entitled to **one resit** of each failed "
                    "assessment component.",
                    "The mark for a resit module is capped at the pass mark: **40%** for undergraduate modules and "
                    "**50%** for postgraduate modules.",
                    "A second resit is possible only where extenuating circumstances affected the first resit, and must "
                    "be approved by the Board of Examiners.",
                    "Students who have passed a module cannot resit it to improve their mark.",
                    "If the first attempt was missed with approved extenuating circumstances, the next attempt counts as "
                    "a first sit: the mark is not capped and no fee is charged.",
                ],
            ),
            ("h1", "3. Resit periods and registration deadlines"),
            (
                "p",
                "Students must register for each resit through the student portal before the registration deadline. "
                "A student who does not register will be recorded as absent and may lose the resit opportunity.",
            ),
            (
                "table",
                ["Resit session", "Resit dates", "Registration deadline", "Results published"],
                [
                    [
                        "Main summer resit period (all Bristol programmes)",
                        "16–27 August 2027",
                        "9 July 2027",
                        "10 September 2027",
                    ],
                    [
                        "Early resit for final-year students (Semester 1 modules)",
                        "12–16 April 2027",
                        "5 March 2027",
                        "30 April 2027",
                    ],
                    [
                        "Porto campus programmes",
                        "19–30 July 2027",
                        "25 June 2027",
                        "13 August 2027",
                    ],
                ],
                (62, 36, 36, 36),
            ),
            ("h1", "4. Resit fees"),
            (
                "p",
                "A fee is charged for each resit to cover the costs of setting, invigilating and marking the "
                "assessment. Fees are paid when registering for the resit.",
            ),
            (
                "table",
                ["Type of resit", "Fee per module"],
                [
                    ["Written examination", "£60"],
                    ["Coursework resubmission", "£40"],
                    ["Practical or laboratory assessment", "£95"],
                    ["Dissertation or final-year project resubmission", "£150"],
                    ["Any resit at the Porto campus", "€50"],
                ],
                (110, 60),
            ),
            (
                "p",
                "No student pays more than **£300** in resit fees in one academic year. The fee is waived for:",
            ),
            (
                "ul",
                [
                    "students whose attempt is treated as a first sit because of approved extenuating circumstances;",
                    "students who receive the Harbourline Access Bursary, on application to Student Funding;",
                    "students whose resit is required because of a University administrative error.",
                ],
            ),
            ("h1", "5. Extenuating circumstances"),
            (
                "p",
                "If illness or another serious circumstance affects an assessment, submit an extenuating "
                "circumstances claim using form EC1 in the student portal no later than **5 working days** after the "
                "assessment date or submission deadline, with supporting evidence. Claims are considered by the "
                "School Extenuating Circumstances Panel before the Board of Examiners meets.",
            ),
            ("h1", "6. Academic appeals"),
            ("h2", "6.1 Grounds for appeal"),
            (
                "p",
                "An academic appeal is a request to review a decision of a Board of Examiners. An appeal can only be "
                "made on one or more of the following grounds:",
            ),
            (
                "ol",
                [
                    "there was a procedural irregularity in the conduct of the assessment or in the Board's decision;",
                    "there were extenuating circumstances which, for good reason, you could not report before the Board met;",
                    "there is evidence of prejudice or bias on the part of an examiner.",
                ],
            ),
            (
                "p",
                "Disagreement with the academic judgement of examiners (for example, believing that your work "
                "deserved a higher mark) is not a ground for appeal.",
            ),
            ("h2", "6.2 Deadlines"),
            (
                "table",
                ["Stage", "Deadline", "Responsible"],
                [
                    [
                        "Submit appeal (form AP1)",
                        "15 working days after results are published",
                        "Student",
                    ],
                    [
                        "Stage 1 decision",
                        "25 working days after the appeal is received",
                        "Faculty Appeals Officer",
                    ],
                    [
                        "Request a Stage 2 review",
                        "10 working days after the Stage 1 outcome",
                        "Student",
                    ],
                    [
                        "Stage 2 decision and Completion of Procedures letter",
                        "30 working days after the review request",
                        "Academic Registrar",
                    ],
                    [
                        "Complaint to the Office of the Independent Adjudicator (OIA)",
                        "12 months after the Completion of Procedures letter",
                        "Student",
                    ],
                ],
                (68, 62, 40),
            ),
            (
                "p",
                "Late appeals are considered only if there is a good reason, supported by evidence, why the appeal "
                "could not be submitted on time. While an appeal is under consideration, students may register "
                "for resits as a precaution; resit fees are refunded if the appeal is upheld.",
            ),
            ("h2", "6.3 Advice"),
            (
                "p",
                "Independent advice is available from the Harbourline Students' Union Advice Centre "
                "(advice@harbourlinesu.example). Porto campus students can contact the Gabinete de Apoio ao Estudante.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "safety/lab-safety-training.pdf",
        "lang": "en",
        "header": "Harbourline University — Health & Safety Standards",
        "code": "HS-STD-011 v2.3",
        "title": "Laboratory Safety and Mandatory Training",
        "subtitle": "Standard for teaching and research laboratories in Bristol and Porto",
        "meta": [
            ("Document code", "HS-STD-011, version 2.3"),
            ("Owner", "Head of Health and Safety"),
            ("Approved by", "Health, Safety and Wellbeing Committee, 11 March 2026"),
            ("Effective from", "1 April 2026"),
        ],
        "body": [
            ("h1", "1. Purpose and scope"),
            (
                "p",
                "This standard sets out the minimum safety requirements for anyone working in a Harbourline "
                "laboratory, including staff, students, visiting researchers and contractors. It applies to all "
                "laboratories at the Bristol campuses and the Porto campus. The Kiel research station applies these "
                "requirements through its own station rules (Stationsordnung), which also reflect German law.",
            ),
            ("h1", "2. Before you start work"),
            ("p", "Nobody may work in a laboratory until all of the following are complete:"),
            (
                "ol",
                [
                    "a local induction by the laboratory manager, recorded in the SafeHarbour system;",
                    "the mandatory training in section 3 for the hazards you will work with;",
                    "a signed risk assessment for your work, including a COSHH assessment for hazardous substances;",
                    "issue of the correct personal protective equipment (section 4).",
                ],
            ),
            ("h1", "3. Mandatory training and renewal periods"),
            (
                "p",
                "Training is booked through SafeHarbour. Your access card for the laboratory is deactivated "
                "automatically if a required course expires, so please book refresher training in good time.",
            ),
            (
                "table",
                ["Course", "Who must complete it", "Format", "Renew every"],
                [
                    [
                        "HS101 General Laboratory Safety",
                        "Everyone working in a laboratory",
                        "Online, plus 1-hour practical",
                        "3 years",
                    ],
                    [
                        "HS120 Chemical Safety and COSHH",
                        "Users of hazardous chemicals",
                        "Online",
                        "2 years",
                    ],
                    [
                        "HS130 Biological Safety (Containment Level 2)",
                        "Work with CL2 biological agents",
                        "Classroom, 3 hours",
                        "2 years",
                    ],
                    [
                        "HS150 Ionising Radiation",
                        "Users of radioactive sources or X-ray equipment",
                        "Classroom, 1 day",
                        "5 years",
                    ],
                    [
                        "HS160 Laser Safety",
                        "Users of Class 3B and Class 4 lasers",
                        "Classroom, 2 hours",
                        "3 years",
                    ],
                    [
                        "HS170 Cryogens and Liquid Nitrogen",
                        "Anyone dispensing liquid nitrogen",
                        "Practical, 1 hour",
                        "1 year",
                    ],
                    ["HS180 Fume Cupboard Use", "Users of fume cupboards", "Online", "4 years"],
                    [
                        "HS210 First Aid at Work",
                        "Appointed first aiders",
                        "Classroom, 3 days",
                        "3 years",
                    ],
                ],
                (52, 52, 36, 30),
            ),
            (
                "p",
                "Supervisors are responsible for checking that students and visitors have completed the relevant "
                "courses. Training completed at another UK university may be accepted for HS101 only, at the "
                "discretion of the laboratory manager.",
            ),
            ("h1", "4. Personal protective equipment and conduct"),
            (
                "ul",
                [
                    "A fastened laboratory coat and safety glasses must be worn at all times in a laboratory.",
                    "Closed-toe shoes are required; sandals and open shoes are not permitted.",
                    "Gloves are chosen according to the risk assessment and must be removed before touching door handles, "
                    "keyboards or phones.",
                    "Eating, drinking, applying cosmetics and storing food are forbidden in laboratories.",
                    "Long hair must be tied back near open flames and rotating equipment.",
                ],
            ),
            ("h1", "5. Lone working and out-of-hours work"),
            (
                "p",
                "Normal laboratory hours are 08:00–18:00, Monday to Friday. Outside these hours, and at any time "
                "when working alone:",
            ),
            (
                "ul",
                [
                    "a lone-working permit signed by your supervisor is required;",
                    "work with Category A hazards (for example, hydrofluoric acid, pyrophoric reagents, Class 4 lasers) is "
                    "not permitted alone at any time;",
                    "you must sign in with Security and use the SafeHarbour app check-in, which alerts Security if you "
                    "do not check in every **60 minutes**;",
                    "undergraduate students may not work out of hours under any circumstances.",
                ],
            ),
            ("h1", "6. Accidents, incidents and near misses"),
            (
                "p",
                "In an emergency call internal extension **2222** (Security control room), which will call the "
                "emergency services and guide them to you; from a mobile phone dial 999 and then inform Security. "
                "Every accident, incident or near miss must be reported in SafeHarbour at "
                "https://safety.harbourline.example/report within **24 hours**. Serious incidents that are reportable "
                "under RIDDOR are notified to the Health and Safety Executive by the Health and Safety Office.",
            ),
            ("h1", "7. Waste"),
            (
                "table",
                ["Waste stream", "Container", "Collection"],
                [
                    [
                        "Chemical waste",
                        "Labelled chemical waste containers",
                        "Every Wednesday, booked by Tuesday noon",
                    ],
                    [
                        "Clinical and biological waste",
                        "Yellow or orange bags, autoclaved where required",
                        "Monday and Thursday",
                    ],
                    ["Sharps", "Yellow sharps bins, closed when three-quarters full", "On request"],
                    [
                        "Radioactive waste",
                        "As specified by the Radiation Protection Supervisor",
                        "By arrangement",
                    ],
                ],
                (48, 70, 52),
            ),
            ("h1", "8. Inspections"),
            (
                "p",
                "Each laboratory is inspected by its Head of School's nominee every six months and by the Health and "
                "Safety Office once a year. Fume cupboards are tested every 14 months and carry a label showing the "
                "last test date; do not use a fume cupboard with an expired label.",
            ),
            ("p", "Contact: Health and Safety Office, safety@harbourline.example, extension 4700."),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "research/data-storage-retention.pdf",
        "lang": "en",
        "header": "Harbourline University — Research Policies",
        "code": "RES-POL-009 v2.0",
        "title": "Research Data Storage and Retention",
        "subtitle": "Where to keep research data during a project and how long to keep it afterwards",
        "meta": [
            ("Document code", "RES-POL-009, version 2.0"),
            ("Owner", "Pro-Vice-Chancellor for Research"),
            ("Approved by", "Research Committee, 6 May 2026"),
            ("Effective from", "1 July 2026"),
        ],
        "body": [
            ("h1", "1. Purpose"),
            (
                "p",
                "Research data is a valuable University asset. This policy makes sure that research data is stored "
                "securely during a project, kept for as long as funders, regulators and good research practice "
                "require, and then either published, archived or securely destroyed.",
            ),
            ("h1", "2. Responsibilities"),
            (
                "ul",
                [
                    "The **Principal Investigator** is responsible for the management of data in their project, "
                    "including arrangements when project members leave.",
                    "The **Research Data Service** in the Library provides advice, storage allocation and the data "
                    "repository.",
                    "**IT Services** operate the storage platforms and backups.",
                    "Every researcher, including research students, is responsible for following the project's data "
                    "management plan.",
                ],
            ),
            ("h1", "3. Data management plans"),
            (
                "p",
                "A data management plan (DMP) is required for every externally funded project and for every "
                "doctoral project. The DMP must be written before data collection starts, and at the latest within "
                "**3 months** of the project start date. Plans are reviewed at least once a year and whenever the "
                "type of data collected changes. The Research Data Service will review a draft DMP within ten "
                "working days.",
            ),
            ("h1", "4. Storage options during a project"),
            (
                "p",
                "Choose storage according to the classification of the data (section 5). Research data must not be "
                "kept only on a laptop, a USB stick or a personal cloud account.",
            ),
            (
                "table",
                ["Service", "Suitable for", "Default allocation", "Backup", "Cost"],
                [
                    [
                        "HarbourDrive (personal)",
                        "Working documents; Public and Internal data only",
                        "100 GB per user",
                        "Snapshots kept 30 days",
                        "Free",
                    ],
                    [
                        "Research Data Store (RDS)",
                        "Active project data up to Confidential",
                        "5 TB per project",
                        "Nightly; copies kept 90 days, second copy in Kiel",
                        "Free up to 5 TB, then £60 per TB per year",
                    ],
                    [
                        "Tidewater HPC scratch",
                        "Temporary files for computation",
                        "20 TB per group",
                        "No backup; files unused for 60 days are deleted",
                        "Free",
                    ],
                    [
                        "SecureVault",
                        "Highly Confidential data (e.g. health records, special category personal data)",
                        "1 TB per project",
                        "Nightly, encrypted",
                        "£120 per TB per year",
                    ],
                    [
                        "HarbourArchive",
                        "Completed projects, long-term retention",
                        "On request",
                        "Two copies in separate locations",
                        "£200 per TB, one-off, for 10 years",
                    ],
                ],
                (32, 44, 28, 34, 32),
                8,
            ),
            ("h1", "5. Data classification"),
            (
                "table",
                ["Level", "Examples", "Minimum protection"],
                [
                    ["Public", "Published datasets, open-source code", "None beyond integrity"],
                    [
                        "Internal",
                        "Draft papers, anonymised survey data",
                        "University account with MFA",
                    ],
                    [
                        "Confidential",
                        "Identifiable interview recordings, commercial partner data",
                        "RDS or SecureVault; encrypted laptops only",
                    ],
                    [
                        "Highly Confidential",
                        "Health records, genetic data, data under NHS agreements",
                        "SecureVault only",
                    ],
                ],
                (35, 70, 65),
            ),
            (
                "p",
                "Personal cloud services (for example personal Dropbox or Google Drive accounts) and unencrypted "
                "removable media must never be used for Confidential or Highly Confidential data.",
            ),
            ("h1", "6. Retention periods"),
            (
                "p",
                "Research data and the records needed to validate it must be kept for at least the periods below, "
                "or longer if a funder or contract requires it. The retention period starts from the event shown.",
            ),
            (
                "table",
                ["Type of research data", "Minimum retention", "Counted from"],
                [
                    [
                        "Most research data (default)",
                        "10 years",
                        "Last publication based on the data, or project end if later",
                    ],
                    ["Data from clinical trials of medicines", "25 years", "End of the trial"],
                    ["Doctoral research data", "10 years", "Award of the degree"],
                    [
                        "Undergraduate and taught master's project data",
                        "1 year",
                        "Confirmation of the final mark",
                    ],
                    ["Signed consent forms", "Same period as the data they relate to", "—"],
                    [
                        "Long-term environmental monitoring data (e.g. Kiel station time series)",
                        "Kept permanently",
                        "—",
                    ],
                ],
                (70, 45, 55),
            ),
            (
                "p",
                "Data underlying a publication must be deposited in the Harbourline Research Data Repository or a "
                "recognised subject repository, with a DOI cited in the publication's data availability statement. "
                "Deposits of up to **50 GB** per dataset are free.",
            ),
            ("h1", "7. Deletion and researchers leaving"),
            (
                "ul",
                [
                    "At the end of the retention period, data is reviewed by the PI or their successor and then either "
                    "kept for a further defined period or securely deleted.",
                    "Secure deletion of data on University systems is requested through the IT Service Desk, which "
                    "issues a deletion certificate.",
                    "Researchers who leave may take a copy of data they created only with the PI's written agreement and "
                    "in line with any contract; the original remains with the University.",
                ],
            ),
            ("p", "Contact the Research Data Service at research-data@harbourline.example."),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "kiel/stationsordnung.pdf",
        "lang": "de",
        "header": "Harbourline University — Forschungsstation Kiel",
        "code": "KIE-ORD-001 v1.6",
        "title": "Stationsordnung der Forschungsstation Kiel",
        "subtitle": "Regeln für Beschäftigte, Studierende und Gäste der Forschungsstation Kiel",
        "meta": [
            ("Dokument", "KIE-ORD-001, Version 1.6"),
            ("Verantwortlich", "Stationsleitung Kiel"),
            ("Freigegeben", "Stationsrat, 3. März 2026"),
            ("Gültig ab", "1. April 2026"),
            ("Anschrift", "Fördeweg 12, 24105 Kiel"),
        ],
        "body": [
            ("h1", "1. Geltungsbereich"),
            (
                "p",
                "Diese Stationsordnung gilt für alle Personen, die sich auf dem Gelände der Forschungsstation Kiel "
                "der Harbourline University aufhalten: Beschäftigte der Harbourline Forschung GmbH, Beschäftigte "
                "und Studierende aus Bristol und Porto, Gastwissenschaftlerinnen und Gastwissenschaftler sowie "
                "Fremdfirmen. Sie ergänzt den Laborsicherheitsstandard der Universität (HS-STD-011) um die "
                "Anforderungen des deutschen Arbeitsschutzrechts.",
            ),
            ("h1", "2. Zugang und Öffnungszeiten"),
            (
                "p",
                "Der Zugang zu den Gebäuden erfolgt mit einem persönlichen Transponder, der bei der Anmeldung im "
                "Stationsbüro ausgegeben wird. Für den Verlust eines Transponders werden 35 € berechnet.",
            ),
            (
                "table",
                ["Bereich", "Montag bis Freitag", "Wochenende und Feiertage", "Voraussetzung"],
                [
                    ["Bürogebäude", "07:00–20:00 Uhr", "geschlossen", "Transponder"],
                    [
                        "Labore",
                        "07:00–19:00 Uhr",
                        "nur mit Genehmigung der Stationsleitung",
                        "Transponder und gültige Unterweisung",
                    ],
                    [
                        "Bootshalle und Steg",
                        "06:00–20:00 Uhr",
                        "nach Absprache",
                        "Nur mit Bootsführerin oder Bootsführer",
                    ],
                    ["Gästehaus", "durchgehend", "durchgehend", "Zimmerschlüssel"],
                ],
                (36, 36, 48, 50),
            ),
            (
                "p",
                "Gäste und Gastgruppen sind mindestens **5 Werktage** vor der Ankunft bei der Stationsleitung "
                "anzumelden (stationsleitung-kiel@harbourline.example). Das Stationsbüro ist Montag bis Freitag von "
                "08:30 bis 15:30 Uhr besetzt.",
            ),
            ("h1", "3. Sicherheitsunterweisungen"),
            (
                "p",
                "Vor der ersten Tätigkeit und danach in regelmäßigen Abständen ist eine Unterweisung zu besuchen. "
                "Die Teilnahme wird im Stationsbüro dokumentiert. Ohne gültige Unterweisung wird der Transponder für "
                "die Labore gesperrt.",
            ),
            (
                "table",
                ["Unterweisung", "Für wen", "Wiederholung"],
                [
                    [
                        "Allgemeine Sicherheitsunterweisung und Brandschutz",
                        "alle Personen auf der Station",
                        "jährlich",
                    ],
                    [
                        "Laborunterweisung Gefahrstoffe",
                        "alle, die in den Laboren arbeiten",
                        "jährlich",
                    ],
                    [
                        "Sicherheit auf dem Wasser",
                        "alle Teilnehmenden an Bootsausfahrten",
                        "alle 2 Jahre",
                    ],
                    [
                        "Forschungstauchen (arbeitsmedizinische Untersuchung)",
                        "Forschungstaucherinnen und -taucher",
                        "jährlich",
                    ],
                    [
                        "Ersthelferausbildung",
                        "benannte Ersthelferinnen und Ersthelfer",
                        "alle 2 Jahre",
                    ],
                ],
                (72, 62, 36),
            ),
            (
                "p",
                "Unterweisungen aus Bristol oder Porto ersetzen die allgemeine Sicherheitsunterweisung in Kiel nicht, "
                "werden aber für den Kurs HS101 anerkannt.",
            ),
            ("h1", "4. Bootsbetrieb"),
            (
                "p",
                "Die Station betreibt das Forschungsboot **Möwe II** (Länge 11,5 m). Für alle Ausfahrten gilt:",
            ),
            (
                "ol",
                [
                    "Ausfahrten sind bis **14:00 Uhr am Vortag** im Buchungskalender der Station anzumelden.",
                    "An Bord dürfen sich höchstens **6 Personen** einschließlich der Bootsführerin oder des Bootsführers befinden.",
                    "Ausfahrten finden nur bis **Windstärke 5 Bft** statt; die Entscheidung trifft die Bootsführung.",
                    "Das Tragen einer Rettungsweste ist an Deck jederzeit Pflicht.",
                    "Nach der Rückkehr ist die Ausfahrt im Bordbuch abzuschließen und das Stationsbüro zu informieren.",
                ],
            ),
            ("h1", "5. Gästehaus"),
            (
                "p",
                "Das Gästehaus verfügt über acht Zimmer und ein Appartement. Buchungen erfolgen über das Stationsbüro. "
                "Die Preise gelten pro Nacht inklusive Bettwäsche und Endreinigung.",
            ),
            (
                "table",
                ["Unterkunft", "Angehörige der Harbourline University", "Externe Gäste"],
                [
                    ["Einzelzimmer", "28 € pro Nacht", "45 € pro Nacht"],
                    ["Doppelzimmer", "40 € pro Nacht", "65 € pro Nacht"],
                    ["Appartement (ab 7 Nächten)", "210 € pro Woche", "320 € pro Woche"],
                ],
                (56, 62, 52),
            ),
            (
                "ul",
                [
                    "Anreise ab 15:00 Uhr, Abreise bis 10:00 Uhr.",
                    "Nachtruhe von 22:00 bis 06:00 Uhr.",
                    "Rauchen ist im gesamten Gästehaus und auf dem Steg verboten.",
                    "Haustiere sind nicht erlaubt.",
                ],
            ),
            ("h1", "6. Abfall und Umwelt"),
            (
                "p",
                "Auf der Station wird Müll getrennt (Restmüll, Papier, Verpackungen, Bioabfall, Glas). Gefahrstoffabfälle "
                "werden am **ersten Dienstag jedes Monats** abgeholt und müssen bis zum Vortag im Gefahrstofflager "
                "angemeldet werden. Proben und Seewasser dürfen nicht in die Förde zurückgeleitet werden, wenn sie "
                "mit Chemikalien behandelt wurden.",
            ),
            ("h1", "7. Notfälle"),
            (
                "ul",
                [
                    "Notruf Feuerwehr und Rettungsdienst: **112**",
                    "Stationsnotfalltelefon (rund um die Uhr): +49 431 7788 990",
                    "Sammelplatz bei Alarm: Parkplatz vor dem Bürogebäude",
                    "Erste-Hilfe-Kästen befinden sich in jedem Labor, in der Bootshalle und an Bord der Möwe II.",
                ],
            ),
            ("h1", "8. Verstöße"),
            (
                "p",
                "Bei Verstößen gegen diese Stationsordnung kann die Stationsleitung den Zugang zur Station ganz oder "
                "teilweise entziehen. Verstöße gegen Sicherheitsvorschriften werden der Universität in Bristol "
                "gemeldet.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "porto/estacionamento-e-mobilidade.pdf",
        "lang": "pt",
        "header": "Harbourline University — Campus do Porto",
        "code": "EST-POR-004 v2.0",
        "title": "Regulamento de Estacionamento e Mobilidade do Campus do Porto",
        "subtitle": "Polo Ribeira e Polo Matosinhos — ano letivo 2026/27",
        "meta": [
            ("Documento", "EST-POR-004, versão 2.0"),
            ("Responsável", "Direção de Serviços Técnicos do Campus do Porto"),
            ("Aprovado", "Conselho de Gestão do Campus do Porto, 8 de julho de 2026"),
            ("Em vigor", "1 de setembro de 2026"),
        ],
        "body": [
            ("h1", "1. Objeto e âmbito"),
            (
                "p",
                "O presente regulamento define as regras de acesso e estacionamento nos parques do Campus do Porto "
                "da Harbourline University e as medidas de apoio à mobilidade sustentável. Aplica-se a funcionários, "
                "estudantes, investigadores visitantes e prestadores de serviços. O estacionamento nos campus de "
                "Bristol e na estação de investigação de Kiel rege-se por regulamentos próprios.",
            ),
            ("h1", "2. Parques de estacionamento"),
            (
                "p",
                "O campus dispõe de dois parques: o parque subterrâneo do **Polo Ribeira** (86 lugares) e o parque "
                "exterior do **Polo Matosinhos** (140 lugares). Os lugares não estão atribuídos a pessoas concretas.",
            ),
            ("h2", "2.1 Preços dos dísticos"),
            (
                "p",
                "O estacionamento só é permitido com dístico válido. Os preços para o ano letivo 2026/27 são os "
                "seguintes (IVA incluído):",
            ),
            (
                "table",
                ["Tipo de dístico", "Polo Ribeira", "Polo Matosinhos"],
                [
                    ["Funcionário — anual", "240 €", "150 €"],
                    ["Funcionário — mensal", "25 €", "15 €"],
                    ["Estudante — semestral", "não disponível", "60 €"],
                    ["Visitante — diário", "6 €", "4 €"],
                    ["Motociclo — anual", "60 €", "40 €"],
                ],
                (70, 50, 50),
            ),
            (
                "p",
                "Os dísticos anuais são válidos de 1 de setembro a 31 de agosto. O valor do dístico anual pode ser "
                "pago em 10 prestações mensais através do vencimento. Os funcionários com mobilidade reduzida têm "
                "direito a dístico gratuito mediante apresentação do cartão de estacionamento para pessoas com "
                "deficiência.",
            ),
            ("h2", "2.2 Como pedir o dístico"),
            (
                "ol",
                [
                    "Preencher o pedido no portal https://porto.harbourline.example/estacionamento.",
                    "Anexar a carta de condução e o certificado de matrícula do veículo (documento único automóvel).",
                    "Pagar o valor indicado; o dístico digital fica associado à matrícula em 2 dias úteis.",
                ],
            ),
            ("h1", "3. Regras de utilização"),
            (
                "ul",
                [
                    "Velocidade máxima dentro dos parques: **20 km/h**.",
                    "É proibido estacionar nos lugares reservados a pessoas com mobilidade reduzida, cargas e descargas "
                    "ou emergência.",
                    "O parque do Polo Ribeira está aberto das 07:00 às 23:00; o do Polo Matosinhos funciona 24 horas.",
                    "Carregamento de veículos elétricos: 6 postos no Polo Matosinhos, a **0,25 € por kWh**, com um máximo "
                    "de 4 horas por utilização.",
                ],
            ),
            ("h1", "4. Transportes públicos e mobilidade sustentável"),
            (
                "p",
                "A universidade incentiva a deslocação em transportes públicos, a pé ou de bicicleta. Estão "
                "disponíveis as seguintes medidas:",
            ),
            (
                "table",
                ["Medida", "Quem pode beneficiar", "Condições"],
                [
                    [
                        "Comparticipação no passe Andante",
                        "Funcionários",
                        "30% do passe mensal, até 12 € por mês",
                    ],
                    [
                        "Vaivém Ribeira–Matosinhos",
                        "Funcionários e estudantes",
                        "Gratuito; de 30 em 30 minutos, 08:00–19:30, dias úteis",
                    ],
                    [
                        "Estacionamento de bicicletas",
                        "Todos",
                        "40 lugares cobertos no Polo Ribeira, 60 no Polo Matosinhos",
                    ],
                    [
                        "Balneários e cacifos",
                        "Quem vem de bicicleta ou a pé",
                        "Cacifo gratuito, pedido na receção",
                    ],
                ],
                (50, 50, 70),
            ),
            (
                "p",
                "As estações de metro mais próximas são São Bento (Polo Ribeira, 8 minutos a pé) e Mercado "
                "(Polo Matosinhos, linha A, 5 minutos a pé).",
            ),
            ("h1", "5. Infrações"),
            (
                "p",
                "A vigilância dos parques é feita pela equipa de segurança do campus. Em caso de infração aplica-se "
                "o seguinte:",
            ),
            (
                "ol",
                [
                    "primeira infração: advertência escrita enviada por correio eletrónico;",
                    "segunda infração no mesmo ano letivo: suspensão do dístico durante 30 dias;",
                    "terceira infração: cancelamento do dístico sem reembolso até ao fim do ano letivo.",
                ],
            ),
            (
                "p",
                "Contactos: Serviços Técnicos, estacionamento.porto@harbourline.example, telefone +351 22 000 4400.",
            ),
        ],
    }
)

# -----------------------------------------------------------------------------
DOCS.append(
    {
        "path": "porto/memorando-natal-2026.pdf",
        "lang": "pt",
        "header": "Harbourline University — Campus do Porto",
        "code": "MEM-POR 17/2026",
        "title": "Memorando Interno n.º 17/2026",
        "subtitle": None,
        "meta": None,
        "body": [
            (
                "memo",
                [
                    ("De:", "Direção do Campus do Porto"),
                    (
                        "Para:",
                        "Todos os funcionários, investigadores e estudantes do Campus do Porto",
                    ),
                    ("Data:", "20 de novembro de 2026"),
                    ("Assunto:", "Encerramento do campus no Natal e Ano Novo 2026/27"),
                ],
            ),
            (
                "p",
                "Informamos que o Campus do Porto estará **encerrado de 24 de dezembro de 2026 a 1 de janeiro de "
                "2027**, inclusive. As atividades são retomadas na **segunda-feira, 4 de janeiro de 2027**.",
            ),
            ("p", "Durante este período aplicam-se as seguintes disposições:"),
            (
                "ul",
                [
                    "Os dias 24 e 31 de dezembro são concedidos como tolerância de ponto e **não são descontados nas "
                    "férias**. Os dias 28, 29 e 30 de dezembro são marcados como férias, salvo acordo diferente com a chefia.",
                    "A biblioteca encerra na sexta-feira, 18 de dezembro, às 17:00, e reabre a 4 de janeiro. Os "
                    "empréstimos com prazo neste período são prolongados automaticamente até 8 de janeiro.",
                    "As experiências nos laboratórios devem estar concluídas até terça-feira, 22 de dezembro. Os "
                    "equipamentos não essenciais devem ser desligados e os depósitos de azoto líquido serão atestados "
                    "a 23 de dezembro.",
                    "Os parques de estacionamento do Polo Ribeira e do Polo Matosinhos estarão fechados; o acesso "
                    "excecional deve ser pedido à segurança.",
                ],
            ),
            (
                "p",
                "A segurança do campus funciona 24 horas durante todo o período, através do número "
                "+351 22 000 4499. Para avarias informáticas urgentes deve ser contactado o IT Service Desk em "
                "Bristol.",
            ),
            ("p", "Desejamos a todos umas boas festas."),
            ("p", "A Direção do Campus do Porto"),
        ],
    }
)


def main() -> None:
    for doc in DOCS:
        p = render(doc)
        print(f"{p.relative_to(HERE)}  {p.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
