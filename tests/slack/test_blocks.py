from datetime import date

from kb_slackbot.answer.models import AnswerResult, Source
from kb_slackbot.slack.blocks import answer_messages, split_text
from kb_slackbot.slack.limits import LIMITS


def _result(answer: str, sources: int = 2, **kw) -> AnswerResult:
    return AnswerResult(
        query_id="q1",
        question="q?",
        answer=answer,
        sources=[
            Source(
                number=i + 1,
                title=f"Page <{i}> & co",
                url=f"https://d.example/{i}",
                updated=date(2020, 1, 1),
                doc_id=f"d{i}",
                outdated=i == 0,
                score=0.9,
            )
            for i in range(sources)
        ],
        confidence="high",
        **kw,
    )


def _all_text(blocks) -> str:
    out = []
    for b in blocks:
        d = b.to_dict()
        if "text" in d:
            out.append(d["text"]["text"])
        for e in d.get("elements", []):
            if isinstance(e.get("text"), str):
                out.append(e["text"])
    return "\n".join(out)


def test_sources_confidence_and_escaped_titles():
    (message,) = answer_messages(_result("Answer [1][2]."))
    text = _all_text(message.blocks)
    assert "[1] <https://d.example/0|Page &lt;0&gt; &amp; co> · updated 2020-01-01" in text
    assert "[2] <https://d.example/1|Page &lt;1&gt; &amp; co>" in text
    second = next(line for line in text.splitlines() if line.startswith("[2] <"))
    assert "updated" not in second  # only outdated sources show their date
    assert ":large_green_circle: High confidence · 2 sources" in text
    assert message.text.startswith("Answer")


def test_long_answers_split_without_losing_text():
    paragraph = ("word " * 150).strip()
    answer = "\n\n".join(f"{n}: {paragraph} [1]" for n in range(200))  # ~150k characters
    messages = answer_messages(_result(answer))
    assert len(messages) > 1
    seen = []
    for m in messages:
        assert len(m.blocks) <= LIMITS.blocks_per_message
        for b in m.blocks:
            d = b.to_dict()
            if d["type"] == "section":
                assert len(d["text"]["text"]) <= LIMITS.section_text
                seen.append(d["text"]["text"])
    joined = "\n\n".join(seen)
    assert all(f"{n}: " in joined for n in range(200))
    assert joined.count("word") == 200 * 150


def test_a_code_block_split_across_sections_is_closed_and_reopened():
    """Each section renders alone: a part that ends inside a code block closes it and the
    next opens it again, so no command shows as plain text; every part still fits."""
    code = "\n".join(f"run step {i:02d} --flag" for i in range(40))
    text = f"Do this:\n```\n{code}\n```\nThen check the result."
    parts = split_text(text, limit=300)
    assert len(parts) > 2 and all(len(p) <= 300 for p in parts)
    for part in parts:
        marks = [line for line in part.split("\n") if line.startswith("```")]
        assert len(marks) % 2 == 0, part
    shown = [line for p in parts for line in p.split("\n") if line.startswith("run step")]
    assert shown == code.split("\n")
    assert parts[0].startswith("Do this:") and parts[-1].endswith("Then check the result.")
    # Text without code keeps the whole limit (no room kept for fences).
    assert split_text("a" * 295 + " " + "b" * 10, limit=300) == ["a" * 295, "b" * 10]


def test_split_text_prefers_paragraphs():
    assert split_text("a" * 10 + "\n\n" + "b" * 10, limit=15) == ["a" * 10, "b" * 10]
    assert all(len(p) <= 7 for p in split_text("x" * 20, limit=7))


def test_many_sources_stay_within_ten_context_elements():
    (message,) = answer_messages(_result("A [1].", sources=25))
    for b in message.blocks:
        d = b.to_dict()
        if d["type"] == "context":
            assert len(d["elements"]) <= LIMITS.context_elements
    assert "[25]" in _all_text(message.blocks)


def test_a_url_cannot_break_the_link_syntax():
    """Urls from an index written before ingest checked them."""
    bad = _result("Answer [1].", sources=1).model_copy()
    bad.sources[0].url = "https://docs.example/office|Trusted HR page|<b> x"
    (message,) = answer_messages(bad)
    line = next(t for t in _all_text(message.blocks).splitlines() if t.startswith("[1] "))
    assert line == (
        "[1] <https://docs.example/office%7CTrusted%20HR%20page%7C&lt;b&gt;%20x"
        "|Page &lt;0&gt; &amp; co> · updated 2020-01-01"
    )


def test_near_misses_point_to_their_section():
    near = Source(
        number=1,
        title="Laptops",
        heading_path="Lost or stolen devices",
        url="https://d.example/laptops",
        updated=date(2020, 1, 1),
    )
    result = _result("I couldn't find this.", sources=0, status="not_found", suggestions=[near])
    (message,) = answer_messages(result)
    text = _all_text(message.blocks)
    assert "You might look at:" in text
    assert "<https://d.example/laptops|Laptops › Lost or stolen devices>" in text
