"""After combat: infantry advance, return aircraft, airfield losses, the end of the battle and
the survivors' return to the map (facts 1.9, R17)."""

from __future__ import annotations

import pytest
from battle_helpers import AREA, Driver, air, battalion, empty_state, game_with, make_board, put, run

from nimitz.engine.battle import finish
from nimitz.engine.battle import hits as H
from nimitz.engine.battle import turn as T
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision
from nimitz.model.state import BATTALIONS, DESTROYED, JA_POOL, US_POOL
from nimitz.policies.battle import passive


def _board(faces, boxes, damaged=(), **kw):
    s = empty_state()
    for fid in boxes:
        side, name = fid.split(":", 1)
        if not name.startswith("Battalion"):
            put(s, side, name, damaged=fid in damaged, embarked=boxes[fid] == "TR")
    return make_board(game_with(s, faces), boxes, **kw)


def test_infantry_advance_beach_to_foxholes_transport_to_beach_marines_to_foxholes():
    b = _board([], {"US:25th": "US_BE", "US:32nd": "TR", "US:1st Marine": "TR", "JA:51st": "TR"})
    T.infantry_advance(b)
    assert b.box("US:25th") == "US_FH"
    assert b.box("US:32nd") == "US_BE"
    assert b.box("US:1st Marine") == "US_FH"
    assert b.box("JA:51st") == "JA_BE"
    assert b.transport("US") is None and b.transport("JA") is None


def test_return_aircraft_to_own_carrier_and_land_based_to_airfields():
    b = _board([], {"US:Lexington": "UO", "US:MAG 21": "US_AF", "JA:Kaga": "JO"})
    for p in air(b, "US:Lexington") + ["US:MAG 21"]:
        b.bs.positions[p] = "JO"
    run(T.return_aircraft(b))
    assert all(b.box(p) == "DECK" for p in air(b, "US:Lexington"))
    assert b.box("US:MAG 21") == "US_AF"


def test_return_aircraft_none_on_a_damaged_carrier_ja_excess_damaged_lowest_first():
    """Kaga is damaged (room 0), Hosho takes 2: of Kaga's 3 aircraft and Hosho's 2, three are lost:
    the damaged one first, then full ones lowest value first (A6M 1 before D3A/B5N 2)."""
    b = _board([1, 1], {"JA:Kaga": "JO", "JA:Hosho": "JO", "US:Lexington": "UO"})
    kaga, hosho = air(b, "JA:Kaga"), air(b, "JA:Hosho")
    for p in kaga + hosho:
        b.bs.positions[p] = "UO"  # in the air when Kaga is hit
    b.state.forces["JA:Kaga"].damaged = True
    b.bs.pieces[kaga[2]].damaged = True  # Kaga's B5N
    run(T.return_aircraft(b))
    lost = [p for p in kaga + hosho if not b.alive(p)]
    assert kaga[2] in lost  # the damaged B5N first
    assert kaga[0] in lost and hosho[0] in lost  # both A6M (1), tie rolled between them? no: 2 slots
    survivors = [p for p in kaga + hosho if b.alive(p)]
    assert len(survivors) == 2
    assert all(b.bs.pieces[p].home == "JA:Hosho" for p in survivors)
    entry = [e for e in b.game.journal if e.kind == "bot" and "cannot land" in e.text][0]
    assert entry.data["excess"] == 3


def test_return_aircraft_us_chooses_which_are_lost():
    b = _board([], {"US:Lexington": "UO", "US:Enterprise": "UO", "JA:Kaga": "JO"})
    lex = air(b, "US:Lexington")
    for p in lex:
        b.bs.positions[p] = "JO"
    H.destroy(b, "US:Lexington")
    gen = T.return_aircraft(b)
    req = next(gen)
    assert req.kind == "battle_excess_aircraft" and req.info["count"] == 4
    with pytest.raises(IllegalDecision, match="exactly 4"):
        req.check(Decision(kind="battle_excess_aircraft", forces=tuple(lex[:3])))
    with pytest.raises(IllegalDecision):
        req.check(Decision(kind="battle_excess_aircraft", forces=("JA:Kaga air 1",) + tuple(lex[:3])))
    ent = air(b, "US:Enterprise")
    keep_lex = lex[0]
    lose = tuple(p for p in lex[1:]) + (ent[0],)
    d = Decision(kind="battle_excess_aircraft", forces=lose)
    req.check(d)
    with pytest.raises(StopIteration):
        gen.send(d)
    assert b.alive(keep_lex) and b.bs.pieces[keep_lex].home == "US:Enterprise"
    assert not b.alive(ent[0])


def test_return_aircraft_no_question_when_every_carrier_is_gone():
    b = _board([], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    for p in air(b, "US:Lexington"):
        b.bs.positions[p] = "JO"
    H.destroy(b, "US:Lexington")
    reqs, _ = run(T.return_aircraft(b))
    assert reqs == [] and b.aircraft("US") == []


def test_airfield_losses_ja_damaged_lowest_first_and_to_the_pool():
    b = _board(
        [],
        {"JA:Tainan": "JA_AF", "JA:Mihoro": "JA_AF", "JA:4 Kokutai": "JA_AF", "US:25th": "US_FH"},
        damaged=("JA:Mihoro",),
        airfields={"JA": 1, "US": 0},
    )
    run(T.airfield_losses(b))
    assert not b.alive("JA:Mihoro")  # damaged first
    assert not b.alive("JA:Tainan")  # then full, lowest value (1 before 2)
    assert b.alive("JA:4 Kokutai")


def test_airfield_losses_us_choice_and_airfields_removed_without_lba():
    b = _board(
        [],
        {"US:MAG 21": "US_AF", "US:11th BG": "US_AF", "JA:55th": "JA_FH", "JA:Tainan": "JA_AF"},
        airfields={"US": 1, "JA": 0},
    )
    gen = T.airfield_losses(b)
    req = next(gen)
    assert req.kind == "battle_airfield_losses" and req.info["count"] == 1
    d = Decision(kind="battle_airfield_losses", forces=("US:MAG 21",))
    req.check(d)
    with pytest.raises(StopIteration):
        gen.send(d)
    assert not b.alive("US:MAG 21") and b.alive("US:11th BG")
    assert not b.alive("JA:Tainan") and b.airfields("JA") == 0


def test_airfields_removed_when_a_side_has_no_lba_left():
    b = _board([], {"US:MAG 21": "US_AF", "JA:55th": "JA_FH"})
    H.destroy(b, "US:MAG 21")
    run(T.airfield_losses(b))
    assert b.airfields("US") == 0


def test_finish_returns_every_force():
    """Survivors stay in the area (damage kept; R17 embarked flags); destroyed JA LBA go to the
    bottom of the JA LBA stack repaired, US LBA to the US pool, JA battalions to their box,
    everything else to DESTROYED."""
    s = empty_state()
    ids = {
        n: put(s, side, n, damaged=dmg, embarked=emb)
        for side, n, dmg, emb in (
            ("JA", "Tainan", False, False),
            ("JA", "Kaga", True, False),
            ("JA", "55th", False, True),
            ("JA", "51st", False, True),
            ("US", "MAG 21", True, False),
            ("US", "25th", False, False),
            ("US", "32nd", False, True),
            ("US", "DESRON 1", False, False),
        )
    }
    bn = battalion(s, embarked=False)
    boxes = {
        ids["Tainan"]: "JA_AF",
        ids["Kaga"]: "JO",
        ids["55th"]: "JA_BE",
        ids["51st"]: "TR",
        ids["MAG 21"]: "US_AF",
        ids["25th"]: "US_FH",
        ids["32nd"]: "TR",
        ids["DESRON 1"]: "CO",
        bn: "JA_FH",
    }
    b = make_board(game_with(s, []), boxes)
    for p in (ids["Tainan"], ids["Kaga"], ids["MAG 21"], ids["DESRON 1"], bn):
        H.destroy(b, p)
    finish(b)
    f = s.forces
    assert f[ids["Tainan"]].location == JA_POOL and s.ja_stacks["lba"][-1] == ids["Tainan"]
    assert f[ids["Kaga"]].location == DESTROYED and not f[ids["Kaga"]].damaged
    assert f[ids["MAG 21"]].location == US_POOL and not f[ids["MAG 21"]].damaged
    assert f[bn].location == BATTALIONS
    assert f[ids["DESRON 1"]].location == DESTROYED
    assert f[ids["55th"]].location == AREA and not f[ids["55th"]].embarked  # landed: ashore
    assert f[ids["51st"]].embarked and f[ids["32nd"]].embarked  # still aboard (R17 later)
    assert f[ids["25th"]].location == AREA and not f[ids["25th"]].embarked


def test_battle_ends_when_only_one_side_remains():
    s = empty_state()
    put(s, "US", "Chester/Louisville")
    put(s, "JA", "DD Gp 1", damaged=True)
    # length 4; turn 1: plan draw (face 1 of 28), naval guns: US 1 (hit), JA 10
    d = Driver(game_with(s, [10, 1, 1, 10]))
    d.answer(Decision(kind="battle_place_ships", targets={"US:Chester/Louisville": "CO"}))
    d.run(passive)
    end = [e for e in d.game.journal if "ends after" in e.text][0]
    assert "after 1 turn" in end.text and "only US forces remain" in end.text
    assert s.forces["JA:DD Gp 1"].location == DESTROYED
    assert s.battle is None


def test_battle_ends_when_the_turn_counter_leaves_the_track():
    s = empty_state()
    put(s, "US", "25th")
    put(s, "JA", "55th")
    # length 2; each turn a plan draw, the US infantry roll, the JA infantry roll. Turn 1 draws
    # the first counter (Air Combat); turn 2 counter 20 of the 27 left (No Contact, harmless
    # here), as Air Combat's second counter would be set aside (R13)
    faces = [3, 1, 10, 10, 20, 10, 10]
    d = Driver(game_with(s, faces))
    d.run(passive)
    assert s.battle is None
    end = [e for e in d.game.journal if "ends after" in e.text][0]
    assert "after 2 turn(s)" in end.text
