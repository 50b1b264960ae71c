#!/usr/bin/env python3
"""Build the binary / ODF / e-mail pages of the formats_kb benchmark.

Usage (from this folder or anywhere):

    python3 -m venv /tmp/fkb-venv && /tmp/fkb-venv/bin/pip install odfpy
    /tmp/fkb-venv/bin/python make_pages.py

Needs only `odfpy` (1.4.x) besides the standard library. The output is
deterministic: every date is fixed, MIME boundaries and Message-IDs are fixed,
and the ODF zip entries are rewritten with a fixed timestamp, so running the
script twice gives the same bytes.

It writes (under pages/):
    ops/mains-burst-response.odt          LibreOffice-style Writer document
    hr/rufbereitschaft.odt                Writer document, German
    safety/confined-space-entry.odt       Writer document
    customers/service-charges-2027.ods    Calc price list
    ops/standby-rota-q1-2027.ods          Calc on-call rota
    comms/2027-01-12-meterread-launch.eml           Outlook, multipart + PDF
    hr/2026-12-01-betriebsruhe-jahreswechsel.eml    Thunderbird, ISO-8859-1 QP
    ops/2026-11-23-hydrant-flushing-december.eml    Outlook, HTML only
The .rst pages under pages/it/ot-handbook/ are hand-written files.
"""

import email.charset
import email.generator
import email.policy
import email.utils
import io
import os
import zipfile
from datetime import date, datetime, timedelta, timezone
from email.header import Header
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

from odf import dc, meta, number, office, style, table, text
from odf.opendocument import OpenDocumentSpreadsheet, OpenDocumentText

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "pages")
ZIP_TIME = (2026, 11, 30, 12, 0, 0)


# --------------------------------------------------------------------------
# shared helpers
# --------------------------------------------------------------------------


def out_path(rel):
    path = os.path.join(PAGES, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


def save_odf(doc, rel):
    """Save with odfpy, then rewrite the zip with fixed timestamps.

    Entry order is kept (mimetype first, stored uncompressed)."""
    buf = io.BytesIO()
    doc.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    dst_buf = io.BytesIO()
    with zipfile.ZipFile(dst_buf, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            zi = zipfile.ZipInfo(info.filename, ZIP_TIME)
            zi.external_attr = info.external_attr
            zi.compress_type = (
                zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
            )
            dst.writestr(zi, data)
    with open(out_path(rel), "wb") as fh:
        fh.write(dst_buf.getvalue())


def add_meta(doc, title, creator, created, modified, cycles, stats=None, lang=None):
    doc.meta.addElement(dc.Title(text=title))
    doc.meta.addElement(meta.InitialCreator(text=creator))
    doc.meta.addElement(meta.CreationDate(text=created))
    doc.meta.addElement(dc.Creator(text=creator))
    doc.meta.addElement(dc.Date(text=modified))
    doc.meta.addElement(meta.EditingCycles(text=str(cycles)))
    doc.meta.addElement(meta.EditingDuration(text="PT2H14M36S"))
    if lang:
        doc.meta.addElement(dc.Language(text=lang))
    if stats:
        doc.meta.addElement(meta.DocumentStatistic(**stats))


def font_decls(doc):
    for name, generic in (
        ("Liberation Serif", "roman"),
        ("Liberation Sans", "swiss"),
        ("DejaVu Sans", "system"),
    ):
        doc.fontfacedecls.addElement(
            style.FontFace(
                name=name,
                fontfamily="'%s'" % name if " " in name else name,
                fontfamilygeneric=generic,
                fontpitch="variable",
            )
        )


# --------------------------------------------------------------------------
# Writer (.odt)
# --------------------------------------------------------------------------


def writer_styles(doc, lang, country, custom=()):
    """Common styles as LibreOffice Writer keeps them in styles.xml."""
    font_decls(doc)
    s = doc.styles
    dflt = style.DefaultStyle(family="paragraph")
    dflt.addElement(
        style.ParagraphProperties(hyphenationladdercount="no-limit", writingmode="page")
    )
    dflt.addElement(
        style.TextProperties(
            fontname="Liberation Serif",
            fontsize="12pt",
            language=lang,
            country=country,
            fontnameasian="DejaVu Sans",
            fontnamecomplex="DejaVu Sans",
        )
    )
    s.addElement(dflt)

    def pstyle(
        name, display, parent=None, nxt=None, cls="text", outline=None, pprops=None, tprops=None
    ):
        kw = dict(name=name, family="paragraph")
        if display != name:
            kw["displayname"] = display
        if parent:
            kw["parentstylename"] = parent
        if nxt:
            kw["nextstylename"] = nxt
        if outline is not None:
            kw["defaultoutlinelevel"] = outline
        st = style.Style(attributes={"class": cls}, **kw)
        if pprops:
            st.addElement(style.ParagraphProperties(**pprops))
        if tprops:
            st.addElement(style.TextProperties(**tprops))
        s.addElement(st)
        return st

    pstyle("Standard", "Standard")
    pstyle(
        "Heading",
        "Heading",
        parent="Standard",
        nxt="Text_20_body",
        pprops=dict(margintop="0.423cm", marginbottom="0.212cm", keepwithnext="always"),
        tprops=dict(fontname="Liberation Sans", fontsize="14pt"),
    )
    pstyle(
        "Text_20_body",
        "Text body",
        parent="Standard",
        pprops=dict(margintop="0cm", marginbottom="0.247cm", lineheight="115%"),
    )
    pstyle("List", "List", parent="Text_20_body", cls="list")
    pstyle(
        "Caption",
        "Caption",
        parent="Standard",
        cls="extra",
        pprops=dict(margintop="0.212cm", marginbottom="0.212cm"),
        tprops=dict(fontsize="12pt", fontstyle="italic"),
    )
    pstyle("Table", "Table", parent="Caption", cls="extra")
    pstyle("Index", "Index", parent="Standard", cls="index")
    pstyle(
        "Title",
        "Title",
        parent="Heading",
        nxt="Text_20_body",
        cls="chapter",
        pprops=dict(textalign="center"),
        tprops=dict(fontsize="28pt", fontweight="bold"),
    )
    pstyle(
        "Heading_20_1",
        "Heading 1",
        parent="Heading",
        nxt="Text_20_body",
        outline="1",
        pprops=dict(margintop="0.423cm", marginbottom="0.212cm"),
        tprops=dict(fontsize="130%", fontweight="bold"),
    )
    pstyle(
        "Heading_20_2",
        "Heading 2",
        parent="Heading",
        nxt="Text_20_body",
        outline="2",
        pprops=dict(margintop="0.353cm", marginbottom="0.212cm"),
        tprops=dict(fontsize="115%", fontweight="bold"),
    )
    pstyle(
        "Heading_20_3",
        "Heading 3",
        parent="Heading",
        nxt="Text_20_body",
        outline="3",
        pprops=dict(margintop="0.247cm", marginbottom="0.212cm"),
        tprops=dict(fontsize="101%", fontweight="bold", color="#666666"),
    )
    pstyle(
        "Contents_20_Heading",
        "Contents Heading",
        parent="Heading",
        cls="index",
        pprops=dict(marginleft="0cm", marginright="0cm", textindent="0cm"),
        tprops=dict(fontsize="16pt", fontweight="bold"),
    )
    for lvl, indent in ((1, "0cm"), (2, "0.499cm"), (3, "0.998cm")):
        st = style.Style(
            name="Contents_20_%d" % lvl,
            displayname="Contents %d" % lvl,
            family="paragraph",
            parentstylename="Index",
            attributes={"class": "index"},
        )
        pp = style.ParagraphProperties(marginleft=indent, marginright="0cm", textindent="0cm")
        tabs = style.TabStops()
        tabs.addElement(
            style.TabStop(position="17cm", type="right", leaderstyle="dotted", leadertext=".")
        )
        pp.addElement(tabs)
        st.addElement(pp)
        s.addElement(st)
    pstyle(
        "Table_20_Contents",
        "Table Contents",
        parent="Standard",
        cls="extra",
        pprops=dict(orphans="0", widows="0"),
    )
    pstyle(
        "Table_20_Heading",
        "Table Heading",
        parent="Table_20_Contents",
        cls="extra",
        pprops=dict(textalign="center"),
        tprops=dict(fontweight="bold"),
    )
    pstyle(
        "Footnote",
        "Footnote",
        parent="Standard",
        cls="extra",
        pprops=dict(marginleft="0.598cm", textindent="-0.598cm"),
        tprops=dict(fontsize="10pt"),
    )
    for name, display, parent, outline, _paragraph_kind, tprops in custom:
        st = style.Style(
            name=name,
            displayname=display,
            family="paragraph",
            parentstylename=parent,
            nextstylename="Text_20_body",
            attributes={"class": "text"},
            **({"defaultoutlinelevel": outline} if outline else {}),
        )
        st.addElement(style.TextProperties(**tprops))
        s.addElement(st)

    # character styles
    for name, display, tp in (
        ("Footnote_20_Symbol", "Footnote Symbol", {}),
        ("Footnote_20_anchor", "Footnote anchor", dict(textposition="super 58%")),
        ("Index_20_Link", "Index Link", {}),
        ("Strong_20_Emphasis", "Strong Emphasis", dict(fontweight="bold")),
    ):
        st = style.Style(name=name, displayname=display, family="text")
        if tp:
            st.addElement(style.TextProperties(**tp))
        s.addElement(st)

    # outline (heading numbering switched off, as in a default Writer document)
    ol = text.OutlineStyle(name="Outline")
    for lvl in range(1, 11):
        ls = text.OutlineLevelStyle(level=lvl, numformat="")
        lp = style.ListLevelProperties(listlevelpositionandspacemode="label-alignment")
        lp.addElement(style.ListLevelLabelAlignment(labelfollowedby="listtab"))
        ls.addElement(lp)
        ol.addElement(ls)
    s.addElement(ol)
    nc = text.NotesConfiguration(
        noteclass="footnote",
        citationstylename="Footnote_20_Symbol",
        citationbodystylename="Footnote_20_anchor",
        numformat="1",
        startvalue=0,
        footnotesposition="page",
        startnumberingat="document",
    )
    s.addElement(nc)

    # page layout + master page
    pl = style.PageLayout(name="pm1")
    pl.addElement(
        style.PageLayoutProperties(
            pagewidth="21.001cm",
            pageheight="29.7cm",
            printorientation="portrait",
            margintop="2cm",
            marginbottom="2cm",
            marginleft="2cm",
            marginright="2cm",
            writingmode="lr-tb",
        )
    )
    doc.automaticstyles.addElement(pl)
    doc.masterstyles.addElement(style.MasterPage(name="Standard", pagelayoutname="pm1"))


def writer_auto_styles(doc, list_styles):
    a = doc.automaticstyles
    # bold label (automatic text style, as produced by Ctrl+B)
    t1 = style.Style(name="T1", family="text")
    t1.addElement(
        style.TextProperties(fontweight="bold", fontweightasian="bold", fontweightcomplex="bold")
    )
    a.addElement(t1)
    t2 = style.Style(name="T2", family="text")
    t2.addElement(style.TextProperties(textposition="sub 58%"))
    a.addElement(t2)
    # TOC entry paragraphs
    for lvl in (1, 2):
        p = style.Style(
            name="P%d" % lvl, family="paragraph", parentstylename="Contents_20_%d" % lvl
        )
        pp = style.ParagraphProperties()
        tabs = style.TabStops()
        tabs.addElement(
            style.TabStop(position="17cm", type="right", leaderstyle="dotted", leadertext=".")
        )
        pp.addElement(tabs)
        p.addElement(pp)
        a.addElement(p)
    # list paragraphs
    for pname, lname in list_styles:
        p = style.Style(
            name=pname, family="paragraph", parentstylename="Text_20_body", liststylename=lname
        )
        a.addElement(p)
    sect = style.Style(name="Sect1", family="section")
    sect.addElement(style.SectionProperties(backgroundcolor="transparent", editable="false"))
    a.addElement(sect)


def number_list_style(doc, name, level2=None):
    """level2: None, ('bullet', char) or ('number', fmt, suffix)."""
    ls = text.ListStyle(name=name)
    lv = text.ListLevelStyleNumber(
        level=1, stylename="Numbering_20_Symbols", numsuffix=".", numformat="1"
    )
    lp = style.ListLevelProperties(listlevelpositionandspacemode="label-alignment")
    lp.addElement(
        style.ListLevelLabelAlignment(
            labelfollowedby="listtab",
            listtabstopposition="1.27cm",
            textindent="-0.635cm",
            marginleft="1.27cm",
        )
    )
    lv.addElement(lp)
    ls.addElement(lv)
    if level2:
        if level2[0] == "bullet":
            lv2 = text.ListLevelStyleBullet(
                level=2, stylename="Bullet_20_Symbols", bulletchar=level2[1]
            )
        else:
            lv2 = text.ListLevelStyleNumber(
                level=2, stylename="Numbering_20_Symbols", numsuffix=level2[2], numformat=level2[1]
            )
        lp2 = style.ListLevelProperties(listlevelpositionandspacemode="label-alignment")
        lp2.addElement(
            style.ListLevelLabelAlignment(
                labelfollowedby="listtab",
                listtabstopposition="1.905cm",
                textindent="-0.635cm",
                marginleft="1.905cm",
            )
        )
        lv2.addElement(lp2)
        ls.addElement(lv2)
    doc.automaticstyles.addElement(ls)


def bullet_list_style(doc, name):
    ls = text.ListStyle(name=name)
    for lvl, ch in ((1, "•"), (2, "◦")):
        lv = text.ListLevelStyleBullet(level=lvl, stylename="Bullet_20_Symbols", bulletchar=ch)
        lp = style.ListLevelProperties(listlevelpositionandspacemode="label-alignment")
        lp.addElement(
            style.ListLevelLabelAlignment(
                labelfollowedby="listtab",
                listtabstopposition="%.3fcm" % (0.635 * (lvl + 1)),
                textindent="-0.635cm",
                marginleft="%.3fcm" % (0.635 * (lvl + 1)),
            )
        )
        lv.addElement(lp)
        ls.addElement(lv)
    doc.automaticstyles.addElement(ls)


def para(stylename, *parts):
    """parts: str, ('b', str) for a bold label, or an odfpy element."""
    p = text.P(stylename=stylename)
    fill(p, parts)
    return p


def fill(el, parts):
    for part in parts:
        if isinstance(part, str):
            el.addText(part)
        elif isinstance(part, tuple) and part[0] == "b":
            el.addElement(text.Span(stylename="T1", text=part[1]))
        elif isinstance(part, tuple) and part[0] == "sub":
            el.addElement(text.Span(stylename="T2", text=part[1]))
        else:
            el.addElement(part)


def footnote(num, body):
    n = text.Note(id="ftn%d" % num, noteclass="footnote")
    n.addElement(text.NoteCitation(text=str(num)))
    nb = text.NoteBody()
    nb.addElement(text.P(stylename="Footnote", text=body))
    n.addElement(nb)
    return n


class Writer:
    """Collects headings (for the TOC) and body elements."""

    def __init__(self, toc_title, toc_seed):
        self.toc_title = toc_title
        self.seed = toc_seed
        self.headings = []  # (level, text, bookmark, page)
        self.body = []

    def heading(self, level, txt, page, stylename=None):
        bm = "__RefHeading___Toc%d_%d" % (
            self.seed + 2 * len(self.headings),
            1853403140 + self.seed,
        )
        h = text.H(outlinelevel=level, stylename=stylename or "Heading_20_%d" % level)
        h.addElement(text.BookmarkStart(name=bm))
        h.addText(txt)
        h.addElement(text.BookmarkEnd(name=bm))
        self.headings.append((level, txt, bm, page))
        self.body.append(h)

    def add(self, el):
        self.body.append(el)

    def toc(self):
        toc = text.TableOfContent(name="Table of Contents1", protected="true", stylename="Sect1")
        src = text.TableOfContentSource(outlinelevel=10)
        src.addElement(
            text.IndexTitleTemplate(stylename="Contents_20_Heading", text=self.toc_title)
        )
        for lvl in range(1, 4):
            tmpl = text.TableOfContentEntryTemplate(
                outlinelevel=lvl, stylename="Contents_20_%d" % lvl
            )
            tmpl.addElement(text.IndexEntryLinkStart(stylename="Index_20_Link"))
            tmpl.addElement(text.IndexEntryChapter())
            tmpl.addElement(text.IndexEntryText())
            tmpl.addElement(text.IndexEntryTabStop(type="right", leaderchar="."))
            tmpl.addElement(text.IndexEntryPageNumber())
            tmpl.addElement(text.IndexEntryLinkEnd())
            src.addElement(tmpl)
        toc.addElement(src)
        body = text.IndexBody()
        it = text.IndexTitle(stylename="Sect1", name="Table of Contents1_Head")
        it.addElement(text.P(stylename="Contents_20_Heading", text=self.toc_title))
        body.addElement(it)
        for level, txt, bm, page in self.headings:
            p = text.P(stylename="P%d" % min(level, 2))
            a = text.A(
                type="simple",
                href="#" + bm,
                stylename="Index_20_Link",
                visitedstylename="Index_20_Link",
            )
            a.addText(txt)
            a.addElement(text.Tab())
            a.addText(str(page))
            p.addElement(a)
            body.addElement(p)
        toc.addElement(body)
        return toc


def sequence_decls():
    sd = text.SequenceDecls()
    for name in ("Illustration", "Table", "Text", "Drawing", "Figure"):
        sd.addElement(text.SequenceDecl(displayoutlinelevel=0, name=name))
    return sd


def table_caption(label, num, rest, refname):
    p = text.P(stylename="Table")
    p.addText(label + " ")
    p.addElement(
        text.Sequence(
            refname=refname, name="Table", formula="ooow:Table+1", numformat="1", text=str(num)
        )
    )
    p.addText(rest)
    return p


def writer_table(doc, name, widths, header, rows):
    """rows: list of lists; a cell is str, tuple(str, {'cs': n} / {'rs': n}),
    or None for a covered cell."""
    a = doc.automaticstyles
    ts = style.Style(name=name, family="table")
    ts.addElement(style.TableProperties(width="17cm", align="margins"))
    a.addElement(ts)
    letters = "ABCDEFGH"
    for i, w in enumerate(widths):
        cs = style.Style(name="%s.%s" % (name, letters[i]), family="table-column")
        cs.addElement(style.TableColumnProperties(columnwidth=w))
        a.addElement(cs)
    # Writer's usual pair: inner cells without a right border, last column boxed
    a1 = style.Style(name="%s.A1" % name, family="table-cell")
    a1.addElement(
        style.TableCellProperties(
            padding="0.097cm",
            borderleft="0.5pt solid #000000",
            borderright="none",
            bordertop="0.5pt solid #000000",
            borderbottom="0.5pt solid #000000",
        )
    )
    a.addElement(a1)
    e1 = style.Style(name="%s.E1" % name, family="table-cell")
    e1.addElement(style.TableCellProperties(padding="0.097cm", border="0.5pt solid #000000"))
    a.addElement(e1)

    t = table.Table(name=name, stylename=name)
    for i in range(len(widths)):
        t.addElement(table.TableColumn(stylename="%s.%s" % (name, letters[i])))

    def make_row(cells, head):
        tr = table.TableRow()
        last = len(cells) - 1
        for i, c in enumerate(cells):
            if c is None:
                tr.addElement(table.CoveredTableCell())
                continue
            opts = {}
            if isinstance(c, tuple):
                c, opts = c
            kw = dict(stylename="%s.%s" % (name, "E1" if i == last else "A1"), valuetype="string")
            if "cs" in opts:
                kw["numbercolumnsspanned"] = opts["cs"]
            if "rs" in opts:
                kw["numberrowsspanned"] = opts["rs"]
            tc = table.TableCell(**kw)
            lines = c if isinstance(c, list) else [c]
            for line in lines:
                tc.addElement(
                    para(
                        "Table_20_Heading" if head else "Table_20_Contents",
                        *(line if isinstance(line, list) else [line]),
                    )
                )
            tr.addElement(tc)
        return tr

    hr = table.TableHeaderRows()
    hr.addElement(make_row(header, True))
    t.addElement(hr)
    for r in rows:
        t.addElement(make_row(r, False))
    return t


def new_writer_doc(lang, country, custom, list_styles, numbered, bullets):
    doc = OpenDocumentText()
    writer_styles(doc, lang, country, custom)
    writer_auto_styles(doc, list_styles)
    for name, level2 in numbered:
        number_list_style(doc, name, level2)
    for name in bullets:
        bullet_list_style(doc, name)
    return doc


LIST_PARA = {"L1": "P3", "L2": "P4"}


def build_list(items, style_name, xml_id, continue_from=None):
    """items: list of (parts, children) where children is a list of parts."""
    kw = dict(stylename=style_name)
    lst = text.List(**kw)
    lst.setAttrNS("http://www.w3.org/XML/1998/namespace", "id", xml_id)
    if continue_from:
        lst.setAttribute("continuelist", continue_from)
    for parts, children in items:
        li = text.ListItem()
        li.addElement(para(LIST_PARA[style_name], *parts))
        if children:
            sub = text.List()
            for child in children:
                sli = text.ListItem()
                sli.addElement(para(LIST_PARA[style_name], *child))
                sub.addElement(sli)
            li.addElement(sub)
        lst.addElement(li)
    return lst


# ---------------- page 1: mains burst response (en) ----------------


def make_burst_odt():
    custom = [
        (
            "Site_20_Heading",
            "Site Heading",
            "Heading_20_2",
            "2",
            "h",
            dict(color="#1f4e79", fontstyle="italic"),
        )
    ]
    doc = new_writer_doc(
        "en", "GB", custom, [("P3", "L1"), ("P4", "L2")], [("L1", ("bullet", "•"))], ["L2"]
    )
    w = Writer("Contents", 1201)

    w.heading(1, "Purpose and scope", 1)
    w.add(
        para(
            "Text_20_body",
            "This procedure applies to bursts and major leaks on Veldmark Water distribution "
            "mains in the Aachen, Maastricht and Eupen supply areas. It does not cover leaks on "
            "private supply pipes; those are referred to the customer's own plumber.",
        )
    )
    w.add(
        para(
            "Text_20_body",
            "It is used by the network standby engineers, the Control Room and the repair "
            "crews. The Control Room is the single point of contact for every burst, day or night.",
        )
    )

    w.heading(1, "Classifying a burst", 1)
    w.add(
        para(
            "Text_20_body",
            "The first person on site classifies the burst and tells the Control Room. "
            "If you are unsure between two classes, choose the higher one.",
        )
    )
    w.add(table_caption("Table", 1, ": Burst classes", "refTable0"))
    w.add(
        writer_table(
            doc,
            "Table1",
            ["1.9cm", "3.2cm", "3.6cm", "3.1cm", "5.2cm"],
            ["Class", "Pipe diameter", "Customers without supply", "Target on site", "Crew"],
            [
                [
                    "A",
                    "300 mm and above",
                    "more than 500",
                    "60 minutes",
                    "2 crews + Incident Manager",
                ],
                [
                    "B",
                    "150–299 mm",
                    "50 to 500",
                    "90 minutes",
                    ("1 crew (3 people) + vacuum excavator", {"rs": 2}),
                ],
                ["C", "under 150 mm", "fewer than 50", "4 hours", None],
                [
                    "D",
                    "any (seepage only, no supply loss)",
                    ("Planned repair within 5 working days – no out-of-hours callout", {"cs": 3}),
                    None,
                    None,
                ],
            ],
        )
    )
    w.add(
        para(
            "Text_20_body",
            "A class can be raised later (for example when more customers lose supply), but "
            "it is never lowered once crews have been called out.",
        )
    )

    w.heading(1, "Response steps", 2)
    w.add(
        build_list(
            [
                (
                    [
                        "Log the burst in Maximo with its class and the number of the nearest hydrant or valve."
                    ],
                    None,
                ),
                (
                    ["Isolate the section:"],
                    [
                        ["Close the valves in the order shown on the valve plan for the DMA."],
                        [
                            "Never close a valve on a trunk main (300 mm and above) without approval from the "
                            "Control Room."
                        ],
                        [
                            "Count the turns on every valve and write them in the valve log, so the valves can "
                            "be reopened the same way."
                        ],
                    ],
                ),
                (
                    [
                        "Tell the Control Room which streets are without supply. If more than 50 properties "
                        "will be without water for longer than 2 hours, the Control Room sends a text message "
                        "to every affected customer."
                    ],
                    None,
                ),
            ],
            "L1",
            "list2140611583",
        )
    )
    w.add(
        para(
            "Text_20_body",
            "Customers on the Priority Services Register (for example home dialysis patients) are "
            "phoned individually by the Control Room. Do not wait for the text message.",
        )
    )
    w.add(
        build_list(
            [
                (
                    [
                        "Arrange alternative supply: bottled water is delivered to priority customers within 3 "
                        "hours of the supply loss, and a water bowser is set up when the outage is expected to "
                        "last longer than 12 hours."
                    ],
                    None,
                ),
                (
                    [
                        "Repair, flush and sample: flush through the nearest hydrant until turbidity is below "
                        "1 NTU",
                        footnote(
                            1,
                            "For mains of 300 mm and above the limit is 0.5 NTU, and two "
                            "bacteriological samples are taken 24 hours apart.",
                        ),
                        ", then take a bacteriological sample before the main goes back into supply.",
                    ],
                    None,
                ),
                (
                    [
                        "Reinstate the road surface, or book the reinstatement contractor in Maximo if the "
                        "excavation is deeper than 1.2 m."
                    ],
                    None,
                ),
            ],
            "L1",
            "list2140611584",
            continue_from="list2140611583",
        )
    )
    w.add(text.SoftPageBreak())

    w.heading(1, "Site information", 2)
    w.add(para("Text_20_body", "Local arrangements that differ between the three supply areas."))
    w.heading(2, "Aachen", 2, stylename="Site_20_Heading")
    w.add(
        para(
            "Text_20_body",
            ("b", "Control Room:"),
            " +49 241 555 0100 (24/7), at the Brandholz treatment works.",
        )
    )
    w.add(
        para(
            "Text_20_body",
            ("b", "Valve plans:"),
            " GIS viewer, layer “Valves – Aachen”; paper copies in van folder A.",
        )
    )
    w.add(
        para(
            "Text_20_body", ("b", "Bottled water store:"), " Brandholz treatment works, Building 3."
        )
    )
    w.heading(2, "Maastricht", 2, stylename="Site_20_Heading")
    w.add(
        para(
            "Text_20_body",
            ("b", "Control Room:"),
            " the Aachen Control Room handles Maastricht as well; on weekdays the local "
            "dispatcher at the Lanakerveld depot can be reached on +31 43 555 0120.",
        )
    )
    w.add(para("Text_20_body", ("b", "Bottled water store:"), " Lanakerveld depot, Hall B."))
    w.add(
        para(
            "Text_20_body",
            ("b", "Road works:"),
            " tell the Gemeente Maastricht about an emergency excavation within 24 hours "
            "(KLIC emergency notification).",
        )
    )
    w.heading(2, "Eupen", 3, stylename="Site_20_Heading")
    w.add(para("Text_20_body", ("b", "Control Room:"), " as Aachen."))
    w.add(
        para(
            "Text_20_body",
            ("b", "Bottled water store:"),
            " Kalterbach reservoir garage, Kalterbachweg 4; the key is held by the Control Room.",
        )
    )
    w.add(para("Text_20_body", ("b", "Customer letters:"), " in German and French."))

    w.heading(1, "Reporting and close-out", 3)
    w.add(
        para(
            "Text_20_body",
            ("b", "Deadline:"),
            " close the job in Maximo within 24 hours of the main going back into supply.",
        )
    )
    w.add(
        para(
            "Text_20_body",
            ("b", "Incident report:"),
            " class A and B bursts need an incident report to the Head of Operations "
            "within 5 working days.",
        )
    )
    w.add(
        para(
            "Text_20_body",
            ("b", "Lessons learned:"),
            " reviewed at the monthly network operations meeting.",
        )
    )

    office_text = doc.text
    office_text.addElement(sequence_decls())
    office_text.addElement(para("Title", "Mains Burst Response Procedure"))
    office_text.addElement(
        para(
            "Text_20_body",
            "Document NET-OPS-014 · Version 4.2 · Issued 5 October 2026 · "
            "Owner: Network Operations",
        )
    )
    office_text.addElement(w.toc())
    for el in w.body:
        office_text.addElement(el)
    add_meta(
        doc,
        "Mains Burst Response Procedure",
        "Tobias Engel",
        "2024-03-11T08:41:12.318000000",
        "2026-10-05T14:22:47.905000000",
        37,
        dict(
            tablecount="1",
            imagecount="0",
            objectcount="0",
            pagecount="3",
            paragraphcount="41",
            wordcount="742",
            charactercount="4631",
            nonwhitespacecharactercount="3930",
        ),
    )
    save_odf(doc, "ops/mains-burst-response.odt")


# ---------------- page 2: Rufbereitschaft (de) ----------------


def make_rufbereitschaft_odt():
    custom = [
        (
            "Anhang_20_Überschrift",
            "Anhang Überschrift",
            "Heading_20_1",
            "1",
            "h",
            dict(color="#2e5e3e", fontvariant="small-caps"),
        )
    ]
    doc = new_writer_doc("de", "DE", custom, [("P3", "L1"), ("P4", "L2")], [("L1", None)], ["L2"])
    w = Writer("Inhaltsverzeichnis", 3311)

    w.heading(1, "Geltungsbereich", 1)
    w.add(
        para(
            "Text_20_body",
            "Diese Richtlinie gilt für alle Beschäftigten im Netzbetrieb an den Standorten "
            "Aachen, Maastricht und Eupen, die im Rufbereitschaftsplan (Rota) eingetragen sind. "
            "Auszubildende werden nicht zur Rufbereitschaft eingeteilt.",
        )
    )

    w.heading(1, "Pflichten während der Rufbereitschaft", 1)
    w.add(
        build_list(
            [
                (["Rückruf an die Leitwarte innerhalb von 10 Minuten nach der Alarmierung."], None),
                (
                    [
                        "Eintreffen am Einsatzort innerhalb von 45 Minuten, an jedem Ort im eigenen "
                        "Versorgungsgebiet."
                    ],
                    None,
                ),
                (
                    [
                        "Während der gesamten Rufbereitschaft gilt ein absolutes Alkoholverbot (0,0 ‰)."
                    ],
                    None,
                ),
                (
                    [
                        "Dienstfahrzeug und Diensthandy werden bei der Übergabe am Montag um 07:00 Uhr in "
                        "der Leitwarte übernommen."
                    ],
                    None,
                ),
            ],
            "L2",
            "list1190225412",
        )
    )

    w.heading(1, "Vergütung", 1)
    w.add(
        para(
            "Text_20_body",
            "Die Pauschale wird je Kalendertag der Rufbereitschaft gezahlt. Für jede angefangene "
            "Einsatzstunde wird zusätzlich zum Stundenlohn ein Zuschlag gezahlt.",
        )
    )
    w.add(table_caption("Tabelle", 1, ": Pauschalen und Zuschläge", "refTable0"))
    w.add(
        writer_table(
            doc,
            "Tabelle1",
            ["3.4cm", "5.0cm", "4.0cm", "4.6cm"],
            ["Standort", "Tage", "Pauschale je Tag", "Zuschlag je Einsatzstunde"],
            [
                [("Aachen", {"rs": 2}), "Montag bis Freitag", "38,00 €", ("25 %", {"rs": 2})],
                [None, "Samstag, Sonntag, Feiertag", "62,00 €", None],
                [("Maastricht", {"rs": 2}), "Montag bis Freitag", "36,50 €", ("25 %", {"rs": 2})],
                [None, "Samstag, Sonntag, Feiertag", "58,00 €", None],
                [("Eupen", {"rs": 2}), "Montag bis Freitag", "34,00 €", ("30 %", {"rs": 2})],
                [None, "Samstag, Sonntag, Feiertag", "55,00 €", None],
                [("24.12. und 31.12. (alle Standorte)", {"cs": 2}), None, "95,00 €", "50 %"],
            ],
        )
    )
    w.add(
        para(
            "Text_20_body",
            "Es gelten die gesetzlichen Feiertage des jeweiligen Standorts.",
            footnote(
                1,
                "Für Eupen gilt zusätzlich der 15. November (Tag der "
                "Deutschsprachigen Gemeinschaft) als Feiertag.",
            ),
        )
    )
    w.add(
        para(
            "Text_20_body",
            ("b", "Auszahlung:"),
            " Die Pauschalen werden mit dem Gehalt des Folgemonats ausgezahlt.",
        )
    )
    w.add(
        para(
            "Text_20_body",
            ("b", "Frist:"),
            " Einsatzberichte müssen bis zum 3. Arbeitstag des Folgemonats in SAP erfasst sein; "
            "später erfasste Einsätze werden erst im übernächsten Monat bezahlt.",
        )
    )

    w.heading(1, "Ruhezeiten und Diensttausch", 2)
    w.add(
        build_list(
            [
                (
                    [
                        "Endet ein Einsatz nach 00:00 Uhr, beginnt die Arbeit am Folgetag frühestens 11 Stunden "
                        "nach Einsatzende. Die ausfallende Arbeitszeit wird nicht nachgearbeitet."
                    ],
                    None,
                ),
                (
                    [
                        "Ein Diensttausch ist nur mit Zustimmung der Teamleitung möglich, spätestens 48 Stunden "
                        "vor Dienstbeginn, und muss im Rota-Sheet eingetragen werden."
                    ],
                    None,
                ),
                (
                    [
                        "Niemand wird mehr als 13 Wochen im Kalenderjahr zur Rufbereitschaft eingeteilt."
                    ],
                    None,
                ),
            ],
            "L1",
            "list1190225413",
        )
    )

    w.heading(1, "Anhang: Ansprechpartner", 2, stylename="Anhang_20_Überschrift")
    w.add(
        para("Text_20_body", ("b", "Personalabteilung:"), " Sabine Kranz, Telefon 0241 555 0131.")
    )
    w.add(para("Text_20_body", ("b", "Leitung Netzbetrieb:"), " Dr. Helga Brandt."))

    t = doc.text
    t.addElement(sequence_decls())
    t.addElement(para("Title", "Richtlinie Rufbereitschaft im Netzbetrieb"))
    t.addElement(
        para(
            "Text_20_body",
            "Gültig ab 1. Januar 2027 · Verantwortlich: Personalabteilung und Leitung "
            "Netzbetrieb · Veldmark Water",
        )
    )
    t.addElement(w.toc())
    for el in w.body:
        t.addElement(el)
    add_meta(
        doc,
        "Richtlinie Rufbereitschaft im Netzbetrieb",
        "Sabine Kranz",
        "2025-11-20T10:02:55.114000000",
        "2026-11-16T09:48:03.227000000",
        12,
        dict(
            tablecount="1",
            imagecount="0",
            objectcount="0",
            pagecount="2",
            paragraphcount="30",
            wordcount="388",
            charactercount="2874",
            nonwhitespacecharactercount="2508",
        ),
        lang="de-DE",
    )
    save_odf(doc, "hr/rufbereitschaft.odt")


# ---------------- page 3: confined space entry (en) ----------------


def make_confined_space_odt():
    # "Warning Heading" is based on Heading 3 but its outline level was set to
    # "Text Body", so Writer saves its paragraphs as text:p, not text:h.
    custom = [
        (
            "Warning_20_Heading",
            "Warning Heading",
            "Heading_20_3",
            None,
            "p",
            dict(color="#c9211e", fontweight="bold"),
        )
    ]
    doc = new_writer_doc("en", "GB", custom, [("P3", "L1")], [("L1", ("number", "a", ")"))], [])
    w = Writer("Contents", 5407)

    w.heading(1, "Scope", 1)
    w.add(
        para(
            "Text_20_body",
            "This standard applies to every chamber deeper than 1.5 m, to wet wells at pumping "
            "stations and to all reservoir cells",
            footnote(
                1,
                "Reservoir cells at Kalterbach (Eupen) always need two top persons, "
                "whatever the depth of the cell.",
            ),
            ". Contractors working for Veldmark Water follow it as well.",
        )
    )

    w.heading(1, "Before entry", 1)
    w.add(
        build_list(
            [
                (
                    [
                        "Get an entry permit from the Permit Coordinator. A permit is valid for one shift and "
                        "for at most 8 hours."
                    ],
                    None,
                ),
                (
                    ["Test the atmosphere with a calibrated 4-gas monitor:"],
                    [
                        [
                            "Bump-test the monitor before each use; the calibration sticker must be less than "
                            "6 months old."
                        ],
                        [
                            "Test at the top, the middle and the bottom of the space, because hydrogen sulphide "
                            "collects low down."
                        ],
                    ],
                ),
                (
                    [
                        "Ventilate with the forced-air blower for at least 10 minutes before entry and keep it "
                        "running for the whole entry."
                    ],
                    None,
                ),
                (["Set up the tripod and winch over any opening deeper than 2 m."], None),
            ],
            "L1",
            "list318840192",
        )
    )

    w.heading(1, "Gas monitor alarm levels", 1)
    w.add(table_caption("Table", 1, ": Alarm levels of the 4-gas monitor", "refTable0"))
    w.add(
        writer_table(
            doc,
            "Table1",
            ["4.2cm", "2.8cm", "2.8cm", "7.2cm"],
            ["Gas", "Alarm 1", "Alarm 2", "Action"],
            [
                [
                    [["Oxygen (O", ("sub", "2"), ")"]],
                    ("below 19.5 % or above 23.5 %", {"cs": 2}),
                    None,
                    "Do not enter; leave immediately if you are already inside",
                ],
                [
                    [["Hydrogen sulphide (H", ("sub", "2"), "S)"]],
                    "5 ppm",
                    "10 ppm",
                    ("Leave immediately, ventilate, and retest before anyone re-enters", {"rs": 2}),
                ],
                ["Carbon monoxide (CO)", "20 ppm", "100 ppm", None],
                [
                    "Flammable gas",
                    "10 % LEL",
                    "20 % LEL",
                    "Leave immediately, remove ignition sources and call the Control Room",
                ],
            ],
        )
    )

    w.heading(1, "During entry", 2)
    w.add(para("Warning_20_Heading", "Top person"))
    w.add(
        para(
            "Text_20_body",
            "A top person stays at the entrance for the whole entry and checks in with the "
            "entrant every 5 minutes. The top person never goes in to attempt a rescue.",
        )
    )
    w.add(para("Warning_20_Heading", "Hot work"))
    w.add(
        para(
            "Text_20_body",
            "Welding or grinding inside a confined space needs a separate hot-work permit in "
            "addition to the entry permit.",
        )
    )

    w.heading(1, "Rescue and training", 2)
    w.add(
        para(
            "Text_20_body",
            ("b", "Rescue team:"),
            " the fire brigade's specialist rescue team is pre-notified by the Control Room "
            "before every reservoir cell entry.",
        )
    )
    w.add(para("Text_20_body", ("b", "Refresher training:"), " every 3 years."))
    w.add(
        para(
            "Text_20_body",
            ("b", "Deadline:"),
            " book your refresher at least 6 weeks before your certificate expires; entry with "
            "an expired certificate is not allowed.",
        )
    )

    t = doc.text
    t.addElement(sequence_decls())
    t.addElement(
        para("Title", "Confined Space Entry: Valve Chambers, Wet Wells and Reservoir Cells")
    )
    t.addElement(
        para(
            "Text_20_body",
            "Safety standard HS-07 · Version 3.0 · Issued 14 September 2026 · "
            "Owner: Health & Safety",
        )
    )
    t.addElement(w.toc())
    for el in w.body:
        t.addElement(el)
    add_meta(
        doc,
        "Confined Space Entry",
        "Marieke Claes",
        "2022-05-02T13:10:40.001000000",
        "2026-09-14T11:05:19.640000000",
        21,
        dict(
            tablecount="1",
            imagecount="0",
            objectcount="0",
            pagecount="2",
            paragraphcount="29",
            wordcount="431",
            charactercount="2705",
            nonwhitespacecharactercount="2300",
        ),
    )
    save_odf(doc, "safety/confined-space-entry.odt")


# --------------------------------------------------------------------------
# Calc (.ods)
# --------------------------------------------------------------------------

MAX_ROWS = 1048576
MAX_COLS = 1024


def fmt_eur(v):
    return f"€{v:,.2f}"


def fmt_pct(v, places):
    return ("{:.%df}%%" % places).format(v * 100)


def fmt_date(d):
    return d.strftime("%d/%m/%Y")


def calc_styles(doc):
    font_decls(doc)
    s = doc.styles
    dflt = style.DefaultStyle(family="table-cell")
    dflt.addElement(style.ParagraphProperties(tabstopdistance="1.25cm"))
    dflt.addElement(style.TextProperties(fontname="Liberation Sans", language="en", country="GB"))
    s.addElement(dflt)
    s.addElement(style.Style(name="Default", family="table-cell"))
    for name in ("Heading", "Heading_20_1", "Note"):
        st = style.Style(
            name=name,
            family="table-cell",
            parentstylename="Default",
            **({"displayname": name.replace("_20_", " ")} if "_20_" in name else {}),
        )
        st.addElement(
            style.TextProperties(fontweight="bold", fontsize="14pt" if name != "Note" else "10pt")
        )
        s.addElement(st)
    pl = style.PageLayout(name="pm1")
    pl.addElement(style.PageLayoutProperties(writingmode="lr-tb"))
    doc.automaticstyles.addElement(pl)
    doc.masterstyles.addElement(style.MasterPage(name="Default", pagelayoutname="pm1"))

    a = doc.automaticstyles
    # number formats as LibreOffice writes them
    cur0 = number.CurrencyStyle(name="N108P0", volatile="true")
    cur0.addElement(number.CurrencySymbol(language="en", country="IE", text="€"))
    cur0.addElement(number.Number(decimalplaces=2, minintegerdigits=1, grouping="true"))
    a.addElement(cur0)
    cur = number.CurrencyStyle(name="N108")
    cur.addElement(style.TextProperties(color="#ff0000"))
    cur.addElement(number.Text(text="-"))
    cur.addElement(number.CurrencySymbol(language="en", country="IE", text="€"))
    cur.addElement(number.Number(decimalplaces=2, minintegerdigits=1, grouping="true"))
    cur.addElement(style.Map(condition="value()>=0", applystylename="N108P0"))
    a.addElement(cur)
    p0 = number.PercentageStyle(name="N10")
    p0.addElement(number.Number(decimalplaces=0, minintegerdigits=1))
    p0.addElement(number.Text(text="%"))
    a.addElement(p0)
    p1 = number.PercentageStyle(name="N11")
    p1.addElement(number.Number(decimalplaces=1, minintegerdigits=1))
    p1.addElement(number.Text(text="%"))
    a.addElement(p1)
    d = number.DateStyle(name="N37", automaticorder="true")
    d.addElement(number.Day(style="long"))
    d.addElement(number.Text(text="/"))
    d.addElement(number.Month(style="long"))
    d.addElement(number.Text(text="/"))
    d.addElement(number.Year(style="long"))
    a.addElement(d)
    tm = number.TimeStyle(name="N40")
    tm.addElement(number.Hours(style="long"))
    tm.addElement(number.Text(text=":"))
    tm.addElement(number.Minutes(style="long"))
    a.addElement(tm)

    # table / column / row styles
    for name, display in (("ta1", "true"), ("ta2", "false")):
        st = style.Style(name=name, family="table", masterpagename="Default")
        st.addElement(style.TableProperties(display=display, writingmode="lr-tb"))
        a.addElement(st)
    for name, wdt in (
        ("co1", "2.258cm"),
        ("co2", "2.8cm"),
        ("co3", "7.9cm"),
        ("co4", "3.3cm"),
        ("co5", "4.4cm"),
    ):
        st = style.Style(name=name, family="table-column")
        st.addElement(style.TableColumnProperties(breakbefore="auto", columnwidth=wdt))
        a.addElement(st)
    for name, h in (("ro1", "0.452cm"), ("ro2", "0.766cm")):
        st = style.Style(name=name, family="table-row")
        st.addElement(
            style.TableRowProperties(rowheight=h, breakbefore="auto", useoptimalrowheight="true")
        )
        a.addElement(st)

    def cellstyle(name, datastyle=None, bold=False, size=None, bg=None, wrap=False, align=None):
        kw = dict(name=name, family="table-cell", parentstylename="Default")
        if datastyle:
            kw["datastylename"] = datastyle
        st = style.Style(**kw)
        cp = {}
        if bg:
            cp["backgroundcolor"] = bg
        if wrap:
            cp["wrapoption"] = "wrap"
        if cp:
            st.addElement(style.TableCellProperties(**cp))
        if align:
            st.addElement(style.ParagraphProperties(textalign=align, marginleft="0cm"))
        tp = {}
        if bold:
            tp.update(fontweight="bold", fontweightasian="bold", fontweightcomplex="bold")
        if size:
            tp["fontsize"] = size
        if tp:
            st.addElement(style.TextProperties(**tp))
        a.addElement(st)

    cellstyle("ce1", bold=True, size="14pt")
    cellstyle("ce2", bold=True, bg="#dee6ef", wrap=True)
    cellstyle("ce3", datastyle="N108")
    cellstyle("ce4", datastyle="N11")
    cellstyle("ce5", datastyle="N37")
    cellstyle("ce6", datastyle="N10")
    cellstyle("ce7", datastyle="N108", align="center")
    cellstyle("ce8", wrap=True)
    cellstyle("ce9", datastyle="N40")
    cellstyle("ce10", bold=True, bg="#ffd8ce")


def c_str(s, st=None, cs=None, rs=None, rep=None, note=None):
    kw = dict(valuetype="string")
    if st:
        kw["stylename"] = st
    if cs:
        kw["numbercolumnsspanned"] = cs
        kw["numberrowsspanned"] = rs or 1
    elif rs:
        kw["numbercolumnsspanned"] = 1
        kw["numberrowsspanned"] = rs
    if rep:
        kw["numbercolumnsrepeated"] = rep
    c = table.TableCell(**kw)
    if note:
        c.addElement(annotation(*note))
    for line in s.split("\n"):
        c.addElement(text.P(text=line))
    return c


def annotation(author, when, body):
    an = office.Annotation()
    an.addElement(dc.Creator(text=author))
    an.addElement(dc.Date(text=when))
    an.addElement(text.P(text=body))
    return an


def c_eur(v, st="ce3", cs=None, rep=None):
    kw = dict(valuetype="currency", currency="EUR", value=("%g" % v), stylename=st)
    if cs:
        kw.update(numbercolumnsspanned=cs, numberrowsspanned=1)
    if rep:
        kw["numbercolumnsrepeated"] = rep
    c = table.TableCell(**kw)
    c.addElement(text.P(text=fmt_eur(v)))
    return c


def c_pct(v, places, st=None, note=None):
    c = table.TableCell(
        valuetype="percentage", value=("%g" % v), stylename=st or ("ce4" if places == 1 else "ce6")
    )
    if note:
        c.addElement(annotation(*note))
    c.addElement(text.P(text=fmt_pct(v, places)))
    return c


def c_date(d, st="ce5"):
    c = table.TableCell(valuetype="date", datevalue=d.isoformat(), stylename=st)
    c.addElement(text.P(text=fmt_date(d)))
    return c


def c_float(v):
    c = table.TableCell(valuetype="float", value=("%g" % v))
    c.addElement(text.P(text="%g" % v))
    return c


def c_time(minutes):
    c = table.TableCell(
        valuetype="time", timevalue="PT%02dH%02dM00S" % divmod(minutes, 60), stylename="ce9"
    )
    c.addElement(text.P(text="%02d:%02d" % divmod(minutes, 60)))
    return c


def c_cov(n=1):
    return table.CoveredTableCell(**({"numbercolumnsrepeated": n} if n > 1 else {}))


def c_empty(n=1):
    return table.TableCell(**({"numbercolumnsrepeated": n} if n > 1 else {}))


def sheet(name, colspecs, rows, hidden=False):
    """colspecs: list of (stylename, repeat); rows: list of (rowstyle, [cells])."""
    t = table.Table(name=name, stylename="ta2" if hidden else "ta1")
    used = 0
    for st, rep in colspecs:
        kw = dict(stylename=st, defaultcellstylename="Default")
        if rep > 1:
            kw["numbercolumnsrepeated"] = rep
        t.addElement(table.TableColumn(**kw))
        used += rep
    t.addElement(
        table.TableColumn(
            stylename="co1", numbercolumnsrepeated=MAX_COLS - used, defaultcellstylename="Default"
        )
    )
    for rowstyle, cells in rows:
        tr = table.TableRow(stylename=rowstyle)
        for c in cells:
            tr.addElement(c)
        t.addElement(tr)
    # LibreOffice's trailing block: the rest of the sheet as one repeated empty row
    tail = table.TableRow(stylename="ro1", numberrowsrepeated=MAX_ROWS - len(rows))
    tail.addElement(table.TableCell(numbercolumnsrepeated=MAX_COLS))
    t.addElement(tail)
    return t


def new_calc_doc():
    doc = OpenDocumentSpreadsheet()
    calc_styles(doc)
    return doc


def finish_calc(doc, sheets):
    ss = doc.spreadsheet
    ss.addElement(
        table.CalculationSettings(
            automaticfindlabels="false", useregularexpressions="false", usewildcards="true"
        )
    )
    for sh in sheets:
        ss.addElement(sh)
    ss.addElement(table.NamedExpressions())


# ---------------- page 4: customer service charges (price list) ----------------


def make_price_list_ods():
    doc = new_calc_doc()
    cols = [("co1", 1), ("co3", 1), ("co4", 1), ("co2", 3), ("co4", 1)]
    R = []
    R.append(
        ("ro2", [c_str("Veldmark Water – Customer service charges 2027", "ce1", cs=7), c_cov(6)])
    )
    R.append(
        (
            "ro1",
            [
                c_str("Valid from"),
                c_date(date(2027, 1, 1)),
                c_str("Valid until"),
                c_date(date(2027, 12, 31)),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str(
                    "All prices exclude VAT. Connections larger than 63 mm: quotation "
                    "from Network Planning.",
                    "ce8",
                    cs=7,
                ),
                c_cov(6),
            ],
        )
    )
    R.append(("ro1", [c_empty(7)]))
    R.append(
        (
            "ro2",
            [
                c_str(h, "ce2")
                for h in (
                    "Code",
                    "Service",
                    "Unit",
                    "Aachen (DE)",
                    "Maastricht (NL)",
                    "Eupen (BE)",
                    "Change vs 2026",
                )
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("C-101"),
                c_str("New connection up to 32 mm (standard house)"),
                c_str("per connection"),
                c_eur(1450),
                c_eur(1380),
                c_eur(1520),
                c_pct(0.035, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("C-102"),
                c_str("New connection 40–63 mm"),
                c_str("per connection"),
                c_eur(2960),
                c_eur(2840),
                c_eur(3050),
                c_pct(0.035, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str(
                    "M-201",
                    note=(
                        "Petra Vos",
                        "2026-10-28T00:00:00",
                        "Refunded if the meter over-reads by more than 4%.",
                    ),
                ),
                c_str("Meter accuracy test at customer request"),
                c_str("per test"),
                c_eur(95),
                c_eur(89),
                c_eur(102.5),
                c_pct(0, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("M-202"),
                c_str("Meter relocation (same property)"),
                c_str("per meter"),
                c_eur(310),
                c_eur(295),
                c_eur(325),
                c_pct(0.05, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("H-301"),
                c_str("Standpipe hire from a hydrant"),
                c_str("per day"),
                c_eur(18.5),
                c_eur(17),
                c_eur(19),
                c_pct(0.15, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("H-302"),
                c_str("Standpipe deposit (refundable)"),
                c_str("per standpipe"),
                c_eur(250, st="ce7", cs=3),
                c_cov(2),
                c_pct(0, 1),
            ],
        )
    )
    # Maastricht and Eupen have the same value, so Calc stores one cell repeated twice
    R.append(
        (
            "ro1",
            [
                c_str("R-401"),
                c_str("Reconnection after disconnection for non-payment"),
                c_str("per visit"),
                c_eur(80),
                c_eur(75, rep=2),
                c_pct(0.04, 1),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("W-501"),
                c_str("Lead test of tap water"),
                c_str("per sample"),
                c_eur(64),
                c_eur(58),
                c_eur(64),
                c_pct(0.02, 1),
            ],
        )
    )
    R.append(("ro1", [c_empty(7)]))
    R.append(
        (
            "ro1",
            [
                c_str("VAT rate", "ce2", cs=3),
                c_cov(2),
                c_pct(0.07, 0),
                c_pct(0.09, 0),
                c_pct(0.06, 0),
            ],
        )
    )
    R.append(
        (
            "ro1",
            [
                c_str("Payment terms", cs=3),
                c_cov(2),
                c_str("30 days net from invoice date", cs=3),
                c_cov(2),
            ],
        )
    )
    charges = sheet("Charges 2027", cols, R)

    H = []
    H.append(
        (
            "ro2",
            [
                c_str("CONFIDENTIAL – internal cost basis, do not send to customers", "ce10", cs=5),
                c_cov(4),
            ],
        )
    )
    H.append(
        (
            "ro1",
            [
                c_str(h, "ce2")
                for h in ("Code", "Internal cost (Aachen)", "Overhead", "Margin", "Approved by")
            ],
        )
    )
    for code, cost, ovh, mar in (
        ("C-101", 1105, 0.12, 0.17),
        ("C-102", 2290, 0.12, 0.15),
        ("M-201", 81, 0.10, 0.05),
        ("M-202", 240, 0.10, 0.17),
        ("H-301", 11.2, 0.08, 0.50),
        ("R-401", 58, 0.10, 0.25),
        ("W-501", 47.5, 0.10, 0.24),
    ):
        H.append(
            (
                "ro1",
                [
                    c_str(code),
                    c_eur(cost),
                    c_pct(ovh, 0),
                    c_pct(mar, 0),
                    c_str("M. Hartmann (CFO)"),
                ],
            )
        )
    hidden = sheet("Cost basis", [("co1", 1), ("co4", 3), ("co5", 1)], H, hidden=True)

    finish_calc(doc, [charges, hidden])
    add_meta(
        doc,
        "Customer service charges 2027",
        "Petra Vos",
        "2025-10-14T09:12:33.402000000",
        "2026-11-02T16:40:10.118000000",
        9,
        dict(tablecount="2", cellcount="134", objectcount="0"),
    )
    save_odf(doc, "customers/service-charges-2027.ods")


# ---------------- page 5: standby rota Q1 2027 ----------------


def make_rota_ods():
    doc = new_calc_doc()
    cols = [("co1", 1), ("co4", 2), ("co5", 3), ("co5", 1)]
    R = []
    R.append(("ro2", [c_str("Network standby rota – Q1 2027", "ce1", cs=7), c_cov(6)]))
    R.append(
        (
            "ro1",
            [
                c_str(
                    "Handover every Monday at 07:00 in the Aachen Control Room. "
                    "Callout line: +49 241 555 0190.",
                    "ce8",
                    cs=7,
                ),
                c_cov(6),
            ],
        )
    )
    R.append(("ro1", [c_empty(7)]))
    R.append(
        (
            "ro2",
            [
                c_str(h, "ce2")
                for h in ("Week", "From", "To", "Aachen", "Maastricht", "Eupen", "Duty manager")
            ],
        )
    )
    aachen = [
        "Jonas Becker",
        "Lena Hoffmann",
        "Murat Yilmaz",
        "Katrin Schulz",
        "Jonas Becker",
        None,
        "Lena Hoffmann",
        "Katrin Schulz",
        "Jonas Becker",
        "Murat Yilmaz",
        "Lena Hoffmann",
        "Katrin Schulz",
        "Jonas Becker",
    ]
    maas = [
        "Sanne de Vries",
        "Ruud Janssen",
        "Bram Hendriks",
        "Sanne de Vries",
        "Ruud Janssen",
        None,
        "Bram Hendriks",
        "Sanne de Vries",
        "Ruud Janssen",
        "Bram Hendriks",
        "Sanne de Vries",
        "Ruud Janssen",
        "Bram Hendriks",
    ]
    eupen = ["Luc Mertens", "Anke Kessler", "Pierre Lambert"] * 5
    managers = {
        0: "Claudia Wirtz",
        2: "Bart Peeters",
        4: "Nadine Ortmann",
        6: "Claudia Wirtz",
        8: "Bart Peeters",
        10: "Nadine Ortmann",
        12: "Claudia Wirtz",
    }
    start = date(2027, 1, 4)
    for i in range(13):
        frm = start + timedelta(weeks=i)
        cells = [c_float(i + 1), c_date(frm), c_date(frm + timedelta(weeks=1))]
        if aachen[i] is None:
            cells += [
                c_str("Murat Yilmaz – joint cover Aachen + Maastricht (Carnival)", "ce8", cs=2),
                c_cov(),
            ]
        else:
            cells += [c_str(aachen[i]), c_str(maas[i])]
        cells.append(c_str(eupen[i]))
        if i in managers:
            cells.append(c_str(managers[i], rs=2 if i < 12 else None))
        else:
            cells.append(c_cov())
        R.append(("ro1", cells))
    R.append(("ro1", [c_empty(7)]))
    R.append(
        (
            "ro1",
            [
                c_str(
                    "Swaps need the team leader's approval at least 48 hours before the "
                    "handover; change this sheet and tell the Control Room.",
                    "ce8",
                    cs=7,
                ),
                c_cov(6),
            ],
        )
    )
    rota = sheet("Rota Q1 2027", cols, R)

    T = []
    T.append(("ro2", [c_str("Standby response targets", "ce1", cs=3), c_cov(2)]))
    T.append(("ro1", [c_str(h, "ce2") for h in ("Measure", "Target", "Q4 2026 actual")]))
    T.append(("ro1", [c_str("Callback to the Control Room"), c_time(10), c_time(7)]))
    T.append(("ro1", [c_str("Arrival on site"), c_time(45), c_time(38)]))
    T.append(("ro1", [c_str("Callbacks within target"), c_pct(0.95, 0), c_pct(0.968, 1)]))
    targets = sheet("Targets", [("co5", 1), ("co4", 2)], T)

    P = []
    P.append(
        (
            "ro2",
            [
                c_str("CONFIDENTIAL – private numbers, only for the Control Room", "ce10", cs=2),
                c_cov(),
            ],
        )
    )
    for name, num in (
        ("Jonas Becker", "+49 171 555 2201"),
        ("Lena Hoffmann", "+49 160 555 3417"),
        ("Murat Yilmaz", "+49 152 555 8820"),
        ("Katrin Schulz", "+49 176 555 0473"),
        ("Sanne de Vries", "+31 6 5555 1842"),
        ("Ruud Janssen", "+31 6 5555 7390"),
        ("Bram Hendriks", "+31 6 5555 2268"),
        ("Luc Mertens", "+32 470 55 51 09"),
        ("Anke Kessler", "+32 485 55 58 31"),
        ("Pierre Lambert", "+32 496 55 54 77"),
    ):
        P.append(("ro1", [c_str(name), c_str(num)]))
    private = sheet("Private numbers", [("co5", 2)], P, hidden=True)

    finish_calc(doc, [rota, targets, private])
    add_meta(
        doc,
        "Network standby rota Q1 2027",
        "Claudia Wirtz",
        "2026-11-09T08:15:02.771000000",
        "2026-12-14T17:03:44.309000000",
        18,
        dict(tablecount="3", cellcount="151", objectcount="0"),
    )
    save_odf(doc, "ops/standby-rota-q1-2027.ods")


# --------------------------------------------------------------------------
# E-mails (.eml)
# --------------------------------------------------------------------------

CET = timezone(timedelta(hours=1))


def qp_charset(name):
    cs = email.charset.Charset(name)
    cs.header_encoding = email.charset.QP
    cs.body_encoding = email.charset.QP
    return cs


def write_eml(msg, rel):
    buf = io.BytesIO()
    gen = email.generator.BytesGenerator(
        buf, mangle_from_=False, policy=msg.policy.clone(linesep="\r\n")
    )
    gen.flatten(msg)
    with open(out_path(rel), "wb") as fh:
        fh.write(buf.getvalue())


def tiny_pdf(lines):
    """A minimal one-page PDF with Helvetica text (valid xref)."""
    content = ["BT", "/F1 11 Tf", "14 TL", "56 780 Td"]
    for ln in lines:
        safe = ln.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        content.append("(%s) Tj T*" % safe)
    content.append("ET")
    stream = "\n".join(content).encode("latin-1")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Title (MeterRead quick start) /Author (Veldmark Water IT) /CreationDate (D:20270108101500+01'00') >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objs) + 1,
        xref,
    )
    return bytes(out)


# ---------------- e-mail 1: MeterRead launch (Outlook, multipart + attachment) -------------


def make_meterread_eml():
    sessions = [
        ("Aachen", "Tuesday 19 January 2027", "09:00–12:00", "Brandholz works, training room 2.14"),
        ("Maastricht", "Wednesday 20 January 2027", "13:00–16:00", "Lanakerveld depot, canteen"),
        ("Eupen", "Thursday 21 January 2027", "09:00–12:00", "Kalterbach reservoir, visitor room"),
    ]
    plain = (
        "Dear colleagues,\r\n\r\n"
        "From Monday 25 January 2027, meter readers and field technicians in Aachen, Maastricht "
        "and Eupen will record meter readings and job completions in the new MeterRead app on "
        "their company phones. The grey handheld terminals (HHT) will be switched off on the "
        "same day.\r\n\r\n"
        "Training sessions (3 hours, bring your company phone, charged):\r\n\r\n"
        "Site\tDate\tTime\tRoom\r\n" + "".join("%s\t%s\t%s\t%s\r\n" % s for s in sessions) + "\r\n"
        "Please book your place with your team leader by Friday 15 January.\r\n\r\n"
        "Hand back your handheld terminal and its charging cradle to the IT store at your site "
        "by Friday 5 February 2027.\r\n\r\n"
        "The quick start guide is attached. Questions: #meterread-help on Slack.\r\n\r\n"
        "Kind regards,\r\n\r\n"
        "Internal Communications\r\n"
        "Veldmark Water | Brandholz 12 | 52076 Aachen\r\n"
    )
    rows = "".join(
        "<tr>"
        + "".join(
            '<td width="%d" valign="top" style="border:solid #BFBFBF 1.0pt;border-top:none;'
            'padding:0cm 5.4pt 0cm 5.4pt"><p class="MsoNormal">%s<o:p></o:p></p></td>' % (w, v)
            for w, v in zip((110, 200, 110, 230), s, strict=False)
        )
        + "</tr>\r\n"
        for s in sessions
    )
    head = "".join(
        '<td width="%d" valign="top" style="border:solid #BFBFBF 1.0pt;background:#DEEAF6;'
        'padding:0cm 5.4pt 0cm 5.4pt"><p class="MsoNormal"><b>%s<o:p></o:p></b></p></td>' % (w, v)
        for w, v in zip((110, 200, 110, 230), ("Site", "Date", "Time", "Room"), strict=False)
    )
    html = (
        '<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns:w="urn:schemas-microsoft-com:office:word" '
        'xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">'
        '<head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n'
        '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">\r\n'
        "<style><!--\r\n/* Font Definitions */\r\n@font-face\r\n\t{font-family:Aptos;}\r\n"
        "p.MsoNormal, li.MsoNormal, div.MsoNormal\r\n\t{margin:0cm;font-size:11.0pt;"
        'font-family:"Aptos",sans-serif;}\r\n'
        "span.EmailStyle17\r\n\t{mso-style-type:personal-compose;}\r\n"
        "@page WordSection1\r\n\t{size:612.0pt 792.0pt;margin:72.0pt 72.0pt 72.0pt 72.0pt;}\r\n"
        "div.WordSection1\r\n\t{page:WordSection1;}\r\n--></style>"
        '<!--[if gte mso 9]><xml>\r\n<o:shapedefaults v:ext="edit" spidmax="1026" />\r\n'
        "</xml><![endif]--></head>"
        '<body lang="EN-GB" link="#467886" vlink="#96607D" style="word-wrap:break-word">'
        '<div class="WordSection1">\r\n'
        '<p class="MsoNormal">Dear colleagues,<o:p></o:p></p>\r\n'
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">From <b>Monday 25 January 2027</b>, meter readers and field '
        "technicians in Aachen, Maastricht and Eupen will record meter readings and job "
        "completions in the new <b>MeterRead</b> app on their company phones. The grey handheld "
        "terminals (HHT) will be switched off on the same day.<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Training sessions (3 hours, bring your company phone, charged):'
        "<o:p></o:p></p>\r\n"
        '<table class="MsoTableGrid" border="1" cellspacing="0" cellpadding="0" '
        'style="border-collapse:collapse;border:none">\r\n<tr>'
        + head
        + "</tr>\r\n"
        + rows
        + "</table>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Please book your place with your team leader by Friday 15 January.'
        "<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Hand back your handheld terminal and its charging cradle to the IT '
        "store at your site by <b>Friday 5 February 2027</b>.<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">The quick start guide is attached. Questions: '
        "<b>#meterread-help</b> on Slack.<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Kind regards,<o:p></o:p></p>\r\n'
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal"><b><span style="color:#1F4E79">Internal Communications</span></b>'
        "<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><span style="font-size:9.0pt;color:#595959">Veldmark Water | '
        "Brandholz 12 | 52076 Aachen</span><o:p></o:p></p>\r\n"
        "</div>\r\n</body>\r\n</html>\r\n"
    )

    cs = qp_charset("utf-8")
    outer = MIMEMultipart(
        "mixed", boundary="_004_DB9PR08MB6522E1F4C0A7B3D2E9A4C1D7A2DB9PR08MB6522eurp_"
    )
    alt = MIMEMultipart(
        "alternative", boundary="_000_DB9PR08MB6522E1F4C0A7B3D2E9A4C1D7A2DB9PR08MB6522eurp_"
    )
    alt.attach(MIMEText(plain, "plain", cs))
    alt.attach(MIMEText(html, "html", cs))
    outer.attach(alt)
    pdf_bytes = tiny_pdf(
        [
            "MeterRead quick start (v1.2)",
            "1. Open MeterRead from the Company Portal app and sign in with your Veldmark account.",
            "2. Download today's walk: Menu > Sync. Do this on Wi-Fi at the depot.",
            "3. Scan the meter barcode, enter the reading, take a photo if the dial is unclear.",
            "4. Sync again at the end of the day.",
        ]
    )
    pdf = MIMEApplication(pdf_bytes, "pdf", name="MeterRead_QuickStart_v1.2.pdf")
    pdf.add_header("Content-Description", "MeterRead_QuickStart_v1.2.pdf")
    pdf.add_header(
        "Content-Disposition",
        "attachment",
        filename="MeterRead_QuickStart_v1.2.pdf",
        size=str(len(pdf_bytes)),
        **{
            "creation-date": "Tue, 12 Jan 2027 08:14:32 GMT",
            "modification-date": "Tue, 12 Jan 2027 08:14:32 GMT",
        },
    )
    outer.attach(pdf)
    # Outlook writes MIME-Version only on the top level
    for part in (alt, pdf, *alt.get_payload()):
        del part["MIME-Version"]

    hdrs = [
        ("From", "Veldmark Water Internal Communications <intcomms@veldmark-water.example>"),
        ("To", "All field staff <field-staff@veldmark-water.example>"),
        ("CC", "Network Operations Managers <netops-managers@veldmark-water.example>"),
        ("Subject", "MeterRead app replaces the handheld terminals from 25 January 2027"),
        ("Thread-Topic", "MeterRead app replaces the handheld terminals from 25 January 2027"),
        ("Thread-Index", "AdtkyP7QmLq3c1f0Sx2v8q9kS7n1Ew=="),
        ("Date", email.utils.format_datetime(datetime(2027, 1, 12, 9, 14, 32, tzinfo=CET))),
        (
            "Message-ID",
            "<DB9PR08MB6522E1F4C0A7B3D2E9A4C1D7A2@DB9PR08MB6522.eurprd08.prod.outlook.example>",
        ),
        ("Accept-Language", "en-GB, de-DE"),
        ("Content-Language", "en-GB"),
        ("X-MS-Has-Attach", "yes"),
        ("X-MS-TNEF-Correlator", ""),
        ("X-Mailer", "Microsoft Outlook 16.0"),
    ]
    ct = outer["Content-Type"]
    mv = outer["MIME-Version"]
    del outer["Content-Type"]
    del outer["MIME-Version"]
    for k, v in hdrs:
        outer[k] = v
    outer["Content-Type"] = ct
    outer["MIME-Version"] = mv
    write_eml(outer, "comms/2027-01-12-meterread-launch.eml")


# ---------------- e-mail 2: Betriebsruhe (Thunderbird, ISO-8859-1, QP) -------------


def make_betriebsruhe_eml():
    body = (
        "Liebe Kolleginnen und Kollegen,\n\n"
        "wie in den Vorjahren gilt zwischen den Feiertagen eine Betriebsruhe für die Verwaltung "
        "am Standort Aachen.\n\n"
        "Kundencenter Aachen:\n"
        "- Geschlossen vom 24.12.2026 bis einschließlich 01.01.2027.\n"
        "- Telefonisch erreichbar am 28., 29. und 30.12.2026 von 09:00 bis 13:00 Uhr unter "
        "0241 555 0150.\n"
        "- Ab Montag, 04.01.2027, gelten wieder die normalen Öffnungszeiten.\n\n"
        "Die Störungshotline 0800 555 0199 ist wie immer rund um die Uhr besetzt. Die "
        "Rufbereitschaft im Netzbetrieb läuft unverändert nach dem Rota-Plan weiter.\n\n"
        "Urlaub: Für die drei Arbeitstage 28. bis 30.12.2026 bitte bis spätestens 11.12.2026 "
        "Urlaub in SAP beantragen. Resturlaub aus 2026 kann bis zum 31.03.2027 genommen werden; "
        "danach verfällt er.\n\n"
        "Für die Standorte Maastricht und Eupen gelten eigene Regelungen; bitte wendet euch dazu "
        "an eure Standortleitung.\n\n"
        "Schöne Feiertage und einen guten Rutsch!\n\n"
        "Viele Grüße\n"
        "Sabine Kranz\n\n"
        "-- \n"
        "Sabine Kranz\n"
        "Personalabteilung | Veldmark Water\n"
        "Brandholz 12, 52076 Aachen\n"
        "Tel. 0241 555 0131\n"
    )
    cs = qp_charset("iso-8859-1")
    msg = MIMEText(body, "plain", cs)
    ct = msg["Content-Type"]
    cte = msg["Content-Transfer-Encoding"]
    for h in ("Content-Type", "Content-Transfer-Encoding", "MIME-Version"):
        del msg[h]
    subject = "Betriebsruhe zum Jahreswechsel: Öffnungszeiten Kundencenter und Resturlaub"
    hdrs = [
        ("Message-ID", "<5f3b2c1e-8a47-4d2e-9c61-0b7e2a4d93f8@veldmark-water.example>"),
        ("Date", email.utils.format_datetime(datetime(2026, 12, 1, 16, 42, 5, tzinfo=CET))),
        ("MIME-Version", "1.0"),
        ("User-Agent", "Mozilla Thunderbird"),
        ("Content-Language", "de-DE"),
        ("To", "Alle Mitarbeitenden Aachen <alle-aachen@veldmark-water.example>"),
        ("From", "Sabine Kranz <s.kranz@veldmark-water.example>"),
        ("Subject", Header(subject, "iso-8859-1")),
        ("Content-Type", ct),
        ("Content-Transfer-Encoding", cte),
    ]
    for k, v in hdrs:
        msg[k] = v
    write_eml(msg, "hr/2026-12-01-betriebsruhe-jahreswechsel.eml")


# ---------------- e-mail 3: hydrant flushing (Outlook, HTML only) -------------


def make_flushing_eml():
    td = (
        '<td valign="top" style="border:solid windowtext 1.0pt;border-top:none;'
        'padding:0cm 5.4pt 0cm 5.4pt"%s><p class="MsoNormal">%s<o:p></o:p></p></td>'
    )
    th = (
        '<td valign="top" style="border:solid windowtext 1.0pt;background:#D9E2F3;'
        'padding:0cm 5.4pt 0cm 5.4pt"><p class="MsoNormal"><b>%s<o:p></o:p></b></p></td>'
    )
    rows = [
        [
            ("Aachen-Burtscheid", ""),
            ("1–3 December 2026", ""),
            ("22:00–05:00", ""),
            ("Lena Hoffmann", ' rowspan="2"'),
        ],
        [("Aachen-Laurensberg", ""), ("7–9 December 2026", ""), ("22:00–05:00", "")],
        [
            ("Maastricht Wyck", ""),
            ("8–10 December 2026", ""),
            ("21:00–04:00", ""),
            ("Sanne de Vries", ""),
        ],
        [
            ("Eupen Unterstadt", ""),
            ("14–15 December 2026", ""),
            ("22:00–05:00", ""),
            ("Luc Mertens", ""),
        ],
    ]
    table_html = (
        '<table class="MsoNormalTable" border="0" cellspacing="0" cellpadding="0" '
        'style="border-collapse:collapse">\r\n<tr>'
        + "".join(th % h for h in ("District", "Dates", "Working hours", "Crew lead"))
        + "</tr>\r\n"
        + "".join("<tr>" + "".join(td % (attr, v) for v, attr in r) + "</tr>\r\n" for r in rows)
        + "</table>\r\n"
    )
    html = (
        '<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">'
        '<head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n'
        '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">\r\n'
        "<style><!--\r\np.MsoNormal, li.MsoNormal, div.MsoNormal\r\n\t{margin:0cm;font-size:11.0pt;"
        'font-family:"Calibri",sans-serif;}\r\n.MsoChpDefault\r\n\t{mso-style-type:export-only;}\r\n'
        "--></style></head>"
        '<body lang="EN-GB" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">'
        '<div class="WordSection1">\r\n'
        '<p class="MsoNormal">Hi all,<o:p></o:p></p>\r\n'
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Below are the dates for the December hydrant flushing programme. '
        "We flush at night to keep discoloured-water complaints down; customer letters go out "
        "7 days before each start date.<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        + table_html
        + '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">After flushing, each DMA is sampled the next morning (turbidity '
        "and free chlorine). If a customer still reports discoloured water more than 24 hours "
        "after flushing, raise a P3 job in Maximo.<o:p></o:p></p>\r\n"
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal">Thanks,<o:p></o:p></p>\r\n'
        '<p class="MsoNormal">Tobias<o:p></o:p></p>\r\n'
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\r\n'
        '<p class="MsoNormal"><b><span style="font-size:10.0pt;color:#1F3864">Tobias Engel'
        '</span></b><span style="font-size:10.0pt;color:#1F3864"><br>Network Planning | '
        "Veldmark Water<br>+49 241 555 0162<o:p></o:p></span></p>\r\n"
        "</div>\r\n</body>\r\n</html>\r\n"
    )
    msg = MIMEText(html, "html", qp_charset("utf-8"))
    ct = msg["Content-Type"]
    cte = msg["Content-Transfer-Encoding"]
    for h in ("Content-Type", "Content-Transfer-Encoding", "MIME-Version"):
        del msg[h]
    hdrs = [
        ("From", "Tobias Engel <t.engel@veldmark-water.example>"),
        ("To", "Network Operations - all <network-ops-all@veldmark-water.example>"),
        ("CC", "Customer Service <customer-service@veldmark-water.example>"),
        ("Subject", "Hydrant flushing programme December 2026 - dates and night work"),
        ("Thread-Topic", "Hydrant flushing programme December 2026 - dates and night work"),
        ("Thread-Index", "AdteWc3q0yHq9T5bR0aQ1hPqGf7uXA=="),
        ("Date", email.utils.format_datetime(datetime(2026, 11, 23, 11, 5, 47, tzinfo=CET))),
        (
            "Message-ID",
            "<AM0PR08MB5412B7C2D95E4F0A3B6C8D1E49@AM0PR08MB5412.eurprd08.prod.outlook.example>",
        ),
        ("Accept-Language", "en-GB, de-DE"),
        ("Content-Language", "en-GB"),
        ("X-MS-Has-Attach", ""),
        ("X-Mailer", "Microsoft Outlook 16.0"),
        ("Content-Type", ct),
        ("Content-Transfer-Encoding", cte),
        ("MIME-Version", "1.0"),
    ]
    for k, v in hdrs:
        msg[k] = v
    write_eml(msg, "ops/2026-11-23-hydrant-flushing-december.eml")


def main():
    make_burst_odt()
    make_rufbereitschaft_odt()
    make_confined_space_odt()
    make_price_list_ods()
    make_rota_ods()
    make_meterread_eml()
    make_betriebsruhe_eml()
    make_flushing_eml()
    print("pages written to", PAGES)


if __name__ == "__main__":
    main()
