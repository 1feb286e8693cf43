"""Rules audit of the battle engine: each test is a place where a battle was resolved differently
from the rules (facts 1.8-1.10, procedures "Campaign Turn BATTLE", rulings), and would have failed
before the fix. The test name and docstring cite the rule."""

from __future__ import annotations

from battle_helpers import air, empty_state, game_with, make_board, plan, put, run

from nimitz.engine.battle import combat


def _kamikaze_board(faces):
    s = empty_state(1944)
    put(s, "JA", "Zuikaku")
    for name in ("Enterprise", "Colorado/Maryland", "DESRON 6", "DESRON 3"):
        put(s, "US", name)
    b = make_board(
        game_with(s, faces),
        {
            "JA:Zuikaku": "JO",
            "US:Enterprise": "UO",
            "US:Colorado/Maryland": "UO",
            "US:DESRON 6": "UO",
            "US:DESRON 3": "UO",
        },
        air_groups=True,
    )
    plan(b, "JA", "kamikaze_attacks")
    plan(b, "JA", "air_combat")
    return b


def test_kamikaze_superior_hit_gives_three_facts_1_10():
    """facts 1.10 Kamikaze Attacks and its worked example (R1 p.15): bombers with ship value 4
    under Air Combat attack at 7/2, "so each gives 1, 2 or 3 hits". A superior roll (2 hits)
    gives 3 hits, not 4: the extra hit is one per bomber, not one per hit."""
    b = _kamikaze_board([1])
    d3a = air(b, "JA:Zuikaku")[1]
    assert str(b.rating(d3a, "ship")[0]) == "7/2"
    b.bs.positions[d3a] = "UO"
    run(combat.bomb_runs(b))
    assert b.bs.stats["hits_scored_JA"] == 3
    assert not b.alive(d3a)  # the attacker is lost


def test_kamikaze_ordinary_hit_gives_two_facts_1_10():
    """facts 1.10 Kamikaze Attacks: an ordinary hit (roll above the superior value) gives 1 + 1."""
    b = _kamikaze_board([5])
    d3a = air(b, "JA:Zuikaku")[1]
    b.bs.positions[d3a] = "UO"
    run(combat.bomb_runs(b))
    assert b.bs.stats["hits_scored_JA"] == 2


def test_kamikaze_miss_still_gives_one_hit_facts_1_10():
    """facts 1.10 Kamikaze Attacks: "every bomber that attacks a ship gives that ship +1 hit,
    whether its bomb roll hits or misses"; the worked example: "a miss still gives 1". Two
    bombers that both miss give 2 hits, and both are lost."""
    b = _kamikaze_board([10, 10])
    d3a, b5n = air(b, "JA:Zuikaku")[1:]
    for p in (d3a, b5n):
        b.bs.positions[p] = "UO"
    run(combat.bomb_runs(b))
    assert b.bs.stats["hits_scored_JA"] == 2
    assert not b.alive(d3a) and not b.alive(b5n)


def test_kamikaze_attackers_lost_also_when_they_sank_the_last_us_ship_facts_1_10():
    """facts 1.10 Kamikaze Attacks: "every aircraft that attacked ships is then destroyed (also
    when its attack sank the last US ship)". The D3A's hit plus its kamikaze hit sink the only US
    ship; the plan's "US ships present" condition fails afterwards, yet the bomber is lost."""
    s = empty_state(1944)
    put(s, "JA", "Zuikaku")
    put(s, "US", "DESRON 3")
    b = make_board(game_with(s, [3]), {"JA:Zuikaku": "JO", "US:DESRON 3": "UO"}, air_groups=True)
    plan(b, "JA", "kamikaze_attacks")
    d3a = air(b, "JA:Zuikaku")[1]
    b.bs.positions[d3a] = "UO"
    run(combat.bomb_runs(b))
    assert not b.alive("US:DESRON 3") and not b.has_surface_ships("US")
    assert not b.alive(d3a)


def test_ja_first_light_airfield_hits_apply_before_the_lba_attack_r60():
    """facts 1.10 JA First Light: "Airfield hits apply before the LBA attack" (ruling R60): the
    strike over the Island removes both US airfields, so both US land-based aircraft are lost at
    once and cannot fly this turn."""
    from nimitz.engine.battle import turn as T

    s = empty_state(1942)
    for side, name in (("JA", "Kaga"), ("US", "11th BG"), ("US", "19th BG")):
        put(s, side, name)
    b = make_board(game_with(s, [1, 1]), {"JA:Kaga": "JO", "US:11th BG": "US_AF", "US:19th BG": "US_AF"})
    assert b.airfields("US") == 2
    plan(b, "JA", "first_light")
    run(T.first_light(b))
    assert b.airfields("US") == 0
    assert not b.alive("US:11th BG") and not b.alive("US:19th BG")
    assert b.lba("US") == []


def test_us_first_light_airfield_hits_apply_before_the_lba_attack_r60():
    """Ruling R60 for the US First Light: one JA airfield of two is hit, so one of the two JA
    land-based aircraft is lost at once (Japan's airfield-loss order: equal values, bot dice)."""
    from nimitz.engine.battle import turn as T
    from nimitz.model.journal import Decision

    s = empty_state(1942)
    for side, name in (("US", "Lexington"), ("JA", "Tainan"), ("JA", "Yamada")):
        put(s, side, name)
    b = make_board(
        game_with(s, [7, 1, 10, 10, 10, 1]), {"US:Lexington": "UO", "JA:Tainan": "JA_AF", "JA:Yamada": "JA_AF"}
    )
    plan(b, "US", "first_light", playing=False)
    run(T.first_light(b), answers=[Decision(kind="battle_first_light", forces=("US:Lexington",), area="IS")])
    assert b.airfields("JA") == 1
    assert len(b.lba("JA")) == 1


def test_r61_damage_control_does_not_cancel_a_hit_on_an_airfield():
    """R61: Damage Control cancels a hit on a JA *force*; a hit on the airfield is not cancelled
    (the plan stays unused for a later hit on a force)."""
    from battle_helpers import empty_state, game_with, make_board, put
    from battle_helpers import plan as use_plan

    from nimitz.engine.battle import hits as H

    s = empty_state()
    put(s, "JA", "4 Kokutai")
    b = make_board(game_with(s, []), {"JA:4 Kokutai": "JA_AF"}, air_groups=False, airfields={"JA": 1})
    pip = use_plan(b, "JA", "damage_control")
    expl = H.ja_takes_hits(b, H.island_targets(b, "JA", True), 1, {"step": "bomb_runs", "area": "IS"})
    assert b.airfields("JA") == 0 and expl["cancelled"] == [] and not pip.used


def test_bombing_wings_hold_airfields_in_a_battle_in_ma_facts_1_13_r64():
    """facts 1.13 (R3 p.22): "If a battle occurs in MA, the boxed BWs count toward the airfield
    value and can take airfield hits" (ruling R64). A wing in the bombing box adds one US
    airfield on the Island; it never flies there and is not counted as a force fighting; when
    airfield hits leave too few airfields, it can be the LBA lost, and it is then destroyed."""
    from nimitz.engine.battle import finish
    from nimitz.engine.battle import setup as S
    from nimitz.engine.battle import turn as T
    from nimitz.engine.battle.board import Board
    from nimitz.model.battle import BattleState
    from nimitz.model.state import BOMBING, US_POOL

    s = empty_state(1945)
    put(s, "US", "MAG 21", "MA")
    put(s, "JA", "52nd", "MA")
    wing = put(s, "US", "313th BW", BOMBING, damaged=True)
    s.battle = BattleState(area="MA")
    b = Board(game_with(s, []))
    run(S.place_forces(b))
    assert b.airfields("US") == 2 and wing in b.lba("US") and b.box(wing) == "US_AF"
    assert b.count_on_sheet("US") == 1  # MAG 21: the wing fights over Japan, not here
    reqs, _ = run(T.us_air(b))
    assert [a["id"] for a in reqs[0].info["aircraft"]] == ["US:MAG 21"]
    b.bs.airfields["US"] = 1  # an airfield hit
    run(T.airfield_losses(b))  # auto: the damaged wing goes first
    assert not b.alive(wing) and b.alive("US:MAG 21")
    finish(b)
    assert s.forces[wing].location == US_POOL


def test_bombing_wings_stay_out_of_battles_elsewhere_r64():
    """R64: only a battle in MA, the area beside the bombing box, brings the wings in."""
    from nimitz.engine.battle import setup as S
    from nimitz.engine.battle.board import Board
    from nimitz.model.battle import BattleState
    from nimitz.model.state import BOMBING

    s = empty_state(1945)
    put(s, "US", "MAG 21", "IJ")
    put(s, "JA", "109th", "IJ")
    wing = put(s, "US", "313th BW", BOMBING)
    s.battle = BattleState(area="IJ")
    b = Board(game_with(s, []))
    run(S.place_forces(b))
    assert b.airfields("US") == 1 and wing not in b.bs.forces
