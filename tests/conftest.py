"""Shared fixtures: an isolated environment, real models loaded once per session, and a
sample-KB index built once and reused read-only."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
import structlog

# Before anything imports huggingface_hub: a missing model must fail fast, never retry a hub.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
# What the CLI's bootstrap does for a real process (no progress bars, quiet tokenizers).
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from kb_slackbot.bootstrap import limit_torch_threads
from kb_slackbot.retrieval.embeddings import load_embedder
from kb_slackbot.retrieval.rerank import load_reranker
from kb_slackbot.services import Services
from kb_slackbot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_KB = ROOT / "sample_kb"
SAMPLE_BASE_URL = "https://docs.northwindloop.example/"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch, tmp_path):
    """No developer's .env or KB_/SLACK_/ANTHROPIC_ variables leak into a test."""
    for name in list(os.environ):
        if name.startswith(("KB_", "SLACK_", "ANTHROPIC_", "OLLAMA_", "CHROMA_", "LLM_")):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def restore_logging():
    """configure_logging changes process-wide state; put it back for the next test."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    config = structlog.get_config()
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    structlog.configure(**config)


DEFAULTS = Settings(_env_file=None)


@pytest.fixture(scope="session")
def embedder():
    """The default embedding model (what a newcomer's install uses), with torch limited to
    the threads the product gives it."""
    limit_torch_threads(DEFAULTS.torch_threads)
    return load_embedder(DEFAULTS.embedding_model)


@pytest.fixture(scope="session")
def reranker_choice():
    """The default reranker setting."""
    return load_reranker(DEFAULTS.reranker, DEFAULTS.reranker_model)


def make_settings(data_dir: Path, **overrides) -> Settings:
    values = {"llm_provider": "extractive", "ollama_host": "http://127.0.0.1:9", **overrides}
    return Settings(_env_file=None, data_dir=data_dir, **values)


@pytest.fixture
def settings(tmp_path) -> Settings:
    return make_settings(tmp_path / "data")


@pytest.fixture
def services(settings, embedder, reranker_choice) -> Services:
    return Services(settings, embedder=embedder, reranker_choice=reranker_choice)


@pytest.fixture(scope="session")
def sample_services(tmp_path_factory, embedder, reranker_choice) -> Services:
    """The bundled sample KB ingested once; tests must not write to this index."""
    data = tmp_path_factory.mktemp("sample-index")
    services = Services(
        make_settings(data, base_url=SAMPLE_BASE_URL),
        embedder=embedder,
        reranker_choice=reranker_choice,
    )
    options = services.ingest_options(None, SAMPLE_BASE_URL, prune=False)
    summary = services.ingester.run([SAMPLE_KB], options)
    assert summary.added > 20, summary
    return services


@pytest.fixture
def small_kb(tmp_path, embedder, reranker_choice):
    """A writable index of a few sample handbook pages (plus ``extra`` files: name → text
    or bytes), for tests that add to the index (verified answers)."""

    def build(pages: tuple[str, ...], extra: dict[str, str | bytes] | None = None) -> Services:
        folder = tmp_path / "kb"
        folder.mkdir()
        for name in pages:
            (folder / name).write_bytes((SAMPLE_KB / "handbook" / name).read_bytes())
        for name, content in (extra or {}).items():
            if isinstance(content, bytes):  # a binary file (Word, PDF)
                (folder / name).write_bytes(content)
            else:
                (folder / name).write_text(content, encoding="utf-8")
        services = Services(
            make_settings(tmp_path / "data", base_url=SAMPLE_BASE_URL),
            embedder=embedder,
            reranker_choice=reranker_choice,
        )
        options = services.ingest_options(None, SAMPLE_BASE_URL, prune=False)
        services.ingester.run([folder], options)
        return services

    return build
