"""Shown while the terminal is smaller than 80x24; it goes away when the terminal grows."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24  # the smallest terminal nimitz lays out for


class TooSmallScreen(ModalScreen):
    BINDINGS = [Binding("q,ctrl+q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()
        self.app.call_after_refresh(self.app.check_size)  # type: ignore[attr-defined]  # a NimitzApp method

    def _update(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            Text(
                f"The terminal is too small: {w}x{h}.\nnimitz needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                "Make the window larger to go on (q quits; everything is saved).",
                justify="center",
            )
        )
