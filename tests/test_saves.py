"""Save files (DESIGN.md "Saves", docs/architecture.md "Saves"): two header slots and an
append-only journal; save -> load equality; autosave appends only what a decision added; a torn
or uncommitted tail is dropped and never an earlier record; one clear SaveError for every kind
of damaged file (never a traceback, never an overwrite); atomic whole writes; campaign names
that cannot leave the saves folder."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from nimitz import RULES_VERSION
from nimitz.cli import cli
from nimitz.errors import NimitzError, SaveError
from nimitz.model.data import YEARS
from nimitz.model.state import RulesProfile
from nimitz.persist import saves as saves_mod
from nimitz.persist.campaign_file import Session, new_envelope
from nimitz.persist.saves import (
    FORMAT,
    HEADER_BYTES,
    SCHEMA_VERSION,
    SLOT,
    envelope_from_bytes,
    read_header,
    read_save,
    to_bytes,
    write_save,
)
from nimitz.persist.store import SUFFIX, SaveStore, check_name
from nimitz.policies import get_policy


def _create(data, folder: Path, name: str = "c", year: int = 1942, seed: int = 1) -> Path:
    env = new_envelope(data, year, seed, RulesProfile(), name)
    return SaveStore(folder).create(env)


def _played(data, path: Path, decisions: int, year: int = 1942, seed: int = 3) -> Session:
    """A campaign autosaved after each of its first `decisions` decisions."""
    session = Session.create(path, data, year, seed, RulesProfile(), path.name.split(".")[0])
    session.save()
    chooser = get_policy("sensible")
    for _ in range(decisions):
        session.answer(chooser(session.game.pending, session.game))
    return session


# --- round trip and layout ---------------------------------------------------------------------


@pytest.mark.parametrize("year", YEARS)
def test_save_then_load_gives_the_same_save(data, saves_dir, year):
    env = new_envelope(data, year, 17, RulesProfile(order_modifiers="rulebook"), f"y{year}")
    path = saves_dir / f"y{year}{SUFFIX}"
    write_save(path, env)
    loaded = read_save(path, data)
    assert loaded.journal == env.journal
    assert loaded.checkpoints == env.checkpoints  # attrs eq: every field, every force, the dice
    assert loaded.header == env.header
    assert loaded.header.rules.order_modifiers == "rulebook"
    assert loaded.end == path.stat().st_size


def test_layout_two_header_slots_then_json_lines(data, saves_dir):
    path = _create(data, saves_dir, "env", 1944, 99)
    raw = path.read_bytes()
    slots = [json.loads(raw[i * SLOT : (i + 1) * SLOT]) for i in (0, 1)]
    for slot in slots:
        assert slot["format"] == FORMAT == "nimitz-save"
        assert slot["schema_version"] == SCHEMA_VERSION == 3
        assert slot["rules_version"] == RULES_VERSION and slot["data_fingerprint"] == data.fingerprint
        assert slot["name"] == "env" and slot["seed"] == 99 and slot["created"]
        assert slot["summary"]["year"] == 1944 and slot["summary"]["saved"]
    lines = [json.loads(line) for line in raw[HEADER_BYTES:].splitlines()]
    assert lines[0]["entry"]["kind"] == "created"
    assert any("checkpoint" in line for line in lines)
    commit = lines[-1]
    assert commit["commit"]["journal_len"] == sum("entry" in line for line in lines)
    body = raw[HEADER_BYTES : raw.rindex(b"\n", 0, len(raw) - 1) + 1]
    assert commit["sha"] == hashlib.sha256(body).hexdigest()


def test_autosave_appends_only_what_the_decision_added(data, saves_dir):
    """The bytes already written never change (only the older header slot is rewritten); the
    file grows by one batch: the decision's entries, any checkpoint and a commit line."""
    path = saves_dir / f"a{SUFFIX}"
    session = _played(data, path, 3)
    before = path.read_bytes()
    n = len(session.game.journal)
    chooser = get_policy("sensible")
    session.answer(chooser(session.game.pending, session.game))
    after = path.read_bytes()
    assert after[HEADER_BYTES : len(before)] == before[HEADER_BYTES:]
    added = [json.loads(line) for line in after[len(before) :].splitlines()]
    assert [a["entry"]["seq"] for a in added if "entry" in a] == list(range(n, len(session.game.journal)))
    assert "commit" in added[-1]
    same_slot = [after[i * SLOT : (i + 1) * SLOT] == before[i * SLOT : (i + 1) * SLOT] for i in (0, 1)]
    assert sorted(same_slot) == [False, True]  # one slot rewritten, the other kept


def test_list_header_follows_each_decision(data, saves_dir):
    path = saves_dir / f"h{SUFFIX}"
    session = _played(data, path, 5)
    header = read_header(path)
    st = session.game.state
    assert (header.summary.turn, header.summary.step, header.summary.year) == (st.turn, st.step, st.year)
    assert header.summary.journal_len == len(session.game.journal)
    assert header.summary.decisions == 5


def test_undo_rewrites_the_file_whole_and_it_stays_sound(data, saves_dir):
    from nimitz.persist.verify import verify

    path = saves_dir / f"u{SUFFIX}"
    session = _played(data, path, 6)
    session.undo()
    env = read_save(path, data)
    assert len(env.journal) == len(session.game.journal)
    assert verify(env, data) == []
    chooser = get_policy("sensible")
    session.answer(chooser(session.game.pending, session.game))  # appends again after the undo
    assert verify(read_save(path, data), data) == []


# --- kills and torn writes ---------------------------------------------------------------------


def test_a_cut_at_any_byte_of_the_last_batch_loses_only_that_decision(data, saves_dir):
    """A kill during an autosave leaves a prefix of the batch: every cut loads as the campaign
    before the decision in flight (no earlier record lost); the next autosave overwrites the tail."""
    path = saves_dir / f"k{SUFFIX}"
    session = _played(data, path, 4)
    committed = path.read_bytes()
    journal_before = len(session.game.journal)
    chooser = get_policy("sensible")
    session.answer(chooser(session.game.pending, session.game))
    full = path.read_bytes()
    header = full[:HEADER_BYTES]  # the header write comes after the batch: test both headers
    for cut in range(len(committed), len(full), 97):
        for head in (committed[:HEADER_BYTES], header):
            path.write_bytes(head + full[HEADER_BYTES:cut])
            env = read_save(path, data)
            assert len(env.journal) == journal_before, cut
            assert env.end == len(committed)
    resumed = Session.open(path, data)
    resumed.answer(chooser(resumed.game.pending, resumed.game))
    assert read_save(path, data).journal == envelope_from_bytes(full, "before the cut").journal


def test_a_torn_header_slot_falls_back_to_the_other(data, saves_dir):
    path = saves_dir / f"t{SUFFIX}"
    _played(data, path, 2)
    raw = bytearray(path.read_bytes())
    newest = max((0, 1), key=lambda i: json.loads(raw[i * SLOT : (i + 1) * SLOT])["seq"])
    raw[newest * SLOT + 40 : newest * SLOT + 60] = b"x" * 20
    path.write_bytes(bytes(raw))
    assert read_header(path).name == "t"
    assert read_save(path, data).summary.decisions == 2  # the last commit is the authority


def test_damage_before_the_last_commit_is_refused_not_dropped(data, saves_dir):
    path = saves_dir / f"d{SUFFIX}"
    _played(data, path, 3)
    raw = path.read_bytes()
    i = raw.index(b'"text":"', HEADER_BYTES + 10) + 8
    path.write_bytes(raw[:i] + b"X" + raw[i + 1 :])
    with pytest.raises(SaveError, match="damaged before byte"):
        read_save(path, data)


# --- damaged files -----------------------------------------------------------------------------


def _header_edit(edit):
    """An edit of both header slots by someone who knows the format (checksums recomputed)."""

    def make(raw: bytes) -> bytes:
        out = b""
        for i in (0, 1):
            slot = json.loads(raw[i * SLOT : (i + 1) * SLOT])
            edit(slot)
            slot["check"] = saves_mod._header_check(slot)
            out += json.dumps(slot).ljust(SLOT - 1).encode() + b"\n"
        return out + raw[HEADER_BYTES:]

    return make


def _records_edit(edit):
    """Rewrite the records through the format's own writer after editing the save."""

    def make(raw: bytes) -> bytes:
        env = envelope_from_bytes(raw, "x")
        edit(env)
        return to_bytes(env)

    return make


def _sp(value):
    def edit(env):
        env.checkpoints[0].state.sp = value

    return edit


def _kaga_to_wc(env):
    env.checkpoints[0].state.forces["JA:Kaga"].location = "WC"


DAMAGED = {
    "empty": (lambda r: b"", "the file is empty"),
    "blank": (lambda r: b"  \n\n", "the file is empty"),
    "not JSON": (lambda r: b"this is not a save {", "invalid JSON at line 1"),
    "JSON but not a save": (lambda r: b'{"a": 1}', 'not a nimitz save (no "format"'),
    "a JSON list": (lambda r: b"[1, 2, 3]", "not a nimitz save"),
    "header slots only": (lambda r: r[:HEADER_BYTES], "no complete record"),
    "both header slots torn": (
        lambda r: r[:100] + b"}" + r[101 : SLOT + 100] + b"}" + r[SLOT + 101 :],
        "not a nimitz save",
    ),
    "nested too deeply": (lambda r: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "not UTF-8": (lambda r: b"\xff\xfe\x00garbage", "not UTF-8"),
    "a record edited": (lambda r: r.replace(b'"kind":"created"', b'"kind":"creased"'), "damaged before byte"),
    "checkpoint sp negative": (_records_edit(_sp(-5)), "$.checkpoints[0].state.sp: -5 supply points is negative"),
    "JA force moved to WC": (
        _records_edit(_kaga_to_wc),
        "$.checkpoints[0].state.forces['JA:Kaga'].location: JA forces cannot be in WC",
    ),
    "wrong type": (_records_edit(_sp("lots")), "$.checkpoints[0].state.sp"),
    "newer schema": (_header_edit(lambda h: h.update(schema_version=99)), "newer"),
    "unknown header key": (_header_edit(lambda h: h.update(surprise=1)), "extra fields found (surprise)"),
    "missing seed": (_header_edit(lambda h: h.pop("seed")), "required field missing @ $.header.seed"),
}


@pytest.fixture
def good_save(data, saves_dir) -> Path:
    return _create(data, saves_dir, "victim")


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_damaged_file_gives_one_clear_save_error(data, good_save, case):
    make, expected = DAMAGED[case]
    good_save.write_bytes(make(good_save.read_bytes()))
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
    damaged = make(good_save.read_bytes())
    good_save.write_bytes(damaged)
    mtime = good_save.stat().st_mtime_ns
    for command in (["check", "victim"], ["show", "victim"], ["check", str(good_save)]):
        result = runner.invoke(cli, ["--saves", str(saves_dir), *command])
        assert result.exit_code == 2, (command, result.output)
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert expected in result.output
    listing = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert listing.exit_code == 0 and "victim" in listing.output
    assert good_save.read_bytes() == damaged
    assert good_save.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in saves_dir.iterdir()) == ["victim.nimitz.json"]


def test_edited_saved_time_does_not_break_list(runner, data, good_save, saves_dir):
    """`saved` is only shown: a bad value must not crash `nimitz list`."""
    good_save.write_bytes(_header_edit(lambda h: h["summary"].update(saved="yesterday-ish"))(good_save.read_bytes()))
    result = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert result.exit_code == 0, result.output
    assert "victim" in result.output and "Traceback" not in result.output


def test_list_reads_headers_only(runner, data, saves_dir, monkeypatch):
    """`nimitz list` never reads a journal: reading a whole save is forbidden here."""
    _create(data, saves_dir, "one")
    _played(data, saves_dir / f"two{SUFFIX}", 3)

    def forbidden(*args, **kwargs):
        raise AssertionError("list read a whole save")

    monkeypatch.setattr(saves_mod, "read_save", forbidden)
    monkeypatch.setattr(saves_mod, "envelope_from_bytes", forbidden)
    result = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert result.exit_code == 0, result.output
    assert "one" in result.output and "two" in result.output


def test_missing_file_and_folder(data, tmp_path):
    with pytest.raises(SaveError, match="no such save"):
        read_save(tmp_path / "absent.nimitz.json", data)
    with pytest.raises(SaveError, match="is a folder"):
        read_save(tmp_path, data)


# --- older schemas (one JSON envelope) ---------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


def _legacy_edit(edit):
    def make(_raw: bytes) -> bytes:
        raw = json.loads((FIXTURES / "save-schema-2.nimitz.json").read_text())
        edit(raw)
        return json.dumps(raw).encode()

    return make


LEGACY_DAMAGED = {
    "state edited, hash kept": (
        _legacy_edit(lambda r: r["state"].update(sp=-5)),
        "does not match its hash ($.state_hash)",
    ),
    "newer one-envelope schema": (_legacy_edit(lambda r: r.update(schema_version=9)), "newer"),
    "schema not a number": (
        _legacy_edit(lambda r: r.update(schema_version="one")),
        "schema_version is missing or not a number",
    ),
    "schema too old": (_legacy_edit(lambda r: r.update(schema_version=0)), "too old to migrate"),
    "unknown top-level key": (_legacy_edit(lambda r: r.update(surprise=1)), "extra fields found (surprise)"),
    "truncated": (lambda r: (FIXTURES / "save-schema-2.nimitz.json").read_bytes()[:5000], "invalid JSON"),
}


@pytest.mark.parametrize("case", sorted(LEGACY_DAMAGED))
def test_damaged_old_schema_file_gives_one_clear_save_error(data, good_save, case):
    make, expected = LEGACY_DAMAGED[case]
    good_save.write_bytes(make(good_save.read_bytes()))
    with pytest.raises(SaveError) as err:
        read_save(good_save, data)
    assert expected in str(err.value) and str(good_save) in str(err.value)


def test_a_registered_migration_runs(data, monkeypatch):
    """An older one-envelope schema migrates step by step (MIGRATIONS[n]: schema n -> n+1)."""
    raw = json.loads((FIXTURES / "save-schema-2.nimitz.json").read_text())
    raw["schema_version"] = 1
    raw["old_field"] = "dropped by the migration"

    def migrate(old):
        new = dict(old)
        new.pop("old_field")
        new["schema_version"] = 2
        return new

    monkeypatch.setitem(saves_mod.MIGRATIONS, 1, migrate)
    env = envelope_from_bytes(json.dumps(raw).encode(), "old.json", data)
    assert env.header.schema_version == SCHEMA_VERSION and env.legacy


# --- atomic whole writes -----------------------------------------------------------------------


def test_write_save_leaves_no_temp_files(data, saves_dir):
    env = new_envelope(data, 1942, 1, RulesProfile(), "atomic")
    path = saves_dir / "atomic.nimitz.json"
    for sp in (1, 2, 3):
        env.checkpoints[0].state.sp = sp
        write_save(path, env)
    assert [p.name for p in saves_dir.iterdir()] == ["atomic.nimitz.json"]
    assert read_save(path, data).checkpoints[0].state.sp == 3


def test_write_save_creates_the_folder(data, tmp_path):
    env = new_envelope(data, 1942, 1, RulesProfile(), "deep")
    path = tmp_path / "a" / "b" / "deep.nimitz.json"
    write_save(path, env)
    assert read_save(path, data).checkpoints == env.checkpoints


def _assert_untouched(folder: Path, path: Path, original: bytes) -> None:
    assert path.read_bytes() == original
    assert [p.name for p in folder.iterdir()] == [path.name]


def test_serialisation_error_leaves_the_old_file(data, good_save, saves_dir, monkeypatch):
    original = good_save.read_bytes()
    env = read_save(good_save, data)

    def boom(*args):
        raise RuntimeError("disk full while serialising")

    monkeypatch.setattr(saves_mod, "encode_batch", boom)
    with pytest.raises(RuntimeError):
        write_save(good_save, env)
    _assert_untouched(saves_dir, good_save, original)


def test_unserialisable_value_midway_leaves_the_old_file(data, good_save, saves_dir):
    """json.dumps fails part way through (a value JSON cannot hold in the journal)."""
    original = good_save.read_bytes()
    env = read_save(good_save, data)
    env.journal[0].data["oops"] = object()
    with pytest.raises(TypeError):
        write_save(good_save, env)
    _assert_untouched(saves_dir, good_save, original)


def test_failed_rename_leaves_the_old_file_and_no_temp(data, good_save, saves_dir, monkeypatch):
    original = good_save.read_bytes()
    env = read_save(good_save, data)

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


def test_a_turn_start_is_fsynced_other_decisions_on_flush(data, saves_dir, monkeypatch):
    """Autosave fsyncs a batch that holds a checkpoint (a turn start); other batches are safe
    from kills at once and made durable by `flush` (closing, the end of autoplay)."""
    path = saves_dir / f"s{SUFFIX}"
    session = _played(data, path, 1)
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(saves_mod.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    chooser = get_policy("sensible")
    while not synced:
        cps = len(session.game.checkpoints)
        session.answer(chooser(session.game.pending, session.game))
    assert len(session.game.checkpoints) > cps  # the only synced batch is the turn start
    synced.clear()
    session.answer(chooser(session.game.pending, session.game))
    assert synced == [] and session.game.pending is not None
    session.flush()
    assert len(synced) == 1


# --- campaign names ----------------------------------------------------------------------------

BAD_NAMES = ["../x", "/etc/x", "a/b", "..", "", "x" * 65, ".hidden", "a..b", "a b", "a\\b", "c" + SUFFIX]


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
    result = runner.invoke(
        cli, ["--saves", str(saves_dir), "new", "--year", "1942", "--seed", "1", "--no-tui", "--name", name]
    )
    assert result.exit_code == 2, result.output
    assert "not a campaign name" in result.output and "Traceback" not in result.output
    assert list(saves_dir.iterdir()) == []
    assert not (tmp_path / "x.nimitz.json").exists()


def test_new_with_an_existing_name_refuses_and_leaves_the_file(runner, saves_dir):
    def new(year, seed):
        return runner.invoke(
            cli, ["--saves", str(saves_dir), "new", "--year", year, "--seed", seed, "--no-tui", "--name", "mine"]
        )

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
