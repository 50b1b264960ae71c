import pytest

from kb_slackbot.answer.confidence import ConfidenceInputs, assess_confidence


@pytest.mark.parametrize(
    ("scores", "pages", "cites", "expected"),
    [
        ([], 0, False, "low"),  # nothing cited
        ([0.5], 1, True, "low"),  # best below the low threshold
        ([0.7], 1, True, "medium"),  # one page, moderately relevant
        ([0.85], 1, True, "high"),  # one page, clearly relevant (≥ 0.8 = halfway to 1)
        ([0.7, 0.65], 2, True, "high"),  # two distinct pages agree
        ([0.7, 0.3], 2, True, "medium"),  # second page is weak
    ],
)
def test_confidence_rule(scores, pages, cites, expected):
    inputs = ConfidenceInputs(scores, pages, cites, low_threshold=0.6)
    assert assess_confidence(inputs) == expected
