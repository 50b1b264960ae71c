"""The words of a page's name in its address (a second, short title for keyword search)."""

from __future__ import annotations

import pytest

from kb_slackbot.retrieval.urls import address_words


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("https://intranet.example/front-office/late-checkout.html", ["late", "checkout"]),
        ("https://help.example/api/error-codes", ["error", "codes"]),
        # Notion exports end a file name with a hex id; Confluence with a page id
        ("file:///kb/Shift%20swaps%203f2a9c8e1b7d4e6f8a9b0c1d2eab.md", ["shift", "swaps"]),
        ("https://wiki.example/HR/Parental-leave_65607.html", ["parental", "leave"]),
        ("https://help.example/ops/postmortem-2025-11-28-outage", ["postmortem", "outage"]),
        ("https://wiki.example/munich/schl%C3%BCsselkarten.html", ["schlüsselkarten"]),
        ("https://help.example/v2-api/?page=3#top", ["api"]),
        ("https://help.example/", []),
    ],
)
def test_a_page_name_in_an_address_is_read_as_words(url, words):
    assert address_words(url) == words
