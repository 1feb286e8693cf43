"""Every battle plan effect (facts 1.10), from the structured `effect` data."""

from __future__ import annotations

from battle_helpers import DATA, air, battalion, empty_state, game_with, make_board, plan, put, run

from nimitz.engine.battle import combat
from nimitz.engine.battle import hits as H
from nimitz.engine.battle import turn as T
from nimitz.model.journal import Decision
from nimitz.model.state import BATTALIONS, RulesProfile


def _board(faces, boxes, *, year=1942, damaged=(), rules=None, **kw):
    s = empty_state(year, rules=rules)
    for fid in boxes:
        side, name = fid.split(":", 1)
        if not name.startswith("Battalion"):
            put(s, side, name, damaged=fid in damaged)
    return make_board(game_with(s, faces), boxes, **kw)


def accept(req):
    return next(o.decision for o in req.options if o.decision.choice != "decline")


def decline(req):
    if req.kind == "battle_allocate_hits":
        return Decision(kind=req.kind, choice="auto")
    return next(o.decision for o in req.options if o.decision.choice == "decline")


def _r(b, pid, rating, **kw):
    return str(b.rating(pid, rating, **kw)[0])


# --- JA rating bonuses ----------------------------------------------------------------------------


def test_ja_air_combat_plus_three_and_superior_two():
    """4/2 becomes 7/4; a bomb value 4 becomes 7/2 (facts 1.10 example)."""
    b = _board([], {"JA:Kaga": "JO", "JA:Tainan": "JA_AF"})
    plan(b, "JA", "air_combat")
    a6m, d3a, _b5n = air(b, "JA:Kaga")
    assert _r(b, a6m, "dogfight") == "11/6"
    assert _r(b, d3a, "ship") == "7/2"
    assert _r(b, "JA:Kaga", "aaa") == "4/2"  # ships unchanged


def test_ja_attack_plan_plus_one_everything():
    b = _board([], {"JA:Kaga": "JO", "JA:DD Gp 1": "CO", "JA:51st": "JA_FH"})
    plan(b, "JA", "attack_plan")
    assert _r(b, "JA:DD Gp 1", "aaa") == "3"
    assert _r(b, "JA:DD Gp 1", "surface") == "4"
    assert _r(b, air(b, "JA:Kaga")[0], "dogfight") == "9/4"
    assert _r(b, "JA:51st", "infantry") == "4"


def test_ja_infantry_combat():
    """Value 2 becomes 5/2."""
    b = _board([], {"JA:6th Base": "JA_FH"}, air_groups=False)
    plan(b, "JA", "infantry_combat")
    assert _r(b, "JA:6th Base", "infantry") == "5/2"


def test_ja_ship_combat_not_for_submarine_fights():
    """Surface 4 -> 7/2; carrier AAA 4/2 -> 7/4; a sub's torpedo unchanged."""
    b = _board([], {"JA:Kaga": "JO", "JA:Tone/Chikuma": "CO", "JA:SS Gp 1": "UO"}, air_groups=False)
    plan(b, "JA", "ship_combat")
    assert _r(b, "JA:Tone/Chikuma", "surface") == "7/2"
    assert _r(b, "JA:Kaga", "aaa") == "7/4"
    assert _r(b, "JA:SS Gp 1", "surface") == "3"


def test_ja_submarine_warfare():
    b = _board([], {"JA:SS Gp 1": "UO"}, air_groups=False)
    plan(b, "JA", "submarine_warfare")
    assert _r(b, "JA:SS Gp 1", "surface") == "7/2"
    assert _r(b, "JA:SS Gp 1", "dc", vs_subs=True) == "5/2"


def test_a_plan_from_another_turn_is_not_in_force():
    b = _board([], {"JA:DD Gp 1": "CO"}, air_groups=False)
    plan(b, "JA", "attack_plan")
    b.bs.turn += 1
    assert _r(b, "JA:DD Gp 1", "aaa") == "2"


# --- JA plans acting on hits, steps and the turn -------------------------------------------------------


def test_ja_artillery_sure_hit_with_infantry_ashore():
    b = _board([10], {"JA:6th Base": "JA_BE", "US:25th": "US_FH"}, air_groups=False)
    plan(b, "JA", "artillery")
    run(combat.infantry(b))
    assert len(b.game.dice.rolls) == 1  # only the US 25th rolled; the beach does not fire
    assert b.damaged("US:25th")


def test_ja_artillery_needs_infantry_ashore():
    b = _board([10], {"JA:51st": "TR", "US:25th": "US_FH"}, air_groups=False)
    plan(b, "JA", "artillery")
    run(combat.infantry(b))
    assert not b.damaged("US:25th")


def test_ja_damage_control_cancels_the_first_hit_of_the_turn():
    b = _board([], {"JA:DD Gp 1": "CO"}, air_groups=False)
    plan(b, "JA", "damage_control")
    expl = H.ja_takes_hits(b, H.ship_targets(b, "JA", "CO"), 1, {"step": "naval_guns"})
    assert not b.damaged("JA:DD Gp 1")
    assert expl["cancelled"][0]["plan"] == "damage_control"
    H.ja_takes_hits(b, H.ship_targets(b, "JA", "CO"), 1, {"step": "naval_guns"})
    assert b.damaged("JA:DD Gp 1")


def test_ja_screening_ship_cancels_the_first_carrier_hit_and_waits_until_then():
    b = _board([], {"JA:Kaga": "JO", "JA:DD Gp 1": "JO"}, air_groups=False)
    pip = plan(b, "JA", "screening_ship")
    H.ja_takes_hits(b, H.ship_targets(b, "JA", "JO"), 1, {"step": "torpedoes"})
    # the carrier (value 1) takes the hit before the DD (2); the plan cancels it
    assert not b.damaged("JA:Kaga") and not b.damaged("JA:DD Gp 1")
    assert pip.used
    b.bs.turn += 1  # a later turn: the used plan is gone
    H.ja_takes_hits(b, H.ship_targets(b, "JA", "JO"), 1, {"step": "torpedoes"})
    assert b.damaged("JA:Kaga")


def test_ja_screening_ship_kept_into_the_next_turn_when_no_carrier_is_hit():
    b = _board([], {"JA:Kaga": "JO", "JA:DD Gp 1": "CO"}, air_groups=False)
    plan(b, "JA", "screening_ship")
    H.ja_takes_hits(b, H.ship_targets(b, "JA", "CO"), 1, {"step": "naval_guns"})
    assert b.damaged("JA:DD Gp 1")
    b.bs.turn += 1
    H.ja_takes_hits(b, H.ship_targets(b, "JA", "JO"), 1, {"step": "bomb_runs"})
    assert not b.damaged("JA:Kaga")


def _duration_board(ja_n, us_n):
    s = empty_state()
    boxes = {}
    for _ in range(ja_n):
        boxes[battalion(s)] = "JA_FH"
    for name in ("25th", "32nd", "43rd")[:us_n]:
        boxes[put(s, "US", name)] = "US_FH"
    b = make_board(game_with(s, []), boxes)
    return b


def test_ja_duration_more_forces_longer_fewer_shorter_equal_none():
    for ja_n, us_n, change in ((3, 2, 1), (1, 2, -1), (2, 2, 0)):
        b = _duration_board(ja_n, us_n)
        b.bs.length = 3
        plan(b, "JA", "duration")
        run(T.duration(b))
        assert b.bs.length == 3 + change, (ja_n, us_n)


def test_ja_battalion_plan_takes_one_from_the_battalion_box():
    b = _duration_board(1, 1)
    spare = battalion(b.state, area=BATTALIONS)
    plan(b, "JA", "battalion")
    T.battalions(b)
    assert b.state.forces[spare].location == b.bs.area
    assert b.box(spare) == "JA_FH"
    plan(b, "JA", "battalion")
    before = set(b.state.forces)
    T.battalions(b)  # the box is empty now: a new counter (R10: the pool is unlimited)
    new = set(b.state.forces) - before
    assert len(new) == 1 and b.box(new.pop()) == "JA_FH"


def test_ja_first_light_the_best_stocked_carrier_strikes_the_us_ocean():
    """Kaga (3 aircraft) strikes before anything moves: Lexington's AAA fires (one roll: one
    carrier row ship), no US dogfight; the hit damages Lexington and its deck aircraft are lost."""
    b = _board([10, 1, 10], {"JA:Kaga": "JO", "JA:Hosho": "JO", "US:Lexington": "UO"})
    plan(b, "JA", "first_light")
    kaga = air(b, "JA:Kaga")
    run(T.first_light(b))
    purposes = [r.purpose for r in b.game.dice.rolls]
    assert "Lexington" in purposes[0] and "carrier row" in purposes[0]
    assert purposes[1].startswith("bomb runs: D3A")
    assert b.damaged("US:Lexington")
    assert air(b, "US:Lexington") == []
    assert all(b.box(p) == "DECK" and p in b.bs.done for p in kaga)


def test_first_light_on_both_sides_cancels_both():
    b = _board([], {"JA:Kaga": "JO", "US:Lexington": "UO"})
    ja = plan(b, "JA", "first_light")
    us = plan(b, "US", "first_light", playing=False)
    run(T.first_light(b))
    assert ja.used and us.used
    assert b.game.dice.rolls == []


def test_ja_kamikaze_from_1944_extra_hit_and_the_attackers_are_lost():
    s = empty_state(1944)
    put(s, "JA", "Zuikaku")
    put(s, "US", "Enterprise")
    put(s, "US", "Colorado/Maryland")
    b = make_board(
        game_with(s, [5, 1, 10]),
        {"JA:Zuikaku": "JO", "US:Enterprise": "UO", "US:Colorado/Maryland": "UO"},
        air_groups=True,
    )
    plan(b, "JA", "kamikaze_attacks")
    d3a, b5n = air(b, "JA:Zuikaku")[1:]
    moves, _ = __import__("nimitz.bot.battle", fromlist=["x"]).move_aircraft(b)
    assert {m["area"] for m in moves if d3a in m["aircraft"]} == {"UO"}
    for p in (d3a, b5n):
        b.bs.positions[p] = "UO"
    run(combat.bomb_runs(b))
    assert not b.alive("US:Enterprise")  # one bomb hit + one kamikaze hit on the carrier (1)
    assert not b.alive(d3a) and not b.alive(b5n)


def test_ja_kamikaze_no_effect_before_1944():
    b = _board([1, 10], {"JA:Kaga": "JO", "US:Lexington": "UO", "US:DESRON 1": "UO"}, air_groups=True)
    plan(b, "JA", "kamikaze_attacks")
    d3a, b5n = air(b, "JA:Kaga")[1:]
    for p in (d3a, b5n):
        b.bs.positions[p] = "UO"
    run(combat.bomb_runs(b))
    assert b.damaged("US:Lexington") and b.alive(d3a) and b.alive(b5n)


def test_ja_no_contact_us_subs_in_the_ja_ocean_hold_fire():
    b = _board([], {"JA:Kaga": "JO", "US:SS Gp 1": "JO"}, air_groups=False)
    plan(b, "JA", "no_contact")
    run(combat.torpedoes(b))
    assert b.game.dice.rolls == []


# --- US plans ----------------------------------------------------------------------------------------------


def _us_aircraft_vs(b, area, n=2):
    planes = air(b, "JA:Kaga")[:n]
    for p in planes:
        b.bs.positions[p] = area
    return planes


def test_us_aaa_plan_one_more_hit_after_an_aaa_hit():
    b = _board([1], {"JA:Kaga": "JO", "US:DESRON 1": "UO"})
    pip = plan(b, "US", "aaa", playing=False)
    a6m, d3a = _us_aircraft_vs(b, "UO")
    reqs, _ = run(combat.aaa(b), policy=accept)
    assert reqs[0].kind == "battle_reactive"
    assert pip.used
    assert not b.alive(a6m)  # 2 hits on the cheapest


def test_us_aaa_plan_declined_stays():
    b = _board([1], {"JA:Kaga": "JO", "US:DESRON 1": "UO"})
    pip = plan(b, "US", "aaa", playing=False)
    a6m, _ = _us_aircraft_vs(b, "UO")
    run(combat.aaa(b), policy=decline)
    assert not pip.used and b.damaged(a6m)


def test_us_anti_aircraft_extra_roll_with_the_best_ship():
    b = _board([10, 10], {"JA:Kaga": "JO", "US:DESRON 1": "UO", "US:Chester/Louisville": "UO"})
    pip = plan(b, "US", "anti_aircraft")
    _us_aircraft_vs(b, "UO", 1)
    run(combat.aaa(b))
    assert "extra roll (Anti-Aircraft)" in b.game.dice.rolls[-1].purpose
    assert "DESRON 1 (aaa 3)" in b.game.dice.rolls[-1].purpose
    assert pip.used


def test_us_asw_depth_charges_before_torpedoes():
    b = _board([], {"JA:SS Gp 1": "UO", "US:DESRON 1": "UO"}, air_groups=False)
    pip = plan(b, "US", "asw")
    order = combat.step_order(b)
    assert order.index("depth_charges") == order.index("torpedoes") - 1
    assert pip.used


def test_us_artillery_and_charge():
    b = _board([10, 10, 10, 10], {"US:25th": "US_FH", "US:1st Marine": "US_FH", "JA:55th": "JA_FH"}, air_groups=False)
    art = plan(b, "US", "artillery")
    charge = plan(b, "US", "charge")
    run(combat.infantry(b))
    purposes = [r.purpose for r in b.game.dice.rolls if r.stream == "us"]
    assert "extra roll (Charge)" in purposes[-1] and "1st Marine" in purposes[-1]
    assert art.used and charge.used
    assert b.damaged("JA:55th")  # the sure hit


def test_us_artillery_needs_us_infantry_ashore():
    b = _board([10], {"US:25th": "TR", "JA:55th": "JA_FH"}, air_groups=False)
    art = plan(b, "US", "artillery")
    run(combat.infantry(b))
    assert not art.used and not b.damaged("JA:55th")


def test_us_damage_control_cancels_a_hit():
    b = _board([], {"US:DESRON 1": "CO"}, air_groups=False)
    pip = plan(b, "US", "damage_control", playing=False)
    reqs, _ = run(H.us_takes_hits(b, H.ship_targets(b, "US", "CO"), 1, {"step": "naval_guns"}), policy=accept)
    assert reqs[0].kind == "battle_reactive" and reqs[0].options[0].decision.forces == ("US:DESRON 1",)
    assert pip.used and not b.damaged("US:DESRON 1")


def test_us_barrel_roll_only_dogfight_and_aaa_hits_on_aircraft():
    b = _board([], {"US:Lexington": "UO"})
    pip = plan(b, "US", "barrel_roll", playing=False)
    f4f = air(b, "US:Lexington")[0]
    b.bs.positions[f4f] = "JO"
    reqs, _ = run(H.us_takes_hits(b, H.aircraft_targets(b, "US", "JO"), 1, {"step": "naval_guns"}))
    assert reqs == [] and b.damaged(f4f)
    reqs, _ = run(H.us_takes_hits(b, H.aircraft_targets(b, "US", "JO"), 1, {"step": "dogfight"}), policy=accept)
    assert pip.used and b.alive(f4f)


def test_us_leathernecks_needs_a_marine_ashore_and_covers_infantry_and_airfields():
    b = _board([], {"US:25th": "US_FH", "US:MAG 21": "US_AF"}, air_groups=False)
    pip = plan(b, "US", "leathernecks", playing=False)
    reqs, _ = run(H.us_takes_hits(b, H.island_targets(b, "US", True), 1, {"step": "infantry"}))
    assert all(r.kind != "battle_reactive" for r in reqs)
    b2 = _board([], {"US:1st Marine": "US_FH", "US:MAG 21": "US_AF"}, air_groups=False)
    pip = plan(b2, "US", "leathernecks", playing=False)
    reqs, _ = run(H.us_takes_hits(b2, H.island_targets(b2, "US", True), 1, {"step": "infantry"}), policy=accept)
    assert pip.used and not b2.damaged("US:1st Marine")


def test_us_seabees_cancels_an_airfield_hit():
    b = _board([], {"US:MAG 21": "US_AF"}, air_groups=False)
    pip = plan(b, "US", "seabees", playing=False)
    run(H.us_takes_hits(b, H.island_targets(b, "US", False), 1, {"step": "bomb_runs"}), policy=accept)
    assert pip.used and b.airfields("US") == 1


def test_us_diving_attack_furball_ranging_shots_add_a_hit():
    for plan_id, step_fn, boxes, setup in (
        (
            "diving_attack",
            combat.bomb_runs,
            {"US:Lexington": "UO", "JA:DD Gp 1": "CO"},
            lambda b: b.bs.positions.__setitem__(air(b, "US:Lexington")[1], "CO"),
        ),
        ("ranging_shots", combat.naval_guns, {"US:Chester/Louisville": "CO", "JA:DD Gp 1": "CO"}, None),
    ):
        b = _board([1, 10], boxes, air_groups=True)
        if setup:
            setup(b)
        pip = plan(b, "US", plan_id, playing=False)
        run(step_fn(b), policy=accept)
        assert pip.used and not b.alive("JA:DD Gp 1"), plan_id
    b = _board([4, 10], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    pip = plan(b, "US", "furball", playing=False)
    b.bs.positions[air(b, "US:Lexington")[0]] = "JO"
    d3a = air(b, "JA:Kaga")[1]
    b.bs.positions[d3a] = "JO"
    run(combat.dogfight(b), policy=accept)
    assert pip.used and not b.alive(d3a)


def test_us_envelop_and_sonar_roll_again():
    b = _board([10, 1, 10], {"US:25th": "US_FH", "JA:55th": "JA_FH"}, air_groups=False)
    pip = plan(b, "US", "envelop", playing=False)
    run(combat.infantry(b), policy=accept)
    assert pip.used and b.damaged("JA:55th")
    assert b.game.dice.rolls[1].purpose.startswith("reroll (Envelop)")
    b = _board([10, 1], {"US:SS Gp 1": "JO", "JA:Kaga": "JO"}, air_groups=False)
    pip = plan(b, "US", "sonar", playing=False)
    run(combat.torpedoes(b), policy=accept)
    assert pip.used and b.damaged("JA:Kaga")


def test_us_engaged_one_turn_more_or_less():
    b = _duration_board(1, 1)
    b.bs.length = 2
    pip = plan(b, "US", "engaged", playing=False)
    reqs, _ = run(T.duration(b), answers=[Decision(kind="battle_reactive", choice="engaged", count=-1)])
    assert reqs[0].kind == "battle_reactive"
    assert pip.used and b.bs.length == 1


def test_us_first_light_roll_7_strikes_else_kept():
    b = _board([6], {"US:Lexington": "UO", "JA:DD Gp 1": "CO"})
    pip = plan(b, "US", "first_light", playing=False)
    reqs, _ = run(T.first_light(b))
    assert reqs == [] and not pip.used
    b = _board([7, 1, 10, 10, 10, 10], {"US:Lexington": "UO", "JA:DD Gp 1": "CO"})
    pip = plan(b, "US", "first_light", playing=False)
    reqs, _ = run(T.first_light(b), answers=[Decision(kind="battle_first_light", forces=("US:Lexington",), area="CO")])
    assert reqs[0].kind == "battle_first_light"
    assert pip.used
    assert "AAA: DD Gp 1" in b.game.dice.rolls[1].purpose  # JA AAA at the strike, no dogfight
    assert all(p in b.bs.done for p in air(b, "US:Lexington"))


def test_r16_auto_reactive_plans_are_used_without_asking():
    b = _board([], {"US:DESRON 1": "CO"}, air_groups=False, rules=RulesProfile(auto_reactive_plans=True))
    pip = plan(b, "US", "damage_control", playing=False)
    reqs, _ = run(H.us_takes_hits(b, H.ship_targets(b, "US", "CO"), 1, {"step": "naval_guns"}))
    assert reqs == [] and pip.used and not b.damaged("US:DESRON 1")


def test_every_plan_in_the_data_has_a_handled_effect_kind():
    handled = {
        "rating_bonus",
        "automatic_hit",
        "extra_hit_after_hit",
        "extra_roll",
        "reroll",
        "cancel_hit",
        "step_order",
        "duration",
        "air_move",
        "kamikaze",
        "first_light",
        "no_contact",
        "battalion",
    }
    for table in (DATA.ja_plans, DATA.us_plans):
        for p in table.plan:
            assert p.effect["kind"] in handled, p.id


# --- the cup (R13, R33) ------------------------------------------------------------------------------


def test_r13_duplicate_drawn_in_the_same_turn_is_set_aside_and_replaced():
    from nimitz.bot.battle import draw_plans

    b = _board([1, 1, 1], {"JA:DD Gp 1": "CO", "US:DESRON 1": "CO"}, air_groups=False)
    b.bs.ja_plans_per_turn = 2
    b.bs.cup = ["duration", "duration", "battalion"]
    got, expl = draw_plans(b)
    assert got == ["duration", "battalion"]
    assert [d["result"].split(":")[0] for d in expl["draws"]] == ["in play this turn", "set aside", "in play this turn"]
    assert b.bs.cup == [] and sorted(b.bs.drawn) == ["battalion", "duration", "duration"]
    assert all(r.stream == "bot" for r in b.game.dice.rolls)


def test_r13_plan_drawn_in_an_earlier_battle_turn_is_set_aside():
    """R13 (corrected): a counter whose plan was already drawn earlier in this battle, in any
    battle turn, is set aside ("already drawn for the Battle", R3 p.16) and another drawn."""
    from nimitz.bot.battle import draw_plans

    b = _board([1, 1], {"JA:DD Gp 1": "CO", "US:DESRON 1": "CO"}, air_groups=False, turn=2)
    b.bs.ja_plans_per_turn = 1
    b.bs.drawn = ["duration"]  # drawn in battle turn 1
    b.bs.cup = ["duration", "battalion"]
    got, expl = draw_plans(b)
    assert got == ["battalion"]
    assert expl["drawn_before"] == ["duration"]
    assert expl["draws"][0] == {"drew": "duration", "result": "set aside: already drawn for this battle; draw again"}


def test_r13_r63_a_kept_plan_is_not_drawn_again_while_kept():
    """R13, R33, R63: a kept plan not yet used (Screening Ship) stays out of the cup, so its
    second counter, drawn in a later turn, is set aside like any plan drawn earlier."""
    from nimitz.bot.battle import draw_plans

    b = _board([1, 1], {"JA:DD Gp 1": "CO", "US:DESRON 1": "CO"}, air_groups=False, turn=2)
    b.bs.ja_plans_per_turn = 1
    kept = plan(b, "JA", "screening_ship")
    kept.turn = 1
    b.bs.drawn = ["screening_ship"]
    b.bs.cup = ["screening_ship", "duration"]
    got, _ = draw_plans(b)
    assert got == ["duration"]


def test_r13_r33_empty_cup_refills_with_the_counters_not_in_play():
    from nimitz.bot.battle import draw_plans

    b = _board([1, 1], {"JA:DD Gp 1": "CO", "US:DESRON 1": "CO"}, air_groups=False)
    b.bs.ja_plans_per_turn = 2
    kept = plan(b, "JA", "screening_ship")
    kept.turn = 0  # drawn in an earlier turn, not used yet: stays out
    b.bs.cup = ["duration"]
    b.bs.drawn = ["screening_ship", "air_combat", "attack_plan"]
    got, expl = draw_plans(b)
    assert got == ["duration", "air_combat"]  # refill: air_combat, attack_plan back; first drawn
    assert "screening_ship" in b.bs.drawn and "screening_ship" not in b.bs.cup
    assert any(d.get("event", "").startswith("cup empty") for d in expl["draws"])
