"""Fixtures for the Pilot-driven TUI tests (their helpers are in tui_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nimitz.model.journal import Decision
from nimitz.tui.controller import Controller


@pytest.fixture(autouse=True)
def _answer_keys_not_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot presses keys faster than any player: a question that opens after the battle beats
    would hold them back (NimitzApp.ANSWER_KEY_HOLD). The test of that hold sets it again."""
    from nimitz.tui.app import NimitzApp

    monkeypatch.setattr(NimitzApp, "ANSWER_KEY_HOLD", 0.0)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def campaign(saves: Path, data) -> Path:
    """A fresh 1942 campaign (seed 7) saved in the folder, at US Resupply of turn 1."""
    ctl = Controller(saves, data)
    session = ctl.create(1942, 7, "map", "test-1942")
    return session.path


@pytest.fixture
def at_movement(saves: Path, data) -> Path:
    ctl = Controller(saves, data)
    session = ctl.create(1942, 7, "map", "move-1942")
    ctl.answer(Decision("end_resupply"))
    assert ctl.request.kind == "movement"
    return session.path
