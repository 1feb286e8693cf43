"""The `nimitz` command line: new, list, show, check, data check, options. Every error is a
message and exit status 2, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nimitz import RULES_VERSION, __version__
from nimitz.cli import cli
from nimitz.model.data import YEARS
from nimitz.persist.campaign_file import Session, envelope_for
from nimitz.persist.players import bot_replay
from nimitz.persist.saves import read_save, state_hash, write_save
from nimitz.persist.store import SaveStore
from nimitz.views.words import step_words


def _run(runner, saves_dir: Path, *args: str):
    return runner.invoke(cli, ["--saves", str(saves_dir), *args])


def _new(runner, saves_dir, year, seed, name):
    result = _run(runner, saves_dir, "new", "--year", str(year), "--seed", str(seed), "--no-tui", "--name", name)
    assert result.exit_code == 0, result.output
    return result


def _state(path, data):
    """The campaign's current position: the replay of its save."""
    return Session.open(path, data).game.state


@pytest.mark.parametrize("year", YEARS)
def test_new_creates_a_saved_campaign(runner, saves_dir, data, year):
    result = _new(runner, saves_dir, year, 5, f"c{year}")
    path = saves_dir / f"c{year}.nimitz.json"
    assert path.is_file()
    assert f"Created the {year} campaign 'c{year}' (seed 5" in result.output
    assert str(path) in result.output
    env = read_save(path, data)
    st = _state(path, data)
    assert (st.year, env.header.seed, env.name, st.dice.seed) == (year, 5, f"c{year}", 5)
    assert st.turn <= 1  # set up, or waiting in the first turn


def test_new_default_name_and_random_seed(runner, saves_dir, data):
    first = _run(runner, saves_dir, "new", "--year", "1944", "--no-tui")
    second = _run(runner, saves_dir, "new", "--year", "1944", "--no-tui")
    assert first.exit_code == second.exit_code == 0
    assert sorted(p.name for p in saves_dir.iterdir()) == ["campaign-1944-2.nimitz.json", "campaign-1944.nimitz.json"]
    seed = int(re.search(r"seed (\d+)", first.output)[1])
    assert read_save(saves_dir / "campaign-1944.nimitz.json", data).header.seed == seed


def test_new_rules_preset_is_recorded_R1(runner, saves_dir, data):
    result = _run(
        runner,
        saves_dir,
        "new",
        "--year",
        "1942",
        "--seed",
        "1",
        "--no-tui",
        "--name",
        "rb",
        "--rules-preset",
        "rulebook",
    )
    assert result.exit_code == 0
    env = read_save(saves_dir / "rb.nimitz.json", data)
    st = _state(saves_dir / "rb.nimitz.json", data)
    assert st.rules.order_modifiers == "rulebook" and env.header.rules.order_modifiers == "rulebook"


def test_same_seed_twice_gives_the_same_state_hash(runner, saves_dir, data):
    for name in ("one", "two"):
        _new(runner, saves_dir, 1942, 77, name)
    _new(runner, saves_dir, 1942, 78, "three")
    h = {n: state_hash(_state(saves_dir / f"{n}.nimitz.json", data)) for n in ("one", "two", "three")}
    assert h["one"] == h["two"]
    assert h["three"] != h["one"]


def test_list_shows_name_year_turn_step_held_and_last_saved(runner, saves_dir, data):
    _new(runner, saves_dir, 1942, 1, "midway")
    st = _state(saves_dir / "midway.nimitz.json", data)
    _new(runner, saves_dir, 1945, 2, "olympic")
    result = _run(runner, saves_dir, "list")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert str(saves_dir) in lines[0]
    assert lines[1].split() == ["name", "year", "turn", "step", "held", "last", "saved"]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == {"midway", "olympic"}
    name, year, turn, *step, held, day, time = rows["midway"]
    assert (year, turn, " ".join(step)) == ("1942", str(st.turn), step_words(st.step))  # player words
    assert re.fullmatch(r"\d+/8", held)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", day) and re.fullmatch(r"\d{2}:\d{2}", time)
    assert rows["olympic"][1] == "1945" and rows["olympic"][-3].endswith("/16")


def test_list_when_empty(runner, saves_dir):
    result = _run(runner, saves_dir, "list")
    assert result.exit_code == 0
    assert "No saved campaigns" in result.output and "nimitz new" in result.output


def test_show_contains_the_whole_situation(runner, saves_dir, data):
    _new(runner, saves_dir, 1943, 3, "solomons")
    st = _state(saves_dir / "solomons.nimitz.json", data)
    result = _run(runner, saves_dir, "show", "solomons")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"solomons: 1943 campaign, turn {st.turn} of 6, step: US Resupply" in out
    assert f"US supply points: {st.sp}" in out
    assert f"JA resupply track: {st.ja_track}" in out
    assert re.search(r"objectives held: \d+ of 10", out)
    for area in data.map.areas:
        assert re.search(rf"^{area.code} {re.escape(area.name)} ", out, re.M), area.code
    # objectives carry their holder in words (colour never carries meaning alone)
    assert "HI Hawaiian Islands [airfield unlimited] (objective: US held)" in out
    assert "(objective: JA ashore)" in out
    assert "(objective: contested)" in out
    assert "(objective: " not in next(line for line in out.splitlines() if line.startswith("WC "))
    # port boxes in use, both pools, the raiding and battalion boxes
    assert re.search(r"^Port P1 .*Saratoga CV", out, re.M)
    assert re.search(r"^Port P2 ", out, re.M) and not re.search(r"^Port P3 ", out, re.M)
    assert re.search(r"^US pool .*Essex CV", out, re.M)
    assert re.search(r"^JA pool .*: ships \d+; infantry \d+; LBA \d+", out, re.M)
    assert "Raiding (" in out and "Battalions (" in out
    assert re.search(r"^Destroyed: US \d+, JA \d+$", out, re.M)
    assert "Zuikaku CV," in out and "Zuikaku CV*" not in out


def test_show_marks_a_damaged_force(runner, saves_dir, data):
    _new(runner, saves_dir, 1942, 3, "dmg")
    store = SaveStore(saves_dir)
    path, env = store.load("dmg", data)
    st = env.checkpoints[-1].state  # the position replays from it (no decision made yet)
    lost_before = sum(f.location == "DESTROYED" and f.side == "US" for f in st.forces.values())
    st.forces["JA:Kaga"].damaged = True
    st.forces["US:Lexington"].location = "DESTROYED"
    st.sp = 14
    st.ja_track = 6
    # Re-run the turn from the edited checkpoint so that the journal agrees with it.
    game = bot_replay(data, env.checkpoints[-1], env.journal, env.checkpoints[:-1], [])
    write_save(path, envelope_for(game, "dmg", 3, env.header.created))
    result = _run(runner, saves_dir, "show", "dmg")
    assert result.exit_code == 0, result.output
    assert "Kaga CV*" in result.output
    assert "Akagi CV," in result.output  # undamaged ones carry no marker
    assert f"US supply points: {game.state.sp}" in result.output  # 14 and this turn's income
    assert "JA resupply track: 6" in result.output
    assert f"Destroyed: US {lost_before + 1}," in result.output


def test_show_by_path(runner, saves_dir, tmp_path):
    _new(runner, saves_dir, 1942, 3, "bypath")
    moved = tmp_path / "copy.nimitz.json"
    moved.write_bytes((saves_dir / "bypath.nimitz.json").read_bytes())
    result = runner.invoke(cli, ["show", str(moved)])
    assert result.exit_code == 0, result.output
    assert "bypath: 1942 campaign" in result.output


def test_show_missing_campaign_exits_2_with_a_message(runner, saves_dir):
    result = _run(runner, saves_dir, "show", "nowhere")
    assert result.exit_code == 2
    assert "nimitz: no campaign named 'nowhere'" in result.output
    assert "nimitz list" in result.output and "Traceback" not in result.output


def test_check_sound_save_exits_0(runner, saves_dir, data):
    _new(runner, saves_dir, 1944, 8, "ok")
    env = read_save(saves_dir / "ok.nimitz.json", data)
    result = _run(runner, saves_dir, "check", "ok")
    assert result.exit_code == 0, result.output
    assert (
        f"a sound save (1944 campaign, turn {env.summary.turn}, {len(env.journal)} journal entries"
    ) in result.output


def test_check_bad_file_exits_2(runner, saves_dir):
    _new(runner, saves_dir, 1944, 8, "bad")
    path = saves_dir / "bad.nimitz.json"
    path.write_bytes(path.read_bytes()[:100])
    result = _run(runner, saves_dir, "check", "bad")
    assert result.exit_code == 2
    assert "invalid JSON" in result.output and "Traceback" not in result.output


def test_data_check(runner):
    result = runner.invoke(cli, ["data", "check"])
    assert result.exit_code == 0, result.output
    assert re.search(r"All game data is valid \(fingerprint [0-9a-f]{16}\)", result.output)


def test_saves_option_and_nimitz_home(runner, saves_dir, nimitz_home):
    # without --saves: $NIMITZ_HOME/saves
    result = runner.invoke(cli, ["new", "--year", "1942", "--seed", "1", "--no-tui", "--name", "h"])
    assert result.exit_code == 0, result.output
    assert (nimitz_home / "saves" / "h.nimitz.json").is_file()
    assert not (saves_dir / "h.nimitz.json").exists()
    # with --saves: that folder only
    _new(runner, saves_dir, 1942, 1, "s")
    assert (saves_dir / "s.nimitz.json").is_file()
    assert not (nimitz_home / "saves" / "s.nimitz.json").exists()
    home_list = runner.invoke(cli, ["list"]).output
    assert re.search(r"^h ", home_list, re.M) and not re.search(r"^s ", home_list, re.M)


def test_nimitz_home_is_honoured_from_the_environment(runner, tmp_path):
    other = tmp_path / "other-home"
    result = runner.invoke(
        cli, ["new", "--year", "1945", "--seed", "1", "--no-tui", "--name", "e"], env={"NIMITZ_HOME": str(other)}
    )
    assert result.exit_code == 0, result.output
    assert (other / "saves" / "e.nimitz.json").is_file()


@pytest.mark.parametrize("command", [[], ["new"], ["list"], ["show"], ["check"], ["data"], ["data", "check"]])
def test_help_on_each_command(runner, command):
    for flag in ("--help", "-h"):
        result = runner.invoke(cli, [*command, flag])
        assert result.exit_code == 0, result.output
        assert result.output.startswith("Usage:")
        assert "Traceback" not in result.output


def test_version(runner):
    result = runner.invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"nimitz {__version__} ({RULES_VERSION})"


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--year", "1941", "--no-tui"],
        ["new", "--no-tui"],
        ["new", "--year", "1942", "--seed", "-1", "--no-tui"],
        ["new", "--year", "1942", "--rules-preset", "house", "--no-tui"],
        ["show"],
        ["fly"],
    ],
)
def test_usage_errors_exit_2(runner, saves_dir, args):
    result = _run(runner, saves_dir, *args)
    assert result.exit_code == 2
    assert "Usage:" in result.output and "Error:" in result.output
    assert list(saves_dir.iterdir()) == []


def test_module_entry_point(saves_dir):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "nimitz", "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("nimitz ")
