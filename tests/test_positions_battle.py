"""Positions that hold a battle in progress (issue 10, docs/positions.md "A battle in progress"):
a save stopped inside a battle exports the situation at the start of its battle turn, and a
campaign started from it goes on with that battle exactly as the save would have."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nimitz.cli import cli
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session, envelope_for, new_game
from nimitz.persist.position import (
    PositionError,
    battle_turn_state,
    game_from_position,
    position_text,
    read_position,
)
from nimitz.persist.saves import now, read_save, state_hash, write_save
from nimitz.persist.verify import verify
from nimitz.policies import get_policy

CHOOSER = get_policy("sensible")
# (year, seed): a sensible campaign of each year that reaches a second battle turn early
BATTLES = [(1942, 7), (1943, 3), (1944, 5), (1945, 11)]


def _in_battle(data, year: int, seed: int, battle_turn: int = 2):
    """A campaign played by the sensible US player until a battle is in its `battle_turn`."""
    game = new_game(data, year, seed, RulesProfile())
    while game.pending is not None:
        if game.state.battle is not None and game.state.battle.turn >= battle_turn:
            return game
        game.answer(CHOOSER(game.pending, game))
    raise AssertionError(f"the {year} campaign (seed {seed}) fought no battle of {battle_turn} turns")


def _to_next_turn(game, checkpoints: int) -> None:
    while len(game.checkpoints) == checkpoints and game.pending is not None:
        game.answer(CHOOSER(game.pending, game))


@pytest.mark.parametrize("year,seed", BATTLES)
def test_a_battle_in_progress_round_trips(data, year, seed):
    """Export mid-battle, re-import: the same situation (the board, aircraft, damage, plans in
    play, cup, dice), and the same file when exported again. The campaign begun from it fights
    on exactly as the save did: the same journal lines to the end of the turn, and the same
    state when the next turn begins (but for the US Movement step's own LBA bases, which that
    step sets afresh)."""
    game = _in_battle(data, year, seed)
    at_turn = battle_turn_state(data, game.checkpoints, game.journal)
    assert at_turn is not None and at_turn.battle.turn == game.state.battle.turn - 1
    text = position_text(at_turn, data)
    assert "[battle]" in text and "[battle.JA]" in text
    state = read_position(text, data)
    assert state == at_turn and list(state.forces) == list(at_turn.forces)
    assert list(state.battle.pieces) == list(at_turn.battle.pieces)
    assert position_text(state, data) == text
    resumed = game_from_position(data, state, "battle.toml")
    checkpoints = len(game.checkpoints)
    _to_next_turn(game, checkpoints)
    _to_next_turn(resumed, 1)
    tail = [(e.kind, e.text) for e in resumed.journal[3:]]  # after "created", "Resolve Battles begins"
    assert [(e.kind, e.text) for e in game.journal][-len(tail) :] == tail
    for g in (game, resumed):
        g.checkpoints[-1].state.lba_bases = []
    assert state_hash(game.checkpoints[-1].state) == state_hash(resumed.checkpoints[-1].state)


def test_a_campaign_begun_inside_a_battle_saves_reopens_and_checks(data, tmp_path):
    game = _in_battle(data, 1943, 3)
    state = read_position(position_text(battle_turn_state(data, game.checkpoints, game.journal), data), data)
    resumed = game_from_position(data, state, "b.toml")
    for _ in range(3):
        resumed.answer(CHOOSER(resumed.pending, resumed))
    path = tmp_path / "b.nimitz.json"
    write_save(path, envelope_for(resumed, "b", state.dice.seed, created=now()))
    assert verify(read_save(path, data), data) == []
    assert Session.open(path, data).game.state == resumed.state


def test_a_battle_still_being_set_up_exports_the_step_start(data):
    """Before its first battle turn a battle has no turn to stand at: export falls back to the
    start of Resolve Battles (battle_turn_state says so with None)."""
    game = new_game(data, 1942, 7, RulesProfile())
    while game.state.battle is None or game.state.battle.turn:
        game.answer(CHOOSER(game.pending, game))
    assert battle_turn_state(data, game.checkpoints, game.journal) is None


def test_cli_export_mid_battle_new_and_ask_the_bot(data, tmp_path):
    """From the README's commands: export a save stopped in a battle, start a campaign there,
    and ask the bot's battle commands about the position file."""
    game = _in_battle(data, 1942, 7)
    saves = tmp_path / "saves"
    saves.mkdir()
    write_save(saves / "mid.nimitz.json", envelope_for(game, "mid", 7, created=now()))
    runner = CliRunner()
    file = tmp_path / "mid.toml"
    out = runner.invoke(cli, ["--saves", str(saves), "position", "export", "mid", "-o", str(file)])
    assert out.exit_code == 0, out.output
    assert "[battle]" in file.read_text(encoding="utf-8")
    made = runner.invoke(cli, ["--saves", str(saves), "new", "--position", str(file), "--name", "on", "--no-tui"])
    assert made.exit_code == 0, made.output
    assert runner.invoke(cli, ["--saves", str(saves), "check", "on"]).exit_code == 0
    area = game.state.battle.area
    for command in ("plans", "air", "excess-aircraft", "airfield-losses", "duration"):
        result = runner.invoke(cli, ["bot", command, str(file), "--json"])
        assert result.exit_code == 0, (command, result.output)
        assert json.loads(result.output)["area"] == area


BATTLE = """\
year = 1942
turn = 2
step = "battles"

[dice]
seed = 5

[areas.MI]
US = ["Enterprise", "Chester/Louisville", "MAG 22"]
JA = ["Kaga", "DD Gp 1 [damaged]", "2nd"]

[battle]
area = "MI"
turn = 1
length = 3
ja_plans_per_turn = 1
cup = ["Air Combat", "Duration"]

[battle.US]
UO = ["Enterprise", "Chester/Louisville"]
DECK = ["Enterprise air 1", "Enterprise air 2"]
JO = ["Enterprise air 3 [damaged]"]
US_AF = ["MAG 22"]
airfields = 1
capacity = {"Enterprise" = 3}

[battle.JA]
JO = ["Kaga", "Kaga air 1"]
CO = ["DD Gp 1"]
JA_FH = ["2nd"]
DECK = ["Kaga air 2 [home Kaga]"]
capacity = {"Kaga" = 3}
plans = [{plan = "Ship Combat", turn = 1, used = false}]
"""


def test_a_hand_built_battle_loads_and_the_bot_answers(data, tmp_path):
    """A player writes the battle on the table: aircraft in the air and on deck, a damaged
    escort, a JA plan in play; the bot's aircraft moves and the resumed battle run from it."""
    state = read_position(BATTLE, data)
    bs = state.battle
    assert bs.positions["US:Enterprise air 3"] == "JO" and bs.pieces["US:Enterprise air 3"].damaged
    assert [p.plan for p in bs.ja_plans] == ["ship_combat"] and bs.turn == 1
    game = game_from_position(data, state, "battle.toml")
    assert any("JA plans this turn" in e.text for e in game.journal)  # battle turn 2 began
    file = tmp_path / "b.toml"
    file.write_text(BATTLE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["bot", "air", str(file), "--dice", "7,7", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["battle_turn"] == 1


@pytest.mark.parametrize(
    "edit,expected",
    [
        (('JO = ["Kaga", "Kaga air 1"]', 'JO = ["Kaga air 1"]'), "Kaga is in MI but not on the battle board"),
        (('CO = ["DD Gp 1"]', 'CO = ["DD Gp 1", "Kaga air 9"]'), "battle.JA.CO: 'Kaga air 9'"),
        (('JA_FH = ["2nd"]', 'US_FH = ["2nd"]'), "battle.JA.US_FH: no JA box"),
        (("turn = 1\nlength = 3", "turn = 3\nlength = 3"), "that battle is over"),
        (('step = "battles"', 'step = "orders"'), 'stands at step = "battles"'),
        (('cup = ["Air Combat", "Duration"]', 'cup = ["Air Combat", "Banzai"]'), "'Banzai' is no Japanese battle plan"),
    ],
)
def test_bad_battle_positions_say_where_and_why(data, edit, expected):
    old, new = edit
    assert old in BATTLE
    with pytest.raises(PositionError) as err:
        read_position(BATTLE.replace(old, new, 1), data)
    assert expected in str(err.value)
    assert "line " in str(err.value)


def test_the_documented_battle_example_loads_and_plays_on(data):
    """docs/positions.md "A battle in progress": its example loads and the battle goes on."""
    from pathlib import Path

    text = Path(__file__).resolve().parent.parent.joinpath("docs", "positions.md").read_text(encoding="utf-8")
    example = text.split("```toml\n# example: battle\n", 1)[1].split("```", 1)[0]
    state = read_position(example, data, source="docs example battle")
    assert state.battle.pieces["JA:Kaga air 2"].home == "JA:Akagi"
    game = game_from_position(data, state, "docs")
    assert game.pending is not None or game.state.turn > 2
