"""Position files (docs/positions.md): export a save's situation, start a campaign from it, and
clear errors for every kind of bad file (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from nimitz.cli import cli
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session, envelope_for, new_game
from nimitz.persist.position import (
    PositionError,
    game_from_position,
    position_text,
    read_position,
    step_start_state,
)
from nimitz.persist.saves import now, read_save, write_save
from nimitz.persist.verify import verify
from nimitz.policies import get_policy


def _played(data, year: int, seed: int, decisions: int):
    """A campaign of `year` after `decisions` sensible US decisions."""
    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy("sensible")
    for _ in range(decisions):
        if game.pending is None:
            break
        game.answer(chooser(game.pending, game))
    return game


@pytest.mark.parametrize(
    "year,seed,decisions", [(1942, 7, 0), (1942, 7, 9), (1943, 3, 30), (1944, 5, 17), (1945, 11, 40), (1945, 2, 3)]
)
def test_export_reimports_to_the_same_situation(data, year, seed, decisions):
    """A position exported from a save re-imports to the same situation: the state at the start
    of the save's current step, every force in the same order (the engine and the bot go
    through them in that order), the same dice; exporting again gives the same file; the new
    campaign then plays exactly as the original did from that point."""
    game = _played(data, year, seed, decisions)
    at_start = step_start_state(data, game.checkpoints, game.journal)
    text = position_text(at_start, data)
    state = read_position(text, data)
    assert state == at_start and list(state.forces) == list(at_start.forces)
    assert position_text(state, data) == text
    copy = game_from_position(data, state, "test")
    assert copy.pending is not None and copy.pending.kind == _first_request_of_step(game, at_start.step)
    assert copy.state.dice == _state_at_first_request(data, game, at_start.step).dice


def _first_request_of_step(game, step: str) -> str:
    starts = [i for i, e in enumerate(game.journal) if e.data.get("step_start") == step]
    later = [e for e in game.journal[starts[-1] :] if e.kind == "decision"]
    return later[0].data["request"] if later else game.pending.kind


def _state_at_first_request(data, game, step: str):
    from nimitz.persist.history import decision_indices, game_after

    starts = [i for i, e in enumerate(game.journal) if e.data.get("step_start") == step]
    before = sum(1 for p in decision_indices(game.journal) if p < starts[-1])
    return game_after(data, game.checkpoints, game.journal, before).state


def test_a_campaign_from_a_position_replays_undoes_and_checks(data, tmp_path):
    """`nimitz new --position`: its journal starts at the position (the first checkpoint), so
    resuming the save, undo and `check` work from there."""
    game = _played(data, 1944, 5, 12)
    text = position_text(step_start_state(data, game.checkpoints, game.journal), data)
    start = game_from_position(data, read_position(text, data), "p.toml")
    chooser = get_policy("sensible")
    for _ in range(6):
        start.answer(chooser(start.pending, start))
    path = tmp_path / "p.nimitz.json"
    write_save(path, envelope_for(start, "p", start.state.dice.seed, created=now()))
    assert verify(read_save(path, data), data) == []
    session = Session.open(path, data)
    assert session.game.state == start.state
    session.undo("turn")
    assert session.game.journal[0].data["position"] == "p.toml"


def test_cli_export_and_new_from_position(tmp_path):
    runner = CliRunner()
    saves = ["--saves", str(tmp_path / "saves")]
    assert (
        runner.invoke(cli, saves + ["new", "--year", "1942", "--seed", "3", "--name", "a", "--no-tui"]).exit_code == 0
    )
    out = runner.invoke(cli, saves + ["position", "export", "a", "-o", "-"])
    assert out.exit_code == 0 and out.output.startswith("# A nimitz position")
    file = tmp_path / "a.toml"
    assert runner.invoke(cli, saves + ["position", "export", "a", "-o", str(file)]).exit_code == 0
    again = runner.invoke(cli, saves + ["position", "export", "a", "-o", str(file)])
    assert again.exit_code == 2 and "already exists" in again.output
    made = runner.invoke(cli, saves + ["new", "--position", str(file), "--name", "b", "--no-tui"])
    assert made.exit_code == 0, made.output
    assert "from" in made.output and (tmp_path / "saves" / "b.nimitz.json").exists()
    clash = runner.invoke(cli, saves + ["new", "--position", str(file), "--year", "1943", "--no-tui"])
    assert clash.exit_code == 2 and "does not match the position's year 1942" in clash.output
    seeded = runner.invoke(cli, saves + ["new", "--position", str(file), "--seed", "4", "--no-tui"])
    assert seeded.exit_code == 2 and "--seed" in seeded.output
    assert runner.invoke(cli, saves + ["check", "b"]).exit_code == 0


# --- bad files: every problem with its line and key, exit 2, nothing written -------------------

MINIMAL = """\
format = "nimitz-position"
year = 1942
turn = 2
step = "movement"
sp = 10

[dice]
seed = 5

[areas.MI]
US = ["25th", "MAG 21 [damaged]"]
JA = ["Kaga"]
"""


def test_a_minimal_hand_built_position_fills_the_pools(data):
    """Unlisted counters are in their pools: US reinforcements, JA stacks (sheet order)."""
    state = read_position(MINIMAL, data)
    assert state.forces["US:MAG 21"].damaged and state.forces["US:MAG 21"].location == "MI"
    assert state.forces["US:Yorktown"].location == "US_RE"
    assert state.forces["JA:Akagi"].location == "JA_RE" and "JA:Akagi" in state.ja_stacks["ships"]
    assert (state.turn, state.step, state.sp) == (2, "movement", 10)
    game = game_from_position(data, state, "hand")
    assert game.pending.kind == "movement"


@pytest.mark.parametrize(
    "edit,expected",
    [
        (
            ('US = ["25th", "MAG 21 [damaged]"]', 'US = ["25th", "Yorktwn"]'),
            "line 11, areas.MI.US: no US counter named 'Yorktwn' in 1942 (did you mean 'Yorktown'?)",
        ),
        (('JA = ["Kaga"]', 'JA = ["Kaga", "Kaga"]'), "line 12, areas.MI.JA: Kaga is listed twice"),
        (
            ('US = ["25th", "MAG 21 [damaged]"]', 'US = ["25th", "Hornet II"]'),
            "Hornet II is not a US counter of 1942 (it is in 1944, 1945): the position's year is 1942",
        ),
        (("[areas.MI]", "[areas.JA]"), "areas.JA.US: 25th: US forces cannot be in JA"),
        (
            ('JA = ["Kaga"]', 'JA = ["Kaga [embarked]"]'),
            "areas.JA.JA: Kaga: only infantry and battalions in a map area can be on a transport",
        ),
        (('step = "movement"', 'step = "lunch"'), "line 4, step: 'lunch' is not a step a position can start at"),
        (("year = 1942", "year = 1941"), "line 2, year: 1941 is no campaign year"),
        (("turn = 2", "turn = 9"), "line 3, turn: 9 is outside 1..6"),
        (('JA = ["Kaga"]', 'JA = ["Kaga [sunk]"]'), "areas.MI.JA: 'Kaga [sunk]': unknown marker sunk"),
        (("sp = 10", 'sp = 10\nweather = "fine"'), "weather: unknown key"),
        (("[dice]\nseed = 5", "[dice]\nsede = 5"), "dice.sede: unknown key"),
        (('JA = ["Kaga"]', 'JA = ["Kaga"]\n[boxes.RAID]\nUS = ["Yorktown"]'), "Yorktown: only submarines raid"),
        (("sp = 10", "sp = ten"), "not a valid TOML file"),
    ],
)
def test_bad_position_files_say_where_and_why(data, edit, expected):
    text = MINIMAL.replace(*edit)
    assert text != MINIMAL
    with pytest.raises(PositionError) as exc:
        read_position(text, data, source="p.toml")
    assert expected.replace("areas.JA.JA", "areas.MI.JA") in str(exc.value) or expected in str(exc.value)


def test_bad_position_on_the_command_line_is_exit_2_and_writes_nothing(tmp_path):
    runner = CliRunner()
    file = tmp_path / "bad.toml"
    file.write_text(MINIMAL.replace('"Kaga"', '"Kagga"'), encoding="utf-8")
    saves = tmp_path / "saves"
    result = runner.invoke(cli, ["--saves", str(saves), "new", "--position", str(file), "--no-tui"])
    assert result.exit_code == 2
    assert "1 problem, nothing was created" in result.output and "Traceback" not in result.output
    assert "line 12, areas.MI.JA: no JA counter named 'Kagga' in 1942 (did you mean 'Kaga'?)" in result.output
    assert not saves.exists() or not list(saves.iterdir())
    missing = runner.invoke(cli, ["--saves", str(saves), "new", "--position", str(tmp_path / "no.toml"), "--no-tui"])
    assert missing.exit_code == 2 and "cannot read" in missing.output


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_documented_example_for_each_year_loads(data, year):
    """docs/positions.md has a complete example per year; each one loads and starts."""
    text = Path(__file__).resolve().parent.parent.joinpath("docs", "positions.md").read_text(encoding="utf-8")
    marker = f"```toml\n# example: {year}\n"
    assert marker in text
    example = text.split(marker, 1)[1].split("```", 1)[0]
    state = read_position(example, data, source=f"docs example {year}")
    assert state.year == year
    assert game_from_position(data, state, "docs").pending is not None
