"""A list of checkable lines drawn as [x] / [ ] (the mark is a glyph, not only a colour).
Space (or a click) toggles the highlighted line; SelectedChanged goes up."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class CheckList(OptionList):
    BINDINGS = [Binding("space", "toggle_pick", "Pick", show=False)]

    class SelectedChanged(Message):
        def __init__(self, check_list: CheckList) -> None:
            super().__init__()
            self.check_list = check_list

        @property
        def control(self) -> CheckList:
            return self.check_list

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._items: list[tuple[str, str, bool]] = []  # (value, label, disabled)
        self._selected: list[str] = []

    @property
    def selected(self) -> list[str]:
        """The checked values, in list order."""
        return [v for v, _, _ in self._items if v in self._selected]

    @property
    def highlighted_value(self) -> str | None:
        i = self.highlighted
        return self._items[i][0] if i is not None and 0 <= i < len(self._items) else None

    def set_items(self, items: list[tuple[str, str, bool]], selected: list[str] | None = None) -> None:
        keep = self.highlighted
        self._items = list(items)
        allowed = {v for v, _, d in self._items if not d}
        self._selected = [v for v in (selected if selected is not None else self._selected) if v in allowed]
        self.clear_options()
        self.add_options([Option(self._prompt(i), disabled=d) for i, (_, _, d) in enumerate(self._items)])
        if self._items:
            self.highlighted = min(keep or 0, len(self._items) - 1)

    def _prompt(self, index: int) -> Text:
        value, label, disabled = self._items[index]
        on = value in self._selected
        t = Text("[x] " if on else "[ ] ", style="bold" if on else "dim")
        t.append(label, style="dim" if disabled else ("bold" if on else ""))
        return t

    def _redraw(self, index: int) -> None:
        self.replace_option_prompt_at_index(index, self._prompt(index))

    def toggle_value(self, value: str, on: bool | None = None) -> None:
        for i, (v, _, disabled) in enumerate(self._items):
            if v != value or disabled:
                continue
            now = value in self._selected
            want = (not now) if on is None else on
            if want and not now:
                self._selected.append(value)
            elif not want and now:
                self._selected.remove(value)
            self._redraw(i)
            self.post_message(self.SelectedChanged(self))
            return

    def select_all(self) -> None:
        for v, _, disabled in self._items:
            if not disabled and v not in self._selected:
                self._selected.append(v)
        for i in range(len(self._items)):
            self._redraw(i)
        self.post_message(self.SelectedChanged(self))

    def action_toggle_pick(self) -> None:
        value = self.highlighted_value
        if value is not None:
            self.toggle_value(value)
