"""After the battles: landing (R17), JA Reinforce (R18), JA Repair, Return to Port (R19),
Supply (R20), Defeat and the campaign evaluation (R21). None of these needs a battle."""

from __future__ import annotations

import pytest
from rules_kit import assert_legal, battalion, fresh, game_with, of_type, place, used_all

from nimitz.bot.reinforce import reinforce, repair
from nimitz.engine.campaign import (
    battle_areas,
    defeat_check,
    land_embarked,
    return_to_port,
    supply_check,
)
from nimitz.engine.control import objectives_held, supplied_areas
from nimitz.engine.dice import ScriptedDice
from nimitz.model.state import BATTALIONS, DESTROYED, INVASION, JA_POOL, RAID, US_POOL

# --- R43 where battles are fought ------------------------------------------------------------


def test_r43_battle_in_every_area_with_both_sides_unless_only_subs_face_no_ships(data):
    """R43: a battle in every area holding both sides' forces, except where one side has only
    submarines and the other no ships."""
    state = fresh(data, 1942)
    place(state, "GI", "US:25th", "JA:2nd")  # infantry both sides: battle
    place(state, "SA", "US:SS Gp 1", "JA:Kaga")  # US sub vs JA ship: battle
    place(state, "NC", "US:SS Gp 2", "JA:38th")  # US sub vs JA infantry only: none
    place(state, "MI", "US:MAG 22", "JA:SS Gp 1")  # JA sub vs US LBA only: none
    place(state, "WI", "US:Chester/Louisville", "JA:SS Gp 2")  # JA sub vs US ship: battle
    place(state, "ML", "US:32nd")  # one side only: none
    assert battle_areas(game_with(data, state)) == ["WI", "GI", "SA"]


def test_r65_infantry_on_transports_facing_only_submarines_fight_a_battle(data):
    """R43/R65: infantry on transports bring their side's transport, a ship (facts 1.8: "US ships
    in Coastal" puts JA subs there; a sub attacks ships). So an area where the only JA forces are
    submarines and the US brings infantry on transports has a battle, and so has the mirror case;
    infantry already ashore facing only submarines still have none."""
    state = fresh(data, 1942)
    place(state, "NC", "US:25th", embarked=True, moved=True)  # landing where only a JA sub is
    place(state, "NC", "JA:SS Gp 1")
    place(state, "GI", "JA:2nd", embarked=True)  # JA landing, a US sub there
    place(state, "GI", "US:SS Gp 1")
    place(state, "MI", "US:32nd", "JA:SS Gp 2")  # ashore: the sub has no target
    assert battle_areas(game_with(data, state)) == ["GI", "NC"]


def test_r17_r65_infantry_land_after_the_battle_against_submarines(data):
    """R17/R65: US infantry moved on transports into an area whose only JA force is a submarine
    fight the battle (the sub torpedoes the transport, here a miss) and go ashore: they do not
    stay on their transport turn after turn."""
    from rules_kit import Step

    from nimitz.engine.campaign import resolve_battles
    from nimitz.model.journal import Decision

    state = fresh(data, 1942)
    place(state, "NC", "US:25th", embarked=True, moved=True)
    place(state, "NC", "JA:SS Gp 1")
    # battle length 1 turn; the JA plan draw takes No Contact (counter 21 of 28, harmless
    # here); the sub's torpedo at the transport misses
    game = game_with(data, state, [1, 21, 10])
    step = Step(game, resolve_battles(game))
    assert step.request.kind == "battle_plans"
    step.send(Decision(kind="battle_plans"))
    assert step.request is None and used_all(game.dice)
    assert state.forces["US:25th"].location == "NC" and not state.forces["US:25th"].embarked
    torpedo = [r for r in game.dice.rolls if "torpedoes" in r.purpose]
    assert [r.purpose for r in torpedo] == ["torpedoes: SS Gp 1 (surface 3) vs US ships in CO"]


# --- R17 embarked infantry after battle ------------------------------------------------------


def test_r17_embarked_infantry_land_where_no_enemy_remains(data):
    """R17: at the end of Resolve Battles infantry on transports go ashore where no enemy force
    is left (either side), and stay embarked where any enemy force, even a sub, remains."""
    state = fresh(data, 1942)
    place(state, "GI", "US:25th", embarked=True)
    place(state, "MI", "US:32nd", embarked=True)
    place(state, "MI", "JA:Kaga")
    place(state, "SA", "JA:2nd", embarked=True)
    place(state, "WI", "JA:38th", embarked=True)
    place(state, "WI", "US:SS Gp 1")
    jbn = battalion(state, data, "JA", "NC")
    jbn.embarked = True
    game = game_with(data, state)
    land_embarked(game)
    assert not state.forces["US:25th"].embarked
    assert state.forces["US:32nd"].embarked
    assert not state.forces["JA:2nd"].embarked and not jbn.embarked
    assert state.forces["JA:38th"].embarked


# --- R18 JA Reinforce ------------------------------------------------------------------------


ED3_TABLE = [
    (-5, (1, 0, 0)),
    (0, (1, 0, 0)),
    (1, (1, 1, 0)),
    (2, (1, 1, 0)),
    (3, (1, 1, 1)),
    (5, (1, 1, 1)),
    (6, (2, 1, 1)),
    (8, (2, 1, 1)),
    (9, (2, 2, 1)),
    (11, (2, 2, 1)),
    (12, (2, 2, 2)),
    (14, (2, 2, 2)),
    (15, (3, 2, 2)),
    (17, (3, 2, 2)),
    (18, (3, 3, 3)),
    (30, (3, 3, 3)),
]


@pytest.mark.parametrize("total, row", ED3_TABLE)
def test_r18_new_japanese_forces_table_ed3(data, total, row):
    """facts 1.11 (ed3 column): <=0 1/0/0, 1-2 1/1/0, 3-5 1/1/1, 6-8 2/1/1, 9-11 2/2/1,
    12-14 2/2/2, 15-17 3/2/2, >=18 3/3/3."""
    r = data.reinforcements.for_roll(total)
    assert (r.ships, r.infantry, r.lba) == row


def test_r18_reinforcement_roll_modifiers_and_track_back_to_zero(data):
    """R18: 1d10 + track - 1 per damaged JA force on the map (JA and EA included; not damaged
    INF or battalions in areas with US forces) - 3 per raiding US sub; the tops of the stacks
    come to Japan; the track returns to 0."""
    state = fresh(data, 1942)
    state.ja_track = 7
    place(state, "PH", "JA:Kaga", damaged=True)  # counts
    place(state, "JA", "JA:Chitose", damaged=True)  # counts (Japan is on the map)
    place(state, "SA", "JA:38th", damaged=True)  # INF, no US: counts
    place(state, "GI", "JA:2nd", damaged=True)  # INF facing US: does not count
    place(state, "GI", "JA:Akagi", damaged=True)  # a ship facing US: counts
    place(state, "GI", "US:Chester/Louisville")
    gbn = battalion(state, data, "JA", "GI")  # battalion facing US: no count
    gbn.damaged = True
    place(state, RAID, "US:SS Gp 1")
    place(state, "HI", "US:SS Gp 2")  # not raiding: no effect
    tops = {k: list(v) for k, v in state.ja_stacks.items()}
    text, info = reinforce(state, data, ScriptedDice([9]))
    # 9 + 7 - 4 - 3 = 9 -> 2 ships / 2 INF / 1 LBA
    assert info["roll"]["total"] == 9
    assert set(info["roll"]["damaged"]) == {"JA:Kaga", "JA:Chitose", "JA:38th", "JA:Akagi"}
    assert info["roll"]["raiding_subs"] == ["US:SS Gp 1"]
    assert info["arrived"] == tops["ships"][:2] + tops["infantry"][:2] + tops["lba"][:1]
    for fid in info["arrived"]:
        assert state.forces[fid].location == "JA" and fid not in sum(state.ja_stacks.values(), [])
    assert state.ja_track == 0
    assert_legal(state, data)


def test_r18_1944_two_extra_infantry(data):
    """facts 1.13 / R18: in 1944 every Reinforce step brings 2 more JA infantry."""
    state = fresh(data, 1944)
    top = list(state.ja_stacks["infantry"][:3])
    text, info = reinforce(state, data, ScriptedDice([1]))  # 1 -> 1/1/0, +2 INF
    assert info["row"]["extra_infantry"] == 2
    assert [i for i in info["arrived"] if i in top] == top
    assert len(info["arrived"]) == 1 + 3


def test_r18_two_battalions_per_missing_counter(data):
    """R18: a kind with too few counters in its stack gives 2 JA battalions (to Japan) per
    missing counter; the battalion box is used first."""
    state = fresh(data, 1942)
    for fid in list(state.ja_stacks["infantry"]):
        place(state, DESTROYED, fid)
    ships = state.ja_stacks["ships"]
    for fid in list(ships[1:]):
        place(state, DESTROYED, fid)
    boxed = battalion(state, data, "JA", BATTALIONS)
    state.ja_track = 5
    text, info = reinforce(state, data, ScriptedDice([10]))  # 15 -> 3 ships / 2 INF / 2 LBA
    # ships: 1 in the stack, 2 missing -> 4 battalions; INF: 2 missing -> 4 battalions
    assert info["battalions"] == 8
    bns = [f for f in state.at("JA", "JA") if data.year(1942).cls[f.cls].type == "BN"]
    assert len(bns) == 8 and boxed in bns
    assert_legal(state, data)


# --- JA Repair -------------------------------------------------------------------------------


def test_ja_repair_sends_damaged_forces_to_the_bottom_of_their_stack_with_exceptions(data):
    """facts 1.11 / R47: damaged JA forces on the map go, repaired, to the bottom of their
    reinforcement stack (battalions to the box), except damaged INF in areas with US forces and
    the last INF or LBA ashore in an area (not in JA or EA)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga", damaged=True)  # ship: goes
    place(state, "GI", "JA:2nd", damaged=True)  # INF facing US: stays
    place(state, "GI", "JA:Genzan", "US:Chester/Louisville")
    place(state, "SI", "JA:38th", damaged=True)  # last ashore: stays
    place(state, "SI", "JA:Akagi")
    place(state, "JA", "JA:Chitose", damaged=True)  # last in Japan: goes
    place(state, "NG", "JA:55th", "JA:16th", damaged=True)  # one of two goes
    place(state, "BO", "JA:Mihoro", damaged=True)  # LBA, 2 ashore: goes
    place(state, "BO", "JA:48th")
    bn = battalion(state, data, "JA", "CI")
    bn.damaged = True
    place(state, "CI", "JA:Kanoya")  # battalion, 2 ashore: goes
    text, info = repair(state, data)
    assert state.ja_stacks["ships"][-1] == "JA:Kaga" and state.forces["JA:Kaga"].location == JA_POOL
    assert not state.forces["JA:Kaga"].damaged
    assert set(state.ja_stacks["lba"][-2:]) == {"JA:Chitose", "JA:Mihoro"}
    assert state.forces["JA:2nd"].location == "GI" and state.forces["JA:2nd"].damaged
    assert state.forces["JA:38th"].location == "SI" and state.forces["JA:38th"].damaged
    ng = state.at("NG", "JA")
    assert len(ng) == 1 and ng[0].damaged
    assert bn.location == BATTALIONS and not bn.damaged
    assert_legal(state, data)


# --- R19 Return to Port ----------------------------------------------------------------------


def test_r19_1944_boxes_step_toward_hi_then_ships_go_to_the_last_box(data):
    """R19: P1 -> HI, P2 -> P1, P3 -> P2, then every US ship not in WC or HI (raiding subs and
    non-Australian ships in AU included) goes to P3; LBA and infantry stay."""
    state = fresh(data, 1944)
    place(state, "P1", "US:Essex")
    place(state, "P2", "US:Intrepid")
    place(state, "P3", "US:Saratoga")
    place(state, "GI", "US:Enterprise", "US:25th", "US:11th BG")
    place(state, "HI", "US:Cowpens")
    place(state, "WC", "US:Cabot")
    place(state, "AU", "US:SS Gp 3")
    place(state, RAID, "US:SS Gp 1")
    return_to_port(game_with(data, state))
    where = {
        fid: state.forces[fid].location
        for fid in (
            "US:Essex",
            "US:Intrepid",
            "US:Saratoga",
            "US:Enterprise",
            "US:Cowpens",
            "US:Cabot",
            "US:SS Gp 3",
            "US:SS Gp 1",
            "US:25th",
            "US:11th BG",
        )
    }
    assert where == {
        "US:Essex": "HI",
        "US:Intrepid": "P1",
        "US:Saratoga": "P2",
        "US:Enterprise": "P3",
        "US:Cowpens": "HI",
        "US:Cabot": "WC",
        "US:SS Gp 3": "P3",
        "US:SS Gp 1": "P3",
        "US:25th": "GI",
        "US:11th BG": "GI",
    }


@pytest.mark.parametrize("year, last", [(1942, "P1"), (1943, "P2"), (1945, "P3")])
def test_r19_last_port_box_by_year(data, year, last):
    """R19: 1942 P1, 1943 P2, 1944/45 P3."""
    state = fresh(data, year)
    ship = of_type(state, data, "US", "CRU", 1, australian=False)[0]
    place(state, "MI", ship)
    place(state, "P1", "US:SS Gp 2")
    return_to_port(game_with(data, state))
    assert state.forces[ship].location == last
    assert state.forces["US:SS Gp 2"].location == "HI"


def test_r19_australian_ships_return_to_australia(data):
    """R19 (ed3): Australian ships go back to AU; one already in AU stays there."""
    state = fresh(data, 1942)
    place(state, "SI", "US:CRU ABDA")
    return_to_port(game_with(data, state))
    assert state.forces["US:CRU ABDA"].location == "AU"
    return_to_port(game_with(data, state))
    assert state.forces["US:CRU ABDA"].location == "AU"


# --- R20 Supply ------------------------------------------------------------------------------


def test_r20_supply_chain_from_wc_through_us_held_areas(data):
    """R20: an area is in supply if a chain of adjacent US-held areas joins it to WC; the area
    itself need not be held (WI, contested, next to held MI); areas beyond a break are not (MA,
    past contested WI; NC, past empty SA)."""
    state = fresh(data, 1942)
    place(state, "HI", "US:25th")
    place(state, "MI", "US:32nd")
    place(state, "WI", "US:MAG 22", "JA:6th Base")
    place(state, "MA", "US:43rd")
    place(state, "NC", "US:American")
    supplied = supplied_areas(state, data)
    assert {"WC", "HI", "MI", "WI", "AK", "GI", "SA"} <= supplied
    assert "MA" not in supplied and "NC" not in supplied
    assert "MI" in objectives_held(state, data) and "WI" not in objectives_held(state, data)


def test_r20_wc_and_au_count_as_held(data):
    """R20: WC and AU always count as US-held: with HI, SA and NC held, the chain runs on through
    AU (no US forces there) to BO; without SA held it stops."""
    state = fresh(data, 1942)
    place(state, "HI", "US:25th")
    place(state, "SA", "US:32nd")
    place(state, "NC", "US:43rd")
    place(state, "BO", "US:American")
    assert {"NC", "AU", "BO", "NG", "SI"} <= supplied_areas(state, data)
    place(state, DESTROYED, "US:32nd")
    supplied = supplied_areas(state, data)
    assert "BO" not in supplied and "NC" not in supplied


def test_r20_out_of_supply_hit_on_every_us_inf_and_lba(data):
    """R20: every US INF, battalion and LBA in an area out of supply takes one hit (full ->
    damaged; damaged -> destroyed, LBA back to the US pool); ships there take none; supplied
    areas take none."""
    state = fresh(data, 1942)
    place(state, "HI", "US:25th")
    place(state, "MA", "US:32nd", "US:Chester/Louisville", "US:Battalion 1")
    place(state, "MA", "US:MAG 22", damaged=True)
    place(state, "MA", "US:43rd", damaged=True)
    place(state, "MI", "US:American")
    supply_check(game_with(data, state))
    assert state.forces["US:32nd"].damaged and state.forces["US:Battalion 1"].damaged
    assert state.forces["US:MAG 22"].location == US_POOL
    assert state.forces["US:43rd"].location == DESTROYED
    assert not state.forces["US:Chester/Louisville"].damaged
    assert not state.forces["US:25th"].damaged and not state.forces["US:American"].damaged
    assert_legal(state, data)


# --- R21 Defeat and evaluation ---------------------------------------------------------------


def hold(state, areas, data):
    """A US infantry or battalion counter ashore in each area."""
    for area in areas:
        place(state, area, battalion(state, data, "US", area).id)


def test_r21_defeat_when_hawaii_is_not_held(data):
    """R21: the campaign is lost at once if the US does not hold HI at the end of a turn, even
    with every other objective held (HI contested counts as not held)."""
    state = fresh(data, 1942)
    hold(state, ["HI", "AK", "MI", "GI", "SA", "SI", "NG", "NC"], data)
    place(state, "HI", "JA:2nd")
    state.turn = 2
    game = game_with(data, state)
    defeat_check(game)
    assert state.finished and state.result == "Defeat: Hawaii lost"
    assert state.held_history == [2]  # AK, MI (via AK); the rest lose their supply through HI


@pytest.mark.parametrize("held, result", [(3, "Replaced"), (4, "")])
def test_r21_replaced_level_ends_the_campaign_at_once(data, held, result):
    """R21: objectives held at or below the year's Replaced level (1942: 3) end the campaign
    mid-year; one more does not."""
    state = fresh(data, 1942)
    hold(state, ["HI", "AK", "MI", "GI"][:held], data)
    state.turn = 3
    defeat_check(game_with(data, state))
    assert state.result == result


@pytest.mark.parametrize("held, level", [(8, "Great"), (7, "Good"), (6, "Historical"), (5, "Historical"), (4, "Poor")])
def test_r21_end_of_campaign_evaluation_1942(data, held, level):
    """facts 1.12: after turn 6 the objectives held give the level (1942: 8 Great, 7 Good,
    5-6 Historical, 4 Poor)."""
    state = fresh(data, 1942)
    hold(state, ["HI", "AK", "MI", "GI", "SA", "SI", "NG", "NC"][:held], data)
    state.turn = 6
    defeat_check(game_with(data, state))
    assert state.result == level


def test_r21_unsupplied_objectives_are_not_held(data):
    """facts 1.1/R20: an objective with US infantry but out of supply is not held."""
    state = fresh(data, 1942)
    hold(state, ["HI", "AK", "MI", "NG"], data)  # NG: no chain to WC
    assert sorted(objectives_held(state, data)) == ["AK", "HI", "MI"]


@pytest.mark.parametrize(
    "cost, points, level", [(48, 0, "Historical"), (50, 1, "Historical"), (80, 2, "Good"), (100, 3, "Great")]
)
def test_r21_1945_invasion_points(data, cost, points, level):
    """facts 1.12-1.13: at the end of 1945 (turn 4) the invasion box's total buy cost adds
    objective points: <=49 0, 50-79 1, 80-99 2, 100+ 3 (16 held + 2 = 18 Good, + 3 = 19 Great)."""
    state = fresh(data, 1945)
    objectives = list(data.year(1945).objectives)
    hold(state, objectives, data)
    pool = [
        f
        for f in state.forces.values()
        if f.side == "US" and f.location in (DESTROYED, US_POOL) and data.year(1945).cls[f.cls].is_ship
    ]
    total = 0
    for f in sorted(pool, key=lambda f: -data.year(1945).cls[f.cls].buy_cost):
        c = data.year(1945).cls[f.cls].buy_cost
        if total + c <= cost:
            place(state, INVASION, f.id)
            total += c
    assert total == cost, "could not make up the cost exactly"
    state.turn = 4
    game = game_with(data, state)
    defeat_check(game)
    assert state.result == level
    assert any(f"give {points} point" in e.text for e in game.journal)
