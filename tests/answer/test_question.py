from kb_slackbot.answer.question import check_question, clean_question


def test_slack_markup_is_stripped_and_labels_kept():
    raw = "<@U123ABC>  how do I reach <#C42|it-help> about <https://x.example/a|the VPN page>?\n"
    assert clean_question(raw) == "how do I reach #it-help about the VPN page?"


def test_special_mentions_and_entities():
    assert clean_question("<!here> a &lt;b&gt; &amp; c <!subteam^S1|@hr>") == "a <b> & c @hr"


def test_empty_short_and_long_questions():
    assert check_question("<@U1>   ", 100).problem == "empty"
    assert check_question("hi", 100).problem == "too_short"
    assert check_question("x" * 101, 100).problem == "too_long"
    ok = check_question("<@U1> How do I set up the VPN?", 100)
    assert ok.problem is None and ok.text == "How do I set up the VPN?"
