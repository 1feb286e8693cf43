"""A message (an error, a notice) in its own dialog; Enter or Esc closes it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from nimitz.tui.screens.base import NimitzModal


class MessageDialog(NimitzModal):
    BINDINGS = [Binding("escape,enter", "close", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="message"):
            yield Static(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="message-body"):
                yield Static(Text(self.body), id="message-text")
            yield Button("OK", variant="primary", id="ok")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
