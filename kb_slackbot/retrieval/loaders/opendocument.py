"""What the OpenDocument loaders share (loaders.odt, loaders.ods, loaders.odp): the package's
XML parts, the format's namespaces, the file's title property."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from xml.etree import ElementTree

from .source import require_package

NAMESPACES = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "presentation": "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
}


def q(name: str) -> str:
    """ "text:p" → ElementTree's "{urn:…:text:1.0}p"."""
    prefix, local = name.split(":")
    return f"{{{NAMESPACES[prefix]}}}{local}"


@dataclass(frozen=True)
class Package:
    content: ElementTree.Element
    styles: ElementTree.Element | None  # styles.xml: the named styles
    title: str  # meta.xml's title property ("" when none)

    def body(self, kind: str) -> ElementTree.Element:
        """The document's body: ``kind`` "text", "spreadsheet" or "presentation"."""
        found = self.content.find(f"{q('office:body')}/{q('office:' + kind)}")
        return found if found is not None else ElementTree.Element("empty")


def read_package(raw: bytes, what: str, suffix: str) -> Package:
    """The parts of an OpenDocument file (a zip package; refused with what to do when not:
    its flat-XML form must be saved as the packaged one). Raises what the zip and XML readers
    raise on a damaged file (the caller turns it into a LoadError)."""
    require_package(raw, what, suffix, f"a flat .f{suffix[1:]}")
    with zipfile.ZipFile(io.BytesIO(raw)) as package:
        names = set(package.namelist())

        def part(name: str) -> ElementTree.Element | None:
            return ElementTree.fromstring(package.read(name)) if name in names else None

        content = ElementTree.fromstring(package.read("content.xml"))
        styles, meta = part("styles.xml"), part("meta.xml")
    node = meta.find(f".//{q('dc:title')}") if meta is not None else None
    title = (node.text or "").strip() if node is not None else ""
    return Package(content, styles, title)
