"""Tables read from a PDF page's layout text (pypdf's extraction_mode="layout")."""

from kb_slackbot.retrieval.loaders.pdf_tables import layout_tables, with_tables

# As pypdf lays out a travel policy's page: cells in columns, a wrapped cell under its column,
# a cell set in the middle of its row's height (above and below the row's label).
LAYOUT = """\
Travel policy

Mode                         Standard entitlement           Exceptions

                                                            First class only if cheaper or for
Rail (UK and Europe)         Standard class                 journeys over 3 hours
                                                            with approval

Flights of 6 hours or        Premium economy                Business class only with approval
more

Taxis                        Only where no public           None
                             transport is available

Travel between campuses should be by rail where the journey time is less than eight hours
and domestic flights are not permitted.
"""
PLAIN = """\
Travel policy
Mode Standard entitlement Exceptions
Rail (UK and Europe) Standard class
First class only if cheaper or for
journeys over 3 hours
with approval
Flights of 6 hours or
more Premium economy Business class only with approval
Taxis Only where no public
transport is available None
Travel between campuses should be by rail where the journey time is less than eight hours
and domestic flights are not permitted."""

TABLE = """\
| Mode | Standard entitlement | Exceptions |
| --- | --- | --- |
| Rail (UK and Europe) | Standard class | First class only if cheaper or for journeys over 3 \
hours with approval |
| Flights of 6 hours or more | Premium economy | Business class only with approval |
| Taxis | Only where no public transport is available | None |"""


def test_a_table_is_read_from_its_columns_with_wrapped_cells_joined():
    [table] = layout_tables(LAYOUT)
    assert table.markdown() == TABLE


def test_the_tables_span_of_the_plain_text_becomes_the_table():
    text = with_tables(PLAIN, LAYOUT)
    assert text.split("\n\n") == [
        "Travel policy",
        TABLE,
        "Travel between campuses should be by rail where the journey time is less than eight"
        " hours\nand domestic flights are not permitted.",
    ]
    # Where the plain text holds other words than the table, it stays as it was.
    other = PLAIN.replace("Premium", "Premier")
    assert with_tables(other, LAYOUT) == other


def test_rows_set_without_space_between_them_are_rows_each():
    layout = (
        "Hotels are booked through the travel tool, at these limits:\n"
        "City         Maximum per night\n"
        "Amsterdam    EUR 220\n"
        "Berlin       EUR 170\n"
        "Paris        EUR 230\n"
    )
    [table] = layout_tables(layout)
    assert table.rows == [
        ["City", "Maximum per night"],
        ["Amsterdam", "EUR 220"],
        ["Berlin", "EUR 170"],
        ["Paris", "EUR 230"],
    ]


def test_a_table_set_right_above_a_paragraph_ends_above_it():
    """No space between the last row and the next paragraph: the paragraph's lines are no
    row (one run of words, longer than a cell), so the table ends above them."""
    rows = "City         Maximum per night\nAmsterdam    EUR 220\nBerlin       EUR 170\n"
    paragraph = (
        "Book through the travel tool; a hotel above the limit needs your manager's approval\n"
        "in writing before you book it.\n"
    )
    [table] = layout_tables(rows + paragraph)
    assert table.rows == [
        ["City", "Maximum per night"],
        ["Amsterdam", "EUR 220"],
        ["Berlin", "EUR 170"],
    ]
    plain = (
        "City Maximum per night\nAmsterdam EUR 220\nBerlin EUR 170\n"
        "Book through the travel tool; a hotel above the limit needs your manager's approval\n"
        "in writing before you book it."
    )
    assert with_tables(plain, rows + paragraph).strip().split("\n\n")[-1].startswith("Book")
    # … also when the paragraph's last line is short
    [table] = layout_tables(rows + paragraph.replace("before you book it.", "first."))
    assert table.rows[-1] == ["Berlin", "EUR 170"]


def test_a_table_whose_first_row_holds_a_figure_has_no_header():
    layout = (
        "2      CARD16      MAJOR_VERSION 1\n"
        "2      CARD16      MINOR_VERSION 2\n"
        "4      CARD32      ALIAS_LIST_OFFSET\n"
    )
    [table] = layout_tables(layout)
    years = "Item      2025      2026\nLunch     €10       €11\nDinner    €30       €32\n"
    assert layout_tables(years)[0].headed()  # a year heads its column
    assert table.markdown().split("\n")[:3] == [
        "|  |  |  |",
        "| --- | --- | --- |",
        "| 2 | CARD16 | MAJOR_VERSION 1 |",
    ]


def test_a_table_of_fields_has_no_header():
    layout = (
        "Document code     FIN-POL-007, version 5.0\n\n"
        "Owner             Director of Finance\n\n"
        "Effective from    1 February 2026\n"
    )
    [table] = layout_tables(layout)
    assert table.markdown().split("\n") == [
        "|  |  |",
        "| --- | --- |",
        "| Document code | FIN-POL-007, version 5.0 |",
        "| Owner | Director of Finance |",
        "| Effective from | 1 February 2026 |",
    ]


def test_lists_prose_in_columns_and_lone_rows_are_no_tables():
    listed = "  •   alcoholic drinks;\n  •   fines;\n  •   personal items;\n"
    numbered = "  1.  Submit the claim.\n  2.  Attach receipts.\n  3.  Wait for approval.\n"
    columns = (
        "The University pays for travel that is       Staff who use their own vehicle may\n"
        "necessary for University business and        claim a mileage allowance at the\n"
        "asks travellers to choose the cheapest       rates that the tax office approves\n"
        "option that is practical for the trip.       each year for business journeys.\n"
    )
    footer = "FIN-POL-007 v5.0        Page 2 of 3        Uncontrolled when printed\n"
    header_only = "City         Maximum per night\nAmsterdam    EUR 220\n"
    contents = (
        "2.3   Simple parsing . . . . . . . . . . .   5\n"
        "2.4   Library notes  . . . . . . . . . . .   6\n"
        "2.5   Future work  . . . . . . . . . . . .   8\n"
    )
    for layout in (listed, numbered, columns, footer, header_only, contents):
        assert layout_tables(layout) == [], layout


def test_a_table_that_runs_on_to_the_next_page_is_read_there_too():
    first = "Course       Renew every\n\nHS101        1 year\n\nHS102        2 years\n"
    # The next page repeats the header over the table's last row.
    second = "Course       Renew every\n\nHS210        3 years\n\nThat is all.\n"
    plain = "Course Renew every\nHS210 3 years\nThat is all."
    headers: set[tuple[str, ...]] = set()
    with_tables("Course Renew every\nHS101 1 year\nHS102 2 years", first, headers)
    assert headers == {("Course", "Renew every")}
    assert with_tables(plain, second, headers).strip().split("\n\n") == [
        "| Course | Renew every |\n| --- | --- |\n| HS210 | 3 years |",
        "That is all.",
    ]
    assert with_tables(plain, second) == plain  # alone, one row is no table
