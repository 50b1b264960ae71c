"""The bot's fixed sentences in Slack (mrkdwn)."""

HELP_TEXT = (
    "*Ask me anything that's in our knowledge base.*\n"
    "• Mention me in a channel: `@kb how do I set up the VPN?` — I answer in a thread, "
    "and follow-up mentions in that thread keep the conversation.\n"
    "• `/kb your question` — only you see the answer, with a button to share it.\n"
    "• Or send me a direct message.\n"
    "Every answer links the pages it comes from. If the pages don't cover it, I'll say so."
)
SEARCHING = ":mag: Searching the knowledge base…"
QUEUED = (
    ":hourglass_flowing_sand: I'm busy right now; your question is queued and I'll answer shortly."
)
TOO_BUSY = "I'm overloaded right now and couldn't take your question. Please ask again in a minute."
RATE_LIMITED = "You've asked a lot of questions in the last minute. Give me a moment and ask again."
APOLOGY = (
    "Sorry, something went wrong while answering your question. "
    "Please try again in a moment. (reference: {query_id})"
)
RESTARTED = "Sorry, I was restarted before I could answer this question. Please ask it again."
EXPIRED = "That answer has expired; please ask again."
SHARE_REFUSED = (
    "I can't share this answer here: it uses pages that not everyone in this "
    "channel may read. Mention me in the channel to get an answer from the "
    "pages this channel can see."
)
FEEDBACK_THANKS = "Thanks for the feedback! :pray:"
