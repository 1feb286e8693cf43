"""Creating a campaign from its set-up sheet (facts.md "Starting forces by year"; rulings R10,
R23) and the state invariants checked on every load (model/invariants.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from nimitz.engine.setup import new_campaign, stack_of
from nimitz.model.data import REINFORCEMENT_POOL, SIDES, YEARS
from nimitz.model.invariants import state_problems
from nimitz.model.state import JA_POOL, STACKS, US_POOL, RulesProfile


def _expected_places(sheet) -> Counter:
    """(side, place) -> how many counters the sheet puts there (RE = the side's pool)."""
    pool = {"US": US_POOL, "JA": JA_POOL}
    expected: Counter = Counter()
    for side in SIDES:
        for place, names in sheet.setup.get(side, {}).items():
            expected[(side, pool[side] if place == REINFORCEMENT_POOL else place)] += len(names)
        for place, n in sheet.battalions.get(side, {}).items():
            expected[(side, pool[side] if place == REINFORCEMENT_POOL else place)] += n
    return expected


@pytest.mark.parametrize("year", YEARS)
def test_every_counter_of_the_sheet_is_in_exactly_one_place(data, year):
    sheet = data.year(year)
    state = new_campaign(data, year, seed=1)
    placed = Counter((f.side, f.location) for f in state.forces.values())
    assert placed == _expected_places(sheet)
    # every named counter of the year exactly once, under its own class
    named = {(f.side, f.name): f.cls for f in state.forces.values() if sheet.cls[f.cls].type != "BN"}
    printed = {(c.side, u): c.id for c in sheet.classes for u in c.units}
    assert named == printed
    # battalions: as many as the sheet's counts, numbered uniquely
    battalions = [f for f in state.forces.values() if sheet.cls[f.cls].type == "BN"]
    assert len(battalions) == sum(n for places in sheet.battalions.values() for n in places.values())
    assert state.next_battalion == len(battalions) + 1
    # carrier aircraft are made per battle (R11): none on the map
    assert not any(sheet.cls[f.cls].type == "CAG" for f in state.forces.values())
    for fid, f in state.forces.items():
        assert fid == f.id == f"{f.side}:{f.name}"
        assert not (f.damaged or f.moved or f.embarked)


@pytest.mark.parametrize("year", YEARS)
def test_new_campaign_starts_at_setup_with_no_sp(data, year):
    state = new_campaign(data, year, seed=3)
    assert (state.year, state.turn, state.step, state.sp, state.ja_track) == (year, 0, "start", 0, 0)
    assert state.result == "" and not state.finished
    assert state.dice.seed == 3
    assert state.rules == RulesProfile()  # R1 default preset "map"
    assert state.rules.order_modifiers == "map"


def test_1942_spot_placements(data):
    state = new_campaign(data, 1942, seed=1)
    assert state.forces["JA:Kaga"].location == "JA"
    assert state.forces["JA:Yamato/Musashi"].location == JA_POOL
    assert state.forces["US:Yorktown"].location == "P1"
    assert state.forces["US:25th"].location == "HI"
    assert state.forces["US:Hornet"].location == US_POOL
    assert len(state.at("WC", "US")) == 3  # DESRON 2 and two battalions
    # BO starts with one battalion of each side
    assert [data.year(1942).cls[f.cls].type for f in state.at("BO")] == ["BN", "BN"]
    assert {f.side for f in state.at("BO")} == {"US", "JA"}


def test_1945_has_two_desron_6_counters_one_in_p1_one_in_reinforcements(data):
    """facts.md 1945 set-up: the sheet lists DESRON 6 twice in all, once in P1 and once in
    Reinforcements: two counters, not three."""
    state = new_campaign(data, 1945, seed=1)
    desron_6 = sorted(
        (f.name, f.location)
        for f in state.forces.values()
        if f.side == "US" and f.name.startswith("DESRON 6") and f.name != "DESRON 60"
    )
    assert desron_6 == [("DESRON 6", "P1"), ("DESRON 6 (2)", US_POOL)]


@pytest.mark.parametrize("year", YEARS)
def test_ja_stacks_hold_exactly_the_ja_pool_forces(data, year):
    sheet = data.year(year)
    state = new_campaign(data, year, seed=7)
    assert set(state.ja_stacks) == set(STACKS)
    stacked = [fid for ids in state.ja_stacks.values() for fid in ids]
    assert len(stacked) == len(set(stacked))
    assert sorted(stacked) == sorted(f.id for f in state.at(JA_POOL))
    for stack, ids in state.ja_stacks.items():
        for fid in ids:
            assert stack_of(sheet.cls[state.forces[fid].cls].type) == stack, (stack, fid)
    # the US pool never feeds the JA stacks
    assert not any(state.forces[fid].side == "US" for fid in stacked)


def test_stack_of_types():
    assert [stack_of(t) for t in ("CV", "BB", "SS", "TR", "INF", "BN", "LBA")] == [
        "ships",
        "ships",
        "ships",
        "ships",
        "infantry",
        "infantry",
        "lba",
    ]


@pytest.mark.parametrize("year", YEARS)
def test_stacks_are_shuffled_deterministically_by_seed(data, year):
    a = new_campaign(data, year, seed=123)
    b = new_campaign(data, year, seed=123)
    assert a.ja_stacks == b.ja_stacks
    assert a == b  # the whole state, dice positions included


def test_different_seeds_usually_give_different_stacks(data):
    orders = {tuple(new_campaign(data, 1942, seed=s).ja_stacks["ships"]) for s in range(20)}
    assert len(orders) >= 15  # 6 ships: 720 orders; 20 seeds almost never collide
    lba = {tuple(new_campaign(data, 1942, seed=s).ja_stacks["lba"]) for s in range(20)}
    assert len(lba) >= 15


def test_stack_shuffle_is_not_the_sheet_order(data):
    sheet_order = [
        f.id
        for f in new_campaign(data, 1942, seed=0).at(JA_POOL)
        if stack_of(data.year(1942).cls[f.cls].type) == "ships"
    ]
    same = sum(new_campaign(data, 1942, seed=s).ja_stacks["ships"] == sheet_order for s in range(20))
    assert same <= 2


def test_setup_rolls_only_the_bot_stream(data):
    state = new_campaign(data, 1942, seed=1)
    assert set(state.dice.streams) == {"bot"}


@pytest.mark.parametrize("year", YEARS)
def test_new_campaign_has_no_state_problems(data, year):
    for preset in ("map", "rulebook"):
        state = new_campaign(data, year, seed=year, rules=RulesProfile(order_modifiers=preset))
        assert state_problems(state, data) == []


# --- the invariants catch what they should (so the test above can fail) ------------------------


def _broken(data, edit):
    state = new_campaign(data, 1942, seed=1)
    edit(state)
    return state_problems(state, data)


def _move(fid, to):
    def edit(state):
        state.forces[fid].location = to

    return edit


@pytest.mark.parametrize(
    "edit, expected",
    [
        (_move("JA:Kaga", "WC"), "JA forces cannot be in WC"),
        (_move("US:Yorktown", "JA"), "US forces cannot be in JA"),
        (_move("US:CRU ABDA", "HI"), "Australian forces cannot be in HI"),
        (_move("US:25th", "P1"), "only US ships go to the port box P1"),
        (_move("JA:Kaga", "RAID"), "'RAID' is no place for a JA force"),
        (_move("JA:Kaga", "NOWHERE"), "'NOWHERE' is no place"),
        (_move("JA:Kaga", "JA_RE"), "in the JA pool but in no stack"),
        (lambda s: setattr(s, "sp", -5), "$.state.sp"),
        (lambda s: setattr(s, "turn", 7), "$.state.turn"),
        (lambda s: setattr(s, "ja_track", 16), "$.state.ja_track"),
        (lambda s: setattr(s.rules, "order_modifiers", "house"), "unknown preset 'house'"),
        (lambda s: s.ja_stacks["ships"].append(s.ja_stacks["ships"][0]), "in the stacks 2 times"),
        (lambda s: s.ja_stacks["ships"].append("JA:Kaga"), "'JA:Kaga' is not in the JA reinforcement pool"),
        (lambda s: setattr(s.forces["JA:Kaga"], "cls", "us-dd"), "'us-dd' is no JA counter class"),
        (lambda s: setattr(s.forces["JA:Kaga"], "embarked", True), "only infantry in an area"),
        (lambda s: setattr(s.forces["JA:Kaga"], "id", "JA:Akagi"), ".id: says 'JA:Akagi'"),
    ],
)
def test_state_problems_name_the_broken_field(data, edit, expected):
    problems = _broken(data, edit)
    assert any(expected in p for p in problems), problems


def test_state_problems_for_an_unknown_year(data):
    state = new_campaign(data, 1942, seed=1)
    state.year = 1950
    assert state_problems(state, data) == ["$.state.year: no campaign for 1950"]


def test_destroyed_forces_are_legal(data):
    state = new_campaign(data, 1942, seed=1)
    state.forces["JA:Kaga"].location = "DESTROYED"
    state.forces["US:Lexington"].location = "DESTROYED"
    assert state_problems(state, data) == []
