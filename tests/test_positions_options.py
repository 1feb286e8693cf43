"""Positions of campaigns played with the optional rules (issue 10; docs/optional-rules.md,
rulings R80-R86): the weather, the turn's event, the demanded attack, the variable end and the
fog of war's hidden stacks round-trip through a position file, and the campaign begun from it
plays on exactly as the save did."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from nimitz.cli import cli
from nimitz.model.optional_rules import OPTION_NAMES
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import envelope_for, new_game
from nimitz.persist.position import (
    PositionError,
    battle_turn_state,
    game_from_position,
    position_text,
    read_position,
    step_start_state,
)
from nimitz.persist.saves import now, state_hash, write_save
from nimitz.policies import get_policy

CHOOSER = get_policy("sensible")


def _played(data, year: int, seed: int, decisions: int, options=OPTION_NAMES):
    game = new_game(data, year, seed, RulesProfile(options=list(options)))
    for _ in range(decisions):
        if game.pending is None:
            break
        game.answer(CHOOSER(game.pending, game))
    return game


def _exported(data, game):
    """What `nimitz position export` takes: the battle turn's start, else the step's."""
    at = battle_turn_state(data, game.checkpoints, game.journal) if game.state.battle is not None else None
    return at or step_start_state(data, game.checkpoints, game.journal)


@pytest.mark.parametrize("year,seed,decisions", [(1942, 7, 30), (1943, 3, 45), (1944, 5, 60), (1945, 11, 25)])
def test_optional_rule_state_round_trips_and_plays_on(data, year, seed, decisions):
    game = _played(data, year, seed, decisions)
    at = _exported(data, game)
    assert at.variant is not None
    text = position_text(at, data)
    assert "[variant]" in text and f"options = {list(OPTION_NAMES)}".replace("'", '"') in text
    state = read_position(text, data)
    assert state == at and position_text(state, data) == text
    resumed = game_from_position(data, state, "opt.toml")
    n = len(game.checkpoints)
    for g, before in ((game, n), (resumed, 1)):
        while len(g.checkpoints) == before and g.pending is not None:
            g.answer(CHOOSER(g.pending, g))
        g.checkpoints[-1].state.lba_bases = []
    tail = [(e.kind, e.text) for e in resumed.journal[2:]]  # after "created"
    assert [(e.kind, e.text) for e in game.journal][-len(tail) :] == tail
    assert state_hash(game.checkpoints[-1].state) == state_hash(resumed.checkpoints[-1].state)


def test_fog_of_war_stacks_are_written_by_name(data):
    """R85: each hidden area's stack lists the JA forces it was drawn for and its blank chips."""
    game = _played(data, 1942, 7, 30, ("fog-of-war",))
    text = position_text(_exported(data, game), data)
    assert "[variant.fog." in text and "blanks = " in text and "JA:" not in text


def test_export_and_new_with_optional_rules_from_the_command_line(data, tmp_path):
    game = _played(data, 1943, 3, 20, ("weather", "events"))
    saves = tmp_path / "saves"
    saves.mkdir()
    write_save(saves / "w.nimitz.json", envelope_for(game, "w", 3, created=now()))
    runner = CliRunner()
    file = tmp_path / "w.toml"
    out = runner.invoke(cli, ["--saves", str(saves), "position", "export", "w", "-o", str(file)])
    assert out.exit_code == 0, out.output
    made = runner.invoke(cli, ["--saves", str(saves), "new", "--position", str(file), "--name", "w2", "--no-tui"])
    assert made.exit_code == 0, made.output
    assert runner.invoke(cli, ["--saves", str(saves), "check", "w2"]).exit_code == 0


BASE = """\
year = 1942
turn = 2
step = "movement"

[rules]
options = ["weather"]

[variant]
weather = "hazy"

[dice]
seed = 5
weather = 3

[areas.MI]
JA = ["Kaga"]
"""


def test_a_hand_written_weather_position(data):
    state = read_position(BASE, data)
    assert state.rules.options == ["weather"] and state.variant.weather == "hazy"
    assert state.dice.streams == {"weather": 3}


@pytest.mark.parametrize(
    "edit,expected",
    [
        (('weather = "hazy"', 'weather = "foggy"'), "variant.weather: 'foggy' is not one of"),
        (('options = ["weather"]', 'options = ["monsoon"]'), "rules.options"),
        (('options = ["weather"]', "options = []"), "needs [rules] options"),
        (('weather = "hazy"', 'weather = "hazy"\nrevealed = {"Nagato" = "MI"}'), "no JA counter named 'Nagat"),
    ],
)
def test_bad_optional_rule_state_says_where(data, edit, expected):
    old, new = edit
    with pytest.raises(PositionError) as err:
        read_position(BASE.replace(old, new, 1), data)
    assert expected in str(err.value)
