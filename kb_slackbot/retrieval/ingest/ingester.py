"""One ingest run, file by file: read it, skip it if unchanged, else load, chunk and queue
it to be stored; then prune and publish."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..chunking import content_hash
from ..documents import PAGE
from ..index import ChunkIndex, DocumentVersion, live_hashes
from ..injection import find_instructions
from ..keyword_store import KeywordStore
from ..loaders import LoadError, NoText, SourceFile, load_document, read_source
from .chunks import chunk_in_parts
from .cleanup import prune, repair
from .run_types import IngestOptions, IngestSummary, ProgressCallback, within_file
from .sources import DocumentIds, discover
from .storing import DocumentWriter, Pending

# Bump when loaders or chunking change in a way that should re-index unchanged files.
PIPELINE_VERSION = "1"
# File suffix → its loader's revision, for loaders changed since PIPELINE_VERSION "1":
# PDF tables (runs of short lines) are read as lists since revision "rows", and without the
# running header and footer, cut at numbered section headings, since "sections"; Markdown and
# text read FAQ questions, bold labels and Setext headings as headings, and HTML also reads
# tables as Markdown tables and a definition with its term, since revision "headings"; all
# read a toggle's summary (<details>) as the heading of what it hides, Markdown and text a
# line in capitals as a heading and Markdown an HTML table as a table, and HTML numbers the
# items of an ordered list ("2. …") and reads only a wiki export's content (Confluence's
# #main-content), since revision "toggles"; HTML titles a Confluence page by its own name, not
# "Space : Page", since revision "spaces"; text titles an email or memo by its subject line,
# since revision "subjects"; PDF reads a longer line that ends in a figure as a table row, and
# a header too long to be a row as the lead-in of the rows under it, since revision "figures";
# PDF reads a memo's header fields ("To: …", "Subject: …") as rows, since revision "fields", and
# the tables its pages' layout shows as Markdown tables and drops a page-number line even in a
# one-page PDF, since revision "layout", a table's rows on the next page, under its repeated
# header, since "continued", a table set right under a line of prose, since "under-prose", and
# no table of contents read as a table, nor a first row of figures as a header, since "contents",
# and a table set right above a paragraph (no space between), since "over-prose". HTML, Word
# and an HTML table in Markdown spread a merged cell over the rows and columns it covers, and
# read a header of two rows as one; Markdown titles a page by its first heading even with no
# text under it (a page of "##" sections by its file name), reads TOML front matter, "<br>",
# notes (admonitions, alerts, quotes) and reference links as the rendered page shows them and
# leaves out comments, images and link definitions; HTML reads a Google Docs export's Title
# paragraph and bold type set by a class or a style, an article's own header and notes, a page
# wrapped in one form, SharePoint's content area and styled headings, text set outside
# paragraphs (in <div>s, layout tables), Confluence's expand boxes, leaves out an in-page table
# of contents and what docs generators add to headings (permalinks, "[edit]"), reads a table
# of fields as fields, and titles a page by its article's heading; Markdown and HTML read a
# step's heading ("## Step 2: Enrol") as its numbered item; MDX is read as Markdown, its tabs
# under their labels; Markdown, text and HTML read a FAQ question typed plainly as a heading;
# text reads numbered section headings, columns aligned with spaces or tabs as tables and an
# underlined first heading as the title, since "spans". PDF reads a table begun at the foot of
# a page (header and first row; its other rows follow under the repeated header) as a table,
# and a sentence a page break cut as one block, since "page-breaks". HTML, Word and an HTML
# table in Markdown keep the page's own spacing around inline markup ("shipit.", not
# "shipit ."), and HTML reads a docs site's note title as the lead of its text, since
# "inline-text". A spreadsheet's row above the header that fills fewer cells than the rows
# under it is read as a note, not as the header, since "notes-above". reStructuredText reads a
# version note's text as markup (substitutions, emphasis), since "version-notes". Markdown reads
# MkDocs tabs, GitBook and Jekyll template tags, footnotes, abbreviations, wiki links, callouts,
# highlights and comments (Obsidian), an outliner's (Logseq) heading bullets,
# properties and block references, Notion's asides and toggles, and backslash escapes (Google
# Docs' export) as the rendered page shows them, since "tabs-and-tags". HTML
# reads a docs site's tabs under their labels, a built Docusaurus note's title as the lead of
# its text, its footnotes as a section of their own, and leaves out footnote markers and
# buttons' text; HTML, Word, Excel, PowerPoint,
# OpenDocument and PDF files are dated by the date they state for their last change
# (loaders.page_dates); Excel and OpenDocument sheets leave out hidden rows and columns; since
# "page-dates". HTML reads a <pre> as a fenced code block (before: as a sentence), leaves out
# a help centre's trail, "Related articles", sidebar and byline, dates a page by its
# article's <time> or "Modified on: …" and titles it without the site's name; text and
# Markdown drop the dashes under an aligned table's header; Markdown is dated by front
# matter's "lastmod", "last_reviewed" and their kind too; a sheet's header written as a
# column name ("term_time_hours") reads as words, a header of two rows (a label merged over
# "Band A", "Band B") as one, and one-cell rows under a table as notes; an HTML, Word or
# OpenDocument table's last rows across its width are notes under it, a table of one column
# is paragraphs, and a Word file's footnotes (mammoth's "[1]", "↑") are a section of their
# own; since "help-centres". HTML reads a list item's sub-list as a nested list and the
# command in a step as a code block after it, keeps a highlighted <pre>'s line breaks (Prism,
# Shiki, Chroma), parts a cell's paragraphs with "; ", and reads a Google Docs export's
# sub-lists under their items, without its comments and with its footnotes apart; it leaves
# out MediaWiki's frame (site notice, "Jump to navigation", "Retrieved from", categories),
# reads an infobox with a name row as fields and a table of one row as text; a sheet of one
# column is text, not a table; a DokuWiki page's source (.txt) is read as Markdown; Markdown
# drops attribute lists ("{.tabset}"); since "wikis".
LOADER_REVISIONS = {
    **dict.fromkeys((".md", ".markdown", ".mdx", ".txt", ".rst"), "wikis"),
    **dict.fromkeys((".csv", ".tsv", ".xlsx", ".ods"), "wikis"),
    **dict.fromkeys((".html", ".htm", ".mht", ".mhtml", ".eml"), "wikis"),
    **dict.fromkeys((".docx", ".odt"), "wikis"),
    **dict.fromkeys((".pptx", ".pdf"), "page-dates"),
}
EMBED_BATCH = 64  # chunks embedded at a time
BUFFER_CHUNKS = 512  # chunks of several documents pooled before embedding


@dataclass
class _Run:
    """What one run carries from file to file."""

    options: IngestOptions
    max_tokens: int
    versions: dict[str, list[DocumentVersion]]
    live: dict[str, str]  # doc id → live hash; follows the run
    ids: DocumentIds
    summary: IngestSummary
    writer: DocumentWriter
    seen: set[str] = field(default_factory=set)
    pending: list[Pending] = field(default_factory=list)  # waiting to be embedded together
    emptied: list[str] = field(default_factory=list)  # indexed pages whose file now has no text


class Ingester:
    def __init__(
        self,
        index: ChunkIndex,
        batch_size: int = EMBED_BATCH,
        buffer: int = BUFFER_CHUNKS,
        store: KeywordStore | None = None,
    ) -> None:
        """``store``: the keyword index to publish each run's changes to (without one, the
        generation is bumped and readers rebuild theirs from Chroma)."""
        self.index = index
        self.store = store
        self.embedder = index.embedder
        self.batch_size = batch_size
        self.buffer = max(buffer, batch_size)

    def effective_chunk_tokens(self, requested: int) -> int:
        # Text past the model's window would be silently truncated when embedded.
        return min(requested, self.embedder.max_tokens - 2)

    def run(
        self,
        paths: list[Path],
        options: IngestOptions,
        progress: ProgressCallback | None = None,
    ) -> IngestSummary:
        run = self._start(options)
        sources = list(discover(paths, options, run.summary.passed_over))
        for position, source in enumerate(sources, start=1):
            report = within_file(progress, position, len(sources), source.rel_path)
            report(0, 0)
            self._ingest_file(run, source, report)
        run.writer.store_pooled(run.pending, lambda item: self._stored(run, item))
        self._finish(run, paths)
        return run.summary

    def _start(self, options: IngestOptions) -> _Run:
        """Repair what an interrupted run left, and note what is stored now."""
        summary = IngestSummary()
        if self.store is not None:  # what readers see now, before this run changes anything
            self.store.load(self.index.generation())
        versions = self.index.versions()
        summary.removed += repair(self.index, versions)
        return _Run(
            options=options,
            max_tokens=self.effective_chunk_tokens(options.chunk_tokens),
            versions=versions,
            live=live_hashes(versions),
            ids=DocumentIds(versions),
            summary=summary,
            # Built per run: the embedder and batch size are whatever the ingester has now.
            writer=DocumentWriter(self.index, self.embedder, self.batch_size),
        )

    def _ingest_file(
        self, run: _Run, source: SourceFile, report: Callable[[int, int], None]
    ) -> None:
        doc_id = run.ids.assign(source)
        run.seen.add(doc_id)
        try:
            raw = read_source(source, run.options.max_file_bytes)
        except LoadError as exc:
            run.summary.fail(source, str(exc))
            return
        doc_hash = self._hash(raw, source, run)
        previous = run.live.get(doc_id)
        if previous == doc_hash:
            run.summary.unchanged += 1
            version = next(v for v in run.versions[doc_id] if v.doc_hash == doc_hash)
            self._note_flag(run.summary, source, doc_id, doc_hash, version)
            return
        try:
            document = load_document(source, raw)
            document.doc_id = doc_id
            planted = find_instructions("\n\n".join(b.text for b in document.blocks))
            chunks = chunk_in_parts(
                document,
                self.embedder.count_tokens,
                run.max_tokens,
                run.options.overlap_tokens,
                flagged=bool(planted),
            )
        except NoText:
            run.summary.no_text.append(str(source.path))
            if previous is not None:  # its text was deleted: so is what the index held of it
                run.emptied.append(doc_id)
            return
        except LoadError as exc:
            run.summary.fail(source, str(exc))
            return
        self._queue(run, Pending(source, document, doc_hash, chunks, planted, previous, report))

    def _hash(self, raw: bytes, source: SourceFile, run: _Run) -> str:
        """Changes with the file and with anything that changes how it is indexed."""
        # Pages hash as before kinds existed, so an upgrade re-embeds nothing.
        kind = () if source.kind == PAGE else (source.kind,)
        # A loader that now reads its files differently re-indexes those files only.
        revision = LOADER_REVISIONS.get(source.path.suffix.lower())
        return content_hash(
            raw,
            PIPELINE_VERSION,
            source.rel_path,
            source.space,
            *kind,
            *((revision,) if revision else ()),
            source.base_url or "",
            self.embedder.name,
            str(run.max_tokens),
            str(run.options.overlap_tokens),
        )

    def _queue(self, run: _Run, item: Pending) -> None:
        if len(item.chunks) > self.buffer:  # alone, in batches, as soon as it is chunked
            run.writer.store_large(item)
            self._stored(run, item)
            return
        run.pending.append(item)
        if sum(len(p.chunks) for p in run.pending) >= self.buffer:
            run.writer.store_pooled(run.pending, lambda stored: self._stored(run, stored))
            run.pending = []

    def _stored(self, run: _Run, item: Pending) -> None:
        """Count a stored document; ``run.live`` follows the run."""
        run.live[item.document.doc_id] = item.doc_hash
        if item.planted:
            run.summary.flag(item.source, item.planted[0])
        run.summary.chunks += len(item.chunks)
        run.summary.written.append(item.document.doc_id)
        if item.previous is None:
            run.summary.added += 1
        else:
            run.summary.updated += 1

    def _finish(self, run: _Run, paths: list[Path]) -> None:
        for doc_id in run.emptied:
            self.index.delete_versions(doc_id)
            run.live.pop(doc_id, None)
            run.summary.removed += 1
        if run.options.prune:
            run.summary.removed += prune(self.index, run.versions, paths, run.seen, run.live)
        if self.store is not None:
            self.store.publish(run.live)  # also what an interrupted run left complete
        elif run.summary.changed:
            self.index.bump_generation()
        run.summary.log_finished()

    def _note_flag(
        self,
        summary: IngestSummary,
        source: SourceFile,
        doc_id: str,
        doc_hash: str,
        version: DocumentVersion,
    ) -> None:
        """An unchanged page: report its flag, checking it first if an older version of
        kb-slackbot stored it (the flag is added in place, without re-embedding)."""
        if version.flagged is None:
            planted = find_instructions(self.index.texts(doc_id, doc_hash))
            self.index.set_flagged(doc_id, doc_hash, bool(planted))
            if planted:
                summary.flag(source, planted[0])
        elif version.flagged:
            planted = find_instructions(self.index.texts(doc_id, doc_hash))
            summary.flag(source, planted[0] if planted else "")
