# ruff: noqa: E501 — page text, kept as written
"""Generate the Word (.docx) pages of the Corvina Hotels test wiki.

Run from anywhere:  /work/main/.venv/bin/python benchmarks/hotel_kb/make_docx.py
Writes pages/finance/expense-claims-and-petty-cash.docx,
       pages/munich/urlaubssperren-2026.docx and
       pages/madrid/primeros-auxilios.docx.

After saving, optional parts of the python-docx template (stylesWithEffects,
thumbnail, customXml) are stripped to keep the files small, and the zip is
rewritten with fixed timestamps so that re-running gives identical files.
"""

import datetime as dt
import io
import re
import zipfile
from pathlib import Path

import docx
from lxml import etree

PAGES = Path(__file__).resolve().parent / "pages"
FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)


def new_doc(title, author):
    d = docx.Document()
    cp = d.core_properties
    cp.title = title
    cp.author = author
    cp.last_modified_by = author
    cp.created = FIXED
    cp.modified = FIXED
    cp.revision = 1
    return d


def table(d, header, rows):
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for cell, text in zip(t.rows[0].cells, header, strict=True):
        cell.text = ""
        cell.paragraphs[0].add_run(text).bold = True
    for row in rows:
        cells = t.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = text
    return t


def numbered(d, items):
    for it in items:
        d.add_paragraph(it, style="List Number")


DROP = ("word/stylesWithEffects.xml", "docProps/thumbnail.jpeg")
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def prune_styles(styles_xml, document_xml, numbering_xml=b""):
    """Keep only the styles the document uses (plus defaults and their chains)."""
    root = etree.fromstring(styles_xml)
    used = set(
        re.findall(rb'<w:(?:pStyle|rStyle|tblStyle) w:val="([^"]+)"', document_xml + numbering_xml)
    )
    used = {u.decode() for u in used}
    by_id = {st.get(W + "styleId"): st for st in root.findall(W + "style")}
    used |= {sid for sid, st in by_id.items() if st.get(W + "default") == "1"}
    todo = list(used)
    while todo:
        st = by_id.get(todo.pop())
        if st is None:
            continue
        for tag in ("basedOn", "link", "next"):
            el = st.find(W + tag)
            if el is not None and el.get(W + "val") not in used:
                used.add(el.get(W + "val"))
                todo.append(el.get(W + "val"))
    for sid, st in by_id.items():
        if sid not in used:
            root.remove(st)
    latent = root.find(W + "latentStyles")
    if latent is not None:
        root.remove(latent)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def save_small(d, path):
    buf = io.BytesIO()
    d.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name in src.namelist():
            if name in DROP or name.startswith("customXml/"):
                continue
            data = src.read(name)
            if name == "word/styles.xml":
                data = prune_styles(
                    data, src.read("word/document.xml"), src.read("word/numbering.xml")
                )
            elif name == "[Content_Types].xml":
                txt = data.decode("utf-8")
                txt = re.sub(
                    r'<Override PartName="/(word/stylesWithEffects\.xml|customXml/[^"]*)"[^>]*/>',
                    "",
                    txt,
                )
                data = txt.encode("utf-8")
            elif name in ("_rels/.rels", "word/_rels/document.xml.rels"):
                txt = data.decode("utf-8")
                txt = re.sub(
                    r'<Relationship [^>]*Target="[^"]*(thumbnail\.jpeg|stylesWithEffects\.xml|customXml/[^"]*)"[^>]*/>',
                    "",
                    txt,
                )
                data = txt.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=FIXED.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)


def expense_claims():
    d = new_doc("Expense claims and petty cash", "Corvina Finance")
    d.add_heading("Expense claims and petty cash", level=1)
    d.add_paragraph(
        "This guide explains how to pay for small hotel purchases out of petty cash and how to "
        "claim back money you have spent yourself on company business. It applies to all four "
        "Corvina hotels. Finance reviews the limits once a year; the current figures are below."
    )
    d.add_heading("Petty cash", level=2)
    d.add_paragraph(
        "Each hotel keeps a petty cash float in the front office safe for small, urgent purchases "
        "that cannot wait for a purchase order, such as a missing part for a guest room or postage. "
        "The float is held by the front office manager. The size of the float, the largest single "
        "payment allowed and the day on which the float is counted and reconciled are:"
    )
    table(
        d,
        ["Hotel", "Float", "Max. single payment", "Reconciled every"],
        [
            ["Corvina Madrid Sol", "€500", "€100", "Friday"],
            ["Corvina Munich Isartor", "€600", "€150", "Monday"],
            ["Corvina Porto Ribeira", "€400", "€75", "Friday"],
            ["Corvina Manchester Ancoats", "£500", "£100", "Wednesday"],
        ],
    )
    d.add_paragraph(
        "Anything above the single-payment limit goes through a purchase order. Petty cash is never "
        "used for staff advances, tips or personal purchases, and every payment needs a receipt in "
        "the petty cash box before the money is handed over."
    )
    d.add_heading("Claiming expenses", level=2)
    d.add_paragraph(
        "If you pay for something for the company with your own money – a train ticket to a "
        "training day, a taxi to pick up a part – you claim it back in the Corvina Spend app:"
    )
    numbered(
        d,
        [
            "Photograph the receipt in Corvina Spend on the day you pay.",
            "Choose the cost centre (your department) and the expense type.",
            "Add the business reason and, for meals with other people, the names of everyone present.",
            "Submit the claim within 30 days of the expense; older claims are rejected.",
            "Your line manager approves the claim in the app and Finance checks the receipt.",
            "Claims approved by the 20th of the month are paid with that month's salary; later ones with the next.",
        ],
    )
    d.add_heading("Rates and limits", level=2)
    d.add_paragraph(
        "Using your own car on company business is reimbursed at €0.30 per km in Spain, Germany and "
        "Portugal, and at 45p per mile in the UK. Commuting between home and your usual hotel is not "
        "business travel."
    )
    d.add_paragraph(
        "Meals while travelling for work are reimbursed up to €35 per day (£30 in the UK). Alcohol is "
        "never reimbursed. If you need an overnight stay, book a Corvina hotel where there is one; "
        "elsewhere the limit is €120 (£110) per night."
    )
    d.add_paragraph(
        "Receipts over €50 (£50) must be full VAT invoices made out to the Corvina company in your "
        "country; a till receipt is not enough."
    )
    save_small(d, PAGES / "finance" / "expense-claims-and-petty-cash.docx")


def urlaubssperren():
    d = new_doc("Urlaubsplanung und Urlaubssperren 2026 – Corvina München Isartor", "HR München")
    d.add_heading("Urlaubsplanung und Urlaubssperren 2026 – Corvina München Isartor", level=1)
    d.add_paragraph(
        "In München gibt es Zeiten, in denen wir jede Hand brauchen. In diesen Zeiträumen wird "
        "grundsätzlich kein Urlaub genehmigt (Urlaubssperre). Ausnahmen – etwa eine eigene Hochzeit "
        "oder ein Todesfall in der Familie – kann nur die Hoteldirektion genehmigen. Der "
        "Urlaubsanspruch selbst ist auf der Seite „Annual leave“ beschrieben."
    )
    d.add_heading("Urlaubssperren 2026", level=2)
    d.add_paragraph("Für 2026 gelten diese Sperrzeiten:")
    table(
        d,
        ["Zeitraum", "Anlass", "Betroffene Abteilungen"],
        [
            ["19.09.2026 – 04.10.2026", "Oktoberfest (Wiesn)", "alle Abteilungen"],
            ["23.12.2026 – 01.01.2027", "Weihnachten und Silvester", "Rezeption, Küche, Service"],
        ],
    )
    d.add_heading("So läuft die Urlaubsplanung", level=2)
    numbered(
        d,
        [
            "Bis 31. Januar: Sommerurlaub (Juni bis August) in PeopleDesk beantragen.",
            "Bis 28. Februar: Die Abteilungsleitung veröffentlicht den Urlaubsplan für den Sommer.",
            "Gleichzeitig im Urlaub sein dürfen höchstens 2 Personen aus der Rezeption und 3 aus dem Housekeeping.",
            "Bei Überschneidungen haben Kolleginnen und Kollegen mit schulpflichtigen Kindern in den bayerischen "
            "Sommerferien Vorrang, danach wer im Vorjahr zurückstecken musste.",
            "Resturlaub muss bis 31. März des Folgejahres genommen werden.",
        ],
    )
    d.add_heading("Hinweise", level=2)
    d.add_paragraph(
        "Die Urlaubssperren für 2027 werden im Dezember 2026 veröffentlicht. Bis dahin bitte keine "
        "Urlaubsanträge für die Wiesn 2027 stellen."
    )
    save_small(d, PAGES / "munich" / "urlaubssperren-2026.docx")


def primeros_auxilios():
    d = new_doc("Primeros auxilios – Corvina Madrid Sol", "Seguridad Madrid")
    d.add_heading("Primeros auxilios – Corvina Madrid Sol", level=1)
    d.add_paragraph(
        "Este documento explica dónde están los botiquines y el desfibrilador del hotel y qué hacer "
        "si un cliente o un compañero se pone enfermo o sufre un accidente. Las normas generales de "
        "evacuación y los puntos de encuentro están en la página de seguridad contra incendios."
    )
    d.add_heading("Botiquines y desfibrilador", level=2)
    table(
        d,
        ["Ubicación", "Qué hay", "Revisión"],
        [
            ["Recepción, back office", "Botiquín completo", "mensual"],
            [
                "Recepción, junto al ascensor de servicio (planta 0)",
                "Desfibrilador (DEA)",
                "autotest diario (luz verde) y revisión mensual",
            ],
            [
                "Cocina, junto a la salida de emergencia",
                "Botiquín, manta ignífuga y kit de quemaduras",
                "mensual",
            ],
            ["Lavandería (sótano -1)", "Botiquín y lavaojos", "mensual"],
            ["Gimnasio (planta 6)", "Botiquín", "mensual"],
        ],
    )
    d.add_paragraph(
        "El jefe de mantenimiento repone los botiquines el primer lunes de cada mes. Si usas algo, "
        "apúntalo en la hoja que hay dentro de la tapa."
    )
    d.add_heading("Qué hacer ante un accidente o un malestar", level=2)
    numbered(
        d,
        [
            "Asegura la zona: no te pongas tú en peligro.",
            "Llama al 112 si hay pérdida de conciencia, dificultad para respirar, una hemorragia importante o dolor en el pecho.",
            "Avisa al jefe de turno y al socorrista de turno (la lista está en el tablón de recepción).",
            "Si la persona no respira, empieza la RCP y pide que traigan el DEA.",
            "No des medicamentos a los clientes, ni siquiera un paracetamol.",
            "Registra lo ocurrido en el parte de incidencias antes de 24 horas.",
        ],
    )
    d.add_heading("Si el accidentado es un empleado", level=2)
    d.add_paragraph(
        "Los accidentes de trabajo se atienden en la mutua, no en el centro de salud de la Seguridad "
        "Social. El centro asistencial más cercano de nuestra mutua está en la Calle de Atocha 45 y "
        "abre 24 horas. Antes de ir, pide en recepción el volante de asistencia firmado por el jefe "
        "de turno. Si es grave, llama al 112."
    )
    d.add_paragraph(
        "RRHH comunica el accidente a la autoridad laboral en un plazo de 5 días hábiles, por eso "
        "es importante que el parte de incidencias esté hecho el mismo día."
    )
    save_small(d, PAGES / "madrid" / "primeros-auxilios.docx")


if __name__ == "__main__":
    expense_claims()
    urlaubssperren()
    primeros_auxilios()
    for p in sorted(PAGES.rglob("*.docx")):
        print(p.relative_to(PAGES), p.stat().st_size)
