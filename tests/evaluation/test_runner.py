"""`run_eval` without a judge: the real answer engine on the sample KB (extractive)."""

from __future__ import annotations

from kb_slackbot.evaluation.runner import (
    EvalQuestion,
    QuestionOutcome,
    run_eval,
    source_key,
    summarise,
)

VPN_URL = "https://docs.northwindloop.example/it/vpn"


def test_key_facts_of_the_passages_say_where_an_answer_was_lost(sample_services):
    service = sample_services.answer_service("extractive", cached=False)
    questions = [
        EvalQuestion(
            question="How do I set up the VPN on Linux?",
            expected_sources=[VPN_URL],
            reference_answer="Run sudo wg-quick up nwl after copying nwl.conf to /etc/wireguard.",
        ),
        # The pages hold no such figure: neither the passages nor the answer can.
        EvalQuestion(
            question="How much does the VPN cost per month?",
            expected_sources=[VPN_URL],
            reference_answer="The VPN costs €987 per month.",
        ),
        # Unanswerable: nothing to find, whatever its reference says.
        EvalQuestion(
            question="who won the 2019 hackathon?",
            answerable=False,
            reference_answer="Team Falcon won the 2019 hackathon.",
        ),
    ]
    report = run_eval(service, questions)
    linux, cost, hackathon = report.outcomes
    assert linux.key_facts_retrieved is True and linux.key_facts is True
    assert cost.key_facts_retrieved is False and cost.key_facts is False
    assert hackathon.key_facts_retrieved is None
    assert report.summary["key_facts_in_top5"] == 0.5
    assert report.summary["key_facts_in_answer"] == 0.5
    # Each outcome keeps the answerability model's probability, answered or not; the summary
    # says how well it ranks the answerable questions above the unanswerable one.
    assert linux.status == "answered" and hackathon.status == "not_found"
    assert linux.p_answerable > hackathon.p_answerable
    auroc = report.summary["answerability_auroc"]
    cost_pair = (cost.p_answerable > hackathon.p_answerable) + 0.5 * (
        cost.p_answerable == hackathon.p_answerable
    )
    assert auroc == (1 + cost_pair) / 2  # linux over hackathon, and cost's pair


def _outcome(question, status, expected=(VPN_URL,), suggested=(), answerable=True):
    return QuestionOutcome(
        question=question,
        answerable=answerable,
        status=status,
        retrieved=[],
        cited=[VPN_URL] if status == "answered" else [],
        expected=list(expected),
        f1=None,
        timings_ms={},
        prompt_tokens=0,
        completion_tokens=0,
        provider="extractive",
        suggested=list(suggested),
    )


def test_a_not_found_that_points_at_the_page_is_counted():
    outcomes = [
        _outcome("answered", "answered"),
        _outcome("missed, page suggested", "not_found", suggested=("other", VPN_URL)),
        _outcome("missed, page not suggested", "not_found", suggested=("other",)),
        _outcome("missed, nothing suggested", "not_found"),
        _outcome("unanswerable", "not_found", expected=(), suggested=("x",), answerable=False),
    ]
    summary = summarise(outcomes, k=5)
    assert summary["not_found_expected_suggested"] == 1 / 3  # of the three answerable misses
    assert summary["suggestions_per_not_found"] == (2 + 1 + 0 + 1) / 4
    assert summarise(outcomes[:1], k=5)["not_found_expected_suggested"] is None


def test_an_expected_page_written_with_spaces_matches_the_link_the_bot_gives():
    typed = "https://notes.example/People/Holiday and TOIL.md"  # as a question file writes it
    linked = "https://notes.example/People/Holiday%20and%20TOIL.md"  # as the bot links it
    assert source_key(linked, "People/Holiday and TOIL.md", {typed}) == typed
    assert source_key(VPN_URL, "it/vpn.md", {typed}) == VPN_URL  # another page stays itself
    assert source_key(VPN_URL, "it/vpn.md", {"it/vpn.md"}) == "it/vpn.md"  # named by its id
