"""A help centre's article saved from the browser is read without its frame (loaders/html.py):
Document360's byline, tags, feedback and previous/next links; Intercom's site header inside
its main area, the writer's avatar, the reactions and "Related Articles"."""

from __future__ import annotations

import pytest

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


KNOWLEDGEOWL = """<html><head><title>Break rules - Staff Handbook</title></head>
<body class="ko-article-page"><a class="skip-link" href="#ko-article-cntr">Skip to main content</a>
<div id="ko-header-cntr"><ul class="hg-header-nav"><li><a>Home</a></li></ul></div>
<div id="ko-content-cntr"><div id="ko-nav-cntr"><ul><li><a>Working time</a></li></ul></div>
<div id="ko-article-cntr"><div class="hg-article-header"><h1>Break rules</h1>
<div class="hg-article-meta"><span class="author">Daniel Okafor</span>
<span class="date">Updated on 12 Sep 2026</span></div></div>
<div class="hg-article-body"><p>UK drivers break after 5 h 30 m.</p></div>
<div id="ko-article-feedback"><span class="ko-rating-question">Was this article helpful?</span>
</div></div></div><p class="ko-powered-by">Powered by KnowledgeOwl</p></body></html>"""

HELPJUICE = """<html><head><title>Holiday allowance</title></head><body>
<header class="hj-header"><nav><a>Home</a></nav></header>
<aside id="sidebar"><h3>People</h3><ul><li>Pay</li></ul></aside>
<div id="question"><h1>Holiday allowance</h1>
<div class="question-meta">Last updated on <time datetime="2026-08-04">August 4th, 2026</time>
· 3 min read</div><div class="question-body"><p>UK staff get 25 days.</p></div>
<div class="question-feedback"><p>Was this article helpful?</p></div>
<div id="related-questions" class="related-questions"><h3>Related Articles</h3>
<ul><li><a>Family leave</a></li></ul></div></div></body></html>"""

HUBSPOT = """<html><head><title>Ticket machine errors</title></head><body>
<main id="main-content"><article class="kb-article-body"><h1>Ticket machine errors</h1>
<p class="kb-article__meta">Last updated: October 28, 2026</p>
<p>E01 means a paper jam.</p>
<div class="kb-feedback"><h3>Was this article helpful?</h3></div></article></main></body></html>"""


@pytest.mark.parametrize(
    ("name", "html", "text", "updated"),
    [
        # "Updated on …" after the author's name
        (
            "breaks.html",
            KNOWLEDGEOWL,
            "UK drivers break after 5 h 30 m.",
            "2026-09-12",
        ),
        ("holiday.html", HELPJUICE, "UK staff get 25 days.", "2026-08-04"),  # the byline's <time>
        ("etm.html", HUBSPOT, "E01 means a paper jam.", "2026-10-28"),  # "Last updated: …"
    ],
)
def test_knowledgeowl_helpjuice_and_hubspot_articles_are_their_text(
    tmp_path, name, html, text, updated
):
    document, texts = _texts(tmp_path, name, html)
    assert texts == [text]
    assert document.updated.isoformat() == updated


SHAREPOINT = """<html><head><title>People Hub</title></head><body>
<div id="SuiteNavPlaceHolder"><span class="o365sx-appName">SharePoint</span></div>
<div data-automationid="SiteHeader" class="ms-siteHeader"><a>People</a></div>
<div data-sp-canvascontrol=""><div data-sp-webpart="">
<div data-sp-componentid="">c4bd7b2f-7b6e-4599-8485-16504575f590</div></div></div>
<div data-sp-canvascontrol=""><div data-sp-rte=""><p>Payslips appear two days before payday.</p>
</div></div>
<div class="ms-CommentsWrapper" data-automation-id="sp-comment-region"><h2>Comments</h2>
<p>Comments are turned off for this page.</p></div>
<div id="PageFooter"><span>Tidewell · People</span><span>12 views</span></div></body></html>"""


def test_a_sharepoint_modern_page_is_its_web_parts_text(tmp_path):
    _, texts = _texts(tmp_path, "People-Hub.html", SHAREPOINT)
    assert texts == ["Payslips appear two days before payday."]
