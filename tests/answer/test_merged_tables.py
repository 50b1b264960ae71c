"""A table with merged cells (as Word, Confluence and wikis write them) answers, end to end."""

from __future__ import annotations

PAGE = """<html><head><title>Visitors</title></head><body><h1>Visitors</h1>
<p>Every visitor is registered before they arrive.</p>
<table>
<tr><th>Office</th><th>Guest registration</th><th>Escort needed</th></tr>
<tr><td rowspan="2">London</td><td>Reception, 24 hours ahead</td><td>Yes</td></tr>
<tr><td>Weekend visits: the facilities team, by Friday noon</td><td>Yes</td></tr>
<tr><td>Berlin</td><td>Envoy app, same day</td><td>No</td></tr>
</table></body></html>"""


def test_a_row_under_a_merged_label_is_answered_with_its_label_and_headers(small_kb):
    """ "London" is written once for two rows. Its second row is the answer, read under its
    own headers; before, its cells slid left ("Office: Weekend visits…")."""
    services = small_kb((), {"visitors.html": PAGE})
    answer = services.answer_service("extractive").answer(
        "Who registers a weekend visitor at the London office?"
    )
    assert answer.answer.startswith(
        "London — Guest registration: Weekend visits: the facilities team, by Friday noon;"
    ), answer.answer
