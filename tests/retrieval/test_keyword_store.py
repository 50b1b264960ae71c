"""The shared keyword index on disk: what ingest publishes, what another process (or another
machine) loads, compaction, and equality with a build from scratch."""

from __future__ import annotations

import json

from kb_slackbot.retrieval.keyword_store import FORMAT, MAX_SEGMENTS, KeywordStore
from tests.retrieval.helpers import all_hits, ingest, searcher_for, write


def scratch_build(services, folder) -> KeywordStore:
    """A second machine's index: its own folder, built from Chroma alone."""
    return KeywordStore(folder, services.index)


def test_every_ingest_adds_one_segment_and_many_are_merged(kb, services, tmp_path):
    store = services.keyword_store
    for n in range(MAX_SEGMENTS + 3):
        write(kb, f"page{n}.md", f"# Page {n}\n\nOtters number {n} swim; otter{n} floats.\n")
        if n == 4:
            write(kb, "page0.md", "# Page 0\n\nRewritten: beavers build dams.\n")
        ingest(services, kb)
        manifest = json.loads((services.settings.keyword_dir / "manifest.json").read_text())
        assert len(manifest["segments"]) <= MAX_SEGMENTS
    generation = services.index.generation()
    index = store.load(generation)
    assert index.generation == generation == MAX_SEGMENTS + 3
    assert index.size == MAX_SEGMENTS + 3
    # Only the live segments are on disk.
    on_disk = {p.name for p in services.settings.keyword_dir.glob("seg-*")}
    assert on_disk == {e["name"] for e in manifest["segments"]}

    fresh = scratch_build(services, tmp_path / "elsewhere").load(generation)
    assert fresh.live == index.live
    terms = ["otters", "beavers", "otter3", "rewritten", "page"]
    assert fresh.idf(terms) == index.idf(terms)
    for query in ("otters swim", "beavers dams", "otter7 floats", "page"):
        assert fresh.search(query, 20) == index.search(query, 20)
    searcher = searcher_for(services)
    assert [h.chunk.doc_id for h in all_hits(searcher, "beavers")][:1] == ["page0.md"]
    assert not [
        h for h in all_hits(searcher, "otters number 0") if "Otters number 0" in h.chunk.text
    ]


def test_an_ingest_that_changes_nothing_publishes_nothing(kb, services):
    write(kb, "a.md", "# A\n\nAlpha.\n")
    ingest(services, kb)
    generation = services.index.generation()
    assert ingest(services, kb).unchanged == 1
    assert services.index.generation() == generation


def test_files_of_an_older_format_are_rebuilt_from_chroma(kb, services):
    """An upgrade that changes what is indexed (format 2 adds joined forms: "Wi-Fi" is also
    "wifi"; format 3 numbers without separators: "1,500" is also "1500") rebuilds the files
    on first load instead of searching the old ones; format 4 the page's name in its address:
    "wlan-access.md" is also found by "wlan")."""
    text = "# Guest Wi-Fi\n\nThe password changes every Monday; 1,500 devices.\n"
    write(kb, "wlan-access.md", text)
    ingest(services, kb)
    generation = services.index.generation()
    path = services.settings.keyword_dir / "manifest.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps({**manifest, "format": FORMAT - 1}))
    index = KeywordStore(services.settings.keyword_dir, services.index).load(generation)
    rebuilt = json.loads(path.read_text())
    assert rebuilt["format"] == FORMAT == 4
    assert {e["name"] for e in rebuilt["segments"]}.isdisjoint(
        e["name"] for e in manifest["segments"]
    )
    assert [h.chunk_id for h in index.search("wifi", 5)]
    assert [h.chunk_id for h in index.search("1500", 5)]
    assert [h.chunk_id for h in index.search("wlan", 5)]
