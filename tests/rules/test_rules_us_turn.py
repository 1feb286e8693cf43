"""The US steps of the campaign turn: Resupply and Movement, each rule with its refusal.

Every decision goes through Game.answer (rules_kit.Step), so an illegal one must raise
IllegalDecision and leave the state (hashed) and the journal exactly as they were.
"""

from __future__ import annotations

import pytest
from rules_kit import Step, assert_refused, battalion, fresh, game_with, of_type, place

from nimitz.engine.campaign import ja_orders, movement, resupply
from nimitz.model.journal import Decision
from nimitz.model.state import BATTALIONS, BOMBING, INVASION, JA_POOL, RAID

LBA_HI = ["US:11th BG", "US:18th FG", "US:MAG 21"]


def move_step(data, state):
    game = game_with(data, state)
    return Step(game, movement(game))


def move(fids, area):
    return Decision("move", forces=tuple(fids), area=area)


# --- US Resupply -----------------------------------------------------------------------------


@pytest.mark.parametrize("year, income", [(1942, 21), (1943, 23), (1944, 27), (1945, 36)])
def test_resupply_adds_the_years_supply_points_to_what_was_saved(data, year, income):
    """facts 1.3: SP per turn 21 / 23 / 27 / 36; unspent SP are kept."""
    state = fresh(data, year)
    state.sp = 4
    game = game_with(data, state)
    step = Step(game, resupply(game))
    assert state.sp == 4 + income and step.request.kind == "resupply"
    step.send(Decision("end_resupply"))
    assert state.sp == 4 + income


def test_resupply_bought_forces_appear_us_at_wc_australian_at_au(data):
    """facts 1.3: a bought US force appears at WC, an Australian one at AU; a carrier costs its
    purchase cost (5), not its hit value (1)."""
    state = fresh(data, 1942)
    game = game_with(data, state)
    step = Step(game, resupply(game))
    step.send(Decision("buy", forces=("US:Hornet",)))
    assert state.forces["US:Hornet"].location == "WC" and state.sp == 21 - 5
    step.send(Decision("buy", forces=("US:1 Aust.",)))
    assert state.forces["US:1 Aust."].location == "AU" and state.sp == 16 - 1
    step.send(Decision("buy", forces=("US:RAAF BG 2",)))
    assert state.forces["US:RAAF BG 2"].location == "AU" and state.sp == 15 - 2
    assert_refused(step, Decision("buy", forces=("US:Hornet",)), "not in the US reinforcements")
    assert_refused(step, Decision("buy", forces=("JA:Kaga",)))


@pytest.mark.parametrize(
    "fid, cost",
    [
        ("US:Lexington", 2),  # carrier (5) -> 2
        ("US:11th BG", 1),  # cost 1 -> minimum 1
        ("US:Chester/Louisville", 1),  # 2 -> 1
        ("US:N. Carolina/Washington", 2),  # 4 -> 2
        ("US:Colorado/Maryland", 1),  # 3 -> 1 (rounded down)
    ],
)
def test_resupply_repair_costs_half_rounded_down_minimum_1(data, fid, cost):
    """facts 1.3: repairing a damaged force costs half its cost, rounded down, at least 1; an
    undamaged force cannot be repaired."""
    state = fresh(data, 1942)
    place(state, "HI", fid, damaged=True)
    place(state, "HI", "US:Enterprise")
    game = game_with(data, state)
    step = Step(game, resupply(game))
    assert_refused(step, Decision("repair", forces=("US:Enterprise",)), "not a damaged force")
    step.send(Decision("repair", forces=(fid,)))
    assert not state.forces[fid].damaged and state.sp == 21 - cost


def test_resupply_supply_points_never_go_negative(data):
    """facts 1.3: nothing can be bought, repaired or scouted beyond the SP in hand."""
    state = fresh(data, 1942)
    place(state, "HI", "US:Lexington", damaged=True)
    game = game_with(data, state)
    step = Step(game, resupply(game))
    state.sp = 1  # as if 20 SP had been spent already
    assert_refused(step, Decision("buy", forces=("US:Hornet",)), "costs 5 SP, 1 left")
    assert_refused(step, Decision("repair", forces=("US:Lexington",)), "costs 2 SP, 1 left")
    assert_refused(step, Decision("buy_scouting", count=2), "2 SP needed, 1 left")
    step.send(Decision("buy_scouting", count=1))
    assert state.sp == 0
    assert_refused(step, Decision("buy", forces=("US:11th BG",)))
    assert all(o.cost <= state.sp for o in step.request.options)


# --- US Movement -----------------------------------------------------------------------------


@pytest.mark.parametrize("dest", ["JA", "EA"])
def test_us_movement_never_into_japan_or_east_asia(data, dest):
    """facts 1.5: US forces may go anywhere but JA and EA (PH, far from any US force, is fine)."""
    state = fresh(data, 1942)
    place(state, "HI", "US:Chester/Louisville", "US:SS Gp 1")
    step = move_step(data, state)
    assert_refused(step, move(["US:Chester/Louisville"], dest), "Japan or East Asia")
    assert_refused(step, move(["US:SS Gp 1"], dest), "Japan or East Asia")
    step.send(move(["US:Chester/Louisville"], "PH"))
    assert state.forces["US:Chester/Louisville"].location == "PH"


def test_us_lba_only_to_areas_with_us_inf_or_lba_at_the_step_start(data):
    """facts 1.5/R49: US LBA may enter only areas that held US INF or LBA when the movement step
    began: not an area where US infantry has just landed (moved this step), not one with only JA
    forces; an area with both sides' infantry is fine, and so is one whose US infantry are still
    on their transport (the rule asks for US infantry in the area, not ashore)."""
    state = fresh(data, 1942)
    place(state, "HI", *LBA_HI, "US:25th", "US:Battalion 1")
    place(state, "MI", "US:MAG 22")
    place(state, "WI", "US:32nd", "JA:6th Base")  # both sides' infantry
    place(state, "SA", "US:43rd", embarked=True)  # only on a transport
    place(state, "IJ", "JA:Chitose")  # JA LBA only
    step = move_step(data, state)
    assert set(state.lba_bases) == {"HI", "MI", "WI", "SA"}
    step.send(move(["US:Battalion 1"], "GI"))
    assert_refused(step, move(["US:11th BG"], "GI"), "held US infantry or LBA")
    assert_refused(step, move(["US:11th BG"], "IJ"), "held US infantry or LBA")
    step.send(move(["US:11th BG"], "WI"))
    step.send(move(["US:18th FG"], "MI"))
    step.send(move(["US:MAG 21"], "SA"))
    assert state.forces["US:11th BG"].location == "WI" and state.forces["US:18th FG"].location == "MI"
    assert state.forces["US:MAG 21"].location == "SA"


def test_us_lba_airfield_cap_except_wc_hi_au(data):
    """facts 1.5: no more US LBA in an area than its airfield value (MI: 2), counting those
    already there and those moving together; WC, HI and AU take any number."""
    state = fresh(data, 1942)
    lba = of_type(state, data, "US", "LBA", 12, australian=False)
    place(state, "HI", *lba)
    place(state, "MI", "US:25th")
    place(state, "WC", "US:Battalion 1")
    place(state, "AU", "US:32nd")
    step = move_step(data, state)
    step.send(move([lba[0]], "MI"))
    assert_refused(step, move(lba[1:3], "MI"), "airfield takes 2")
    step.send(move([lba[1]], "MI"))
    assert_refused(step, move([lba[2]], "MI"), "airfield takes 2")
    step.send(move(lba[2:8], "WC"))
    step.send(move(lba[8:12], "AU"))
    assert len(state.at("WC", "US")) == 7 and len(state.at("AU", "US")) == 5
    assert sum(1 for f in state.at("MI", "US") if f.id in lba) == 2


def test_us_lba_cap_in_ma_counts_b29_wings_in_the_bombing_box(data):
    """facts 1.13 + 1.5: B-29 wings in the bombing box still count toward MA's airfield (they
    fight there and come back after the battles), so they keep their place: with 5 LBA in MA and
    one wing in the box, MA (airfield 6) takes no more US LBA."""
    state = fresh(data, 1945)
    wings = ["US:313th BW", "US:314th BW"]
    others = of_type(state, data, "US", "LBA", 5, exclude=wings, bomber_wing=False, australian=False)
    place(state, "MA", *wings, *others[:4], "US:1st Marine")
    place(state, "GI", others[4])
    state.sp = 5
    step = move_step(data, state)
    step.send(Decision("strategic_bombing", forces=("US:313th BW",)))
    assert state.forces["US:313th BW"].location == BOMBING
    assert_refused(step, move([others[4]], "MA"), "airfield takes 6")


def test_us_infantry_moves_on_a_transport(data):
    """facts 1.5/R50: US infantry (and battalions) that move are embarked, wherever they go."""
    state = fresh(data, 1942)
    place(state, "HI", "US:25th", "US:Battalion 1", "US:11th BG")
    step = move_step(data, state)
    step.send(move(["US:25th"], "MI"))
    step.send(move(["US:Battalion 1"], "GI"))
    assert state.forces["US:25th"].embarked and state.forces["US:Battalion 1"].embarked
    assert not state.forces["US:11th BG"].embarked


def test_us_infantry_cannot_leave_an_area_with_ja_forces(data):
    """facts 1.5: US infantry cannot leave an area holding any JA force, even one ship; ships
    and LBA there may leave."""
    state = fresh(data, 1942)
    place(state, "GI", "US:25th", "US:Battalion 1", "US:11th BG", "US:Chester/Louisville")
    place(state, "GI", "JA:Kaga")
    place(state, "HI", "US:32nd")
    step = move_step(data, state)
    assert_refused(step, move(["US:25th"], "HI"), "may not leave GI")
    assert_refused(step, move(["US:Battalion 1"], "HI"), "may not leave GI")
    step.send(move(["US:Chester/Louisville"], "HI"))
    step.send(move(["US:11th BG"], "HI"))


def test_us_australian_forces_only_to_australian_flag_areas(data):
    """facts 1.5: Australian forces (CRU ABDA, 1 Aust., RAAF) go only to AU, BO, NG, SI, NC."""
    state = fresh(data, 1942)
    place(state, "AU", "US:CRU ABDA", "US:1 Aust.", "US:RAAF FG")
    place(state, "NC", "US:32nd")
    step = move_step(data, state)
    for dest in ("SA", "HI", "CI", "PH"):
        assert_refused(step, move(["US:CRU ABDA"], dest), "Australian flag")
    assert_refused(step, move(["US:1 Aust."], "GI"), "Australian flag")
    step.send(move(["US:CRU ABDA"], "BO"))
    step.send(move(["US:1 Aust."], "SI"))
    step.send(move(["US:RAAF FG"], "NC"))


def test_us_submarines_raid_other_forces_cannot(data):
    """facts 1.5: US submarines may go to the raiding box (free); nothing else may."""
    state = fresh(data, 1942)
    place(state, "HI", "US:SS Gp 1", "US:Chester/Louisville")
    place(state, "AU", "US:SS Gp 3")
    sp = state.sp
    step = move_step(data, state)
    assert_refused(step, Decision("raid", forces=("US:Chester/Louisville",)), "only submarines")
    step.send(Decision("raid", forces=("US:SS Gp 1", "US:SS Gp 3")))
    assert {f.id for f in state.at(RAID)} == {"US:SS Gp 1", "US:SS Gp 3"} and state.sp == sp


def test_us_force_moves_once_and_only_from_the_map(data):
    """R45: a force moves at most once a step; ships in a port box cannot move."""
    state = fresh(data, 1942)
    place(state, "HI", "US:Chester/Louisville")
    place(state, "P1", "US:Yorktown")
    step = move_step(data, state)
    step.send(move(["US:Chester/Louisville"], "MI"))
    assert_refused(step, move(["US:Chester/Louisville"], "WI"), "already moved")
    assert_refused(step, move(["US:Yorktown"], "MI"), "not on the map")
    assert_refused(step, Decision("raid", forces=("US:Chester/Louisville",)))


@pytest.mark.parametrize("year, wing", [(1944, "US:73rd BW"), (1945, "US:313th BW")])
def test_strategic_bombing_b29_from_ma_at_1_sp(data, year, wing):
    """facts 1.13: in 1944/45 B-29 wings that started the step in MA may go to the bombing box
    at 1 SP each; other LBA in MA, or a wing that moved into MA this step, are refused."""
    state = fresh(data, year)
    other = of_type(state, data, "US", "LBA", 1, bomber_wing=False, australian=False)[0]
    place(state, "MA", wing, other, "US:1st Marine")
    state.sp = 1
    step = move_step(data, state)
    assert_refused(step, Decision("strategic_bombing", forces=(other,)), "B-29")
    step.send(Decision("strategic_bombing", forces=(wing,)))
    assert state.forces[wing].location == BOMBING and state.sp == 0
    if year == 1945:
        place(state, "GI", "US:314th BW")
        state.sp = 1
        step.send(move(["US:314th BW"], "MA"))
        assert_refused(step, Decision("strategic_bombing", forces=("US:314th BW",)))


def test_r44_each_wing_in_the_box_sends_a_ja_force_in_japan_back_to_its_pool(data):
    """facts 1.13 / R44: at the start of JA Orders each B-29 wing in the box sends one JA force
    in Japan, chosen by the US player, to the bottom of its stack (a battalion to the box);
    a force elsewhere cannot be chosen."""
    state = fresh(data, 1945)
    place(state, BOMBING, "US:313th BW", "US:314th BW")
    place(state, "JA", "JA:Amagi")
    place(state, "EA", "JA:Junyo")
    bn = battalion(state, data, "JA", "JA")
    game = game_with(data, state, [5])
    step = Step(game, ja_orders(game))
    assert step.request.kind == "bombing_target"
    assert {o.decision.forces[0] for o in step.request.options} == {"JA:Amagi", bn.id}
    assert_refused(step, Decision("bombing_target", forces=("JA:Junyo",)))
    step.send(Decision("bombing_target", forces=("JA:Amagi",)))
    assert state.forces["JA:Amagi"].location == JA_POOL
    assert state.ja_stacks["ships"][-1] == "JA:Amagi"
    step.send(Decision("bombing_target", forces=(bn.id,)))
    assert bn.location == BATTALIONS
    # the orders step then ran: EA's Junyo rolled 5 + 5 = Withdraw, to Japan
    assert game.pending is None and state.forces["JA:Junyo"].location == "JA"


def test_strategic_bombing_needs_sp_and_is_not_in_1942_43(data):
    state = fresh(data, 1945)
    place(state, "MA", "US:313th BW", "US:314th BW", "US:1st Marine")
    state.sp = 1
    step = move_step(data, state)
    assert_refused(step, Decision("strategic_bombing", forces=("US:313th BW", "US:314th BW")), "2 SP needed, 1 left")
    state42 = fresh(data, 1943)
    place(state42, "HI", "US:Enterprise")
    step42 = move_step(data, state42)
    assert_refused(step42, Decision("strategic_bombing", forces=("US:Enterprise",)))
    assert_refused(step42, Decision("invade", forces=("US:Enterprise",)))


def test_1945_invasion_box_at_most_7_a_turn_from_hi_or_wc(data):
    """facts 1.13: in 1945 up to 7 forces a turn from HI and/or WC may join the invasion box
    (free); an 8th, or a force from elsewhere, is refused; not in 1944."""
    state = fresh(data, 1945)
    ships = of_type(state, data, "US", "CRU", 6, australian=False)
    place(state, "HI", *ships[:4], "US:1st Marine")
    place(state, "WC", *ships[4:])
    place(state, "PH", "US:Essex")
    place(state, "HI", "US:Saratoga")
    step = move_step(data, state)
    assert_refused(step, Decision("invade", forces=("US:Essex",)), "HI or WC")
    step.send(Decision("invade", forces=tuple(ships[:4]) + ("US:1st Marine",)))
    step.send(Decision("invade", forces=(ships[4],)))
    assert_refused(step, Decision("invade", forces=(ships[5], "US:Saratoga")), "at most 7")
    step.send(Decision("invade", forces=(ships[5],)))
    assert len(state.at(INVASION)) == 7
    assert_refused(step, Decision("invade", forces=("US:Saratoga",)), "at most 7")
    state44 = fresh(data, 1944)
    place(state44, "HI", "US:Enterprise")
    assert_refused(move_step(data, state44), Decision("invade", forces=("US:Enterprise",)))


def test_illegal_movement_changes_nothing(data):
    """An illegal decision in a batch (one bad force among good ones) moves none of them."""
    state = fresh(data, 1942)
    place(state, "HI", "US:Chester/Louisville", "US:25th", "US:11th BG")
    place(state, "MI", "US:MAG 22", "US:Battalion 1")
    step = move_step(data, state)
    assert_refused(step, move(["US:Chester/Louisville", "US:11th BG", "US:25th"], "MA"))
    assert_refused(step, move(["US:Chester/Louisville", "US:Chester/Louisville"], "MI"), "twice")
    assert_refused(step, move(["US:Nonesuch"], "MI"), "no such force")
    assert_refused(step, move(["JA:Kaga"], "MI"), "Japanese")
    assert_refused(step, move(["US:Chester/Louisville"], "XX"), "not an area")
    assert state.forces["US:Chester/Louisville"].location == "HI"
