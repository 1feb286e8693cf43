"""The other screens: the command palette, the log with its filters and explanations, the
reference, a battle resumed from its save, the end of a campaign, 80x24 and NO_COLOR."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import run, screen_text, stack, top

from nimitz.model.journal import Decision
from nimitz.policies import get_policy
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller, is_battle_kind
from nimitz.tui.explain import entry_body


def _play_until(saves: Path, data, stop) -> Path:
    """A 1942 campaign (seed 7) played by the sensible policy until `stop(request)`."""
    ctl = Controller(saves, data)
    session = ctl.create(1942, 7, "map", "played")
    policy = get_policy("sensible")
    for _ in range(3000):
        request = ctl.request
        if request is None or stop(request):
            break
        outcome = ctl.answer(policy(request, ctl.game))
        assert outcome.ok, outcome.error
    return session.path


def test_the_campaign_screen_fits_80x24_with_every_area(saves: Path, at_movement: Path) -> None:
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        assert top(app) == "CampaignScreen"
        await pilot.pause(0.3)  # the footer recomposes after the first layout
        text = screen_text(app)
        for area in app.controller.data.map.areas:
            assert area.code in text, area.code
        for needle in ("US Movement", "SP 21", "JA track", "[Move]", "Enter: move forces", "? Help"):
            assert needle in text, needle
        await pilot.press("i")  # the whole area, values included
        await pilot.pause()
        assert top(app) == "AreaDialog" and "Lexington CV" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        mapview = app.screen.query_one("#campaign-map")
        x, y, _, _ = mapview.region_of("NG")
        await pilot.click("#campaign-map", offset=(x + 2, y))  # the mouse works too: NG
        await pilot.pause()
        assert mapview.selected == "NG"
        await pilot.click("#campaign-map", offset=(x + 2, y))  # a second click acts on it
        await pilot.pause()
        assert top(app) == "MoveDialog" and app.screen.area == "NG"

    run(check, app, size=(80, 24))


def test_no_color_keeps_every_mark(saves: Path, at_movement: Path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        assert app.no_color
        text = screen_text(app)
        assert "▶HI◆U" in text  # selection arrow, objective diamond, holder letter
        assert "BO·x!" in text  # contested, battle due
        await pilot.press("enter", "space")
        await pilot.pause()
        assert "[x] Lexington" in screen_text(app)

    run(check, app)


def test_the_command_palette_reaches_the_commands(saves: Path, at_movement: Path) -> None:
    app = NimitzApp(saves, open_path=at_movement)

    async def check(app: NimitzApp, pilot) -> None:
        titles = [t for t, _, _ in app.palette_commands()]
        for needle in (
            "New campaign",
            "Load campaign",
            "Log",
            "Reference",
            "Help",
            "End movement",
            "Auto-answer",
            "Undo last decision",
            "Go to NG New Guinea",
            "Move forces from AU Australia",
            "Quit",
        ):
            assert needle in titles, needle
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Go to NG")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "CampaignScreen"
        assert app.screen.query_one("#campaign-map").selected == "NG"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Reference")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ReferenceScreen"

    run(check, app)


def test_the_log_filters_and_expands_explanations(saves: Path, data) -> None:
    path = _play_until(saves, data, lambda r: r.kind == "resupply" and r.info.get("sp", 0) > 21)
    app = NimitzApp(saves, open_path=path)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("escape")  # the shop opened by itself
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        assert top(app) == "LogScreen"
        log = app.screen
        assert log.turn is None  # everything, the cursor on the latest entry
        tree = log.query_one("#log-tree")
        assert tree.cursor_node is tree.root.children[-1]
        await pilot.press("t", "t")  # turns cycle: all, 0 (set-up), 1, 2
        assert log.turn == 1
        while log.step != "orders":
            await pilot.press("s")
        await pilot.press("w", "w")
        assert log.side == "JA"
        tree = log.query_one("#log-tree")
        entries = [n.data for n in tree.root.children]
        assert entries and all(e.step == "orders" and e.side == "JA" and e.turn == 1 for e in entries)
        index = next(i for i, e in enumerate(entries) if "order" in e.data and "roll" in e.data)
        tree.move_cursor(tree.root.children[index])
        await pilot.press("enter")
        await pilot.pause()
        node = tree.root.children[index]
        assert node.is_expanded and node.children
        text = screen_text(app)
        assert "Chart row" in text and "JA track" in text
        await pilot.press("0")
        assert log.turn is None and log.step is None and log.side is None

    run(check, app)


def test_the_reference_shows_tables_and_rulings(saves: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("R")
        await pilot.pause()
        assert top(app) == "ReferenceScreen"
        assert "JA orders chart" in screen_text(app)
        for _ in range(8):
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "R1" in text and "Order modifiers" in text and "R12" in text
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) == "TitleScreen"

    run(check, app)


def test_a_battle_resumes_on_the_battle_screen(saves: Path, data) -> None:
    path = _play_until(saves, data, lambda r: is_battle_kind(r.kind))
    app = NimitzApp(saves, open_path=path)

    async def check(app: NimitzApp, pilot) -> None:
        assert "BattleScreen" in stack(app)
        await pilot.press("escape")  # the question's dialog: look at the board
        await pilot.pause()
        assert top(app) == "BattleScreen"
        text = screen_text(app)
        for needle in (
            "Battle in",
            "1-2 Japanese Ocean",
            "3-5 Island",
            "Foxholes",
            "Beaches",
            "Airfields",
            "6 Coastal",
            "7-10 US Ocean",
        ):
            assert needle in text, needle
        kind = app.controller.request.kind
        await pilot.press("a")  # the automatic answer
        await pilot.pause()
        assert (
            app.controller.request is None
            or app.controller.request.kind != kind
            or len(app.controller.game.journal) > 0
        )

    run(check, app)


def test_the_end_of_a_campaign_shows_its_evaluation(saves: Path, data) -> None:
    path = _play_until(saves, data, lambda r: False)
    app = NimitzApp(saves, open_path=path)

    async def check(app: NimitzApp, pilot) -> None:
        assert app.controller.game.finished
        assert top(app) == "EndScreen"
        text = screen_text(app)
        result = app.controller.game.state.result
        assert "The campaign is over" in text and result.split(":")[0] in text
        assert "Evaluation" in text
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) == "CampaignScreen" and "over" in screen_text(app).lower()

    run(check, app)


def test_the_end_screen_says_why_it_ended_what_each_side_lost_and_where_the_report_is(saves: Path, data) -> None:
    """A campaign cut short (Hawaii lost, R21, or the commander replaced) says why in a sentence;
    the losses of both sides are counted by kind; the after-action report is named."""
    from nimitz.views.aar import battle_losses, result_reason

    path = _play_until(saves, data, lambda r: False)
    app = NimitzApp(saves, open_path=path)

    async def check(app: NimitzApp, pilot) -> None:
        assert top(app) == "EndScreen"
        game = app.controller.game
        state, sheet = game.state, game.sheet
        assert state.result.startswith(("Defeat", "Replaced")), "seed 7 ends early: the case to explain"
        text = " ".join(screen_text(app).split())
        assert " ".join(result_reason(state, sheet)[1].split()) in text
        fought, losses = battle_losses(game.journal, state, sheet)
        assert fought > 0 and losses["US"] and losses["JA"]
        assert f"Losses in {fought} battles" in text
        assert f"US: {sum(losses['US'].values())} (" in text and f"Japan: {sum(losses['JA'].values())} (" in text
        assert "nimitz aar played" in text

    run(check, app, size=(120, 60))


def test_new_campaign_dialog_sets_the_r24_ja_ties_option(saves: Path) -> None:
    """The new-campaign dialog's last choice row puts R24's 'player' option in the profile, and
    the dialog still fits at 80x24."""
    app = NimitzApp(saves)

    async def play(app: NimitzApp, pilot) -> None:
        await pilot.press("n")
        await pilot.pause()
        assert top(app) == "NewCampaignDialog"
        await pilot.press("down", "down", "down", "down", "down", "right", "enter")
        await pilot.pause()
        assert app.controller.game.state.rules.ja_ties == "player"

    run(play, app, size=(80, 24))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_new_campaign_dialog_offers_the_difficulty_presets_with_their_chance(saves: Path, size) -> None:
    """Issue 13: the Difficulty row (second field) lists the presets; the dialog shows the chosen
    preset's changes from Rulebook and its measured chance, and the campaign gets its options."""
    from nimitz.model.difficulty import load_difficulties

    app = NimitzApp(saves)

    async def play(app: NimitzApp, pilot) -> None:
        await pilot.press("n")
        await pilot.pause()
        text = screen_text(app)
        assert "Difficulty" in text and "Rulebook" in text and "Historical or better in 1942" in text
        await pilot.press("down", "right", "right", "right")  # Rulebook -> Cadet
        await pilot.pause()
        text = screen_text(app)
        cadet_supply = load_difficulties().rules("cadet").extra_supply  # the data's handicap
        assert "Cadet" in text and f"SP/turn +{cadet_supply}" in text
        assert "Start" in text  # the buttons still fit
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller.game.state.rules == load_difficulties().rules("cadet")

    run(play, app, size=size)


def test_advice_key_shows_the_expert_choice_from_a_worker(at_movement: Path, saves: Path) -> None:
    """Issue 13: A computes the expert's advice in a worker and shows it beside the decision;
    a (auto) answers with the expert and says why."""
    app = NimitzApp(saves, open_path=at_movement)

    async def play(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        journal = len(app.controller.game.journal)
        await pilot.press("A")
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("Expert: ") and "objectives" in m for m in messages), messages
        assert len(app.controller.game.journal) == journal  # advice changes nothing
        app.clear_notifications()
        await pilot.press("a")
        await pilot.pause()
        assert len(app.controller.game.journal) > journal
        # in movement the reason takes the decision line's place, not a notice over the map
        assert "The expert chose: " in str(app.screen.query_one("#decision").render())
        assert not any(n.title == "The expert chose" for n in app._notifications)
        # at 80x24 the whole reason is on screen (its row wraps onto a second), and the log
        # above it, one row shorter, still ends with what the expert just did
        shown = " ".join(screen_text(app).split())
        assert " ".join(app.controller.auto_reason.split()) in shown, shown
        assert app.screen.query_one("#decision").size.height == 2
        tail = str(app.screen.query_one("#log-tail").render()).splitlines()
        assert entry_body(app.controller.game.journal[-1])[:40] in tail[-1], tail
        bar = app.screen.query_one("#decision")
        long_reason = "a reason of many words " * 8  # 192 cells: three rows at 80 columns, at most
        bar.show("movement", "", note=long_reason)
        assert (bar.rows(80), bar.rows(120), bar.rows(300), bar.rows(40)) == (3, 2, 1, 3)
        bar.show("movement", "", note=app.controller.auto_reason)
        app.decide(Decision("end_movement"))  # a decision of the player's own ends the note
        await pilot.pause()
        while top(app) != "CampaignScreen":  # the reports of Japan's orders first
            await pilot.press("escape")
            await pilot.pause()
        assert "The expert chose" not in str(app.screen.query_one("#decision").render())
        assert app.screen.query_one("#decision").size.height == 1

    run(play, app, size=(80, 24))
