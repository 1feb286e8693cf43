"""A whole 1942 turn played by keys only, through the real screens: new campaign, resupply,
scouting, movement, the JA orders, the battles, the end of the turn; the game state is checked
after each step, screenshots are saved and read back, and quitting then reopening loses
nothing."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import run, screen_text, stack, top

from nimitz.engine.campaign import battle_areas
from nimitz.model.state import US_POOL
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import state_hash
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import is_battle_kind


async def answer_battles(app: NimitzApp, pilot, shots: Path) -> dict:
    """Answer every battle question by keys until the campaign leaves the battles."""
    seen: dict[str, int] = {}
    game = app.controller.game
    for _ in range(400):
        request = app.controller.request
        kind = request.kind if request else ""
        name = top(app)
        in_battle = (
            is_battle_kind(kind) or kind == "battle_order" or name in ("BattleScreen", "BattleResultScreen")
        )  # the last beats are seen after the last answer
        if name == "ReportScreen" or not in_battle:
            if name == "ReportScreen" and "Battle in" in screen_text(app):
                seen["battle report"] = seen.get("battle report", 0) + 1
            if not in_battle:
                return seen
            await pilot.press("enter")
            await pilot.pause()
            continue
        seen[name] = seen.get(name, 0) + 1
        if name == "BattleScreen":
            if "BattleScreen" not in seen.get("shot", ""):
                app.save_screenshot("battle.svg", str(shots))
                seen["shot"] = "BattleScreen"
            await pilot.press("enter")  # opens the question's dialog
        elif name == "PlansDialog":
            assert "Battle plans for the battle in" in screen_text(app)
            await pilot.press("escape")  # look at the board first...
            await pilot.pause()
            assert top(app) == "BattleScreen"
            if "battle.svg" not in seen.get("shot", ""):
                app.save_screenshot("battle.svg", str(shots))
                seen["shot"] = "battle.svg"
            await pilot.press("enter")  # ...then back to the plans
            await pilot.pause()
            assert top(app) == "PlansDialog"
            sp = game.state.sp
            await pilot.press("down", "space", "enter")  # buy Anti-Aircraft with the free BPP
            await pilot.pause()
            assert game.state.sp == sp
        elif name in ("AssignDialog", "ChoiceDialog"):
            await pilot.press("enter")
        elif name == "BattleResultScreen":
            assert "is over" in screen_text(app) and "forces lost" in screen_text(app)
            seen["battle report"] = seen.get("battle report", 0) + 1
            await pilot.press("enter")
        elif name == "HitsDialog" or name == "PickDialog":
            await pilot.press("a")
        else:
            raise AssertionError(f"unexpected screen {stack(app)} for {kind}")
        await pilot.pause()
    raise AssertionError("the battles did not end")


def test_a_whole_1942_turn_by_keys(saves: Path, tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    app = NimitzApp(saves)

    async def play(app: NimitzApp, pilot) -> None:
        assert top(app) == "TitleScreen"
        # --- new campaign: year 1942 (default), seed 7 ------------------------------------------
        await pilot.press("n")
        await pilot.pause()
        assert top(app) == "NewCampaignDialog"
        await pilot.press("down", "down", "down", "7", "enter")
        await pilot.pause()
        game = app.controller.game
        assert game.state.year == 1942 and game.state.turn == 1
        assert app.controller.session.seed == 7
        assert (saves / "campaign-1942.nimitz.json").exists()
        # --- US Resupply: the shop opens by itself ----------------------------------------------
        assert stack(app)[-2:] == ["CampaignScreen", "ResupplyDialog"]
        assert game.state.sp == 21
        pool_before = {f.id for f in game.state.at(US_POOL)}
        await pilot.press("enter")  # buy the highlighted (cheapest) reinforcement
        await pilot.pause()
        bought = pool_before - {f.id for f in game.state.at(US_POOL)}
        assert len(bought) == 1
        cost = game.sheet.cls[game.state.forces[bought.pop()].cls].buy_cost
        assert game.state.sp == 21 - cost
        await pilot.press("plus", "plus")
        await pilot.pause()
        assert game.state.scouting_points == 2
        assert game.state.sp == 21 - cost - 2
        assert top(app) == "ResupplyDialog"  # the shop stays open between purchases
        await pilot.press("d")
        await pilot.pause()
        # --- US Scouting: two points on the first area ------------------------------------------
        assert app.controller.request.kind == "scouting"
        assert top(app) == "ScoutingDialog"
        area = app.controller.request.info["areas"][0]
        await pilot.press("enter", "enter", "enter")  # +1, +1, confirm
        await pilot.pause()
        scouted = [e for e in game.journal if e.step == "scouting" and e.kind == "bot" and "order" in e.data]
        assert scouted and all(e.data["area"] == area for e in scouted)
        assert top(app) == "ReportScreen" and "Scouted orders" in screen_text(app)
        await pilot.press("end", "enter")
        await pilot.pause()
        # --- US Movement: on the map ------------------------------------------------------------
        assert app.controller.request.kind == "movement"
        assert top(app) == "CampaignScreen"
        mapview = app.screen.query_one("#campaign-map")
        assert mapview.selected == "HI"
        await pilot.press("up")  # the map selection moves with the arrows and hjkl
        assert mapview.selected != "HI"
        await pilot.press("j")
        assert mapview.selected == "HI"
        app.save_screenshot("campaign.svg", str(shots))
        text = (shots / "campaign.svg").read_text()
        for needle in ("US&#160;Movement", "HI", "Hawaiian", "Resup", "SP&#160;"):
            assert needle in text
        await pilot.press("enter")  # move forces from HI
        await pilot.pause()
        assert top(app) == "MoveDialog"
        await pilot.press("space", "enter")  # pick Lexington (first), go to the destinations
        await pilot.press("down", "down", "enter")  # WC, AK, MI: Midway
        await pilot.pause()
        assert game.state.forces["US:Lexington"].location == "MI"
        assert game.state.forces["US:Lexington"].moved
        assert top(app) == "CampaignScreen"
        await pilot.press("e", "y")  # end movement: the JA orders follow
        await pilot.pause()
        # --- JA Orders, area by area ------------------------------------------------------------
        orders = [e for e in game.journal if e.step == "orders" and e.kind == "bot"]
        assert len(orders) > 3
        assert top(app) == "ReportScreen"
        await pilot.press("n")  # the first real order (the list starts with the area order)
        await pilot.pause()
        app.save_screenshot("orders.svg", str(shots))
        text = screen_text(app)
        assert "Chart row" in text and "Roll" in text and "JA track" in text
        await pilot.press("end")  # skip to the end
        await pilot.pause()
        assert app.screen.query_one("#report-list").highlighted == len(app.screen.entries) - 1
        await pilot.press("enter")
        await pilot.pause()
        # --- the battles ------------------------------------------------------------------------
        fought_before = game.state.battles_fought
        expected = len(battle_areas(game))
        seen = await answer_battles(app, pilot, shots)
        assert expected and game.state.battles_fought - fought_before >= expected
        assert seen.get("BattleScreen", 0) + seen.get("PlansDialog", 0) > 0
        assert game.state.battle is None
        while top(app) == "BattleResultScreen":
            await pilot.press("enter")  # the last battle's report
            await pilot.pause()
        # --- after the battles: the end-of-turn report, then turn 2 -----------------------------
        assert game.state.turn == 2 and game.state.step == "resupply"
        assert len(game.state.held_history) == 1
        assert top(app) == "ReportScreen" and "End of turn 1" in screen_text(app)
        assert "Supply check" in screen_text(app) or any(e.step == "supply" for e in app.screen.entries)
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ResupplyDialog" and game.state.sp >= 21
        # --- help for the current step ----------------------------------------------------------
        await pilot.press("question_mark")
        await pilot.pause()
        assert top(app) == "HelpScreen"
        app.save_screenshot("help.svg", str(shots))
        await pilot.press("escape", "escape")  # help, then the shop
        await pilot.pause()
        assert top(app) == "CampaignScreen"
        # --- quitting loses nothing -------------------------------------------------------------
        app._saved_hash = state_hash(game.state)  # type: ignore[attr-defined]
        app._saved_len = len(game.journal)  # type: ignore[attr-defined]
        await pilot.press("q")  # back to the title screen
        await pilot.pause()
        assert top(app) == "TitleScreen"
        await pilot.press("q")

    run(play, app)
    help_svg = (shots / "help.svg").read_text()
    assert "Help:&#160;US&#160;Resupply" in help_svg
    assert "Battle&#160;in" in (shots / "battle.svg").read_text()
    assert "Chart&#160;row" in (shots / "orders.svg").read_text()
    reopened = Session.open(saves / "campaign-1942.nimitz.json", app.controller.data)
    assert state_hash(reopened.game.state) == app._saved_hash  # type: ignore[attr-defined]
    assert len(reopened.game.journal) == app._saved_len  # type: ignore[attr-defined]
