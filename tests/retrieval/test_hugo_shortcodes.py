"""A Hugo site's content file read as its rendered page shows it: shortcodes are no text."""

from __future__ import annotations

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from kb_slackbot.retrieval.loaders.hugo_shortcodes import inline_shortcodes, shortcode_line
from kb_slackbot.retrieval.loaders.pseudo_headings import PSEUDO_LEVEL, heading_mark
from tests.retrieval.helpers import write

PAGE = """# Customs

Shipments above €10,000 need a second check.

{{< notice warning "Weekends and public holidays" >}}
Outside office hours call **+31 10 555 0188**. A surcharge of €95 applies.
{{< /notice >}}

{{% alert title="Heads up" color="warning" %}}
Never file dual-use goods same-day.
{{% /alert %}}

{{< hint info >}}
Ask compliance first.
{{< /hint >}}

{{< tabs >}}
{{< tab "Linux" >}}
Run `vpnctl up` as root.
{{< /tab >}}
{{< tab name="macOS" >}}
Open the app.
{{< /tab >}}
{{< /tabs >}}

{{< figure src="/img/map.png" caption="Map" >}}

Restart it:
{{< highlight bash >}}
sudo systemctl restart vpnd
{{< /highlight >}}

See [the VPN page]({{< ref "it/vpn.md" >}}) and press {{< kbd "Ctrl" "C" >}}.

```go-html-template
{{< notice note >}}
```
"""


def test_hugo_shortcodes_read_as_the_rendered_page(tmp_path):
    """A note's tag reads as its title (or its kind) over its text, a tab's label heads its
    text, a figure is no text, a highlighted block is code, a page reference is the path it
    names, a key its keys; a shortcode in a code block is code. Line numbers stay the file's."""
    path = write(tmp_path, "customs.md", PAGE)
    document = load_document(SourceFile(path, "customs.md", "public", None))
    blocks = [(b.headings, b.text, b.start_line) for b in document.blocks]
    assert blocks == [
        ((), "Shipments above €10,000 need a second check.", 3),
        (
            (),
            "Weekends and public holidays:\n"
            "Outside office hours call **+31 10 555 0188**. A surcharge of €95 applies.",
            5,
        ),
        ((), "Heads up:\nNever file dual-use goods same-day.", 9),
        ((), "Info:\nAsk compliance first.", 13),
        (("Linux",), "Run `vpnctl up` as root.", 19),
        (("macOS",), "Open the app.", 22),
        ((), "Restart it:", 28),
        ((), "```bash\nsudo systemctl restart vpnd\n```", 29),
        ((), "See [the VPN page](it/vpn.md) and press `Ctrl+C`.", 33),
        ((), "```go-html-template\n{{< notice note >}}\n```", 35),
    ]


def test_a_note_is_named_by_its_kind_when_it_has_no_title():
    assert shortcode_line('{{% notice style="tip" %}}') == "Tip:"
    assert shortcode_line("{{< warning >}}") == "Warning:"
    assert shortcode_line('{{< details "Why two checks?" >}}') == "Why two checks?"
    assert shortcode_line("{{< youtube id=abc123 />}}") == ""


def test_the_end_of_a_docsy_tabpane_ends_its_last_tab():
    assert shortcode_line("{{< tabpane text=true >}}") == ""
    assert shortcode_line('{{% tab header="Staging" %}}') == heading_mark(PSEUDO_LEVEL, "Staging")
    assert shortcode_line("{{< /tabpane >}}") == heading_mark(PSEUDO_LEVEL)


def test_text_that_only_looks_like_a_shortcode_stays():
    assert shortcode_line("Use {{ .Title }} in a template.") is None
    assert inline_shortcodes("Use {{ .Title }} in a template.") == "Use {{ .Title }} in a template."
    assert inline_shortcodes('Read {{< param "product" >}} notes.') == "Read  notes."
