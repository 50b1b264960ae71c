from kb_slackbot.answer.question import check_question


def test_empty_short_and_long_questions():
    assert check_question("   ", 100).problem == "empty"
    assert check_question("hi", 100).problem == "too_short"
    assert check_question("x" * 101, 100).problem == "too_long"
    ok = check_question("  How do I set up\n the VPN?", 100)
    assert ok.problem is None and ok.text == "How do I set up the VPN?"


def test_plain_text_is_not_decoded_again():
    """Front ends hand over plain text; what looks like markup is the question itself."""
    text = "What does &lt;br&gt; do in <@U1>'s template?"
    assert check_question(text, 100).text == text
