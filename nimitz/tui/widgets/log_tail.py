"""The latest journal lines (decisions, events and Japanese decisions; rolls are in the log)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_line

SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}


def tail_text(journal: list[JournalEntry], lines: int) -> Text:
    picked: list[JournalEntry] = []
    for e in reversed(journal):
        if e.kind in ("roll", "decision"):  # the events that follow say what a decision did
            continue
        picked.append(e)
        if len(picked) >= lines:
            break
    t = Text(no_wrap=True, overflow="ellipsis")
    for i, e in enumerate(reversed(picked)):
        if i:
            t.append("\n")
        t.append(f"{e.side or '--':>2} ", style=SIDE_STYLE.get(e.side, "dim"))
        t.append(entry_line(e))
    return t


class LogTail(Static):
    def show(self, journal: list[JournalEntry]) -> None:
        self.update(tail_text(journal, max(self.size.height, 1) if self.size.height else 3))
