"""The combat steps (facts 1.9) with scripted dice, one step at a time on a hand-made board."""

from __future__ import annotations

from battle_helpers import air, empty_state, game_with, make_board, put, run

from nimitz.engine.battle import combat


def _board(faces, boxes, **kw):
    s = empty_state()
    for fid in boxes:
        side, name = fid.split(":", 1)
        put(s, side, name)
    game = game_with(s, faces)
    return make_board(game, boxes, **kw)


def _faces(board):
    return [(r.stream, r.face) for r in board.game.dice.rolls]


def test_dogfight_superior_roll_gives_two_hits():
    """F4F 5/3 rolls 3: two hits destroy the A6M; only flying aircraft fight."""
    b = _board([3, 9], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    f4f = air(b, "US:Lexington")[0]
    a6m = air(b, "JA:Kaga")[0]
    b.bs.positions[f4f] = "JO"
    b.bs.positions[a6m] = "JO"
    run(combat.dogfight(b))
    assert not b.alive(a6m)
    assert b.alive(f4f) and not b.damaged(f4f)
    assert [r.purpose.split(":")[0] for r in b.game.dice.rolls] == ["dogfight", "dogfight"]
    assert _faces(b) == [("us", 3), ("ja", 9)]


def test_dogfight_needs_aircraft_of_both_sides_in_the_area():
    b = _board([], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    b.bs.positions[air(b, "US:Lexington")[0]] = "JO"
    b.bs.positions[air(b, "JA:Kaga")[0]] = "IS"
    run(combat.dogfight(b))
    assert b.game.dice.rolls == []


def test_r36_both_sides_fire_before_losses():
    """Both fighters hit each other: each rolls its full value; then both are damaged."""
    b = _board([1, 1], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    f4f, a6m = air(b, "US:Lexington")[0], air(b, "JA:Kaga")[0]
    b.bs.positions[f4f] = b.bs.positions[a6m] = "UO"
    run(combat.dogfight(b))
    assert not b.alive(f4f) and not b.alive(a6m)  # superior 1s: two hits each


def test_aaa_escort_row_then_carrier_row_once_per_aircraft():
    """Two US aircraft over JO: the two best escorts fire (Kongo 3, then the first 2), then one
    roll from the carrier row per aircraft left (R35)."""
    b = _board(
        [10, 10, 10, 10],
        {
            "US:Lexington": "UO",
            "JA:Kaga": "JO",
            "JA:Akagi": "JO",
            "JA:DD Gp 1": "JO",
            "JA:Tone/Chikuma": "JO",
            "JA:Kongo/Haruna": "JO",
        },
        air_groups=True,
    )
    sbds = air(b, "US:Lexington")[1:3]
    for p in sbds:
        b.bs.positions[p] = "JO"
    run(combat.aaa(b))
    purposes = [r.purpose for r in b.game.dice.rolls]
    assert len(purposes) == 4
    assert "Kongo/Haruna" in purposes[0] and "escort row" in purposes[0]
    assert "DD Gp 1" in purposes[1] and "escort row" in purposes[1]
    assert all("carrier row" in p for p in purposes[2:])


def test_aaa_carrier_row_fires_at_the_aircraft_the_escort_row_left():
    """R35: an aircraft downed by the escort row is not fired at by the carrier row: two US
    aircraft over JO, the escort row downs one (already damaged), one carrier row roll."""
    b = _board(
        [1, 10, 10],
        {
            "US:Lexington": "UO",
            "JA:Kaga": "JO",
            "JA:Akagi": "JO",
            "JA:DD Gp 1": "JO",
            "JA:Kongo/Haruna": "JO",
        },
        air_groups=True,
    )
    sbds = air(b, "US:Lexington")[1:3]
    for p in sbds:
        b.bs.positions[p] = "JO"
    b.bs.pieces[sbds[0]].damaged = True
    run(combat.aaa(b))
    purposes = [r.purpose for r in b.game.dice.rolls]
    assert not b.alive(sbds[0]) and b.alive(sbds[1])
    assert [("escort row" in p, "carrier row" in p) for p in purposes] == [(True, False)] * 2 + [(False, True)]


def test_aaa_hits_are_placed_lowest_value_first():
    """A hit from the escort row damages the cheapest aircraft (TBD, 1) first."""
    b = _board([1, 10], {"US:Lexington": "UO", "JA:Kaga": "JO", "JA:DD Gp 1": "JO"})
    tbd = air(b, "US:Lexington")[3]
    sbd = air(b, "US:Lexington")[1]
    b.bs.positions[tbd] = "JO"
    b.bs.positions[sbd] = "JO"
    run(combat.aaa(b))
    assert b.damaged(tbd) and not b.damaged(sbd)


def test_no_aaa_against_aircraft_over_the_island():
    b = _board([], {"US:Lexington": "UO", "JA:Kaga": "JO", "JA:DD Gp 1": "CO"})
    b.bs.positions[air(b, "US:Lexington")[1]] = "IS"
    run(combat.aaa(b))
    assert b.game.dice.rolls == []


def test_bomb_runs_at_sea_use_the_ship_value_lowest_cost_ship_first():
    b = _board([4], {"US:Lexington": "UO", "JA:DD Gp 1": "CO", "JA:Kongo/Haruna": "CO"})
    sbd = air(b, "US:Lexington")[1]
    b.bs.positions[sbd] = "CO"
    run(combat.bomb_runs(b))
    assert "ship 4" in b.game.dice.rolls[0].purpose
    assert b.damaged("JA:DD Gp 1") and not b.damaged("JA:Kongo/Haruna")


def test_bomb_runs_over_the_island_use_the_ground_value_airfields_without_infantry_right():
    """The US has no infantry or LBA on the Island: its bombers may hit JA airfields, not JA
    infantry (facts 1.9 targeting rule)."""
    b = _board([1, 1], {"US:Lexington": "UO", "JA:Tainan": "JA_AF", "JA:55th": "JA_FH"})
    for p in air(b, "US:Lexington")[1:3]:
        b.bs.positions[p] = "IS"
    run(combat.bomb_runs(b))
    assert "ground 3" in b.game.dice.rolls[0].purpose
    assert b.airfields("JA") == 0
    assert not b.damaged("JA:55th")


def test_bombers_may_hit_infantry_when_their_side_is_ashore():
    b = _board([1], {"US:Lexington": "UO", "US:25th": "US_FH", "JA:55th": "JA_FH"})
    b.bs.positions[air(b, "US:Lexington")[1]] = "IS"
    run(combat.bomb_runs(b))
    assert b.damaged("JA:55th")  # SBD ground 3 (no superior): one hit


def test_aircraft_never_attack_submarines():
    b = _board([], {"US:Lexington": "UO", "JA:SS Gp 1": "UO"})
    b.bs.positions[air(b, "US:Lexington")[1]] = "UO"
    run(combat.bomb_runs(b))
    assert b.game.dice.rolls == []


def test_torpedoes_subs_attack_surface_ships():
    b = _board([2], {"US:SS Gp 1": "JO", "JA:Kaga": "JO"}, air_groups=False)
    run(combat.torpedoes(b))
    assert b.damaged("JA:Kaga")
    assert "torpedoes" in b.game.dice.rolls[0].purpose


def test_depth_charges_each_sub_once_best_values_fire():
    """Three JA escorts against one US sub: one roll, by the best DC (Kongo 1 vs DD 1: first)."""
    b = _board(
        [1], {"US:SS Gp 1": "CO", "JA:DD Gp 1": "CO", "JA:DD Gp 7": "CO", "JA:Yamato/Musashi": "CO"}, air_groups=False
    )
    run(combat.depth_charges(b))
    assert len(b.game.dice.rolls) == 1
    assert "Yamato/Musashi (dc 2)" in b.game.dice.rolls[0].purpose
    assert b.damaged("US:SS Gp 1")


def test_naval_guns_only_from_coastal_and_at_island_targets():
    """The BB in the JA Ocean does not fire; the JA cruiser in Coastal hits the US airfield
    (value 1) before the cost-2 cruiser; subs are never naval-gun targets."""
    b = _board(
        [10, 1],
        {
            "US:Chester/Louisville": "CO",
            "US:MAG 21": "US_AF",
            "US:SS Gp 1": "CO",
            "JA:Nagato/Mutsu": "JO",
            "JA:Tone/Chikuma": "CO",
        },
        air_groups=False,
    )
    run(combat.naval_guns(b))
    assert [r.stream for r in b.game.dice.rolls] == ["us", "ja"]
    assert "Tone/Chikuma" in b.game.dice.rolls[1].purpose
    assert b.airfields("US") == 0
    assert not b.damaged("US:Chester/Louisville") and not b.damaged("US:SS Gp 1")


def test_naval_guns_hit_ships_in_coastal():
    b = _board([1, 10], {"US:Chester/Louisville": "CO", "JA:DD Gp 1": "CO"}, air_groups=False)
    run(combat.naval_guns(b))
    assert b.damaged("JA:DD Gp 1")


def test_infantry_only_from_foxholes_and_foxhole_infantry_before_airfields():
    """The US infantry on the beach does not attack; the JA infantry's hit goes to the US
    infantry in the foxholes, not to the cheaper airfield (facts 1.9, ed3)."""
    b = _board(
        [1, 10], {"US:25th": "US_FH", "US:32nd": "US_BE", "US:MAG 21": "US_AF", "JA:55th": "JA_FH"}, air_groups=False
    )
    # rolls: US 25th (foxholes) then JA 55th
    run(combat.infantry(b))
    assert len(b.game.dice.rolls) == 2
    assert b.game.dice.rolls[0].stream == "us" and "25th" in b.game.dice.rolls[0].purpose
    assert b.damaged("JA:55th")
    assert b.airfields("US") == 1


def test_infantry_hit_on_airfield_once_no_foxhole_infantry():
    b = _board([1], {"US:32nd": "US_BE", "US:MAG 21": "US_AF", "JA:55th": "JA_FH"}, air_groups=False)
    run(combat.infantry(b))
    # no US infantry in the foxholes: the airfield (1) can be hit; equal to the 32nd (1), and
    # the passive answer is "auto", which takes the first of equal targets (R38)
    assert b.airfields("US") == 0 and not b.damaged("US:32nd")


def test_step_order_is_the_rules_order():
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    b = make_board(game_with(s, []), {"US:Lexington": "UO", "JA:Kaga": "JO"})
    assert combat.step_order(b) == [
        "dogfight",
        "aaa",
        "bomb_runs",
        "torpedoes",
        "depth_charges",
        "naval_guns",
        "infantry",
    ]
