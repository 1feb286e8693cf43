"""The Lab screen (issue 12): reached from the title screen and the command palette, it plays a
small lab in a worker thread and shows the table and the bars."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import run, screen_text, top

from nimitz.tui.app import NimitzApp


async def _wait_for(pilot, app, status: str, tries: int = 600) -> None:
    for _ in range(tries):
        await pilot.pause(0.1)
        if str(app.screen.query_one("#lab-status").content) == status:
            return
    raise AssertionError(f"the status never became {status!r}")


def test_the_lab_runs_in_a_worker_and_shows_its_table(saves: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.press("l")
        await pilot.pause()
        assert top(app) == "LabScreen"
        runs = app.screen.query_one("#lab-runs")
        runs.value = "2"
        await pilot.press("ctrl+r")
        await _wait_for(pilot, app, "2 campaigns played.")
        text = str(app.screen.query_one("#lab-tables").content)
        assert "1942 campaign: 2 campaigns (seeds 1..2), policy sensible" in text
        assert "95% interval" in text and "objectives held at the end of each turn" in text
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) == "TitleScreen"

    run(check, app)


def test_the_lab_plays_the_difficulty_chosen(saves: Path) -> None:
    """The Difficulty field (R70's presets) reaches the campaigns: Cadet's supply and plan points
    are in the rules the table names, and the campaigns are those `nimitz lab --difficulty cadet`
    plays (the same seeds, the same records)."""
    from nimitz.lab.runner import play_one, year_specs

    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        app.action_lab()
        await pilot.pause()
        app.screen.query_one("#lab-runs").value = "1"
        app.screen.query_one("#lab-year").value = "1943"
        app.screen.query_one("#lab-difficulty").value = "cadet"
        await pilot.press("ctrl+r")
        await _wait_for(pilot, app, "1 campaign played.")
        text = " ".join(str(app.screen.query_one("#lab-tables").content).split())
        assert "1943 campaign: 1 campaign (seeds 1..1), policy sensible" in text
        assert "difficulty Cadet" in text
        (spec,) = year_specs([1943], 1, difficulty="cadet")
        record = play_one(spec)
        assert f"  {record.result} " in str(app.screen.query_one("#lab-tables").content)

    run(check, app, size=(80, 24))


def test_the_lab_refuses_a_bad_number_of_runs(saves: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        app.action_lab()
        await pilot.pause()
        app.screen.query_one("#lab-runs").value = "0"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "Ctrl+R plays them" in str(app.screen.query_one("#lab-status").content)
        assert not app.screen.workers

    run(check, app, size=(80, 24))


def test_the_command_palette_opens_the_lab(saves: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        lab = [callback for title, _, callback in app.palette_commands() if title == "Lab"]
        assert len(lab) == 1
        lab[0]()
        await pilot.pause()
        assert top(app) == "LabScreen"
        text = screen_text(app)
        assert "Year" in text and "Runs" in text and "Policy" in text and "Difficulty" in text

    run(check, app, size=(80, 24))


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")])
def test_lab_screen_snapshot(snap_compare, tmp_path: Path, size) -> None:
    """The Lab screen as it opens from the title screen, at 80x24 and 160x50."""

    async def open_lab(pilot) -> None:
        await pilot.press("l")
        await pilot.pause(0.3)

    assert snap_compare(NimitzApp(tmp_path), terminal_size=size, run_before=open_lab)
