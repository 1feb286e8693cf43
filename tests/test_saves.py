"""Save files (DESIGN.md "Saves"): the JSON envelope, save -> load equality, one clear SaveError
for every kind of damaged file (never a traceback, never an overwrite), atomic writes, and
campaign names that cannot leave the saves folder."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from nimitz import RULES_VERSION
from nimitz.cli import cli
from nimitz.errors import NimitzError, SaveError
from nimitz.model.data import YEARS
from nimitz.model.state import CampaignState, RulesProfile
from nimitz.persist import saves as saves_mod
from nimitz.persist.campaign_file import new_envelope
from nimitz.persist.saves import (
    CONVERTER, FORMAT, SCHEMA_VERSION, envelope_from_json, read_save, state_hash, write_save,
)
from nimitz.persist.store import SUFFIX, SaveStore, check_name


def _create(data, folder: Path, name: str = "c", year: int = 1942, seed: int = 1) -> Path:
    env = new_envelope(data, year, seed, RulesProfile(), name)
    return SaveStore(folder).create(env)


def _rehash(raw: dict) -> dict:
    """An edit made by someone who knows the format: the state hash is recomputed."""
    raw["state_hash"] = state_hash(CONVERTER.structure(raw["state"], CampaignState))
    return raw


# --- round trip and envelope -------------------------------------------------------------------


@pytest.mark.parametrize("year", YEARS)
def test_save_then_load_gives_an_equal_state(data, saves_dir, year):
    env = new_envelope(data, year, 17, RulesProfile(order_modifiers="rulebook"), f"y{year}")
    path = saves_dir / f"y{year}{SUFFIX}"
    write_save(path, env)
    loaded = read_save(path, data)
    assert loaded.state == env.state  # attrs eq: every field, every force, the dice positions
    assert loaded.journal == env.journal
    assert loaded.checkpoints == env.checkpoints
    assert loaded == env
    assert loaded.state.rules.order_modifiers == "rulebook"


def test_round_trip_keeps_edits_made_by_the_engine(data, saves_dir):
    env = new_envelope(data, 1943, 5, RulesProfile(), "edited")
    st = env.state
    st.sp, st.turn, st.step, st.ja_track = 12, 2, "movement", 9
    st.forces["JA:Zuikaku"].damaged = True
    st.forces["US:Enterprise"].location = "P2"
    st.held_history = [7, 6]
    path = saves_dir / "edited.nimitz.json"
    write_save(path, env)
    again = read_save(path, data)
    assert again.state == st
    assert again.state.forces["JA:Zuikaku"].damaged is True
    assert list(again.state.forces) == list(st.forces)  # the insertion order is kept (R3 ties)


def test_save_file_is_json_with_the_envelope_fields(data, saves_dir):
    path = _create(data, saves_dir, "env", 1944, 99)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["format"] == FORMAT == "nimitz-save"
    assert raw["schema_version"] == SCHEMA_VERSION
    assert raw["rules_version"] == RULES_VERSION
    assert raw["data_fingerprint"] == data.fingerprint
    assert raw["seed"] == 99 and raw["state"]["dice"]["seed"] == 99
    assert re.fullmatch(r"[0-9a-f]{32}", raw["state_hash"])
    assert raw["state_hash"] == state_hash(CONVERTER.structure(raw["state"], CampaignState))
    assert raw["name"] == "env"
    assert raw["created"] and raw["saved"]
    assert raw["journal"][0]["kind"] == "created"
    assert raw["checkpoints"] and raw["checkpoints"][0]["turn"] <= 1


def test_state_hash_covers_the_dice_position(data):
    env = new_envelope(data, 1942, 1, RulesProfile(), "h")
    before = state_hash(env.state)
    env.state.dice.streams["ja"] = 12345
    assert state_hash(env.state) != before


# --- damaged files -----------------------------------------------------------------------------


def _json_edit(edit):
    def make(text: str) -> bytes:
        raw = json.loads(text)
        edit(raw)
        return json.dumps(raw, indent=1).encode()
    return make


def _set_state(key, value, rehash=False):
    def edit(raw):
        raw["state"][key] = value
        if rehash:
            _rehash(raw)
    return _json_edit(edit)


def _move_ja_force_to_wc(raw):
    raw["state"]["forces"]["JA:Kaga"]["location"] = "WC"
    _rehash(raw)


DAMAGED = {
    "empty": (lambda t: b"", "the file is empty"),
    "blank": (lambda t: b"  \n\n", "the file is empty"),
    "not JSON": (lambda t: b"this is not a save {", "invalid JSON at line 1"),
    "JSON but not a save": (lambda t: b'{"a": 1}', 'not a nimitz save (no "format"'),
    "a JSON list": (lambda t: b"[1, 2, 3]", "not a nimitz save"),
    "truncated": (lambda t: t[: len(t) // 2].encode(), "invalid JSON"),
    "nested too deeply": (lambda t: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "not UTF-8": (lambda t: b"\xff\xfe\x00garbage", "not UTF-8"),
    "sp edited, hash not recomputed": (_set_state("sp", -5), "does not match its hash ($.state_hash)"),
    "sp edited, hash recomputed": (_set_state("sp", -5, rehash=True), "$.state.sp: -5 supply points is negative"),
    "JA force moved to WC": (_json_edit(_move_ja_force_to_wc), "$.state.forces['JA:Kaga'].location: JA forces cannot be in WC"),
    "wrong type": (_set_state("sp", "lots"), "$.state.sp"),
    "newer schema": (_json_edit(lambda r: r.update(schema_version=99)), "newer"),
    "schema not a number": (_json_edit(lambda r: r.update(schema_version="one")), "schema_version is missing or not a number"),
    "schema too old": (_json_edit(lambda r: r.update(schema_version=0)), "too old to migrate"),
    "unknown top-level key": (_json_edit(lambda r: r.update(surprise=1)), "extra fields found (surprise)"),
    "unknown key in a force": (_json_edit(lambda r: r["state"]["forces"]["JA:Kaga"].update(hp=3)), "extra fields found (hp) @ $.state.forces"),
    "missing state": (_json_edit(lambda r: r.pop("state")), "required field missing @ $.state"),
}


@pytest.fixture
def good_save(data, saves_dir) -> Path:
    return _create(data, saves_dir, "victim")


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_damaged_file_gives_one_clear_save_error(data, good_save, case):
    make, expected = DAMAGED[case]
    good_save.write_bytes(make(good_save.read_text(encoding="utf-8")))
    with pytest.raises(SaveError) as err:
        read_save(good_save, data)
    message = str(err.value)
    assert expected in message, message
    assert str(good_save) in message  # names the file
    assert "\n" not in message.strip()  # one message, not a dump
    assert isinstance(err.value, NimitzError)


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_cli_on_damaged_file_exits_2_without_traceback_and_leaves_it(runner, good_save, saves_dir, case):
    make, expected = DAMAGED[case]
    damaged = make(good_save.read_text(encoding="utf-8"))
    good_save.write_bytes(damaged)
    mtime = good_save.stat().st_mtime_ns
    for command in (["check", "victim"], ["show", "victim"], ["check", str(good_save)]):
        result = runner.invoke(cli, ["--saves", str(saves_dir), *command])
        assert result.exit_code == 2, (command, result.output)
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert expected in result.output
    listing = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert listing.exit_code == 0 and "victim" in listing.output and "cannot be read" in listing.output
    assert good_save.read_bytes() == damaged
    assert good_save.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in saves_dir.iterdir()) == ["victim.nimitz.json"]


def test_hash_check_without_game_data_still_runs(good_save):
    raw = json.loads(good_save.read_text())
    raw["state"]["sp"] += 7
    good_save.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="does not match its hash"):
        read_save(good_save)  # no data given: structure and hash are still checked


def test_edited_saved_time_does_not_break_list(runner, data, good_save, saves_dir):
    """`saved` is outside the state hash; a bad value must not crash `nimitz list`."""
    raw = json.loads(good_save.read_text())
    raw["saved"] = "yesterday-ish"
    good_save.write_text(json.dumps(raw))
    result = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert result.exit_code == 0, result.output
    assert "victim" in result.output and "Traceback" not in result.output


def test_missing_file_and_folder(data, tmp_path):
    with pytest.raises(SaveError, match="no such save"):
        read_save(tmp_path / "absent.nimitz.json", data)
    with pytest.raises(SaveError, match="is a folder"):
        read_save(tmp_path, data)


def test_a_registered_migration_runs(data, good_save, monkeypatch):
    """An older schema migrates step by step (MIGRATIONS[n]: schema n -> n+1)."""
    raw = json.loads(good_save.read_text())
    raw["schema_version"] = SCHEMA_VERSION - 1
    raw["old_field"] = "dropped by the migration"

    def migrate(old):
        new = dict(old)
        new.pop("old_field")
        new["schema_version"] = SCHEMA_VERSION
        return new

    monkeypatch.setitem(saves_mod.MIGRATIONS, SCHEMA_VERSION - 1, migrate)
    env = envelope_from_json(json.dumps(raw), "old.json", data)
    assert env.schema_version == SCHEMA_VERSION


# --- atomic writes -----------------------------------------------------------------------------


def test_write_save_leaves_no_temp_files(data, saves_dir):
    env = new_envelope(data, 1942, 1, RulesProfile(), "atomic")
    path = saves_dir / "atomic.nimitz.json"
    for sp in (1, 2, 3):
        env.state.sp = sp
        write_save(path, env)
    assert [p.name for p in saves_dir.iterdir()] == ["atomic.nimitz.json"]
    assert read_save(path, data).state.sp == 3


def test_write_save_creates_the_folder(data, tmp_path):
    env = new_envelope(data, 1942, 1, RulesProfile(), "deep")
    path = tmp_path / "a" / "b" / "deep.nimitz.json"
    write_save(path, env)
    assert read_save(path, data).state == env.state


def _assert_untouched(folder: Path, path: Path, original: bytes) -> None:
    assert path.read_bytes() == original
    assert [p.name for p in folder.iterdir()] == [path.name]


def test_serialisation_error_leaves_the_old_file(data, good_save, saves_dir, monkeypatch):
    original = good_save.read_bytes()
    env = read_save(good_save, data)
    env.state.sp = 30

    def boom(envelope):
        raise RuntimeError("disk full while serialising")

    monkeypatch.setattr(saves_mod, "to_json", boom)
    with pytest.raises(RuntimeError):
        write_save(good_save, env)
    _assert_untouched(saves_dir, good_save, original)


def test_unserialisable_value_midway_leaves_the_old_file(data, good_save, saves_dir):
    """json.dumps fails part way through (a value JSON cannot hold in the journal)."""
    original = good_save.read_bytes()
    env = read_save(good_save, data)
    env.state.sp = 30
    env.journal[0].data["oops"] = object()
    with pytest.raises(TypeError):
        write_save(good_save, env)
    _assert_untouched(saves_dir, good_save, original)


def test_failed_rename_leaves_the_old_file_and_no_temp(data, good_save, saves_dir, monkeypatch):
    original = good_save.read_bytes()
    env = read_save(good_save, data)
    env.state.sp = 30

    def fail_replace(src, dst):
        assert Path(src).exists()  # the temp file was fully written before the rename
        raise OSError("rename failed")

    monkeypatch.setattr(saves_mod.os, "replace", fail_replace)
    with pytest.raises(SaveError, match="cannot be written: rename failed; nothing on disk"):
        write_save(good_save, env)
    monkeypatch.undo()
    _assert_untouched(saves_dir, good_save, original)


def test_write_is_fsynced_before_the_rename(data, saves_dir, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(saves_mod.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(saves_mod.os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    write_save(saves_dir / "f.nimitz.json", new_envelope(data, 1942, 1, RulesProfile(), "f"))
    assert calls[:2] == ["fsync", "replace"]


# --- campaign names ----------------------------------------------------------------------------

BAD_NAMES = ["../x", "/etc/x", "a/b", "..", "", "x" * 65, ".hidden", "a..b", "a b", "a\\b",
             "c" + SUFFIX]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_bad_campaign_names_are_refused(name, saves_dir):
    with pytest.raises(SaveError, match="is not a campaign name"):
        check_name(name)
    with pytest.raises(SaveError):
        SaveStore(saves_dir).path_for(name)


@pytest.mark.parametrize("name", ["a", "campaign-1942", "Midway_2.try", "x" * 64, "0"])
def test_good_campaign_names(name, saves_dir):
    assert check_name(name) == name
    assert SaveStore(saves_dir).path_for(name).parent == saves_dir


@pytest.mark.parametrize("name", ["../x", "/etc/x", "a/b", "..", "", "x" * 65])
def test_cli_new_refuses_bad_names_and_writes_nothing(runner, saves_dir, tmp_path, name):
    result = runner.invoke(cli, ["--saves", str(saves_dir), "new", "--year", "1942", "--seed", "1",
                                 "--no-tui", "--name", name])
    assert result.exit_code == 2, result.output
    assert "not a campaign name" in result.output and "Traceback" not in result.output
    assert list(saves_dir.iterdir()) == []
    assert not (tmp_path / "x.nimitz.json").exists()


def test_new_with_an_existing_name_refuses_and_leaves_the_file(runner, saves_dir):
    def new(year, seed):
        return runner.invoke(cli, ["--saves", str(saves_dir), "new", "--year", year, "--seed", seed,
                                   "--no-tui", "--name", "mine"])

    assert new("1942", "1").exit_code == 0
    path = saves_dir / "mine.nimitz.json"
    original, mtime = path.read_bytes(), path.stat().st_mtime_ns
    result = new("1943", "2")
    assert result.exit_code == 2
    assert "already exists" in result.output and "Traceback" not in result.output
    assert path.read_bytes() == original and path.stat().st_mtime_ns == mtime
    assert [p.name for p in saves_dir.iterdir()] == ["mine.nimitz.json"]


def test_store_create_never_overwrites(data, saves_dir):
    store = SaveStore(saves_dir)
    path = store.create(new_envelope(data, 1942, 1, RulesProfile(), "once"))
    before = path.read_bytes()
    with pytest.raises(SaveError, match="already exists"):
        store.create(new_envelope(data, 1945, 2, RulesProfile(), "once"))
    assert path.read_bytes() == before


def test_free_name_numbers_taken_names(data, saves_dir):
    store = SaveStore(saves_dir)
    assert store.free_name("campaign-1942") == "campaign-1942"
    store.create(new_envelope(data, 1942, 1, RulesProfile(), "campaign-1942"))
    assert store.free_name("campaign-1942") == "campaign-1942-2"
    store.create(new_envelope(data, 1942, 1, RulesProfile(), "campaign-1942-2"))
    assert store.free_name("campaign-1942") == "campaign-1942-3"


def test_store_resolve_names_and_paths(data, saves_dir, tmp_path):
    store = SaveStore(saves_dir)
    path = _create(data, saves_dir, "here")
    assert store.resolve("here") == path
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(path.read_bytes())
    assert store.resolve(str(elsewhere)) == elsewhere
    with pytest.raises(SaveError, match="no campaign named 'nothere'"):
        store.resolve("nothere")
    with pytest.raises(SaveError, match="no such save file"):
        store.resolve(str(tmp_path / "missing.json"))


def test_store_lists_saves_newest_first(data, saves_dir):
    store = SaveStore(saves_dir)
    old = _create(data, saves_dir, "old")
    new = _create(data, saves_dir, "new")
    os.utime(old, ns=(1_000_000_000, 1_000_000_000))
    (saves_dir / "notes.txt").write_text("not a save")
    assert store.saves() == [new, old]
    assert SaveStore(saves_dir / "absent").saves() == []


def test_default_saves_dir_follows_nimitz_home(nimitz_home):
    from nimitz.persist.store import default_saves_dir

    assert default_saves_dir() == nimitz_home / "saves"
