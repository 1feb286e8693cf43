"""The latest journal lines (decisions, events and Japanese decisions; rolls are in the log)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_body
from nimitz.tui.widgets.shown import show

SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def tail_text(journal: list[JournalEntry], lines: int, width: int = 200) -> Text:
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
        t.append(_clip(entry_body(e), width - 3))
    return t


class LogTail(Static):
    _journal: list[JournalEntry] | None = None

    def show(self, journal: list[JournalEntry]) -> None:
        self._journal = journal
        width = self.size.width - 2 if self.size.width > 10 else self.app.size.width - 2
        show(self, tail_text(journal, self.size.height or 3, width))

    def on_resize(self) -> None:
        # the screen shares its rows out after filling the tail (a longer note, the guide):
        # at its new height the tail must still end with the newest entry
        if self._journal is not None:
            self.show(self._journal)
