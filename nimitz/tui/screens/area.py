"""Everything in one area: status, forces and their values (the panel, full size)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from nimitz.tui.screens.base import NimitzModal
from nimitz.tui.view_model import campaign_view
from nimitz.tui.widgets.area_panel import area_text


class AreaDialog(NimitzModal):
    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="area"):
            yield Static(f"Area {self.code}", classes="dialog-title")
            with VerticalScroll():
                yield Static(id="area-full")
            yield Static("Esc closes · ↑↓ scroll", classes="hint")

    def on_mount(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None:
            return
        view = campaign_view(ctl.game, ctl.session.name)
        a = view.areas[self.code]
        self.query_one("#area-full", Static).update(area_text(a, None, 70))
