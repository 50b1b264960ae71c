"""Rewording a short follow-up as the earlier question about its new subject."""

from __future__ import annotations

from kb_slackbot.answer.follow_up import names_a_new_subject, new_words, rewordings, speaks_of

WEIGHTS = {"how": 1.0, "do": 0.3, "i": 0.2, "set": 1.5, "up": 0.8, "the": 0.1, "vpn": 2.5}
WEIGHTS |= {"on": 0.3, "macos": 4.0, "and": 0.2, "for": 0.3, "linux": 4.2}


def _weights(terms):
    return {t: WEIGHTS.get(t, 3.0) for t in terms}


def test_the_new_subject_replaces_each_of_the_most_specific_words():
    found = rewordings("and for Linux?", "How do I set up the VPN on macOS?", _weights)
    assert found == [
        "How do I set up the VPN on linux?",
        "How do I set up the linux on macOS?",
        "How do I linux up the VPN on macOS?",
    ]


def test_everyday_words_of_the_follow_up_are_not_its_subject():
    (first, *_) = rewordings("and for Linux?", "How do I set up the VPN on macOS?", _weights)
    assert "and" not in first.split() and "for" not in first.split()


def test_a_follow_up_without_a_new_word_is_not_reworded():
    assert rewordings("the VPN on macOS?", "How do I set up the VPN on macOS?", _weights) == []
    assert rewordings("and for Linux?", "", _weights) == []


def test_a_follow_up_that_only_names_a_new_subject():
    for follow_up in ("and for Linux?", "what about Windows?", "und in Paris?", "e no Linux?"):
        assert names_a_new_subject(follow_up), follow_up
    # Asks something new, or is no follow-up form at all: the wordings compete on equal terms.
    for follow_up in (
        "and who approves it?",
        "und wann ist die Sprechstunde?",
        "and how do I do that on a Mac?",
        "Linux?",
        "and?",
    ):
        assert not names_a_new_subject(follow_up), follow_up


def test_an_answer_speaks_of_the_new_subject_when_it_names_it():
    wording = "How do I connect to the VPN on linux?"
    subject = new_words(wording, "How do I connect to the VPN on macOS?")
    assert subject == {"linux"}
    assert speaks_of(subject, "Install wireguard-tools. VPN setup › Linux")
    assert not speaks_of(subject, "Start LoopGate. On first start macOS asks… VPN setup › macOS")
