"""A failing disk (issue 18): a full disk (ENOSPC, simulated), a read-only folder, a saves folder
that is a file. Every command says so in one line with exit status 2, leaves no empty or
temporary file, and the save on disk stays as it was; the TUI says the move could not be saved."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.persist import saves as saves_mod


def _full_disk(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _read_only(*_args, **_kwargs):
    raise OSError(errno.EROFS, os.strerror(errno.EROFS))


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.fixture
def campaign(runner, saves_dir) -> Path:
    result = runner.invoke(
        cli,
        ["--saves", str(saves_dir), "autoplay", "--year", "1942", "--seed", "2", "--policy", "passive", "--save", "c"],
    )
    assert result.exit_code == 0, result.output
    return saves_dir / "c.nimitz.json"


@pytest.mark.parametrize(
    "fault, words", [(_full_disk, "the disk is full"), (_read_only, "the disk or folder is read-only")]
)
def test_new_on_a_failing_disk_is_a_message_and_leaves_nothing(runner, saves_dir, monkeypatch, fault, words):
    monkeypatch.setattr(saves_mod.os, "fsync", fault)
    result = runner.invoke(cli, ["--saves", str(saves_dir), "new", "--year", "1942", "--name", "n", "--no-tui"])
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output
    assert _files(saves_dir) == []  # no empty save, no temporary file


def test_autoplay_save_on_a_full_disk_keeps_what_was_saved(runner, saves_dir, monkeypatch):
    """The disk fills up in the middle of a campaign: a message, and the save still opens with
    every decision written before."""
    calls = {"n": 0}
    real = os.pwrite

    def fill_up(fd, data, offset):
        calls["n"] += 1
        if calls["n"] > 40:
            _full_disk()
        return real(fd, data, offset)

    monkeypatch.setattr(saves_mod.os, "pwrite", fill_up)
    result = runner.invoke(
        cli,
        ["--saves", str(saves_dir), "autoplay", "--year", "1942", "--seed", "2", "--policy", "passive", "--save", "f"],
    )
    assert result.exit_code == 2 and "the disk is full" in result.output
    monkeypatch.undo()
    assert runner.invoke(cli, ["--saves", str(saves_dir), "check", "f"]).exit_code == 0
    assert _files(saves_dir) == ["f.nimitz.json"]


def _filling_disk(real, room: int):
    """pwrite on a disk with `room` bytes left: rewriting bytes the file has always works, a
    write that grows the file past the room is cut short without an error (as Linux does), and
    one that cannot grow it at all fails with ENOSPC."""

    def pwrite(fd, data, offset):
        nonlocal room
        size = os.fstat(fd).st_size
        fits = min(len(data), size + room - offset)
        if fits <= 0:
            _full_disk()
        written = real(fd, bytes(data)[:fits], offset)
        room -= max(0, offset + written - size)
        return written

    return pwrite


def test_a_write_the_full_disk_cuts_short_is_not_taken_for_a_save(saves_dir, campaign, monkeypatch, data):
    """The disk took part of a decision's batch and said nothing: the TUI went on as if it was
    saved (the header even claimed it) while the decision never reached the disk."""
    from nimitz.model.journal import Decision
    from nimitz.persist.saves import read_save
    from nimitz.persist.verify import verify
    from nimitz.tui.controller import Controller

    controller = Controller(saves_dir, data)
    controller.create(1942, 5, "rulebook", name="t")
    path = controller.session.path
    journal = len(read_save(path, data).journal)
    monkeypatch.setattr(saves_mod.os, "pwrite", _filling_disk(os.pwrite, 100))
    outcome = controller.answer(Decision("end_resupply"))
    assert outcome.title == "The campaign could not be saved" and "the disk is full" in outcome.error
    assert "Your move (US resupply done)" in outcome.error  # player words, not 'end_resupply'
    monkeypatch.undo()
    env = read_save(path, data)
    assert len(env.journal) == journal and verify(env, data, path) == []  # the last save stands
    assert len(controller.game.journal) == journal  # the move taken back: game and save agree


@pytest.mark.parametrize("command", [["undo", "c"], ["branch", "c", "d"], ["aar", "c", "-o", "{dir}/r.md"]])
def test_a_full_disk_changes_nothing(runner, saves_dir, campaign, monkeypatch, command):
    before = campaign.read_bytes()
    monkeypatch.setattr(saves_mod.os, "fsync", _full_disk)
    args = [a.replace("{dir}", str(saves_dir)) for a in command]
    result = runner.invoke(cli, ["--saves", str(saves_dir), *args])
    assert result.exit_code == 2 and "the disk is full" in result.output
    assert "Traceback" not in result.output
    assert campaign.read_bytes() == before and _files(saves_dir) == ["c.nimitz.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_for_real(runner, saves_dir, campaign):
    saves_dir.chmod(0o500)
    try:
        result = runner.invoke(cli, ["--saves", str(saves_dir), "undo", "c"])
        assert result.exit_code == 2 and "permission denied" in result.output
    finally:
        saves_dir.chmod(0o700)


def test_a_saves_folder_that_is_a_file(runner, nimitz_home):
    nimitz_home.mkdir(parents=True)
    (nimitz_home / "saves").write_text("I am a file")
    result = runner.invoke(cli, ["new", "--year", "1942", "--name", "n", "--no-tui"])
    assert result.exit_code == 2
    assert f"{nimitz_home / 'saves'} is a file where a folder is needed" in result.output
    listed = runner.invoke(cli, ["list"])
    assert listed.exit_code == 2 and "the saves folder" in listed.output
    assert "No saved campaigns" not in listed.output
    assert (nimitz_home / "saves").read_text() == "I am a file"


def test_the_tui_says_a_move_could_not_be_saved(saves_dir, campaign, monkeypatch, data):
    """Not "the engine failed": the player's words, and the move is taken back."""
    from nimitz.tui.controller import Controller

    controller = Controller(saves_dir, data)
    controller.create(1942, 5, "rulebook", name="t")
    before = controller.session.path.read_bytes()
    decision = controller.auto_decision()
    entries = len(controller.game.journal)
    monkeypatch.setattr(saves_mod.os, "pwrite", _full_disk)
    outcome = controller.answer(decision)
    assert outcome.title == "The campaign could not be saved"
    assert "the disk is full" in outcome.error and "engine" not in outcome.error
    monkeypatch.undo()
    assert controller.session.path.read_bytes() == before
    assert len(controller.game.journal) == entries  # reopened from its save: the move taken back
