"""Hit allocation: R14 for Japan (bot), R15/R38 for the US (request or auto), transports (R31)."""

from __future__ import annotations

import pytest
from battle_helpers import air, battalion, empty_state, game_with, make_board, put, run

from nimitz.engine.battle import hits as H
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision


def _board(faces, boxes, damaged=(), **kw):
    s = empty_state()
    for fid in boxes:
        side, name = fid.split(":", 1)
        if not name.startswith("Battalion"):
            put(s, side, name, damaged=fid in damaged)
    return make_board(game_with(s, faces), boxes, **kw)


def _ja(b, targets, n, **kw):
    return H.ja_takes_hits(b, targets, n, {"step": "test", "area": "CO"}, **kw)


def test_r14_lowest_cost_first():
    b = _board([], {"JA:DD Gp 1": "CO", "JA:Kongo/Haruna": "CO"}, air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 1)
    assert b.damaged("JA:DD Gp 1") and not b.damaged("JA:Kongo/Haruna")


def test_r14_second_hit_destroys_before_a_fresh_force_is_damaged():
    b = _board([], {"JA:DD Gp 1": "CO", "JA:Kongo/Haruna": "CO"}, air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 3)
    assert not b.alive("JA:DD Gp 1")
    assert b.damaged("JA:Kongo/Haruna")


def test_r14_damaged_force_takes_next_hit_among_equal_costs():
    b = _board([], {"JA:DD Gp 1": "CO", "JA:Tone/Chikuma": "CO"}, damaged=("JA:Tone/Chikuma",), air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 1)
    assert not b.alive("JA:Tone/Chikuma")
    assert not b.damaged("JA:DD Gp 1")


def test_r14_a_damaged_costlier_force_does_not_jump_the_queue():
    b = _board([], {"JA:DD Gp 1": "CO", "JA:Kongo/Haruna": "CO"}, damaged=("JA:Kongo/Haruna",), air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 1)
    assert b.damaged("JA:DD Gp 1") and b.alive("JA:Kongo/Haruna")


def test_r14_equal_costs_random_with_the_bot_stream():
    b = _board([2], {"JA:DD Gp 1": "CO", "JA:DD Gp 7": "CO"}, air_groups=False)
    expl = _ja(b, H.ship_targets(b, "JA", "CO"), 1)
    assert b.damaged("JA:DD Gp 7") and not b.damaged("JA:DD Gp 1")
    assert b.game.dice.rolls[0].stream == "bot" and b.game.dice.rolls[0].sides == 2
    assert expl["placed"][0]["why"]["tie_break"]["chosen"] == "JA:DD Gp 7"
    entry = [e for e in b.game.journal if e.kind == "bot"][-1]
    assert entry.data["rulings"] == ["R14"]


def test_r23_battalions_cost_zero_take_island_hits_first():
    s = empty_state()
    put(s, "JA", "55th")
    bn = battalion(s)
    put(s, "JA", "Tainan")
    b = make_board(game_with(s, []), {"JA:55th": "JA_FH", bn: "JA_FH", "JA:Tainan": "JA_AF"})
    _ja(b, H.island_targets(b, "JA", True), 2)
    assert not b.alive(bn)
    assert b.airfields("JA") == 1 and not b.damaged("JA:55th")


def test_r14_transport_hit_gives_two_hits_to_the_infantry_it_carries():
    """The transport (4) is hit after the cheaper DD; each transport hit is 2 hits on the
    infantry aboard, placed lowest value first (R14, R31)."""
    b = _board([], {"JA:DD Gp 1": "CO", "JA:51st": "TR", "JA:55th": "TR"}, damaged=("JA:DD Gp 1",), air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 2)
    assert not b.alive("JA:DD Gp 1")
    assert not b.alive("JA:51st")  # cost 1: damaged then destroyed
    assert b.alive("JA:55th") and not b.damaged("JA:55th")


def test_transport_leaves_when_its_cargo_is_gone():
    b = _board([], {"JA:51st": "TR"}, air_groups=False)
    _ja(b, H.ship_targets(b, "JA", "CO"), 5)
    assert not b.alive("JA:51st")
    assert b.transport("JA") is None


def test_hits_beyond_the_legal_targets_are_lost():
    b = _board([], {"JA:DD Gp 1": "CO"}, air_groups=False)
    expl = _ja(b, H.ship_targets(b, "JA", "CO"), 5)
    assert expl["lost"] == 3
    assert not b.alive("JA:DD Gp 1")


def test_dogfight_hits_never_spill_onto_other_targets():
    b = _board([1], {"US:Lexington": "UO", "JA:Kaga": "JO"})
    from nimitz.engine.battle import combat

    f4f = air(b, "US:Lexington")[0]
    a6m, d3a, b5n = air(b, "JA:Kaga")
    b.bs.positions[f4f] = "JO"
    b.bs.positions[d3a] = "JO"  # the D3A (no dogfight value) flies; the rest stay on deck
    run(combat.dogfight(b))  # 1 = superior: two hits, only one aircraft to take them
    assert not b.alive(d3a)
    assert b.alive(a6m) and b.alive(b5n) and not b.damaged(a6m)
    assert b.alive("JA:Kaga") and not b.damaged("JA:Kaga")


# --- the US places its own hits (R15, R38) --------------------------------------------------------


def _us(b, targets, n, answers=(), **kw):
    return run(H.us_takes_hits(b, targets, n, {"step": "test", "area": "CO"}, **kw), answers=list(answers))


def test_r15_no_question_when_only_one_result():
    b = _board([], {"US:DESRON 1": "CO", "US:Colorado/Maryland": "CO"}, air_groups=False)
    reqs, _ = _us(b, H.ship_targets(b, "US", "CO"), 1)
    assert reqs == []
    assert b.damaged("US:DESRON 1")


def test_r15_interchangeable_pieces_are_no_choice():
    b = _board([], {"US:Lexington": "UO"})
    sbds = air(b, "US:Lexington")[1:3]
    for p in sbds:
        b.bs.positions[p] = "CO"
    reqs, _ = _us(b, H.aircraft_targets(b, "US", "CO"), 1)
    assert reqs == []


def test_r15_player_places_hits_lowest_value_first():
    b = _board(
        [],
        {"US:DESRON 1": "CO", "US:DESRON 6": "CO", "US:Colorado/Maryland": "CO"},
        damaged=("US:DESRON 6",),
        air_groups=False,
    )
    targets = H.ship_targets(b, "US", "CO")
    gen = H.us_takes_hits(b, targets, 2, {"step": "test", "area": "CO"})
    req = next(gen)
    assert req.kind == "battle_allocate_hits"
    assert req.info["to_place"] == 2
    assert any(o.decision.choice == "auto" for o in req.options)
    with pytest.raises(IllegalDecision, match="R15"):  # the BB before the fresh DESRON 1
        req.check(Decision(kind="battle_allocate_hits", forces=("US:Colorado/Maryland", "US:DESRON 1")))
    with pytest.raises(IllegalDecision, match="R15"):  # too few hits placed
        req.check(Decision(kind="battle_allocate_hits", forces=("US:DESRON 1",)))
    with pytest.raises(IllegalDecision, match="R15"):  # a third hit on a destroyed force
        req.check(Decision(kind="battle_allocate_hits", forces=("US:DESRON 6", "US:DESRON 6")))
    # legal: destroy the damaged DESRON 6 and damage DESRON 1 (spread as the player likes)
    d = Decision(kind="battle_allocate_hits", forces=("US:DESRON 6", "US:DESRON 1"))
    req.check(d)
    with pytest.raises(StopIteration):
        gen.send(d)
    assert not b.alive("US:DESRON 6") and b.damaged("US:DESRON 1")
    assert not b.damaged("US:Colorado/Maryland")


def test_r15_auto_is_the_r14_rule():
    b = _board([], {"US:DESRON 1": "CO", "US:DESRON 6": "CO"}, air_groups=False)
    reqs, _ = _us(b, H.ship_targets(b, "US", "CO"), 2, [Decision(kind="battle_allocate_hits", choice="auto")])
    assert reqs[0].info["auto"] == ["US:DESRON 1", "US:DESRON 1"]
    assert not b.alive("US:DESRON 1") and not b.damaged("US:DESRON 6")


def test_r15_infantry_step_airfield_only_after_foxhole_infantry():
    b = _board([], {"US:25th": "US_FH", "US:MAG 21": "US_AF", "US:MAG 13": "US_AF"}, air_groups=False)
    targets = H.island_targets(b, "US", True)
    alloc = H.Alloc(targets, foxholes_first=True)
    with pytest.raises(IllegalDecision, match="foxholes"):
        H.check_sequence(alloc, 2, ("US:airfield", "US:25th"))
    H.check_sequence(alloc, 3, ("US:25th", "US:25th", "US:airfield"))


def test_r15_us_transport_hits_then_its_infantry():
    """A hit on the US transport: two hits on the infantry aboard, placed by the player next."""
    b = _board([], {"US:25th": "TR", "US:1st Marine": "TR"}, air_groups=False)
    reqs, _ = _us(
        b,
        H.ship_targets(b, "US", "CO"),
        1,
        [Decision(kind="battle_allocate_hits", forces=("US:25th", "US:1st Marine"))],
    )
    assert len(reqs) == 1 and "transport" in reqs[0].prompt
    assert b.damaged("US:25th") and b.damaged("US:1st Marine")


def test_hit_on_a_carrier_loses_its_deck_aircraft_r30():
    b = _board([], {"JA:Kaga": "JO"})
    _ja(b, H.ship_targets(b, "JA", "JO"), 1)
    assert b.damaged("JA:Kaga")
    assert air(b, "JA:Kaga") == []


def test_target_counts_agree_with_the_target_lists_in_whole_campaigns():
    """hits.ship_target_count and island_target_count (the sensible player's air moves count the
    bomb targets instead of building them) say what ship_targets and island_targets list: the
    same number of targets, and the same carriers among the map's forces, for both sides in
    every area at every decision of four seeded campaigns' battles."""
    from nimitz.engine.battle import hits as H
    from nimitz.engine.battle.board import Board
    from nimitz.lab.runner import CampaignSpec, lab_game
    from nimitz.model.battle import AREAS
    from nimitz.policies import get_policy

    sensible = get_policy("sensible")
    compared = 0
    for year in (1942, 1943, 1944, 1945):
        game = lab_game(CampaignSpec(year, 5))
        while game.pending is not None:
            if game.state.battle is not None:
                board = Board(game)
                for side in ("US", "JA"):
                    for area in AREAS:
                        if area == "IS":
                            for infantry_ok in (False, True):
                                built = H.island_targets(board, side, infantry_ok)
                                assert H.island_target_count(board, side, infantry_ok) == len(built)
                            continue
                        built = H.ship_targets(board, side, area)
                        carriers = sum(1 for t in built if t.kind == "force" and board.cls(t.id).is_carrier)
                        assert H.ship_target_count(board, side, area) == (carriers, len(built))
                        compared += bool(built)
            game.answer(sensible(game.pending, game))
        game.close()
    assert compared > 100  # the counts were checked where there were targets to count
