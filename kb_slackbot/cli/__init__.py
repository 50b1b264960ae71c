"""The command line; ``kb_slackbot.cli:main`` is the `kb-slackbot` entry point."""

from .main import app, main

__all__ = ["app", "main"]
