"""A document's chunks, chunked a few sections at a time so that memory stays bounded
whatever the file size."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..chunking import TokenCounter, chunk_document
from ..documents import Block, Chunk, Document
from ..loaders import LoadError

SECTION_BATCH_CHARS = 64_000  # text chunked at a time, cut between sections …
MAX_BATCH_CHARS = 256_000  # … or, in one long section, between paragraphs


def chunk_in_parts(
    document: Document,
    count_tokens: TokenCounter,
    max_tokens: int,
    overlap_tokens: int,
    flagged: bool,
) -> list[Chunk]:
    """All of ``document``'s chunks, numbered in order; ``flagged``: it has planted text."""
    chunks: list[Chunk] = []
    for blocks in _block_batches(document.blocks):
        part = replace(document, blocks=blocks)
        for chunk in chunk_document(part, count_tokens, max_tokens, overlap_tokens):
            chunks.append(
                replace(
                    chunk,
                    index=len(chunks),
                    flagged=flagged,
                    kind=document.kind,
                    author=document.author,
                )
            )
    if not chunks:
        raise LoadError("no readable text in file")
    return chunks


def _block_batches(blocks: list[Block]) -> Iterator[list[Block]]:
    """Consecutive blocks a few sections at a time (chunks never span sections, so cutting
    between them changes nothing); a very long section is cut between paragraphs."""
    batch: list[Block] = []
    size = 0
    for block in blocks:
        new_section = bool(batch) and (block.headings, block.page) != (
            batch[-1].headings,
            batch[-1].page,
        )
        if batch and (size >= MAX_BATCH_CHARS or (size >= SECTION_BATCH_CHARS and new_section)):
            yield batch
            batch, size = [], 0
        batch.append(block)
        size += len(block.text)
    if batch:
        yield batch
