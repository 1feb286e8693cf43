"""Where saves live (persist/store.py): --saves, then $NIMITZ_HOME, then the user's data folder
(platformdirs); the one-time move from the old config folder, with a message; an empty or
relative XDG variable never sends saves into the current folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_envelope
from nimitz.persist.store import (
    MOVED_NOTE,
    SaveStore,
    default_saves_dir,
    move_old_saves,
    old_saves_dir,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user without NIMITZ_HOME, whose home folder is in tmp."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.delenv("NIMITZ_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    return home


def test_the_data_folder_is_the_default(home):
    assert default_saves_dir() == home / ".local" / "share" / "nimitz" / "saves"


def test_xdg_data_home_is_followed_when_absolute(home, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_saves_dir() == tmp_path / "data" / "nimitz" / "saves"


@pytest.mark.parametrize("value", ["", "relative/dir"])
def test_empty_or_relative_xdg_never_means_the_current_folder(home, tmp_path, monkeypatch, runner, value):
    """The old bug: XDG_CONFIG_HOME='' wrote saves to ./nimitz/saves under any folder."""
    monkeypatch.setenv("XDG_DATA_HOME", value)
    monkeypatch.setenv("XDG_CONFIG_HOME", value)
    assert default_saves_dir() == home / ".local" / "share" / "nimitz" / "saves"
    assert old_saves_dir() is None
    result = runner.invoke(cli, ["new", "--year", "1942", "--seed", "1", "--no-tui", "--name", "x"])
    assert result.exit_code == 0, result.output
    assert (home / ".local" / "share" / "nimitz" / "saves" / "x.nimitz.json").is_file()
    assert not (tmp_path / "nimitz").exists() and not (tmp_path / "relative").exists()


def test_nimitz_home_and_saves_option_still_win(home, tmp_path, monkeypatch, runner):
    monkeypatch.setenv("NIMITZ_HOME", str(tmp_path / "nh"))
    assert default_saves_dir() == tmp_path / "nh" / "saves"
    result = runner.invoke(
        cli, ["--saves", str(tmp_path / "opt"), "new", "--year", "1942", "--seed", "1", "--no-tui", "--name", "o"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "opt" / "o.nimitz.json").is_file()


def _old_save(data, folder: Path, name: str) -> Path:
    return SaveStore(folder).create(new_envelope(data, 1942, 1, RulesProfile(), name))


def test_saves_move_once_from_the_old_config_folder_with_a_message(home, data, runner):
    old = home / ".config" / "nimitz" / "saves"
    assert old_saves_dir() == old
    _old_save(data, old, "midway")
    _old_save(data, old, "coral")
    new = default_saves_dir()
    result = runner.invoke(cli, ["list"])
    assert result.exit_code == 0, result.output
    assert f"moved 2 saved campaign(s) from {old} to {new}" in result.output
    assert "midway" in result.output and "coral" in result.output
    assert sorted(p.name for p in new.iterdir()) == ["coral.nimitz.json", "midway.nimitz.json"]
    assert str(new) in (old / MOVED_NOTE).read_text()
    again = runner.invoke(cli, ["list"])
    assert "moved" not in again.output  # once


def test_a_taken_name_stays_in_the_old_folder(home, data):
    old = home / ".config" / "nimitz" / "saves"
    new = default_saves_dir()
    kept = _old_save(data, old, "same")
    _old_save(data, new, "same")
    message = move_old_saves(new, old)
    assert "0 saved campaign(s)" in message and "same.nimitz.json" in message
    assert kept.is_file()
