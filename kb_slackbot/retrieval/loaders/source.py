"""A file to ingest, and reading it safely: size limit, unreadable files, binary or non-UTF-8
text all become a :class:`LoadError` a person can act on."""

from __future__ import annotations

import codecs
import io
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..documents import PAGE


class LoadError(Exception):
    """A file that cannot be ingested; the message says why, for a person."""


class NoText(LoadError):
    """A page file that holds no text, and that is no fault: a docs site's section index with
    only front matter (Hugo's "_index.md"), an include of abbreviations, a redirect stub, an
    empty file. Ingest leaves it out and says so, without failing the run; a page indexed
    before whose file has no text now leaves the index (its text was deleted)."""


@dataclass(frozen=True)
class SourceFile:
    path: Path
    rel_path: str  # posix path relative to the ingest root; the document id unless taken
    space: str
    base_url: str | None
    root: str = ""  # the ingest root's folder name
    kind: str = PAGE  # documents.VERIFIED for the bot's verified-answer folder only


def read_source(source: SourceFile, max_bytes: int | None = None) -> bytes:
    """The file's bytes; ``max_bytes``: refuse a larger file before reading it."""
    try:
        if max_bytes is not None:
            size = source.path.stat().st_size
            if size > max_bytes:
                raise LoadError(
                    f"file is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:g} MB limit"
                    " (KB_MAX_FILE_MB); split it or raise the limit"
                )
        return source.path.read_bytes()
    except OSError as exc:
        raise LoadError(f"cannot read file: {exc.strerror or exc}") from exc


def decode_text(raw: bytes, declared: str | None = None) -> str:
    """UTF-8 text with newlines normalised to ``\\n``; also UTF-16 with its byte-order mark
    (Notepad's "Unicode", PowerShell's default), and, when the file declares one (an HTML
    page's ``<meta charset>``), its own encoding. Anything else is refused with what to do:
    a guess could garble every accented letter."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return _lines(raw.decode("utf-16"))
        except UnicodeDecodeError as exc:
            raise LoadError(f"not valid UTF-16 (byte {exc.start})") from exc
    if b"\x00" in raw:  # anywhere: a text file never has one (memchr, cheap on any size)
        raise LoadError("binary file (contains NUL bytes), not text")
    try:
        return _lines(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        utf8 = exc
    encoding = _codec(declared)
    if encoding is None:
        raise LoadError(
            f"not valid UTF-8 (byte {utf8.start}); re-save the file as UTF-8 to include it"
        ) from utf8
    try:
        return _lines(raw.decode(encoding))
    except UnicodeDecodeError as exc:
        raise LoadError(
            f"not valid {declared} as it declares (byte {exc.start}); re-save it as UTF-8"
        ) from exc


def _codec(name: str | None) -> str | None:
    """Python's codec for a declared encoding name, None when unknown or absent."""
    if not name:
        return None
    try:
        return codecs.lookup(name.strip().lower()).name
    except LookupError:
        return None


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def require_package(raw: bytes, what: str, suffix: str, old: str) -> None:
    """An Office file is a zip package: refuse anything else, saying what to do ("not a Word
    document (.docx); a .doc file must be saved as .docx first"). ``what`` and ``old`` come
    with their article ("an Excel workbook", "an .xls")."""
    if not zipfile.is_zipfile(io.BytesIO(raw)):
        raise LoadError(f"not {what} ({suffix}); {old} file must be saved as {suffix} first")


@contextmanager
def unreadable(what: str) -> Iterator[None]:
    """Turn whatever a third-party reader raises on a damaged file (KeyError, XML errors,
    AssertionError, …) into a LoadError naming it: "unreadable PDF: KeyError: …"."""
    try:
        yield
    except LoadError:
        raise
    except Exception as exc:
        raise LoadError(f"unreadable {what}: {type(exc).__name__}: {exc}") from exc
