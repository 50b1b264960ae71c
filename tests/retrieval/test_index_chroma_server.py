"""The shared-index deployment: a real `chroma run` server, reached through HttpClient.

Runs by default (deselect with ``-m "not chroma_server"``); the server starts in about a
second and is shared by the tests of this module.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from kb_slackbot.services import Services
from tests.conftest import make_settings
from tests.retrieval.helpers import all_hits, ingest, searcher_for, write

pytestmark = pytest.mark.chroma_server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory):
    chroma = Path(sys.executable).parent / "chroma"
    assert chroma.exists(), "the chromadb package ships the `chroma` command"
    path = tmp_path_factory.mktemp("chroma-server")
    port = free_port()
    log = (path.parent / "chroma-server.log").open("wb")
    process = subprocess.Popen(
        [str(chroma), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/api/v2/heartbeat"
    deadline = time.monotonic() + 30
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"chroma run exited with {process.returncode}: see {log.name}")
            try:
                with urllib.request.urlopen(url, timeout=1) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"chroma server did not answer its heartbeat within 30 s: {log.name}")
            time.sleep(0.1)
        yield "127.0.0.1", port, path
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def server_services(tmp_path, chroma_server, embedder, reranker_choice, collection: str):
    host, port, _ = chroma_server
    settings = make_settings(
        tmp_path / "data", chroma_host=host, chroma_port=port, collection=collection
    )
    return Services(settings, embedder=embedder, reranker_choice=reranker_choice)


def test_ingest_and_search_through_a_chroma_server(
    tmp_path, chroma_server, embedder, reranker_choice, kb
):
    collection = f"kb_{uuid.uuid4().hex[:8]}"
    worker = server_services(tmp_path, chroma_server, embedder, reranker_choice, collection)
    assert "fastapi" in worker.chroma.get_settings().chroma_api_impl.lower()

    write(kb, "vpn.md", "# VPN\n\nInstall LoopGate and import the nwl.conf profile.\n")
    write(kb, "wifi.md", "# Wi-Fi\n\nGuests use the NW-Guest network.\n")
    write(kb, "pay.md", "---\nspace: hr\n---\n# Pay\n\nThe kestrel pay scale has five bands.\n")
    summary = ingest(worker, kb)
    assert (summary.added, summary.failed) == (3, [])
    # Nothing was written to the local data directory: the server holds the index.
    assert not worker.settings.chroma_dir.exists()

    searcher = searcher_for(worker)
    hits = all_hits(searcher, "how do I import the VPN profile")
    assert hits[0].chunk.doc_id == "vpn.md"
    assert {"dense_rank", "bm25_rank"} <= set(hits[0].stages)
    public = all_hits(searcher, "kestrel pay scale bands", spaces={"public"})
    assert public and all(h.chunk.space == "public" for h in public)
    assert all_hits(searcher, "kestrel pay scale bands")[0].chunk.doc_id == "pay.md"

    # A second process (another bot worker) sees the same index, and follows changes.
    other = server_services(tmp_path, chroma_server, embedder, reranker_choice, collection)
    assert other.index.count() == worker.index.count() == 3
    other_searcher = searcher_for(other)
    assert all_hits(other_searcher, "NW-Guest network")[0].chunk.doc_id == "wifi.md"

    write(kb, "wifi.md", "# Wi-Fi\n\nGuests now use the Loop-Visitor network.\n")
    assert ingest(worker, kb).updated == 1
    hits = all_hits(other_searcher, "guest wifi network name")
    wifi = [h for h in hits if h.chunk.doc_id == "wifi.md"]
    assert len(wifi) == 1 and "Loop-Visitor" in wifi[0].chunk.text
    assert other.index.count() == 3
    assert other.index.generation() == worker.index.generation()


def test_prune_on_the_server(tmp_path, chroma_server, embedder, reranker_choice, kb):
    collection = f"kb_{uuid.uuid4().hex[:8]}"
    services = server_services(tmp_path, chroma_server, embedder, reranker_choice, collection)
    write(kb, "keep.md", "Keep this page.\n")
    gone = write(kb, "gone.md", "This page will vanish.\n")
    ingest(services, kb)
    gone.unlink()
    summary = ingest(services, kb, prune=True)
    assert (summary.removed, summary.unchanged) == (1, 1)
    assert set(services.index.versions()) == {"keep.md"}
