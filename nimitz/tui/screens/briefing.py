"""The briefing when a campaign starts: the year's situation, the objectives, what wins and
what loses. Enter starts; `t` starts with the guided first turn (a hint at each step)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from nimitz.tui.screens.base import NimitzModal
from nimitz.views.stakes import briefing


class BriefingScreen(NimitzModal):
    BINDINGS = [
        Binding("escape,enter", "start(False)", "Start"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("t", "start(True)", "Guided first turn"),
        Binding("g", "app.glossary", "Glossary"),
    ]

    def compose(self) -> ComposeResult:
        ctl = self.napp.controller
        state = ctl.game.state
        body = Text()
        for i, (heading, text) in enumerate(briefing(state, ctl.data)):
            body.append(("\n" if i else "") + heading + "\n", style="bold")
            body.append(text + "\n")
        with Vertical(id="dialog", classes="briefing"):
            yield Static(f"Briefing: the {state.year} campaign", classes="dialog-title")
            with VerticalScroll(id="briefing-body"):
                yield Static(body)
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", variant="primary", id="start")
                yield Button("Guided first turn (t)", id="guided")
            yield Static(Text("g glossary · ? help · ↑↓ scroll", style="dim"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#briefing-body").scroll_relative(y=lines, animate=False)

    def action_start(self, guided: bool) -> None:
        self.napp.guided = guided
        self.dismiss(None)
        self.napp.refresh_all()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start(event.button.id == "guided")
