"""The pieces the reader scores, embedded once at ingest instead of at question time.

Embedding the short-listed pieces was about three quarters of an answer's time. Every piece
the reader can score is known once a page is indexed: the sentences, list items and table
rows of each of its sections, as ``reader_passages`` assembles them (a section read whole,
headed "Title › Section"), and the section headings a how-to compares. After an ingest they
are embedded and stored (``retrieval.stored_vectors``); the reader's semantic scorer asks
the store before the model, so no process embeds a piece an ingest already did. A piece the
store lacks (a section too long to be read whole is read chunk by chunk) is embedded when
read, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from ..retrieval.stored_vectors import StoredVectors
from .candidates import extract_units
from .passages import MAX_SECTION_CHARS
from .piece_features import scored_text

# (headings, pdf page) → the section's text, for one page (HybridSearcher.page_sections)
Sections = Mapping[tuple[tuple[str, ...], int | None], str]
BATCH = 64  # pieces embedded at a time


@dataclass(frozen=True)
class PieceVectorsSummary:
    pieces: int  # pieces of the pages looked at
    embedded: int  # … embedded now (the others were stored by an earlier ingest)
    forgotten: int  # stored vectors of pieces no page has any more


def page_pieces(title: str, sections: Sections) -> list[str]:
    """The texts the reader's semantic scorer can be given for one page."""
    texts = []
    for (headings, _page), text in sections.items():
        if headings:
            texts.append(headings[-1])  # how-to: which section's heading means the question
        if len(text) > MAX_SECTION_CHARS:
            continue  # read chunk by chunk (reader_passages): embedded when read
        heading = " › ".join((title, *headings))
        texts.extend(scored_text(unit) for unit in extract_units(text, heading))
    return texts


def embed_pieces(
    titles_of: Callable[[Collection[str] | None], Mapping[str, str]],
    sections_of: Callable[[str], Sections],
    store: StoredVectors,
    embed: Callable[[list[str]], np.ndarray],
    pages: Collection[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PieceVectorsSummary:
    """Store the vectors of the pieces of ``pages`` (doc ids) that are not stored yet.
    ``titles_of``: doc ids (None: all) → {doc id: title} of those that are live. With
    ``pages`` None, or nothing stored yet (as after an upgrade): every live page's, and the
    vectors of pieces no page has any more are forgotten. Otherwise only those pages are
    read: an ingest that changed a few pages of a large KB embeds only theirs."""
    everything = pages is None or store.count() == 0
    titles = titles_of(None if everything else pages)
    texts = list(dict.fromkeys(_all_pieces(titles, sections_of)))
    # By length: a batch is padded to its longest text (8% faster on the sample's pieces;
    # a text's vector does not depend on its batch)
    todo = sorted(store.missing(texts), key=len)
    for start in range(0, len(todo), BATCH):
        batch = todo[start : start + BATCH]
        store.put(batch, embed(batch))
        if progress is not None:
            progress(start + len(batch), len(todo))
    forgotten = store.keep_only(texts) if everything else 0
    return PieceVectorsSummary(len(texts), len(todo), forgotten)


def _all_pieces(titles: Mapping[str, str], sections_of: Callable[[str], Sections]) -> Iterable[str]:
    for doc_id, title in titles.items():
        yield from page_pieces(title, sections_of(doc_id))
