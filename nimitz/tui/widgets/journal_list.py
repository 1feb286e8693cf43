"""The whole journal as a list, one entry per line, the current entry marked ▶ and reversed; the
window follows the current entry. Every entry is listed (rolls too: nothing is filtered).

A click on a line posts `JournalList.Picked` with that entry's position.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_body

SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}


def journal_line(e: JournalEntry, current: bool, width: int, turns: bool = True) -> Text:
    """'▶T2 US buys 32nd' (the turn only where there is room)."""
    t = Text(no_wrap=True, overflow="ellipsis", end="")
    t.append("▶" if current else " ", style="bold")
    if turns:
        t.append(f"T{e.turn:<2}", style="dim")
    t.append(f"{e.side or '--':<2} ", style=SIDE_STYLE.get(e.side, "dim"))
    body = entry_body(e)
    room = max(1, width - t.cell_len)
    if len(body) > room:
        body = body[: max(0, room - 1)] + "…"
    t.append(body, style="bold" if e.kind == "decision" else ("dim" if e.kind == "roll" else ""))
    if current:
        t.stylize("reverse")
        t.pad_right(max(0, width - t.cell_len))
    return t


class JournalList(Widget):
    """Shows `journal` around `index`; the screen pushes both down with `show`."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.journal: list[JournalEntry] = []
        self.index = 0
        self._top = 0

    def show(self, journal: list[JournalEntry], index: int) -> None:
        self.journal = journal
        self.index = index
        self.refresh()

    def _window(self) -> tuple[int, int]:
        height = max(1, self.size.height)
        n = len(self.journal)
        # Keep the current entry about a third of the way down: what follows is in view.
        top = self.index - height // 3
        top = max(0, min(top, n - height))
        return top, min(n, top + height)

    def render(self) -> Text:
        if not self.journal:
            return Text("The journal is empty.", style="dim")
        top, bottom = self._window()
        self._top = top
        width = max(10, self.size.width)
        turns = width >= 36
        out = Text(no_wrap=True, overflow="crop")
        for i in range(top, bottom):
            if i > top:
                out.append("\n")
            out.append_text(journal_line(self.journal[i], i == self.index, width, turns))
        return out

    def on_click(self, event: events.Click) -> None:
        i = self._top + event.y
        if 0 <= i < len(self.journal):
            self.post_message(self.Picked(i))
