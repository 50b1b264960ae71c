"""The shared-index deployment: a real `chroma run` server, reached through HttpClient.

Runs by default (deselect with ``-m "not chroma_server"``); the server starts in about a
second and is shared by the tests of this module. The last test runs two answering processes
and an ingesting one, each with its own data directory, as on three machines.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from kb_slackbot.services import Services
from tests.conftest import ROOT, make_settings
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


def server_services(
    tmp_path, chroma_server, embedder, reranker_choice, collection: str, data: str = "data"
):
    """``data``: the local data directory (another name: as if on another machine)."""
    host, port, _ = chroma_server
    settings = make_settings(
        tmp_path / data, chroma_host=host, chroma_port=port, collection=collection
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

    # A second process on another machine (its own data directory) sees the same index,
    # and follows changes by applying the ingest's change record, not by a rebuild.
    other = server_services(
        tmp_path, chroma_server, embedder, reranker_choice, collection, data="other-machine"
    )
    assert other.index.count() == worker.index.count() == 3
    other_searcher = searcher_for(other)
    assert all_hits(other_searcher, "NW-Guest network")[0].chunk.doc_id == "wifi.md"

    write(kb, "wifi.md", "# Wi-Fi\n\nGuests now use the Loop-Visitor network.\n")
    assert ingest(worker, kb).updated == 1
    with capture_logs() as events:
        hits = all_hits(other_searcher, "guest wifi network name")
    assert [(e["event"], e.get("added")) for e in events if "keyword" in e["event"]] == [
        ("keyword_index_updated", 1)
    ]
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


# A bot process, as far as answering goes: the product's Services from the environment
# (CHROMA_HOST …), answering each question read from stdin with one JSON line.
ANSWERER = textwrap.dedent(
    """
    import json, sys
    from kb_slackbot.logs import configure_logging
    from kb_slackbot.services import Services
    from kb_slackbot.settings import Settings

    configure_logging("WARNING", "json")  # to stderr: stdout carries the answers
    services = Services(Settings(_env_file=None))
    service = services.answer_service("extractive")
    service.cache = None
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        generation = services.searcher.index_generation()  # what this answer will search
        result = service.answer(line.strip(), spaces=None)
        print(json.dumps({
            "generation": generation,
            "answer": result.answer,
            "status": result.status,
            "confidence": result.confidence,
            "sources": [(s.doc_id, s.url) for s in result.sources],
        }), flush=True)
    """
)


class Answerer:
    def __init__(self, env: dict[str, str], script: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert json.loads(self.process.stdout.readline()) == {"ready": True}

    def ask(self, question: str) -> dict:
        self.process.stdin.write(question + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def test_processes_on_three_machines_answer_alike_before_and_after_an_ingest(
    tmp_path, chroma_server, kb
):
    host, port, _ = chroma_server
    collection = f"kb_{uuid.uuid4().hex[:8]}"
    base_env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "CHROMA_HOST": host,
        "CHROMA_PORT": str(port),
        "KB_COLLECTION": collection,
        "KB_LLM_PROVIDER": "extractive",
        "KB_LOG_LEVEL": "WARNING",
    }

    def machine(name: str) -> dict[str, str]:
        return {**base_env, "KB_DATA_DIR": str(tmp_path / name)}

    def ingest_elsewhere() -> None:
        done = subprocess.run(
            [str(Path(sys.executable).parent / "kb-slackbot"), "ingest", str(kb)],
            env=machine("ingester"),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr

    write(kb, "vpn.md", "# VPN\n\nInstall LoopGate, then import the nwl.conf profile.\n")
    write(kb, "wifi.md", "# Wi-Fi\n\nGuests use the NW-Guest network; staff use NW-Staff.\n")
    write(kb, "pay.md", "# Expenses\n\nHotels are reimbursed up to 120 EUR per night.\n")
    ingest_elsewhere()
    script = tmp_path / "answerer.py"
    script.write_text(ANSWERER)
    first, second = Answerer(machine("bot-1"), script), Answerer(machine("bot-2"), script)
    questions = ["Which network do guests use?", "How much is a hotel night reimbursed?"]
    try:
        before = [first.ask(q) for q in questions]
        assert before == [second.ask(q) for q in questions]
        assert "NW-Guest" in before[0]["answer"] and "120 EUR" in before[1]["answer"]

        write(kb, "wifi.md", "# Wi-Fi\n\nGuests now use the Loop-Visitor network.\n")
        write(kb, "hotels.md", "# Hotels\n\nA hotel night is reimbursed up to 150 EUR.\n")
        ingest_elsewhere()
        answers = []
        for process in (first, second):
            deadline = time.monotonic() + 30
            while True:  # each process notices within its refresh interval (2 s)
                got = [process.ask(q) for q in questions]
                if got[0]["generation"] > before[0]["generation"]:
                    break
                assert time.monotonic() < deadline, "the ingest was not seen within 30 s"
                time.sleep(0.5)
            answers.append(got)
        after = answers[0]
        assert answers[1] == after
        assert "Loop-Visitor" in after[0]["answer"] and "NW-Guest" not in after[0]["answer"]
        assert "hotels.md" in {doc_id for doc_id, _url in after[1]["sources"]}
        # A process started now builds its keyword index from scratch: the same answers.
        fresh = Answerer(machine("bot-3"), script)
        try:
            assert [fresh.ask(q) for q in questions] == after
        finally:
            fresh.close()
    finally:
        first.close()
        second.close()
    # The bots followed the ingest from its change record: neither read the whole index again.
    for name in ("bot-1", "bot-2"):
        manifest = json.loads(
            (tmp_path / name / "keyword" / collection / "manifest.json").read_text()
        )
        assert manifest["generation"] == after[0]["generation"]
        assert len(manifest["segments"]) == 2, "the first build and the ingest's one segment"


def test_the_servers_sparse_index_support_is_asked_not_assumed(
    tmp_path, chroma_server, embedder, reranker_choice, services
):
    from kb_slackbot.retrieval.sparse_probe import server_sparse_support

    collection = f"kb_{uuid.uuid4().hex[:8]}"
    server = server_services(tmp_path, chroma_server, embedder, reranker_choice, collection)
    for index in (server.index, services.index):  # `chroma run`, and the embedded client
        supported, reason = server_sparse_support(index)
        assert not supported
        assert "Sparse vector indexing is not enabled in local" in reason
        assert not [c.name for c in index.client.list_collections() if "_probe_" in c.name]
