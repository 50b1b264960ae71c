"""Build the two binary/encoded pages of transit_kb (stdlib only, deterministic).

- pages/engineering/service-intervals.odp   OpenDocument presentation (zip: mimetype first and
  stored, content.xml, styles.xml, meta.xml, settings.xml, META-INF/manifest.xml)
- pages/it/depot-it-kit-register.mht         OneNote 2016 "Single File Web Page" (MIME multipart,
  quoted-printable HTML + filelist.xml part, CRLF line ends)

The content is hand-written below; this script only packs it. Run from anywhere:
    python benchmarks/transit_kb/make_files.py
"""

import quopri
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
FIXED_DATE = (2026, 10, 22, 14, 30, 0)

# --------------------------------------------------------------------------- ODP

ODP_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:smil="urn:oasis:names:tc:opendocument:xmlns:smil-compatible:1.0" '
    'xmlns:anim="urn:oasis:names:tc:opendocument:xmlns:animation:1.0" '
    'xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" '
    'xmlns:loext="urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0" '
    'office:version="1.3"'
)

# Each slide: (title, kind, payload, notes). kind is "subtitle", "list", "table" or "steps".
SLIDES = [
    (
        "Workshop service intervals 2026/27",
        "subtitle",
        [
            "Engineering briefing – Norrvik Transit workshop",
            "Owen Pritchard, Fleet Engineering Manager – October 2026",
        ],
        ["These intervals apply at all four depots from 1 November 2026."],
    ),
    (
        "Service types",
        "list",
        [
            (
                "A inspection",
                "safety inspection: brakes, steering, tyres, lights, body. About 3 hours.",
            ),
            (
                "B service",
                "A inspection + engine oil and filters (or coolant and HV checks on electric buses).",
            ),
            (
                "C service",
                "major: gearbox and axle oils, coolant change, full underfloor inspection. Two days off the road.",
            ),
            (
                "Annual test",
                "MOT in the UK, contrôle technique in France, badanie techniczne in Poland.",
            ),
        ],
        [
            "B and C services fall due at the distance shown or after 12 months, whichever comes first."
        ],
    ),
    (
        "Intervals by bus type",
        "table",
        [
            ["Bus type", "A inspection", "B service", "C service", "Extra checks"],
            ["Diesel double-deck (Enviro400 MMC)", "every 28 days", "20,000 km", "80,000 km", "–"],
            [
                "Diesel single-deck (Enviro200 MMC, Optare Solo SR, Urbino 12 IV)",
                "every 42 days",
                "25,000 km",
                "100,000 km",
                "–",
            ],
            [
                "Hybrid (Gemini 3 / Volvo B5LH)",
                "every 28 days",
                "20,000 km",
                "80,000 km",
                "hybrid battery health check every 6 months",
            ],
            [
                "CNG (Iveco Urbanway)",
                "every 35 days",
                "30,000 km",
                "90,000 km",
                "gas cylinder inspection every 48 months",
            ],
            [
                "Battery electric (StreetDeck Electroliner, GX 337 Elec, Urbino 18 electric)",
                "every 42 days",
                "40,000 km",
                "120,000 km",
                "HV isolation test every 6 months",
            ],
            [
                "Hydrogen (Urbino 12 hydrogen)",
                "every 28 days",
                "30,000 km",
                "90,000 km",
                "H2 leak test every 3 months; fuel-cell stack check at 10,000 h",
            ],
        ],
        [
            "Stockport: the hybrids' battery checks slipped in the summer – catch up by the end of December.",
            "Next review of these intervals: April 2027.",
        ],
    ),
    (
        "Brake testing",
        "list",
        [
            ("Roller brake test", "at every A inspection, loaded to the test weight."),
            ("Service brake", "at least 50 % efficiency."),
            ("Parking brake", "at least 16 % efficiency."),
            ("Secondary brake", "at least 25 % efficiency."),
            (
                "Records",
                "print-out stapled to the job card and result entered in Fleetcheck the same day.",
            ),
        ],
        ["A bus that fails any brake figure is VOR until it passes a re-test."],
    ),
    (
        "Booking a bus into the workshop",
        "steps",
        [
            "Raise a job card in Fleetcheck with the fleet number and the service type.",
            "Request a slot by 14:00 the day before (workshop planning, ext 2260).",
            "Deliver the bus fuelled or charged, swept, with the ticket machine signed off.",
            "Leave the keys and the defect card in the workshop key safe.",
            "Workshop planning releases the bus in Fleetcheck when it is done.",
        ],
        [
            "Unplanned defects go through engineering recovery (Ch 7), not through the booking process."
        ],
    ),
]

LIST_STYLE = "L2"


def _p(text, style=None):
    attr = f' text:style-name="{style}"' if style else ""
    return f"<text:p{attr}>{escape(text)}</text:p>"


def _title_frame(title):
    return (
        '<draw:frame presentation:style-name="pr1" draw:layer="layout" svg:width="25.199cm" '
        'svg:height="2.629cm" svg:x="1.4cm" svg:y="0.628cm" presentation:class="title">'
        f"<draw:text-box>{_p(title)}</draw:text-box></draw:frame>"
    )


def _body_frame(kind, payload):
    if kind == "subtitle":
        inner = "".join(_p(line) for line in payload)
        return (
            '<draw:frame presentation:style-name="pr2" draw:layer="layout" svg:width="25.199cm" '
            'svg:height="9.134cm" svg:x="1.4cm" svg:y="4.4cm" presentation:class="subtitle">'
            f"<draw:text-box>{inner}</draw:text-box></draw:frame>"
        )
    if kind in ("list", "steps"):
        items = []
        for entry in payload:
            if isinstance(entry, tuple):
                label, rest = entry
                para = (
                    f'<text:p><text:span text:style-name="T1">{escape(label)}</text:span>'
                    f"{escape(': ' + rest)}</text:p>"
                )
            else:
                para = _p(entry)
            items.append(f"<text:list-item>{para}</text:list-item>")
        style = "L3" if kind == "steps" else LIST_STYLE
        return (
            '<draw:frame presentation:style-name="pr3" draw:layer="layout" svg:width="25.199cm" '
            'svg:height="13.609cm" svg:x="1.4cm" svg:y="3.685cm" presentation:class="outline">'
            f'<draw:text-box><text:list text:style-name="{style}">{"".join(items)}</text:list>'
            "</draw:text-box></draw:frame>"
        )
    if kind == "table":
        cols = len(payload[0])
        rows = []
        for r, row in enumerate(payload):
            cells = "".join(
                f'<table:table-cell office:value-type="string">{_p(c, "P1" if r == 0 else None)}</table:table-cell>'
                for c in row
            )
            rows.append(f"<table:table-row>{cells}</table:table-row>")
        columns = "".join('<table:table-column table:style-name="co1"/>' for _ in range(cols))
        return (
            '<draw:frame draw:style-name="gr1" draw:layer="layout" svg:width="25.199cm" '
            'svg:height="12.5cm" svg:x="1.4cm" svg:y="3.685cm">'
            '<table:table table:template-name="default" table:use-first-row-styles="true" '
            f'table:use-banding-rows-styles="true">{columns}{"".join(rows)}</table:table>'
            "</draw:frame>"
        )
    raise ValueError(kind)


def _notes(lines):
    inner = "".join(_p(line) for line in lines)
    return (
        '<presentation:notes draw:style-name="dp2">'
        '<draw:page-thumbnail draw:style-name="gr2" draw:layer="layout" svg:width="13.968cm" '
        'svg:height="7.857cm" svg:x="3.81cm" svg:y="2.123cm" presentation:class="page"/>'
        '<draw:frame presentation:style-name="pr4" draw:layer="layout" svg:width="16.256cm" '
        'svg:height="11.642cm" svg:x="2.54cm" svg:y="10.794cm" presentation:class="notes">'
        f"<draw:text-box>{inner}</draw:text-box></draw:frame></presentation:notes>"
    )


def odp_content():
    pages = []
    for i, (title, kind, payload, notes) in enumerate(SLIDES, start=1):
        layout = "AL1T0" if kind == "subtitle" else "AL2T1"
        pages.append(
            f'<draw:page draw:name="page{i}" draw:style-name="dp1" draw:master-page-name="Default" '
            f'presentation:presentation-page-layout-name="{layout}">'
            f"{_title_frame(title)}{_body_frame(kind, payload)}{_notes(notes)}</draw:page>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<office:document-content {ODP_NS}>"
        "<office:scripts/>"
        "<office:automatic-styles>"
        '<style:style style:name="dp1" style:family="drawing-page"/>'
        '<style:style style:name="dp2" style:family="drawing-page"/>'
        '<style:style style:name="gr1" style:family="graphic"/>'
        '<style:style style:name="gr2" style:family="graphic"/>'
        '<style:style style:name="pr1" style:family="presentation" style:parent-style-name="Default-title"/>'
        '<style:style style:name="pr2" style:family="presentation" style:parent-style-name="Default-subtitle"/>'
        '<style:style style:name="pr3" style:family="presentation" style:parent-style-name="Default-outline1"/>'
        '<style:style style:name="pr4" style:family="presentation" style:parent-style-name="Default-notes"/>'
        '<style:style style:name="co1" style:family="table-column"><style:table-column-properties style:column-width="5.04cm"/></style:style>'
        '<style:style style:name="P1" style:family="paragraph"><style:text-properties fo:font-weight="bold"/></style:style>'
        '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>'
        '<text:list-style style:name="L2"><text:list-level-style-bullet text:level="1" text:bullet-char="●">'
        '<style:list-level-properties text:space-before="0.3cm" text:min-label-width="0.9cm"/></text:list-level-style-bullet></text:list-style>'
        '<text:list-style style:name="L3"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1">'
        '<style:list-level-properties text:space-before="0.3cm" text:min-label-width="0.9cm"/></text:list-level-style-number></text:list-style>'
        "</office:automatic-styles>"
        "<office:body><office:presentation>"
        + "".join(pages)
        + '<presentation:settings presentation:mouse-visible="false"/>'
        "</office:presentation></office:body></office:document-content>"
    )


ODP_STYLES = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    f"<office:document-styles {ODP_NS}>"
    "<office:styles>"
    '<style:style style:name="Default-title" style:family="presentation"><style:text-properties fo:font-size="40pt"/></style:style>'
    '<style:style style:name="Default-subtitle" style:family="presentation"><style:text-properties fo:font-size="24pt"/></style:style>'
    '<style:style style:name="Default-outline1" style:family="presentation"><style:text-properties fo:font-size="24pt"/></style:style>'
    '<style:style style:name="Default-notes" style:family="presentation"><style:text-properties fo:font-size="12pt"/></style:style>'
    "</office:styles>"
    "<office:automatic-styles>"
    '<style:page-layout style:name="PM1"><style:page-layout-properties fo:margin-top="0cm" fo:margin-bottom="0cm" '
    'fo:margin-left="0cm" fo:margin-right="0cm" fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>'
    '<style:style style:name="Mdp1" style:family="drawing-page"/>'
    "</office:automatic-styles>"
    "<office:master-styles>"
    '<style:master-page style:name="Default" style:page-layout-name="PM1" draw:style-name="Mdp1"/>'
    "</office:master-styles>"
    "</office:document-styles>"
)

ODP_META = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    f"<office:document-meta {ODP_NS}><office:meta>"
    "<meta:generator>LibreOffice/7.6.7.2$Linux_X86_64 LibreOffice_project/60$Build-2</meta:generator>"
    "<dc:title>Workshop service intervals 2026/27</dc:title>"
    "<dc:subject>Engineering briefing</dc:subject>"
    "<meta:initial-creator>Owen Pritchard</meta:initial-creator>"
    "<dc:creator>Owen Pritchard</dc:creator>"
    "<meta:creation-date>2026-10-20T09:41:12.334000000</meta:creation-date>"
    "<dc:date>2026-10-22T14:28:57.918000000</dc:date>"
    "<meta:editing-cycles>7</meta:editing-cycles>"
    "<meta:editing-duration>PT2H13M40S</meta:editing-duration>"
    "<dc:language>en-GB</dc:language>"
    '<meta:document-statistic meta:object-count="15"/>'
    "</office:meta></office:document-meta>"
)

ODP_SETTINGS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    f"<office:document-settings {ODP_NS}><office:settings>"
    '<config:config-item-set config:name="ooo:view-settings">'
    '<config:config-item config:name="VisibleAreaTop" config:type="int">-466</config:config-item>'
    "</config:config-item-set></office:settings></office:document-settings>"
)

ODP_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">\n'
    ' <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.presentation"/>\n'
    ' <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\n'
    ' <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>\n'
    ' <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>\n'
    ' <manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/>\n'
    "</manifest:manifest>\n"
)


def write_odp(path):
    entries = [
        ("mimetype", "application/vnd.oasis.opendocument.presentation", zipfile.ZIP_STORED),
        ("content.xml", odp_content(), zipfile.ZIP_DEFLATED),
        ("styles.xml", ODP_STYLES, zipfile.ZIP_DEFLATED),
        ("meta.xml", ODP_META, zipfile.ZIP_DEFLATED),
        ("settings.xml", ODP_SETTINGS, zipfile.ZIP_DEFLATED),
        ("META-INF/manifest.xml", ODP_MANIFEST, zipfile.ZIP_DEFLATED),
    ]
    with zipfile.ZipFile(path, "w") as zf:
        for name, data, method in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            zf.writestr(info, data.encode("utf-8"))


# --------------------------------------------------------------------------- MHT

BOUNDARY = "----=_NextPart_01DB2488.5C3A7E10"
FOLDER = "C:/8F3A21C4"
PAGE = "Depot IT kit register.htm"
PAGE_URL = "Depot%20IT%20kit%20register.htm"
FILES_DIR = "Depot%20IT%20kit%20register_files"

P_STYLE = "margin:0in;font-family:Calibri;font-size:11.0pt"
TD_STYLE = (
    "border:1.0pt solid #A3A3A3;vertical-align:top;width:1.4in;padding:2.0pt 4.0pt 2.0pt 4.0pt"
)

KIT_ROWS = [
    [
        "Depot",
        "Kiosk PCs",
        "Printer queue",
        "Router",
        "Internet circuit",
        "Yard APs",
        "On-site IT contact",
    ],
    [
        "Manchester Central",
        "6",
        r"\\print-man\MAN-TRAFFIC-01",
        "Cisco ISR 1111",
        "Vodafone Business, circuit VFB-4471-2290",
        "14",
        "Dev Patel, ext 2311",
    ],
    [
        "Stockport",
        "3",
        r"\\print-man\STP-TRAFFIC-01",
        "Cisco ISR 1111",
        "BT Business, circuit BT-OD-88314",
        "6",
        "Dev Patel (visits Tue and Thu)",
    ],
    [
        "Lyon-Vénissieux",
        "4",
        r"\\print-lyv\LYV-EXPLOIT-01",
        "Cisco ISR 1111",
        "Orange Business, circuit OBS-69-55102",
        "8",
        "Julien Marchetti, poste 4410",
    ],
    [
        "Gdańsk-Oliwa",
        "5",
        r"\\print-gdo\GDO-DYSP-01",
        "Cisco ISR 1111",
        "Orange Polska, circuit OPL-GD-20931",
        "10",
        "Marek Zieliński, wew. 5120",
    ],
]

NOTES = [
    "Kiosk PCs restart themselves every night at 03:00. Don't leave anything open on them.",
    "Printer toner for all traffic office printers: HP 89X. Two spares are kept in the traffic office cupboard.",
    "Internet down at a depot: ring the provider with the circuit ID above, then log a ticket with IT so we can chase it.",
    "Stockport prints through the Manchester print server, so if print-man is down Stockport can't print either.",
]


def onenote_html():
    def cell(text, bold=False):
        inner = escape(text)
        if bold:
            inner = f"<span style='font-weight:bold'>{inner}</span>"
        return f"<td style='{TD_STYLE}'>\n<p style='{P_STYLE}'>{inner}</p>\n</td>"

    rows = []
    for r, row in enumerate(KIT_ROWS):
        rows.append(" <tr>\n" + "\n".join(cell(c, bold=(r == 0)) for c in row) + "\n </tr>")
    table = (
        "<table border=1 cellpadding=0 cellspacing=0 valign=top style='direction:ltr;"
        "border-collapse:collapse;border-style:solid;border-color:#A3A3A3;border-width:1pt' "
        'title="" summary="">\n' + "\n".join(rows) + "\n</table>"
    )
    notes = "\n".join(
        f"<li style='margin-top:0;margin-bottom:0;vertical-align:middle'><span\n"
        f"style='font-family:Calibri;font-size:11.0pt'>{escape(n)}</span></li>"
        for n in NOTES
    )
    return f"""<html xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:dt="uuid:C2F41010-65B3-11d1-A29F-00AA00C14882"
xmlns="http://www.w3.org/TR/REC-html40">

<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=OneNote.File>
<meta name=Generator content="Microsoft OneNote 15">
<link id=Main-File rel=Main-File href="{PAGE_URL}">
<link rel=File-List href="{FILES_DIR}/filelist.xml">
</head>

<body lang=en-GB style='font-family:Calibri;font-size:11.0pt'>

<div style='direction:ltr;border-width:100%'>

<div style='direction:ltr;margin-top:0in;margin-left:0in;width:9.5in'>

<div style='direction:ltr;margin-top:0in;margin-left:0in;width:4.2in'>

<p style='margin:0in;font-family:"Calibri Light";font-size:20.0pt'>Depot IT kit register</p>

</div>

<div style='direction:ltr;margin-top:.0423in;margin-left:0in;width:1.6in'>

<p style='margin:0in;font-size:10.0pt;color:#767676'><span style='font-family:Calibri'>Wednesday, 7 October 2026</span></p>

<p style='margin:0in;font-size:10.0pt;color:#767676'><span style='font-family:Calibri'>14:32</span></p>

</div>

<div style='direction:ltr;margin-top:.4in;margin-left:0in;width:9.2in'>

<p style='{P_STYLE}'>What IT kit each depot has and who looks after it on site. Keep this page up to date when kit moves (IT team notebook &gt; Depots section).</p>

<p style='{P_STYLE}'>&nbsp;</p>

{table}

<p style='{P_STYLE}'>&nbsp;</p>

<p style='margin:0in;font-family:Calibri;font-size:11.0pt'><span style='font-weight:bold'>Notes</span></p>

<ul type=disc style='direction:ltr;unicode-bidi:embed;margin-top:0in;margin-bottom:0in'>
{notes}
</ul>

</div>

</div>

</div>

</body>

</html>
"""


FILELIST = f"""<xml xmlns:o="urn:schemas-microsoft-com:office:office">
 <o:MainFile HRef="../{PAGE_URL}"/>
 <o:File HRef="filelist.xml"/>
</xml>
"""


def write_mht(path):
    def qp(text):
        return quopri.encodestring(text.encode("utf-8")).decode("ascii")

    preamble = (
        "MIME-Version: 1.0\n"
        f'Content-Type: multipart/related; boundary="{BOUNDARY}"\n'
        "\n"
        "This document is a Single File Web Page, also known as a Web Archive file.  If you are seeing "
        "this message, your browser or editor doesn't support Web Archive files.  Please download a "
        "browser that supports Web Archive.\n"
        "\n"
    )
    part1 = (
        f"--{BOUNDARY}\n"
        f"Content-Location: file:///{FOLDER}/{PAGE_URL}\n"
        "Content-Transfer-Encoding: quoted-printable\n"
        'Content-Type: text/html; charset="utf-8"\n'
        "\n" + qp(onenote_html()) + "\n"
    )
    part2 = (
        f"--{BOUNDARY}\n"
        f"Content-Location: file:///{FOLDER}/{FILES_DIR}/filelist.xml\n"
        "Content-Transfer-Encoding: quoted-printable\n"
        'Content-Type: text/xml; charset="utf-8"\n'
        "\n" + qp(FILELIST) + "\n"
    )
    text = preamble + part1 + part2 + f"--{BOUNDARY}--\n"
    path.write_bytes(text.replace("\n", "\r\n").encode("ascii"))


if __name__ == "__main__":
    write_odp(PAGES / "engineering" / "service-intervals.odp")
    write_mht(PAGES / "it" / "depot-it-kit-register.mht")
    print("wrote service-intervals.odp and depot-it-kit-register.mht")
