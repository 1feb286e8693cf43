"""Properties of the game's dice (DESIGN.md "Dice"): faces stay on the die, a stream's future is
fixed by its saved position alone, streams do not disturb each other, and the bot's picks and
shuffles only ever rearrange what they were given."""

from __future__ import annotations

import copy

import property_settings  # noqa: F401 - loads the shared hypothesis profile
from hypothesis import given
from hypothesis import strategies as st

from nimitz.engine.dice import STREAMS, ScriptedDice, SeededDice, choose, shuffled
from nimitz.model.state import DiceState

seeds = st.integers(min_value=0, max_value=2**63 - 1)
streams = st.sampled_from(STREAMS)
sides = st.integers(min_value=1, max_value=100)


@given(seeds, streams, st.lists(sides, min_size=1, max_size=40))
def test_every_face_is_on_its_die(seed, stream, dice_sides):
    dice = SeededDice(DiceState(seed=seed))
    for n in dice_sides:
        assert 1 <= dice.roll(stream, n) <= n
    assert [r.sides for r in dice.rolls] == dice_sides


@given(seeds, st.lists(streams, max_size=30), st.lists(streams, min_size=1, max_size=30))
def test_a_copied_position_replays_the_same_faces(seed, before, after):
    """Undo and resume rely on this: a copy of the saved stream positions rolls exactly what the
    original rolls next, whatever was rolled before the copy."""
    dice = SeededDice(DiceState(seed=seed))
    for stream in before:
        dice.roll(stream)
    saved = copy.deepcopy(dice.state)
    resumed = SeededDice(saved)
    assert [dice.roll(s) for s in after] == [resumed.roll(s) for s in after]


@given(seeds, streams, st.lists(streams, max_size=30))
def test_rolling_other_streams_never_changes_a_stream(seed, stream, interleaved):
    alone = SeededDice(DiceState(seed=seed))
    mixed = SeededDice(DiceState(seed=seed))
    expected = [alone.roll(stream) for _ in range(len(interleaved) + 1)]
    got = [mixed.roll(stream)]
    for other in interleaved:
        if other != stream:
            mixed.roll(other)
        got.append(mixed.roll(stream))
    assert got == expected


@given(seeds, st.lists(st.integers(), min_size=1, max_size=30))
def test_choose_picks_one_of_the_options(seed, options):
    dice = SeededDice(DiceState(seed=seed))
    assert choose(dice, options) in options
    assert len(dice.rolls) == (0 if len(options) == 1 else 1)  # one option needs no roll


@given(seeds, st.lists(st.integers(), max_size=30))
def test_shuffled_is_a_permutation(seed, items):
    dice = SeededDice(DiceState(seed=seed))
    out = shuffled(dice, items)
    assert sorted(out) == sorted(items)
    assert all(r.stream == "bot" for r in dice.rolls)


@given(st.lists(st.tuples(streams, st.integers(min_value=1, max_value=10)), max_size=30))
def test_scripted_dice_give_their_faces_in_order_whatever_the_stream(rolls):
    dice = ScriptedDice([face for _, face in rolls])
    assert [dice.roll(stream, 10) for stream, _ in rolls] == [face for _, face in rolls]
