"""The Markdown the reader sees: blocks, table rows with their headers, items with parents."""

from __future__ import annotations

from kb_slackbot.answer.candidates import extract_units, section_steps
from kb_slackbot.answer.markdown_blocks import list_items, parse_blocks, table_rows
from kb_slackbot.answer.piece_features import scored_text


def test_blocks_keep_fenced_code_whole_and_read_call_outs_as_prose():
    text = "> **Note:** back up first.\n\n```bash\n# not a heading\nmake backup\n```\n- one item"
    assert [(b.kind, b.lines) for b in parse_blocks(text)] == [
        ("prose", ["**Note:** back up first."]),
        ("code", ["```bash", "# not a heading", "make backup", "```"]),
        ("list", ["- one item"]),
    ]


def test_table_rows_carry_their_header_cells():
    lines = ["| City | Hotel | Meals |", "| --- | ---: | --- |", "| Berlin | €160 | – |"]
    assert table_rows(lines) == ["Berlin — Hotel: €160"]


def test_list_items_know_their_number_and_parent():
    lines = ["1. Germany", "   - Full day: **€28**", "2. Portugal", "continued"]
    assert list_items(lines) == [
        ("Germany", "1", ""),
        ("Full day: €28", None, "Germany"),
        ("Portugal continued", "2", ""),
    ]


def test_a_hard_wrapped_item_is_one_item_until_a_blank_line():
    # PDFs and hand-wrapped Markdown continue an item on an unindented line (CommonMark: a
    # lazy continuation). Read apart, "example Amsterdam to São Paulo." was quoted alone.
    text = (
        "- Economy class for flights of up to 6 hours.\n"
        "- Premium economy for flights of more than 6 hours, for\n"
        "example Amsterdam to São Paulo.\n"
        "- Business class is not allowed.\n"
        "\n"
        "After the list, a paragraph."
    )
    blocks = parse_blocks(text)
    assert [b.kind for b in blocks] == ["list", "prose"]
    assert [text for text, _, _ in list_items(blocks[0].lines)] == [
        "Economy class for flights of up to 6 hours.",
        "Premium economy for flights of more than 6 hours, for example Amsterdam to São Paulo.",
        "Business class is not allowed.",
    ]


def test_a_heading_or_a_call_out_right_after_an_item_is_not_part_of_it():
    text = (
        "- Book through Waypoint.\n### Hotels\nThe limit is €160.\n"
        "- Use the card.\n> **Note:** keep receipts."
    )
    assert [b.kind for b in parse_blocks(text)] == ["list", "prose", "list", "prose"]
    assert list_items(parse_blocks(text)[0].lines) == [("Book through Waypoint.", None, "")]


def test_steps_written_out_in_paragraphs_are_numbered_steps():
    """ "Step 2: …" (and "Schritt", "Passo", "Paso") paragraphs are the steps of a how-to."""
    text = (
        "Step 1: Open the app.\n\nSTEP 2 - Enter `vpn.acme.example`.\n\n"
        "Schritt 3: Push bestätigen.\n\nStepping 4 is no step."
    )
    blocks = parse_blocks(text)
    assert [b.kind for b in blocks] == ["list", "list", "list", "prose"]
    assert [list_items(b.lines) for b in blocks[:3]] == [
        [("Open the app.", "1", "")],
        [("Enter `vpn.acme.example`.", "2", "")],
        [("Push bestätigen.", "3", "")],
    ]
    steps = section_steps("To connect:\n\n" + text)
    assert steps == (
        "To connect:\n1. Open the app.\n2. Enter `vpn.acme.example`.\n3. Push bestätigen."
    )


def test_fields_typed_one_under_another_are_items_not_one_sentence():
    """ "Car: 0.30 EUR per km" over "Motorbike: 0.20 EUR per km" was read as one sentence, so a
    motorbike question was answered with all three rates; now each field is an item. A
    paragraph whose lines are not all fields stays prose."""
    fields = "Car: 0.30 EUR per km\nMotorbike: 0.20 EUR per km\nBicycle (e-bike too): 0.05 EUR"
    assert [(b.kind, b.lines) for b in parse_blocks(fields)] == [
        (
            "list",
            [
                "- Car: 0.30 EUR per km",
                "- Motorbike: 0.20 EUR per km",
                "- Bicycle (e-bike too): 0.05 EUR",
            ],
        )
    ]
    prose = "Note: claims are paid monthly\nwith the salary, after approval."
    assert [b.kind for b in parse_blocks(prose)] == ["prose"]
    one = "Car: 0.30 EUR per km"
    assert [b.kind for b in parse_blocks(one)] == ["prose"]


def test_fields_set_as_paragraphs_of_their_own_are_items_under_their_heading():
    """A site's details written one field per paragraph (word processors, wikis) are a list
    too, so each is read with its section's heading ("Eupen"), which the line does not name;
    a lone field paragraph, or fields parted by prose, stay prose."""
    site = (
        "Control Room: as Aachen.\n\n"
        "Bottled water store: Kalterbach reservoir garage, Kalterbachweg 4.\n\n"
        "Customer letters: in German and French."
    )
    assert [(b.kind, b.lines) for b in parse_blocks(site)] == [
        (
            "list",
            [
                "- Control Room: as Aachen.",
                "- Bottled water store: Kalterbach reservoir garage, Kalterbachweg 4.",
                "- Customer letters: in German and French.",
            ],
        )
    ]
    units = extract_units(site, "Burst response › Site information › Eupen")
    store = next(u for u in units if u.text.startswith("Bottled water store"))
    assert store.kind == "item" and "Eupen" in scored_text(store)
    parted = "Deadline: 24 hours.\n\nReports go to the Head of Operations.\n\nOwner: Ops."
    assert [b.kind for b in parse_blocks(parted)] == ["prose", "prose", "prose"]


def test_bullets_typed_as_glyphs_are_items():
    """Word's "Save as Web Page" and PDFs write a bullet as a glyph ("·", "▪", "●")."""
    text = "· Work at a desk.\n▪ Take a break every hour.\n● Report pain to HR."
    assert [(b.kind, [i for i, _, _ in list_items(b.lines)]) for b in parse_blocks(text)] == [
        ("list", ["Work at a desk.", "Take a break every hour.", "Report pain to HR."])
    ]
