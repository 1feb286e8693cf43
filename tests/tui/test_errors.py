"""Error flows: a save that cannot be loaded shows its message (never a traceback), a refused
move shows the rule and changes nothing, a terminal below 80x24 says so, an engine failure
reopens the campaign from its save."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import run, screen_text, stack, top

from nimitz.model.journal import Decision
from nimitz.persist.saves import state_hash
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller


def test_a_broken_save_shows_its_message_in_the_load_list(saves: Path, campaign: Path) -> None:
    (saves / "broken.nimitz.json").write_text("{ this is not json", encoding="utf-8")
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("o")
        await pilot.pause()
        assert top(app) == "LoadDialog"
        text = screen_text(app)
        assert "✗ broken" in text and "test-1942" in text
        names = [i.name for i in app.screen.infos]
        await pilot.press(*["down"] * names.index("broken"), "enter")
        await pilot.pause()
        assert top(app) == "LoadDialog"  # still there, with the reason
        text = screen_text(app)
        assert "not a nimitz save" in text and "invalid JSON" in text
        assert "Traceback" not in text
        assert app.controller.session is None
        await pilot.press("home")
        await pilot.press(*["down"] * names.index("test-1942"), "enter")
        await pilot.pause()
        assert stack(app)[:2] == ["TitleScreen", "CampaignScreen"]
        assert app.controller.session.name == "test-1942"

    run(check, app)


def test_opening_a_damaged_save_directly_shows_the_message(saves: Path, campaign: Path) -> None:
    bad = saves / "damaged.nimitz.json"
    bad.write_text(campaign.read_text(encoding="utf-8")[:500], encoding="utf-8")
    app = NimitzApp(saves, open_path=bad)

    async def check(app: NimitzApp, pilot) -> None:
        assert stack(app) == ["TitleScreen", "MessageDialog"]
        text = screen_text(app)
        assert "This save cannot be opened" in text and "damaged" in text
        assert "Traceback" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "TitleScreen"

    run(check, app)


def test_a_refused_move_shows_the_rule_and_changes_nothing(saves: Path, at_movement: Path) -> None:
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        game = app.controller.game
        assert top(app) == "CampaignScreen" and app.controller.request.kind == "movement"
        before = (state_hash(game.state), len(game.journal))
        await pilot.press("enter")  # HI is selected
        await pilot.pause()
        dialog = app.screen
        assert top(app) == "MoveDialog"
        forces = dialog.query_one("#forces")
        index = [v for v, _, _ in forces._items].index("US:11th BG")
        await pilot.press(*["down"] * index, "space", "enter")
        await pilot.press("down", "down", "down")  # WC, AK, MI, WI: no US base at WI
        await pilot.pause()
        assert "✗" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "MoveDialog"
        text = screen_text(app)
        assert "Refused" in text and "LBA may only move" in text and "(US Movement)" in text
        assert (state_hash(game.state), len(game.journal)) == before
        assert game.state.forces["US:11th BG"].location == "HI"
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) == "CampaignScreen"

    run(check, app)


def test_a_small_terminal_says_so_until_it_grows(saves: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        assert top(app) == "TooSmallScreen"
        text = screen_text(app)
        assert "too small" in text and "60x20" in text and "80x24" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        await pilot.pause()
        assert top(app) == "TitleScreen"

    run(check, app, size=(60, 20))


def test_an_engine_failure_reopens_the_campaign_from_its_save(saves: Path, campaign: Path, data, monkeypatch) -> None:
    ctl = Controller(saves, data)
    ctl.open(campaign)
    before = state_hash(ctl.game.state)

    def broken_engine():
        yield None  # (started below, as the game's engine is while a request waits)
        raise RuntimeError("simulated engine bug")  # mid-decision, after the journal has the decision

    engine = broken_engine()
    next(engine)
    monkeypatch.setattr(ctl.game, "_engine", engine)  # this game only: the reopened one has its own
    outcome = ctl.answer(Decision("end_resupply"))
    assert not outcome.ok and outcome.reopened
    assert "simulated engine bug" in outcome.error and "Nothing was lost" in outcome.error
    assert state_hash(ctl.game.state) == before
    assert ctl.request.kind == "resupply"


def test_an_illegal_decision_is_refused_with_its_rule(saves: Path, campaign: Path, data) -> None:
    ctl = Controller(saves, data)
    ctl.open(campaign)
    n = len(ctl.game.journal)
    outcome = ctl.answer(Decision("buy_scouting", count=7))
    assert not outcome.ok and "R9" in outcome.error and outcome.rule == "R9"
    assert len(ctl.game.journal) == n


def test_undo_goes_back_one_decision_without_rerolling(saves: Path, campaign: Path) -> None:
    app = NimitzApp(saves, open_path=campaign)

    async def check(app: NimitzApp, pilot) -> None:
        game = app.controller.game
        before = state_hash(game.state)
        await pilot.press("enter")  # buy in the shop that opened by itself
        await pilot.pause()
        assert state_hash(app.controller.game.state) != before
        await pilot.press("escape", "u", "y")
        await pilot.pause()
        assert state_hash(app.controller.game.state) == before
        assert app.controller.request.kind == "resupply"

    run(check, app)


def test_nimitz_new_opens_the_new_campaign_dialog(saves: Path) -> None:
    app = NimitzApp(saves, new_campaign=True)

    async def check(app: NimitzApp, pilot) -> None:
        assert stack(app) == ["TitleScreen", "NewCampaignDialog"]
        await pilot.press("right", "enter")  # 1943
        await pilot.pause()
        assert app.controller.game.state.year == 1943

    run(check, app)
