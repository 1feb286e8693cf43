"""new_campaign works a year's starting counters out once for the data and the year (setup._SetUp):
each campaign made from them is still the sheet's, fresh, and its own; its forces are made by
state.new_force, the same as Force(...) makes them; and its control as set up is kept once a year
(control.held_as_set_up); and its location index is filed by copying the layout of the year's
first campaign (CampaignState.set_out)."""

from __future__ import annotations

import attrs
import pytest

from nimitz.engine.control import ashore_sides, objectives_held, supplied_areas
from nimitz.engine.setup import new_battalion, new_campaign
from nimitz.model.data import YEARS
from nimitz.model.state import JA_POOL, CampaignState, Force, LocationIndex, clone, new_force


@pytest.mark.parametrize("year", YEARS)
def test_campaigns_of_a_year_are_equal_and_share_nothing(data, year):
    first = new_campaign(data, year, seed=1)
    sheet = data.year(year)  # the year's own counters (tests/test_setup.py checks their places)
    named = {f"{c.side}:{u}" for c in sheet.classes for u in c.units}
    assert named <= set(first.forces) and all(
        sheet.cls[g.cls].type == "BN" for g in first.forces.values() if g.id not in named
    )
    f = next(iter(first.forces.values()))
    f.location, f.damaged = "DESTROYED", True  # the first campaign played on
    for ids in first.ja_stacks.values():
        ids.clear()
    second = new_campaign(data, year, seed=1)
    assert second == new_campaign(data, year, seed=1)
    assert second.forces[f.id].location != "DESTROYED" and not second.forces[f.id].damaged
    assert not {id(g) for g in first.forces.values()} & {id(g) for g in second.forces.values()}
    # the stacks hold the pool's forces, in some order (the shuffle), whatever came before
    pool = [g.id for g in second.forces.values() if g.location == JA_POOL]
    assert sorted(fid for ids in second.ja_stacks.values() for fid in ids) == sorted(pool)


def test_other_data_gets_its_own_set_up(data):
    """The set-up is kept by the data's fingerprint: a sheet that places a counter elsewhere, in
    data of another fingerprint, is set up as it says (and the original data as before)."""
    sheet = data.year(1942)
    us = {place: list(names) for place, names in sheet.setup["US"].items()}
    place, names = next((p, n) for p, n in us.items() if n and p != "HI")
    moved = names.pop()
    us["HI"] = [*us.get("HI", []), moved]
    setup = {**sheet.setup, "US": {p: tuple(n) for p, n in us.items()}}
    other = attrs.evolve(
        data, years={**data.years, 1942: attrs.evolve(sheet, setup=setup)}, fingerprint=data.fingerprint + "-other"
    )
    before = new_campaign(data, 1942, seed=2)
    assert new_campaign(other, 1942, seed=2).forces[f"US:{moved}"].location == "HI"
    assert new_campaign(data, 1942, seed=2).forces[f"US:{moved}"].location == place
    assert new_campaign(data, 1942, seed=2) == before


def test_new_force_makes_what_force_makes(data):
    """new_force fills Force's slots as a plain record (_Unindexed) and makes it a Force: every
    field as Force(...) makes it (a field added to Force but not to _Unindexed fails here), the
    class Force itself, and its moves told to the location index as any force's are."""
    made, plain = new_force("US:25th", "US", "25th", "INF", "HI"), Force("US:25th", "US", "25th", "INF", "HI")
    assert type(made) is Force
    for a in attrs.fields(Force):
        assert getattr(made, a.name) == getattr(plain, a.name), a.name
    assert made == plain and repr(made) == repr(plain) and clone(made) == plain
    state = new_campaign(data, 1942, seed=1)
    battalion = new_battalion(state, data.year(1942), "US", "HI")
    assert state.at("HI", "US")[-1] is battalion  # indexed as it appears
    battalion.location = "WC"  # a move through Force.__setattr__: the index follows
    assert battalion not in state.at("HI", "US") and state.at("WC", "US")[-1] is battalion
    assert state.at("WC", "US") == [f for f in state.forces.values() if f.location == "WC" and f.side == "US"]


@pytest.mark.parametrize("year", YEARS)
def test_the_control_as_set_up_is_a_fresh_count(data, year):
    """A new campaign's control (who is ashore where, supply, the objectives held: kept once a
    year, control.held_as_set_up) is what a fresh count of its forces says, also after the
    year's first campaign has played on, and it follows the new campaign's moves."""
    first = new_campaign(data, year, seed=1)
    for f in first.at("HI", "US"):
        f.location = "WC"  # the first campaign's control changes, not the next one's
    assert objectives_held(first, data) == objectives_held(first.copy(), data)
    state = new_campaign(data, year, seed=2)
    fresh = state.copy()  # (no index, no kept control: counted afresh)
    assert state.held_at_start == len(objectives_held(fresh, data)) > 0
    assert (ashore_sides(state, data), supplied_areas(state, data)) == (
        ashore_sides(fresh, data),
        supplied_areas(fresh, data),
    )
    for f in state.at("HI", "US"):
        f.location = "WC"
    assert "HI" not in objectives_held(state, data) and objectives_held(state, data) == objectives_held(
        state.copy(), data
    )


def test_other_data_gets_its_own_control_as_set_up(data):
    sheet = data.year(1942)
    setup = {**sheet.setup, "US": {"RE": tuple(n for names in sheet.setup["US"].values() for n in names)}}
    other = attrs.evolve(
        data, years={**data.years, 1942: attrs.evolve(sheet, setup=setup)}, fingerprint=data.fingerprint + "-no-us"
    )
    held = new_campaign(data, 1942, seed=1).held_at_start
    assert new_campaign(other, 1942, seed=1).held_at_start == 0 < held
    assert new_campaign(data, 1942, seed=1).held_at_start == held


def _filed_one_by_one(state: CampaignState) -> LocationIndex:
    """A location index of copies of the state's forces, filed force by force."""
    return LocationIndex({fid: clone(f) for fid, f in state.forces.items()})


@pytest.mark.parametrize("year", YEARS)
def test_a_set_out_campaign_is_indexed_as_one_filed_force_by_force(data, year):
    """The year's first campaign files its forces one by one and keeps the layout; the next
    ones copy it (CampaignState.set_out): the same lists, clocks and places in `forces`, also
    after the first campaign has moved on, and moves are filed as in any index."""
    first = new_campaign(data, year, seed=1)
    for f in first.at("HI", "US") + first.at(JA_POOL, "JA"):
        f.location = "WC" if f.side == "US" else "DESTROYED"
    for seed in (2, 3):  # (the third campaign after the second has moved on too)
        state = new_campaign(data, year, seed=seed)
        fresh = _filed_one_by_one(state)
        index = state._current_index()
        ids = lambda lists: {key: [f.id for f in forces] for key, forces in lists.items()}  # noqa: E731
        assert ids(index.buckets) == ids(fresh.buckets)
        assert (index.places, index.sides, index.touched, index.side_clock, index.size) == (
            fresh.places,
            fresh.sides,
            fresh.touched,
            fresh.side_clock,
            fresh.size,
        )
        for order, f in enumerate(state.forces.values()):
            assert f._index is index and f._order == order
        mover = state.at("HI", "US")[0]
        mover.location = "WC"
        new_battalion(state, data.year(year), "JA", "WC")
        for location in {f.location for f in state.forces.values()}:
            for side in ("US", "JA"):
                assert state.at(location, side) == [
                    f for f in state.forces.values() if (f.location, f.side) == (location, side)
                ]
        assert state.touched_since(len(fresh.touched)) == (len(fresh.touched) + 3, ["HI", "WC", "WC"])


def test_forces_are_set_out_once(data):
    state = new_campaign(data, 1942, seed=1)
    with pytest.raises(ValueError):
        state.set_out([], None)
