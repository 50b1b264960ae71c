"""Small builders for fixture knowledge bases (files on disk, including real PDFs) and
shortcuts for ingesting and searching them."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from kb_slackbot.retrieval.relevance import load_relevance_model
from kb_slackbot.retrieval.results import SearchConfig
from kb_slackbot.retrieval.search import HybridSearcher
from kb_slackbot.services import Services


def zip_without_content(path: Path, member: str) -> Path:
    """A zip package holding only ``member`` (a note): an Office file with its parts missing,
    which the zip check passes and the reader then fails on."""
    with zipfile.ZipFile(path, "w") as package:
        package.writestr(member, "nothing to read here")
    return path


def write(root: Path, rel: str, text: str) -> Path:
    """Write ``text`` to ``root/rel`` (creating folders) and return the path."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _pdf_string(text: str) -> str:
    return "(" + re.sub(r"([\\()])", r"\\\1", text) + ")"


CELL_WIDTH = 170  # points between the columns of a line given as cells


def make_pdf(
    path: Path, pages: list[list[str | tuple[str, ...]]], title: str | None = None
) -> Path:
    """Write a minimal but valid PDF: one text line per entry, Helvetica, one page per list.
    An entry given as a tuple is a line of cells, in Courier (fixed widths, which pypdf's
    layout reading measures exactly), set CELL_WIDTH points apart: a table row (an empty
    cell leaves its column blank).

    No PDF library in the environment can write text, so the file is assembled by hand: a
    catalog, a page tree, a font, and per page a content stream, with a correct xref table.
    """
    objects: list[bytes] = []

    def add(body: str | bytes) -> int:
        objects.append(body.encode("latin-1") if isinstance(body, str) else body)
        return len(objects)

    catalog = add("")  # filled in below, once the page tree's number is known
    pages_obj = add("")
    font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    mono = add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
    kids = []
    for lines in pages:
        ops = ["BT", "/F1 12 Tf", "16 TL", "72 740 Td"]
        for n, line in enumerate(lines):
            if isinstance(line, str):
                ops += [f"{_pdf_string(line)} Tj", "T*"]
                continue
            for column, cell in enumerate(line):
                if cell:
                    x, y = 72 + CELL_WIDTH * column, 740 - 16 * n
                    ops += ["/F2 10 Tf", f"1 0 0 1 {x} {y} Tm", f"{_pdf_string(cell)} Tj"]
            ops += ["/F1 12 Tf", f"1 0 0 1 72 {740 - 16 * (n + 1)} Tm"]  # the next line starts left
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(
            add(
                f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 612 792] "
                f"/Resources << /Font << /F1 {font} 0 R /F2 {mono} 0 R >> >> "
                f"/Contents {content} 0 R >>"
            )
        )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_obj} 0 R >>".encode()
    objects[pages_obj - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    ).encode()
    info = add(f"<< /Title {_pdf_string(title)} >>") if title else None

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    trailer = f"<< /Size {len(objects) + 1} /Root {catalog} 0 R"
    trailer += f" /Info {info} 0 R >>" if info else " >>"
    out += b"trailer\n" + trailer.encode() + b"\nstartxref\n%d\n%%%%EOF\n" % xref
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(out))
    return path


def searcher_for(services: Services, reranker=None, **config) -> HybridSearcher:
    """A searcher that re-checks the index generation on every search and keeps every hit."""
    config = {"refresh_interval_s": 0.0, "min_relevance": 0.0, **config}
    relevance = load_relevance_model(services.embedder.name, reranker.name if reranker else None)
    return HybridSearcher(
        services.index,
        reranker,
        SearchConfig.from_settings(services.settings, **config),
        relevance,
        services.keyword_store,
    )


def ingest(services: Services, *paths: Path, space=None, base_url=None, prune=False):
    return services.ingester.run(list(paths), services.ingest_options(space, base_url, prune))


def all_hits(searcher: HybridSearcher, query: str, spaces=None, top_k: int = 50):
    response = searcher.search(query, top_k=top_k, spaces=spaces)
    return response.results + response.below_threshold


def make_docx(path: Path, parts: list[tuple[str, object]], title: str | None = None) -> Path:
    """Write a real Word file (python-docx) from ``parts``: ("title" | "h1".."h3" | "p" |
    "bold" | "number" | "bullet" | "toc heading" | "toc", text), ("table", rows) or ("merged
    table", (rows, merges)), each merge ((row, column), (row, column)) the corners of cells
    Word merges into one; ``title``: the file's title property."""
    import docx  # a test-only dependency
    from docx.enum.style import WD_STYLE_TYPE

    document = docx.Document()
    if title is not None:
        document.core_properties.title = title
    for kind, content in parts:
        if kind == "title":
            document.add_paragraph(content, style="Title")
        elif kind in ("h1", "h2", "h3"):
            document.add_heading(content, level=int(kind[1]))
        elif kind in ("toc", "toc heading"):  # a table of contents, as Word writes one
            style = "TOC Heading" if kind == "toc heading" else "toc 1"
            if style not in [s.name for s in document.styles]:
                document.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH)
            document.add_paragraph(content, style=style)
        elif kind == "bold":
            document.add_paragraph().add_run(content).bold = True
        elif kind in ("number", "bullet"):
            style = "List Number" if kind == "number" else "List Bullet"
            document.add_paragraph(content, style=style)
        elif kind in ("table", "merged table"):
            rows, merges = content if kind == "merged table" else (content, ())
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            for i, row in enumerate(rows):
                for j, cell in enumerate(row):
                    table.cell(i, j).text = cell
            for start, end in merges:
                table.cell(*start).merge(table.cell(*end))
        else:
            document.add_paragraph(content)
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(path)
    return path


ODF_NAMESPACES = (
    " ".join(
        f'xmlns:{prefix}="urn:oasis:names:tc:opendocument:xmlns:{name}"'
        for prefix, name in {
            "office": "office:1.0",
            "style": "style:1.0",
            "text": "text:1.0",
            "table": "table:1.0",
            "draw": "drawing:1.0",
            "fo": "xsl-fo-compatible:1.0",
            "presentation": "presentation:1.0",
            "svg": "svg-compatible:1.0",
        }.items()
    )
    + ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
)


def make_opendocument(
    path: Path,
    kind: str,
    body: str,
    automatic: str = "",
    styles: str = "",
    title: str | None = None,
) -> Path:
    """Write an OpenDocument package as LibreOffice does (the parts the loaders read):
    ``kind`` "text" (.odt), "spreadsheet" (.ods) or "presentation" (.odp); ``body``: what
    office:body's office:text, office:spreadsheet or office:presentation holds; ``automatic``
    and ``styles``: content.xml's automatic styles and styles.xml's named ones; ``title``:
    meta.xml's title property."""

    def part(root: str, inner: str) -> str:
        return (
            f'<?xml version="1.0" encoding="UTF-8"?>'
            f"<office:{root} {ODF_NAMESPACES}>{inner}</office:{root}>"
        )

    content = (
        f"<office:automatic-styles>{automatic}</office:automatic-styles>"
        f"<office:body><office:{kind}>{body}</office:{kind}></office:body>"
    )
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("mimetype", f"application/vnd.oasis.opendocument.{kind}")
        package.writestr("content.xml", part("document-content", content))
        package.writestr(
            "styles.xml", part("document-styles", f"<office:styles>{styles}</office:styles>")
        )
        if title is not None:
            meta = f"<office:meta><dc:title>{title}</dc:title></office:meta>"
            package.writestr("meta.xml", part("document-meta", meta))
    return path
