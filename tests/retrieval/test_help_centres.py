"""A help centre's article saved from the browser is read without its frame (loaders/html.py):
Document360's byline, tags, feedback and previous/next links; Intercom's site header inside
its main area, the writer's avatar, the reactions and "Related Articles"."""

from __future__ import annotations

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write

DOCUMENT360 = """<html><head><title>Test catalogue</title></head><body>
<header class="site-header"><nav>Home · Lab</nav></header>
<main class="article-main"><article class="article-view">
<div class="article-header"><h1 class="article-title">Test catalogue</h1>
<div class="article-meta"><span class="meta-item">Updated on 14 Oct 2026</span>
<span class="meta-item">3 Minutes to read</span>
<span class="meta-item contributors"><img class="avatar" src="a.png">Saskia Bakker</span>
</div></div>
<div class="article-summary"><span class="summary-title">Article summary</span>
<p>Every test the lab runs.</p></div>
<div class="d360-article-content"><p>STAT costs a surcharge of €25.00 per request.</p></div>
<div class="article-tags"><span class="tag">lab</span><span class="tag">prices</span></div>
<section class="article-feedback"><p>Was this article helpful?</p><button>Yes</button></section>
<div class="article-nav"><a class="prev">Previous</a><a class="next">Next</a></div>
<div class="toc"><div class="toc-title">Contents</div><a>Routine tests</a></div>
</article></main></body></html>"""

INTERCOM = """<html><head><title>Annual leave | Help Center</title></head><body>
<main class="header__lite"><header id="header"><a>Careers</a><a>Personio</a>
<form><input placeholder="Search for articles..."></form></header>
<section id="main-content"><div role="navigation" aria-label="Breadcrumb"><a>All Collections</a>
</div><h1>Annual leave allowances</h1><p>How many days you get.</p>
<div class="avatar"><img src="anna.jpg"><div>Written by <span>Anna Rossi</span></div>
<div>Updated over 2 weeks ago</div></div>
<div class="article_body"><article><div class="intercom-interblocks-paragraph">
<p>Full-time staff in Utrecht get 25 days.</p></div>
<section class="related_articles"><div>Related Articles</div><a>Reporting sick</a></section>
</article></div>
<div class="intercom-reaction-picker" aria-label="feedback form">
<div class="intercom-reaction-prompt">Did this answer your question?</div></div>
<div data-testid="table-of-contents"><div>Table of contents</div><a>Booking leave</a></div>
</section></main></body></html>"""


def _texts(tmp_path, name: str, html: str):
    path = write(tmp_path, name, html)
    document = load_document(SourceFile(path, name, "people", "https://help.example/"))
    return document, [b.text for b in document.blocks]


def test_a_document360_article_is_its_summary_and_content(tmp_path):
    document, texts = _texts(tmp_path, "catalogue.html", DOCUMENT360)
    assert document.title == "Test catalogue"
    assert texts == ["Every test the lab runs.", "STAT costs a surcharge of €25.00 per request."]
    assert document.updated.isoformat() == "2026-10-14"  # read before the byline goes


def test_an_intercom_article_is_its_lead_and_body(tmp_path):
    document, texts = _texts(tmp_path, "leave.html", INTERCOM)
    assert document.title == "Annual leave allowances"
    assert texts == ["How many days you get.", "Full-time staff in Utrecht get 25 days."]
