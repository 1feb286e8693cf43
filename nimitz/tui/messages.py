"""Messages the TUI's widgets and screens post up to the app (which owns the controller)."""

from __future__ import annotations

from textual.message import Message

from nimitz.model.journal import Decision


class Decide(Message):
    """Apply this US decision to the campaign."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision


class AutoDecide(Message):
    """Let the expert player answer the pending request."""
