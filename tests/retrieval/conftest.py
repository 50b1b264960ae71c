"""Retrieval fixtures: a folder for a test's own knowledge base, and one real second process
that writes into indexes this process also uses (run once per session: it loads the models)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from kb_slackbot.retrieval.search import HybridSearcher
from kb_slackbot.services import Services
from tests.conftest import ROOT, make_settings
from tests.retrieval.helpers import all_hits, ingest, searcher_for, write


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "chroma_server: starts a real `chroma run` server (runs by default)"
    )


@pytest.fixture
def kb(tmp_path) -> Path:
    root = tmp_path / "kb"
    root.mkdir()
    return root


# --- another process writing into our data directories ------------------------------------

OTHER_PROCESS = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path

    # The retrieval pieces only, composed as Services does (skips importing the LLM SDKs).
    from kb_slackbot.retrieval.chunking import chunk_document
    from kb_slackbot.retrieval.embeddings import load_embedder
    from kb_slackbot.retrieval.index import ChunkIndex, make_client
    from kb_slackbot.retrieval.ingest import Ingester, IngestOptions, discover
    from kb_slackbot.retrieval.loaders import load_document
    from kb_slackbot.settings import Settings

    shared_data, shared_kb, crash_data, crash_kb, crash_v2 = map(Path, sys.argv[1:6])
    embedder = load_embedder(Settings(_env_file=None).embedding_model)

    def ingester(data):
        settings = Settings(_env_file=None, data_dir=data)
        index = ChunkIndex(make_client(settings), settings.collection, embedder)
        options = IngestOptions(
            space=settings.default_space,
            chunk_tokens=settings.chunk_tokens,
            overlap_tokens=settings.chunk_overlap_tokens,
        )
        return Ingester(index), options

    # 1. An ordinary ingest next to a process that has the index open.
    shared, options = ingester(shared_data)
    print("shared:", shared.run([shared_kb], options))

    # 2. An ingest killed between storing a new version and deleting the old one.
    crash, options = ingester(crash_data)
    print("crash v1:", crash.run([crash_kb], options))
    (crash_kb / "policy.md").write_text(crash_v2.read_text())
    source = next(s for s in discover([crash_kb], options) if s.rel_path == "policy.md")
    document = load_document(source)
    limit = crash.effective_chunk_tokens(options.chunk_tokens)
    chunks = chunk_document(document, embedder.count_tokens, limit, options.overlap_tokens)
    vectors = embedder.embed_documents([c.embedding_text() for c in chunks])
    crash.index.add_version(chunks, "interrupted-run", document.source_path, vectors)
    print("added", len(chunks), flush=True)
    os._exit(9)  # as if killed: no delete_versions, no generation bump, no clean-up
    """
)

POLICY_V1 = """---
title: Travel policy
---
# Travel policy

## Trains

Book trains through Tally Travel; the old agency Wanderlust Bookings is retired.

## Hotels

Hotels are reimbursed up to 120 EUR per night in every city.
"""

POLICY_V2 = """---
title: Travel policy
---
# Travel policy

## Trains

Book trains through the Railway Desk; first class needs director approval.

## Hotels

Hotels are reimbursed up to 150 EUR per night in capital cities.
"""


@dataclass
class OtherProcessRun:
    returncode: int
    output: str
    reader: Services  # opened the shared index before the other process wrote to it
    reader_searcher: HybridSearcher
    shared_kb: Path
    crash_data: Path
    crash_kb: Path


@pytest.fixture(scope="session")
def other_process(tmp_path_factory, embedder, reranker_choice) -> OtherProcessRun:
    base = tmp_path_factory.mktemp("other-process")
    shared_kb, crash_kb = base / "shared-kb", base / "crash-kb"
    write(
        shared_kb, "apples.md", "# Apples\n\nApples are harvested in autumn by the orchard team.\n"
    )
    write(shared_kb, "pears.md", "# Pears\n\nPears ripen off the tree in a cool cellar.\n")
    write(crash_kb, "policy.md", POLICY_V1)
    write(crash_kb, "printing.md", "# Printing\n\nPrinters release jobs when you tap your badge.\n")
    crash_v2 = write(base, "policy.v2.md", POLICY_V2)

    # This process opens the shared index and searches it, then the other process writes.
    reader = Services(
        make_settings(base / "shared-data"), embedder=embedder, reranker_choice=reranker_choice
    )
    ingest(reader, shared_kb)
    reader_searcher = searcher_for(reader)
    assert all_hits(reader_searcher, "pears cellar")
    write(shared_kb, "apples.md", "# Apples\n\nApples are now picked in late summer by robots.\n")
    write(shared_kb, "zebras.md", "# Zebras\n\nThe quokkaberry protocol governs zebra feeding.\n")

    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    script = base / "other_process.py"
    script.write_text(OTHER_PROCESS)
    done = subprocess.run(
        [
            sys.executable,
            str(script),
            *map(str, (base / "shared-data", shared_kb, base / "crash-data", crash_kb, crash_v2)),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=base,
    )
    return OtherProcessRun(
        done.returncode,
        done.stdout + done.stderr,
        reader,
        reader_searcher,
        shared_kb,
        base / "crash-data",
        crash_kb,
    )
