from kb_slackbot.answer.language import detect_language
from kb_slackbot.answer.messages import message


def test_detects_question_languages():
    assert detect_language("How many vacation days do I get per year?") == "en"
    assert detect_language("Wie viele Urlaubstage habe ich pro Jahr?") == "de"
    assert detect_language("Quantos dias de férias eu tenho por ano?") == "pt"
    assert detect_language("vpn") == "en"  # too short to tell: the default


def test_not_found_message_follows_language():
    assert "Wissensdatenbank" in message("not_found", "de")
    assert "base de conhecimento" in message("not_found", "pt")
    assert message("not_found", "xx") == message("not_found", "en")
