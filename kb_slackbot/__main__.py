"""`python -m kb_slackbot` is the `kb-slackbot` command."""

from .cli.main import main

main()
