"""The optional rules in the TUI (docs/optional-rules.md): chosen on the new-game dialog, any
mix of them as with `nimitz new --option`."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import run

from nimitz.tui.app import NimitzApp
from nimitz.tui.widgets.toggle_row import ToggleRow


@pytest.mark.parametrize(
    "keys,options",
    [
        ((), []),
        (("space",), ["fog-of-war"]),
        (("right", "space", "right", "right", "space"), ["weather", "variable-end"]),
        (
            ("space", "right", "x", "right", "space", "right", "space"),
            ["fog-of-war", "weather", "events", "variable-end"],
        ),
        (("right", "right", "space", "space"), []),  # ticked and unticked again
    ],
)
def test_new_campaign_dialog_ticks_any_mix_of_optional_rules(tmp_path: Path, keys, options) -> None:
    """The new-game dialog's Optional row: ←/→ move, space (or x) ticks; the campaign is created
    with exactly the ticked rules, saved in the table's order."""
    app = NimitzApp(tmp_path, new_campaign=True)

    async def check(app: NimitzApp, pilot) -> None:
        app.screen.query_one("#optional", ToggleRow).focus()
        await pilot.press(*keys)
        assert app.screen.query_one("#optional", ToggleRow).values == options
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller.game.state.rules.options == options

    run(check, app)


@pytest.fixture
def all_four(tmp_path: Path) -> Path:
    """A 1942 campaign with every optional rule, at its first question."""
    from nimitz.model.optional_rules import OPTION_NAMES
    from nimitz.tui.controller import Controller

    Controller(tmp_path).create(1942, 7, "rulebook", "all", options=list(OPTION_NAMES))
    return tmp_path


def _opened(folder: Path) -> NimitzApp:
    return NimitzApp(folder, open_path=folder / "all.nimitz.json")


def test_help_explains_the_campaigns_optional_rules(all_four: Path) -> None:
    """Help (?) on any step of a campaign with optional rules explains each of them, with the
    numbers of campaigns/optional_rules.toml; the title's help names the Optional row."""
    from nimitz.tui.helptext import help_for
    from nimitz.tui.screens.help import HelpScreen

    app = _opened(all_four)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(app.screen.paragraphs)
        for name in ("Fog of war (R85, R86)", "Weather (R80, R81)", "Events (R82, R83)", "Variable end (R84)"):
            assert name in text
        assert "Bad: battle length and recon peeks -2, every aircraft attack value -1" in text
        assert "after turn 5 a d6 ends the campaign there on a 1 or 2" in text

    run(check, app)
    assert any("Optional:" in p and "space ticks" in p for p in help_for("title")[1])


def test_status_line_shows_this_turns_weather_and_event(all_four: Path) -> None:
    """The status line names this turn's weather and event (R80, R82), beside the SP."""
    from nimitz.tui.widgets.status_bar import StatusBar

    app = _opened(all_four)

    async def check(app: NimitzApp, pilot) -> None:
        while not app.screen.query(StatusBar):  # the briefing is shown first
            await pilot.press("escape")
            await pilot.pause()
        state = app.controller.game.state
        event = app.controller.data.optional_rules.events.for_roll(state.variant.event).name
        line = str(app.screen.query_one(StatusBar).render()).splitlines()[0]
        assert f"weather {state.variant.weather}; event: {event}" in line

    run(check, app, size=(160, 40))


def test_replay_waits_for_the_end_of_a_fog_of_war_campaign(all_four: Path) -> None:
    """R86: the replay would show every Japanese force, so under fog of war it is refused, with
    a message, while the campaign goes on."""
    from nimitz.tui.screens.message import MessageDialog
    from nimitz.tui.screens.replay import ReplayScreen

    app = _opened(all_four)

    async def check(app: NimitzApp, pilot) -> None:
        app.open_replay()
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog) and "fog of war" in app.screen.body
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)

    run(check, app)


def test_a_click_ticks_the_optional_rule_under_it(tmp_path: Path) -> None:
    """The mouse too: a click on an item of the Optional row ticks that one."""
    app = NimitzApp(tmp_path, new_campaign=True)

    async def check(app: NimitzApp, pilot) -> None:
        row = app.screen.query_one("#optional", ToggleRow)
        start = len(row._head()) + row._widths()[0]  # where "[ ] weather" begins
        await pilot.click("#optional", offset=(start + 4, 0))
        assert row.values == ["weather"]

    run(check, app)


def test_scouting_counts_only_the_chips_under_fog(tmp_path: Path) -> None:
    """R86: the scouting dialog shows a hidden stack as chips ('3?'), never its real count or
    the names of its forces."""
    from textual.widgets import OptionList

    from nimitz.engine.fog import area_view, hidden_forces, seen_count
    from nimitz.model.journal import Decision
    from nimitz.tui.controller import Controller
    from nimitz.tui.screens.scouting import ScoutingDialog

    ctl = Controller(tmp_path)
    ctl.create(1942, 11, "rulebook", "all", options=["fog-of-war"])
    ctl.answer(Decision("buy_scouting", count=2))
    ctl.answer(Decision("end_resupply"))
    ctl.close()
    app = _opened(tmp_path)

    async def check(app: NimitzApp, pilot) -> None:
        assert app.controller.request.kind == "scouting"
        app.push_screen(ScoutingDialog())
        await pilot.pause()
        state = app.controller.game.state
        shown = app.screen.query_one("#areas", OptionList)
        lines = [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]
        hidden = [line for line in lines if "(hidden stack)" in line]
        assert hidden and not any("unmoved JA" in line for line in hidden)
        for line in hidden:
            code = line.split()[1]
            assert area_view(state, code) is not None and f"JA {seen_count(state, code)} (hidden stack)" in line
        first = lines.index(hidden[0])
        shown.highlighted = first
        await pilot.pause()
        detail = str(app.screen.query_one("#scout-detail").render())
        assert "unknown chips" in detail
        assert not any(state.forces[f].name in detail for f in hidden_forces(state))

    run(check, app)
