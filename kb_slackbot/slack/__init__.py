"""The Slack front end: the Bolt app, its listeners and jobs, and Block Kit rendering."""
