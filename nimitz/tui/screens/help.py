"""`?`: help for the current step, in our own words, and the keys in force on that screen."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from nimitz.tui.helptext import help_for, optional_rules_help
from nimitz.tui.screens.base import NimitzModal


def keys_text(screen) -> Text:
    """The keys the screen below answers to, from its active bindings."""
    t = Text()
    seen = set()
    try:
        bindings = screen.active_bindings
    except Exception:
        return t
    for active in bindings.values():
        b = active.binding
        if not b.description or not b.show or b.action in seen:
            continue
        seen.add(b.action)
        shown = b.key_display or screen.app.get_key_display(b)
        t.append(f"{shown:>8} ", style="bold")
        t.append(f"{b.description}\n")
    return t


class HelpScreen(NimitzModal):
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, topic: str) -> None:
        super().__init__()
        self.topic = topic

    def compose(self) -> ComposeResult:
        title, paras = help_for(self.topic)
        self.paragraphs = paras + self._optional_rules()
        with Vertical(id="dialog", classes="help"):
            yield Static(f"Help: {title}", classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(Group(*[Text(p + "\n") for p in self.paragraphs]), id="help-text")
                yield Static(id="help-keys")
            yield Static(Text("Esc or ? closes · ↑↓ scroll", style="dim"), classes="hint")

    def _optional_rules(self) -> list[str]:
        """The open campaign's optional rules, explained on every page of its help."""
        ctl = self.napp.controller
        if self.topic in ("title", "lab") or ctl.session is None:
            return []
        return optional_rules_help(ctl.game.state.rules.options, ctl.data.optional_rules)

    def on_mount(self) -> None:
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        keys = keys_text(below) if below is not None else Text()
        if keys:
            head = Text("Keys here\n", style="bold underline")
            self.query_one("#help-keys", Static).update(head + keys)
        self.query_one("#help-body").focus()
