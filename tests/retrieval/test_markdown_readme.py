"""Docs-platform Markdown exports read as their pages render: ReadMe's JSON blocks and emoji
callouts (loaders/markdown_readme.py), GitBook's <figure> tables and page cards."""

from __future__ import annotations

import json

from kb_slackbot.retrieval.loaders import SourceFile, load_document
from tests.retrieval.helpers import write

PARAMETERS = {
    "data": {
        "h-0": "Plan",
        "h-1": "Requests per minute",
        "0-0": "Sandbox",
        "0-1": "10",
        "1-0": "Clinic",
        "1-1": "60 | burst 20",
    },
    "cols": 2,
    "rows": 2,
}
CODE = {
    "codes": [
        {"code": "curl -i https://api.example/v2 \\\n  -H 'Accept: json'", "language": "shell"},
    ]
}
README = (
    "---\ntitle: Rate limits\nexcerpt: Limits per plan\n---\n"
    "[block:callout]\n"
    + json.dumps(
        {"type": "warning", "title": "Limits are per key", "body": "Keys share no budget."}
    )
    + "\n[/block]\n\n## Limits\n\n[block:parameters]\n"
    + json.dumps(PARAMETERS, indent=2)
    + "\n[/block]\n\n> 📘 How batch calls count\n> \n> A batch is one request.\n\n"
    "[block:code]\n" + json.dumps(CODE) + "\n[/block]\n\n"
    "[block:image]\n" + json.dumps({"images": [{"image": ["https://x/i.png"]}]}) + "\n[/block]\n"
    "Last line.\n"
)


def _blocks(tmp_path, name: str, text: str):
    path = write(tmp_path, name, text)
    document = load_document(SourceFile(path, name, "docs", "https://docs.example/"))
    return document, [(b.headings, b.text) for b in document.blocks]


def test_readme_blocks_and_callouts_read_as_rendered(tmp_path):
    document, blocks = _blocks(tmp_path, "limits.md", README)
    assert document.title == "Rate limits"
    assert blocks == [
        ((), "Limits are per key:\nKeys share no budget."),
        (
            ("Limits",),
            "| Plan | Requests per minute |\n| --- | --- |\n| Sandbox | 10 |\n"
            "| Clinic | 60 / burst 20 |",
        ),
        (("Limits",), "How batch calls count:\nA batch is one request."),  # title heads text
        (("Limits",), "```shell\ncurl -i https://api.example/v2 \\\n  -H 'Accept: json'\n```"),
        (("Limits",), "Last line."),  # (an image block is no text)
    ]


def test_a_broken_readme_block_is_no_text_and_loses_nothing_else(tmp_path):
    _, blocks = _blocks(
        tmp_path, "b.md", "Before.\n\n[block:parameters]\n{ not json\n[/block]\nAfter.\n"
    )
    assert [text for _, text in blocks] == ["Before.", "After."]


def test_gitbook_figure_tables_are_tables_and_page_cards_no_text(tmp_path):
    text = (
        "# Opening hours\n\n"
        "<figure><table><thead><tr><th>Site</th><th>Mon</th></tr></thead>"
        "<tbody><tr><td>Utrecht</td><td>08:00–19:00</td></tr></tbody></table></figure>\n\n"
        '{% content-ref url="../emergency/on-call-rota.md" %}\n'
        "[on-call-rota.md](../emergency/on-call-rota.md)\n"
        "{% endcontent-ref %}\n"
    )
    _, blocks = _blocks(tmp_path, "hours.md", text)
    assert blocks == [((), "| Site | Mon |\n| --- | --- |\n| Utrecht | 08:00–19:00 |")]
