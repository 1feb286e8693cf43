"""Aircraft moves: the US request and Japan's group area rolls with the legal-target stepping
(facts 1.9), "stay home", fighters following aircraft."""

from __future__ import annotations

import pytest
from battle_helpers import air, battalion, empty_state, game_with, make_board, plan, put, run

from nimitz.bot.battle import _groups, move_aircraft
from nimitz.engine.battle import turn as T
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision


def _board(faces, boxes, **kw):
    s = empty_state(kw.pop("year", 1942))
    for fid in boxes:
        side, name = fid.split(":", 1)
        if not name.startswith("Battalion"):
            put(s, side, name)
    return make_board(game_with(s, faces), boxes, **kw)


def _moves(b):
    moves, expls = move_aircraft(b)
    return {tuple(m["aircraft"]): m["area"] for m in moves}, expls


def test_groups_bombers_per_carrier_land_based_bombers_then_fighters():
    """Every carrier's bombers, the LBA bombers, then every carrier's fighters, the LBA fighters;
    an LBA with both values (A6M/G4M) is a bomber."""
    b = _board(
        [], {"JA:Kaga": "JO", "JA:Hosho": "JO", "JA:Tainan": "JA_AF", "JA:Chitose": "JA_AF", "US:Lexington": "UO"}
    )
    names = [g["name"] for g in _groups(b)]
    assert names == [
        "Kaga bombers",
        "Hosho bombers",
        "land-based bombers",
        "Kaga fighters",
        "Hosho fighters",
        "land-based fighters",
    ]
    lb = next(g for g in _groups(b) if g["name"] == "land-based bombers")
    assert lb["aircraft"] == ["JA:Chitose"]


def test_bombers_roll_their_area():
    """Roll 8: the US Ocean, where the US carrier is."""
    b = _board([8, 2], {"JA:Kaga": "JO", "US:Lexington": "UO"})
    moves, expls = _moves(b)
    bombers = tuple(air(b, "JA:Kaga")[1:])
    assert moves[bombers] == "UO"
    assert expls[0]["roll"] == 8 and expls[0]["chart_row"]["area"] == "UO"
    assert b.game.dice.rolls[0].stream == "ja"


def test_bombers_step_up_to_the_next_higher_area_with_a_target():
    """Roll 1 (JA Ocean): no US target there; the Island (no US airfields) and Coastal are not
    legal; the US Ocean is."""
    b = _board([1, 1], {"JA:Kaga": "JO", "US:Lexington": "UO"})
    moves, expls = _moves(b)
    assert moves[tuple(air(b, "JA:Kaga")[1:])] == "UO"
    assert "higher" in expls[0]["stepping"]


def test_bombers_step_down_when_no_higher_area_has_a_target():
    """Roll 10 (US Ocean) with US ships only in Coastal: down to Coastal."""
    b = _board([10, 1], {"JA:Kaga": "JO", "US:DESRON 1": "CO"})
    moves, expls = _moves(b)
    assert moves[tuple(air(b, "JA:Kaga")[1:])] == "CO"
    assert "lower" in expls[0]["stepping"]


def test_bombers_island_legal_with_us_airfields():
    b = _board([4, 1], {"JA:Kaga": "JO", "US:MAG 21": "US_AF"})
    moves, _ = _moves(b)
    assert moves[tuple(air(b, "JA:Kaga")[1:])] == "IS"


def test_bombers_island_needs_japan_ashore_to_attack_us_infantry():
    """US infantry ashore is a legal bomber target only when Japan has infantry or LBA there."""
    b = _board([4, 4], {"JA:Kaga": "JO", "US:25th": "US_FH"})
    moves, expls = _moves(b)
    assert moves == {}
    assert expls[0]["result"] == "home"
    s = empty_state()
    put(s, "JA", "Kaga")
    put(s, "US", "25th")
    bn = battalion(s)
    b2 = make_board(game_with(s, [4, 1]), {"JA:Kaga": "JO", "US:25th": "US_FH", bn: "JA_FH"})
    moves, _ = _moves(b2)
    assert moves[tuple(air(b2, "JA:Kaga")[1:])] == "IS"


def test_no_legal_area_the_group_stays_home():
    """Only US subs (no surface ships, no airfields): every group stays on deck."""
    b = _board([5, 5], {"JA:Kaga": "JO", "US:SS Gp 1": "JO"})
    moves, expls = _moves(b)
    assert moves == {}
    assert all(e["result"] == "home" for e in expls)
    assert all(b.box(p) == "DECK" for p in air(b, "JA:Kaga"))


def test_fighters_go_where_aircraft_are():
    """The fighter group rolls 1 (JA Ocean: no aircraft): it steps up to the bombers' area."""
    b = _board([9, 1], {"JA:Kaga": "JO", "US:Lexington": "UO"})
    moves, expls = _moves(b)
    assert moves[(air(b, "JA:Kaga")[0],)] == "UO"
    assert expls[1]["kind"] == "fighters"


def test_fighters_meet_us_aircraft_in_the_air():
    b = _board([6], {"JA:Tainan": "JA_AF", "US:Lexington": "UO"})
    b.bs.positions[air(b, "US:Lexington")[0]] = "IS"
    moves, expls = _moves(b)
    assert moves[("JA:Tainan",)] == "IS"  # rolled 6 (Coastal): up to UO? no aircraft; down: IS
    assert "lower" in expls[0]["stepping"]


def test_carrier_attack_plan_sends_bombers_to_the_us_ocean_without_a_roll():
    b = _board([3], {"JA:Kaga": "JO", "US:Lexington": "UO", "US:MAG 21": "US_AF"})
    plan(b, "JA", "carrier_attack")
    moves, expls = _moves(b)
    assert moves[tuple(air(b, "JA:Kaga")[1:])] == "UO"
    assert expls[0]["roll"] is None and expls[0]["plan"]["plan"] == "carrier_attack"
    assert len(b.game.dice.rolls) == 1  # only the fighters rolled


def test_carrier_attack_steps_down_without_us_ships_in_the_us_ocean():
    b = _board([3], {"JA:Kaga": "JO", "US:MAG 21": "US_AF"})
    plan(b, "JA", "carrier_attack")
    moves, _ = _moves(b)
    assert moves[tuple(air(b, "JA:Kaga")[1:])] == "IS"


# --- the US move ------------------------------------------------------------------------------------


def _us_request(b):
    gen = T.us_air(b)
    return gen, next(gen)


def test_us_air_request_and_checker():
    b = _board([], {"JA:Kaga": "JO", "US:Lexington": "UO", "US:MAG 21": "US_AF"})
    gen, req = _us_request(b)
    assert req.kind == "battle_air"
    ids = [a["id"] for a in req.info["aircraft"]]
    assert "US:MAG 21" in ids and len(ids) == 5
    for bad in (
        Decision(kind="battle_air", targets={"JA:Kaga air 1": "UO"}),
        Decision(kind="battle_air", targets={"US:MAG 21": "XX"}),
        Decision(kind="battle_air", forces=("furball",)),
    ):
        with pytest.raises(IllegalDecision, match="facts 1.9|R12"):
            req.check(bad)
    assert ids[0] == "US:MAG 21"
    d = Decision(kind="battle_air", targets={"US:MAG 21": "JO", ids[1]: "home", ids[2]: "CO"})
    req.check(d)
    with pytest.raises(StopIteration):
        gen.send(d)
    assert b.box("US:MAG 21") == "JO" and b.box(ids[1]) == "DECK" and b.box(ids[2]) == "CO"


def test_no_contact_keeps_us_aircraft_out_of_the_ja_ocean():
    b = _board([], {"JA:Kaga": "JO", "US:MAG 21": "US_AF"})
    plan(b, "JA", "no_contact")
    _gen, req = _us_request(b)
    assert req.info["blocked"] == ["JO"]
    with pytest.raises(IllegalDecision, match="No Contact"):
        req.check(Decision(kind="battle_air", targets={"US:MAG 21": "JO"}))


def test_us_air_not_asked_without_aircraft_or_plans():
    b = _board([], {"JA:Kaga": "JO", "US:DESRON 1": "UO"})
    reqs, _ = run(T.us_air(b))
    assert reqs == []


def test_us_air_request_marks_damaged_aircraft():
    """The aircraft move list says which aircraft are damaged (issue 14's loose ends)."""
    b = _board([], {"JA:Kaga": "JO", "US:MAG 21": "US_AF"})
    b.state.forces["US:MAG 21"].damaged = True
    _, req = _us_request(b)
    marks = {a["id"]: a["damaged"] for a in req.info["aircraft"]}
    assert marks["US:MAG 21"] is True
