"""Shared fixtures: the game data, an isolated saves folder, a click runner.

Every test runs with NIMITZ_HOME pointing into its own tmp folder, so no test reads or writes
the real user data folder (persist/store.py: `--saves`, else `$NIMITZ_HOME/saves`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from nimitz.model.data import GameData, data_root
from nimitz.model.load import load_game_data

REPO = Path(__file__).resolve().parent.parent
YEARS = (1942, 1943, 1944, 1945)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "nimitz-home"
    monkeypatch.setenv("NIMITZ_HOME", str(home))
    monkeypatch.setenv("NIMITZ_CONFIG", str(tmp_path / "nimitz-config"))  # the TUI settings
    return home


@pytest.fixture(scope="session")
def data() -> GameData:
    return load_game_data()


@pytest.fixture
def nimitz_home(_isolated_home: Path) -> Path:
    """The NIMITZ_HOME folder of this test (saves go to its `saves/` without --saves)."""
    return _isolated_home


@pytest.fixture
def saves_dir(tmp_path: Path, _isolated_home: Path) -> Path:
    """A folder for `--saves`, distinct from $NIMITZ_HOME/saves."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of campaigns/ and bot_tables/ to break one thing in."""
    root = tmp_path / "data"
    src = data_root()
    shutil.copytree(src / "campaigns", root / "campaigns")
    shutil.copytree(src / "bot_tables", root / "bot_tables")
    return root
