"""One citation per page."""

from __future__ import annotations

from kb_slackbot.answer.pages import merge_pages
from tests.answer.found import found


def test_chunks_of_one_page_share_one_number():
    cited = [found("vpn", 0), found("wifi", 0), found("vpn", 3)]
    text, pages = merge_pages(
        "Install it [1]. Join the wifi [2]. Bring it up [3]. Done [1][3].", cited
    )
    assert text == "Install it [1]. Join the wifi [2]. Bring it up [1]. Done [1]."
    assert [p.chunk.doc_id for p in pages] == ["vpn", "wifi"]


def test_nothing_cited():
    assert merge_pages("No markers.", []) == ("No markers.", [])
