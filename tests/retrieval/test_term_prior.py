"""Question-coverage weights: a small KB's counts, floored by how common a word is in general."""

from __future__ import annotations

import pytest
from wordfreq import word_frequency

from kb_slackbot.retrieval.keyword import index_texts
from kb_slackbot.retrieval.term_prior import expected_share, full_frequency, general_frequency

SENTENCES = [
    "Employees receive 28 days of paid leave per calendar year.",
    "Set up the WireGuard tunnel with wg-quick on Linux.",
    "The hotel limit per night in Berlin is 160 euros.",
    "Expense claims are submitted in Ledgerly within 30 days.",
]
# 20 chunks of about 80 words, the size of real ones (the floor depends on chunk length).
TEXTS = [f"{s} " * 8 + f"part{n}" for n in range(5) for s in SENTENCES]


def test_everyday_words_the_kb_never_uses_do_not_weigh_like_rare_names():
    index = index_texts(TEXTS)
    idf = index.idf(["my", "much", "el", "quokkaberry"])
    weights = index.coverage_weights(["my", "much", "el", "quokkaberry"])
    # The KB's own counts: all four are unknown, so all look equally rare.
    assert len(set(idf.values())) == 1
    # With the general-language floor: "my" (en), "much" (en), "el" (es) are everyday words.
    assert weights["quokkaberry"] == idf["quokkaberry"]  # unknown anywhere: still the rarest
    for word in ("my", "much", "el"):
        assert weights[word] < 0.7 * weights["quokkaberry"], word


def test_the_floor_only_lowers_weights_and_leaves_rare_known_terms_alone():
    index = index_texts(TEXTS)
    terms = ["wireguard", "ledgerly", "the", "per", "days"]
    idf, weights = index.idf(terms), index.coverage_weights(terms)
    assert all(weights[t] <= idf[t] for t in terms)
    assert weights["wireguard"] == idf["wireguard"] and weights["ledgerly"] == idf["ledgerly"]
    assert weights["the"] < idf["the"]  # in half the chunks here, but in nearly every text


def test_expected_share_grows_with_frequency_and_chunk_length():
    assert general_frequency("quokkaberry") == 0.0
    assert expected_share("quokkaberry", 100) == 0.0
    assert general_frequency("the") > general_frequency("hotel") > 0
    assert expected_share("hotel", 200) > expected_share("hotel", 50) > 0
    assert 0.9 < expected_share("the", 100) <= 1.0


def test_a_chat_spelling_weighs_like_the_word_it_stands_for():
    # General text writes "what's": its word lists hold "whats" as a rare word, which made
    # "whats" the heaviest term of "whats the deadline for submitting expenses".
    index = index_texts(TEXTS)
    weights = index.coverage_weights(["whats", "what", "dont", "deadline"])
    assert weights["whats"] == weights["what"]
    assert weights["whats"] < 0.5 * weights["deadline"]
    assert weights["dont"] < 0.5 * weights["deadline"]
    assert general_frequency("whats") == general_frequency("what")


def test_chat_shorthand_weighs_like_the_word_it_stands_for():
    # "qto" (quanto), "ppl", "vllt" are in no word list: each weighed like a name no page has.
    index = index_texts(TEXTS)
    weights = index.coverage_weights(["qto", "quanto", "ppl", "people", "vllt", "quokkaberry"])
    assert weights["qto"] == weights["quanto"] and weights["ppl"] == weights["people"]
    for shorthand in ("qto", "ppl", "vllt"):
        assert weights[shorthand] < 0.8 * weights["quokkaberry"], shorthand


@pytest.mark.parametrize(
    ("word", "language"),
    [
        ("vororte", "de"),  # rare, but a word: in no short list
        ("straße", "de"),  # wordfreq folds "ß" to "ss" before it looks a word up
        ("libary", "en"),  # a common misspelling is in the full list, far down
        ("configuro", "pt"),
        ("casues", "en"),  # in no list at all
    ],
)
def test_full_word_lists_give_wordfreqs_frequencies_from_a_compact_copy(word, language):
    expected = word_frequency(word, language, wordlist="large")  # rounded to 3 digits
    assert full_frequency(word, language) == pytest.approx(expected, rel=0.01, abs=1e-12)
