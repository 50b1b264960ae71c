"""What the reader may quote: sentences, list items, table rows with headers, code, steps."""

from __future__ import annotations

from kb_slackbot.answer.candidates import extract_units, is_meta, section_steps
from kb_slackbot.answer.pieces import Pick
from kb_slackbot.answer.reader import Reading

TABLE = """Hotel limits per night:

| City | Hotel per night | Meals per day |
| --- | ---: | --- |
| Berlin | €160 | €40 |
| **London** | £190 | – |
"""

STEPS = """There is no app for Linux; you use the standard tools.

1. Install the tools:

```bash
sudo apt install wireguard-tools
```

2. Bring the tunnel up:

```bash
sudo wg-quick up nwl
```

3. Check it with `wg show`.

To disconnect, run `sudo wg-quick down nwl`.
"""


def _kinds(units):
    return [(u.kind, u.text) for u in units]


def test_table_rows_are_joined_with_their_header_cells():
    rows = [u for u in extract_units(TABLE, "Travel › Limits") if u.kind == "row"]
    assert [u.text for u in rows] == [
        "Berlin — Hotel per night: €160; Meals per day: €40",
        "London — Hotel per night: £190",  # an empty cell ("–") is left out
    ]
    assert all(u.context == "Travel › Limits" for u in rows)


def test_list_items_carry_their_lead_in_and_code_its_step():
    units = extract_units("You need:\n\n- a laptop\n- your security key\n", "VPN")
    items = [u for u in units if u.kind == "item"]
    # Lower-case items continue the lead-in's sentence: quoted alone, they would not say what
    # they are ("a laptop").
    assert [u.text for u in items] == ["You need: a laptop", "You need: your security key"]
    assert all("You need:" in u.context for u in items)
    code = [u for u in extract_units(STEPS) if u.kind == "code"]
    assert code[0].text.startswith("Install the tools:\n```bash")
    assert "sudo apt install wireguard-tools" in code[0].text


COMMANDS = """You need the `shipyard` CLI:

```bash
# What is running where?
shipyard status --service api

# Roll back to the previous
# production version
shipyard rollback --service api --to previous
```
"""


def test_each_commented_command_of_a_code_block_is_its_own_piece():
    code = [u for u in extract_units(COMMANDS, "Deploys › Commands") if u.kind == "code"]
    whole, status, rollback = code  # the block as a whole stays a piece too
    assert "shipyard status" in whole.text and "shipyard rollback" in whole.text
    assert status.text == "What is running where?\n```bash\nshipyard status --service api\n```"
    assert rollback.text == (
        "Roll back to the previous production version:\n"
        "```bash\nshipyard rollback --service api --to previous\n```"
    )
    assert rollback.context == "Deploys › Commands You need the `shipyard` CLI:"


def test_comments_follow_the_language_of_the_block():
    sql = (
        "```sql\n-- Rows per table\nSELECT count(*) FROM labels;\n"
        "-- Oldest label\nSELECT min(created_at) FROM labels;\n```\n"
    )
    js = "```js\n// Create a client\nconst c = new Client();\n// Send\nawait c.send();\n```\n"
    for text, first in ((sql, "Rows per table:"), (js, "Create a client:")):
        code = [u for u in extract_units(text) if u.kind == "code"]
        assert len(code) == 3 and code[1].text.startswith(first), code
    shell = "```bash\n# Create\npwctl keys create \\\n  --env live\n# List\npwctl keys list\n```\n"
    create = [u for u in extract_units(shell) if u.kind == "code"][1]
    assert create.text == "Create:\n```bash\npwctl keys create \\\n  --env live\n```"


def test_a_single_command_or_an_uncommented_block_is_not_split():
    one = "```bash\n# Bring the tunnel up\nsudo wg-quick up nwl\n```\n"
    plain = "```python\nimport os\nprint(os.sep)\n```\n"
    shebang = "```sh\n#!/bin/sh\necho hi\n## not a comment group\necho bye\n```\n"
    # "--env live" in a shell command is an option, not an SQL comment.
    options = "```bash\n# Create the key\npwctl keys create \\\n  --env live \\\n  --name ci\n```\n"
    for text in (one, plain, shebang, options):
        assert len([u for u in extract_units(text) if u.kind == "code"]) == 1, text


def test_meta_sentences_are_never_candidates():
    text = "This page explains how to set up the VPN. The VPN costs nothing."
    assert [u.text for u in extract_units(text)] == ["The VPN costs nothing."]
    for sentence in (
        "Diese Seite beschreibt den Ablauf.",
        "Esta página explica o processo.",
        "See below for details.",
        "This runbook describes how the production databases are backed up.",
        "Auf dieser Seite erfahren Sie, wie Sie den AVV abschließen.",
        "Neste guia você aprende a conectar os Correios.",
        "En esta página se explica cómo restaurar una tabla.",
        "Whether you resign or retire, this page explains what happens before your last day.",
        "Wenn du kündigst, erklärt diese Seite, was passiert.",
        "Se você sair da empresa, esta página explica como devolver o notebook.",
    ):
        assert is_meta(sentence), sentence
    assert not is_meta("The page size limit is 10 MB.")
    assert not is_meta("This step takes about 5 minutes.")
    assert not is_meta("If it fails, this page's table lists the error codes.")
    assert not is_meta("For help, this guide's author is on #it-help.")


def test_a_sentence_that_says_by_then_is_shown_after_the_one_that_sets_the_time():
    text = (
        "The week closes on Friday at 16:00. A timesheet that hasn't been submitted by then "
        "is flagged as late. Bis dahin kannst du alles ändern."
    )
    units = {u.text: u for u in extract_units(text)}
    late = units["A timesheet that hasn't been submitted by then is flagged as late."]
    assert late.lead == "The week closes on Friday at 16:00."
    assert late.shown.startswith("The week closes on Friday at 16:00. A timesheet")
    assert units["Bis dahin kannst du alles ändern."].lead.startswith("A timesheet")
    assert units["The week closes on Friday at 16:00."].lead == ""


def test_a_short_greeting_is_never_a_candidate():
    text = "Bienvenido/a a la oficina de Madrid. Tenemos 5 plazas en el garaje."
    assert [u.text for u in extract_units(text)] == ["Tenemos 5 plazas en el garaje."]
    for sentence in (
        "Welcome to Northwind Loop!",
        "Willkommen im Berliner Büro der Northwind Loop!",
        "Bem-vindo ao escritório da Northwind Loop em São Paulo!",
        "Bienvenue au bureau de Lyon.",
    ):
        assert is_meta(sentence), sentence
    # a welcome that says more, or a "welcome" that is a thing, is read
    assert not is_meta("Welcome to the team – your laptop arrives on day one, with your badge.")
    assert not is_meta("Welcome packs are handed out at reception.")


def test_a_memos_header_fields_are_never_candidates():
    """What the message is (sender, date, subject) does not answer what it says."""
    memo = (
        "Internal memo 17/2026:\n- De: Direção do Campus do Porto\n"
        "- Para: Todos os funcionários do Campus do Porto\n"
        "- Assunto: Encerramento do campus no Natal e Ano Novo 2026/27\n\n"
        "Subject: Winter closure of the Porto campus. The campus is closed from 24 December. "
        "Betreff: Weihnachten 2026. To apply for leave: use PeopleDesk by 1 December."
    )
    fields = "|  |  |\n| --- | --- |\n| From: | Campus office |\n| Date: | 20 November 2026 |\n"
    assert [u.text for u in extract_units(fields + "\n" + memo)] == [
        "Internal memo 17/2026:",
        "The campus is closed from 24 December.",
        "To apply for leave: use PeopleDesk by 1 December.",
    ]


def test_section_steps_keep_numbers_and_code_and_stop_at_trailing_prose():
    steps = section_steps(STEPS)
    assert steps.splitlines()[0] == "1. Install the tools:"
    assert "   sudo apt install wireguard-tools" in steps
    assert "3. Check it with `wg show`." in steps
    assert "disconnect" not in steps
    assert section_steps("1. Only one step.\n") == ""  # one step is not a procedure


def test_a_sub_step_is_shown_under_its_step_and_is_not_counted_as_one():
    page = (
        "1. Check the calendar.\n2. Submit your request:\n   1. choose Annual leave;\n"
        "   2. give 4 weeks' notice.\n3. Wait for approval.\n"
    )
    assert section_steps(page).splitlines() == [
        "1. Check the calendar.",
        "2. Submit your request:",
        "   1. choose Annual leave;",
        "   2. give 4 weeks' notice.",
        "3. Wait for approval.",
    ]
    assert section_steps("1. Only one step:\n   1. a detail\n   2. another\n") == ""


def test_code_indented_under_its_step_is_indented_once():
    """A step's code written as the step's continuation (indented in the page) is shown
    indented as a whole, not by the page's indent plus ours: its closing fence must line up
    with its opening one."""
    page = (
        "1. Sign in:\n\n   ```bash\n   pwctl login \\\n     --sso\n   ```\n\n"
        "2. List the keys:\n\n   ```bash\n   pwctl keys list\n   ```\n"
    )
    assert section_steps(page).splitlines() == [
        "1. Sign in:",
        "   ```bash",
        "   pwctl login \\",
        "     --sso",
        "   ```",
        "2. List the keys:",
        "   ```bash",
        "   pwctl keys list",
        "   ```",
    ]


def test_steps_read_from_an_older_index_are_aligned_too():
    """Indexes built before the loader kept a step's code aligned store its opening fence
    unindented and the rest indented: the steps line them up again."""
    stored = (
        "1. Sign in:\n\n```bash\n   pwctl login\n   ```\n\n"
        "2. List the keys:\n\n```bash\n   pwctl keys list\n   ```"
    )
    assert section_steps(stored).splitlines() == [
        "1. Sign in:",
        "   ```bash",
        "   pwctl login",
        "   ```",
        "2. List the keys:",
        "   ```bash",
        "   pwctl keys list",
        "   ```",
    ]


def test_a_steps_code_is_quoted_without_the_steps_indent():
    """The code piece of a step ("Check that you are connected:" + its block) is quoted
    with its fences and lines aligned, as a code block read alone would be."""
    page = "1. Check that you are connected:\n\n   ```bash\n   bmctl vpn status\n   ```\n"
    code = [u.text for u in extract_units(page) if u.kind == "code"]
    assert code == ["Check that you are connected:\n```bash\nbmctl vpn status\n```"]


def test_section_steps_keep_the_sentence_that_leads_into_them():
    """Steps that follow an action ("After a rollback:") must not read as the action."""
    text = (
        "Any engineer may roll back. A rollback takes 3 minutes. After a rollback:\n\n"
        "1. Post in the team channel.\n2. Lock the service.\n"
    )
    assert section_steps(text).splitlines() == [
        "After a rollback:",
        "1. Post in the team channel.",
        "2. Lock the service.",
    ]
    # A sentence that does not lead in (no colon), or prose further up, is left out.
    assert section_steps(STEPS).splitlines()[0] == "1. Install the tools:"


def test_long_steps_are_cut_between_steps_never_inside_code():
    text = "\n\n".join(f"{n}. Step {n}:\n\n```\ncommand {n}\nmore {n}\n```" for n in range(1, 9))
    steps = section_steps(text, max_lines=12)
    assert steps.count("```") % 2 == 0
    assert steps.splitlines()[-1].strip() == "```"
    assert len(steps.splitlines()) <= 12


def test_an_item_that_continues_its_lead_in_is_quoted_with_it():
    text = (
        "The incident bot then:\n\n1. creates a channel,\n"
        "2. for SEV1 and SEV2, also pages the incident commander, and\n3. posts a summary.\n\n"
        "You will need:\n\n- A laptop with the VPN.\n"
    )
    items = [u.text for u in extract_units(text) if u.kind == "item"]
    assert items == [
        "The incident bot then: creates a channel",
        "The incident bot then: for SEV1 and SEV2, also pages the incident commander",
        "The incident bot then: posts a summary.",
        "A laptop with the VPN.",  # a whole sentence of its own
    ]


def test_a_row_of_values_is_shown_after_its_column_header_once():
    text = (
        "Meals may be claimed up to these limits.\n\n"
        "Location Breakfast Lunch Evening meal Hotel per night:\n"
        "- London £11 £15 £40 £210\n- Kiel (research station) €12 €16 €38 €140\n"
        "- Porto: ask the campus office\n"
    )
    items = [u for u in extract_units(text) if u.kind == "item"]
    header = "Location Breakfast Lunch Evening meal Hotel per night:"
    assert [(u.text, u.lead) for u in items] == [
        ("London £11 £15 £40 £210", header),
        ("Kiel (research station) €12 €16 €38 €140", header),
        ("Porto: ask the campus office", ""),  # a sentence of its own: no figures to explain
    ]
    shown = Reading(picks=[Pick(1, items[0], 0.5), Pick(1, items[1], 0.4)], best=0.5).text()
    assert shown == (
        f"{header} London £11 £15 £40 £210. [1] Kiel (research station) €12 €16 €38 €140. [1]"
    )


def test_a_bare_yes_or_no_stays_with_the_sentence_it_answers_through():
    units = extract_units("No. Only company laptops may connect. Phones may be used for email.")
    assert [u.text for u in units] == [
        "No. Only company laptops may connect.",
        "Phones may be used for email.",
    ]
    assert [u.text for u in extract_units("Nein. Das geht nicht.")] == ["Nein. Das geht nicht."]
    assert len(extract_units("The answer is no. It never was otherwise.")) == 2


def test_a_sentence_that_points_back_is_shown_after_the_one_it_points_to():
    text = (
        "The QR code is valid for 72 hours. After that, open the invoice and create a new one. "
        "Invoices are sent by email.\n\n"
        "This page explains billing. It covers invoices."
    )
    units = {u.text: u for u in extract_units(text)}
    after = units["After that, open the invoice and create a new one."]
    assert after.lead == "The QR code is valid for 72 hours."
    assert after.shown == "The QR code is valid for 72 hours. " + after.text
    assert after.shown_words == len(after.shown.split())
    assert after.words == len(after.text.split())  # what the reader scores
    assert units["Invoices are sent by email."].lead == ""  # points back to nothing
    assert units["It covers invoices."].lead == ""  # never to a meta sentence
    # in the languages of our users
    pt = extract_units("O QR Code vale 72 horas. Depois disso, abra a fatura no painel.")
    assert pt[1].lead == "O QR Code vale 72 horas."
    de = extract_units("Der Code gilt 72 Stunden. Danach erstellen Sie einen neuen Code.")
    assert de[1].lead == "Der Code gilt 72 Stunden."
    # "Sie" is the polite "you" and "Es gibt" is "there is": neither points back
    assert extract_units("Der Code gilt 72 Stunden. Sie erhalten ihn per E-Mail.")[1].lead == ""
    assert extract_units("Der Code gilt 72 Stunden. Es gibt keinen zweiten.")[1].lead == ""
    # an example says nothing without the rule it illustrates
    part_time = "Part-time staff get a pro-rated allowance. For example, 32 hours gets 22.4 days."
    assert extract_units(part_time)[1].lead == "Part-time staff get a pro-rated allowance."
    for example in ("Zum Beispiel ergeben", "Z. B. ergeben", "Beispielsweise ergeben"):
        units = extract_units(f"Teilzeit wird anteilig berechnet. {example} 32 Stunden 22,4 Tage.")
        assert units[1].lead == "Teilzeit wird anteilig berechnet.", example
    pt = extract_units("Meio período é proporcional. Por exemplo, 32 horas dão 22,4 dias.")
    assert pt[1].lead == "Meio período é proporcional."
    assert extract_units("Part-time is pro-rated. E.g. 32 hours give 22.4 days.")[1].lead
    assert extract_units("Part-time is pro-rated. Examples are listed below.")[1].lead == ""


def test_a_nested_item_says_what_it_belongs_to():
    text = "- Germany\n  - Full day: €28\n- Portugal\n  - Full day: €50\n  - Partial day: €25"
    assert [u.text for u in extract_units(text)] == [
        "Germany — Full day: €28",
        "Portugal — Full day: €50",
        "Portugal — Partial day: €25",
    ]
    long_parent = "- Travel within the EU is booked in Navan by the traveller\n  - Rail first"
    assert [u.text for u in extract_units(long_parent)][-1] == "Rail first"


def test_a_call_out_is_quoted_without_its_quote_marks():
    text = "> **Note:** An ESTA takes up to 72 hours to approve.\n> Apply before you book."
    assert [u.text for u in extract_units(text)] == [
        "Note: An ESTA takes up to 72 hours to approve.",
        "Apply before you book.",
    ]


def test_a_date_written_with_an_ordinal_stays_in_its_sentence():
    units = extract_units("Die Elternzeit begann am 1. Januar 2026. Sie dauert 12 Monate.")
    assert [u.text for u in units] == [
        "Die Elternzeit begann am 1. Januar 2026.",
        "Sie dauert 12 Monate.",
    ]
