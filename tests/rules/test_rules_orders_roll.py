"""JA Orders: the roll, the resupply track, which forces roll and in what order (R1-R5, R9, 1945).

Every situation is hand-made on an empty map (rules_kit.fresh) and every die is scripted, the
bot's random picks included, so each test fixes exactly one reading of the rules.
"""

from __future__ import annotations

import pytest
from rules_kit import Step, assert_refused, fresh, game_with, ids_at, place, used_all

from nimitz.bot.orders import OrdersBot
from nimitz.engine.campaign import resupply, scouting
from nimitz.engine.dice import ScriptedDice
from nimitz.model.journal import Decision

SHIPS = [
    "JA:Kaga",
    "JA:Akagi",
    "JA:Soryu",
    "JA:Hiryu",
    "JA:Shokaku",
    "JA:Zuikaku",
    "JA:Takao/Chokai",
    "JA:Maya/Atago",
    "JA:Mogami/Mikuma",
]


def bot_for(state, data, faces):
    dice = ScriptedDice(list(faces))
    return OrdersBot(state, data, dice), dice


# --- R1 modifier presets ---------------------------------------------------------------------

R1_TABLES = {
    "map": {1942: [0, 2, 5, 10], 1943: [1, 2, 4, 8], 1944: [5, 5, 6, 6], 1945: [5, 6, 6, 6]},
    "rulebook": {1942: [0, 2, 5, 10], 1943: [0, 2, 4, 8], 1944: [-1, 1, 3, 6], 1945: [-2, 0, 2, 5]},
}


@pytest.mark.parametrize("preset", ["map", "rulebook"])
@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_r1_modifier_for_every_year_and_track_band(data, preset, year):
    """R1: bands 0-3, 4-7, 8-11, 12-15 give the preset's modifier for the year."""
    expected = R1_TABLES[preset][year]
    for track in range(16):
        band = 0 if track <= 3 else 1 if track <= 7 else 2 if track <= 11 else 3
        assert data.orders.modifier(preset, year, track) == expected[band], (preset, year, track)


@pytest.mark.parametrize("preset, modifier", [("map", 6), ("rulebook", 3)])
def test_r1_1944_track_9_map_plus_6_rulebook_plus_3(data, preset, modifier):
    """R1: the rulebook's example (1944, square 9 -> +3) against the map text (+6), as the bot
    rolls it: 1d10 + modifier picks the chart row."""
    state = fresh(data, 1944, preset=preset)
    place(state, "PH", "JA:Zuikaku")
    state.ja_track = 9
    bot, dice = bot_for(state, data, [1])
    result = bot.order("PH", auto_hold=False)
    roll = result.explanation["roll"]
    assert roll["dice"] == [1] and roll["modifier"] == modifier and roll["total"] == 1 + modifier
    # map: 7 = Refit (to Japan); rulebook: 4 = Refit too; both carried out
    assert result.order == "Refit" and state.forces["JA:Zuikaku"].location == "JA"
    assert preset in roll["modifier_source"] and used_all(dice)


def test_r1_order_roll_is_one_d10_not_the_scouted_modifier(data):
    """R1: the non-scouted roll is 1d10 + orderModifier (1945 map band 0 = +5), not the scouted
    modifier (-3) and not 2d10."""
    state = fresh(data, 1945)
    place(state, "PH", "JA:Amagi")
    bot, dice = bot_for(state, data, [2])
    result = bot.order("PH", auto_hold=False)
    assert result.explanation["roll"]["dice"] == [2]
    assert result.explanation["roll"]["total"] == 7
    assert used_all(dice)


# --- R2 the resupply track -------------------------------------------------------------------

# (order, track before, die, setup) chosen so the 1942 map modifier lands the roll on the row
# and the track value shows unclamped. Each setup puts the rolling ship in PH (or as noted).
TRACK_CASES = [
    ("Hold", 2, 1, 4),
    ("Refit", 2, 5, 2),
    ("Withdraw", 2, 9, 1),
    ("Support", 6, 9, 1),
    ("South", 6, 10, 0),
    ("East", 9, 8, 0),
    ("Battle", 9, 9, 0),
    ("Reinforce", 9, 10, 0),
    ("Sortie", 12, 7, -4),
    ("Offensive", 12, 9, -8),
]


def _track_situation(state, order):
    """An area whose lone ship can carry out `order`; returns the ship's area."""
    if order == "Withdraw":
        place(state, "MA", "JA:Kaga")  # MA -> IJ (the one area closer to Japan)
        return "MA"
    if order == "East":
        place(state, "WI", "JA:Kaga")
        place(state, "MI", "JA:2nd")  # MI: closer to HI, JA ashore
        return "WI"
    place(state, "PH", "JA:Kaga")
    if order in ("Support", "Reinforce"):
        place(state, "NG", "JA:55th")
    elif order == "Battle":
        place(state, "SA", "US:Chester/Louisville")
        place(state, "SA", "JA:2nd", embarked=True)
    elif order == "Sortie":
        place(state, "SI", "US:25th", "JA:2nd")
    elif order == "Offensive":
        place(state, "BO", "JA:55th")  # NG: the free objective next to JA ashore
    return "PH"


@pytest.mark.parametrize("order, track, die, value", TRACK_CASES, ids=[c[0] for c in TRACK_CASES])
def test_r2_each_order_moves_the_track_by_its_value(data, order, track, die, value):
    """R2: Hold +4, Refit +2, Withdraw +1, Support +1, South/East/Battle/Reinforce 0, Sortie -4,
    Offensive -8, added after the (non-scouted) order is carried out."""
    state = fresh(data, 1942)
    area = _track_situation(state, order)
    state.ja_track = track
    bot, dice = bot_for(state, data, [die])
    result = bot.order(area, auto_hold=False)
    assert result.order == order, result.text()
    assert result.explanation["tried"] == [order]
    assert state.ja_track == track + value
    assert result.explanation["track"] == {"before": track, "change": value, "after": track + value, "order": order}
    assert used_all(dice)


def test_r2_track_reset_to_zero_at_the_start_of_the_orders_step(data):
    """R2: whatever the track showed, the JA Orders step starts from 0 (so the first roll uses
    band 0-3) and the first order moves it from there."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    state.ja_track = 13  # band 12-15 would give +10
    bot, dice = bot_for(state, data, [5])  # 5 + 0 = Refit
    results = bot.run_step()
    assert [r.order for r in results] == ["Refit"]
    assert results[0].explanation["roll"]["modifier"] == 0
    assert results[0].explanation["track"]["before"] == 0
    assert state.ja_track == 2 and used_all(dice)


def test_r2_track_clamped_at_15(data):
    """R2: the track never goes above 15 (14 + Hold 4 -> 15)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    state.ja_track = 14
    bot, dice = bot_for(state, data, [1])  # 1 + 10 = 11 Support: no JA ashore anywhere -> Hold
    result = bot.order("PH", auto_hold=False)
    assert result.explanation["tried"] == ["Support", "Hold"]
    assert state.ja_track == 15 and used_all(dice)


def test_r2_track_clamped_at_0_and_fallback_value_applies(data):
    """R2: East that cannot go falls back (East roll 8 -> Offensive); Offensive's -8, not East's 0,
    moves the track, and 2 - 8 is clamped to 0."""
    state = fresh(data, 1944)
    place(state, "PH", "JA:Zuikaku")
    place(state, "BO", "JA:5th")  # NG: free objective next to JA ashore (1 from BO, 2 from PH)
    state.ja_track = 2
    bot, dice = bot_for(state, data, [8, 8])  # 8 + 5 = 13 East; East roll 8 = Offensive
    result = bot.order("PH", auto_hold=False)
    assert result.explanation["tried"] == ["East", "Offensive"]
    assert result.explanation["extra_rolls"][0]["result"] == "Offensive"
    assert result.destination == "NG"
    assert result.explanation["track"]["change"] == -8
    assert state.ja_track == 0 and used_all(dice)


def test_r2_refit_in_japan_holds_and_moves_the_track_as_hold(data):
    """R2/R6: Refit rolled in Japan is impossible, so Hold is carried out: +4, not Refit's +2."""
    state = fresh(data, 1942)
    place(state, "JA", "JA:Kaga")
    bot, dice = bot_for(state, data, [5])
    result = bot.order("JA", auto_hold=False)
    assert result.explanation["tried"] == ["Refit", "Hold"]
    assert result.held == ["JA:Kaga"] and state.forces["JA:Kaga"].location == "JA"
    assert state.ja_track == 4 and used_all(dice)


def test_r2_scouted_orders_never_move_the_track(data):
    """R2: scouted orders (2d10 + year) leave the track where it is, Offensive included."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:55th")
    state.ja_track = 7
    bot, dice = bot_for(state, data, [9, 9])  # 9 + 9 + 2 = 20 Offensive
    result = bot.scouted_order("PH", auto_hold=False)
    assert result.order == "Offensive" and result.destination == "NG"
    assert "track" not in result.explanation
    assert state.ja_track == 7 and used_all(dice)


# --- scouted order roll ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "year, dice_faces, total, order",
    [
        (1942, [1, 1], 4, "Refit"),  # +2
        (1943, [1, 2], 3, "Hold"),  # +0
        (1944, [5, 5], 8, "Withdraw"),  # -2
        (1945, [10, 10], 17, "Sortie"),  # -3 (nothing to sortie to: falls back, then Hold)
    ],
)
def test_scouted_order_is_2d10_plus_year_modifier(data, year, dice_faces, total, order):
    """facts 1.4 / procedures: a scouted order rolls 2d10 + 1942 +2, 1943 +0, 1944 -2, 1945 -3."""
    state = fresh(data, year)
    ship = next(f.id for f in state.forces.values() if f.side == "JA" and data.year(year).cls[f.cls].type == "CRU")
    place(state, "MA", ship)
    bot, dice = bot_for(state, data, dice_faces)
    result = bot.scouted_order("MA", auto_hold=False)
    roll = result.explanation["roll"]
    assert roll["dice"] == dice_faces and roll["total"] == total
    assert result.explanation["row"].startswith(order)
    assert result.explanation["scouted"] is True


# --- R3 moved markers and processing order ---------------------------------------------------


def test_r3_lone_ja_inf_or_lba_marked_moved_except_in_ja_and_ea(data):
    """R3: an area (not JA/EA) with exactly one JA INF-or-LBA ashore: that counter is marked
    moved; ships there are not; areas with two stay unmarked; JA and EA are exempt."""
    state = fresh(data, 1942)
    place(state, "SI", "JA:2nd", "JA:Kaga")  # lone INF + a ship
    place(state, "NG", "JA:Tainan")  # lone LBA
    place(state, "PH", "JA:16th", "JA:Mihoro")  # two ashore: nobody marked
    place(state, "JA", "JA:Chitose")  # lone in Japan: exempt
    place(state, "EA", "JA:48th")  # lone in East Asia: exempt
    place(state, "CI", "JA:38th", embarked=True)  # on a transport: not ashore, not lone
    place(state, "CI", "JA:Genzan")
    markers = OrdersBot(state, data, ScriptedDice([])).place_moved_markers()
    moved = {f.id for f in state.forces.values() if f.moved}
    assert set(markers["lone"]) == {"JA:2nd", "JA:Tainan", "JA:Genzan"}
    assert moved == {"JA:2nd", "JA:Tainan", "JA:Genzan"}


def test_r3_ja_infantry_with_us_forces_pinned_other_forces_still_roll(data):
    """R3: JA INF (and battalions) in an area with US forces are marked moved; JA LBA and ships
    there are not (a US submarine is a US force too)."""
    state = fresh(data, 1942)
    place(state, "SA", "US:Chester/Louisville")
    place(state, "SA", "JA:2nd", "JA:38th", "JA:Mihoro", "JA:Genzan", "JA:Kaga")
    place(state, "GI", "US:SS Gp 1")
    place(state, "GI", "JA:16th", "JA:48th", "JA:Kanoya")
    markers = OrdersBot(state, data, ScriptedDice([])).place_moved_markers()
    assert set(markers["pinned"]) == {"JA:2nd", "JA:38th", "JA:16th", "JA:48th"}
    assert not any(state.forces[i].moved for i in ("JA:Mihoro", "JA:Genzan", "JA:Kaga", "JA:Kanoya"))


def test_r3_moved_markers_placed_at_scouting_even_without_scouting_points(data):
    """R3 (ed3): the markers go down at the start of US Scouting, bought points or not."""
    state = fresh(data, 1942)
    place(state, "SI", "JA:2nd", "JA:Kaga")
    game = game_with(data, state)
    Step(game, scouting(game))
    assert game.pending is None  # no points: no request
    assert state.forces["JA:2nd"].moved and not state.forces["JA:Kaga"].moved


def test_r3_processing_order_fewest_unmoved_first_ties_in_map_order(data):
    """R3: areas from fewest unmoved JA forces to most; moved forces do not count; ties follow
    the map file's area order (... NG, BO, AU, CI, MA, PH ... JA, EA)."""
    state = fresh(data, 1942)
    place(state, "JA", *SHIPS[:3])
    place(state, "PH", SHIPS[3], SHIPS[4])
    place(state, "MA", SHIPS[5], SHIPS[6])
    place(state, "BO", SHIPS[7])
    place(state, "NG", SHIPS[8])
    place(state, "NG", "JA:Tainan", "JA:4 Kokutai", moved=True)
    plan = OrdersBot(state, data, ScriptedDice([])).processing_order()
    assert plan == [("NG", 1), ("BO", 1), ("MA", 2), ("PH", 2), ("JA", 3)]


def test_r3_areas_rolled_in_order_and_rerolled_until_every_force_has_an_order(data):
    """R3: the step works area by area in processing order, rolling again for an area until all
    its unmoved forces have orders (Hold takes 6 of 8 ships; a second Hold takes the other 2)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    eight = SHIPS[1:9]
    place(state, "JA", *eight)
    # PH: 5 -> Refit (track 0 -> 2). JA: 1 + 0 = Hold, picks d8..d3 (6 rolls); track 6 -> +2:
    # 1 + 2 = 3 Hold again, pick d2 then the last ship.
    faces = [5, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    bot, dice = bot_for(state, data, faces)
    results = bot.run_step()
    assert [(r.area, r.order) for r in results] == [("PH", "Refit"), ("JA", "Hold"), ("JA", "Hold")]
    assert len(results[1].held) == 6 and len(results[2].held) == 2
    assert set(results[1].held + results[2].held) == set(eight)
    assert all(f.moved for f in state.at("JA", "JA"))
    assert state.ja_track == 2 + 4 + 4 and used_all(dice)


def test_r3_r4_area_with_only_its_last_ashore_force_gets_no_roll(data):
    """R3/R4: an area whose only unmoved JA force is its last INF-or-LBA ashore rolls nothing."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:16th")  # not marked (markers only at scouting); still cannot leave
    bot, dice = bot_for(state, data, [])
    assert bot.run_step() == []
    assert state.forces["JA:16th"].location == "PH" and state.ja_track == 0


# --- R4 what an order moves ------------------------------------------------------------------


def test_r4_maxima_ships_then_infantry_then_lba_last_ashore_stays(data):
    """R4: Refit (3 ships / 1 INF / 3 LBA) from PH with 4 ships, 2 INF, 3 LBA: 3 ships, then 1
    INF, then 3 LBA go; 1 ship and 1 INF (the last ashore) stay. Picks are made ships first,
    then infantry, then LBA, each by a bot-stream die over the remaining candidates."""
    state = fresh(data, 1942)
    ships = SHIPS[:4]
    place(state, "PH", *ships, "JA:16th", "JA:48th", "JA:Mihoro", "JA:Genzan", "JA:Kanoya")
    # roll 5 = Refit; ships d4, d3, d2; INF d2; LBA d3, d2, (last: no roll)
    faces = [5, 1, 1, 1, 1, 1, 1]
    bot, dice = bot_for(state, data, faces)
    result = bot.order("PH", auto_hold=False)
    assert result.order == "Refit" and result.destination == "JA"
    moved = set(result.moved)
    infantry = {"JA:16th", "JA:48th"}
    assert len(moved & infantry) == 1
    assert moved - infantry == {ships[0], ships[1], ships[2], "JA:Mihoro", "JA:Genzan", "JA:Kanoya"}
    assert ids_at(state, "PH", "JA") == {ships[3]} | (infantry - moved)
    picks = [r for r in dice.rolls if r.stream == "bot"]
    assert [r.sides for r in picks] == [4, 3, 2, 2, 3, 2]
    kinds = ["ship" if "ship" in r.purpose else "inf" if "infantr" in r.purpose else "lba" for r in picks]
    assert kinds == ["ship", "ship", "ship", "inf", "lba", "lba"]
    assert used_all(dice)


def test_r4_last_ashore_lba_stays_when_the_infantry_leaves(data):
    """R4: one INF and one LBA ashore: the order takes the INF (infantry before LBA) and the LBA,
    now the last force ashore, stays."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:16th", "JA:Mihoro")
    bot, dice = bot_for(state, data, [5])  # Refit
    result = bot.order("PH", auto_hold=False)
    assert result.moved == ["JA:16th"]
    assert state.forces["JA:Mihoro"].location == "PH"


@pytest.mark.parametrize(
    "area, track, faces, dest",
    [
        ("JA", 6, [10, 1], "EA"),  # 10 + 2 = 12 South: EA or OK (0 JA each): bot d2 picks EA
        ("EA", 0, [9], "JA"),  # 9 = Withdraw: EA -> JA
    ],
)
def test_r4_last_ashore_may_leave_japan_and_east_asia(data, area, track, faces, dest):
    """R4: the last-ashore rule does not hold in JA and EA: a lone INF there can leave."""
    state = fresh(data, 1942)
    place(state, area, "JA:48th")
    state.ja_track = track
    bot, dice = bot_for(state, data, faces)
    result = bot.order(area, auto_hold=False)
    assert result.moved == ["JA:48th"] and result.destination == dest
    assert state.forces["JA:48th"].location == dest and used_all(dice)


def test_r4_hold_keeps_the_last_ashore_with_the_others(data):
    """R4: "the last INF or LBA ashore never leaves": a Hold leaves nothing, so Hold (6/1/3) in an
    area with one INF and one LBA ashore holds both; the LBA gets no further roll of its own."""
    state = fresh(data, 1942)
    place(state, "ML", "JA:6th Base", "JA:1 Kokutai")
    bot, dice = bot_for(state, data, [1])  # 1 = Hold; a second die would be a second order
    results = bot.run_step()
    assert [r.order for r in results] == ["Hold"]
    assert set(results[0].held) == {"JA:6th Base", "JA:1 Kokutai"}
    assert state.ja_track == 4 and used_all(dice)


# --- R5 objectives hold first ----------------------------------------------------------------


def test_r5_first_order_in_objective_is_hold(data):
    """R5: in the JA Orders step the first order for forces in an objective (SI) is an automatic
    Hold (no die) that moves the track +4; later orders there are rolled; a non-objective area
    (PH) rolls at once."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:DD Gp 1")
    place(state, "SI", *SHIPS[:7])
    # PH first (1 unmoved): 5 = Refit (track 2). SI: automatic Hold picks d7..d2 (6 rolls) ->
    # track 6; then a roll for the 7th ship: 5 + 2 = 7 Refit.
    faces = [5, 1, 1, 1, 1, 1, 1, 5]
    bot, dice = bot_for(state, data, faces)
    results = bot.run_step()
    assert [(r.area, r.order) for r in results] == [("PH", "Refit"), ("SI", "Hold"), ("SI", "Refit")]
    assert results[0].explanation["roll"].get("dice") == [5]
    assert "automatic" in results[1].explanation["roll"]
    assert results[1].explanation["track"] == {"before": 2, "change": 4, "after": 6, "order": "Hold"}
    assert "automatic" not in results[2].explanation["roll"]
    assert state.ja_track == 8 and used_all(dice)


def test_r5_first_scouted_order_in_objective_is_hold_and_skips_the_orders_hold(data):
    """R5: the first scouted order in an objective is Hold (no die, no track); a second scouted
    order there is rolled (2d10 + 2); in the JA Orders step the objective then gets no automatic
    Hold: its first order is rolled."""
    state = fresh(data, 1942)
    place(state, "SI", *SHIPS[:9])
    state.scouting_points = 2
    # scouted #1: automatic Hold, picks d9..d4 (6 rolls). scouted #2: 3 + 3 + 2 = 8 Withdraw
    # (SI -> CI), picks d3, d2 (2 of 3 ships). JA Orders: 1 ship left: rolled 1 + 0 = Hold.
    faces = [1] * 6 + [3, 3] + [1, 1] + [1]
    game = game_with(data, state, faces)
    step = Step(game, scouting(game))
    assert step.request.kind == "scouting"
    step.send(Decision("scout", areas=("SI", "SI")))
    assert state.scout_held == ["SI"]
    assert state.ja_track == 0
    scouted = [e.data for e in game.journal if e.kind == "bot" and e.data.get("scouted")]
    assert [s["order"] for s in scouted] == ["Hold", "Withdraw"]
    assert "automatic" in scouted[0]["roll"] and scouted[1]["roll"]["total"] == 8
    assert len(state.at("CI", "JA")) == 2
    bot = OrdersBot(state, data, game.dice)
    results = bot.run_step()
    assert len(results) == 1 and results[0].order == "Hold"
    assert results[0].explanation["roll"]["dice"] == [1]  # rolled, not automatic
    assert state.ja_track == 4 and used_all(game.dice)


def test_r5_objective_still_holds_first_when_scouting_gave_no_hold(data):
    """R5: a scouted order elsewhere does not cancel an objective's automatic Hold."""
    state = fresh(data, 1942)
    place(state, "SI", "JA:Kaga")
    state.scout_held = ["NG"]
    bot, dice = bot_for(state, data, [])
    results = bot.run_step()
    assert results[0].order == "Hold" and "automatic" in results[0].explanation["roll"]
    assert state.ja_track == 4


def test_r3_scouting_placement_rules(data):
    """R3/R48: every bought point must be placed, only on areas with unmoved JA forces: an area
    whose only JA force is a lone (marked) INF cannot be scouted; one with a ship beside its lone
    INF can (the scouted order takes the ship). Refusals change nothing."""
    state = fresh(data, 1942)
    place(state, "SI", "JA:2nd", "JA:Kaga")
    place(state, "NG", "JA:55th")
    state.scouting_points = 2
    game = game_with(data, state)  # SI is an objective: automatic Hold, no die
    step = Step(game, scouting(game))
    assert step.request.info["areas"] == ["SI"]
    assert_refused(step, Decision("scout", areas=("SI",)), "place all 2")
    assert_refused(step, Decision("scout", areas=("SI", "NG")), "NG cannot be scouted")
    assert_refused(step, Decision("scout", areas=("SI", "SI", "SI")), "place all 2")
    step.send(Decision("scout", areas=("SI", "SI")))
    bot_lines = [e for e in game.journal if e.kind == "bot" and e.data.get("scouted")]
    assert len(bot_lines) == 1 and bot_lines[0].data["held"] == ["JA:Kaga"]
    assert any("no unmoved JA forces left" in e.text for e in game.journal)  # 2nd point lost
    assert state.scouting_points == 0 and state.forces["JA:2nd"].location == "SI"


# --- R9 scouting cap -------------------------------------------------------------------------


def test_r9_at_most_six_scouting_points_a_turn(data):
    """R9: scouting costs 1 SP a point and at most 6 can be bought in one turn, in one purchase
    or several; a 7th is refused and nothing changes."""
    state = fresh(data, 1942)
    game = game_with(data, state)
    step = Step(game, resupply(game))
    assert state.sp == 21
    assert_refused(step, Decision("buy_scouting", count=7), "at most 6", "R9")
    step.send(Decision("buy_scouting", count=4))
    step.send(Decision("buy_scouting", count=2))
    assert state.scouting_points == 6 and state.sp == 15
    assert_refused(step, Decision("buy_scouting", count=1), "R9")
    offered = [o.decision for o in step.request.options if o.decision.kind == "buy_scouting"]
    assert offered == []


# --- 1945: no orders in OK and IJ ------------------------------------------------------------


def test_1945_no_orders_rolled_in_okinawa_or_iwo_jima(data):
    """facts 1.13: in 1945 no JA orders are rolled for OK or IJ; other areas roll as usual."""
    state = fresh(data, 1945)
    place(state, "OK", "JA:Amagi", "JA:Junyo")
    place(state, "IJ", "JA:Katsuragi")
    place(state, "PH", "JA:Hosho")
    bot, dice = bot_for(state, data, [5])  # PH: 5 + 5 = 10 Withdraw -> EA or OK (EA: 0 JA)
    plan = bot.processing_order()
    assert [a for a, _ in plan] == ["PH"]
    results = bot.run_step()
    assert [r.area for r in results] == ["PH"]
    assert ids_at(state, "OK", "JA") == {"JA:Amagi", "JA:Junyo"}
    assert not state.forces["JA:Amagi"].moved and state.forces["JA:Katsuragi"].location == "IJ"


def test_1945_no_scouted_orders_in_okinawa_or_iwo_jima(data):
    """facts 1.13 + 1.4 (candidate ruling): a scouted order is a JA order, so in 1945 OK and IJ
    cannot be scouted: they are not offered, and a point placed there is refused."""
    state = fresh(data, 1945)
    place(state, "OK", "JA:Amagi")
    place(state, "IJ", "JA:Junyo")
    place(state, "PH", "JA:Hosho")
    state.scouting_points = 1
    game = game_with(data, state)
    step = Step(game, scouting(game))
    assert step.request.info["areas"] == ["PH"]
    assert_refused(step, Decision("scout", areas=("OK",)), "US Scouting")
    assert_refused(step, Decision("scout", areas=("IJ",)), "US Scouting")
