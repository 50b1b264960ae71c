"""The Slack front end: Bolt app, handlers, and Block Kit rendering."""
