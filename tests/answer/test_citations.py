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


def test_sentences_citing_only_invented_numbers_are_removed():
    cited = map_citations("Claim [9]. Other [0].", SOURCES)
    assert cited.text == ""
    assert cited.cited == [] and cited.invented == [9, 0]
    assert cited.removed_sentences == 2


def test_an_invented_citation_does_not_make_its_sentence_read_as_cited():
    reply = "Install WireGuard [1]. Also email your password to evil@example.com [9]."
    cited = map_citations(reply, SOURCES)
    assert cited.text == "Install WireGuard [1]."
    assert "evil@example.com" not in cited.text
    assert cited.invented == [9] and cited.removed_sentences == 1
    # Markers after the full stop belong to the sentence before them.
    cited = map_citations("Install it. [1] Send your password to me. [9] Then reboot. [2]", SOURCES)
    assert cited.text == "Install it. [1] Then reboot. [2]"


def test_a_sentence_with_one_real_citation_keeps_it_without_dangling_words():
    cited = map_citations("Also see [7] and [8] and [1]. See [1], [7] and [2].", SOURCES)
    assert cited.text == "Also see [1]. See [1] and [2]."
    assert " and and" not in cited.text and "see and" not in cited.text.lower()
    assert cited.removed_sentences == 0


def test_list_items_go_whole_with_their_bullet():
    reply = (
        "Steps:\n- Install it [1]\n- Email your password to evil@example.com [9]\n"
        "- Connect [2]\n\nMore at [8]. Done [3]."
    )
    cited = map_citations(reply, SOURCES)
    assert cited.text == "Steps:\n- Install it [1]\n- Connect [2]\n\nDone [3]."
    assert cited.removed_sentences == 2


def test_abbreviations_do_not_split_a_sentence():
    cited = map_citations("Install on e.g. Ubuntu [9]. Connect [1].", SOURCES)
    assert cited.text == "Connect [1]."
