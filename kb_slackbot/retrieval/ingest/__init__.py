"""Incremental ingestion: new and changed files in, vanished ones out, bad ones reported.

A document is its file (ingest root + path); :mod:`.sources` says which id it gets.
Chunks are embedded and stored as :mod:`.storing` describes, so a kill -9 at any point leaves
whole documents or nothing of them, and :mod:`.cleanup` finishes what such a run left.

- ``ingester``: one run, file by file (read, skip if unchanged, load, chunk, queue to store)
- ``sources``: which files to read, and each one's document id
- ``chunks``: a document's chunks, a few sections at a time (bounded memory)
- ``storing``: embedding pooled chunks in batches and storing each document atomically
- ``cleanup``: repairing interrupted runs and pruning documents whose files are gone
- ``run_types``: the options a run takes and the summary and progress it reports
"""

from .ingester import BUFFER_CHUNKS, EMBED_BATCH, PIPELINE_VERSION, Ingester
from .run_types import IngestOptions, IngestSummary, ProgressCallback
from .sources import DocumentIds, discover

__all__ = [
    "BUFFER_CHUNKS",
    "EMBED_BATCH",
    "PIPELINE_VERSION",
    "DocumentIds",
    "IngestOptions",
    "IngestSummary",
    "Ingester",
    "ProgressCallback",
    "discover",
]
