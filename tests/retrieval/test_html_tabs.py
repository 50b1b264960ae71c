"""Tabs and footnotes in rendered docs pages (loaders/html_tabs.py, loaders/html.py)."""

from __future__ import annotations

import pytest

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write

MKDOCS = (
    '<div class="tabbed-set tabbed-alternate" data-tabs="1:2">'
    '<input checked id="__tabbed_1_1" name="__tabbed_1" type="radio">'
    '<input id="__tabbed_1_2" name="__tabbed_1" type="radio">'
    '<div class="tabbed-labels"><label for="__tabbed_1_1">Linux</label>'
    '<label for="__tabbed_1_2">macOS</label></div><div class="tabbed-content">'
    '<div class="tabbed-block"><p>Run <code>backupctl restore</code> as root.</p></div>'
    '<div class="tabbed-block"><p>Install it with <code>brew</code> first.</p></div>'
    "</div></div>"
)
SPHINX_DESIGN = (
    '<div class="sd-tab-set docutils"><input checked id="sd-tab-item-0" type="radio">'
    '<label class="sd-tab-label" for="sd-tab-item-0">Linux</label>'
    '<div class="sd-tab-content docutils"><p>Run <code>backupctl restore</code> as root.</p>'
    '</div><input id="sd-tab-item-1" type="radio">'
    '<label class="sd-tab-label" for="sd-tab-item-1">macOS</label>'
    '<div class="sd-tab-content docutils"><p>Install it with <code>brew</code> first.</p>'
    "</div></div>"
)
# Docusaurus: the panels are paired with their tabs by aria-controls (here the tabs are in
# another order than their panels)
ARIA = (
    '<div class="tabs-container"><ul role="tablist" class="tabs">'
    '<li role="tab" aria-controls="p-mac" class="tabs__item">macOS</li>'
    '<li role="tab" aria-controls="p-linux" class="tabs__item">Linux</li></ul>'
    '<div class="margin-top--md">'
    '<div role="tabpanel" id="p-linux"><p>Run <code>backupctl restore</code> as root.</p></div>'
    '<div role="tabpanel" id="p-mac" hidden><p>Install it with <code>brew</code> first.</p></div>'
    "</div></div>"
)


def _blocks(tmp_path, body: str):
    html = f"<html><head><title>Backups</title></head><body><article>{body}</article></body></html>"
    path = write(tmp_path, "backups.html", html)
    document = load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))
    return [(b.headings, b.text) for b in document.blocks]


@pytest.mark.parametrize("tabs", [MKDOCS, SPHINX_DESIGN, ARIA], ids=["mkdocs", "sphinx", "aria"])
def test_each_tab_is_read_under_its_label(tmp_path, tabs):
    body = f"<h2>Restore</h2><p>Restores need a ticket.</p>{tabs}<p>Tell the owner after.</p>"
    assert _blocks(tmp_path, body) == [
        (("Restore",), "Restores need a ticket."),
        (("Restore", "Linux"), "Run `backupctl restore` as root."),
        (("Restore", "macOS"), "Install it with `brew` first."),
        (("Restore",), "Tell the owner after."),
    ]


def test_tabs_whose_labels_and_panels_do_not_pair_are_read_as_written(tmp_path):
    body = (
        '<div class="tabbed-set"><div class="tabbed-labels"><label>Linux</label></div>'
        '<div class="tabbed-content"><div class="tabbed-block"><p>One.</p></div>'
        '<div class="tabbed-block"><p>Two.</p></div></div></div>'
    )
    assert _blocks(tmp_path, body) == [((), "Linux"), ((), "One."), ((), "Two.")]


def test_footnote_markers_and_back_links_are_left_out_and_the_notes_kept_apart(tmp_path):
    """The notes are a section of their own, not more text of the page's last section."""
    body = (
        "<h2>Schedule</h2>"
        '<p>Backups run at 02:00 UTC<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1'
        '</a></sup> and are kept 35 days<sup><a href="#user-content-fn-2" data-footnote-ref>2'
        "</a></sup>.</p>"
        '<div class="footnote"><hr><ol><li id="fn:1"><p>In the database\'s own time zone.'
        '&#160;<a class="footnote-backref" href="#fnref:1">&#8617;</a></p></li></ol></div>'
    )
    assert _blocks(tmp_path, body) == [
        (("Schedule",), "Backups run at 02:00 UTC and are kept 35 days."),
        (("Footnotes",), "1. In the database's own time zone."),
    ]
    titled = (  # GitHub titles its footnotes itself
        '<h2>Schedule</h2><p>Kept 35 days.</p><section data-footnotes class="footnotes">'
        '<h2 id="footnote-label" class="sr-only">Footnotes</h2><ol><li><p>Per region.</p>'
        '</li></ol></section><button class="md-top">Back to top</button>'
    )
    assert _blocks(tmp_path, titled) == [
        (("Schedule",), "Kept 35 days."),
        (("Footnotes",), "1. Per region."),
    ]
