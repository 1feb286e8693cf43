"""A one-line set of on/off choices (the new-game dialog's optional rules): a label and its
items, each ticked [x] or not [ ] (not only colour). ←/→ move between the items, space or x
ticks the one under the cursor, and a Changed message goes up."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class ToggleRow(Widget, can_focus=True):
    BINDINGS = [
        Binding("right,l", "move(1)", "Next", show=False),
        Binding("left,h", "move(-1)", "Previous", show=False),
        Binding("space,x", "tick", "Tick", show=False),
    ]

    cursor: reactive[int] = reactive(0)
    chosen: reactive[frozenset[str]] = reactive(frozenset())

    class Changed(Message):
        def __init__(self, row: ToggleRow, values: list[str]) -> None:
            super().__init__()
            self.row = row
            self.values = values

        @property
        def control(self) -> ToggleRow:
            return self.row

    def __init__(self, label: str, items: list[tuple[str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label
        self.items = items  # (value, shown text)

    @property
    def values(self) -> list[str]:
        """The ticked values, in the items' order."""
        return [v for v, _ in self.items if v in self.chosen]

    def action_move(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % len(self.items)

    def action_tick(self) -> None:
        value = self.items[self.cursor][0]
        self.chosen = self.chosen ^ {value}
        self.post_message(self.Changed(self, self.values))

    def on_click(self, event) -> None:
        """A click ticks the item it lands on (each item's place is known from `render`)."""
        x = event.x - len(self._head())
        for i, width in enumerate(self._widths()):
            if 0 <= x < width:
                self.cursor = i
                self.action_tick()
                return
            x -= width

    def _label(self) -> str:
        return f"{self.label:<7} "

    def _head(self) -> str:
        return self._label() + ("◀ " if self.has_focus else "  ")

    def _widths(self) -> list[int]:
        return [len(shown) + 5 for _, shown in self.items]  # "[x] " + shown + " "

    def render(self) -> Text:
        t = Text(self._label(), style="bold")
        t.append(self._head()[len(self._label()) :])
        for i, (value, shown) in enumerate(self.items):
            mark = "[x]" if value in self.chosen else "[ ]"
            under_cursor = self.has_focus and i == self.cursor
            t.append(
                f"{mark} {shown}", style="bold reverse" if under_cursor else ("bold" if value in self.chosen else "dim")
            )
            t.append(" ")
        t.append("▶" if self.has_focus else "")
        return t
