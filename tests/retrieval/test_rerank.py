"""Rerankers: a real CrossEncoder (a tiny BERT built here, loaded offline), the bundled
nanoranker, and the `auto` choice between them."""

from __future__ import annotations

import string
import time

import numpy as np
import pytest
import torch

from kb_slackbot.retrieval.embeddings import ModelUnavailable
from kb_slackbot.retrieval.rerank import CrossEncoderReranker, NanoRanker, load_reranker
from kb_slackbot.retrieval.search import SearchConfig
from tests.retrieval.helpers import ingest, searcher_for, write

WORDS = [
    *("how", "do", "i", "reset", "my", "vpn", "password", "the", "portal", "lunch", "menu"),
    *("hotel", "travel", "budget", "printer", "office", "wifi", "badge", "laptop", "expense"),
    *("receipt", "train", "where", "is", "what", "when", "can", "to", "a", "in", "on", "for"),
    *("of", "and"),
]


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory):
    """A randomly initialised one-layer BERT with one output: small, local, deterministic."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    path = tmp_path_factory.mktemp("tiny-cross-encoder")
    letters = list(string.ascii_lowercase + string.digits)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS, *letters]
    vocab += [f"##{c}" for c in letters] + list(string.punctuation) + ["€", "›"]
    (path / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    torch.manual_seed(1234)
    config = BertConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=37,
        num_labels=1,
        max_position_embeddings=512,
        initializer_range=0.5,  # spread the logits so their order is unambiguous
    )
    model = BertForSequenceClassification(config).eval()
    model.save_pretrained(path)
    tokenizer = BertTokenizerFast(vocab_file=str(path / "vocab.txt"), model_max_length=512)
    tokenizer.save_pretrained(path)
    return path, model, tokenizer


def raw_logits(model, tokenizer, query: str, passages: list[str]) -> np.ndarray:
    encoded = tokenizer(
        [query] * len(passages), passages, padding=True, truncation=True, return_tensors="pt"
    )
    with torch.no_grad():
        return model(**encoded).logits.reshape(-1).numpy()


PASSAGES = [
    "reset the vpn password in the portal",
    "lunch menu",
    "hotel travel budget for a train",
    "printer on the office wifi",
    "badge and laptop receipt",
]


def test_cross_encoder_loads_a_local_model_offline(tiny_cross_encoder):
    path, model, tokenizer = tiny_cross_encoder
    reranker = CrossEncoderReranker(str(path))
    assert reranker.name == f"cross-encoder:{path}"
    query = "how do i reset my vpn password"
    scores = reranker.score(query, PASSAGES)
    assert len(scores) == len(PASSAGES)
    assert all(0.0 <= s <= 1.0 for s in scores)
    logits = raw_logits(model, tokenizer, query, PASSAGES)
    # Calibrated with a sigmoid: same order as the model's own logits, same values.
    assert list(np.argsort(scores)) == list(np.argsort(logits))
    assert scores == pytest.approx(list(1 / (1 + np.exp(-logits))), abs=1e-5)
    assert len(set(np.round(scores, 4))) == len(PASSAGES), "distinct scores, a real ranking"
    assert reranker.score(query, []) == []


def test_auto_prefers_a_cross_encoder_that_loads_locally(tiny_cross_encoder):
    path, _, _ = tiny_cross_encoder
    choice = load_reranker("auto", str(path))
    assert isinstance(choice.reranker, CrossEncoderReranker)
    assert choice.name == f"cross-encoder:{path}"
    assert "available locally" in choice.reason


def test_hybrid_search_orders_results_by_the_rerankers_scores(tiny_cross_encoder, services, kb):
    path, model, tokenizer = tiny_cross_encoder
    reranker = CrossEncoderReranker(str(path))
    for i, text in enumerate(PASSAGES):
        write(kb, f"page{i}.md", f"# Page {i}\n\n{text}\n")
    ingest(services, kb)
    query = "how do i reset my vpn password"

    # All weight on the reranker: its scores are the results' scores, and decide the order.
    searcher = searcher_for(services, reranker=reranker, use_mmr=False, rerank_weight=1.0)
    results = searcher.search(query, top_k=5).results
    assert len(results) == 5
    texts = [r.chunk.embedding_text() for r in results]
    expected = reranker.score(query, texts)
    assert [r.score for r in results] == pytest.approx(expected, abs=1e-6)
    assert [r.score for r in results] == sorted(expected, reverse=True)
    assert [r.stages["rerank"] for r in results] == pytest.approx(expected, abs=1e-4)
    # The order is the model's, not the dense retriever's.
    logits = raw_logits(model, tokenizer, query, texts)
    assert list(logits) == sorted(logits, reverse=True)
    assert [r.stages["dense_rank"] for r in results] != [1, 2, 3, 4, 5]

    # The default blends it with the dense similarity, and orders by the blend.
    blended = searcher_for(services, reranker=reranker, use_mmr=False).search(query, top_k=5)
    weight = SearchConfig().rerank_weight
    assert 0 < weight < 1
    for r in blended.results:
        mix = weight * r.stages["rerank"] + (1 - weight) * r.stages["dense_sim"]
        assert r.score == pytest.approx(mix, abs=1e-4)
    assert [r.score for r in blended.results] == sorted(
        (r.score for r in blended.results), reverse=True
    )


def test_auto_falls_back_to_nanoranker_fast_and_says_why():
    started = time.perf_counter()
    choice = load_reranker("auto", "no/such-model")
    elapsed = time.perf_counter() - started
    assert elapsed < 5, f"no hub retries: took {elapsed:.1f}s"
    assert isinstance(choice.reranker, NanoRanker)
    assert choice.name == "nanoranker"
    assert "'no/such-model' not available offline" in choice.reason
    assert "nanoranker" in choice.reason


def test_explicit_cross_encoder_that_cannot_load_names_the_setting():
    with pytest.raises(ModelUnavailable) as info:
        load_reranker("cross-encoder", "no/such-model")
    message = str(info.value)
    assert "'no/such-model'" in message
    assert "KB_RERANKER_MODEL" in message and "KB_RERANKER=nanoranker|none" in message


def test_none_disables_reranking():
    choice = load_reranker("none", "anything")
    assert choice.reranker is None
    assert choice.name == "none"
    assert "KB_RERANKER=none" in choice.reason


@pytest.mark.parametrize(
    ("query", "on_topic", "off_topic"),
    [
        (
            "How do I reset my VPN password?",
            "To reset your VPN password, open the VPN portal and choose Reset password.",
            "The cafeteria serves lunch from 12:00 to 14:00 on weekdays.",
        ),
        (
            "Wie viele Urlaubstage habe ich pro Jahr?",
            "Alle Mitarbeitenden haben 28 Urlaubstage pro Jahr.",
            "Der Drucker im zweiten Stock braucht neues Papier.",
        ),
    ],
    ids=["en", "de"],
)
def test_nanoranker_ranks_on_topic_above_off_topic(reranker_choice, query, on_topic, off_topic):
    reranker = reranker_choice.reranker
    assert reranker.name == "nanoranker"
    on, off = reranker.score(query, [on_topic, off_topic])
    assert 0.0 <= off < on <= 1.0
    # Scores belong to passages, not positions: reversing the input reverses the output.
    assert reranker.score(query, [off_topic, on_topic]) == pytest.approx([off, on])


def test_nanoranker_handles_duplicates_and_empty_input(reranker_choice):
    reranker = reranker_choice.reranker
    scores = reranker.score("vpn", ["vpn setup guide", "vpn setup guide", "lunch"])
    assert scores[0] == scores[1]
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert reranker.score("vpn", []) == []
