"""The reader's pieces embedded at ingest: an answer then calls the model for none of them."""

from __future__ import annotations

import numpy as np

from kb_slackbot.answer.piece_vectors import page_pieces
from kb_slackbot.retrieval.embeddings import RecentVectors

PAGES = ("office-locations.md", "holidays-2026.md")


def _counting(monkeypatch, embedder) -> list[str]:
    """Record every text that reaches the model as a document (the real model still runs)."""
    seen: list[str] = []
    real = embedder.embed_documents

    def embed_documents(texts):
        seen.extend(texts)
        return real(texts)

    monkeypatch.setattr(embedder, "embed_documents", embed_documents)
    return seen


def test_an_answer_after_ingest_embeds_no_piece(small_kb, embedder, monkeypatch):
    kb = small_kb(PAGES)
    summary = kb.embed_pieces()
    assert summary.pieces > 20 and summary.embedded == summary.pieces
    assert kb.piece_vectors.count() == summary.pieces
    again = kb.embed_pieces()
    assert (again.pieces, again.embedded, again.forgotten) == (summary.pieces, 0, 0)

    embedded = _counting(monkeypatch, embedder)  # before the reader binds the model
    service = kb.answer_service("extractive", cached=False)
    result = service.answer("When is Loop Day in 2026?")
    assert "11 September 2026" in result.answer, result.answer
    assert embedded == []  # every piece read came from the store


def test_stored_vectors_are_the_ones_the_model_gives(small_kb, embedder):
    kb = small_kb(PAGES)
    kb.embed_pieces()
    searcher = kb.searcher
    titles = searcher.page_titles()
    doc_id = next(d for d, t in titles.items() if "oliday" in t)
    texts = page_pieces(titles[doc_id], searcher.page_sections(doc_id))
    assert any("—" in t for t in texts)  # table rows with their headers, as the reader scores
    stored = kb.piece_vectors.get(texts)
    assert set(stored) == set(texts)
    fresh = embedder.embed_documents(texts)
    np.testing.assert_allclose(np.stack([stored[t] for t in texts]), fresh, atol=1e-6)

    calls: list[list[str]] = []
    recent = RecentVectors(
        lambda ts: calls.append(ts) or embedder.embed_documents(ts), 64, kb.piece_vectors.get
    )
    recent([*texts[:3], "A sentence no page has."])
    assert calls == [["A sentence no page has."]]  # only what the store lacks reaches the model


def test_an_ingest_embeds_the_pieces_of_the_pages_it_changed(small_kb):
    kb = small_kb(PAGES, {"parking.md": "# Parking\n\nParking is free for staff.\n"})
    first = kb.embed_pieces()
    folder = kb.settings.data_dir.parent / "kb"
    (folder / "parking.md").write_text(
        "# Parking\n\nParking costs €25 a month. For example, a permit for May costs €25.\n",
        encoding="utf-8",
    )
    options = kb.ingest_options(None, None, prune=False)
    summary = kb.ingester.run([folder], options)
    assert summary.updated == 1 and len(summary.written) == 1
    changed = kb.embed_pieces(summary.written)
    assert changed.pieces < first.pieces and changed.embedded == 2  # the two new sentences
    assert changed.forgotten == 0  # the old sentence is forgotten by a full pass only

    (folder / "parking.md").unlink()
    kb.ingester.run([folder], kb.ingest_options(None, None, prune=True))
    full = kb.embed_pieces()
    assert full.embedded == 0 and full.forgotten == 3  # two edits' sentences and the heading
    assert kb.piece_vectors.count() == full.pieces
