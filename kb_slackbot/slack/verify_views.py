"""What experts see: the "Save as verified answer" offer, the modal that saves (or edits) a
verified answer, and the review reminder. Ids here are what Bolt routes on."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from slack_sdk.models.blocks import (
    ActionsBlock,
    ButtonElement,
    ContextBlock,
    InputBlock,
    MarkdownTextObject,
    Option,
    PlainTextInputElement,
    SectionBlock,
    StaticSelectElement,
)
from slack_sdk.models.views import View

from ..answer.verified import VerifiedAnswer
from .limits import LIMITS
from .markup import escape

VERIFY_OFFER = "kb_verify_offer"  # the ephemeral button under an expert's thread reply
VERIFY_SHORTCUT = "kb_save_verified"  # the message shortcut (manifest.yml)
VERIFY_MODAL = "kb_verify_modal"
REVIEW_KEEP = "kb_review_keep"
REVIEW_EDIT = "kb_review_edit"
REVIEW_RETIRE = "kb_review_retire"
REVIEW_MODAL = "kb_review_modal"

QUESTIONS_BLOCK, QUESTIONS_INPUT = "verify_questions", "questions"
ANSWER_BLOCK, ANSWER_INPUT = "verify_answer", "answer"
SPACE_BLOCK, SPACE_INPUT = "verify_space", "space"

ANSWER_MAX = LIMITS.plain_text_input


@dataclass(frozen=True)
class Origin:
    """Where the expert's text came from; rides in button values and modal metadata."""

    channel: str
    thread_ts: str
    ts: str  # the expert's message

    def dumps(self) -> str:
        return json.dumps([self.channel, self.thread_ts, self.ts])

    @classmethod
    def loads(cls, value: str) -> Origin:
        channel, thread_ts, ts = json.loads(value)
        return cls(channel, thread_ts, ts)


def offer_blocks(question: str, origin: Origin) -> list:
    """Shown only to the expert, under their reply in a thread the bot could not answer."""
    text = (
        f"Does your reply answer “{escape(question[:300])}”? Save it as a verified answer "
        "and I'll give it, with your name, the next time someone asks."
    )
    return [
        SectionBlock(text=MarkdownTextObject(text=text)),
        ActionsBlock(
            elements=[
                ButtonElement(
                    text="Save as verified answer",
                    action_id=VERIFY_OFFER,
                    value=origin.dumps(),
                    style="primary",
                )
            ]
        ),
    ]


def verify_modal(
    questions: list[str], text: str, spaces: list[str], default_space: str, origin: Origin
) -> View:
    """Questions (one per line), the answer (editable) and the space it belongs to."""
    options = [Option(text=s, value=s) for s in spaces]
    return View(
        type="modal",
        callback_id=VERIFY_MODAL,
        private_metadata=origin.dumps(),
        title="Verified answer",
        submit="Save",
        close="Cancel",
        blocks=[
            InputBlock(
                block_id=QUESTIONS_BLOCK,
                label="Question(s) it answers, one per line",
                element=PlainTextInputElement(
                    action_id=QUESTIONS_INPUT,
                    multiline=True,
                    initial_value="\n".join(questions)[: LIMITS.plain_text_input],
                    max_length=LIMITS.plain_text_input,
                ),
            ),
            answer_input(text),
            InputBlock(
                block_id=SPACE_BLOCK,
                label="Who may see it (knowledge space)",
                element=StaticSelectElement(
                    action_id=SPACE_INPUT,
                    options=options,
                    initial_option=next(o for o in options if o.value == default_space),
                ),
            ),
        ],
    )


def review_modal(answer: VerifiedAnswer) -> View:
    return View(
        type="modal",
        callback_id=REVIEW_MODAL,
        private_metadata=answer.answer_id,
        title="Edit verified answer",
        submit="Save",
        close="Cancel",
        blocks=[
            SectionBlock(text=MarkdownTextObject(text=f"*{escape(answer.title)}*")),
            answer_input(answer.text),
        ],
    )


def answer_input(text: str) -> InputBlock:
    """The answer's text, editable (line breaks kept)."""
    return InputBlock(
        block_id=ANSWER_BLOCK,
        label="Answer",
        element=PlainTextInputElement(
            action_id=ANSWER_INPUT,
            multiline=True,
            initial_value=text[:ANSWER_MAX],
            max_length=ANSWER_MAX,
        ),
    )


@dataclass(frozen=True)
class Submitted:
    questions: list[str]
    text: str
    space: str | None


def submitted(view: dict) -> Submitted:
    values = view.get("state", {}).get("values", {})

    def typed(block: str, action: str) -> str:
        return (values.get(block, {}).get(action, {}).get("value") or "").strip()

    chosen = values.get(SPACE_BLOCK, {}).get(SPACE_INPUT, {}).get("selected_option") or {}
    return Submitted(
        questions=[q.strip() for q in typed(QUESTIONS_BLOCK, QUESTIONS_INPUT).split("\n")],
        text=typed(ANSWER_BLOCK, ANSWER_INPUT),
        space=chosen.get("value"),
    )


def review_blocks(answer: VerifiedAnswer, ttl_days: int) -> list:
    """The DM asking an expert to keep, edit or retire an answer past its review date."""
    due = answer.verified_on + timedelta(days=ttl_days)
    intro = (
        f"Your verified answer to *{escape(answer.title)}* (space `{answer.space}`) was last "
        f"checked on {answer.verified_on.isoformat()} and was due for review on "
        f"{due.isoformat()}. Until you review it, I show it with an “outdated” warning."
    )
    value = answer.answer_id
    return [
        SectionBlock(text=MarkdownTextObject(text=intro)),
        SectionBlock(text=MarkdownTextObject(text=f">{escape(answer.text[:2800])}")),
        ActionsBlock(
            block_id=f"kb_review_{value}",
            elements=[
                ButtonElement(
                    text="Still correct", action_id=REVIEW_KEEP, value=value, style="primary"
                ),
                ButtonElement(text="Edit", action_id=REVIEW_EDIT, value=value),
                ButtonElement(text="Retire", action_id=REVIEW_RETIRE, value=value, style="danger"),
            ],
        ),
        ContextBlock(elements=[MarkdownTextObject(text=f"Answer id `{value}`")]),
    ]
