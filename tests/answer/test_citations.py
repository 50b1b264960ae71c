from datetime import date

from kb_slackbot.answer.citations import map_citations
from kb_slackbot.answer.context import ContextSource
from kb_slackbot.retrieval.documents import Chunk
from kb_slackbot.retrieval.search import SearchResult


def _source(number: int, doc: str, line: int) -> ContextSource:
    chunk = Chunk(
        chunk_id=f"{doc}#{line}",
        doc_id=doc,
        index=0,
        text="t",
        title=doc.upper(),
        url=f"https://d.example/{doc}",
        headings=(),
        updated=date(2026, 1, 1),
        space="public",
        start_line=line,
        end_line=line + 3,
    )
    return ContextSource(number, SearchResult(chunk, 0.9), "t")


SOURCES = [_source(1, "a", 1), _source(2, "b", 1), _source(3, "c", 1), _source(4, "a", 1)]


def test_renumbered_by_first_use_and_invented_dropped():
    cited = map_citations("Alpha [3]. Beta [1][7]. Gamma [3, 2].", SOURCES)
    assert cited.text == "Alpha [1]. Beta [2]. Gamma [1][3]."
    assert [s.result.chunk.doc_id for s in cited.cited] == ["c", "a", "b"]
    assert cited.invented == [7]


def test_same_place_shares_one_number():
    cited = map_citations("One [1]. Two [4].", SOURCES)  # 1 and 4: same document and lines
    assert cited.text == "One [1]. Two [1]."
    assert len(cited.cited) == 1


def test_no_markers_means_no_sources():
    cited = map_citations("I could not find that.", SOURCES)
    assert cited.cited == [] and cited.text == "I could not find that."


def test_only_invented_markers_leave_clean_text():
    cited = map_citations("Claim [9]. Other [0].", SOURCES)
    assert cited.text == "Claim. Other."
    assert cited.cited == [] and cited.invented == [9, 0]
