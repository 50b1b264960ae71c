from kb_slackbot.answer.messages import message
from kb_slackbot.retrieval.language import SUPPORTED


def test_not_found_message_follows_language():
    assert "Wissensdatenbank" in message("not_found", "de")
    assert "base de conhecimento" in message("not_found", "pt")
    assert "kennisbank" in message("not_found", "nl")
    assert message("not_found", "xx") == message("not_found", "en")


def test_every_language_a_question_is_told_in_gets_its_own_not_found_message():
    english = (message("not_found", "en"), message("rephrase", "en"))
    for language in set(SUPPORTED) - {"en"}:
        assert message("not_found", language) != english[0], language
        assert message("rephrase", language) != english[1], language
