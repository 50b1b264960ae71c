"""One citation per page."""

from __future__ import annotations

from datetime import date

from kb_slackbot.answer.pages import merge_pages
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult


def _result(doc: str, index: int) -> SearchResult:
    chunk = Chunk(
        f"{doc}#{index}",
        doc,
        index,
        "text",
        doc.title(),
        f"https://x/{doc}",
        (),
        date(2026, 1, 1),
        "public",
    )
    return SearchResult(chunk, 0.5)


def test_chunks_of_one_page_share_one_number():
    cited = [_result("vpn", 0), _result("wifi", 0), _result("vpn", 3)]
    text, pages = merge_pages(
        "Install it [1]. Join the wifi [2]. Bring it up [3]. Done [1][3].", cited
    )
    assert text == "Install it [1]. Join the wifi [2]. Bring it up [1]. Done [1]."
    assert [p.chunk.doc_id for p in pages] == ["vpn", "wifi"]


def test_nothing_cited():
    assert merge_pages("No markers.", []) == ("No markers.", [])
