"""A quoted piece keeps the links its page gave it."""

from __future__ import annotations

from kb_slackbot.answer.answerability import load_reader_models
from kb_slackbot.answer.candidates import Unit
from kb_slackbot.answer.links import page_links, with_links, with_page_links
from kb_slackbot.answer.piece_features import cosine_scorer
from kb_slackbot.answer.pieces import Passage
from kb_slackbot.answer.reader import Reader

FAQ = (
    "Reception prints the badge while you wait. If it stops working, see "
    "[Resetting or replacing your badge](https://wiki.example/facilities/badge-reset). "
    "Questions go to [facilities](mailto:facilities@example.com) or the "
    "[FAQ](../faq.md); ![badge](https://img.example/badge.png) "
    "[https://wiki.example](https://wiki.example)."
)


def test_a_page_s_web_and_mail_links_by_label():
    assert page_links(FAQ) == {
        "Resetting or replacing your badge": "https://wiki.example/facilities/badge-reset",
        "facilities": "mailto:facilities@example.com",
    }  # not a relative link, an image, or a link whose label is its address
    assert page_links("Use **[Tally](https://tally.example)** for claims.") == {
        "Tally": "https://tally.example"
    }
    # a label linked to two places is left plain; the same link twice is one
    twice = (
        "Book [here](https://a.example), claim [here](https://b.example) in "
        "[Tally](https://t.example) or [Tally](https://t.example)."
    )
    assert page_links(twice) == {"Tally": "https://t.example"}


def test_each_label_is_linked_once_as_a_whole_word():
    links = {"Tally": "https://t.example", "Tally expenses": "https://t.example/e"}
    text = with_links("Submit in Tally expenses; Tally reads receipts. Tallyho.", links)
    assert (
        text == "Submit in [Tally expenses](https://t.example/e); [Tally](https://t.example) reads "
        "receipts. Tallyho."
    )
    code = "Run:\n```bash\nTally sync\n```"
    assert with_links(code, links) == code  # code keeps its lines
    assert with_links("Nothing to link.", links) == "Nothing to link."


def test_a_quoted_piece_is_shown_with_its_link(embedder):
    passage = Passage(1, FAQ, "New starter FAQ › How do I get a badge?", 0.8)
    unit = Unit("sentence", "If it stops working, see Resetting or replacing your badge.")
    shown = with_page_links(passage, unit)
    assert shown.text == (
        "If it stops working, see [Resetting or replacing your badge]"
        "(https://wiki.example/facilities/badge-reset)."
    )
    reader = Reader(cosine_scorer(embedder), *load_reader_models())
    text = reader.read(
        "what do I do if my badge stops working?", [passage], lambda t: {w: 2.0 for w in t}
    ).text()
    assert (
        "[Resetting or replacing your badge](https://wiki.example/facilities/badge-reset)" in text
    ), text
