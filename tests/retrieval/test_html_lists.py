"""HTML lists read as a Markdown page writes them, Google Docs exports, highlighted code."""

from __future__ import annotations

from pathlib import Path

from kb_slackbot.answer.candidates import extract_units
from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write


def texts(path: Path) -> list[tuple[tuple[str, ...], str]]:
    document = load_document(SourceFile(path, path.name, "public", None))
    return [(b.headings, b.text) for b in document.blocks]


def test_a_sub_list_is_nested_under_its_item_and_read_with_it(tmp_path):
    path = write(
        tmp_path,
        "mileage.html",
        "<html><body><h2>Mileage</h2><ul><li>UK<ul><li>45p per mile</li><li>plus 5p per"
        " passenger</li></ul></li><li>Spain<ul><li>€0.26 per km</li></ul></li></ul>"
        "</body></html>",
    )
    assert [text for _, text in texts(path)] == [
        "- UK\n   - 45p per mile\n   - plus 5p per passenger",
        "- Spain\n   - €0.26 per km",
    ]
    units = [u.text for _, text in texts(path) for u in extract_units(text, "Mileage")]
    assert "Spain — €0.26 per km" in units, units  # the rate says which country


def test_a_command_in_a_step_is_a_code_block_after_it(tmp_path):
    """Docusaurus puts a step's command in a <pre> inside the <li>; Prism ends each line of
    it with a <br>."""
    path = write(
        tmp_path,
        "battery.html",
        "<html><body><main><h2>Steps</h2><ol><li>Open a session:"
        '<div class="codeBlockContainer"><pre class="prism-code language-bash"><code>'
        '<span class="token-line"><span class="token plain">solvctl connect</span><br></span>'
        '<span class="token-line"><span class="token plain">solvctl detect</span><br></span>'
        "</code></pre><button>Copy</button></div>On a Mac the port is <code>cu.usb</code>."
        "</li><li>Run the <b>self-test</b>.</li></ol></main></body></html>",
    )
    assert [text for _, text in texts(path)] == [
        "1. Open a session:",
        "```bash\nsolvctl connect\nsolvctl detect\n```",
        "On a Mac the port is `cu.usb`.",
        "2. Run the self-test.",
    ]


def test_highlighted_code_keeps_its_lines(tmp_path):
    """Prism (Docusaurus) ends each line with a <br> inside its "token-line" span, or writes
    each line as a <div>; Hugo's Chroma puts the newline inside a "line" span, Shiki between
    them. Each line stays a line."""
    path = write(
        tmp_path,
        "code.html",
        '<html><body><h2>Prism</h2><pre class="prism-code language-bash"><code>'
        '<span class="token-line"><span class="token plain">sudo apt install wireguard</span>'
        '<br></span><span class="token-line"><span class="token plain">sudo wg-quick up wg0'
        '</span><br></span></code></pre><h2>Divs</h2><pre><code><div class="token-line">'
        'git pull</div><div class="token-line">make</div></code></pre>'
        '<h2>Chroma</h2><pre class="chroma"><code class="language-sh">'
        '<span class="line"><span class="cl">ls -la\n</span></span><span class="line">'
        '<span class="cl">cd /srv\n</span></span></code></pre><h2>Shiki</h2><pre class="shiki">'
        '<code><span class="line">git pull</span>\n<span class="line">make</span></code></pre>'
        "</body></html>",
    )
    assert [text for _, text in texts(path)] == [
        "```bash\nsudo apt install wireguard\nsudo wg-quick up wg0\n```",
        "```\ngit pull\nmake\n```",
        "```sh\nls -la\ncd /srv\n```",
        "```\ngit pull\nmake\n```",
    ]


def test_a_cell_s_paragraphs_are_parted(tmp_path):
    path = write(
        tmp_path,
        "hotels.html",
        "<html><body><table><tr><td>Country</td><td>Hotel cap</td></tr><tr><td>Spain</td>"
        "<td><p>€110</p><p>Madrid: €150</p></td></tr></table></body></html>",
    )
    assert texts(path)[0][1].endswith("| Spain | €110; Madrid: €150 |")


GOOGLE_DOC = (
    '<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type">'
    '<style>.c1{font-weight:700}</style></head><body class="c12 doc-content">'
    '<p class="c10 title" id="h.t"><span>Travel policy</span></p>'
    '<h1 id="h.m"><span>Mileage</span></h1>'
    '<ul class="c6 lst-kix_ab12-0 start"><li><span>UK</span></li></ul>'
    '<ul class="c6 lst-kix_ab12-1 start"><li><span>45p per mile</span><sup>'
    '<a href="#ftnt1" id="ftnt_ref1">[1]</a></sup></li></ul>'
    '<ul class="c6 lst-kix_ab12-0"><li><span>Spain</span></li></ul>'
    '<ul class="c6 lst-kix_ab12-1 start"><li><span>€0.26 per km</span></li></ul>'
    '<ul class="c6 lst-kix_ab12-2 start"><li><span>tolls paid back</span></li></ul>'
    '<p><span>Hotel cap: €110</span><sup><a href="#cmnt1" id="cmnt_ref1">[a]</a></sup></p>'
    '<hr class="c25"><div><p><a href="#ftnt_ref1" id="ftnt1">[1]</a><span>&nbsp;HMRC rates,'
    " paid tax-free.</span></p></div>"
    '<div style="border:1px solid black;margin:5px"><p><a href="#cmnt_ref1" id="cmnt1">[a]</a>'
    "<span>Can the cap go up? – Tiago</span></p><p><span>No change. – Priya</span></p></div>"
    "</body></html>"
)


def test_a_google_docs_export_reads_as_the_document(tmp_path):
    """Sub-lists (sibling lists a level down) under their items, comments left out, the
    footnote's marker dropped and its note under "Footnotes"."""
    path = write(tmp_path, "travel.html", GOOGLE_DOC)
    assert texts(path) == [
        (("Mileage",), "- UK\n   - 45p per mile"),
        (("Mileage",), "- Spain\n   - €0.26 per km\n      - tolls paid back"),
        (("Mileage",), "Hotel cap: €110"),
        (("Footnotes",), "HMRC rates, paid tax-free."),
    ]


MEDIAWIKI = (
    '<html><head><title>Depot Linz - Kettlerock Wiki</title></head><body><div id="content" '
    'role="main"><div id="siteNotice">Wiki maintenance Tuesday 19:00</div>'
    '<h1 id="firstHeading">Depot Linz</h1><div id="siteSub">From Kettlerock Wiki</div>'
    '<div id="jump-to-nav"></div><a class="mw-jump-link" href="#mw-head">Jump to navigation</a>'
    '<div id="mw-content-text"><div class="mw-parser-output">'
    '<table class="infobox"><tr><th colspan="2">Depot Linz</th></tr><tr><td colspan="2">'
    "<img src='x.jpg'><div>The yard</div></td></tr><tr><th>Depot code</th><td>LNZ-01</td></tr>"
    "<tr><th>Manager</th><td>Katharina Pühringer</td></tr></table>"
    '<table class="ambox"><tr><td><img src="i.png"></td><td>Prices exclude VAT.</td></tr></table>'
    '<p>Opens at 06:30.<sup class="reference"><a href="#cite_note-1">[1]</a></sup></p>'
    '<h2><span class="mw-headline">Notes</span></h2><ol class="references"><li id="cite_note-1">'
    '<span class="mw-cite-backlink"><a href="#cite_ref-1">↑</a></span> <span>Saturdays by'
    ' appointment.</span></li></ol><div class="printfooter">Retrieved from "https://w/x"</div>'
    '</div></div><div id="catlinks"><a>Categories</a>: <ul><li>Depots</li></ul></div></div>'
    "</body></html>"
)


def test_a_mediawiki_page_reads_without_its_frame(tmp_path):
    """The site notice, "From …", the jump links, "Retrieved from" and the categories are the
    wiki's, not the page's; an infobox is a list of fields, a notice box of one row is text,
    and a reference keeps its note without the "↑" back."""
    path = write(tmp_path, "Depot_Linz.html", MEDIAWIKI)
    assert texts(path) == [
        ((), "- Depot code: LNZ-01\n- Manager: Katharina Pühringer"),
        ((), "Prices exclude VAT."),
        ((), "Opens at 06:30."),
        (("Notes",), "1. Saturdays by appointment."),
    ]


def test_a_help_centre_s_feedback_and_a_docs_site_s_last_change_line_are_not_text(tmp_path):
    path = write(
        tmp_path,
        "kb.html",
        "<html><body><main><h1>Label printer</h1><p>Print a test label.</p>"
        '<div class="kb-helpful"><span>Helpful?</span><button>Yes</button></div>'
        '<div class="kb-rate-article"><span>Rate this article</span></div>'
        '<div class="td-page-meta__lastmod">Last modified March 3, 2026: fix typo (4f9c2a1)'
        "</div></main></body></html>",
    )
    assert [text for _, text in texts(path)] == ["Print a test label."]


def test_a_notion_toggle_in_a_list_heads_what_it_hides(tmp_path):
    """Notion exports a toggle as "ul.toggle > li > details": its summary heads its text and
    its table, which are read as a page's, not run into one list item."""
    path = write(
        tmp_path,
        "care.html",
        '<html><body><article class="page"><h2>Cleaning</h2><ul class="toggle"><li>'
        '<details open=""><summary>Who to call</summary><p>Call the service company first.</p>'
        "<table><tr>"
        "<th>Country</th><th>Phone</th></tr><tr><td>Portugal</td><td>+351 220 001 187</td></tr>"
        "</table></details></li></ul></article></body></html>",
    )
    assert texts(path) == [
        (("Cleaning", "Who to call"), "Call the service company first."),
        (
            ("Cleaning", "Who to call"),
            "| Country | Phone |\n| --- | --- |\n| Portugal | +351 220 001 187 |",
        ),
    ]


def test_attribute_lists_are_not_text(tmp_path):
    """Wiki.js, kramdown and Pandoc mark a heading or a quote with "{.tabset}", "{.is-warning}"."""
    path = write(
        tmp_path,
        "hours.md",
        "# Hours\n\n> Send changes to Marketing.\n{.is-warning}\n\n## By season {.tabset}\n\n"
        "### Summer\n\nOpen 07:00–18:00.\n",
    )
    assert texts(path) == [
        ((), "Send changes to Marketing."),
        (("By season", "Summer"), "Open 07:00–18:00."),
    ]
