"""One journal entry explained: a title and (label, text) rows, wrapped beside their labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import Row, entry_full_text, entry_line, explain
from nimitz.views.words import step_words


def rows_table(rows: list[Row]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for label, text in rows:
        table.add_row(label, text)
    return table


def explanation(entry: JournalEntry | None, heading: str = "") -> RenderableType:
    """An entry's explanation: its title, its rows and its full text."""
    if entry is None:
        return Text(heading or "Nothing to show.", style="dim")
    title = Text(heading or f"Turn {entry.turn}, {step_words(entry.step)}: ", style="bold")
    title.append(entry_line(entry), style="bold")
    rows = explain(entry)
    parts: list[RenderableType] = [title, Text("")]
    if rows:
        parts.append(rows_table(rows))
    if entry_full_text(entry):
        parts += [Text(""), Text(entry_full_text(entry), style="dim")]
    return Group(*parts)


class ExplanationView(Static):
    """Shows an entry's explanation (the controller's journal is never changed here)."""

    def show(self, entry: JournalEntry | None, heading: str = "") -> None:
        self.update(explanation(entry, heading))
