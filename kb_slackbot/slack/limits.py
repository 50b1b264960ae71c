"""Slack's Block Kit limits, in one table: the renderer keeps inside them and the fake Slack
used by the tests enforces them (https://api.slack.com/reference/block-kit)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BlockKitLimits:
    blocks_per_message: int = 50
    message_text: int = 40_000  # a message's top-level ``text``
    section_text: int = 3000
    header_text: int = 150
    markdown_text: int = 12_000
    context_elements: int = 10
    button_text: int = 75
    plain_text_input: int = 3000  # a modal's text input (max_length and initial_value)

    def block_text(self, block_type: str) -> int | None:
        """The cap on a block's ``text`` by block type (None: not text-capped here)."""
        return {
            "section": self.section_text,
            "header": self.header_text,
            "markdown": self.markdown_text,
        }.get(block_type)


LIMITS = BlockKitLimits()
