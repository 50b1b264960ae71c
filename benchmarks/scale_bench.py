"""The index at 1k … 1M chunks, served by a real `chroma run` server on 127.0.0.1:
start-up to first answer, search latency (no reranker) and its ratio to the smallest size,
resident memory of the bot process and of the server, and how long another process (on
another machine: its own data directory) takes to see a 1,000-chunk ingest.

The corpora are synthetic and deterministic (seed 7): chunks of 60 words drawn from a Zipf
distribution over 50,000 words, ten chunks a document, and random unit vectors as their
embeddings (embedding a million chunks with the model would take days on two cores). The
keyword index is written the way ingest writes it, one segment per 100,000 chunks.

    python benchmarks/scale_bench.py --sizes 1000,100000,1000000
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

import numpy as np
from common import ROOT, median, pct, print_table, save

from kb_slackbot.retrieval.keyword import Row, Segment
from kb_slackbot.retrieval.keyword_store import FORMAT
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings

CHUNKS_PER_DOC = 10
SEGMENT_ROWS = 100_000
WORDS = [f"w{n}" for n in range(50_000)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(path: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    chroma = Path(sys.executable).parent / "chroma"
    log = (path.parent / f"{path.name}.log").open("wb")
    process = subprocess.Popen(
        [str(chroma), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1):
                return process, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("chroma run did not start")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def text_of(rng: np.random.Generator, n: int) -> list[str]:
    ranks = np.minimum(rng.zipf(1.2, size=(n, 60)), len(WORDS)) - 1
    return [" ".join(WORDS[r] for r in row) for row in ranks]


def meta(doc: int, chunk: int, doc_hash: str) -> dict:
    return {
        "doc_id": f"d{doc}",
        "doc_hash": doc_hash,
        "n_chunks": CHUNKS_PER_DOC,
        "chunk_index": chunk,
        "title": f"Page {doc}",
        "url": f"https://kb.example/d{doc}",
        "heading_path": "",
        "updated": "2026-01-01",
        "space": "public" if doc % 10 else "hr",
        "source_path": "",
        "ingested_at": 0.0,
    }


def fill(services: Services, size: int, rng: np.random.Generator) -> dict[str, float]:
    """Chroma gets the chunks with random embeddings; the keyword folder gets its segments."""
    index = services.index
    started = time.perf_counter()
    rows: list[Row] = []
    segments = []
    batch = 5000
    for start in range(0, size, batch):
        n = min(batch, size - start)
        vectors = rng.normal(size=(n, 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        texts = text_of(rng, n)
        metas = [
            meta((start + i) // CHUNKS_PER_DOC, (start + i) % CHUNKS_PER_DOC, "h") for i in range(n)
        ]
        ids = [f"{m['doc_id']}#h#{m['chunk_index']}" for m in metas]
        index.collection.add(ids=ids, embeddings=vectors, documents=texts, metadatas=metas)
        rows += [
            Row(i, m["doc_id"], "h", m["space"], f"{m['title']}\n{t}")
            for i, m, t in zip(ids, metas, texts, strict=True)
        ]
        if len(rows) >= SEGMENT_ROWS or start + n == size:
            segment = Segment.build(f"seg-{len(segments):04d}", rows)
            segment.save(services.settings.keyword_dir / segment.name)
            segments.append({"name": segment.name, "removed": []})
            rows = []
    generation = index.set_generation(1)
    manifest = {
        "format": FORMAT,
        "collection": str(index.collection.id),
        "generation": generation,
        "segments": segments,
    }
    (services.settings.keyword_dir / "manifest.json").write_text(json.dumps(manifest))
    return {"fill_s": time.perf_counter() - started}


BOT = textwrap.dedent(
    """
    import json, sys, time
    started = time.perf_counter()
    from kb_slackbot.logs import configure_logging
    from kb_slackbot.services import Services
    from kb_slackbot.settings import Settings

    configure_logging("WARNING", "json")
    services = Services(Settings(_env_file=None))
    service = services.answer_service("extractive", cached=False)
    first = service.answer(sys.argv[1])
    print(json.dumps({"first_answer_s": time.perf_counter() - started}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        if command["op"] == "search":
            times = []
            for query in command["queries"]:
                times.append(services.searcher.search(query, top_k=5).timings_ms["total"])
            print(json.dumps({"times": times}), flush=True)
        elif command["op"] == "wait_for":  # until a search finds the marker word
            while True:
                # Every candidate (random embeddings make the relevance model's order
                # arbitrary): has the keyword side seen the new chunks?
                found = services.searcher.search(command["query"], top_k=200)
                hits = found.results + found.below_threshold
                if any(command["query"] in h.chunk.text for h in hits):
                    break
                time.sleep(0.05)
            print(json.dumps({"seen_at": time.time()}), flush=True)
    """
)


class Bot:
    def __init__(self, env: dict[str, str], script: Path, question: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(script), question],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.first_answer_s = json.loads(self.process.stdout.readline())["first_answer_s"]

    def call(self, **command) -> dict:
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def ingest_elsewhere(services: Services, marker: str, rng: np.random.Generator) -> float:
    """1,000 chunks (100 documents) stored and published the way ingest does; returns the
    time the generation was bumped."""
    index = services.index
    store = services.keyword_store
    live = dict(store.load(index.generation()).live)
    base = 10_000_000
    for doc in range(base, base + 100):
        texts = text_of(rng, CHUNKS_PER_DOC)
        texts[0] = f"{marker} {texts[0]}"
        vectors = rng.normal(size=(CHUNKS_PER_DOC, 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        metas = [meta(doc, c, "n") for c in range(CHUNKS_PER_DOC)]
        index.collection.add(
            ids=[f"d{doc}#n#{c}" for c in range(CHUNKS_PER_DOC)],
            embeddings=vectors,
            documents=texts,
            metadatas=metas,
        )
        live[f"d{doc}"] = "n"
    store.publish(live)
    return time.time()


def run_size(size: int, work: Path, queries: list[str]) -> dict[str, float]:
    rng = np.random.default_rng(7)
    server_path = work / f"chroma-{size}"
    server, port = start_server(server_path)
    try:
        env = {
            **os.environ,
            "HF_HUB_OFFLINE": "1",
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            "CHROMA_HOST": "127.0.0.1",
            "CHROMA_PORT": str(port),
            "KB_COLLECTION": "scale",
            "KB_RERANKER": "none",
        }
        settings = Settings(
            _env_file=None,
            data_dir=work / f"machine-a-{size}",
            chroma_host="127.0.0.1",
            chroma_port=port,
            collection="scale",
        )
        writer = Services(settings)
        figures = fill(writer, size, rng)
        script = work / "bot.py"
        script.write_text(BOT)
        # Three cold starts to the first answer on the machine that has the keyword files.
        starts = []
        for _ in range(3):
            bot = Bot({**env, "KB_DATA_DIR": str(settings.data_dir)}, script, queries[0])
            starts.append(bot.first_answer_s)
            bot.close()
        bot = Bot({**env, "KB_DATA_DIR": str(settings.data_dir)}, script, queries[0])
        times = bot.call(op="search", queries=queries)["times"]
        # Another machine: its own data directory, keyword files copied from this one (as a
        # new machine would be provisioned; without them it reads the collection once).
        other_dir = work / f"machine-b-{size}"
        subprocess.run(["cp", "-r", str(settings.data_dir), str(other_dir)], check=True)
        other = Bot({**env, "KB_DATA_DIR": str(other_dir)}, script, queries[0])
        marker = f"zz{size}marker"
        other.process.stdin.write(json.dumps({"op": "wait_for", "query": marker}) + "\n")
        other.process.stdin.flush()
        bumped = ingest_elsewhere(writer, marker, rng)
        seen = json.loads(other.process.stdout.readline())["seen_at"]
        figures |= {
            "first_answer_s": median(starts),
            "first_answer_max_s": max(starts),
            "search_p50_ms": median(times),
            "search_p95_ms": pct(times, 95),
            "bot_rss_mb": rss_mb(bot.process.pid),
            "server_rss_mb": rss_mb(server.pid),
            "other_machine_sees_ingest_s": seen - bumped,
            "keyword_files_mb": sum(
                f.stat().st_size for f in settings.keyword_dir.rglob("*") if f.is_file()
            )
            / 1e6,
        }
        for b in (bot, other):
            b.close()
        return figures
    finally:
        server.terminate()
        server.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,100000,1000000")
    parser.add_argument("--queries", type=int, default=50)
    args = parser.parse_args()
    rng = np.random.default_rng(11)
    queries = [
        " ".join(WORDS[min(r, len(WORDS)) - 1] for r in rng.zipf(1.2, size=6))
        for _ in range(args.queries)
    ]
    work = Path(tempfile.mkdtemp(prefix="kb-scale-"))
    results = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        results[size] = run_size(size, work, queries)
        print(size, json.dumps(results[size]), flush=True)
    smallest = min(results)
    rows = [
        [
            f"{size:,}",
            f["first_answer_s"],
            f["search_p50_ms"],
            f["search_p50_ms"] / results[smallest]["search_p50_ms"],
            f["search_p95_ms"],
            f["bot_rss_mb"],
            f["server_rss_mb"],
            f["keyword_files_mb"],
            f["other_machine_sees_ingest_s"],
            f["fill_s"],
        ]
        for size, f in results.items()
    ]
    print_table(
        "Scale (synthetic chunks, random embeddings, chroma run on 127.0.0.1, no reranker)",
        [
            "chunks",
            "start-up to first answer, s (median of 3)",
            "search p50 ms",
            f"p50 / {smallest:,}",
            "search p95 ms",
            "bot RSS MB",
            "chroma server RSS MB",
            "keyword files MB",
            "another machine sees a 1,000-chunk ingest, s",
            "generating the corpus, s",
        ],
        rows,
    )
    save("scale", {str(k): v for k, v in results.items()})


if __name__ == "__main__":
    main()
