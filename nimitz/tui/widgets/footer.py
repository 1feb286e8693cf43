"""Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer recomposes (a widget per key, mounted and styled) on every bindings signal: each
focus change, each `refresh_bindings`, each state pushed down. Most change nothing it shows. Its
keys also start `compact` and are bound to the footer's value after mounting: a class added then
removed, two style passes per key. Together that was about a third of a key press's time. And
it composes its keys only after the screen's first layout, which then lays out again.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    _shown: tuple | None = None  # the keys composed last

    def keys_shown(self, screen: Screen) -> tuple:
        """What the footer draws: per action the first of its keys (as Textual's footer), and the
        palette's key. Compared as drawn, not binding by binding: a key the focused widget
        shadows (a list's Enter over the screen's Enter: Close) changes nothing shown while
        another key of the same action is still there."""
        shown: dict[str, tuple] = {}
        palette = None
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if binding.key == self.app.COMMAND_PALETTE_BINDING:
                palette = (binding.key, binding.description, enabled, tooltip)
            if binding.show and binding.action not in shown:
                shown[binding.action] = (binding.key, binding.key_display, binding.description, enabled, tooltip)
        return (self.compact, self.show_command_palette, tuple(shown.items()), palette)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready and self.is_attached:
            # The keys at once, in the screen's first layout: Textual's footer waits for a
            # bindings signal after mounting, then recomposes (one more layout per screen).
            self.set_reactive(Footer._bindings_ready, True)
        if self._bindings_ready:
            self._shown = self.keys_shown(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):  # not bound
                widget.set_reactive(FooterKey.compact, self.compact)  # as it will be bound
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """As Textual's, but only when what it shows changed (and once for several signals)."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        shown = self.keys_shown(screen)
        if shown != self._shown:
            self._shown = shown
            self.call_after_refresh(self.recompose)
