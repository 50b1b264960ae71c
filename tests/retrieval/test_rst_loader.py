"""reStructuredText (.rst) pages, Sphinx's roles and directives included (loaders/rst.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb_slackbot.retrieval.loaders import LoadError, SourceFile, load_document
from tests.retrieval.helpers import write

DEPLOY = """\
.. _deploying:

Deploying a service
===================

.. toctree::
   :maxdepth: 2

   rollback

Deploys go out through **shipit**. See :ref:`the rollback guide <rollback>` and :doc:`canary`.

.. note::
   Deploy freezes apply on Fridays after 15:00.

Steps
-----

1. Build the image:

   .. code-block:: bash
      :linenos:

      shipit build --service api

2. Roll it out with :command:`shipit deploy`.

.. |tool| replace:: shipit

.. versionadded:: 2.3
   Canary deploys are the *default* in |tool|.

Limits
------

.. list-table:: Deploy windows
   :header-rows: 1

   * - Environment
     - Window
   * - production
     - Mon–Thu 09:00–16:00

.. tab-set::

   .. tab-item:: Linux

      Install with ``apt install shipit``.
"""


def load(path: Path):
    return load_document(SourceFile(path, path.name, "public", "https://docs.example.com/"))


def test_a_sphinx_page_is_read_with_its_roles_and_directives(tmp_path):
    """The lone top section titles the page; a cross-reference reads as its text, a code
    block as code (a step's command after the step), a version note (its markup read) and a
    tab as their text, a note under its title, a list table as a table; the table of contents
    adds nothing."""
    document = load(write(tmp_path, "deploy.rst", DEPLOY))
    assert document.title == "Deploying a service"
    assert [(b.headings, b.text) for b in document.blocks] == [
        ((), "Deploys go out through shipit. See the rollback guide and canary."),
        ((), "Note: Deploy freezes apply on Fridays after 15:00."),
        (("Steps",), "1. Build the image:"),
        (("Steps",), "```bash\nshipit build --service api\n```"),  # the step's command, as code
        (("Steps",), "2. Roll it out with shipit deploy."),
        (("Steps",), "New in version 2.3: Canary deploys are the default in shipit."),
        (
            ("Limits",),
            "| Environment | Window |\n| --- | --- |\n| production | Mon–Thu 09:00–16:00 |",
        ),
        (("Limits", "Linux"), "Install with apt install shipit."),
    ]


def test_a_page_cannot_pull_in_other_files_or_raw_html(tmp_path):
    secret = write(tmp_path, "outside/secret.txt", "The root password is hunter2.")
    page = write(
        tmp_path,
        "kb/page.rst",
        f"Page\n====\n\nVisible text.\n\n.. include:: {secret}\n\n"
        ".. raw:: html\n\n   <p>Injected</p>\n\n.. literalinclude:: {secret}\n\n"
        ".. someextension::\n\n   Unknown directive body.\n",
    )
    text = " ".join(b.text for b in load(page).blocks)
    assert text == "Visible text."


def test_a_binary_rst_file_says_so(tmp_path):
    path = tmp_path / "image.rst"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(LoadError, match="binary"):
        load(path)


def test_a_heading_right_after_the_title_stays_a_heading(tmp_path):
    """A toctree (silent) or a contents box between the title and the first sub-heading
    leaves that heading a section's, as Sphinx shows it: docutils made it the page's
    subtitle (read as text), and its contents box linked each heading back to it (its text
    lost). An "only" block's build tag is no label."""
    page = (
        "Deploys\n=======\n\n"
        ".. toctree::\n   :maxdepth: 2\n\n   rollback\n\n"
        ".. contents:: On this page\n   :local:\n\n"
        "Rollback\n--------\n\nRoll back with the CLI.\n\n"
        ".. only:: internal\n\n   Ask #deploys first.\n"
    )
    document = load_document(
        SourceFile(write(tmp_path, "deploys.rst", page), "deploys.rst", "p", None)
    )
    assert document.title == "Deploys"
    assert [(b.headings, b.text) for b in document.blocks] == [
        (("Rollback",), "Roll back with the CLI."),
        (("Rollback",), "Ask #deploys first."),
    ]


def test_a_sphinx_glossary_reads_each_entry_with_all_its_terms(tmp_path):
    """An entry may have several terms over one definition; the glossary's options, and a
    tab's, are no text."""
    page = (
        "Glossary\n========\n\n"
        ".. glossary::\n   :sorted:\n\n"
        "   RTU\n   Outstation\n      Remote telemetry unit. RTUs report every 15 minutes.\n\n"
        "   HMI\n      Human–machine interface.\n\n"
        ".. tab-set::\n\n   .. tab-item:: Linux\n      :sync: linux\n\n      Use the CLI.\n"
    )
    document = load_document(SourceFile(write(tmp_path, "glossary.rst", page), "g.rst", "p", None))
    assert [b.text for b in document.blocks] == [
        "RTU, Outstation: Remote telemetry unit. RTUs report every 15 minutes.",
        "HMI: Human–machine interface.",
        "Use the CLI.",
    ]
