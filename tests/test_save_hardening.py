"""Saves that cannot be forged or crash the program, and no error a traceback (issue 18).

One test for each bug the issue lists, on the schema-3 file (persist/saves.py): states in
checkpoints validated as the live state is (model/validation.py); JSON types checked before
anything is built from them; `check` re-deriving every field from the campaign's creation (exit 1
for a readable save that does not verify); every error a player can meet one line, exit 2,
nothing changed; FIFOs and devices refused at once. The mutation fuzzer is at the end (slow).
"""

from __future__ import annotations

import json
import os
import signal
import stat
import sys
import time
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.errors import SaveError
from nimitz.model.state import RulesProfile
from nimitz.model.validation import validate_state
from nimitz.persist.campaign_file import Session, new_game
from nimitz.persist.saves import CONVERTER, HEADER_BYTES, SLOT, read_save
from nimitz.persist.store import check_name
from nimitz.persist.verify import verify
from nimitz.policies import get_policy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from fuzz_saves import _reseal, fuzz  # the forger's tool: hashes and checksums redone


@pytest.fixture(scope="module")
def genuine(tmp_path_factory, data) -> bytes:
    """A 1942 campaign in its second turn, autosaved decision by decision (two checkpoints)."""
    folder = tmp_path_factory.mktemp("genuine")
    session = Session.create(folder / "c.nimitz.json", data, 1942, 3, RulesProfile(), "c")
    session.save()
    chooser = get_policy("passive")
    while len(session.game.checkpoints) < 2:
        session.answer(chooser(session.game.pending, session.game))
    session.answer(chooser(session.game.pending, session.game))
    return session.path.read_bytes()


@pytest.fixture
def save(genuine, saves_dir) -> Path:
    path = saves_dir / "c.nimitz.json"
    path.write_bytes(genuine)
    return path


def _lines(path: Path) -> tuple[list[dict], list[dict]]:
    raw = path.read_bytes()
    slots = [json.loads(raw[i * SLOT : (i + 1) * SLOT]) for i in (0, 1)]
    return slots, [json.loads(line) for line in raw[HEADER_BYTES:].split(b"\n")[:-1]]


def _forge(path: Path, edit) -> None:
    """Edit the file as someone who knows the format would: then reseal hashes and checksums."""
    slots, records = _lines(path)
    edit(slots, records)
    head = b"".join((json.dumps(s, separators=(",", ":")).ljust(SLOT - 1) + "\n").encode() for s in slots)
    body = b"".join(json.dumps(r, separators=(",", ":")).encode() + b"\n" for r in records)
    path.write_bytes(_reseal(head + body))


def _entries(records):
    return [r["entry"] for r in records if "entry" in r]


def _checkpoints(records):
    return [r["checkpoint"] for r in records if "checkpoint" in r]


def _commits(records):
    return [r["commit"] for r in records if "commit" in r]


def _both_slots(edit):
    return lambda slots, records: [edit(s) for s in slots]


def _no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


# --- checkpoint states are validated (they made check, play and undo raise) ---------------------


def _cp_year(slots, records):
    _checkpoints(records)[1]["state"]["year"] = 0


def _cp_class(slots, records):
    _checkpoints(records)[1]["state"]["forces"]["JA:Kaga"]["cls"] += "x"


def _cp_force_id(slots, records):
    _checkpoints(records)[1]["state"]["forces"]["JA:Kaga"]["id"] = "JA:Akagi"


CHECKPOINT_EDITS = {
    "year 0": (_cp_year, "$.checkpoints[1].state.year: there is no 0 campaign"),
    "class with a letter added": (_cp_class, "$.checkpoints[1].state.forces['JA:Kaga'].cls"),
    "force id differs from its key": (_cp_force_id, "$.checkpoints[1].state.forces['JA:Kaga'].id: says 'JA:Akagi'"),
}


@pytest.mark.parametrize("case", sorted(CHECKPOINT_EDITS))
def test_an_edited_checkpoint_state_is_refused_on_reading(data, save, case):
    edit, expected = CHECKPOINT_EDITS[case]
    _forge(save, edit)
    with pytest.raises(SaveError, match="damaged or was edited") as err:
        read_save(save, data)
    assert expected in str(err.value)


@pytest.mark.parametrize("command", ["check", "play", "undo", "show", "recover", "aar"])
def test_an_edited_checkpoint_gives_a_message_in_every_command(runner, saves_dir, save, command):
    _forge(save, _cp_class)
    before = save.read_bytes()
    result = runner.invoke(cli, ["--saves", str(saves_dir), command, "c"])
    _no_traceback(result)
    assert result.exit_code == 2 and "$.checkpoints[1].state.forces['JA:Kaga'].cls" in result.output
    assert save.read_bytes() == before


def test_the_battle_board_names_only_what_exists(data):
    """A battle board naming an unknown area, force, box or plan is refused (the engine would
    raise a KeyError on it)."""
    from nimitz.model.battle import BattleState

    state = new_game(data, 1942, 1, RulesProfile()).state
    fid = next(iter(state.forces))
    state.battle = BattleState(area="ZZ", forces=[fid, "JA:Nobody"], positions={fid: "MOON"}, cup=["no-such-plan"])
    problems = "; ".join(validate_state(state, data))
    for expected in (
        "$.state.battle.area: 'ZZ'",
        "$.state.battle.forces: 'JA:Nobody'",
        f"$.state.battle.positions[{fid!r}]: 'MOON'",
        "$.state.battle.cup: 'no-such-plan'",
    ):
        assert expected in problems


def test_every_state_of_real_campaigns_validates(data):
    """validate_state accepts every state the engine reaches (each journal entry, every year,
    linked too), so it never refuses a genuine save."""
    chooser = get_policy("sensible")
    for year in (1942, 1943, 1944, 1945):
        game = new_game(data, year, 5, RulesProfile(), linked=year == 1944)
        seen: list[str] = []
        game.listeners.append(lambda e, g=game, seen=seen: seen.extend(validate_state(g.state, data)))
        while game.pending is not None and game.state.turn <= 2:
            game.answer(chooser(game.pending, game))
        assert seen == [], (year, seen[:3])


# --- types checked before structuring -----------------------------------------------------------


def test_a_string_where_a_list_belongs_is_refused_at_once(data, save):
    """A 300,000-character string in place of a list was structured one character at a time
    (41 s and 2.5 GB for `check`); it is refused by its type, naming where."""

    def edit(slots, records):
        _checkpoints(records)[0]["state"]["ja_stacks"]["ships"] = "s" * 300_000

    _forge(save, edit)
    with pytest.raises(SaveError, match=r"expected a list, found a string @ \$\.checkpoints"):
        read_save(save, data)


@pytest.mark.parametrize("container", ["list", "dict"])
def test_a_long_list_or_object_of_wrong_elements_stops_at_the_first_few(container):
    """cattrs kept an error and its traceback for every element: 3 million zeros where the
    journal belongs took 49 s and 5 GB before the message. It stops at MAX_ERRORS."""
    import cattrs

    from nimitz.model.journal import JournalEntry
    from nimitz.persist.bounds import MAX_ERRORS

    value, target = ([0] * 100_000, list[JournalEntry])
    if container == "dict":
        value, target = ({f"k{i}": 0 for i in range(100_000)}, dict[str, JournalEntry])
    with pytest.raises(cattrs.IterableValidationError) as err:
        CONVERTER.structure(value, target)
    assert len(err.value.exceptions) == MAX_ERRORS


@pytest.mark.parametrize(
    "value, target, expected",
    [
        ("abc", "list[str]", "expected a list, found a string"),
        ("7", "int", "expected a whole number, found a string"),
        (True, "int", "expected a whole number, found true/false"),
        (7.0, "int", "expected a whole number, found a number"),
        (["a"], "dict[str, int]", "expected an object, found a list"),
        (3, "str", "expected a string, found a whole number"),
    ],
)
def test_the_save_converter_takes_only_the_json_type_asked_for(value, target, expected):
    from nimitz.persist.bounds import WrongType

    with pytest.raises(WrongType, match=expected):
        CONVERTER.structure(value, eval(target))  # a type expression from the list above


# --- check verifies every field by replay -------------------------------------------------------


def _roll_face(slots, records):
    roll = next(e for e in _entries(records) if e["kind"] == "roll")
    roll["data"]["face"] = roll["data"]["face"] % 10 + 1


def _roll_face_as(kind):
    def edit(slots, records):
        roll = next(e for e in _entries(records) if e["kind"] == "roll" and e["data"]["face"] == 1)
        roll["data"]["face"] = kind(roll["data"]["face"])

    return edit


def _entry_field(name, value):
    def edit(slots, records):
        _entries(records)[40][name] = value

    return edit


def _created_seed(slots, records):
    created = _entries(records)[0]
    created["data"]["seed"] = 99
    created["text"] = created["text"].replace("seed 3", "seed 99")


def _checkpoint_turn(slots, records):
    cp = _checkpoints(records)[1]
    cp["turn"] += 1
    cp["state"]["turn"] += 1


def _commit_summary(slots, records):
    _commits(records)[3]["held"] += 1


FORGERIES = {
    "a roll's face in its data": _roll_face,
    "a roll's face written 1.0": _roll_face_as(float),  # equal in Python, not the saved text
    "a roll's face written true": _roll_face_as(bool),
    "an entry's turn": _entry_field("turn", 5),
    "an entry's step": _entry_field("step", "movement"),
    "an entry's side": _entry_field("side", "US"),
    "an entry's year": _entry_field("year", 1943),
    "an entry's text": _entry_field("text", "d10 = 1"),
    "the creation's seed": _created_seed,
    "a checkpoint's turn": _checkpoint_turn,
    "an earlier commit's summary": _commit_summary,
    "the header's summary": _both_slots(lambda s: s["summary"].update(turn=5)),
    "the header's seed": _both_slots(lambda s: s.update(seed=4)),
    "the header's name": _both_slots(lambda s: s.update(name="other")),
    "the header's rules": _both_slots(lambda s: s["rules"].update(order_modifiers="rulebook")),
    "the data fingerprint": _both_slots(lambda s: s.update(data_fingerprint="0" * 16)),
    "the program version": _both_slots(lambda s: s.update(program_version="0.0.1")),
    "the rules version": _both_slots(lambda s: s.update(rules_version="ed3-other")),
    "branch_of": _both_slots(lambda s: s.update(branch_of="c2 after decision 3000")),
    "the creation time after the save": _both_slots(lambda s: s.update(created="2999-01-01T00:00:00+00:00")),
}


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_check_refuses_a_resealed_edit(data, save, case):
    """14 of 26 such edits passed `check`; every field is now verified by replay or refused."""
    assert verify(read_save(save, data), data, save) == []
    _forge(save, FORGERIES[case])
    try:
        env = read_save(save, data)
    except SaveError:
        return  # refused on reading: not a readable save
    assert verify(env, data, save) != []


def test_check_exit_codes_0_sound_1_does_not_verify_2_unreadable(runner, saves_dir, save):
    ok = runner.invoke(cli, ["--saves", str(saves_dir), "check", "c"])
    assert ok.exit_code == 0, ok.output
    _forge(save, _roll_face)
    edited = runner.invoke(cli, ["--saves", str(saves_dir), "check", "c"])
    assert edited.exit_code == 1 and "does not verify: $.journal[" in edited.output
    assert "data is " in edited.output  # says which field differs
    save.write_bytes(b"not a save")
    assert runner.invoke(cli, ["--saves", str(saves_dir), "check", "c"]).exit_code == 2


def test_check_refuses_a_name_nimitz_never_gives_even_in_a_renamed_copy(data, save, tmp_path):
    """A copy shared as `shared.json` cannot be told by its file name: the name itself must be
    one nimitz gives (it appears in messages and in a branch's record)."""
    copy = tmp_path / "shared.json"
    copy.write_bytes(save.read_bytes())
    assert verify(read_save(copy, data), data, copy) == []
    _forge(copy, _both_slots(lambda s: s.update(name="X\u001b[31mRED")))
    assert any(p.startswith("$.header.name: ") for p in verify(read_save(copy, data), data, copy))


def _battle_end_destroyed(value):
    def edit(slots, records):
        next(e for e in _entries(records) if e["step"] == "battle:end")["data"]["destroyed"] = value

    return edit


def test_the_report_of_an_edited_turn_is_a_message(runner, saves_dir, save):
    """Opening replays only the last turn; the report reads every turn, where an edited entry
    made `aar` raise a TypeError. Now: what `check` finds there, one line, exit 2."""
    _forge(save, _battle_end_destroyed(5))
    result = runner.invoke(cli, ["--saves", str(saves_dir), "aar", "c", "-o", "-"])
    _no_traceback(result)
    assert result.exit_code == 2 and "was edited or damaged and does not verify: $.journal[" in result.output


# --- errors a player can meet: one line, exit 2, nothing changed -------------------------------

LONG = "a" * 300


@pytest.mark.parametrize(
    "command",
    [
        ["check", LONG],
        ["show", LONG],
        ["undo", LONG],
        ["recover", LONG],
        ["aar", LONG],
        ["play", LONG],
        ["check", LONG + "/x.json"],
        ["check", LONG + ".json"],
    ],
)
def test_a_name_too_long_for_the_file_system_is_a_message(runner, saves_dir, command):
    result = runner.invoke(cli, ["--saves", str(saves_dir), *command])
    _no_traceback(result)
    assert result.exit_code == 2 and result.output.startswith("nimitz: ")


@pytest.mark.parametrize("name", ["CON", "nul", "aux", "Com1", "lpt9", "con.txt", "x.json", "x.", "y.nimitz.json"])
def test_names_reserved_on_windows_or_looking_like_files_are_refused(runner, saves_dir, name):
    with pytest.raises(SaveError):
        check_name(name)
    result = runner.invoke(cli, ["--saves", str(saves_dir), "new", "--year", "1942", "--name", name, "--no-tui"])
    assert result.exit_code == 2 and list(saves_dir.iterdir()) == []


def test_aar_into_a_missing_folder_is_a_message(runner, saves_dir, save, tmp_path):
    result = runner.invoke(
        cli, ["--saves", str(saves_dir), "aar", "c", "-o", str(tmp_path / "missing" / "dir" / "x.md")]
    )
    _no_traceback(result)
    assert result.exit_code == 2 and "no such folder" in result.output
    assert not (tmp_path / "missing").exists()


def test_aar_into_a_pipe_or_device_writes_to_it_and_never_replaces_it(runner, saves_dir, save, tmp_path):
    """`-o /dev/stdout` or /dev/null: the atomic write renamed a temp file over the target, which
    as root put a regular file in place of the device (here a FIFO stands for it)."""
    (tmp_path / "out").mkdir()
    fifo = tmp_path / "out" / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so that the writer's open returns
    try:
        result = runner.invoke(cli, ["--saves", str(saves_dir), "aar", "c", "-o", str(fifo)])
        assert result.exit_code == 0, result.output
        assert os.read(reader, 1 << 20).startswith(b"# After-action report: c")
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and [p.name for p in fifo.parent.iterdir()] == ["pipe"]


def test_autoplay_save_with_an_empty_name_is_refused(runner, saves_dir):
    result = runner.invoke(cli, ["--saves", str(saves_dir), "autoplay", "--year", "1942", "--save", ""])
    assert result.exit_code == 2 and "not a campaign name" in result.output
    assert list(saves_dir.iterdir()) == []


def test_recover_on_a_sound_save_changes_nothing(runner, saves_dir, save):
    """It rolled the current turn back (60 decisions -> 0) although nothing had drifted."""
    before = save.read_bytes()
    result = runner.invoke(cli, ["--saves", str(saves_dir), "recover", "c"])
    assert result.exit_code == 2 and "nothing to recover" in result.output
    assert save.read_bytes() == before and sorted(p.name for p in saves_dir.iterdir()) == ["c.nimitz.json"]


def test_undo_writes_through_a_symlinked_save(runner, saves_dir, save, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "c.nimitz.json"
    save.rename(real)
    save.symlink_to(real)
    result = runner.invoke(cli, ["--saves", str(saves_dir), "undo", "c"])
    assert result.exit_code == 0, result.output
    assert save.is_symlink() and save.resolve() == real
    assert runner.invoke(cli, ["--saves", str(saves_dir), "check", "c"]).exit_code == 0


def test_temp_files_left_by_killed_writes_are_removed_on_the_next_start(runner, saves_dir, save):
    stale = saves_dir / ".c.nimitz.json.abc123.tmp"
    fresh = saves_dir / ".c.nimitz.json.def456.tmp"  # a write in flight in another process
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert runner.invoke(cli, ["--saves", str(saves_dir), "list"]).exit_code == 0
    assert not stale.exists() and fresh.exists()


# --- a save that is no regular file never blocks ------------------------------------------------


@pytest.fixture
def alarm():
    """Fail instead of hanging forever if a read blocks."""

    def fail(*_):
        raise TimeoutError("the command blocked")

    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("command", ["check", "show", "undo", "list"])
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_fifo_or_a_device_is_refused_at_once(runner, saves_dir, alarm, kind, command):
    path = saves_dir / "odd.nimitz.json"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    args = ["list"] if command == "list" else [command, "odd"]
    result = runner.invoke(cli, ["--saves", str(saves_dir), *args])
    _no_traceback(result)
    if command == "list":
        assert result.exit_code == 0 and "not a regular file" in result.output
    else:
        assert result.exit_code == 2 and "not a regular file" in result.output


def test_a_dangling_or_looping_link_is_listed_with_why(runner, saves_dir, save):
    """They were left out of `list` without a word (and `check` said 'no such save')."""
    (saves_dir / "gone.nimitz.json").symlink_to(saves_dir / "elsewhere.nimitz.json")
    (saves_dir / "a.nimitz.json").symlink_to(saves_dir / "b.nimitz.json")
    (saves_dir / "b.nimitz.json").symlink_to(saves_dir / "a.nimitz.json")
    listed = runner.invoke(cli, ["--saves", str(saves_dir), "list"])
    assert listed.exit_code == 0
    assert "gone                     (cannot be read: a link to " in listed.output
    assert "a                        (cannot be read: too many symbolic links)" in listed.output
    checked = runner.invoke(cli, ["--saves", str(saves_dir), "check", "gone"])
    assert checked.exit_code == 2 and "which does not exist" in checked.output


def test_a_file_far_larger_than_any_save_is_refused_without_reading_it(data, saves_dir, monkeypatch):
    from nimitz.persist import bounds

    monkeypatch.setattr(bounds, "MAX_SAVE_BYTES", 1000)
    path = saves_dir / "big.nimitz.json"
    path.write_bytes(b" " * 5000)
    with pytest.raises(SaveError, match="far larger than any save"):
        bounds.read_save_bytes(path, limit=bounds.MAX_SAVE_BYTES)


# --- the mutation fuzzer (benchmarks/fuzz_saves.py runs 20,000 cases) ---------------------------


@pytest.mark.slow
def test_mutated_saves_give_no_traceback_no_hang_and_no_accepted_forgery(tmp_path, data):
    """Seeded mutations (bytes, JSON values, resealed forgeries) of three genuine saves, each
    read as list, check and play read it."""
    report = fuzz(cases=150, seed=18, folder=tmp_path, data=data)
    assert report.tracebacks == [] and report.hangs == [] and report.forgeries == []
    assert report.refused_unreadable and report.refused_unverified  # both kinds of refusal reached
