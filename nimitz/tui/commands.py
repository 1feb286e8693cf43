"""The command palette (Ctrl+P) reaches every command of the game through this Provider."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class NimitzCommands(Provider):
    """Asks the app which commands make sense now (app.palette_commands) and matches them."""

    def _commands(self):
        get = getattr(self.app, "palette_commands", None)
        return get() if get is not None else []

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            if title.startswith(("Go to ", "Move forces from ")):
                continue  # 40 of them: found by typing, not listed up front
            yield DiscoveryHit(title, partial(callback), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(callback), text=title, help=help_text)
