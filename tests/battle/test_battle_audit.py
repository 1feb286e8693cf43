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
    b = make_board(game_with(s, faces), {"JA:Zuikaku": "JO", "US:Enterprise": "UO",
                                         "US:Colorado/Maryland": "UO", "US:DESRON 6": "UO",
                                         "US:DESRON 3": "UO"}, air_groups=True)
    plan(b, "JA", "kamikaze_attacks")
    plan(b, "JA", "air_combat")
    return b


def test_kamikaze_adds_one_hit_per_bomb_that_hits_not_per_hit_facts_1_10():
    """facts 1.10 Kamikaze Attacks: "each bomb that hits a ship gives +1 hit"; the worked example
    (R1 p.15): bombers with ship value 4 under Air Combat attack at 7/2, "so each gives 1, 2 or 3
    hits". A superior roll (2 hits) therefore gives 3 hits, not 4."""
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


def test_ja_first_light_airfield_hits_apply_before_the_lba_attack_r60():
    """facts 1.10 JA First Light: "Airfield hits apply before the LBA attack" (ruling R60): the
    strike over the Island removes both US airfields, so both US land-based aircraft are lost at
    once and cannot fly this turn."""
    from nimitz.engine.battle import turn as T

    s = empty_state(1942)
    for side, name in (("JA", "Kaga"), ("US", "11th BG"), ("US", "19th BG")):
        put(s, side, name)
    b = make_board(game_with(s, [1, 1]), {"JA:Kaga": "JO", "US:11th BG": "US_AF",
                                          "US:19th BG": "US_AF"})
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
    b = make_board(game_with(s, [7, 1, 10, 10, 10, 1]), {"US:Lexington": "UO", "JA:Tainan": "JA_AF",
                                                          "JA:Yamada": "JA_AF"})
    plan(b, "US", "first_light", playing=False)
    run(T.first_light(b), answers=[Decision(kind="battle_first_light", forces=("US:Lexington",),
                                            area="IS")])
    assert b.airfields("JA") == 1
    assert len(b.lba("JA")) == 1


def test_r61_damage_control_does_not_cancel_a_hit_on_an_airfield():
    """R61: Damage Control cancels a hit on a JA *force*; a hit on the airfield is not cancelled
    (the plan stays unused for a later hit on a force)."""
    from battle_helpers import empty_state, game_with, make_board, plan as use_plan, put

    from nimitz.engine.battle import hits as H

    s = empty_state()
    put(s, "JA", "4 Kokutai")
    b = make_board(game_with(s, []), {"JA:4 Kokutai": "JA_AF"}, air_groups=False, airfields={"JA": 1})
    pip = use_plan(b, "JA", "damage_control")
    expl = H.ja_takes_hits(b, H.island_targets(b, "JA", True), 1, {"step": "bomb_runs", "area": "IS"})
    assert b.airfields("JA") == 0 and expl["cancelled"] == [] and not pip.used
