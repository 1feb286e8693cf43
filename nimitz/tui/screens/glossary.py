"""`g` (anywhere): every abbreviation and notation on screen, in plain words."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from nimitz.tui.screens.base import NimitzModal
from nimitz.views.words import GLOSSARY


def glossary_table() -> Table:
    t = Table(show_header=False, box=None, padding=(0, 1), expand=True)
    t.add_column("term", style="bold", no_wrap=True)
    t.add_column("meaning", ratio=1)
    for term, meaning in GLOSSARY:
        t.add_row(term, meaning)
    return t


class GlossaryScreen(NimitzModal):
    BINDINGS = [Binding("escape,q,g", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="glossary"):
            yield Static("Glossary: what the letters and numbers mean", classes="dialog-title")
            with VerticalScroll(id="glossary-body"):
                yield Static(glossary_table())
            yield Static("Esc closes · ↑↓ scroll", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#glossary-body").focus()
