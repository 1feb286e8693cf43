"""No internal identifier or raw structure reaches the player: seeded campaigns of all four
years (the sensible player, two turns each, battles included) rendered everywhere a player
reads them: every journal line and explanation, the screens and dialogs of the TUI, the
after-action report and the CLI's text output (`show`, `show --map`, `aar`, `list`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import run, screen_text

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
        ctl = Controller(folder, data_module)
        ctl.create(year, 11, "rulebook", f"words-{year}")
        for _ in range(4000):
            request = ctl.request
            if request is None or ctl.game.state.turn >= 3:
                break
            assert ctl.answer(policy(request, ctl.game)).ok
        ctl.close()
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
    for path in sorted(played.glob("*.nimitz.json")):
        env = read_save(path, data_module)
        assert any(e.step.startswith("battle") for e in env.journal)  # battles were rendered
        for e in env.journal:
            found += leaks_in("line", entry_line(e)) + leaks_in("body", entry_body(e))
            found += leaks_in("full text", entry_full_text(e))
            for label, text in explain(e):
                found += leaks_in("explanation", f"{label} {text}")
    assert not found, "\n".join(found[:20])


def test_cli_text_speaks_player_words(played: Path) -> None:
    runner = CliRunner()
    found = []
    for year in YEARS:
        for args in (
            ["show", f"words-{year}"],
            ["show", f"words-{year}", "--map"],
            ["aar", f"words-{year}", "-o", "-"],
        ):
            result = runner.invoke(cli, ["--saves", str(played), *args])
            assert result.exit_code == 0, result.output
            found += leaks_in(" ".join(args), result.output)
        assert result.output.startswith(f"# After-action report: words-{year}\n\n## Summary")
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
