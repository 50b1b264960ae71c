"""Process set-up, done by entry points (the CLI, benchmarks), never by library modules:
environment variables that model libraries read once at import, and torch's thread pool.

Call :func:`prepare_process` before anything imports huggingface_hub or transformers.
"""

from __future__ import annotations

import os

from .settings import Settings

# Model-loading progress bars and advice are noise in logs and in CLI output; tokenizers'
# own thread pool would fight the answer workers for the cores.
QUIET_ENV = {
    "HF_HUB_DISABLE_PROGRESS_BARS": "1",
    "TRANSFORMERS_VERBOSITY": "error",
    "TOKENIZERS_PARALLELISM": "false",
}


def prepare_process(settings: Settings) -> str:
    """Set the model libraries' environment; returns how Hub access was decided (`doctor`)."""
    for name, value in QUIET_ENV.items():
        os.environ.setdefault(name, value)
    return configure_hub_access(settings.hf_offline)


def configure_hub_access(mode: str) -> str:
    """Decide whether Hugging Face Hub look-ups are allowed; returns a reason for `doctor`.

    Offline by default: bundled models resolve to local paths, and without HF_HUB_OFFLINE a
    missing model retries the hub for over a minute before failing. Must run before
    huggingface_hub is imported, which reads these variables once.
    """
    if mode == "on" or (mode == "auto" and not os.environ.get("HF_ENDPOINT")):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if os.environ.get("HF_HUB_OFFLINE") == "1":
        return "offline (HF_HUB_OFFLINE=1; set KB_HF_OFFLINE=off to allow hub downloads)"
    return "hub downloads allowed"


def limit_torch_threads(threads: int) -> None:
    """``threads``: intra-op threads for torch (0 = torch's default, one per core).

    One thread is the default: answers run in several worker threads beside the ONNX
    reranker, and torch's own thread pool then fights them for the cores. Measured on 2
    cores under load: a query embedding takes 27 ms with 1 thread and 507 ms with 2.
    """
    if threads:
        import torch  # only here: importing torch takes seconds

        torch.set_num_threads(threads)
