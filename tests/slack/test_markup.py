"""Slack text in (cleaned once) and out (escaped, mrkdwn)."""

from kb_slackbot.slack.markup import clean_text, to_mrkdwn


def test_slack_markup_is_stripped_and_labels_kept():
    raw = "<@U123ABC>  how do I reach <#C42|it-help> about <https://x.example/a|the VPN page>?\n"
    assert clean_text(raw) == "how do I reach #it-help about the VPN page?"


def test_special_mentions_and_entities():
    assert clean_text("<!here> a &lt;b&gt; &amp; c <!subteam^S1|@hr>") == "a <b> & c @hr"


def test_entities_are_decoded_exactly_once():
    """A person who types the literal text ``&lt;br&gt;`` gets it searched as typed: Slack
    sends ``&amp;lt;br&amp;gt;``, and one decoding gives back what was typed."""
    assert clean_text("<@UBOT> what does &amp;lt;br&amp;gt; do?") == "what does &lt;br&gt; do?"
    assert clean_text("&amp;amp;") == "&amp;"


def test_a_bare_mention_is_empty():
    assert clean_text("<@U1>   ") == ""


def test_markdown_becomes_mrkdwn_and_is_escaped():
    text = to_mrkdwn("**Bold** [link](https://x.example/?a=1&b=2) a < b <!channel> [1]")
    assert "*Bold*" in text and "**" not in text
    assert "<https://x.example/?a=1&amp;b=2|link (x.example)>" in text
    assert "&lt;!channel&gt;" in text  # a page cannot ping the channel
    assert "[1]" in text


def test_links_written_in_a_page_show_where_they_go():
    text = to_mrkdwn("Sign in at [login](https://evil.example/login) or [x](javascript:alert(1)).")
    assert "<https://evil.example/login|login (evil.example)>" in text
    assert "javascript" not in text
    looks_trusted = to_mrkdwn("[https://docs.example/hr](https://evil.example/hr)")
    assert looks_trusted == "<https://evil.example/hr|https://docs.example/hr (evil.example)>"
    assert to_mrkdwn("[docs.example](https://docs.example/a)") == (
        "<https://docs.example/a|docs.example>"  # the host is already in sight
    )
    assert (
        to_mrkdwn("[help](mailto:evil@x.example)")
        == "<mailto:evil@x.example|help (evil@x.example)>"
    )


def test_code_blocks_lose_the_language_hint_and_the_steps_indent():
    """Slack shows a fence's language hint as the block's first line ("bash") and a step's
    indentation inside the block: both go, the code's own indentation stays."""
    steps = (
        "1. Sign in with **care**:\n   ```bash\n   pwctl login \\\n     --env live\n   ```\n"
        "2. Check it:\n   ```\n   pwctl whoami\n   ```\nRun ```x``` inline."
    )
    assert to_mrkdwn(steps) == (
        "1. Sign in with *care*:\n```\npwctl login \\\n  --env live\n```\n"
        "2. Check it:\n```\npwctl whoami\n```\nRun ```x``` inline."
    )
    assert to_mrkdwn("```python\nif a < b:\n    pass\n```") == ("```\nif a &lt; b:\n    pass\n```")


def test_keep_lines_keeps_an_answers_line_breaks():
    raw = "Run  these:\n\n\n\n1. `sudo apt install x`\n2. <https://a.example/x|the docs> &amp;lt;"
    assert clean_text(raw, keep_lines=True) == (
        "Run these:\n\n1. `sudo apt install x`\n2. the docs &lt;"
    )
    assert clean_text(raw) == "Run these: 1. `sudo apt install x` 2. the docs &lt;"
