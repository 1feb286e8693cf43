"""The sequence of play on one line, the current step in brackets (and reversed)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.tui.view_model import SEQUENCE
from nimitz.tui.widgets.shown import show


def sequence_text(step: str, width: int) -> Text:
    if step.startswith("battle"):
        step = "battles"  # "battle:turn 2:bomb runs" is inside Resolve Battles
    long = sum(len(name) + 2 for _, name, _ in SEQUENCE) <= width
    t = Text(no_wrap=True, overflow="crop")
    for key, name, abbr in SEQUENCE:
        label = name if long else abbr
        if key == step:
            t.append(f"[{label}]", style="bold reverse")
        else:
            t.append(f" {label} ", style="dim")
    return t


class SequenceBar(Static):
    def show(self, step: str) -> None:
        self._step = step
        show(self, sequence_text(step, max(self.size.width, 40)))

    def on_resize(self) -> None:
        if hasattr(self, "_step"):
            show(self, sequence_text(self._step, max(self.size.width, 40)))
