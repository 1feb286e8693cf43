"""Snapshots (pytest-textual-snapshot) of the screens the saves work changed: the title screen
and the load dialog, at 80x24 and 160x50, once the workers have read the saves folder.
Regenerate after a deliberate change: pytest tests/tui/test_snapshots.py --snapshot-update."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller

FOLDER = Path("/tmp/nimitz-snapshot-saves")  # shown on the title screen: the same every run
SIZES = [(80, 24), (160, 50)]


@pytest.fixture
def folder(data) -> Path:
    shutil.rmtree(FOLDER, ignore_errors=True)
    ctl = Controller(FOLDER, data)
    ctl.create(1942, 7, "rulebook", "midway")
    ctl.create(1944, 3, "veteran", "leyte")
    ctl.close()
    (FOLDER / "broken.nimitz.json").write_text("{", encoding="utf-8")
    for age, name in enumerate(["leyte", "midway", "broken"]):  # newest first
        os.utime(FOLDER / f"{name}.nimitz.json", (2_000_000_000 - age, 2_000_000_000 - age))
    yield FOLDER
    shutil.rmtree(FOLDER, ignore_errors=True)


async def _settle(pilot) -> None:
    app = pilot.app
    await pilot.pause()
    while app.busy or any(w.is_running for w in app.workers):
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_title_screen(snap_compare, folder, data, size) -> None:
    assert snap_compare(NimitzApp(folder, data=data), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES)
def test_load_dialog(snap_compare, folder, data, size) -> None:
    async def open_load(pilot) -> None:
        await _settle(pilot)
        await pilot.press("o")
        await _settle(pilot)

    assert snap_compare(NimitzApp(folder, data=data), terminal_size=size, run_before=open_load)
