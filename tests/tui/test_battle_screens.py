"""Battles a player can follow (issue 15): the seeded battle in the Gilberts (1942, seed 7) seen
beat by beat. Snapshots of each battle step at 80x24 and 160x50, a scan of every battle screen's
text for internal names, the speed setting, the battle log and the result screen (Pilot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_helpers import run, screen_text, top

from nimitz.policies import get_policy
from nimitz.tui import settings
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller, is_battle_kind
from nimitz.views.words import find_leaks

BATTLE_SCREENS = (
    "ChoiceDialog",  # the battle order
    "BattleScreen",
    "BattleResultScreen",
    "AssignDialog",
    "PlansDialog",
    "BattleChoiceDialog",
    "HitsDialog",
    "PickDialog",
)


@pytest.fixture
def at_battles(saves: Path, data) -> Path:
    """1942, seed 7, played by the sensible policy to the choice of the first battle."""
    ctl = Controller(saves, data)
    session = ctl.create(1942, 7, "rulebook", "battles-1942")
    policy = get_policy("sensible")
    while ctl.request.kind != "battle_order":
        assert ctl.answer(policy(ctl.request, ctl.game)).ok
    return session.path


async def settle(app: NimitzApp, pilot) -> None:
    """Wait for the engine's worker and the screens it pushes (snap_compare's pilot does not)."""
    await pilot.pause()
    while app.busy or any(w.is_running for w in app.workers):
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()


def station(app: NimitzApp) -> str:
    """Where the player stands: the top screen, with the beat shown or the question asked."""
    name = top(app)
    if name == "BattleScreen":
        beat = app.screen.current
        return f"beat:{beat.kind}" if beat is not None and app.screen.done is not None else "board"
    request = app.controller.request
    return f"{name}:{request.kind if request else ''}"


async def step(app: NimitzApp, pilot) -> None:
    """One move: space on a beat or the result, Enter on the board, the sensible answer to a
    question (the first battle in the list is fought first)."""
    where = station(app)
    request = app.controller.request
    if where.startswith("beat:") or where.startswith("BattleResultScreen"):
        await pilot.press("space")
    elif where == "board":
        await pilot.press("enter")
    elif request is not None and (is_battle_kind(request.kind) or request.kind == "battle_order"):
        app.decide(get_policy("sensible")(request, app.controller.game))
    else:
        raise AssertionError(f"left the battles at {where}")
    await settle(app, pilot)


async def drive(app: NimitzApp, pilot, until) -> None:
    """Step until `until(station)`."""
    for _ in range(300):
        if until(station(app)):
            return
        await step(app, pilot)
    raise AssertionError("the station was never reached")


STATIONS = {
    "order": lambda s: s == "ChoiceDialog:battle_order",
    "place-ships": lambda s: s == "AssignDialog:battle_place_ships",
    "first-beat": lambda s: s == "beat:event",
    "plans": lambda s: s == "PlansDialog:battle_plans",
    "aircraft": lambda s: s == "AssignDialog:battle_air",
    "combat-beat": lambda s: s == "beat:combat",
    "battle-log": lambda s: s == "beat:combat",  # then l opens the log (over the board at 80x24)
    "hits": lambda s: s == "HitsDialog:battle_allocate_hits",
    "reactive": lambda s: s == "BattleChoiceDialog:battle_reactive",
    "turn-summary": lambda s: s == "beat:turn",
    "end-beat": lambda s: s == "beat:end",
    "result": lambda s: s.startswith("BattleResultScreen"),
}


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize("name", list(STATIONS))
def test_battle_step_snapshots(snap_compare, saves: Path, at_battles: Path, name: str, size: tuple[int, int]) -> None:
    app = NimitzApp(saves, open_path=at_battles)

    async def before(pilot) -> None:
        await settle(app, pilot)
        await drive(app, pilot, STATIONS[name])
        if name == "aircraft":
            await pilot.press("right")  # the first aircraft to the Japanese Ocean: odds appear
        if name == "battle-log":
            await pilot.press("l")
        await settle(app, pilot)
        await pilot.pause(0.3)  # the footer recomposes after the first layout (slow on a loaded machine)

    assert snap_compare(app, terminal_size=size, run_before=before)


def test_every_battle_screen_speaks_player_words(saves: Path, at_battles: Path) -> None:
    """Every battle screen of turn 1's three battles, by keys ('a' answers), has no internal id,
    raw structure or doubled word (the map issue's loose ends)."""
    app = NimitzApp(saves, open_path=at_battles)
    seen: dict[str, int] = {}

    async def check(app: NimitzApp, pilot) -> None:
        for _ in range(400):
            request = app.controller.request
            name = top(app)
            in_battle = (
                request is not None and (is_battle_kind(request.kind) or request.kind == "battle_order")
            ) or name in ("BattleScreen", "BattleResultScreen")
            if not in_battle:
                break
            if name in BATTLE_SCREENS:
                text = screen_text(app)
                assert not find_leaks(text), (name, find_leaks(text), text)
                seen[name] = seen.get(name, 0) + 1
            if name in ("BattleScreen", "BattleResultScreen"):
                await pilot.press("enter")
            else:
                await pilot.press("a")
            await pilot.pause()
        assert app.controller.game.state.battle is None

    run(check, app, size=(80, 24))
    assert seen.get("BattleScreen", 0) > 10 and seen.get("BattleResultScreen", 0) == 3
    assert seen.get("BattleChoiceDialog", 0) and seen.get("HitsDialog", 0)


def test_speed_is_remembered_and_paces_the_beats(saves: Path, at_battles: Path) -> None:
    """s cycles the speed (step by step -> per battle turn -> whole battle) and saves it; at
    'per battle turn' the screen stops only at turn summaries and the end, yet every beat is
    in the battle log (nothing resolves off-screen)."""
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["first-beat"])
        screen = app.screen
        assert screen.speed == "step"
        await pilot.press("s")
        await pilot.pause()
        assert screen.speed == "turn"
        assert json.loads(settings.settings_path().read_text())["battle_speed"] == "turn"
        stops = []
        for _ in range(300):
            where = station(app)
            if where.startswith("BattleResultScreen"):
                break
            if where.startswith("beat:"):
                stops.append(where)
            await step(app, pilot)
        assert stops[0] == "beat:event" and set(stops[1:]) <= {"beat:turn", "beat:end"}, stops
        assert "beat:turn" in stops
        kinds = [b.kind for b in screen.seen]  # every beat went to the battle log
        assert "combat" in kinds and kinds.count("turn") == stops.count("beat:turn")

    run(check, app, size=(100, 30))
    assert settings.battle_speed() == "turn"


def test_the_battle_log_opens_over_the_board_at_80x24(saves: Path, at_battles: Path) -> None:
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["combat-beat"])
        assert not app.screen.query_one("#battle-log").display
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one("#battle-log").display
        assert not app.screen.query_one("#battle-scroll").display
        assert "Japan places its forces" in screen_text(app) or "rolled" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one("#battle-scroll").display

    run(check, app, size=(80, 24))


def test_the_result_screen_says_who_won_and_why(saves: Path, at_battles: Path) -> None:
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["result"])
        text = screen_text(app)
        for needle in (
            "The battle in Gilbert Islands is over",
            "US forces lost",
            "Japanese forces lost",
            "Gilbert Islands:",
            "Turn by turn",
            "Key rolls",
        ):
            assert needle in text, needle
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) != "BattleResultScreen"
        assert not any(type(s).__name__ == "BattleScreen" and s.area == "GI" for s in app.screen_stack)

    run(check, app, size=(100, 40))


def test_a_broken_settings_file_gives_the_default_speed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("NIMITZ_CONFIG", str(tmp_path / "cfg"))
    assert settings.battle_speed() == "step"
    settings.settings_path().parent.mkdir(parents=True)
    settings.settings_path().write_text("{not json")
    assert settings.battle_speed() == "step"
    assert settings.set_battle_speed("battle") == ""
    assert settings.battle_speed() == "battle"
    with pytest.raises(ValueError):
        settings.set_battle_speed("fast")


def test_hits_placed_by_keys_until_the_battle_moves_on(saves: Path, at_battles: Path) -> None:
    """Enter places each hit on the highlighted (allowed) force; once the last is placed the
    dialog answers and the battle goes on (the dialog keeps its own question: it once read the
    next question's info and crashed)."""
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["hits"])
        dialog = app.screen
        assert "✓" in screen_text(app)
        for _ in range(dialog.n):
            await pilot.press("enter")
            await settle(app, pilot)
        assert top(app) != "HitsDialog" or app.controller.request.info is not dialog.info
        assert not dialog.asking()
        dialog._detail()  # a late highlight event after the answer reads nothing of what came next

    run(check, app, size=(80, 24))


def test_battle_speed_is_an_option_in_the_command_palette(saves: Path, at_battles: Path) -> None:
    """The speed is an option anywhere (the command palette), not only `s` in a battle; choosing
    it is remembered and paces the battle on screen."""
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["first-beat"])
        commands = {name: run for name, _help, run in app.palette_commands()}
        commands["Battle speed: whole battle"]()
        await pilot.pause()
        assert app.screen.speed == "battle"
        assert settings.battle_speed() == "battle"

    run(check, app, size=(100, 30))


def test_auto_in_a_battle_says_why_under_the_next_beat_not_over_the_board(saves: Path, at_battles: Path) -> None:
    """Issue 15 (a): the expert's reason is shown in the beat panel with what its choice led
    to, and kept in the battle log; no notice covers the board (80x24). While beats wait, a
    says on the hint line that they come first."""
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["first-beat"])
        await pilot.press("a")
        await pilot.pause()
        assert "Space shows the rest of what happened first" in screen_text(app)
        assert not app._notifications
        await drive(app, pilot, STATIONS["plans"])
        await pilot.press("a")
        await settle(app, pilot)
        assert top(app) == "BattleScreen"
        beat = str(app.screen.query_one("#beat").render())
        assert beat.count("The expert chose: ") == 1, beat
        assert not any(n.title == "The expert chose" for n in app._notifications)
        await pilot.press("space")
        await pilot.pause()
        if app.screen.current is not None:  # the next beat no longer repeats it
            assert "The expert chose" not in str(app.screen.query_one("#beat").render())
        await pilot.press("l")  # the battle log keeps it
        await pilot.pause()
        assert "The expert chose" in screen_text(app)

    run(check, app, size=(80, 24))


def test_auto_choosing_the_battle_says_why_under_its_first_beat(saves: Path, at_battles: Path) -> None:
    """a on the battle order: the battle screen it opens shows the expert's reason under the
    first beat, not in a notice over the board."""
    app = NimitzApp(saves, open_path=at_battles)

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["order"])
        await pilot.press("a")
        await settle(app, pilot)
        battle = next(s for s in app.screen_stack if type(s).__name__ == "BattleScreen")
        # (the placement dialog opens over it at once: the board shows through around it)
        assert "The expert chose: " in str(battle.query_one("#beat").render())
        assert not any(n.title == "The expert chose" for n in app._notifications)

    run(check, app, size=(80, 24))


@pytest.mark.parametrize("hold", [60.0, 0.0], ids=["held", "not-held"])
def test_taps_through_the_beats_do_not_answer_the_question_that_opens(
    saves: Path, at_battles: Path, hold: float
) -> None:
    """A player taps Space through the beats; the battle plans dialog opens on the last tap and
    the taps still on their way must not tick a plan or buy (Enter). Held: Space and Enter do
    nothing for the app's ANSWER_KEY_HOLD seconds; with no hold the same Space ticks a plan,
    so the hold is what keeps it out."""
    app = NimitzApp(saves, open_path=at_battles)
    app.ANSWER_KEY_HOLD = hold

    async def check(app: NimitzApp, pilot) -> None:
        await drive(app, pilot, STATIONS["first-beat"])
        while station(app).startswith("beat:"):
            await pilot.press("space")
            await settle(app, pilot)
        assert station(app) == "PlansDialog:battle_plans"
        await pilot.press("space")
        await pilot.pause()
        ticked = app.screen.query_one("#plans").selected
        assert (ticked == []) if hold else (len(ticked) == 1)
        if hold:
            await pilot.press("enter")
            await settle(app, pilot)
            assert station(app) == "PlansDialog:battle_plans"  # not bought

    run(check, app, size=(80, 24))
