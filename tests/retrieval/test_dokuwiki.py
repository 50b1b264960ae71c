"""A DokuWiki page's source (.txt) read as the Markdown it stands for."""

from __future__ import annotations

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from kb_slackbot.retrieval.loaders.dokuwiki import is_dokuwiki
from tests.retrieval.helpers import write

PAGE = """====== Depot Zaragoza ======
~~NOTOC~~
**Phone:** +34 976 555 310\\\\
**Manager:** Javier Lasheras

===== Opening hours =====

^ Day       ^ Counter        ^ Yard        ^
| Monday    | 07:00–19:00    | 06:30–19:00 |
| Tuesday   | :::            | :::         |
| Sunday    | Closed                      ||

<note warning>
Heat alert: no yard work from 14:00.
</note>

===== Enrol a scanner =====

  - Factory-reset the unit.
  - Check that adb sees it:<code bash>
adb devices
</code>
  - Sign in with the [[it:accounts|service account]]:
    * Rotterdam: svc-scan-rtm
    * Linz: ''svc-scan-lnz''

{{tag>depots zaragoza}}
"""


def test_a_dokuwiki_page_is_read_as_markdown(tmp_path):
    path = write(tmp_path, "zaragoza.txt", PAGE)
    document = load_document(SourceFile(path, "zaragoza.txt", "public", None))
    assert document.title == "Depot Zaragoza"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "**Phone:** +34 976 555 310  \n**Manager:** Javier Lasheras"),
        (
            ("Opening hours",),
            "| Day | Counter | Yard |\n| --- | --- | --- |\n"
            "| Monday | 07:00–19:00 | 06:30–19:00 |\n"
            "| Tuesday | 07:00–19:00 | 06:30–19:00 |\n"  # ":::" is the cell above
            "| Sunday | Closed | Closed |",  # "||" spans from the left
        ),
        (("Opening hours",), "Warning: Heat alert: no yard work from 14:00."),
        (("Enrol a scanner",), "1. Factory-reset the unit.\n2. Check that adb sees it:"),
        (("Enrol a scanner",), "```bash\nadb devices\n```"),
        (
            ("Enrol a scanner",),
            "3. Sign in with the service account:\n"
            "   - Rotterdam: svc-scan-rtm\n   - Linz: `svc-scan-lnz`",
        ),
    ]


def test_plain_text_with_underlines_or_wikitext_is_no_dokuwiki():
    assert not is_dokuwiki("Maintenance notice\n==================\n\nThe VPN is down.\n")
    assert not is_dokuwiki("== Opening hours ==\nMonday 07:00\n")  # MediaWiki's wikitext
    assert is_dokuwiki("===== Opening hours =====\nMonday 07:00\n")
