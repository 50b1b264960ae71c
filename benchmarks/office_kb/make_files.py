#!/usr/bin/env python3
"""Regenerate benchmarks/office_kb/pages/: the Office files of the invented Harrowgate Clinics Group.

Deterministic and re-runnable: the pages/ folder is deleted and rebuilt, document dates are fixed
and every zip member gets the same timestamp, so two runs give byte-identical files.

Word files are built with python-docx for the package and default styles, and raw
WordprocessingML (lxml) for what python-docx has no API for: multi-level numbering, tracked
changes, comments, footnotes, text boxes, a TOC field with cached entries, hyperlinks, merge
fields and merged table cells. Excel files use openpyxl, PowerPoint files python-pptx.

Needs python-docx, openpyxl, python-pptx and lxml (the project's .venv has them).
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from docx import Document
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.shared import Cm, Pt

HERE = Path(__file__).resolve().parent
OUT = HERE / "pages"
ZIP_TIME = (2026, 11, 27, 9, 0, 0)

NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "wp14": "http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "wps": "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "v": "urn:schemas-microsoft-com:vml",
    "o": "urn:schemas-microsoft-com:office:office",
    "w10": "urn:schemas-microsoft-com:office:word",
}
DECL = " ".join(f'xmlns:{k}="{v}"' for k, v in NS.items())
W = "{%s}" % NS["w"]

CT_FOOTNOTES = "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"
CT_COMMENTS = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"

EXTRA_STYLES = """
<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:rPr><w:color w:val="0563C1" w:themeColor="hyperlink"/><w:u w:val="single"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:autoRedefine/><w:uiPriority w:val="39"/><w:unhideWhenUsed/><w:pPr><w:spacing w:after="100"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="TOC2"><w:name w:val="toc 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:autoRedefine/><w:uiPriority w:val="39"/><w:unhideWhenUsed/><w:pPr><w:spacing w:after="100"/><w:ind w:left="220"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="FootnoteText"><w:name w:val="footnote text"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>
<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:pPr><w:spacing w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>
<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr></w:style>
"""

# Multi-level numbered list (1. / a) / i.) and Word's own bullet definition (Symbol, Courier New, Wingdings).
ABSTRACT_NUMS = """
<w:abstractNum w:abstractNumId="20"><w:nsid w:val="5D3A1C20"/><w:multiLevelType w:val="hybridMultilevel"/><w:tmpl w:val="0809000F"/>
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr></w:lvl>
<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%3."/><w:lvlJc w:val="right"/><w:pPr><w:ind w:left="2160" w:hanging="180"/></w:pPr></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="21"><w:nsid w:val="2F6B4E21"/><w:multiLevelType w:val="hybridMultilevel"/><w:tmpl w:val="08090001"/>
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uf0b7"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New" w:hint="default"/></w:rPr></w:lvl>
<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uf0a7"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="2160" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings" w:hint="default"/></w:rPr></w:lvl>
</w:abstractNum>
"""


def frag(xml: str):
    """Parse a WordprocessingML fragment; return its top-level elements."""
    root = parse_xml(f"<w:root {DECL}>{xml}</w:root>")
    return list(root)


def wt(text: str) -> str:
    return f'<w:t xml:space="preserve">{escape(text)}</w:t>'


def rpr(b=False, i=False, style=None, color=None, size=None) -> str:
    out = ""
    if style:
        out += f'<w:rStyle w:val="{style}"/>'
    if b:
        out += "<w:b/>"
    if i:
        out += "<w:i/>"
    if color:
        out += f'<w:color w:val="{color}"/>'
    if size:
        out += f'<w:sz w:val="{size}"/><w:szCs w:val="{size}"/>'
    return f"<w:rPr>{out}</w:rPr>" if out else ""


def run(text: str, **kw) -> str:
    parts = text.split("\t")
    body = "<w:tab/>".join(wt(p) if p else "" for p in parts)
    return f"<w:r>{rpr(**kw)}{body}</w:r>"


def fld(instr: str, cached: str, **kw) -> str:
    return f'<w:fldSimple w:instr=" {escape(instr, {chr(34): "&quot;"})} "><w:r>{rpr(**kw)}{wt(cached)}</w:r></w:fldSimple>'


class Docx:
    """A Word document built paragraph by paragraph from small segment lists.

    A paragraph is a list of segments: a plain string, or a tuple
    ("b", text) bold, ("i", text) italic, ("ins", text) / ("del", text) tracked change,
    ("link", text, url) hyperlink, ("fn", text) footnote, ("field", instr, cached) simple field,
    ("cmt", [segments], remark, author) comment around segments.
    """

    def __init__(
        self,
        *,
        title,
        doc_no,
        version,
        issued,
        owner,
        header_title,
        modified,
        created,
        author,
        last_modified_by,
        revision,
        subject="",
        keywords="",
        change_author=None,
        change_date=None,
        footer_note="Uncontrolled when printed",
        page_word="Page",
        of_word="of",
        language="en-GB",
        track_revisions=False,
    ):
        self.doc = Document()
        self.title = title
        self.meta = dict(
            doc_no=doc_no,
            version=version,
            issued=issued,
            owner=owner,
            header_title=header_title,
            modified=modified,
            created=created,
            author=author,
            last_modified_by=last_modified_by,
            revision=revision,
            subject=subject,
            keywords=keywords,
            footer_note=footer_note,
            page_word=page_word,
            of_word=of_word,
            language=language,
        )
        self.change_author = change_author or last_modified_by
        self.change_date = change_date or modified.strftime("%Y-%m-%dT%H:%M:00Z")
        self.track_revisions = track_revisions
        self.body = self.doc.element.body
        self.next_id = 100
        self.footnotes: list[str] = []
        self.comments: list[tuple[int, str, str, str, str]] = []
        self.num_ids: list[int] = []
        self.headings: list[tuple[int, str, str, int]] = []
        self.toc_marker = None
        self.n_paras = 0
        self._setup()

    # ----- setup / finish -------------------------------------------------------------------
    def _setup(self):
        sec = self.doc.sections[0]
        sec.page_width, sec.page_height = Cm(21.0), Cm(29.7)
        sec.left_margin = sec.right_margin = Cm(2.2)
        sec.top_margin, sec.bottom_margin = Cm(2.4), Cm(2.2)
        normal = self.doc.styles["Normal"]
        normal.font.name = "Calibri"
        normal.font.size = Pt(11)
        styles_el = self.doc.styles.element
        for el in frag(EXTRA_STYLES):
            styles_el.append(el)
        rpr_default = styles_el.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr")
        if rpr_default is not None:
            for old in rpr_default.findall(f"{W}lang"):
                rpr_default.remove(old)
            for el in frag(f'<w:lang w:val="{self.meta["language"]}"/>'):
                rpr_default.append(el)

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def _add(self, xml: str):
        sect = self.body.find(f"{W}sectPr")
        for el in frag(xml):
            sect.addprevious(el)
        return el

    # ----- inline rendering -----------------------------------------------------------------
    def render(self, segs, **kw) -> str:
        if isinstance(segs, str):
            segs = [segs]
        out = []
        for s in segs:
            if isinstance(s, str):
                if s:
                    out.append(run(s, **kw))
                continue
            kind = s[0]
            if kind == "b":
                out.append(run(s[1], **{**kw, "b": True}))
            elif kind == "i":
                out.append(run(s[1], **{**kw, "i": True}))
            elif kind == "ins":
                out.append(
                    f'<w:ins w:id="{self._new_id()}" w:author="{escape(self.change_author)}" '
                    f'w:date="{self.change_date}">{run(s[1], **kw)}</w:ins>'
                )
            elif kind == "del":
                out.append(
                    f'<w:del w:id="{self._new_id()}" w:author="{escape(self.change_author)}" '
                    f'w:date="{self.change_date}"><w:r>{rpr(**kw)}'
                    f'<w:delText xml:space="preserve">{escape(s[1])}</w:delText></w:r></w:del>'
                )
            elif kind == "link":
                rid = self.doc.part.relate_to(s[2], RT.HYPERLINK, is_external=True)
                out.append(
                    f'<w:hyperlink r:id="{rid}" w:history="1">'
                    f"{run(s[1], **{**kw, 'style': 'Hyperlink'})}</w:hyperlink>"
                )
            elif kind == "fn":
                self.footnotes.append(s[1])
                fid = len(self.footnotes)
                out.append(
                    f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr>'
                    f'<w:footnoteReference w:id="{fid}"/></w:r>'
                )
            elif kind == "field":
                out.append(fld(s[1], s[2], **kw))
            elif kind == "cmt":
                cid = len(self.comments)
                self.comments.append(
                    (
                        cid,
                        s[2],
                        s[3],
                        s[4] if len(s) > 4 else "",
                        s[5] if len(s) > 5 else self.change_date,
                    )
                )
                out.append(
                    f'<w:commentRangeStart w:id="{cid}"/>{self.render(s[1], **kw)}'
                    f'<w:commentRangeEnd w:id="{cid}"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/>'
                    f'</w:rPr><w:commentReference w:id="{cid}"/></w:r>'
                )
            else:
                raise ValueError(kind)
        return "".join(out)

    def ppr(
        self, style=None, num=None, lvl=0, jc=None, keep_next=False, shade=None, spacing_after=None
    ) -> str:
        out = ""
        if style:
            out += f'<w:pStyle w:val="{style}"/>'
        if keep_next:
            out += "<w:keepNext/>"
        if num is not None:
            out += f'<w:numPr><w:ilvl w:val="{lvl}"/><w:numId w:val="{num}"/></w:numPr>'
        if shade:
            out += f'<w:shd w:val="clear" w:color="auto" w:fill="{shade}"/>'
        if spacing_after is not None:
            out += f'<w:spacing w:after="{spacing_after}"/>'
        if jc:
            out += f'<w:jc w:val="{jc}"/>'
        return f"<w:pPr>{out}</w:pPr>" if out else ""

    def p_xml(self, segs, run_kw=None, **kw) -> str:
        return f"<w:p>{self.ppr(**kw)}{self.render(segs, **(run_kw or {}))}</w:p>"

    # ----- block API ------------------------------------------------------------------------
    def para(self, segs, run_kw=None, **kw):
        self.n_paras += 1
        self._add(self.p_xml(segs, run_kw=run_kw, **kw))

    def title_para(self, text):
        self.para(text, style="Title")

    def h(self, level: int, text: str):
        bid = self._new_id()
        name = f"_Toc{215480000 + bid}"
        page = 1 + self.n_paras // 22
        if level <= 2:
            self.headings.append((level, text, name, page))
        self.n_paras += 2
        self._add(
            f'<w:p>{self.ppr(style=f"Heading{level}")}<w:bookmarkStart w:id="{bid}" w:name="{name}"/>'
            f'{run(text)}<w:bookmarkEnd w:id="{bid}"/></w:p>'
        )

    def _new_num(self, abstract: int) -> int:
        nid = 20 + len(self.num_ids)
        self.num_ids.append((nid, abstract))
        return nid

    def _list(self, items, abstract, lvl=0, nid=None):
        nid = nid or self._new_num(abstract)
        for item in items:
            if (
                isinstance(item, tuple)
                and len(item) == 2
                and isinstance(item[1], list)
                and item[0] != "b"
            ):
                self.para(item[0], style="ListParagraph", num=nid, lvl=lvl)
                self._list(item[1], abstract, lvl + 1, nid)
            else:
                self.para(item, style="ListParagraph", num=nid, lvl=lvl)
        return nid

    def numbered(self, items):
        """items: segments, or (segments, [sub-items]) for a nested level."""
        return self._list(items, 20)

    def bullets(self, items):
        return self._list(items, 21)

    def cell_xml(self, cell, width, header=False):
        if not isinstance(cell, dict):
            cell = {"t": cell}
        tcpr = f'<w:tcW w:w="{width}" w:type="dxa"/>'
        if cell.get("span"):
            tcpr += f'<w:gridSpan w:val="{cell["span"]}"/>'
        if cell.get("vm") == "restart":
            tcpr += '<w:vMerge w:val="restart"/>'
        elif cell.get("vm") == "cont":
            tcpr += "<w:vMerge/>"
        shade = cell.get("shade") or ("D9E2F3" if header else None)
        if shade:
            tcpr += f'<w:shd w:val="clear" w:color="auto" w:fill="{shade}"/>'
        if cell.get("vm"):
            tcpr += '<w:vAlign w:val="center"/>'
        bold = header or cell.get("b", False)
        paras = cell.get("paras") or [cell.get("t", "")]
        body = "".join(
            f"<w:p>{self.ppr(spacing_after=40)}{self.render(p, b=bold) if p else ''}</w:p>"
            for p in paras
        )
        return f"<w:tc><w:tcPr>{tcpr}</w:tcPr>{body}</w:tc>"

    def table(self, rows, widths, header_rows=1, style="TableGrid"):
        grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in widths)
        out = [
            f'<w:tbl><w:tblPr><w:tblStyle w:val="{style}"/><w:tblW w:w="5000" w:type="pct"/>'
            f'<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" '
            f'w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>'
        ]
        for ri, row in enumerate(rows):
            header = ri < header_rows
            trpr = (
                "<w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>"
                if header
                else "<w:trPr><w:cantSplit/></w:trPr>"
            )
            cells, col = [], 0
            for cell in row:
                span = cell.get("span", 1) if isinstance(cell, dict) else 1
                cells.append(self.cell_xml(cell, sum(widths[col : col + span]), header))
                col += span
            out.append(f"<w:tr>{trpr}{''.join(cells)}</w:tr>")
            self.n_paras += 1
        out.append("</w:tbl>")
        self._add("".join(out))
        self.para("", spacing_after=0)

    def textbox(self, anchor_segs, box_paras, *, name="Text Box 1", width_cm=6.2, height_cm=5.2):
        """A floating text box (DrawingML wps shape with a VML fallback, as Word saves it),
        anchored in a paragraph that also holds anchor_segs."""
        cx, cy = int(width_cm * 360000), int(height_cm * 360000)
        inner = "".join(self.p_xml(p, run_kw=kw, spacing_after=60) for p, kw in box_paras)
        inner2 = "".join(self.p_xml(p, run_kw=kw, spacing_after=60) for p, kw in box_paras)
        wpt, hpt = width_cm * 28.35, height_cm * 28.35
        drawing = f"""<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>
<wp:anchor distT="45720" distB="45720" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1" wp14:anchorId="3C1E7A52" wp14:editId="6B9D04F1">
<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="margin"><wp:align>right</wp:align></wp:positionH>
<wp:positionV relativeFrom="paragraph"><wp:posOffset>45720</wp:posOffset></wp:positionV>
<wp:extent cx="{cx}" cy="{cy}"/><wp:effectExtent l="0" t="0" r="19050" b="19050"/><wp:wrapSquare wrapText="bothSides"/>
<wp:docPr id="1" name="{name}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks/></wp:cNvGraphicFramePr>
<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>
<wps:cNvSpPr txBox="1"><a:spLocks noChangeArrowheads="1"/></wps:cNvSpPr>
<wps:spPr bwMode="auto"><a:xfrm><a:off x="0" y="0"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>
<a:solidFill><a:srgbClr val="EAF1F8"/></a:solidFill><a:ln w="9525"><a:solidFill><a:srgbClr val="1F4E79"/></a:solidFill><a:miter lim="800000"/><a:headEnd/><a:tailEnd/></a:ln></wps:spPr>
<wps:txbx><w:txbxContent>{inner}</w:txbxContent></wps:txbx>
<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t" anchorCtr="0"><a:noAutofit/></wps:bodyPr>
</wps:wsp></a:graphicData></a:graphic>
<wp14:sizeRelH relativeFrom="margin"><wp14:pctWidth>0</wp14:pctWidth></wp14:sizeRelH><wp14:sizeRelV relativeFrom="margin"><wp14:pctHeight>0</wp14:pctHeight></wp14:sizeRelV>
</wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict>
<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>
<v:shape id="{name}" o:spid="_x0000_s1026" type="#_x0000_t202" style="position:absolute;margin-left:0;margin-top:3.6pt;width:{wpt:.1f}pt;height:{hpt:.1f}pt;z-index:251659264;visibility:visible;mso-wrap-style:square;mso-position-horizontal:right;mso-position-horizontal-relative:margin;mso-position-vertical-relative:text" fillcolor="#eaf1f8" strokecolor="#1f4e79">
<v:textbox><w:txbxContent>{inner2}</w:txbxContent></v:textbox><w10:wrap type="square"/></v:shape>
</w:pict></mc:Fallback></mc:AlternateContent></w:r>"""
        self.n_paras += 1
        self._add(f"<w:p>{self.ppr()}{drawing}{self.render(anchor_segs)}</w:p>")

    def toc(self):
        self.toc_marker = self._add("<w:p/>")

    def page_break(self):
        self._add('<w:p><w:r><w:br w:type="page"/></w:r></w:p>')

    # ----- parts ----------------------------------------------------------------------------
    def _build_toc(self):
        if self.toc_marker is None:
            return
        tab = '<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9345"/></w:tabs>'
        entries = []
        for i, (level, text, name, page) in enumerate(self.headings):
            begin = ""
            if i == 0:
                begin = (
                    '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">'
                    ' TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
                )
            entries.append(
                f'<w:p><w:pPr><w:pStyle w:val="TOC{level}"/>{tab}</w:pPr>{begin}'
                f'<w:hyperlink w:anchor="{name}" w:history="1">{run(text)}<w:r><w:tab/></w:r>'
                f'<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGEREF {name} \\h </w:instrText></w:r>'
                f'<w:r><w:fldChar w:fldCharType="separate"/></w:r>{run(str(page))}<w:r><w:fldChar w:fldCharType="end"/></w:r>'
                f"</w:hyperlink></w:p>"
            )
        entries.append('<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
        sdt = (
            f'<w:sdt><w:sdtPr><w:id w:val="-1759906742"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/>'
            f"<w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>"
            f'<w:p><w:pPr><w:pStyle w:val="TOCHeading"/></w:pPr>{run("Contents")}</w:p>{"".join(entries)}'
            f"</w:sdtContent></w:sdt>"
        )
        for el in frag(sdt):
            self.toc_marker.addprevious(el)
        self.toc_marker.getparent().remove(self.toc_marker)

    def _build_numbering(self):
        if not self.num_ids:
            return
        numbering = self.doc.part.numbering_part.element
        first_num = numbering.find(f"{W}num")
        for el in frag(ABSTRACT_NUMS):
            first_num.addprevious(el)
        for nid, abstract in self.num_ids:
            restart = (
                '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>'
                if abstract == 20
                else ""
            )
            for el in frag(
                f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{abstract}"/>{restart}</w:num>'
            ):
                numbering.append(el)

    def _build_footnotes(self):
        if not self.footnotes:
            return
        notes = [
            '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>',
            '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>',
        ]
        for i, text in enumerate(self.footnotes, 1):
            notes.append(
                f'<w:footnote w:id="{i}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
                f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
                f"{run(' ' + text)}</w:p></w:footnote>"
            )
        xml = (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes {DECL}>'
            + "".join(notes)
            + "</w:footnotes>"
        )
        part = Part(
            PackURI("/word/footnotes.xml"), CT_FOOTNOTES, xml.encode("utf-8"), self.doc.part.package
        )
        self.doc.part.relate_to(part, RT.FOOTNOTES)
        settings = self.doc.settings.element
        compat = settings.find(f"{W}compat")
        for el in frag(
            '<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>'
        ):
            compat.addprevious(el)

    def _build_comments(self):
        if not self.comments:
            return
        items = []
        for cid, remark, author, initials, date in self.comments:
            items.append(
                f'<w:comment w:id="{cid}" w:author="{escape(author)}" w:date="{date}" w:initials="{initials}">'
                f'<w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="CommentReference"/>'
                f"</w:rPr><w:annotationRef/></w:r>{run(remark)}</w:p></w:comment>"
            )
        xml = (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments {DECL}>'
            + "".join(items)
            + "</w:comments>"
        )
        part = Part(
            PackURI("/word/comments.xml"), CT_COMMENTS, xml.encode("utf-8"), self.doc.part.package
        )
        self.doc.part.relate_to(part, RT.COMMENTS)

    def _build_settings(self):
        if self.track_revisions:
            settings = self.doc.settings.element
            for el in frag("<w:trackRevisions/>"):
                settings.find(f"{W}defaultTabStop").addprevious(el)

    def _build_header_footer(self):
        m = self.meta
        sec = self.doc.sections[0]
        hdr = sec.header
        hdr.is_linked_to_previous = False
        p = hdr.paragraphs[0]._p
        for old in p.findall(f"{W}pPr"):
            p.remove(old)
        for el in frag(
            '<w:pPr><w:pStyle w:val="Header"/><w:tabs><w:tab w:val="clear" w:pos="4513"/>'
            '<w:tab w:val="right" w:pos="9345"/></w:tabs></w:pPr>'
            + run("Harrowgate Clinics Group", b=True, color="1F4E79")
            + run(f"\t{m['doc_no']}  {m['header_title']}", size=18)
        ):
            p.append(el)
        p2 = hdr.add_paragraph()._p
        for el in frag(
            '<w:pPr><w:pStyle w:val="Header"/><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="1F4E79"/></w:pBdr>'
            '<w:tabs><w:tab w:val="clear" w:pos="4513"/><w:tab w:val="right" w:pos="9345"/></w:tabs></w:pPr>'
            + run(f"Version {m['version']}", size=18)
            + run(f"\t{m['issued']}", size=18)
        ):
            p2.append(el)
        ftr = sec.footer
        ftr.is_linked_to_previous = False
        f = ftr.paragraphs[0]._p
        for old in f.findall(f"{W}pPr"):
            f.remove(old)
        for el in frag(
            '<w:pPr><w:pStyle w:val="Footer"/><w:tabs><w:tab w:val="clear" w:pos="4513"/>'
            '<w:tab w:val="right" w:pos="9345"/></w:tabs></w:pPr>'
            + run(
                f"{m['footer_note']} · {m['doc_no']} v{m['version']} · Owner: {m['owner']}", size=16
            )
            + run(f"\t{m['page_word']} ", size=16)
            + fld("PAGE \\* MERGEFORMAT", "1", size=16)
            + run(f" {m['of_word']} ", size=16)
            + fld("NUMPAGES \\* MERGEFORMAT", "3", size=16)
        ):
            f.append(el)

    def _build_props(self):
        m = self.meta
        cp = self.doc.core_properties
        cp.title = self.title
        cp.subject = m["subject"]
        cp.author = m["author"]
        cp.last_modified_by = m["last_modified_by"]
        cp.revision = m["revision"]
        cp.created = m["created"]
        cp.modified = m["modified"]
        cp.keywords = m["keywords"]
        cp.comments = ""
        cp.category = m["doc_no"].split("-")[0]
        cp.language = m["language"]
        for part in self.doc.part.package.iter_parts():
            if str(part.partname) == "/docProps/app.xml":
                part._blob = (
                    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
                    'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
                    f"<Template>Normal.dotm</Template><TotalTime>{37 + m['revision'] * 11}</TotalTime>"
                    "<Application>Microsoft Office Word</Application><DocSecurity>0</DocSecurity>"
                    "<ScaleCrop>false</ScaleCrop><Company>Harrowgate Clinics Group</Company>"
                    "<LinksUpToDate>false</LinksUpToDate><SharedDoc>true</SharedDoc>"
                    "<HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0000</AppVersion></Properties>"
                ).encode()

    def save(self, rel_path: str):
        self._build_toc()
        self._build_numbering()
        self._build_footnotes()
        self._build_comments()
        self._build_settings()
        self._build_header_footer()
        self._build_props()
        path = OUT / rel_path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.doc.save(str(path))
        normalize_zip(path)
        return path


def normalize_zip(path: Path, modified: str | None = None):
    """Rewrite a zip package with fixed timestamps (and, for openpyxl, a fixed modified date)."""
    with zipfile.ZipFile(path) as zin:
        items = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items:
            if modified and name == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>" + modified.encode() + rb"\g<2>",
                    data,
                )
            zi = zipfile.ZipInfo(name, ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)


def d(y, mo, da, h=9, mi=0):
    return dt.datetime(y, mo, da, h, mi, 0)


# =================================================================================================
# Word documents
# =================================================================================================


def doc_control(b: Docx, rows):
    b.table(
        [[{"t": k, "b": True, "shade": "F2F2F2"}, v] for k, v in rows], [2600, 6745], header_rows=0
    )


def annual_leave():
    b = Docx(
        title="Annual Leave Policy",
        doc_no="HR-POL-003",
        version="3.0",
        issued="Issued 1 September 2026",
        owner="Head of People",
        header_title="Annual Leave Policy",
        modified=d(2026, 9, 1, 10, 42),
        created=d(2019, 3, 4, 14, 5),
        author="Rachel Sowerby",
        last_modified_by="Joanne Pryce",
        revision=14,
        subject="HR policy",
        keywords="annual leave; holiday; carry over; ShiftPlan",
    )
    b.title_para("Annual Leave Policy")
    doc_control(
        b,
        [
            ("Document number", "HR-POL-003"),
            ("Version", "3.0"),
            ("Owner", "Rachel Sowerby, Head of People"),
            ("Approved", "Executive Team, 26 August 2026"),
            (
                "Applies to",
                "All employees in our UK clinics and at Harrogate head office. Dublin and Cork: "
                "see Irish Clinics – Local Arrangements.",
            ),
        ],
    )
    b.toc()
    b.h(1, "1. Purpose and scope")
    b.para(
        "This policy explains how much paid annual leave you get, how to book it and what happens to leave "
        "you have not taken. It applies to all employees working in our UK clinics and at Harrogate head "
        "office, whether full-time or part-time. Self-employed associate dentists agree their time off in "
        "their associate agreement and are not covered by this policy."
    )
    b.h(1, "2. Entitlement")
    b.para(
        [
            "Your entitlement depends on your staff group and on your length of continuous service at the start "
            "of the leave year",
            (
                "fn",
                "The leave year runs from 1 April to 31 March. Length of service is counted "
                "on the first day of the leave year, so an increase applies from the start "
                "of the following leave year.",
            ),
            ". The figures below are for full-time staff (37.5 hours a week) and are in addition to the 8 bank "
            "holidays in England.",
        ]
    )
    b.table(
        [
            [
                {"t": "Staff group", "vm": "restart"},
                {"t": "Length of continuous service", "span": 3},
            ],
            [{"t": "", "vm": "cont"}, "Under 2 years", "2 to 5 years", "Over 5 years"],
            [
                "Clinical staff (physiotherapists, sports therapists, dentists, dental hygienists)",
                "25 days",
                "27 days",
                "29 days",
            ],
            [
                "Dental nurses, receptionists and patient coordinators",
                "23 days",
                "25 days",
                "27 days",
            ],
            ["Cleaning and support staff", "23 days", "24 days", "26 days"],
            ["Head office staff", "25 days", "26 days", "28 days"],
            [
                {
                    "t": "Part-time staff: your entitlement is calculated in hours, pro rata to 37.5 hours a week, and "
                    "includes a pro-rata share of the bank holidays.",
                    "span": 4,
                    "shade": "F2F2F2",
                }
            ],
        ],
        [3745, 1867, 1867, 1866],
        header_rows=2,
    )
    b.h(2, "2.1 Bank holidays")
    b.para(
        "Clinics are closed on bank holidays. If your clinic manager asks you to work on a bank holiday, you "
        "receive a day off in lieu, which must be taken within 3 months."
    )
    b.h(1, "3. Booking leave")
    b.para(
        [
            "All leave is booked in ShiftPlan, our rota system (",
            ("link", "shiftplan.harrowgate.example", "https://shiftplan.harrowgate.example/"),
            ", sign in with your Harrowgate Microsoft account). Do not agree leave verbally with colleagues or "
            "by text message.",
        ]
    )
    b.numbered(
        [
            "Check the clinic leave calendar in ShiftPlan to see who is already off.",
            (
                "Submit your request in ShiftPlan under Absence › Request leave:",
                [
                    "choose \u201cAnnual leave\u201d as the absence type;",
                    "give at least 4 weeks\u2019 notice for 5 or more consecutive days, and at least 1 week\u2019s notice for shorter leave;",
                    "if you have patients booked on those days, tick \u201cPatients to move\u201d so that reception can contact them.",
                ],
            ),
            "Your clinic manager approves or declines the request in ShiftPlan within 5 working days. If you have "
            "heard nothing after 5 working days, contact HR.",
            (
                "Once the leave is approved, reception blocks your diary in the patient booking system:",
                [
                    "patients already booked are offered another clinician at the same clinic first;",
                    "if nobody is available, they are offered an appointment at the nearest clinic.",
                ],
            ),
            "Do not book travel until your leave has been approved.",
        ]
    )
    b.h(2, "3.1 Busy periods")
    b.bullets(
        [
            [
                (
                    "cmt",
                    [
                        "No more than two clinicians from the same clinic may be on leave on the same day."
                    ],
                    "Several managers have asked whether this includes hygienists. Can we clarify this at the next review? "
                    "Not changing it for v3.0.",
                    "Joanne Pryce",
                    "JP",
                    "2026-08-19T15:31:00Z",
                )
            ],
            "Reception staff: leave in the two weeks before Christmas is approved only in exceptional circumstances.",
            "School holiday weeks are allocated first come, first served; your manager may ask you to alternate with "
            "colleagues from one year to the next.",
        ]
    )
    b.h(1, "4. Carrying leave over")
    b.para(
        "You may carry over up to 5 days of unused leave into the next leave year. Carried-over days must be "
        "taken by 30 June, otherwise they are lost. Carrying over more than 5 days needs written approval from "
        "your Regional Manager and is only agreed in exceptional cases, such as long-term sickness."
    )
    b.h(1, "5. Leave when you leave")
    b.para(
        "If you leave the company, you are paid for leave you have accrued but not taken. If you have taken "
        "more leave than you have accrued, the difference is deducted from your final pay."
    )
    b.h(1, "6. Related documents")
    b.bullets(
        [
            "Staff Handbook – Chapter 5: Sickness Absence",
            "Irish Clinics – Local Arrangements",
            "CPD and Training Allowance Policy (study leave)",
        ]
    )
    return b.save("HR/Annual Leave Policy.docx")


def expenses():
    b = Docx(
        title="Expenses and Mileage Policy",
        doc_no="FIN-POL-007",
        version="4.2",
        issued="Applies to journeys from 1 October 2026",
        owner="Finance Director",
        header_title="Expenses and Mileage Policy",
        modified=d(2026, 9, 24, 16, 8),
        created=d(2018, 1, 15, 11, 0),
        author="Lorna Metcalfe",
        last_modified_by="Lorna Metcalfe",
        revision=23,
        subject="Finance policy",
        keywords="expenses; mileage; meals; Expenses Online",
        change_author="Lorna Metcalfe",
        change_date="2026-09-24T15:52:00Z",
        track_revisions=True,
    )
    b.title_para("Expenses and Mileage Policy")
    b.para(
        [
            (
                "i",
                "Version 4.2 was approved by the Finance Director on 25 September 2026 and applies to journeys "
                "from 1 October 2026. Changes since version 4.1 are left visible as tracked changes so that "
                "managers can see what has changed.",
            )
        ]
    )
    b.h(1, "1. Purpose")
    b.para(
        "This policy sets out what Harrowgate Clinics Group reimburses when you travel on company business, "
        "for example between clinics, to a patient\u2019s home for a home visit, or to an approved training "
        "course. It applies to all UK employees. Staff at our Dublin and Cork clinics use the Irish rates in "
        "Irish Clinics – Local Arrangements."
    )
    b.h(1, "2. General rules")
    b.bullets(
        [
            "Claim only costs you have actually paid while on company business.",
            "Your normal journey between home and your base clinic is not business travel and cannot be claimed.",
            "Use the cheapest practical option: standard-class rail, booked at least 7 days ahead where possible.",
            "Overnight accommodation must be approved in advance by your Regional Manager.",
        ]
    )
    b.h(1, "3. Mileage")
    b.para(
        "If you use your own vehicle for a business journey, you can claim mileage at the rates below. Rates "
        "are per business mile; the 10,000-mile threshold applies per tax year (6 April to 5 April)."
    )
    b.table(
        [
            [
                "Vehicle type",
                "First 10,000 business miles",
                "Over 10,000 business miles",
                "Documents we need",
            ],
            [
                "Car (petrol, diesel or hybrid)",
                {
                    "t": [
                        (
                            "cmt",
                            [("del", "45p"), ("ins", "52p")],
                            "Payroll to confirm that the part above the HMRC approved rate is reported as a taxable benefit. "
                            "Not for publication.",
                            "Lorna Metcalfe",
                            "LM",
                            "2026-09-24T15:55:00Z",
                        ),
                        " per mile",
                    ]
                },
                "25p per mile",
                {
                    "t": "Driving licence, MOT certificate and insurance that covers business use, checked every April by "
                    "your clinic manager",
                    "vm": "restart",
                },
            ],
            ["Fully electric car", "47p per mile", "25p per mile", {"t": "", "vm": "cont"}],
            [
                "Motorcycle",
                {"t": "24p per mile, all business miles", "span": 2},
                "Driving licence and insurance that covers business use",
            ],
            [
                "Bicycle (including e-bikes)",
                {"t": "20p per mile, all business miles", "span": 2},
                "None",
            ],
        ],
        [2600, 2000, 2000, 2745],
    )
    b.para(
        "Passenger supplement: add 5p per mile for each colleague you take with you on the same business journey."
    )
    b.h(1, "4. Meals")
    b.para(
        "You may claim for meals when a business journey keeps you away from your base clinic for longer than "
        "a normal working day allows for. Receipts are required, and alcohol is never reimbursed."
    )
    b.table(
        [
            ["Time away from your base clinic", "Most you can claim"],
            ["More than 5 hours", "£8.50"],
            ["More than 10 hours", "£16.00"],
            ["Breakfast, if you leave home before 06:30 (in addition)", "£6.00"],
        ],
        [5600, 3745],
    )
    b.h(1, "5. How to claim")
    b.numbered(
        [
            [
                "Log in to Expenses Online (",
                ("link", "expenses.harrowgate.example", "https://expenses.harrowgate.example/"),
                ") with your Harrowgate Microsoft account.",
            ],
            (
                "Create a claim for the month and add each journey:",
                [
                    "choose \u201cMileage – own vehicle\u201d and your vehicle type;",
                    "enter the start and end postcodes; the system works out the miles and takes off your normal home-to-base journey;",
                    "give the reason for the journey, for example \u201chome visit\u201d and the booking reference – never the patient\u2019s name.",
                ],
            ),
            "Add any other items (parking, rail fares, meals) and attach a photo of each receipt.",
            "Submit the claim by the 5th working day of the following month. Claims more than 90 days old are not paid.",
            "Your clinic manager approves the claim, and approved claims are paid with your next monthly salary.",
        ]
    )
    b.para("Questions about expenses: Finance team, ext. 2150, finance@harrowgate.example.")
    b.h(1, "6. Changes in this version")
    b.para(
        "Version 4.2 updates the car mileage rate in section 3. Nothing else has changed since version 4.1."
    )
    return b.save("Finance/Expenses and Mileage Policy.docx")


def cpd_policy():
    b = Docx(
        title="CPD and Training Allowance Policy",
        doc_no="HR-POL-011",
        version="3.0",
        issued="Issued 1 October 2026",
        owner="Head of People",
        header_title="CPD and Training Allowance Policy",
        modified=d(2026, 10, 1, 8, 55),
        created=d(2021, 3, 1, 10, 20),
        author="Rachel Sowerby",
        last_modified_by="Rachel Sowerby",
        revision=9,
        subject="HR policy",
        keywords="CPD; training; study leave; Learning Hub",
    )
    b.title_para("CPD and Training Allowance Policy")
    b.toc()
    b.h(1, "1. Purpose")
    b.para(
        "We want every clinician and every member of the support team to keep their skills and professional "
        "registration up to date. This policy sets out the yearly CPD allowance, paid study leave and how to "
        "apply for a course."
    )
    b.h(1, "2. Who it applies to")
    b.para(
        "Employees on permanent contracts, or fixed-term contracts of 6 months or more, at our UK clinics and "
        "head office. Allowances for the Dublin and Cork clinics are in Irish Clinics – Local Arrangements."
    )
    b.h(1, "3. Allowances")
    b.para(
        "The allowance is per financial year (April to March). It is pro rata for part-time staff and cannot "
        "be carried forward into the next year."
    )
    b.table(
        [
            ["Role", "CPD allowance per year", "Paid study leave per year"],
            ["Physiotherapist", "£550", "3 days"],
            ["Senior / Specialist Physiotherapist", "£700", "4 days"],
            ["Dentist", "£850", "5 days"],
            ["Dental Hygienist / Therapist", "£500", "3 days"],
            ["Dental Nurse", "£350", "2 days"],
            ["Receptionist / Patient Coordinator", "£150", "1 day"],
            [
                {
                    "t": "Mandatory training (Basic Life Support, fire safety, safeguarding) is paid for separately and does "
                    "not use your CPD allowance.",
                    "span": 3,
                    "shade": "F2F2F2",
                }
            ],
        ],
        [4000, 2700, 2645],
    )
    b.h(2, "3.1 What the allowance covers")
    b.bullets(
        [
            "course, conference and exam fees for courses relevant to your role;",
            "travel to the course, claimed under the Expenses and Mileage Policy;",
            "professional journals and online learning subscriptions, up to a quarter of your allowance.",
        ]
    )
    b.para(
        "Registration fees (HCPC, GDC) and professional indemnity are your own responsibility and are not paid "
        "from the allowance."
    )
    b.h(1, "4. How to apply")
    b.numbered(
        [
            "Talk to your clinic manager about the course at least 6 weeks before it starts.",
            [
                "Complete the CPD request form on the Learning Hub (",
                (
                    "link",
                    "learninghub.harrowgate.example",
                    "https://learninghub.harrowgate.example/cpd",
                ),
                ") with the course cost, dates and how it will benefit patients.",
            ],
            (
                "Your clinic manager approves the request:",
                [
                    "requests over £400 also need approval from the Clinical Director, Dr Hannah Mellor;",
                    "study leave is booked in ShiftPlan once the request is approved.",
                ],
            ),
            "Finance pays the course provider directly where possible; otherwise claim the fee through Expenses Online with the receipt.",
            "Upload your certificate to the Learning Hub within 2 weeks of finishing the course.",
        ]
    )
    b.h(1, "5. Repaying course fees")
    b.para(
        "If you leave within 6 months of finishing a course that cost more than £400, you repay the full fee. "
        "If you leave between 6 and 12 months after finishing it, you repay half of the fee."
    )
    b.h(1, "6. Version history")
    b.table(
        [
            ["Version", "Date", "Author", "Changes"],
            ["1.0", "March 2021", "HR", "First issue."],
            [
                "2.0",
                "April 2023",
                "J. Pryce",
                "Paid study leave introduced. Dentist allowance set at £600 and Dental "
                "Nurse allowance at £250.",
            ],
            [
                "2.1",
                "April 2024",
                "J. Pryce",
                "Dentist allowance raised from £600 to £750; Dental Nurse allowance "
                "raised from £250 to £300.",
            ],
            [
                "3.0",
                "October 2026",
                "R. Sowerby",
                "Annual review: allowances for all roles updated (section 3); "
                "repayment rule added (section 5).",
            ],
        ],
        [1000, 1500, 1500, 5345],
    )
    return b.save("HR/CPD and Training Allowance Policy.docx")


def medical_emergencies():
    b = Docx(
        title="Medical Emergencies in Clinic – Procedure",
        doc_no="CLIN-PRO-002",
        version="5.1",
        issued="Issued 14 July 2026",
        owner="Clinical Director",
        header_title="Medical Emergencies Procedure",
        modified=d(2026, 7, 14, 12, 17),
        created=d(2017, 6, 2, 9, 40),
        author="Dr Hannah Mellor",
        last_modified_by="Dr Hannah Mellor",
        revision=31,
        subject="Clinical procedure",
        keywords="medical emergency; fainting; collapse; anaphylaxis; AED",
    )
    b.title_para("Medical Emergencies in Clinic – Procedure")
    b.textbox(
        [
            "Medical emergencies are rare in our clinics, but every member of staff – clinical or not – must know "
            "what to do and where the emergency equipment is kept. This procedure applies to all our clinics, "
            "including Dublin and Cork."
        ],
        [
            (["Key contacts"], {"b": True, "color": "1F4E79"}),
            (["Emergency services: 999"], {"size": 18}),
            (
                ["Clinical Governance Lead: Dr Priya Ranganathan, ext. 2214, mobile 07700 900 418"],
                {"size": 18},
            ),
            (["Out-of-hours on-call manager: 07700 900 552"], {"size": 18}),
            (
                [
                    "AED and emergency drug kit checks: reception team leader, every Monday before opening"
                ],
                {"size": 18},
            ),
        ],
    )
    b.h(1, "1. General principles")
    b.bullets(
        [
            "Stay with the patient and call for help. Never leave a collapsed patient on their own.",
            [
                "Every clinic has an AED (defibrillator) and an emergency drug kit",
                (
                    "fn",
                    "Kit contents follow the Resuscitation Council UK quality standards. Drugs within 1 month of their "
                    "expiry date are replaced by the clinic manager.",
                ),
                " at reception. Make sure you know where they are on your first day.",
            ],
            [
                "Current guidance: ",
                ("link", "Resuscitation Council UK", "https://www.resus.org.uk/"),
            ],
        ]
    )
    b.h(1, "2. If a patient faints")
    b.para(
        "Fainting (vasovagal syncope) is the most common emergency in our clinics, especially during dental "
        "injections and acupuncture."
    )
    b.numbered(
        [
            "Stop the treatment and stay with the patient. Call a colleague to help you.",
            (
                "Lay the patient flat and raise their legs by about 30 cm:",
                [
                    "in a dental chair, recline the chair fully and raise the leg rest;",
                    "on a treatment couch, remove any acupuncture needles first.",
                ],
            ),
            "Loosen tight clothing and check that they are breathing normally.",
            (
                "If they do not come round within 2 minutes, or are not breathing normally:",
                [
                    "call 999 and ask for an ambulance;",
                    "send a colleague for the AED and the emergency drug kit;",
                    "start CPR if they are not breathing normally, and follow the AED\u2019s voice prompts.",
                ],
            ),
            "When they come round, keep them lying down for at least 15 minutes, then offer a sugary drink once they can swallow safely.",
            "Do not let them drive or leave on their own: ask a relative or friend to collect them, or book a taxi.",
            "Record the event on Datix within 24 hours and tell your clinic manager the same day.",
        ]
    )
    b.h(1, "3. Other emergencies")
    b.table(
        [
            ["Emergency", "Main signs", "First drug and dose (adults)", "Call 999?"],
            [
                "Anaphylaxis",
                "Swelling of lips or throat, wheeze, rash, collapse",
                "Adrenaline 1 mg/ml (1:1000) intramuscular, 0.5 mg (0.5 ml); repeat after 5 minutes if no better",
                {"t": "Yes, straight away", "vm": "restart"},
            ],
            [
                "Chest pain",
                "Crushing central chest pain, sweating, breathless",
                "GTN spray 400 micrograms under the tongue; aspirin 300 mg chewed",
                {"t": "", "vm": "cont"},
            ],
            [
                "Asthma attack",
                "Cannot finish sentences, wheeze",
                "Salbutamol inhaler, 4 puffs through a spacer; up to 10 puffs",
                {"t": "If no better within 10 minutes", "vm": "restart"},
            ],
            [
                "Low blood sugar (hypoglycaemia)",
                "Shaky, sweaty, confused, known diabetic",
                "Oral glucose gel or sugary drink, 15–20 g of glucose",
                {"t": "", "vm": "cont"},
            ],
        ],
        [1900, 2500, 3345, 1600],
    )
    b.h(1, "4. After any emergency")
    b.bullets(
        [
            "Record it on Datix within 24 hours.",
            "Restock the emergency drug kit the same day and note what was used on the kit checklist.",
            "Your clinic manager arranges a short debrief with everyone involved within a week.",
        ]
    )
    return b.save("Clinical/Medical Emergencies Procedure.docx")


def sickness():
    b = Docx(
        title="Staff Handbook – Chapter 5: Sickness Absence",
        doc_no="HB-05",
        version="2.3",
        issued="Issued 2 November 2026",
        owner="Head of People",
        header_title="Staff Handbook – Sickness Absence",
        modified=d(2026, 11, 2, 11, 26),
        created=d(2020, 2, 10, 9, 0),
        author="Joanne Pryce",
        last_modified_by="Rachel Sowerby",
        revision=12,
        subject="Staff Handbook",
        keywords="sickness; absence; fit note; return to work; sick pay",
        change_author="Rachel Sowerby",
        change_date="2026-10-28T10:12:00Z",
        track_revisions=True,
    )
    b.title_para("Staff Handbook – Chapter 5: Sickness Absence")
    b.para(
        [
            (
                "i",
                "This chapter applies to all UK employees. Changes agreed with the staff forum in October 2026 "
                "are shown as tracked changes.",
            )
        ]
    )
    b.h(1, "5.1 Telling us you are ill")
    b.para(
        "If you are too ill to work, you must phone your clinic manager yourself. A text, WhatsApp message or "
        "email is not enough, because we may need to move your patients quickly."
    )
    b.numbered(
        [
            [
                "Phone your clinic manager by ",
                ("del", "08:00"),
                ("ins", "07:30"),
                " on the first day of absence. If your shift starts after 08:30, phone at least one hour before it starts.",
            ],
            "If you cannot reach your manager, call the Duty Manager line on 01423 550 299 (answered from 07:00).",
            "Tell us what is wrong, how long you expect to be off and whether any patients booked with you need to be contacted.",
            "Make sure the absence is recorded in ShiftPlan the same day – your manager can do this for you.",
            "If you are still unwell on day 4, phone your manager again.",
        ]
    )
    b.h(1, "5.2 Evidence")
    b.bullets(
        [
            "Up to 7 calendar days: you self-certify in ShiftPlan when you come back.",
            "From day 8: you need a fit note from your GP or hospital, uploaded to ShiftPlan.",
        ]
    )
    b.h(1, "5.3 Coming back to work")
    b.para(
        [
            "Let your manager know the day before you come back. ",
            (
                "ins",
                "You will have a return-to-work meeting with your clinic manager within 3 working days of "
                "coming back, even after a single day off.",
            ),
        ]
    )
    b.h(1, "5.4 Company sick pay")
    b.para(
        [
            (
                "cmt",
                ["Statutory Sick Pay is paid in line with the law."],
                "Legal want us to check this wording against the 2026 SSP changes before the next reprint – leave as is "
                "for now.",
                "Joanne Pryce",
                "JP",
                "2026-10-29T14:03:00Z",
            ),
            " Once you have passed your probation, company sick pay tops up your pay as follows in any rolling "
            "12 months:",
        ]
    )
    b.table(
        [
            [{"t": "Length of service", "vm": "restart"}, {"t": "Company sick pay", "span": 2}],
            [{"t": "", "vm": "cont"}, "Full pay", "Half pay"],
            ["Under 6 months", {"t": "None – Statutory Sick Pay only", "span": 2}],
            ["6 months to 2 years", "2 weeks", "2 weeks"],
            ["2 to 5 years", "4 weeks", "4 weeks"],
            ["Over 5 years", "8 weeks", "8 weeks"],
        ],
        [3745, 2800, 2800],
        header_rows=2,
    )
    return b.save("HR/Staff Handbook - Chapter 5 Sickness Absence.docx")


def minutes():
    b = Docx(
        title="Clinic Managers' Meeting – Minutes, 14 October 2026",
        doc_no="OPS-MIN-2026-10",
        version="1.0 (agreed)",
        issued="Meeting of 14 October 2026",
        owner="Operations Director",
        header_title="Clinic Managers' Meeting – Minutes",
        modified=d(2026, 10, 16, 17, 3),
        created=d(2026, 10, 14, 13, 10),
        author="Joanne Pryce",
        last_modified_by="Joanne Pryce",
        revision=4,
        subject="Minutes",
        keywords="minutes; clinic managers; Knaresborough; Dojo; DNA",
        footer_note="Internal",
    )
    b.title_para("Clinic Managers\u2019 Meeting – Minutes")
    b.para(
        [
            ("b", "Date: "),
            "Wednesday 14 October 2026, 10:00–12:30   ",
            ("b", "Venue: "),
            "Boardroom, Harrogate head office, and Teams",
        ]
    )
    b.table(
        [
            [
                {"t": "Present", "b": True, "shade": "F2F2F2"},
                "Mark Ellison (Operations Director, chair) – ME; Helen Braithwaite (Harrogate Station Parade) – HB; "
                "Daniel Okonkwo (York Micklegate) – DO; Sophie Lindqvist (York Clifton Moor) – SL; Gemma Whitfield "
                "(Leeds City Centre) – GW; Tom Ackroyd (Ripon) – TA; Ruth Kellett (Knaresborough) – RK; Fiona MacLeod "
                "(Ilkley) – FM; Siobhán Keane (Dublin, on Teams) – SK; Lorna Metcalfe (Finance) – LM",
            ],
            [
                {"t": "Apologies", "b": True, "shade": "F2F2F2"},
                "Callum Reid (Otley); Nadia Hussain (Thirsk)",
            ],
            [{"t": "Minutes", "b": True, "shade": "F2F2F2"}, "Joanne Pryce (HR) – JP"],
        ],
        [1800, 7545],
        header_rows=0,
    )
    b.h(1, "1. Minutes of the last meeting and actions")
    b.para(
        "The minutes of 9 September were agreed. Action 4 (Ilkley car park signage) is carried forward."
    )
    b.h(1, "2. Knaresborough refurbishment")
    b.para(
        "ME confirmed that the Knaresborough clinic will close for refurbishment from Monday 11 January to "
        "Friday 22 January 2027 (two new treatment rooms and an accessible toilet) and reopen on Monday "
        "25 January 2027. During the closure, Knaresborough patients will be seen at Harrogate Station Parade "
        "and the Knaresborough physiotherapists will work from there. RK to write to all booked patients."
    )
    b.h(1, "3. Card payment terminals")
    b.para(
        [
            (
                "cmt",
                ["All UK clinics move to the new Dojo card terminals by Monday 30 November 2026."],
                "Joanne – can we double-check this date with Lorna before the minutes go round?",
                "Mark Ellison",
                "ME",
                "2026-10-15T08:47:00Z",
            ),
            " Old terminals go back to head office by courier; Finance will send the return labels. The Dublin "
            "and Cork clinics keep their current terminals for now.",
        ]
    )
    b.h(1, "4. Did-not-attend rate")
    b.para(
        "The group did-not-attend (DNA) rate for July to September was 6.8%, against a target of under 5%. "
        "Leeds City Centre was highest at 9.1%. Agreed: from 1 November 2026 the booking system sends the SMS "
        "reminder 48 hours before every appointment instead of 24 hours."
    )
    b.h(1, "5. Christmas and New Year opening")
    b.bullets(
        [
            "All clinics are closed on 25 and 26 December 2026 and on 1 January 2027.",
            "Leeds City Centre and York Micklegate open 09:00–13:00 on 29, 30 and 31 December for physiotherapy only.",
            "All other UK clinics are closed from 24 December at 14:00 until 4 January 2027.",
        ]
    )
    b.h(1, "6. Any other business")
    b.bullets(
        [
            "DO reported that the lift at York Micklegate is out of service until further notice. Patients who cannot "
            "use the stairs are to be booked at York Clifton Moor.",
            "SK asked for the Irish fee table to be added to the staff hub; LM to upload it.",
        ]
    )
    b.h(1, "Actions")
    b.table(
        [
            ["No.", "Action", "Owner", "Due"],
            [
                "1",
                "Write to Knaresborough patients booked for 11–22 January",
                "RK",
                "30 November 2026",
            ],
            ["2", "Send courier labels for returning old card terminals", "LM", "16 November 2026"],
            ["3", "Change the SMS reminder setting to 48 hours", "GW with IT", "1 November 2026"],
            ["4", "Ilkley car park signage (carried forward)", "FM", "9 December 2026"],
        ],
        [700, 5345, 1500, 1800],
    )
    b.para(
        [
            ("b", "Next meeting: "),
            "Wednesday 9 December 2026, 10:00, Boardroom, Harrogate head office.",
        ]
    )
    return b.save("Operations/Minutes - Clinic Managers Meeting 2026-10-14.docx")


def letter_template():
    b = Docx(
        title="Appointment Confirmation Letter – Template",
        doc_no="TPL-012",
        version="1.4",
        issued="Issued 3 March 2026",
        owner="Patient Services Manager",
        header_title="Appointment Confirmation Letter",
        modified=d(2026, 3, 3, 15, 40),
        created=d(2022, 5, 9, 10, 0),
        author="Gemma Whitfield",
        last_modified_by="Gemma Whitfield",
        revision=7,
        subject="Letter template",
        keywords="template; appointment letter; cancellation; mail merge",
        footer_note="Template",
    )
    b.table(
        [
            [
                {
                    "paras": [
                        [("b", "GUIDANCE FOR RECEPTION – delete this box before printing")],
                        "Use this letter when a new patient books more than 7 days ahead. For bookings within 7 days, the SMS "
                        "confirmation from the booking system is enough.",
                        "Fill the grey fields with Mailings › Finish & Merge from the booking system export. Check the clinic "
                        "phone number: it must be the number of the clinic where the patient is booked, not head office.",
                        "Clinic managers may waive the late-cancellation charge once per patient in any 12 months, for example "
                        "for illness. Record the reason in the booking notes.",
                        "For Dublin and Cork patients use the Irish version of this letter, which shows prices in euro.",
                    ],
                    "shade": "FFF2CC",
                }
            ]
        ],
        [9345],
        header_rows=0,
    )
    b.para([("field", "MERGEFIELD ClinicName", "«ClinicName»")])
    b.para([("field", "MERGEFIELD ClinicAddress", "«ClinicAddress»")])
    b.para([("field", 'DATE \\@ "d MMMM yyyy"', "3 March 2026")])
    b.para(
        [
            "Dear ",
            ("field", "MERGEFIELD PatientTitle", "«PatientTitle»"),
            " ",
            ("field", "MERGEFIELD PatientLastName", "«PatientLastName»"),
            ",",
        ]
    )
    b.para(
        "Thank you for booking with Harrowgate Clinics Group. Your appointment details are below."
    )
    b.table(
        [
            [
                {"t": "Appointment", "b": True},
                [("field", "MERGEFIELD AppointmentType", "«AppointmentType»")],
            ],
            [
                {"t": "Date and time", "b": True},
                [
                    ("field", "MERGEFIELD AppointmentDate", "«AppointmentDate»"),
                    " at ",
                    ("field", "MERGEFIELD AppointmentTime", "«AppointmentTime»"),
                ],
            ],
            [
                {"t": "Clinician", "b": True},
                [("field", "MERGEFIELD ClinicianName", "«ClinicianName»")],
            ],
        ],
        [2600, 6745],
        header_rows=0,
    )
    b.para(
        "Please arrive 10 minutes early for your first appointment so that we can go through your medical "
        "history. For physiotherapy, please wear loose clothing or bring a pair of shorts."
    )
    b.h(2, "Cancelling or changing your appointment")
    b.para(
        [
            "If you need to cancel or move your appointment, please call us on ",
            ("field", "MERGEFIELD ClinicPhone", "«ClinicPhone»"),
            " at least 24 hours beforehand. If you give us less than 24 hours\u2019 notice, we charge 50% of the "
            "appointment fee. If you miss your appointment without letting us know, we charge the full fee.",
        ]
    )
    b.para("Payment is taken by card at the end of each appointment. We do not accept cheques.")
    b.para("Yours sincerely,")
    b.para([("field", "MERGEFIELD ReceptionistName", "«ReceptionistName»")])
    b.para("Patient Coordinator, Harrowgate Clinics Group")
    return b.save("Templates/Appointment Confirmation Letter Template.docx")


def it_guide():
    b = Docx(
        title="IT Service Desk and Passwords – Staff Guide",
        doc_no="IT-GUI-004",
        version="2.0",
        issued="Issued 12 May 2026",
        owner="Head of IT",
        header_title="IT Service Desk and Passwords",
        modified=d(2026, 5, 12, 9, 31),
        created=d(2023, 1, 9, 13, 45),
        author="Stuart Nisbet",
        last_modified_by="Stuart Nisbet",
        revision=6,
        subject="IT guide",
        keywords="IT; service desk; password reset; phishing; MFA",
    )
    b.title_para("IT Service Desk and Passwords – Staff Guide")
    b.h(1, "1. Contacting the IT Service Desk")
    b.table(
        [
            ["How", "Details"],
            ["Phone", "ext. 4400 (from a mobile: 01423 550 440)"],
            ["Email", "servicedesk@harrowgate.example"],
            [
                "Self-service portal",
                [("link", "itsupport.harrowgate.example", "https://itsupport.harrowgate.example/")],
            ],
            ["Opening hours", "Monday to Friday, 07:30–18:00"],
            [
                "Out of hours (urgent only: booking system or card payments down at an open clinic)",
                "07700 900 637",
            ],
        ],
        [4000, 5345],
    )
    b.h(2, "1.1 Priorities and response times")
    b.table(
        [
            ["Priority", "Example", "First response", "Target fix"],
            ["P1", "Booking system down at a clinic", "30 minutes", "4 hours"],
            ["P2", "One PC or card terminal not working", "2 hours", "1 working day"],
            [
                "P3",
                "Printer, phone or email problem for one person",
                "1 working day",
                "3 working days",
            ],
            ["P4", "Requests: new starter set-up, software", "3 working days", "10 working days"],
        ],
        [1100, 4245, 2000, 2000],
    )
    b.h(1, "2. Resetting your password")
    b.numbered(
        [
            [
                "Go to ",
                (
                    "link",
                    "passwordreset.harrowgate.example",
                    "https://passwordreset.harrowgate.example/",
                ),
                " on any device.",
            ],
            (
                "Enter your work email address and prove it is you:",
                [
                    "approve the notification in the Microsoft Authenticator app, or",
                    "type in the code sent by text to the mobile number registered with IT.",
                ],
            ),
            "Choose a new password of at least 14 characters – three random words work well. You cannot reuse any of your last 5 passwords.",
            "Sign out of the clinic PC and sign in again. ShiftPlan and Expenses Online use the same password.",
            "If you are locked out after 5 wrong attempts, wait 15 minutes or call the Service Desk.",
        ]
    )
    b.para(
        "Passwords do not expire on a schedule. Change yours straight away if you think someone else knows it."
    )
    b.h(1, "3. Suspicious emails")
    b.bullets(
        [
            "Use the \u201cReport phishing\u201d button in Outlook. Do not forward the email to colleagues.",
            "If you clicked a link or typed your password into a page from a suspicious email, phone the Service Desk "
            "straight away – do not wait until the end of your clinic.",
        ]
    )
    b.h(1, "4. Lost or stolen devices")
    b.para(
        "Report a lost or stolen laptop, phone or tablet to the Service Desk within 1 hour of noticing, even "
        "outside office hours (use the out-of-hours number)."
    )
    return b.save("IT/IT Service Desk and Passwords.docx")


def irish_clinics():
    b = Docx(
        title="Working in Our Irish Clinics – Local Arrangements",
        doc_no="IE-GUI-001",
        version="1.3",
        issued="Issued September 2026",
        owner="Head of People",
        header_title="Irish Clinics – Local Arrangements",
        modified=d(2026, 9, 8, 14, 12),
        created=d(2024, 2, 19, 10, 30),
        author="Siobhán Keane",
        last_modified_by="Siobhán Keane",
        revision=8,
        subject="Ireland",
        language="en-IE",
        keywords="Ireland; Dublin; Cork; euro; public holidays; Garda vetting",
    )
    b.title_para("Working in Our Irish Clinics – Local Arrangements")
    b.para([("i", "Dublin (Ranelagh) and Cork (Douglas)")])
    b.para(
        "Most of the group\u2019s policies apply to you in Ireland as well, but there are a few things we do "
        "differently in Ranelagh and Douglas – either because Irish employment law is different or because our "
        "prices and allowances are in euro. Where this guide and a UK policy say different things, this guide is "
        "the one that applies to you. If you\u2019re not sure, give Siobhán Keane in Ranelagh a shout before you "
        "go ahead."
    )
    b.h(1, "1. Patient fees")
    b.para(
        "Fees in the Irish clinics are set in euro and aren\u2019t linked to the UK clinic bands. Healthcare is "
        "VAT-exempt, so there\u2019s nothing to add on at the desk."
    )
    b.table(
        [
            ["Treatment", "Dublin (Ranelagh)", "Cork (Douglas)"],
            ["Initial physiotherapy assessment (45 min)", "€90", "€80"],
            ["Follow-up physiotherapy (30 min)", "€65", "€60"],
            ["Sports massage (60 min)", "€75", "€70"],
            [
                "Dental check-up",
                "€70",
                {"t": "Not offered – Douglas is physiotherapy only", "vm": "restart"},
            ],
            ["Hygienist visit (30 min)", "€95", {"t": "", "vm": "cont"}],
        ],
        [4545, 2400, 2400],
    )
    b.para(
        "Patients with VHI, Laya Healthcare or Irish Life Health cover pay us on the day and claim the money "
        "back themselves. Give them a receipt showing the physio\u2019s CORU registration number – the insurers "
        "won\u2019t pay out without it."
    )
    b.h(1, "2. Public holidays and annual leave")
    b.para(
        "Ireland has 10 public holidays, including St Brigid\u2019s Day (the first Monday in February) and "
        "St Patrick\u2019s Day on 17 March. Both clinics close on every public holiday. Your annual leave is the "
        "same number of days as in the Annual Leave Policy, with the 10 Irish public holidays on top instead of "
        "the 8 UK bank holidays. You book it in ShiftPlan the same way."
    )
    b.h(1, "3. Mileage and subsistence")
    b.para(
        "We don\u2019t use the UK pence-per-mile rates over here. If you use your own transport for work – say, "
        "covering a shift in Douglas from Ranelagh – you claim per kilometre:"
    )
    b.table(
        [
            ["Vehicle", "Rate"],
            [
                "Car",
                "€0.43 per km for the first 6,000 business km in the calendar year, €0.26 per km after that",
            ],
            ["Motorcycle", "€0.21 per km"],
            ["Bicycle", "€0.08 per km"],
        ],
        [2600, 6745],
    )
    b.para(
        "Day subsistence is €16.29 if you\u2019re away from your clinic for 5 to 10 hours and €39.08 for 10 hours "
        "or more. Claims go through Expenses Online the same as in the UK, but pick \u201cIreland (EUR)\u201d as "
        "the claim currency."
    )
    b.h(1, "4. CPD allowance")
    b.para("The CPD and Training Allowance Policy applies, but the yearly allowances are in euro:")
    b.table(
        [
            ["Role", "Allowance per year", "Study leave"],
            ["Physiotherapist", "€600", "3 days"],
            ["Senior Physiotherapist", "€780", "4 days"],
            ["Dentist", "€950", "5 days"],
            ["Dental Hygienist", "€560", "3 days"],
            ["Dental Nurse", "€400", "2 days"],
            ["Reception", "€170", "1 day"],
        ],
        [4545, 2400, 2400],
    )
    b.h(1, "5. Registration and Garda vetting")
    b.para(
        "Physiotherapists must be registered with CORU, and dentists and dental hygienists with the Dental "
        "Council of Ireland, before they see a patient. Everyone – clinical or not – needs Garda vetting before "
        "their first shift. HR in Harrogate organises it through the National Vetting Bureau and it usually takes "
        "about 4 weeks, so don\u2019t be booking patients in for a new starter until it\u2019s come back."
    )
    b.h(1, "6. Pay")
    b.para(
        "You\u2019re paid in euro on the last Friday of each month, with PAYE, USC and PRSI taken off. Your "
        "payslip is in MyPay, the same as in the UK."
    )
    b.h(1, "7. Sick leave")
    b.para(
        "Irish statutory sick pay covers 5 days a year at 70% of your normal pay (capped at €110 a day), and you "
        "need a medical cert from your GP to get it. Company sick pay is the same as in the Staff Handbook."
    )
    return b.save("Ireland/Irish Clinics - Local Arrangements.docx")


def polish_cleaning():
    b = Docx(
        title="Zasady pracy dla personelu sprzątającego i pomocniczego",
        doc_no="FAC-GUI-002-PL",
        version="1.1",
        issued="Wydanie: październik 2026",
        owner="Facilities Manager",
        header_title="Zasady pracy – personel sprzątający",
        modified=d(2026, 10, 5, 13, 20),
        created=d(2025, 4, 1, 9, 15),
        author="Agnieszka Wróbel",
        last_modified_by="Agnieszka Wróbel",
        revision=5,
        subject="Facilities",
        language="pl-PL",
        keywords="sprzątanie; zmiany; klucze; alarm; choroba",
        footer_note="Dokument nienadzorowany po wydrukowaniu",
        page_word="Strona",
        of_word="z",
    )
    b.title_para("Zasady pracy dla personelu sprzątającego i pomocniczego")
    b.para(
        "Ten dokument jest dla wszystkich osób, które sprzątają nasze kliniki w Wielkiej Brytanii. Jeśli czegoś "
        "nie rozumiesz, zapytaj koordynatorkę – lepiej zapytać dwa razy niż zrobić coś źle."
    )
    b.h(1, "1. Godziny zmian")
    b.para("Sprzątamy wtedy, gdy w klinice nie ma pacjentów. Obowiązują następujące godziny:")
    b.table(
        [
            ["Zmiana", "Dni", "Godziny", "Wyjątki"],
            [
                "Poranna",
                "poniedziałek–piątek",
                "06:00–07:45",
                "Leeds City Centre i York Clifton Moor: 05:45–07:15 (kliniki otwierają się o 07:30)",
            ],
            [
                "Wieczorna",
                "poniedziałek–piątek",
                "19:30–22:00",
                "Leeds City Centre: 20:15–22:45 (klinika jest otwarta do 20:00)",
            ],
            ["Sobotnia", "sobota", "14:30–17:00", "Tylko kliniki otwarte w soboty"],
        ],
        [1500, 2200, 1700, 3945],
    )
    b.para("Kliniki w Dublinie i w Cork mają własny grafik – ustala go kierownik kliniki.")
    b.h(1, "2. Choroba i nieobecność – do kogo dzwonić")
    b.para(
        "Jeśli jesteś chory lub chora albo nie możesz przyjść do pracy, zadzwoń – nie wysyłaj SMS-a ani "
        "wiadomości na WhatsAppie."
    )
    b.numbered(
        [
            "Zadzwoń do koordynatorki sprzątania, Agnieszki Wróbel: 07700 900 781. Agnieszka mówi po polsku i po angielsku.",
            "Przed zmianą poranną zadzwoń najpóźniej do 21:00 poprzedniego dnia. W nagłym wypadku (np. gdy zachorujesz w nocy) zadzwoń najpóźniej o 05:15.",
            "Przed zmianą wieczorną zadzwoń najpóźniej do 15:00 tego samego dnia.",
            "Jeśli Agnieszka nie odbiera, zostaw wiadomość głosową i zadzwoń do kierownika swojej kliniki (numery są w Clinic Directory).",
        ]
    )
    b.h(1, "3. Klucze i alarm")
    b.bullets(
        [
            "Klucze odbierasz i oddajesz w recepcji. Za każdym razem wpisz się do zeszytu kluczy.",
            "Jeśli alarm się włączy i nie możesz go wyłączyć w ciągu 30 sekund, zadzwoń do centrum monitoringu: "
            "0330 088 4512. Podaj swoje imię i nazwisko oraz nazwę kliniki.",
            "Nigdy nie zapisuj kodu alarmu na kartce ani w telefonie.",
            "Wychodząc, sprawdź, czy wszystkie okna są zamknięte, a drzwi zamknięte na klucz.",
        ]
    )
    b.h(1, "4. Bezpieczeństwo i środki czystości")
    b.bullets(
        [
            "Nigdy nie mieszaj środka z chlorem (Chlor-Clean, biała butelka z czerwoną etykietą) z żadnym innym środkiem.",
            "Nie dotykaj żółtych worków i pojemników na odpady medyczne ani pojemników na igły. Odbiera je firma "
            "zewnętrzna we wtorki.",
            "W gabinetach stomatologicznych nie przestawiaj niczego na blatach – myjesz tylko podłogę i umywalki, "
            "chyba że kierownik kliniki powie inaczej.",
            "Karty charakterystyki (COSHH) są w niebieskim segregatorze w schowku na środki czystości.",
            "Jeśli się skaleczysz albo ukłujesz igłą, natychmiast powiedz o tym kierownikowi kliniki.",
        ]
    )
    b.h(1, "5. Czas pracy")
    b.para(
        "Początek i koniec zmiany rejestrujesz w aplikacji ShiftPlan (przyciski \u201eClock in\u201d i "
        "\u201eClock out\u201d). Jeśli zapomnisz, napisz do Agnieszki tego samego dnia, żeby godziny zostały "
        "poprawione przed wypłatą."
    )
    b.h(1, "6. Urlop")
    b.para(
        "Urlop rezerwujesz w ShiftPlan. Liczba dni urlopu i zasady są opisane w dokumencie Annual Leave Policy "
        "(po angielsku). Agnieszka pomoże Ci złożyć wniosek."
    )
    return b.save("Facilities/Zasady pracy - personel sprzatajacy.docx")


# =================================================================================================
# Excel workbooks
# =================================================================================================

UK_CLINICS = [
    # name, services, address, postcode, phone, manager, Mon..Sat, parking, cost code
    (
        "Harrogate – Station Parade",
        "Physiotherapy & Dental",
        "21 Station Parade, Harrogate",
        "HG1 1TT",
        "01423 550 210",
        "Helen Braithwaite",
        ["08:00–19:00"] * 4 + ["08:00–17:30", "09:00–13:00"],
        "Victoria car park (pay and display), 3 minutes\u2019 walk",
        "4100-HGT",
    ),
    (
        "York – Micklegate",
        "Physiotherapy & Dental",
        "88 Micklegate, York",
        "YO1 6LF",
        "01904 631 447",
        "Daniel Okonkwo",
        ["08:00–19:00", "08:00–19:00", "08:00–18:00", "08:00–19:00", "08:00–17:00", "08:30–14:00"],
        "No parking at the clinic; Nunnery Lane car park, 5 minutes\u2019 walk",
        "4210-YKM",
    ),
    (
        "York – Clifton Moor",
        "Physiotherapy",
        "Unit 4, Clifton Moor Gate, York",
        "YO30 4WY",
        "01904 690 318",
        "Sophie Lindqvist",
        ["07:30–19:00"] * 5 + ["09:00–12:30"],
        "Free on site, 22 spaces",
        "4220-YKC",
    ),
    (
        "Leeds – Headingley",
        "Physiotherapy",
        "17 Otley Road, Leeds",
        "LS6 3AA",
        "0113 278 5540",
        "Marcus Oyelaran",
        ["08:00–18:00", "08:00–19:00", "08:00–18:00", "08:00–19:00", "08:00–17:00", "09:00–13:00"],
        "4 bays behind the clinic; permit zone on the street",
        "4310-LDH",
    ),
    (
        "Leeds – Roundhay",
        "Dental",
        "402 Roundhay Road, Leeds",
        "LS8 2HU",
        "0113 249 6012",
        "Imran Qureshi",
        ["08:30–17:30"] * 4 + ["08:30–16:00", "Closed"],
        "Free on-street parking on Roundhay Road (2 hours)",
        "4320-LDR",
    ),
    (
        "Leeds – City Centre",
        "Physiotherapy & Dental",
        "3 Park Row, Leeds",
        "LS1 5HN",
        "0113 243 9901",
        "Gemma Whitfield",
        ["07:30–20:00"] * 5 + ["09:00–14:00"],
        "None; Q-Park Trinity, patients get 2 hours validated at reception",
        "4330-LDC",
    ),
    (
        "Ripon",
        "Physiotherapy & Dental",
        "12 Kirkgate, Ripon",
        "HG4 1PA",
        "01765 604 118",
        "Tom Ackroyd",
        ["08:30–17:30", "08:30–19:00", "08:30–17:30", "08:30–17:30", "08:30–16:30", "Closed"],
        "Free, 8 spaces behind the clinic",
        "4400-RIP",
    ),
    (
        "Knaresborough",
        "Physiotherapy",
        "5 High Street, Knaresborough",
        "HG5 0ES",
        "01423 869 352",
        "Ruth Kellett",
        ["08:00–18:00"] * 5 + ["09:00–12:00"],
        "Chapel Street car park (pay and display)",
        "4410-KNB",
    ),
    (
        "Wetherby",
        "Dental",
        "30 Market Place, Wetherby",
        "LS22 6NE",
        "01937 582 774",
        "Rebecca Thornton",
        ["08:30–17:30"] * 4 + ["08:30–15:30", "09:00–12:00"],
        "Wilderness car park (free for 3 hours)",
        "4340-WTB",
    ),
    (
        "Otley",
        "Physiotherapy",
        "9 Kirkgate, Otley",
        "LS21 3HP",
        "01943 461 095",
        "Callum Reid",
        ["08:00–16:00", "12:00–19:00", "08:00–16:00", "12:00–19:00", "08:00–16:00", "Closed"],
        "Courthouse car park (pay and display)",
        "4350-OTL",
    ),
    (
        "Ilkley",
        "Physiotherapy & Dental",
        "44 The Grove, Ilkley",
        "LS29 9EE",
        "01943 608 213",
        "Fiona MacLeod",
        ["08:00–18:30"] * 4 + ["08:00–17:00", "09:00–13:00"],
        "Riverside car park; 2 staff permits at reception",
        "4360-ILK",
    ),
    (
        "Skipton",
        "Dental",
        "15 Otley Street, Skipton",
        "BD23 1DY",
        "01756 792 640",
        "Jamie Hartley",
        ["08:30–17:00"] * 5 + ["Closed"],
        "Coach Street car park (pay and display)",
        "4370-SKP",
    ),
    (
        "Thirsk",
        "Physiotherapy",
        "2 Kirkgate, Thirsk",
        "YO7 1PQ",
        "01845 523 771",
        "Nadia Hussain",
        ["09:00–17:00", "Closed", "09:00–17:00", "09:00–19:00", "09:00–15:00", "Closed"],
        "Market Place (free for 2 hours, not on Mondays – market day)",
        "4420-THK",
    ),
    (
        "Northallerton",
        "Physiotherapy & Dental",
        "61 High Street, Northallerton",
        "DL7 8EG",
        "01609 770 356",
        "Owen Pickersgill",
        ["08:00–18:00"] * 4 + ["08:00–17:00", "09:00–12:30"],
        "Applegarth car park (pay and display)",
        "4430-NTH",
    ),
]
IE_CLINICS = [
    (
        "Dublin – Ranelagh",
        "Physiotherapy & Dental",
        "52 Ranelagh, Dublin 6",
        "D06 X2K7",
        "+353 1 497 2260",
        "Siobhán Keane",
        ["08:00–20:00"] * 4 + ["08:00–18:00", "09:00–13:00"],
        "Pay-and-display on-street parking (Dublin City Council zone); Luas green line, Ranelagh stop",
        "5100-DUB",
    ),
    (
        "Cork – Douglas",
        "Physiotherapy",
        "Unit 7, Douglas Court, Douglas, Cork",
        "T12 K8P3",
        "+353 21 489 3315",
        "Ciarán O'Donovan",
        ["08:00–19:00"] * 5 + ["09:30–13:30"],
        "Free in Douglas Court shopping centre car park",
        "5200-CRK",
    ),
]


def clinic_directory():
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    wb = Workbook()
    thin = Side(style="thin", color="A6A6A6")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)
    head_fill = PatternFill("solid", fgColor="1F4E79")
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    for si, (sheet, rows, pc_label, updated) in enumerate(
        [
            (
                "UK",
                UK_CLINICS,
                "Postcode",
                "Last updated 3 November 2026 by Operations (ops@harrowgate.example). "
                "Hours are patient opening hours.",
            ),
            (
                "Ireland",
                IE_CLINICS,
                "Eircode",
                "Last updated 3 November 2026 by Operations. Hours are patient opening "
                "hours; both clinics close on Irish public holidays.",
            ),
        ]
    ):
        ws = wb.active if si == 0 else wb.create_sheet()
        ws.title = sheet
        headers = (
            ["Clinic", "Services", "Address", pc_label, "Phone", "Clinic manager"]
            + days
            + ["Parking", "Cost code"]
        )
        ncol = len(headers)
        ws.cell(1, 1, f"Harrowgate Clinics Group – Clinic Directory ({sheet})").font = Font(
            size=14, bold=True, color="1F4E79"
        )
        ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=ncol - 1)
        ws.cell(2, 1, updated).font = Font(italic=True, size=9, color="595959")
        ws.merge_cells(start_row=2, start_column=1, end_row=2, end_column=ncol - 1)
        for c, h in enumerate(headers, 1):
            cell = ws.cell(4, c, h)
            cell.font = Font(bold=True, color="FFFFFF")
            cell.fill = head_fill
            cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
            cell.border = border
        for r, (name, serv, addr, pc, phone, mgr, hours, parking, cost) in enumerate(rows, 5):
            vals = [name, serv, addr, pc, phone, mgr] + hours + [parking, cost]
            for c, v in enumerate(vals, 1):
                cell = ws.cell(r, c, v)
                cell.border = border
                cell.alignment = Alignment(vertical="top", wrap_text=c in (3, 13))
                if c == 1:
                    cell.font = Font(bold=True)
                if v == "Closed":
                    cell.font = Font(color="C00000")
        widths = [26, 22, 34, 10, 16, 18] + [12] * 6 + [44, 11]
        for c, w in enumerate(widths, 1):
            ws.column_dimensions[ws.cell(4, c).column_letter].width = w
        ws.column_dimensions["N"].hidden = True  # internal cost codes
        ws.freeze_panes = "B5"
        ws.auto_filter.ref = f"A4:{ws.cell(4, ncol).column_letter}{4 + len(rows)}"
        ws.row_dimensions[4].height = 30
        ws.print_title_rows = "4:4"
        ws.page_setup.orientation = "landscape"
        ws.page_setup.fitToWidth = 1
        ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.properties.title = "Clinic Directory"
    wb.properties.creator = "Mark Ellison"
    wb.properties.lastModifiedBy = "Operations"
    wb.properties.created = d(2023, 6, 12, 8, 30)
    wb.properties.modified = d(2026, 11, 3, 16, 45)
    path = OUT / "Operations/Clinic Directory.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    normalize_zip(path, modified="2026-11-03T16:45:00Z")
    return path


FEES = [
    ("Physiotherapy", None),
    ("Initial physiotherapy assessment", "Physiotherapist", "45 min", 78, 72, 66, "PH01"),
    ("Follow-up physiotherapy", "Physiotherapist", "30 min", 58, 54, 49, "PH02"),
    ("Extended follow-up physiotherapy", "Physiotherapist", "45 min", 72, 67, 61, "PH03"),
    ("Acupuncture (with physiotherapy)", "Physiotherapist", "30 min", 60, 56, 51, "PH04"),
    ("Shockwave therapy (per session)", "Physiotherapist", "20 min", 85, 80, 75, "PH05"),
    ("Sports massage", "Sports therapist", "30 min", 42, 39, 36, "SM30"),
    ("Sports massage", "Sports therapist", "60 min", 68, 64, 59, "SM60"),
    ("Dental", None),
    ("New patient dental examination (incl. 2 x-rays)", "Dentist", "40 min", 95, 89, 82, "DE01"),
    ("Routine dental check-up", "Dentist", "20 min", 62, 58, 53, "DE02"),
    ("Hygienist scale & polish", "Dental hygienist", "30 min", 79, 74, 68, "DH01"),
    ("White filling (one surface)", "Dentist", "45 min", 165, 155, 145, "DE10"),
    ("Simple extraction", "Dentist", "30 min", 145, 135, 125, "DE20"),
    ("Porcelain crown", "Dentist", "2 visits", 725, 695, 660, "DE30"),
    ("Home teeth whitening (trays and gel)*", "Dentist", "2 visits", 395, 375, 350, "DE40"),
    ("Emergency dental appointment", "Dentist", "20 min", 90, 85, 80, "DE50"),
]


def fee_schedule():
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    wb = Workbook()
    ws = wb.active
    ws.title = "UK self-pay fees"
    thin = Side(style="thin", color="A6A6A6")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)
    head = PatternFill("solid", fgColor="D9E2F3")
    ws["A1"] = "Harrowgate Clinics Group – Patient Fee Schedule 2026/27 (self-pay, UK clinics)"
    ws["A1"].font = Font(size=14, bold=True, color="1F4E79")
    ws.merge_cells("A1:G1")
    ws["A2"] = "Effective 1 April 2026 to 31 March 2027. Prices in GBP per appointment."
    ws["A2"].font = Font(italic=True, size=9)
    ws.merge_cells("A2:G2")
    ws["A4"], ws["B4"], ws["C4"], ws["D4"], ws["G4"] = (
        "Treatment",
        "Clinician",
        "Duration",
        "Price by clinic band (£)",
        "Code",
    )
    ws["D5"], ws["E5"], ws["F5"] = "Band A", "Band B", "Band C"
    for rng in ("A4:A5", "B4:B5", "C4:C5", "D4:F4", "G4:G5"):
        ws.merge_cells(rng)
    for row in ws.iter_rows(min_row=4, max_row=5, max_col=7):
        for cell in row:
            cell.font = Font(bold=True)
            cell.fill = head
            cell.border = border
            cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    r = 6
    for item in FEES:
        if item[1] is None:
            ws.cell(r, 1, item[0]).font = Font(bold=True, color="1F4E79")
            ws.merge_cells(start_row=r, start_column=1, end_row=r, end_column=7)
            ws.cell(r, 1).fill = PatternFill("solid", fgColor="F2F2F2")
        else:
            for c, v in enumerate(item, 1):
                cell = ws.cell(r, c, v)
                cell.border = border
                if c in (4, 5, 6):
                    cell.number_format = '"£"#,##0.00'
        r += 1
    last = r - 1
    ws["F21"].comment = Comment(
        "Dr Mellor to confirm whitening prices before the 2027/28 schedule. – LM", "Lorna Metcalfe"
    )
    r += 1
    notes = [
        "Notes",
        "Band A clinics: Harrogate Station Parade, York Micklegate, Leeds City Centre, Ilkley.",
        "Band B clinics: York Clifton Moor, Leeds Headingley, Leeds Roundhay, Knaresborough, Wetherby, Otley.",
        "Band C clinics: Ripon, Skipton, Thirsk, Northallerton.",
        "* Home teeth whitening is cosmetic and the price includes VAT at 20%. All other treatments are VAT-exempt healthcare.",
        "Staff and their immediate family get 20% off all treatments except crowns and whitening (show your staff ID at reception).",
        "Dublin and Cork set their own fees in euro – see Irish Clinics – Local Arrangements.",
    ]
    for i, text in enumerate(notes):
        cell = ws.cell(r + i, 1, text)
        cell.font = Font(bold=(i == 0), size=10 if i else 11)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        ws.merge_cells(start_row=r + i, start_column=1, end_row=r + i, end_column=7)
    for col, w in zip("ABCDEFG", (46, 18, 10, 11, 11, 11, 8)):
        ws.column_dimensions[col].width = w
    ws.freeze_panes = "A6"
    ws.print_area = f"A1:G{r + len(notes) - 1}"
    wb.properties.title = "Patient Fee Schedule 2026/27"
    wb.properties.creator = "Lorna Metcalfe"
    wb.properties.lastModifiedBy = "Lorna Metcalfe"
    wb.properties.created = d(2026, 2, 2, 11, 0)
    wb.properties.modified = d(2026, 3, 20, 10, 5)
    assert last == 22, last
    path = OUT / "Finance/Fee Schedule 2026-27.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    normalize_zip(path, modified="2026-03-20T10:05:00Z")
    return path


# =================================================================================================
# PowerPoint decks
# =================================================================================================


def _deck(title, author, created, modified, revision):
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    cp = prs.core_properties
    cp.title, cp.author, cp.last_modified_by = title, author, author
    cp.created, cp.modified, cp.revision = created, modified, revision
    cp.subject, cp.keywords, cp.category, cp.comments = "", "", "", ""
    return prs


def _fit(slide):
    from pptx.util import Inches

    for ph in slide.placeholders:
        ph.left = Inches(0.7)
        ph.width = Inches(11.9)


def _title_slide(prs, title, subtitle, notes=None):
    s = prs.slides.add_slide(prs.slide_layouts[0])
    _fit(s)
    s.shapes.title.text = title
    s.placeholders[1].text = subtitle
    if notes:
        s.notes_slide.notes_text_frame.text = notes
    return s


def _bullet_slide(prs, title, bullets, notes=None):
    s = prs.slides.add_slide(prs.slide_layouts[1])
    _fit(s)
    s.shapes.title.text = title
    tf = s.placeholders[1].text_frame
    first = True
    for item in bullets:
        level, text = item if isinstance(item, tuple) else (0, item)
        p = tf.paragraphs[0] if first else tf.add_paragraph()
        first = False
        p.text = text
        p.level = level
    if notes:
        s.notes_slide.notes_text_frame.text = notes
    return s


def _table_slide(prs, title, rows, col_widths, notes=None):
    from pptx.util import Inches, Pt

    s = prs.slides.add_slide(prs.slide_layouts[5])
    _fit(s)
    s.shapes.title.text = title
    shape = s.shapes.add_table(
        len(rows),
        len(rows[0]),
        Inches(0.7),
        Inches(1.7),
        Inches(sum(col_widths)),
        Inches(0.45 * len(rows)),
    )
    table = shape.table
    for c, w in enumerate(col_widths):
        table.columns[c].width = Inches(w)
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            cell = table.cell(r, c)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for rn in p.runs:
                    rn.font.size = Pt(16 if r else 17)
                    rn.font.bold = r == 0
    if notes:
        s.notes_slide.notes_text_frame.text = notes
    return s


def _save_deck(prs, rel):
    path = OUT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    prs.save(path)
    normalize_zip(path)
    return path


def induction_deck():
    prs = _deck(
        "New Starter Induction", "Rachel Sowerby", d(2024, 8, 5, 9, 0), d(2026, 11, 10, 15, 22), 18
    )
    _title_slide(
        prs,
        "Welcome to Harrowgate Clinics Group",
        "New starter induction · People Team · November 2026",
        "Introduce yourself and the people in the room. Fire exits and toilets first.",
    )
    _bullet_slide(
        prs,
        "Who we are",
        [
            "14 clinics across North and West Yorkshire, plus Dublin (Ranelagh) and Cork (Douglas)",
            "Physiotherapy, sports therapy and general dentistry",
            "Around 310 staff; head office at 4 Cornwall Road, Harrogate",
            "Our promise: every patient seen on time, by someone who knows their history",
        ],
        "Keep this short – five minutes at most. The clinic map is in the Clinic Directory on the Staff Hub.",
    )
    _bullet_slide(
        prs,
        "Your first two weeks",
        [
            "Day 1: ID badge, uniform fitting and a fire walk-round with your clinic manager",
            "Day 2: IT set-up – Microsoft account, ShiftPlan, Expenses Online",
            "By the end of week 2: all mandatory e-learning on the Learning Hub",
            (1, "Do it in work time – it is paid"),
            (1, "Face-to-face Basic Life Support is booked for you by your clinic manager"),
            "Shadow an experienced colleague for at least your first 3 clinics",
        ],
        "Ask everyone to check their ShiftPlan login works before they leave today.",
    )
    _table_slide(
        prs,
        "Mandatory training",
        [
            ["Course", "Who", "How often"],
            ["Basic Life Support (BLS)", "All clinical staff", "Every year"],
            ["Fire safety", "Everyone", "Every year"],
            [
                "Safeguarding adults and children – level 2",
                "Clinical and reception staff",
                "Every 3 years",
            ],
            ["Safeguarding – level 3", "Clinic managers and clinical leads", "Every 3 years"],
            ["Information governance (data protection)", "Everyone", "Every year"],
            ["Manual handling", "Everyone", "Every 3 years"],
            ["Infection prevention and control", "Clinical staff", "Every 2 years"],
        ],
        [5.6, 3.9, 2.4],
        "Certificates upload automatically from the Learning Hub; managers see overdue courses on "
        "their dashboard.",
    )
    _bullet_slide(
        prs,
        "Pay and pension",
        [
            "Payday: the 26th of each month (the working day before, if the 26th is a weekend or bank holiday)",
            "Payslips and P60s in MyPay",
            "Workplace pension: you pay 5%, we pay 5%",
            "Expenses: claimed in Expenses Online – see the Expenses and Mileage Policy",
        ],
        "Irish colleagues: pay is different – point them to the Irish local arrangements guide.",
    )
    _bullet_slide(
        prs,
        "Staff benefits",
        [
            "Staff discount on treatments – see the Fee Schedule",
            "Cycle to Work scheme",
            "Employee Assistance Programme: free, confidential, 24 hours a day",
            "Long-service leave: see the Annual Leave Policy",
        ],
        "Remember to tell them about free physio: every employee can have two free physiotherapy sessions a year at "
        "any of our clinics. They book them through their clinic manager, not through reception, so they don't show "
        "up as patient bookings. The Cycle to Work window opens twice a year, in March and September.",
    )
    _bullet_slide(
        prs,
        "Who to ask",
        [
            "HR: hr@harrowgate.example, ext. 2100",
            "Payroll: payroll@harrowgate.example",
            "IT: see the IT Service Desk guide on the Staff Hub",
            "Your clinic manager – for almost everything else",
        ],
    )
    return _save_deck(prs, "HR/New Starter Induction.pptx")


def changes_2027_deck():
    prs = _deck(
        "What's changing in 2027", "Mark Ellison", d(2026, 11, 2, 10, 0), d(2026, 11, 18, 8, 40), 6
    )
    _title_slide(
        prs,
        "What\u2019s changing in 2027",
        "Clinic managers\u2019 briefing · Mark Ellison, Operations Director · 18 November 2026",
    )
    _bullet_slide(
        prs,
        "New patient booking system: ClinicFlow",
        [
            "Replaces our current booking system at all UK clinics on Monday 1 March 2027",
            "Dublin and Cork go live on Tuesday 4 May 2027",
            "Patients can book online from day one",
            "Training: two 2-hour sessions for every receptionist in February 2027",
            "The old system stays read-only until 31 August 2027",
        ],
        "Go-live weekend: IT will be on site at Leeds City Centre and York Micklegate on Saturday 27 February. "
        "Managers should not book annual leave for the first two weeks of March.",
    )
    _bullet_slide(
        prs,
        "Pay and pension from April 2027",
        [
            "Employer pension contribution rises from 5% to 6% on 1 April 2027",
            "Pay award of 3.2% for all staff from 1 April 2027, agreed with the staff forum",
            "New fee schedule for 2027/28 published on 1 March 2027; increases capped at 4%",
        ],
        "The pension change applies to the UK workplace pension. Irish colleagues' PRSA arrangement is not changing.",
    )
    _bullet_slide(
        prs,
        "Our clinics",
        [
            "Knaresborough refurbishment in January – two new treatment rooms",
            "Skipton adds physiotherapy from September 2027 (two treatment rooms on the first floor)",
            "Saturday morning trial at Otley from 3 April 2027",
        ],
    )
    _table_slide(
        prs,
        "2027 at a glance",
        [
            ["When", "What changes", "Who is affected"],
            [
                "January",
                "Knaresborough refurbishment (clinic closed for two weeks)",
                "Knaresborough and Harrogate teams",
            ],
            ["February", "ClinicFlow training", "All receptionists"],
            ["1 March", "ClinicFlow live in the UK", "All UK clinics"],
            ["1 April", "Pay award, pension 6%, new fee schedule", "All staff"],
            ["4 May", "ClinicFlow live in Dublin and Cork", "Irish clinics"],
            ["September", "Physiotherapy at Skipton", "Skipton team"],
        ],
        [2.2, 6.0, 3.7],
    )
    _bullet_slide(
        prs,
        "Questions",
        [
            "Send questions to ops@harrowgate.example by Friday 11 December 2026",
            "The answers will be added to the next clinic managers\u2019 meeting pack",
        ],
    )
    return _save_deck(prs, "Operations/Whats Changing in 2027.pptx")


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    made = [
        annual_leave(),
        expenses(),
        cpd_policy(),
        medical_emergencies(),
        sickness(),
        minutes(),
        letter_template(),
        it_guide(),
        irish_clinics(),
        polish_cleaning(),
        clinic_directory(),
        fee_schedule(),
        induction_deck(),
        changes_2027_deck(),
    ]
    for p in made:
        print(p.relative_to(OUT))


if __name__ == "__main__":
    main()
