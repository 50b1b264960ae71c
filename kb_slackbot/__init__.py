"""kb-slackbot: answers questions in Slack from your knowledge base, with linked citations."""

__version__ = "0.1.0"
