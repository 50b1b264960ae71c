"""The keyword index: segments appended by ingest, versions removed, and BM25 scores and IDF
identical to the bit to a `bm25s` index built over the same live chunks."""

from __future__ import annotations

import random

import bm25s
import numpy as np

from kb_slackbot.retrieval.keyword import EMPTY, KeywordIndex, Row, Segment, tokenize

WORDS = [
    "vpn",
    "wireguard",
    "linux",
    "laptop",
    "expense",
    "hotel",
    "travel",
    "train",
    "badge",
    "printer",
    "wifi",
    "guest",
    "network",
    "password",
    "reset",
    "portal",
    "policy",
    "approval",
    "director",
    "manager",
    "invoice",
    "payroll",
    "holiday",
    "leave",
    "onboarding",
    "laptop",
    "monitor",
    "desk",
    "office",
    "berlin",
    "lisbon",
    "remote",
    "contract",
]


def corpus(seed: int, docs: int, version: str = "v1") -> list[Row]:
    rng = random.Random(seed)
    rows = []
    for d in range(docs):
        space = "hr" if d % 5 == 0 else "public"
        for c in range(rng.randint(1, 4)):
            words = rng.choices(WORDS, k=rng.randint(0, 40))  # some chunks have no words
            rows.append(Row(f"doc{d}#{version}#{c}", f"doc{d}", version, space, " ".join(words)))
    return rows


def reference(rows: list[Row]) -> bm25s.BM25:
    """What the searcher used to build: bm25s over the live chunks, in order."""
    model = bm25s.BM25()
    model.index([tokenize(r.text) or [EMPTY] for r in rows], show_progress=False)
    return model


def same_as_bm25s(index: KeywordIndex, live: list[Row], queries: list[str]) -> None:
    model = reference(live)
    pointers = np.asarray(model.scores["indptr"])
    doc_freq = np.diff(np.append(pointers, len(model.scores["data"])))
    spaces = np.array([r.space for r in live], dtype=object)
    for query in queries:
        for allowed in (None, {"public"}, {"hr"}):
            mask = None if allowed is None else np.isin(spaces, list(allowed)).astype(np.float32)
            tokens = [t for t in tokenize(query) if t in model.vocab_dict]
            scores = (
                model.get_scores(tokens, weight_mask=mask)
                if tokens
                else np.zeros(len(live), dtype=np.float32)
            )
            # bm25s's score of every live chunk; the best 20, equal scores by chunk id.
            ranked = sorted((-s, live[d].chunk_id) for d, s in enumerate(scores) if s > 0)
            expected = [(cid, -s) for s, cid in ranked[:20]]
            got = [(h.chunk_id, np.float32(h.score)) for h in index.search(query, 20, allowed)]
            assert got == expected, (query, allowed)
        terms = [*tokenize(query), "nowhere"]
        ref_idf = {}
        for term in terms:
            position = model.vocab_dict.get(term)
            df = doc_freq[position] if position is not None else 0
            ref_idf[term] = np.log(1 + (len(live) - df + 0.5) / (df + 0.5))
        assert index.idf(terms) == ref_idf


QUERIES = [
    "vpn linux",
    "hotel hotel travel berlin",
    "password reset portal for the guest wifi",
    "payroll",
    "unknownword",
    "director approval contract remote monitor desk",
]


def test_scores_and_idf_equal_bm25s_over_one_segment():
    rows = corpus(1, 60)
    same_as_bm25s(KeywordIndex([Segment.build("a", rows)]), rows, QUERIES)


def test_segments_and_removed_versions_score_as_one_index_of_the_live_chunks(tmp_path):
    first, second = corpus(2, 50), corpus(3, 20, version="v2")
    # The second ingest replaced doc0..doc19: their v1 versions are removed.
    Segment.build("s1", first).save(tmp_path / "s1")
    Segment.build("s2", second).save(tmp_path / "s2")
    segments = [Segment.load(tmp_path / "s1"), Segment.load(tmp_path / "s2")]
    replaced = [n for n, (doc, _h, _s) in enumerate(segments[0].versions) if int(doc[3:]) < 20]
    index = KeywordIndex(segments, {"s1": replaced}, generation=2)
    live = [r for r in first if int(r.doc_id[3:]) >= 20] + second
    assert index.size == len(live) and index.generation == 2
    assert index.live == {r.doc_id: r.doc_hash for r in live}
    assert isinstance(segments[0].rows, np.memmap), "read from disk as needed"
    same_as_bm25s(index, live, QUERIES)


def test_long_terms_and_an_empty_index():
    long = "x" * 40
    rows = [Row("a", "a", "h", "public", f"{long} short"), Row("b", "b", "h", "public", "short")]
    index = KeywordIndex([Segment.build("s", rows)])
    assert [h.chunk_id for h in index.search(long, 5)] == ["a"]
    same_as_bm25s(index, rows, [long, "short", f"{long} short"])
    empty = KeywordIndex([])
    assert empty.search("anything", 5) == [] and empty.size == 0
    assert empty.idf(["anything"]) == {"anything": np.log(1 + 0.5 / 0.5)}


def test_merged_segments_drop_removed_versions_and_score_the_same(tmp_path):
    first, second, third = corpus(4, 40), corpus(5, 10, version="v2"), corpus(6, 5, "v3")
    third.append(Row("long#v3#0", "long", "v3", "public", "y" * 50 + " vpn"))
    segments = [Segment.build(n, rows) for n, rows in (("a", first), ("b", second), ("c", third))]

    def gone(segment, below):
        return [
            n
            for n, (doc, _h, _s) in enumerate(segment.versions)
            if doc[3:].isdigit() and int(doc[3:]) < below
        ]

    removed = {"a": gone(segments[0], 10), "b": gone(segments[1], 5)}
    split = KeywordIndex(segments, removed)
    merged = Segment.merge("m", [(s, removed.get(s.name, [])) for s in segments])
    merged.save(tmp_path / "m")
    one = KeywordIndex([Segment.load(tmp_path / "m")])
    live = (
        [r for r in first if int(r.doc_id[3:]) >= 10]
        + [r for r in second if int(r.doc_id[3:]) >= 5]
        + third
    )
    assert one.size == split.size == len(live) == len(merged.ids)
    assert one.live == split.live
    same_as_bm25s(one, live, [*QUERIES, "y" * 50])
    same_as_bm25s(split, live, [*QUERIES, "y" * 50])


def test_a_hyphenated_word_is_also_found_written_joined():
    rows = [
        Row("1", "a", "h", "public", "Guest Wi-Fi: the password is on the e-mail from IT."),
        Row("2", "b", "h", "public", "The guest password for the portal is printed at desk."),
        Row("3", "c", "h", "public", "Released on 2024-01-15 with the wifi-free kiosk mode."),
    ]
    index = KeywordIndex([Segment.build("s", rows)])
    # "Wi-Fi" is also "wifi"; "wifi-free" is "wifi", "free" and "wififree".
    assert {h.chunk_id for h in index.search("wifi", 5)} == {"1", "3"}
    assert index.search("wifi password", 5)[0].chunk_id == "1"
    assert [h.chunk_id for h in index.search("email", 5)] == ["1"]
    assert [h.chunk_id for h in index.search("wififree", 5)] == ["3"]
    assert index.search("20240115", 5) == []  # dates are not joined
    # Other terms score exactly as before: a joined form adds no length to its chunk.
    same_as_bm25s(index, rows, ["guest password", "the portal", "kiosk mode"])


def test_a_number_with_thousands_separators_is_also_found_as_its_digits():
    rows = [
        Row("1", "a", "h", "public", "Growth includes 1,500 labels; each extra label costs €0.06."),
        Row(
            "2",
            "b",
            "h",
            "public",
            "Das Paket kostet 1.500 Euro, die Lieferung 10\u202f000 Punkte.",
        ),
        Row("3", "c", "h", "public", "Starter includes 500 labels and version 1.5 of the API."),
    ]
    index = KeywordIndex([Segment.build("s", rows)])
    # A question typed in chat writes the digits: "over the 1500 on growth".
    assert {h.chunk_id for h in index.search("1500", 5)} == {"1", "2"}
    assert [h.chunk_id for h in index.search("10000", 5)] == ["2"]
    # … and a question that writes the separator finds the page that writes the digits, and
    # no longer the page with 500 of something
    plain = [Row("4", "d", "h", "public", "1500 labels"), Row("5", "e", "h", "public", "500 kg")]
    digits = KeywordIndex([Segment.build("d", plain)])
    assert [h.chunk_id for h in digits.search("1,500", 5)] == ["4"]
    assert {h.chunk_id for h in index.search("1,500", 5)} == {"1", "2"}
    assert index.search("15", 5) == [] and index.search("006", 5) == []  # decimals stay apart
    # Other terms score exactly as before: the digits add no length to their chunk.
    same_as_bm25s(index, rows, ["labels", "extra label costs", "500 labels"])
