"""Hybrid search end to end: quality on the sample KB, space filters inside both retrievers,
the relevance threshold, and the BM25 side following other writers."""

from __future__ import annotations

import json

import pytest
from structlog.testing import capture_logs

from kb_slackbot.services import Services
from tests.conftest import SAMPLE_KB, make_settings
from tests.retrieval.helpers import all_hits, ingest, searcher_for, write


def english_questions(step: int = 4) -> list[dict]:
    lines = (SAMPLE_KB / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    questions = [json.loads(line) for line in lines if line.strip()]
    answerable = [q for q in questions if q["answerable"] and q["language"] == "en"]
    return answerable[::step]  # a spread over the whole file, not just its first topic


def test_expected_page_is_in_the_top_3_for_sample_questions(sample_services):
    questions = english_questions()
    assert len(questions) >= 10
    searcher = sample_services.searcher
    misses = []
    for q in questions:
        response = searcher.search(q["question"], top_k=3)
        ranked = (response.results + response.below_threshold)[:3]
        urls = [r.chunk.url for r in ranked]
        if not set(urls) & set(q["expected_sources"]):
            misses.append((q["question"], q["expected_sources"], urls))
    for miss in misses:
        print("MISS", *miss)
    hit_rate = 1 - len(misses) / len(questions)
    assert hit_rate >= 0.8, misses


# German and Portuguese questions whose answer is on an English page of the sample KB (its
# own question file asks the German and Portuguese pages in their languages).
CROSS_LANGUAGE = [
    ("Wie lange ist eine VPN-Konfiguration gültig?", "it/vpn"),
    ("Wie viele Urlaubstage haben wir?", "hr/paid-leave"),
    ("Bis wann muss ich meine Spesen einreichen?", "finance/expense-reimbursement"),
    ("Perdi o recibo do táxi, ainda posso pedir reembolso?", "finance/expense-reimbursement"),
    ("Wie früh sollten Flüge gebucht werden?", "finance/travel-booking"),
    ("Quantas aprovações um pull request precisa?", "engineering/code-review"),
    ("Por quanto tempo guardamos as mensagens diretas do Slack?", "security/data-retention"),
    ("Qual é o número da central de TI?", "it/support"),
    ("Welcher Drucker kann A3 drucken?", "it/printing"),
    ("Wann gelten Gehaltserhöhungen aus der Gehaltsrunde?", "hr/performance-reviews"),
]


def test_a_question_finds_the_page_written_in_another_language(sample_services):
    """The sample KB also has German and Portuguese pages on other topics; they share the
    question's everyday words, the English page with the answer shares none. Found means:
    among the three results above the relevance floor (the passages the answer reads). The
    relevance model fitted on monolingual sets alone found 3 of these 10; this one finds 7."""
    misses = []
    for question, page in CROSS_LANGUAGE:
        results = sample_services.searcher.search(question, top_k=3).results
        if not any(r.chunk.url.endswith(page) for r in results):
            misses.append((question, [r.chunk.url for r in results]))
    assert len(misses) <= 3, misses


def test_results_carry_citations_stages_and_calibrated_scores(sample_services):
    response = sample_services.searcher.search("How do I set up the VPN on Linux?", top_k=3)
    assert 1 <= len(response.results) <= 3
    best = response.results[0]
    assert best.chunk.url == "https://docs.northwindloop.example/it/vpn"
    assert best.chunk.title == "VPN setup"
    assert best.chunk.location.startswith("line")
    assert "Linux" in best.chunk.heading_path or "linux" in best.chunk.text.lower()
    assert set(best.stages) >= {"rrf", "dense_sim", "coverage", "p_first"}
    assert {"dense_rank", "bm25_rank"} & set(best.stages)
    # The best result says how far it stands out from the results in its own language
    # (answerability input); the others don't.
    assert best.stages["coverage_margin"] > 0 and -1 <= best.stages["dense_margin"] <= 1
    assert all("dense_margin" not in r.stages for r in response.results[1:])
    scores = [r.score for r in response.results]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert set(response.timings_ms) >= {"embed", "dense", "bm25", "fuse", "total"}
    assert len(best.snippet) <= 280


def test_relevance_probability_separates_on_and_off_topic(sample_services):
    """The fitted relevance probability of the best passage is higher for a question the KB
    answers than for one it does not (the answerability model makes the final call);
    passages under KB_MIN_RELEVANCE are set aside."""
    searcher = sample_services.searcher
    threshold = searcher.config.min_relevance
    assert threshold == sample_services.settings.min_relevance > 0
    off_topic = searcher.search("who won the company hackathon in 2019?", top_k=3)
    on_topic = searcher.search("how many days of sick leave without a doctor's note", top_k=3)
    assert on_topic.results
    best_off = max(r.score for r in off_topic.results + off_topic.below_threshold)
    assert on_topic.results[0].score > 0.5
    assert on_topic.results[0].score > best_off
    for response in (on_topic, off_topic):
        assert all(r.score >= threshold for r in response.results)
        assert all(r.score < threshold for r in response.below_threshold)


def test_threshold_splits_results_and_below_threshold(services, kb):
    write(kb, "a.md", "# Parking\n\nBike parking is in the basement of the Berlin office.\n")
    write(kb, "b.md", "# Lunch\n\nThe canteen opens at noon.\n")
    ingest(services, kb)
    everything = searcher_for(services, min_relevance=0.0).search("bike parking berlin")
    assert len(everything.results) == 2 and everything.below_threshold == []
    nothing = searcher_for(services, min_relevance=1.0).search("bike parking berlin")
    assert nothing.results == []
    assert [r.chunk.doc_id for r in nothing.below_threshold] == [
        r.chunk.doc_id for r in everything.results
    ]


RESTRICTED = "The zephyr bonus pool for 2026 is 4.2 million euros, split by band."


def test_space_filter_applies_inside_both_retrievers(services, kb):
    write(kb, "public/bonus-faq.md", "# Bonus FAQ\n\nBonuses are paid in March each year.\n")
    write(kb, "public/parking.md", "# Parking\n\nBike parking is in the basement.\n")
    write(kb, "hr/bonus-pool.md", f"---\nspace: hr\ntitle: Bonus pool\n---\n{RESTRICTED}\n")
    ingest(services, kb)
    searcher = searcher_for(services)

    # Without a filter the restricted chunk is the best match for its own sentence, found
    # by both the dense and the keyword retriever.
    unfiltered = all_hits(searcher, RESTRICTED, spaces=None)
    assert unfiltered[0].chunk.doc_id == "hr/bonus-pool.md"
    assert {"dense_rank", "bm25_rank"} <= set(unfiltered[0].stages)
    assert all_hits(searcher, RESTRICTED, spaces={"hr"})[0].chunk.space == "hr"

    for query in (RESTRICTED, "zephyr bonus pool", "zephyr"):
        hits = all_hits(searcher, query, spaces={"public"})
        assert hits, "public pages still answer"
        assert {h.chunk.space for h in hits} == {"public"}
        assert all("zephyr" not in h.chunk.text for h in hits)
    # A keyword only the restricted page contains finds nothing through BM25 at all.
    only_dense = all_hits(searcher, "zephyr", spaces={"public"})
    assert all("bm25_rank" not in h.stages for h in only_dense)
    assert all_hits(searcher, RESTRICTED, spaces=set()) == []


def test_search_on_an_empty_index(services):
    response = searcher_for(services).search("anything at all")
    assert response.results == [] and response.below_threshold == []


def test_bm25_side_follows_another_services_writing_the_same_index(
    settings, embedder, reranker_choice, kb
):
    reader = Services(settings, embedder=embedder, reranker_choice=reranker_choice)
    writer = Services(settings, embedder=embedder, reranker_choice=reranker_choice)
    write(kb, "a.md", "# Apples\n\nApples are harvested in autumn.\n")
    ingest(writer, kb)
    searcher = searcher_for(reader)
    generation = searcher.index_generation()
    assert not [h for h in all_hits(searcher, "quokkaberry") if "bm25_rank" in h.stages]

    write(kb, "z.md", "# Zebras\n\nThe quokkaberry protocol governs zebra feeding.\n")
    ingest(writer, kb)
    with capture_logs() as events:
        hits = all_hits(searcher, "quokkaberry")
    assert searcher.index_generation() == generation + 1
    assert hits[0].chunk.doc_id == "z.md"
    assert hits[0].stages["bm25_rank"] == 1
    # The writer wrote the new segment into the shared folder: read as it is, not rebuilt.
    assert not [e for e in events if e["event"].startswith("keyword_index")], events
    words = ["quokkaberry"]
    assert searcher.coverage_weights(words) == writer.searcher.coverage_weights(words)

    # No ingest, no new generation: the keyword index is not rebuilt.
    with capture_logs() as events:
        searcher.search("apples")
    assert not [e for e in events if e["event"] == "keyword_index_built"]


def test_search_survives_another_process_ingesting_into_the_same_data_dir(other_process):
    """The reader opened the embedded Chroma before another process ingested: it must keep
    answering, see the new and changed pages, and never show a replaced version."""
    run = other_process
    assert "shared: IngestSummary(added=1, updated=1" in run.output, run.output
    searcher = run.reader_searcher

    zebras = all_hits(searcher, "quokkaberry protocol zebra feeding")
    assert zebras[0].chunk.doc_id == "zebras.md"
    assert "bm25_rank" in zebras[0].stages
    apples = [
        h for h in all_hits(searcher, "when are apples harvested") if h.chunk.doc_id == "apples.md"
    ]
    assert len(apples) == 1
    assert "late summer by robots" in apples[0].chunk.text
    assert "autumn" not in " ".join(h.chunk.text for h in all_hits(searcher, "apples autumn"))
    pears = all_hits(searcher, "pears ripen in a cool cellar")
    assert pears[0].chunk.doc_id == "pears.md"


def test_a_question_typed_without_accents_is_searched_as_the_pages_spell_it(sample_services):
    searcher = sample_services.searcher
    typed = "quantos dias de ferias eu tenho e qual o horario?"
    assert searcher.respelled(typed) == "quantos dias de férias eu tenho e qual o horário?"
    # Chat shorthand is written out: the reader sees "quanto" (an amount is asked for).
    assert searcher.respelled("qto custa o almoço?") == "quanto custa o almoço?"
    # In a Spanish question "horario" is a word of its own (the page's "horário" is not meant).
    assert searcher.respelled("¿cuál es el horario de la oficina?") == (
        "¿cuál es el horario de la oficina?"
    )
    # BM25 matches words exactly: as typed, "ferias" and "horario" are in no page.
    as_typed = searcher.search("ferias horario", top_k=3).results
    spelled = searcher.search(searcher.respelled("ferias horario"), top_k=3).results
    assert not any("bm25_rank" in r.stages for r in as_typed)
    assert all("bm25_rank" in r.stages for r in spelled)


PARKING_FEES = "## Fees\n\nA monthly parking permit for the Leeds office costs £30.\n"
PARKING_PAGE = (
    "# Parking at the Leeds office\n\n"
    "## Permits\n\nParking at the Leeds office needs a permit from reception.\n\n"
    "## Electric cars\n\nThe Leeds office car park has four charging points.\n\n"
    "## Visitors\n\nVisitors to the Leeds office park in the two bays by the entrance.\n\n"
)
OTHER_PAGES = {
    "lunch.md": "# Lunch\n\nThe canteen of the Leeds office opens at noon.\n",
    "bikes.md": "# Bikes\n\nBike racks are next to the main entrance.\n",
    "holidays.md": "# Holidays\n\nEveryone gets 25 days of paid holiday a year.\n",
}


def test_a_page_stands_out_from_the_other_pages_not_from_its_own_sections(
    services, kb, tmp_path, embedder, reranker_choice
):
    """The answerability margins compare the best page with the next pages, as on the public
    pools they were fitted on (one candidate per page): a page's own sections share its words
    and would make a long page look as if no page stood out."""
    question = "how much is a parking permit at the leeds office per month?"
    found = []
    for n, page in enumerate((PARKING_PAGE + PARKING_FEES, PARKING_PAGE[:31] + PARKING_FEES)):
        folder = tmp_path / f"kb{n}"
        for name, text in {**OTHER_PAGES, "parking.md": page}.items():
            write(folder, name, text)
        own = Services(make_settings(tmp_path / f"data{n}"), embedder, reranker_choice)
        ingest(own, folder)
        found.append(all_hits(searcher_for(own), question))
    long, short = found
    best = long[0]
    assert best.chunk.heading_path.endswith("Fees") and len(long) == 7
    others = [next(h for h in long if h.chunk.doc_id == name) for name in OTHER_PAGES]
    for stage, margin in (("dense_sim", "dense_margin"), ("coverage", "coverage_margin")):
        expected = best.stages[stage] - sum(h.stages[stage] for h in others) / len(others)
        assert best.stages[margin] == pytest.approx(expected, abs=1e-3)
        chunks = best.stages[stage] - sum(h.stages[stage] for h in long[1:]) / (len(long) - 1)
        assert best.stages[margin] > chunks + 0.03  # the sections would have hidden it
    # The same page without its other sections stands out just as far from the same pages.
    assert best.stages["dense_margin"] == pytest.approx(short[0].stages["dense_margin"], abs=0.01)


def test_a_page_is_found_by_the_name_in_its_address(services, kb):
    """Writers name a page by what people call it: "late-checkout.md" for a page titled
    "Late departure surcharge" that never says "checkout". Those words count as a short
    title for keyword search and question coverage; the title's own words are not counted
    twice, and numbers in an address (page ids, dates) are not words."""
    write(
        kb,
        "front-office/late-checkout.md",
        "# Late departure surcharge\n\nStaying until 14:00 costs €20 in Porto, until 18:00 €45.\n",
    )
    write(
        kb,
        "front-office/arrivals-65607.md",
        "# Arrivals\n\nGuests arriving after 22:00 get the key-safe code by SMS.\n",
    )
    ingest(services, kb, base_url="https://intranet.example/")
    response = searcher_for(services, min_relevance=0.0).search("late checkout porto")
    best = response.results[0]
    assert best.chunk.doc_id == "front-office/late-checkout.md"
    assert best.chunk.name_words() == ["checkout"]  # "late" is the title's already
    assert best.stages["coverage"] == pytest.approx(1.0)
    arrivals = next(r for r in response.results if r.chunk.doc_id != best.chunk.doc_id)
    assert arrivals.chunk.name_words() == []  # "arrivals" is the title; 65607 is an id
