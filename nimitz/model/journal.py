"""The campaign journal: every decision, roll and bot explanation, in order."""

from __future__ import annotations

from typing import Any

from attrs import define, field


@define
class JournalEntry:
    seq: int
    turn: int
    step: str
    side: str  # "US", "JA" or "" for the game itself
    kind: str  # "created", "decision", "roll", "bot", "event"
    text: str  # one readable line
    data: dict[str, Any] = field(factory=dict)  # the structured detail (explanations, dice)
