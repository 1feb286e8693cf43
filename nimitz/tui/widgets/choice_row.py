"""A one-line choice: a label and its values, the chosen one in [brackets] (not only colour);
←/→ or space change it, and a Changed message goes up."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class ChoiceRow(Widget, can_focus=True):
    BINDINGS = [
        Binding("right,l,space", "move(1)", "Next", show=False),
        Binding("left,h", "move(-1)", "Previous", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, row: ChoiceRow, value: str) -> None:
            super().__init__()
            self.row = row
            self.value = value

        @property
        def control(self) -> ChoiceRow:
            return self.row

    def __init__(self, label: str, values: list[tuple[str, str]], value: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label
        self.values = values  # (value, shown text)
        keys = [v for v, _ in values]
        self.index = keys.index(value) if value in keys else 0

    @property
    def value(self) -> str:
        return self.values[self.index][0]

    def action_move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self.post_message(self.Changed(self, self.value))

    def on_click(self) -> None:
        self.action_move(1)

    def render(self) -> Text:
        t = Text(f"{self.label:<7}", style="bold")
        t.append("◀ " if self.has_focus else "  ")
        for i, (_, shown) in enumerate(self.values):
            if i == self.index:
                t.append(f"[{shown}]", style="bold reverse")
            else:
                t.append(f" {shown} ", style="dim")
            t.append(" ")
        t.append("▶" if self.has_focus else "")
        return t
