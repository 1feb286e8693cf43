"""No internal identifier or raw structure reaches the player: seeded campaigns of all four
years (the sensible player, battles included) rendered everywhere a player reads them: every
journal line and explanation; the TUI's screens and dialogs, walked through a whole first turn
at 80x24 (every question's dialog, the battle screens, the reports) and at the end of a
finished campaign (the end screen, the replay viewer, every reference tab); the after-action
report and the CLI's text output (`show`, `show --map`, `aar`, `list`) of campaigns in play
and finished."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from tui_helpers import run, screen_text, top

from nimitz.cli import cli
from nimitz.policies import get_policy
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller
from nimitz.tui.explain import entry_body, entry_full_text, entry_line, explain
from nimitz.views.words import find_leaks

YEARS = (1942, 1943, 1944, 1945)


@pytest.fixture(scope="module")
def played(tmp_path_factory, data_module) -> Path:
    """Four campaigns, one per year, played by the sensible policy into turn 3."""
    folder = tmp_path_factory.mktemp("words")
    policy = get_policy("sensible")
    for year in YEARS:
        for name, last_turn in ((f"words-{year}", 3), (f"over-{year}", 99)):
            ctl = Controller(folder, data_module)
            ctl.create(year, 11, "rulebook", name)
            for _ in range(4000):
                request = ctl.request
                if request is None or ctl.game.state.turn >= last_turn:
                    break
                assert ctl.answer(policy(request, ctl.game)).ok
            ctl.close()
        Controller(folder, data_module).create(year, 11, "rulebook", f"walk-{year}")
    return folder


@pytest.fixture(scope="module")
def data_module():
    from nimitz.model.load import load_game_data

    return load_game_data()


def leaks_in(where: str, text: str) -> list[str]:
    return [f"{where}: {leak!r} in {line.strip()[:120]!r}" for line in text.splitlines() for leak in find_leaks(line)]


def test_journal_lines_and_explanations_speak_player_words(played: Path, data_module) -> None:
    from nimitz.persist.saves import read_save

    found = []
    for path in sorted([*played.glob("words-*.nimitz.json"), *played.glob("over-*.nimitz.json")]):
        env = read_save(path, data_module)
        assert any(e.step.startswith("battle") for e in env.journal)  # battles were rendered
        for e in env.journal:
            found += leaks_in("line", entry_line(e))
            found += leaks_in("body", f"{e.side or '--'} {entry_body(e)}")  # as the lists show it
            found += leaks_in("full text", entry_full_text(e))
            for label, text in explain(e):
                found += leaks_in("explanation", f"{label} {text}")
    assert not found, "\n".join(found[:20])


def test_cli_text_speaks_player_words(played: Path) -> None:
    runner = CliRunner()
    found = []
    for year in YEARS:
        for name in (f"words-{year}", f"over-{year}"):
            for args in (["show", name], ["show", name, "--map"], ["aar", name, "-o", "-"]):
                result = runner.invoke(cli, ["--saves", str(played), *args])
                assert result.exit_code == 0, result.output
                found += leaks_in(" ".join(args), result.output)
            assert result.output.startswith(f"# After-action report: {name}\n\n## Summary")
    listed = runner.invoke(cli, ["--saves", str(played), "list"])
    found += leaks_in("list", listed.output)
    assert not found, "\n".join(found[:20])


def test_the_map_prints_within_80_columns(played: Path) -> None:
    runner = CliRunner()
    for year in YEARS:
        out = runner.invoke(cli, ["--saves", str(played), "show", f"words-{year}", "--map"]).output
        assert max(len(line) for line in out.splitlines()) <= 80
        for code in ("EA", "HI", "AU", "WC", "NC"):  # the corners of the map
            assert code in out
        assert "Off-map boxes" in out and "Port P1" not in out or "P1:" in out


@pytest.mark.parametrize("year", YEARS)
def test_screens_and_dialogs_speak_player_words(played: Path, year: int) -> None:
    app = NimitzApp(played, open_path=played / f"words-{year}.nimitz.json")
    found: list[str] = []

    async def look(app: NimitzApp, pilot, where: str) -> None:
        await pilot.pause()
        found.extend(leaks_in(where, screen_text(app)))

    async def check(app: NimitzApp, pilot) -> None:
        await look(app, pilot, "opening screen")  # the pending dialog, if any
        while app.screen_stack and type(app.screen).__name__ != "CampaignScreen":
            await pilot.press("escape")
            await pilot.pause()
            if type(app.screen).__name__ == "TitleScreen":
                return
        await look(app, pilot, "campaign")
        for keys, where in (
            (("m",), "map"),
            (("L", "x"), "log"),
            (("O",), "orders viewer"),
            (("question_mark",), "help"),
            (("f2",), "glossary"),
            (("i",), "area"),
        ):
            await pilot.press(*keys)
            await look(app, pilot, where)
            await pilot.press("escape")
            await pilot.pause()
        app.action_briefing()
        await look(app, pilot, "briefing")

    run(check, app, size=(100, 30))
    assert not found, "\n".join(found[:20])


def _walk_screens(year: int, played: Path) -> list[str]:
    """Play turn 1 of a fresh campaign through the TUI at 80x24, the sensible player choosing:
    every question's own dialog is opened and read, then answered; the battle screens and the
    reports that follow each answer are read and closed."""
    from nimitz.tui.screens.base import RequestDialog

    app = NimitzApp(played, open_path=played / f"walk-{year}.nimitz.json")
    found: list[str] = []
    policy = get_policy("sensible")
    kinds: Counter[str] = Counter()

    async def look(pilot, where: str) -> None:
        await pilot.pause()
        found.extend(leaks_in(f"{year} {where} ({top(app)})", screen_text(app)))

    async def walk(app: NimitzApp, pilot) -> None:
        ctl = app.controller
        for _ in range(2000):
            await look(pilot, "walk")
            request = ctl.request
            if request is None or ctl.game.state.turn >= 2:
                break
            if isinstance(app.screen, RequestDialog):  # answered as its keys would
                kinds[request.kind] += 1
                app.decide(policy(request, ctl.game))
            elif top(app) == "BattleScreen":
                await pilot.press("enter")  # the next beat, or the question's dialog
            elif top(app) != "CampaignScreen":
                await pilot.press("escape")  # a report (JA orders, a battle's result, the turn's end)
            elif request.kind == "movement":  # one move dialog read, then every move from the map
                if not kinds["movement"]:
                    movable = request.info["movable"]
                    app.open_request(area=ctl.game.state.forces[movable[0]].location)
                    await look(pilot, "movement")
                    await pilot.press("escape")
                kinds[request.kind] += 1
                app.decide(policy(request, ctl.game))
            else:
                app.open_request()
        assert ctl.game.state.turn >= 2 or ctl.request is None
        for _ in range(40):  # the last battle's beats played, the last reports closed
            if top(app) in ("CampaignScreen", "EndScreen"):
                break
            await pilot.press("space" if top(app) == "BattleScreen" else "escape")
            await look(pilot, "the turn's end")
        assert top(app) in ("CampaignScreen", "EndScreen")
        await pilot.press("O")  # the orders viewer on the turn just played
        await look(pilot, "orders viewer")

    run(walk, app, size=(80, 24))
    assert {"resupply", "movement", "battle_place_ships", "battle_plans", "battle_air"} <= set(kinds)
    return found


@pytest.mark.parametrize("year", YEARS)
def test_a_whole_first_turn_on_screen_speaks_player_words(played: Path, year: int) -> None:
    found = _walk_screens(year, played)
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("year", YEARS)
def test_a_finished_campaign_on_screen_speaks_player_words(played: Path, year: int) -> None:
    """The end screen, the replay viewer stepping through the first decisions and battles, and
    every tab of the reference."""
    found: list[str] = []

    async def look(app: NimitzApp, pilot, where: str) -> None:
        await pilot.pause()
        found.extend(leaks_in(f"{year} {where}", screen_text(app)))

    async def finished(app: NimitzApp, pilot) -> None:
        await look(app, pilot, "end screen")
        assert top(app) == "EndScreen"
        await pilot.press("R")
        await pilot.pause()
        for _ in range(9):  # every tab
            await look(app, pilot, "reference")
            await pilot.press("right")

    run(finished, NimitzApp(played, open_path=played / f"over-{year}.nimitz.json"), size=(80, 24))

    async def replay(app: NimitzApp, pilot) -> None:
        for keys in ((), ("right_square_bracket",) * 3, ("b",), ("right",) * 5, ("g",), ("right_curly_bracket",)):
            await pilot.press(*keys)
            await look(app, pilot, f"replay after {keys[:1]}")

    run(replay, NimitzApp(played, replay_path=played / f"over-{year}.nimitz.json"), size=(80, 24))
    assert not found, "\n".join(found[:20])
