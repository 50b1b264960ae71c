from kb_slackbot.answer.messages import message


def test_not_found_message_follows_language():
    assert "Wissensdatenbank" in message("not_found", "de")
    assert "base de conhecimento" in message("not_found", "pt")
    assert message("not_found", "xx") == message("not_found", "en")
