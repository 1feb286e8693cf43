"""What a key redraws (issue 11: key press to screen updated within 50 ms at the median). Times
are never asserted; what is checked is that a screen is not built or laid out twice for nothing."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import run, screen_text, top

from nimitz.tui.app import NimitzApp
from nimitz.tui.widgets.footer import KeysFooter


def test_a_report_composes_its_footer_once(saves: Path, at_movement: Path, monkeypatch) -> None:
    """The list a report focuses shadows the report's own Enter and End: the footer, which
    draws one key per action (esc Close, G Skip to end), is not rebuilt for it."""
    composed: list[str] = []
    compose = KeysFooter.compose

    def counted(self):
        composed.append(type(self.screen).__name__)
        return compose(self)

    monkeypatch.setattr(KeysFooter, "compose", counted)

    async def t(app: NimitzApp, pilot) -> None:
        await pilot.press("e", "y")  # end movement: the JA orders follow
        await pilot.pause()
        assert top(app) == "ReportScreen"
        assert isinstance(app.screen.focused, type(app.screen.query_one("#report-list")))
        text = screen_text(app)
        assert "esc Close" in text and "G Skip to end" in text
        assert composed.count("ReportScreen") == 1

    run(t, NimitzApp(saves, at_movement))


def test_an_answered_dialog_is_not_redrawn_before_it_closes(saves: Path, campaign: Path, monkeypatch) -> None:
    """After `a` in the shop (resupply, then scouting: another dialog), the shop is closed by the
    routing without being drawn again."""
    from nimitz.tui.screens.resupply import ResupplyDialog

    redrawn: list[str] = []
    refresh_state = ResupplyDialog.refresh_state

    def counted(self) -> None:
        redrawn.append(self.napp.controller.request.kind if self.napp.controller.request else "")
        refresh_state(self)

    monkeypatch.setattr(ResupplyDialog, "refresh_state", counted)

    async def t(app: NimitzApp, pilot) -> None:
        while top(app) == "ResupplyDialog":
            await pilot.press("a")
            await pilot.pause()
        assert top(app) == "ScoutingDialog"
        assert "scouting" not in redrawn  # drawn for the shop's requests only

    run(t, NimitzApp(saves, campaign))
