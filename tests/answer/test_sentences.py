"""Sentence ends: ordinal dates, abbreviations and initials do not end a sentence; any capital
letter (Vietnamese "Đ", "Ở") starts one."""

from __future__ import annotations

import pytest

from kb_slackbot.answer.sentences import is_abbreviation, split_sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Im 19. Jahrhundert wuchs die Stadt. Sie hat 3 Häfen.",
            ["Im 19. Jahrhundert wuchs die Stadt.", "Sie hat 3 Häfen."],
        ),
        (
            "Am 1. Januar 2020 galt z. B. das Gesetz. Danach kam Dr. Müller.",
            ["Am 1. Januar 2020 galt z. B. das Gesetz.", "Danach kam Dr. Müller."],
        ),
        (
            "Ông đọc bản Tuyên ngôn. Đây là ngày lễ. Ở TP. Hồ Chí Minh trời mưa.",
            ["Ông đọc bản Tuyên ngôn.", "Đây là ngày lễ.", "Ở TP. Hồ Chí Minh trời mưa."],
        ),
        (
            "The U.S. Army arrived in Jan. 1945. Then St. Louis fell, e.g. slowly.",
            ["The U.S. Army arrived in Jan. 1945.", "Then St. Louis fell, e.g. slowly."],
        ),
        # a year or an amount ends a sentence: only one or two digits are an ordinal
        (
            "Custa R$ 1.500. Depois disso, 2026. Fim!",
            ["Custa R$ 1.500.", "Depois disso, 2026.", "Fim!"],
        ),
        ("Closed at 12:00. **Note:** open Monday.", ["Closed at 12:00.", "**Note:** open Monday."]),
        (
            "See Art. 6 DSGVO and No. 5 of the list. The answer is no. It was.",
            ["See Art. 6 DSGVO and No. 5 of the list.", "The answer is no.", "It was."],
        ),
    ],
)
def test_sentences_end_where_a_reader_would_end_them(text, sentences):
    assert split_sentences(text) == sentences


def test_abbreviations_ordinals_and_initials():
    assert all(map(is_abbreviation, ["Dr", "z", "B", "e.g", "U.S", "19", "1", "TP", "Mio"]))
    assert not any(map(is_abbreviation, ["2026", "1.500", "12:00", "art", "days"]))
