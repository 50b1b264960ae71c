"""Chunking with the real embedding tokenizer: sections, token limits, words, overlap, lines."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from kb_slackbot.retrieval.chunking import chunk_document, split_sentences
from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import make_pdf, write


def norm(text: str) -> str:
    return " ".join(text.split())


def load(path):
    return load_document(SourceFile(path, path.name, "public", None))


def tokens(embedder, text: str) -> int:
    return embedder.count_tokens([text])[0]


def assert_within_limit(embedder, chunks, max_tokens: int) -> None:
    for chunk in chunks:
        used = tokens(embedder, chunk.embedding_text())
        assert used <= max_tokens, (used, chunk.text[:80])


def assert_words_preserved(chunks, source: str) -> None:
    """Chunk text is a contiguous run of the source: nothing reworded, no word cut in two."""
    flat = norm(source)
    for chunk in chunks:
        assert norm(chunk.text) in flat, chunk.text[:120]
        for word in chunk.text.split():
            assert word in flat


def sentence(rng: random.Random, vocabulary: list[str], n: int) -> str:
    words = [rng.choice(vocabulary) for _ in range(n)]
    return " ".join(words).capitalize() + "."


VOCAB = [
    *("policy", "laptop", "request", "approve", "manager", "budget", "travel", "hotel"),
    *("receipt", "office", "network", "password", "rotate", "deploy", "staging", "rollback"),
    *("incident", "severity", "onboarding", "badge", "printer", "reimburse", "invoice"),
    *("vendor", "payment", "schedule", "holiday", "parental", "leave", "contract", "remote"),
]


def test_chunks_never_span_two_sections(tmp_path, embedder):
    rng = random.Random(1)
    sections = {
        ("Alpha",): [f"alpha{i}" for i in range(40)],
        ("Alpha", "Beta"): [f"beta{i}" for i in range(40)],
        ("Gamma",): [f"gamma{i}" for i in range(40)],
    }
    body = ["# Handbook", ""]
    for headings, vocabulary in sections.items():
        body += ["#" * (len(headings) + 1) + " " + headings[-1], ""]
        for _ in range(12):
            body += [sentence(rng, vocabulary, 25), ""]
    path = write(tmp_path, "handbook.md", "\n".join(body))
    chunks = chunk_document(load(path), embedder.count_tokens, 96, 20)

    assert len(chunks) > 6
    for chunk in chunks:
        own = set(sections[chunk.headings])
        words = {w.strip(".").lower() for w in chunk.text.split()}
        assert words <= own, (chunk.headings, words - own)
        assert chunk.title == "Handbook"
    assert {c.headings for c in chunks} == set(sections)
    assert [c.index for c in chunks] == list(range(len(chunks)))
    assert_within_limit(embedder, chunks, 96)


@pytest.mark.parametrize("max_tokens", [64, 254])
def test_every_chunk_fits_the_token_limit_with_its_header(tmp_path, embedder, max_tokens):
    rng = random.Random(max_tokens)
    long_title = "Very long page title about travel expenses and reimbursement rules"
    text = [f"# {long_title}", "", "## A rather long section heading about hotels", ""]
    for _ in range(30):
        text += [" ".join(sentence(rng, VOCAB, rng.randint(5, 30)) for _ in range(3)), ""]
    path = write(tmp_path, "long.md", "\n".join(text))
    document = load(path)
    chunks = chunk_document(document, embedder.count_tokens, max_tokens, 16)
    assert len(chunks) > 2
    assert_within_limit(embedder, chunks, max_tokens)
    assert_words_preserved(chunks, path.read_text())
    # Chunks are not tiny either: packing fills most of the budget.
    sizes = [tokens(embedder, c.embedding_text()) for c in chunks[:-1]]
    assert sum(sizes) / len(sizes) > max_tokens * 0.5


def test_ingest_limit_keeps_model_input_within_the_model_window(tmp_path, services):
    """What the ingester asks for, plus [CLS]/[SEP], never exceeds the model's window."""
    embedder = services.embedder
    limit = services.ingester.effective_chunk_tokens(2048)
    assert limit <= embedder.max_tokens - 2
    rng = random.Random(3)
    path = write(tmp_path, "big.md", "\n\n".join(sentence(rng, VOCAB, 40) for _ in range(80)))
    chunks = chunk_document(load(path), embedder.count_tokens, limit, 40)
    for chunk in chunks:
        assert tokens(embedder, chunk.embedding_text()) + 2 <= embedder.max_tokens


def test_overlap_between_consecutive_chunks_of_one_long_section(tmp_path, embedder):
    rng = random.Random(7)
    sentences = [sentence(rng, VOCAB, rng.randint(6, 12)) for _ in range(60)]
    path = write(tmp_path, "one-section.md", "# Policy\n\n" + " ".join(sentences) + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 80, 30)
    assert len(chunks) >= 5
    covered = split_sentences(chunks[0].text)
    for previous, current in itertools.pairwise(chunks):
        prev_units = split_sentences(previous.text)
        cur_units = split_sentences(current.text)
        shared = [s for s in cur_units if s in prev_units]
        assert shared, "consecutive chunks of one section must overlap"
        # The overlap is the end of one chunk and the start of the next, whole sentences,
        # no larger than the configured overlap.
        assert cur_units[: len(shared)] == shared
        assert prev_units[-len(shared) :] == shared
        assert tokens(embedder, " ".join(shared)) <= 30
        assert len(cur_units) > len(shared), "every chunk adds something new"
        covered += cur_units[len(shared) :]
    # Without the overlaps, the chunks are exactly the section, in order.
    assert covered == sentences


def test_no_overlap_when_configured_off(tmp_path, embedder):
    rng = random.Random(8)
    sentences = [sentence(rng, VOCAB, 10) for _ in range(40)]
    path = write(tmp_path, "one-section.md", " ".join(sentences) + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 64, 0)
    assert [s for c in chunks for s in split_sentences(c.text)] == sentences


def test_no_overlap_across_sections(tmp_path, embedder):
    rng = random.Random(9)
    one = [sentence(rng, VOCAB, 10) for _ in range(20)]
    two = [sentence(rng, VOCAB, 10) for _ in range(20)]
    path = write(
        tmp_path, "two.md", "## One\n\n" + " ".join(one) + "\n\n## Two\n\n" + " ".join(two)
    )
    chunks = chunk_document(load(path), embedder.count_tokens, 64, 30)
    first_two = next(c for c in chunks if c.headings == ("Two",))
    assert split_sentences(first_two.text)[0] == two[0]


def test_line_ranges_match_the_file(tmp_path, embedder):
    rng = random.Random(11)
    lines = ["---", "title: Lines", "---", "", "# Lines", ""]
    for section in ("First", "Second"):
        lines += [f"## {section}", ""]
        for _ in range(15):
            # Paragraphs of one to three lines.
            lines += [sentence(rng, VOCAB, 8) for _ in range(rng.randint(1, 3))]
            lines += [""]
    path = write(tmp_path, "lines.md", "\n".join(lines))
    file_lines = path.read_text().split("\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 64, 0)
    assert len(chunks) > 4
    for chunk in chunks:
        start, end = chunk.start_line, chunk.end_line
        assert start is not None and end is not None and start <= end
        text_lines = [x for x in chunk.text.split("\n") if x.strip()]
        assert text_lines[0] == file_lines[start - 1]
        assert text_lines[-1] == file_lines[end - 1]
        region = [x for x in file_lines[start - 1 : end] if x.strip()]
        assert text_lines == region
        assert chunk.location == f"lines {start}–{end}" or chunk.location == f"line {start}"
    # Consecutive chunks without overlap do not share lines.
    for a, b in itertools.pairwise(chunks):
        assert b.start_line > a.end_line


def test_pdf_chunks_stay_on_one_page(tmp_path, embedder):
    rng = random.Random(12)
    pages = [[sentence(rng, VOCAB, 12) for _ in range(25)] for _ in range(3)]
    path = make_pdf(tmp_path / "policy.pdf", pages)
    chunks = chunk_document(load(path), embedder.count_tokens, 64, 10)
    assert {c.page for c in chunks} == {1, 2, 3}
    for chunk in chunks:
        page_text = norm(" ".join(pages[chunk.page - 1]))
        assert norm(chunk.text) in page_text
        assert chunk.location == f"page {chunk.page}"
    assert_within_limit(embedder, chunks, 64)


def test_single_giant_paragraph(tmp_path, embedder):
    rng = random.Random(13)
    paragraph = " ".join(sentence(rng, VOCAB, rng.randint(5, 25)) for _ in range(300))
    path = write(tmp_path, "giant.md", "# Giant\n\n" + paragraph + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 128, 20)
    assert len(chunks) > 10
    assert_within_limit(embedder, chunks, 128)
    assert_words_preserved(chunks, paragraph)
    assert all((c.start_line, c.end_line) == (3, 3) for c in chunks)
    assert norm(chunks[0].text).startswith(norm(paragraph)[:200])
    assert norm(paragraph).endswith(norm(chunks[-1].text))


def test_single_giant_sentence(tmp_path, embedder):
    rng = random.Random(14)
    words = [rng.choice(VOCAB) for _ in range(3000)]
    giant = " ".join(words)  # no sentence end anywhere
    path = write(tmp_path, "run-on.txt", giant + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 100, 0)
    assert len(chunks) > 20
    assert_within_limit(embedder, chunks, 100)
    assert_words_preserved(chunks, giant)
    assert [w for c in chunks for w in c.text.split()] == words


def test_fifty_thousand_character_word_salad(tmp_path, embedder):
    rng = random.Random(15)
    vocabulary = [
        *VOCAB,
        "Straßenbahnhaltestelle",
        "über",
        "naïve",
        "e-mail",
        "x86_64",
        "10:00–15:00",
        "€600",
        "https://example.com/a/b?c=d",
        "(see",
        "below)",
        "“quoted”",
        "…",
        "日本語",
        "emoji🙂",
    ]
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < 50_000:
        parts.append(rng.choice(vocabulary) + rng.choice(["", "", "", ",", ".", "!", "?", ";"]))
        if rng.random() < 0.01:
            parts.append("\n")
        if rng.random() < 0.002:
            parts.append("\n\n")
    salad = " ".join(parts)
    path = write(tmp_path, "salad.txt", salad)
    started = time.perf_counter()
    chunks = chunk_document(load(path), embedder.count_tokens, 120, 20)
    elapsed = time.perf_counter() - started
    assert elapsed < 20, elapsed
    assert len(chunks) > 50
    assert_within_limit(embedder, chunks, 120)
    assert_words_preserved(chunks, salad)
    covered = {w for c in chunks for w in c.text.split()}
    assert covered == set(salad.split())


def test_a_long_table_is_split_between_rows_under_its_header(tmp_path, embedder):
    header = "| Data | Retention period | Deleted by |\n| --- | --- | --- |"
    rows = [f"| Record kind {n} of the archive | {n + 2} years | Team {n} |" for n in range(60)]
    table = header + "\n" + "\n".join(rows)
    path = write(tmp_path, "retention.md", "# Retention\n\n" + table + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 128, 20)
    assert len(chunks) > 3
    assert_within_limit(embedder, chunks, 128)
    for chunk in chunks:  # every piece is a table of whole rows that starts with the header
        lines = chunk.text.split("\n\n")[0].splitlines()
        assert "\n".join(lines[:2]) == header, chunk.text[:120]
        body = [line for part in chunk.text.split("\n\n") for line in part.splitlines()[2:]]
        assert all(line in rows for line in body)
    assert {r for c in chunks for r in c.text.splitlines()} >= set(rows)  # none lost


def test_a_long_numbered_list_is_split_between_items(tmp_path, embedder):
    words = " ".join(["rotate the staging password"] * 6)
    items = [f"{n}. Step {n}: {words}" for n in range(1, 30)]
    path = write(tmp_path, "steps.md", "# Steps\n\n" + "\n".join(items) + "\n")
    chunks = chunk_document(load(path), embedder.count_tokens, 128, 0)
    assert len(chunks) > 3
    starts = [c.text.lstrip()[:3] for c in chunks]
    assert all(s[0].isdigit() for s in starts), starts  # each chunk begins at an item
