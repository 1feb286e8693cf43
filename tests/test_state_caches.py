"""The engine's caches of where forces are (issue 12, engine speed) must always say what a fresh
count of the forces says: the location index's per-location counts and summaries, who is ashore
where, supply and the objectives held (rulings R20, R21), and the sensible policy's kept target.
Each check compares the live state, whose caches have followed every move, with a copy of it,
whose caches start empty."""

from __future__ import annotations

import pytest

from nimitz.engine.campaign import _us_lba_at
from nimitz.engine.control import ashore_sides, objectives_held, supplied_areas
from nimitz.model.state import CampaignState, Force, RulesProfile, clone
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy


def _fresh_count(state: CampaignState, location: str, side: str) -> int:
    return sum(1 for f in state.forces.values() if f.location == location and f.side == side)


def _check(state: CampaignState, data) -> None:
    fresh = state.copy()  # a copy starts with no index and no caches
    for location in {f.location for f in state.forces.values()} | set(data.map.area):
        for side in ("US", "JA"):
            assert state.count(location, side) == _fresh_count(state, location, side), (location, side)
            fresh_side = [f for f in state.forces.values() if f.location == location and f.side == side]
            assert state.at(location, side) == fresh_side, (location, side)  # kept per side, in order
        assert state.at(location) == [f for f in state.forces.values() if f.location == location]
    assert ashore_sides(state, data) == ashore_sides(fresh, data)
    assert list(ashore_sides(state, data)) == list(ashore_sides(fresh, data))  # in map order
    assert supplied_areas(state, data) == supplied_areas(fresh, data)
    assert objectives_held(state, data) == objectives_held(fresh, data)


@pytest.mark.parametrize("year, seed", [(1942, 7), (1944, 3)])
def test_caches_follow_every_move_of_a_campaign(data, year, seed):
    """R20/R21 read through the caches after every decision of a whole autoplayed campaign."""
    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy("sensible")
    decisions = 0
    while game.pending is not None:
        game.answer(chooser(game.pending, game))
        decisions += 1
        if decisions % 5 == 0 or game.pending is None or game.pending.kind == "movement":
            _check(game.state, data)
            for area in data.map.area:  # the airfield cap's count of US LBA (US Movement)
                lba = [f for f in game.state.at(area, "US") if game.sheet.cls[f.cls].type == "LBA"]
                assert _us_lba_at(game, area) == len(lba), area
    assert decisions > 50


def test_summary_is_recomputed_where_a_force_moves_or_lands(data):
    game = new_game(data, 1942, 1, RulesProfile())
    state = game.state
    calls: list[str] = []

    def names(here: list[Force]) -> tuple[str, ...]:
        calls.append("computed")
        return tuple(f.name for f in here if not f.embarked)

    us = next(f for f in state.forces.values() if f.side == "US" and f.location == "HI")
    before = state.summary("HI", "test names", names)
    assert state.summary("HI", "test names", names) is before and len(calls) == 1  # kept
    us.damaged = True  # not a whereabouts: the summary stands
    assert state.summary("HI", "test names", names) is before
    us.location = "MI"
    assert us.name not in state.summary("HI", "test names", names)
    assert us.name in state.summary("MI", "test names", names)
    us.embarked = True
    assert us.name not in state.summary("MI", "test names", names)
    assert len(calls) == 4


def test_side_clock_moves_only_with_that_side(data):
    game = new_game(data, 1943, 2, RulesProfile())
    state = game.state
    ja_clock = state.side_clock("JA")
    us = next(f for f in state.forces.values() if f.side == "US" and f.location == "HI")
    us.location = "MI"
    assert state.side_clock("JA") == ja_clock
    ja = next(f for f in state.forces.values() if f.side == "JA" and f.location == "JA")
    ja.location = "MI"
    assert state.side_clock("JA") > ja_clock


def test_clone_is_deep_and_equal(data):
    """Checkpoints are clones: equal to the state, sharing nothing mutable with it."""
    state = new_game(data, 1944, 5, RulesProfile()).state
    copy = clone(state)
    assert copy == state
    for fid, f in state.forces.items():
        assert copy.forces[fid] is not f
    assert copy.dice is not state.dice and copy.dice.streams is not state.dice.streams
    assert copy.ja_stacks["ships"] is not state.ja_stacks["ships"]
    moved = next(f for f in copy.forces.values() if f.location in data.map.area)
    where = moved.location
    state.at(where)  # the original's index is built
    moved.location = "DESTROYED"
    assert state.forces[moved.id].location == where
    assert any(f.id == moved.id for f in state.at(where))
    assert all(f is not moved for f in state.at("DESTROYED"))
    assert any(f is moved for f in copy.at("DESTROYED"))
