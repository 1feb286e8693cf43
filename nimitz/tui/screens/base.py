"""Shared screen bases: every screen checks the terminal size; request dialogs refresh in place."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from nimitz.engine.requests import Request
from nimitz.tui.widgets.shown import show

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.tui.app import NimitzApp


class SizeAware:
    """Tell the app when the terminal is resized (it shows the 'too small' notice)."""

    def on_resize(self, event: events.Resize) -> None:
        app = self.app  # type: ignore[attr-defined]  # a mixin: the Screen it joins has .app
        if hasattr(app, "check_size"):
            app.check_size()
        # Textual answers a screen's Resize by laying it out again, and the screens seen below
        # it. A new screen's first layout sends it one too, at the size it was just laid out at:
        # a second full layout of every screen in view for each dialog or report opened. When
        # every screen already has this size there is nothing to redo (a terminal resized is
        # still laid out: the screens have the old size then).
        if all(screen.outer_size == event.size for screen in app.screen_stack):
            event.prevent_default()


class CatchesUp:
    """A screen the campaign changed under while another covered it (the app marks it stale
    rather than redraw what nobody sees) redraws when it is shown again."""

    stale = False
    _shown_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_once:
            # Shown for the first time: its widgets were styled as they mounted, a moment ago,
            # and Textual would style every one of them again (what changed since, a focus or
            # a class, restyles its own widgets).
            self._shown_once = True
            event.refresh_styles = False
        if self.stale:
            self.stale = False
            self.refresh_state()

    def refresh_state(self) -> None:
        """The campaign changed (the screens override it)."""


class NimitzScreen(SizeAware, CatchesUp, Screen):
    """A full screen of the game."""

    help_topic = "general"

    @property
    def napp(self) -> NimitzApp:
        return cast("NimitzApp", self.app)  # Textual types it App[object]; ours is always a NimitzApp

    def refresh_state(self) -> None:
        """The campaign changed: redraw from the controller's game (override)."""


class NimitzModal(SizeAware, CatchesUp, ModalScreen):
    """A dialog over the current screen; Esc closes it, ? opens the help for its step."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "app.help", "Help", key_display="?")]
    help_topic = "general"

    @property
    def napp(self) -> NimitzApp:
        return cast("NimitzApp", self.app)  # Textual types it App[object]; ours is always a NimitzApp

    def action_close(self) -> None:
        self.dismiss(None)

    def refresh_state(self) -> None:
        """The campaign changed (override)."""


class RequestDialog(NimitzModal):
    """A dialog that answers one kind of request. It stays open while `keeps` says so (e.g. the
    shop after each purchase) and shows refusals inline."""

    kind = ""
    BINDINGS = [Binding("escape", "close", "Close"), Binding("a", "auto", "Auto")]

    @property
    def help_topic(self) -> str:  # type: ignore[override]  # a plain class attribute on the bases
        return self.kind or "general"

    def keeps(self, request: Request | None) -> bool:
        """Stay open for this new request? (default: never)"""
        return False

    def on_mount(self) -> None:
        """The guided first turn's hint at the top of the dialog: the dialog covers the
        campaign screen's own hint line (Textual runs this before a subclass's on_mount)."""
        from nimitz.tui.helptext import guide_hint

        request = self.napp.controller.request
        if not self.napp.guided or request is None or self.game.state.turn != 1:
            return
        hint = guide_hint(request.kind)
        dialogs = self.query("#dialog")
        if hint and dialogs:
            dialogs.first().mount(Static(Text.assemble(("Hint: ", "bold"), hint), classes="guide-hint"), before=0)

    def action_auto(self) -> None:
        """The request's own 'auto' answer when it has one (R15 allocation...), else the
        scripted player's answer."""
        from nimitz.tui.messages import AutoDecide, Decide

        request = self.napp.controller.request
        auto = (
            next((o.decision for o in request.options if o.decision.choice == "auto"), None)
            if request is not None
            else None
        )
        self.post_message(Decide(auto) if auto is not None else AutoDecide())

    def show_error(self, message: str) -> None:
        try:
            box = self.query_one("#error", Static)
        except Exception:
            self.notify(message, severity="error", title="Refused")
            return
        t = Text("✗ Refused: ", style="bold")
        t.append(message)
        show(box, t)
        box.remove_class("-note")
        box.display = True

    def show_note(self, title: str, message: str) -> bool:
        """A line of ours where refusals go (what auto chose and why, while the dialog stays
        open); False if the dialog has no such line."""
        try:
            box = self.query_one("#error", Static)
        except Exception:
            return False
        t = Text(f"{title}: ", style="bold")
        t.append(message)
        show(box, t)
        box.add_class("-note")  # not in a refusal's colours
        box.display = True
        return True

    def clear_error(self) -> None:
        try:
            box = self.query_one("#error", Static)
        except Exception:
            return
        show(box, "")
        box.display = False

    @property
    def game(self) -> Game:
        return self.napp.controller.game

    def recent_widget(self) -> Static:
        text = self.recent_text()
        widget = Static(text, id="recent", classes="recent")
        widget.display = bool(text.plain)
        return widget

    def recent_text(self) -> Text:
        """The battle events since the last decision (what led to this question)."""
        from nimitz.tui.battle_view import since_last_decision

        lines = since_last_decision(self.game.journal)
        t = Text()
        for i, line in enumerate(lines):
            if i:
                t.append("\n")
            t.append("» ", style="bold")
            t.append(line if len(line) <= 140 else line[:139] + "…", style="dim")
        return t
