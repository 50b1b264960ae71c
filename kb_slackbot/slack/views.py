"""Modal views the bot opens."""

from __future__ import annotations

from slack_sdk.models.blocks import InputBlock, PlainTextInputElement
from slack_sdk.models.views import View

from .blocks import FEEDBACK_MODAL

REASON_BLOCK = "reason"
REASON_INPUT = "reason_input"


def reason_modal(query_id: str) -> View:
    """ "What was wrong?" after a "Not helpful" click; the query id rides in the metadata."""
    return View(
        type="modal",
        callback_id=FEEDBACK_MODAL,
        private_metadata=query_id,
        title="What was wrong?",
        submit="Send",
        close="Skip",
        blocks=[
            InputBlock(
                block_id=REASON_BLOCK,
                label="Tell us what was missing or wrong (optional)",
                optional=True,
                element=PlainTextInputElement(action_id=REASON_INPUT, multiline=True),
            )
        ],
    )


def submitted_reason(view: dict) -> str | None:
    """The text typed into :func:`reason_modal` (None when left empty)."""
    values = view.get("state", {}).get("values", {})
    return values.get(REASON_BLOCK, {}).get(REASON_INPUT, {}).get("value")
