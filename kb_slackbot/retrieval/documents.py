"""Plain data types shared by loaders, the chunker and the index."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .tokens import tokenize
from .urls import address_words

PAGE = "page"
# An expert's answer saved from Slack. Only the bot's own verified-answer folder is ingested
# as this kind; a page cannot make itself one through its front matter.
VERIFIED = "verified"


@dataclass(frozen=True)
class Block:
    """A paragraph-sized piece of a document with where it came from."""

    text: str
    headings: tuple[str, ...] = ()
    start_line: int | None = None
    end_line: int | None = None
    page: int | None = None


@dataclass
class Document:
    doc_id: str
    title: str
    url: str
    updated: date
    space: str
    blocks: list[Block]
    source_path: str = ""
    language: str | None = None
    extra: dict[str, str] = field(default_factory=dict)
    kind: str = PAGE  # PAGE | VERIFIED (an expert's answer saved from Slack)
    author: str = ""  # a verified answer's expert (Slack user id)


@dataclass(frozen=True)
class Chunk:
    chunk_id: str
    doc_id: str
    index: int
    text: str
    title: str
    url: str
    headings: tuple[str, ...]
    updated: date
    space: str
    start_line: int | None = None
    end_line: int | None = None
    page: int | None = None
    # The page holds text addressed to an assistant (retrieval.injection): never quoted from,
    # never a reason for confidence.
    flagged: bool = False
    kind: str = PAGE
    author: str = ""

    @property
    def heading_path(self) -> str:
        return " › ".join(self.headings)

    @property
    def section_path(self) -> str:
        """ "Title › Section › Subsection": the page and section the chunk is under."""
        return " › ".join((self.title, *self.headings))

    @property
    def location(self) -> str:
        return format_location(self.start_line, self.end_line, self.page)

    def embedding_text(self) -> str:
        """What the models see: the page title and section give a passage its meaning."""
        return f"{self.section_path}\n{self.text}"

    def name_words(self) -> list[str]:
        """The words of the page's name in its address that its title and headings lack: a
        second, short title ("late-checkout" for "Late departure surcharge and day use")."""
        named = set(tokenize(" ".join((self.title, *self.headings))))
        return [w for w in dict.fromkeys(address_words(self.url)) if w not in named]

    def keyword_text(self) -> str:
        """What keyword search and question coverage see: the embedding text and the page's
        name words."""
        return " ".join((self.embedding_text(), *self.name_words()))


def format_location(start_line: int | None, end_line: int | None, page: int | None) -> str:
    if page is not None:
        return f"page {page}"
    if start_line is None:
        return ""
    if end_line is None or end_line == start_line:
        return f"line {start_line}"
    return f"lines {start_line}–{end_line}"
