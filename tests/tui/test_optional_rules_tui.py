"""The optional rules in the TUI (docs/optional-rules.md): chosen on the new-game dialog."""

from __future__ import annotations

from pathlib import Path

from conftest import run

from nimitz.tui.app import NimitzApp
from nimitz.tui.screens.new_campaign import OPTIONAL_SETS
from nimitz.tui.widgets.choice_row import ChoiceRow


def test_new_campaign_dialog_offers_optional_rules(tmp_path: Path) -> None:
    """The new-game dialog's Optional row creates the campaign with those options (saved)."""
    app = NimitzApp(tmp_path, new_campaign=True)

    async def check(app: NimitzApp, pilot) -> None:
        app.screen.query_one("#optional", ChoiceRow).focus()
        await pilot.press(*["right"] * (len(OPTIONAL_SETS) - 1), "enter")  # the last: all four
        await pilot.pause()
        assert app.controller.game.state.rules.options == list(OPTIONAL_SETS[-1][2])

    run(check, app)
