"""Turn files (Markdown, HTML, plain text, PDF) into :class:`Document` objects.

Every loader raises :class:`LoadError` with a message meant for a person when a file cannot
be used; the ingester reports it and moves on.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import quote

import frontmatter
import yaml
from pypdf import PasswordType, PdfReader
from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from .documents import Block, Document
from .urls import checked_url

SUPPORTED_SUFFIXES = {".md", ".markdown", ".html", ".htm", ".txt", ".pdf"}
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


class LoadError(Exception):
    """A file that cannot be ingested; the message says why, for a person."""


@dataclass(frozen=True)
class SourceFile:
    path: Path
    rel_path: str  # posix path relative to the ingest root; the document id unless taken
    space: str
    base_url: str | None
    root: str = ""  # the ingest root's folder name


def load_document(source: SourceFile, raw: bytes | None = None) -> Document:
    """``raw``: the file's bytes when the caller has read them already."""
    loader = _LOADERS.get(source.path.suffix.lower())
    if loader is None:
        raise LoadError(f"unsupported file type {source.path.suffix!r}")
    if raw is None:
        try:
            raw = source.path.read_bytes()
        except OSError as exc:
            raise LoadError(f"cannot read file: {exc.strerror or exc}") from exc
    if not raw.strip():
        raise LoadError("file is empty")
    document = loader(source, raw)
    if not any(block.text.strip() for block in document.blocks):
        raise LoadError("no readable text in file")
    return document


# --- helpers -----------------------------------------------------------------------------


def _decode_text(raw: bytes) -> str:
    if b"\x00" in raw:  # anywhere: a text file never has one (memchr, cheap on any size)
        raise LoadError("binary file (contains NUL bytes), not text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LoadError(
            f"not valid UTF-8 (byte {exc.start}); re-save the file as UTF-8 to include it"
        ) from exc
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _title_from_filename(path: Path) -> str:
    words = re.sub(r"[-_]+", " ", path.stem).strip()
    return words[:1].upper() + words[1:] if words else path.name


def _derived_url(source: SourceFile) -> str:
    if source.base_url:
        return source.base_url.rstrip("/") + "/" + quote(source.rel_path)
    return source.path.resolve().as_uri()


def _front_matter_url(value: object) -> str:
    try:
        return checked_url(str(value))
    except ValueError as exc:
        raise LoadError(f"front matter 'url' is not a usable link ({exc}): {value!r}") from None


def _canonical_url(href: str | None, source: SourceFile) -> str:
    """A page's own canonical link when it is a valid web link, else the derived one."""
    try:
        return checked_url(href) if href else _derived_url(source)
    except ValueError:
        return _derived_url(source)


def _modified_date(path: Path) -> date:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).date()


def _parse_date(value: object, field: str) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip()[:10])
    except ValueError as exc:
        raise LoadError(f"front matter {field!r} is not a date (YYYY-MM-DD): {value!r}") from exc


def _paragraph_blocks(
    lines: list[str], first_line: int, heading_of: Callable[[str], tuple[int, str] | None]
) -> list[Block]:
    """Split lines into paragraph blocks, tracking the heading path and 1-based line numbers.

    ``heading_of`` recognises a heading line (returns level and text) or returns None.
    Fenced code stays in one block; horizontal rules separate blocks.
    """
    blocks: list[Block] = []
    headings: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    in_fence = False

    def flush(end: int) -> None:
        text = "\n".join(current).strip()
        if text:
            path = tuple(h for _, h in headings)
            blocks.append(Block(text=text, headings=path, start_line=start, end_line=end))
        current.clear()

    for offset, line in enumerate(lines):
        number = first_line + offset
        if _FENCE.match(line):
            if not in_fence:
                flush(number - 1)
                start = number
            in_fence = not in_fence
            current.append(line)
            if not in_fence:
                flush(number)
            continue
        if in_fence:
            current.append(line)
            continue
        heading = heading_of(line)
        if heading is not None:
            flush(number - 1)
            level, text = heading
            headings[:] = [h for h in headings if h[0] < level] + [(level, text)]
            continue
        if not line.strip() or _RULE.match(line):
            flush(number - 1)
            continue
        if not current:
            start = number
        current.append(line)
    flush(first_line + len(lines) - 1)
    return blocks


def _markdown_heading(line: str) -> tuple[int, str] | None:
    match = _HEADING.match(line)
    return (len(match.group(1)), match.group(2)) if match else None


# --- Markdown ----------------------------------------------------------------------------


def _load_markdown(source: SourceFile, raw: bytes) -> Document:
    text = _decode_text(raw)
    try:
        post = frontmatter.loads(text)
        fields = _front_matter_fields(post, text)
    except (yaml.YAMLError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise LoadError(f"malformed YAML front matter: {first}") from exc
    meta = post.metadata
    if not isinstance(meta, dict) or not isinstance(fields, dict | None):
        raise LoadError("malformed YAML front matter: expected key: value pairs")
    body = post.content
    offset = text[: text.find(body)].count("\n") if body else 0
    blocks = _paragraph_blocks(body.split("\n"), offset + 1, _markdown_heading)

    title = str(meta.get("title") or "").strip()
    if not title:
        first_heading = next((b.headings[0] for b in blocks if b.headings), "")
        title = first_heading or _title_from_filename(source.path)
    # The page title is shown separately; a leading "# Title" adds nothing to the section path.
    blocks = [_drop_title_heading(b, title) for b in blocks]
    updated = meta.get("updated") or meta.get("date")
    return Document(
        doc_id=source.rel_path,
        title=title,
        url=_front_matter_url(meta["url"]) if meta.get("url") else _derived_url(source),
        updated=_parse_date(updated, "updated") if updated else _modified_date(source.path),
        space=str(meta.get("space") or source.space),
        blocks=blocks,
        source_path=str(source.path),
        language=str(meta["lang"]) if meta.get("lang") else None,
    )


def _front_matter_fields(post: frontmatter.Post, text: str) -> object:
    """The parsed front matter as written: python-frontmatter silently drops one that is not
    a mapping (a scalar or a list, e.g. keys written without a colon), losing `space:`."""
    if post.handler is None:
        return None
    try:
        fm, _content = post.handler.split(text.strip())
    except ValueError:  # an opening delimiter without a closing one: not front matter
        return None
    return post.handler.load(fm)


def _drop_title_heading(block: Block, title: str) -> Block:
    if block.headings and block.headings[0].strip().lower() == title.strip().lower():
        return Block(block.text, block.headings[1:], block.start_line, block.end_line, block.page)
    return block


# --- plain text --------------------------------------------------------------------------


def _load_text(source: SourceFile, raw: bytes) -> Document:
    text = _decode_text(raw)
    blocks = _paragraph_blocks(text.split("\n"), 1, lambda _line: None)
    return Document(
        doc_id=source.rel_path,
        title=_title_from_filename(source.path),
        url=_derived_url(source),
        updated=_modified_date(source.path),
        space=source.space,
        blocks=blocks,
        source_path=str(source.path),
    )


# --- HTML --------------------------------------------------------------------------------

_NOISE_TAGS = ["script", "style", "noscript", "nav", "header", "footer", "aside", "form", "svg"]
_BLOCK_SELECTOR = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,dt,dd,tr,figcaption"
_BLOCK_TAGS = set(_BLOCK_SELECTOR.split(","))


def _load_html(source: SourceFile, raw: bytes) -> Document:
    tree = HTMLParser(_decode_text(raw))
    title_node = tree.css_first("title")
    canonical = tree.css_first('link[rel="canonical"]')
    tree.strip_tags(_NOISE_TAGS)
    first_h1 = tree.css_first("h1")  # after removing headers, so a site-logo <h1> is not it
    root = tree.css_first("main") or tree.css_first("article") or tree.body or tree.root
    if root is None:
        raise LoadError("HTML has no body")

    blocks: list[Block] = []
    headings: list[tuple[int, str]] = []
    for node in root.css(_BLOCK_SELECTOR):
        if _inside_block(node, root):
            continue
        text = _node_text(node)
        if not text:
            continue
        if node.tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            level = int(node.tag[1])
            headings[:] = [h for h in headings if h[0] < level] + [(level, text)]
            continue
        if node.tag == "li":
            text = f"- {text}"
        blocks.append(Block(text=text, headings=tuple(h for _, h in headings)))
    if not blocks:
        fallback = root.text(separator="\n", strip=True)
        blocks = [Block(text=p.strip()) for p in _PARAGRAPH_BREAK.split(fallback) if p.strip()]

    title = (title_node.text(strip=True) if title_node else "") or (
        first_h1.text(strip=True) if first_h1 else ""
    )
    title = title or _title_from_filename(source.path)
    href = canonical.attributes.get("href") if canonical else None
    return Document(
        doc_id=source.rel_path,
        title=title,
        url=_canonical_url(href, source),
        updated=_modified_date(source.path),
        space=source.space,
        blocks=[_drop_title_heading(b, title) for b in blocks],
        source_path=str(source.path),
    )


def _inside_block(node: Node, root: Node) -> bool:
    parent = node.parent
    while parent is not None and parent is not root and parent.mem_id != root.mem_id:
        if parent.tag in _BLOCK_TAGS:
            return True
        parent = parent.parent
    return False


def _node_text(node: Node) -> str:
    if node.tag == "tr":
        cells = [c.text(separator=" ", strip=True) for c in node.css("th,td")]
        return " | ".join(c for c in cells if c)
    if node.tag == "pre":
        return (node.text(deep=True) or "").strip("\n")
    return re.sub(r"\s+", " ", node.text(separator=" ", strip=True)).strip()


# --- PDF ---------------------------------------------------------------------------------


def _load_pdf(source: SourceFile, raw: bytes) -> Document:
    try:
        reader = PdfReader(io.BytesIO(raw))
        # Encrypted with an empty user password (permissions only) still opens for everyone.
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise LoadError("PDF is encrypted")
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = (reader.metadata.title if reader.metadata else None) or ""
    except LoadError:
        raise
    except Exception as exc:  # pypdf raises many kinds (AttributeError, AssertionError, …)
        raise LoadError(f"unreadable PDF: {type(exc).__name__}: {exc}") from exc
    blocks = [
        Block(text=paragraph.strip(), page=number)
        for number, page_text in enumerate(pages, start=1)
        for paragraph in _PARAGRAPH_BREAK.split(page_text)
        if paragraph.strip()
    ]
    return Document(
        doc_id=source.rel_path,
        title=str(meta_title).strip() or _title_from_filename(source.path),
        url=_derived_url(source),
        updated=_modified_date(source.path),
        space=source.space,
        blocks=blocks,
        source_path=str(source.path),
    )


_LOADERS: dict[str, Callable[[SourceFile, bytes], Document]] = {
    ".md": _load_markdown,
    ".markdown": _load_markdown,
    ".txt": _load_text,
    ".html": _load_html,
    ".htm": _load_html,
    ".pdf": _load_pdf,
}
