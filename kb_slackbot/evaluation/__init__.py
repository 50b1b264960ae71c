"""Measuring answer quality: the `kb-slackbot eval` command and its metrics."""
