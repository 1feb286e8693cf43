"""JA Orders: where each order goes, what happens when it cannot, and what arrives (R6-R8, R10,
R40-R42, R51-R52). 1942 map preset unless noted; every die scripted.

Roll arithmetic used below (1942 map preset): track 0-3 +0, 4-7 +2, 8-11 +5, 12-15 +10.
"""

from __future__ import annotations

import pytest
from rules_kit import battalion, fresh, ids_at, place, used_all

from nimitz.bot.orders import OrdersBot
from nimitz.engine.dice import ScriptedDice
from nimitz.model.state import BATTALIONS

# (track, die) giving each chart row in 1942
ROLL = {
    "Hold": (0, 1),
    "Refit": (0, 5),
    "Withdraw": (0, 9),
    "Support": (6, 9),
    "South": (6, 10),
    "East": (9, 8),
    "Battle": (9, 9),
    "Reinforce": (9, 10),
    "Sortie": (12, 7),
    "Offensive": (12, 9),
}


def roll_order(state, data, area, order, *more_faces):
    """Roll `order` for `area` (non-scouted), the later faces feeding fallbacks and picks."""
    track, die = ROLL[order]
    state.ja_track = track
    dice = ScriptedDice([die, *more_faces])
    result = OrdersBot(state, data, dice).order(area, auto_hold=False)
    assert result.explanation["row"].startswith(order)
    return result, dice


# --- Refit / Withdraw ------------------------------------------------------------------------


def test_r6_withdraw_one_area_closer_to_japan_fewest_ja_forces_first(data):
    """R6: Withdraw from PH may go to EA or OK (both 1 from JA): EA has a JA force, OK none,
    so OK, without a die."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "EA", "JA:Ryujo")
    result, dice = roll_order(state, data, "PH", "Withdraw")
    assert result.destination == "OK" and result.explanation["tie_break"] == "fewest JA forces"
    assert {c["area"] for c in result.explanation["candidates"]} == {"EA", "OK"}
    assert used_all(dice)


def test_r6_withdraw_tie_broken_by_a_bot_die(data):
    """R6: equal JA counts: a bot-stream die picks among the tied areas (here the 2nd, OK)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    result, dice = roll_order(state, data, "PH", "Withdraw", 2)
    assert result.destination == "OK"
    assert dice.rolls[1].stream == "bot" and dice.rolls[1].sides == 2
    assert used_all(dice)


def test_r6_withdraw_in_japan_holds(data):
    """R6: Withdraw in Japan has nowhere closer to go: Hold (track +4)."""
    state = fresh(data, 1942)
    place(state, "JA", "JA:Kaga")
    result, dice = roll_order(state, data, "JA", "Withdraw")
    assert result.explanation["tried"] == ["Withdraw", "Hold"] and state.ja_track == 4


def test_r52_withdraw_lba_go_with_it_even_where_no_ja_is_ashore(data):
    """R8/R52: Withdraw is not a "*" row: its LBA move with it to an area with no JA ashore."""
    state = fresh(data, 1942)
    place(state, "MA", "JA:Kaga", "JA:16th", "JA:Mihoro", "JA:Genzan")
    result, dice = roll_order(state, data, "MA", "Withdraw", 1)  # INF first, then LBA d2
    assert result.destination == "IJ"
    assert ids_at(state, "IJ", "JA") == {"JA:Kaga", "JA:16th", "JA:Mihoro"}
    assert result.explanation["lba_to_japan"] == []


# --- Support (R7) ----------------------------------------------------------------------------


def test_r6_r7_support_goes_to_ja_ashore_never_ja_or_ea_and_takes_lba(data):
    """R6/R7: Support (3/1/2) goes to an area with JA ashore other than JA and EA; its LBA go
    along (the destination has JA ashore by definition)."""
    state = fresh(data, 1942)
    place(state, "JA", "JA:Chitose")  # JA ashore in Japan: not a Support destination
    place(state, "EA", "JA:2nd")  # nor East Asia
    place(state, "NG", "JA:55th")
    place(state, "PH", "JA:Kaga", "JA:16th", "JA:48th", "JA:Mihoro", "JA:Genzan", "JA:Kanoya")
    # picks: INF d2, LBA d3, d2
    result, dice = roll_order(state, data, "PH", "Support", 1, 1, 1)
    assert result.order == "Support" and result.destination == "NG"
    assert [c["area"] for c in result.explanation["candidates"]] == ["NG"]
    arrived = ids_at(state, "NG", "JA") - {"JA:55th"}
    types = sorted(data.year(1942).cls[state.forces[i].cls].type for i in arrived)
    assert types == ["CV", "INF", "LBA", "LBA"]
    assert result.explanation["lba_to_japan"] == [] and used_all(dice)


def test_r6_support_with_no_ja_ashore_anywhere_holds(data):
    """R6: Support with no destination is Hold (its row has no fallback)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    result, _ = roll_order(state, data, "PH", "Support")
    assert result.explanation["tried"] == ["Support", "Hold"]


def test_r6_fewest_ja_forces_then_random_every_counter_counts(data):
    """R6: among destinations the fewest JA forces present wins, counting every counter (moved,
    unmoved, ships, embarked); equal counts go to a bot die."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "SI", "JA:2nd", "JA:Akagi", moved=True)  # 2 JA forces
    place(state, "NG", "JA:55th")  # 1
    result, _ = roll_order(state, data, "PH", "Support")
    assert result.destination == "NG"
    # now equal: NG 2 (55th + Kaga), SI 2 -> a bot d2 (face 1 = first candidate in map order: SI)
    place(state, "PH", "JA:Soryu")
    result, dice = roll_order(state, data, "PH", "Support", 1)
    assert "tied" in result.explanation["tie_break"] and result.destination == "SI"
    assert dice.rolls[-1].stream == "bot" and used_all(dice)


# --- South -----------------------------------------------------------------------------------


def test_r6_south_one_area_closer_to_australia(data):
    """R6: South from CI may go to NG or SI (1 from AU); SI has a JA force, so NG."""
    state = fresh(data, 1942)
    place(state, "CI", "JA:Kaga")
    place(state, "SI", "JA:Akagi")
    result, dice = roll_order(state, data, "CI", "South")
    assert result.destination == "NG" and used_all(dice)


def test_r6_south_never_enters_australia_and_next_to_it_becomes_east(data):
    """R6: South is impossible for forces already next to AU (NG): they carry out East instead
    (NG -> SI, one closer to HI, with JA ashore); the track moves by East's 0."""
    state = fresh(data, 1942)
    place(state, "NG", "JA:Kaga")
    place(state, "SI", "JA:2nd")
    result, dice = roll_order(state, data, "NG", "South")
    assert result.explanation["tried"] == ["South", "East"]
    assert result.destination == "SI" and state.ja_track == ROLL["South"][0]
    assert all(f.location != "AU" for f in state.forces.values() if f.side == "JA")


def test_r8_south_lba_go_to_japan_when_the_destination_has_no_ja_ashore(data):
    """R8/R41: South is a "*" row: with no JA ashore at the destination (counted before the
    order's own forces arrive) its LBA go to Japan; the INF go to the destination."""
    state = fresh(data, 1942)
    place(state, "CI", "JA:Kaga", "JA:2nd", "JA:38th", "JA:Mihoro", "JA:Genzan", "JA:Kanoya")
    place(state, "SI", "JA:Akagi")  # SI busier: NG chosen
    result, dice = roll_order(state, data, "CI", "South", 1, 1, 1)  # INF d2, LBA d3, d2
    assert result.destination == "NG"
    assert len(result.explanation["lba_to_japan"]) == 2
    for fid in result.explanation["lba_to_japan"]:
        assert state.forces[fid].location == "JA"
    ng_types = sorted(data.year(1942).cls[f.cls].type for f in state.at("NG", "JA"))
    assert ng_types == ["CV", "INF"] and used_all(dice)


def test_r8_star_lba_land_where_ja_is_ashore(data):
    """R8: the same South order into an area with JA ashore takes its LBA there."""
    state = fresh(data, 1942)
    place(state, "CI", "JA:Kaga", "JA:2nd", "JA:38th", "JA:Mihoro", "JA:Genzan", "JA:Kanoya")
    place(state, "SI", "JA:Akagi", "JA:Hiryu")
    place(state, "NG", "JA:55th")
    result, dice = roll_order(state, data, "CI", "South", 1, 1, 1)
    assert result.destination == "NG" and result.explanation["lba_to_japan"] == []
    assert len([f for f in state.at("NG", "JA") if data.year(1942).cls[f.cls].type == "LBA"]) == 2


# --- East and the East roll ------------------------------------------------------------------


@pytest.mark.parametrize(
    "face, fallback, dest",
    [
        (1, "Sortie", "SI"),
        (5, "Sortie", "SI"),
        (6, "Alaska", "AK"),
        (7, "Alaska", "AK"),
        (8, "Offensive", "NG"),
        (10, "Offensive", "NG"),
    ],
)
def test_r6_east_roll_1_5_sortie_6_7_alaska_8_10_offensive(data, face, fallback, dest):
    """procedures/R6: East with no neighbour closer to HI holding JA ashore (PH -> MA: none)
    rolls 1d10: 1-5 Sortie, 6-7 Alaska, 8-10 Offensive, and carries that order out."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "SI", "US:25th", "JA:2nd")  # Sortie target (both ashore)
    place(state, "BO", "JA:55th")  # Offensive: NG, free objective next to BO
    result, dice = roll_order(state, data, "PH", "East", face)
    assert result.explanation["tried"] == ["East", fallback]
    assert result.explanation["extra_rolls"] == [{"roll": face, "table": "east_roll", "result": fallback}]
    assert result.destination == dest and state.forces["JA:Kaga"].location == dest
    assert used_all(dice)


def test_r51_alaska_takes_east_numbers_and_its_lba_go_to_japan(data):
    """R51/R8: Alaska moves East's numbers to AK; with no JA ashore in AK its LBA go to Japan;
    the track does not move."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga", "JA:Mihoro", "JA:Genzan")
    result, dice = roll_order(state, data, "PH", "East", 6, 1)  # East roll 6; LBA d2
    assert result.order == "Alaska" and result.destination == "AK"
    assert state.forces["JA:Kaga"].location == "AK"
    assert len(result.explanation["lba_to_japan"]) == 1  # the other LBA is the last ashore
    assert state.ja_track == ROLL["East"][0]


def test_r40_east_roll_fallback_that_fails_is_hold_not_a_further_fallback(data):
    """R40: East -> Sortie (roll 3) with no Sortie target is Hold, not Offensive."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:55th")  # an Offensive target exists
    result, _ = roll_order(state, data, "PH", "East", 3)
    assert result.explanation["tried"] == ["East", "Sortie", "Hold"]
    assert state.forces["JA:Kaga"].location == "PH"


# --- Battle ----------------------------------------------------------------------------------


def test_r6_battle_ignores_areas_where_us_submarines_are_the_only_us_forces(data):
    """R6: Battle goes where US and JA forces both are, not where the US has only subs."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "SA", "US:SS Gp 1", "JA:Akagi")  # subs only: ignored
    place(state, "GI", "US:Chester/Louisville", "JA:Soryu", "JA:Hiryu")
    result, _ = roll_order(state, data, "PH", "Battle")
    assert [c["area"] for c in result.explanation["candidates"]] == ["GI"]
    assert result.destination == "GI"


def test_r6_battle_with_only_submarine_areas_holds(data):
    """R6: Battle with no area to join is Hold."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "SA", "US:SS Gp 1", "JA:Akagi")
    result, _ = roll_order(state, data, "PH", "Battle")
    assert result.explanation["tried"] == ["Battle", "Hold"]


def test_r8_battle_lba_go_to_japan_when_no_ja_ashore_there(data):
    """R8: Battle is a "*" row: into an area with US forces and JA ships only, its LBA go to
    Japan (one LBA; the other is the last ashore in PH and stays)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga", "JA:Mihoro", "JA:Genzan")
    place(state, "GI", "US:Chester/Louisville", "JA:Soryu")
    result, dice = roll_order(state, data, "PH", "Battle", 1)
    assert result.destination == "GI"
    [lba] = result.explanation["lba_to_japan"]
    assert state.forces[lba].location == "JA"


# --- Reinforce -------------------------------------------------------------------------------


def test_r6_reinforce_goes_to_an_objective_with_ja_ashore(data):
    """R6: Reinforce goes to an objective (NG) with JA INF or LBA ashore, not a non-objective
    area with JA ashore (BO in 1942)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:16th")
    place(state, "NG", "JA:Tainan")
    result, _ = roll_order(state, data, "PH", "Reinforce")
    assert [c["area"] for c in result.explanation["candidates"]] == ["NG"]
    assert result.destination == "NG"


def test_r6_reinforce_impossible_becomes_south(data):
    """R6: Reinforce with no objective holding JA ashore falls back to South (PH -> BO)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    result, _ = roll_order(state, data, "PH", "Reinforce")
    assert result.explanation["tried"] == ["Reinforce", "South"] and result.destination == "BO"


def test_r40_fallback_that_fails_is_hold(data):
    """R6/R40: Reinforce -> South, impossible next to AU, becomes Hold; Sortie -> Offensive,
    impossible, becomes Hold even though Offensive's own fallback (Battle) could go."""
    state = fresh(data, 1942)
    place(state, "NG", "JA:Kaga")
    result, _ = roll_order(state, data, "NG", "Reinforce")
    assert result.explanation["tried"] == ["Reinforce", "South", "Hold"]
    assert state.forces["JA:Kaga"].location == "NG"
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "GI", "US:Chester/Louisville", "JA:Soryu")  # Battle would be possible
    result, _ = roll_order(state, data, "PH", "Sortie")
    assert result.explanation["tried"] == ["Sortie", "Offensive", "Hold"]
    assert state.forces["JA:Kaga"].location == "PH" and state.ja_track == 15  # 12 + 4, clamped


# --- Sortie and Offensive --------------------------------------------------------------------


def test_r6_sortie_goes_where_both_sides_are_ashore(data):
    """R6: Sortie goes to an area with US and JA forces both ashore (not where the US only has
    ships, nor where US infantry is still on transports)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "GI", "US:Chester/Louisville", "JA:2nd")
    place(state, "SA", "US:32nd", embarked=True)
    place(state, "SA", "JA:38th")
    place(state, "SI", "US:25th", "JA:48th")
    result, _ = roll_order(state, data, "PH", "Sortie")
    assert [c["area"] for c in result.explanation["candidates"]] == ["SI"]
    assert result.destination == "SI"


def test_r6_sortie_impossible_becomes_offensive(data):
    """R6: Sortie with no target falls back to Offensive (track -8, not -4)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:55th")
    result, _ = roll_order(state, data, "PH", "Sortie")
    assert result.explanation["tried"] == ["Sortie", "Offensive"] and result.destination == "NG"
    assert state.ja_track == ROLL["Sortie"][0] - 8


def test_r6_offensive_closest_free_objective_next_to_ja_ashore(data):
    """R6: Offensive goes to the closest objective with no JA ashore that borders an area with
    JA ashore: from PH, NG (2, next to BO) beats MI (3, next to WI); NC is next to nothing held
    by Japan; objectives with JA ashore (SI) do not count."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:55th")
    place(state, "WI", "JA:6th Base")
    place(state, "SI", "JA:2nd")
    result, _ = roll_order(state, data, "PH", "Offensive")
    # free objectives next to JA ashore: NG (2 away), MI (3), GI and NC (4, next to SI)
    assert [c["area"] for c in result.explanation["candidates"]] == ["NG"]
    assert result.destination == "NG"
    assert "2 away" in result.explanation["destination_rule"]


def test_r6_offensive_impossible_becomes_battle(data):
    """R6: Offensive with no free objective next to JA ashore falls back to Battle."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "GI", "US:Chester/Louisville", "JA:Soryu")
    result, _ = roll_order(state, data, "PH", "Offensive")
    assert result.explanation["tried"] == ["Offensive", "Battle"] and result.destination == "GI"


def test_r42_destination_is_never_the_forces_own_area(data):
    """R42: Reinforce from an objective with JA ashore looks only at other objectives."""
    state = fresh(data, 1942)
    place(state, "NG", "JA:Kaga", "JA:55th", "JA:20th")
    result, _ = roll_order(state, data, "NG", "Reinforce", 1)  # Hold picks one INF: d2
    assert result.explanation["tried"] == ["Reinforce", "South", "Hold"]


# --- R10 battalions for missing infantry -----------------------------------------------------


def test_r10_battalion_for_each_missing_infantry_into_an_area_with_us_forces(data):
    """R10: Battle (1 INF) into an area with US forces, with no INF able to go: one battalion
    joins at the destination, on a transport, taken from the battalion box first."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "GI", "US:Chester/Louisville", "JA:Soryu")
    boxed = battalion(state, data, "JA", BATTALIONS)
    result, _ = roll_order(state, data, "PH", "Battle")
    assert result.explanation["battalions_added"] == [boxed.id]
    assert boxed.location == "GI" and boxed.embarked and boxed.moved
    # the pool is unlimited: with the box empty a new counter is made
    state2 = fresh(data, 1942)
    place(state2, "PH", "JA:Kaga")
    place(state2, "GI", "US:Chester/Louisville", "JA:Soryu")
    result2, _ = roll_order(state2, data, "PH", "Battle")
    [new] = result2.explanation["battalions_added"]
    assert state2.forces[new].location == "GI"


def test_r10_sortie_two_infantry_one_available_one_battalion_infantry_embarked(data):
    """R10: Sortie (2 INF) takes the one INF that may leave (the other is the last ashore) and
    adds one battalion; JA infantry entering an area with US forces ride transports."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga", "JA:16th", "JA:48th")
    place(state, "SI", "US:25th", "JA:2nd")
    result, dice = roll_order(state, data, "PH", "Sortie", 1)  # INF d2
    assert len(result.explanation["battalions_added"]) == 1
    inf = [i for i in result.moved if i in ("JA:16th", "JA:48th")]
    assert len(inf) == 1 and state.forces[inf[0]].embarked
    assert used_all(dice)


def test_r10_no_battalions_where_no_us_forces_are(data):
    """R10: Offensive (3 INF) into a free objective with no US forces moves no INF and gets no
    battalions; INF moving into an area without US forces land at once (not on transports)."""
    state = fresh(data, 1942)
    place(state, "PH", "JA:Kaga")
    place(state, "BO", "JA:55th")
    result, _ = roll_order(state, data, "PH", "Offensive")
    assert result.destination == "NG" and result.explanation["battalions_added"] == []
    state2 = fresh(data, 1942)
    place(state2, "PH", "JA:Kaga", "JA:16th", "JA:48th")
    place(state2, "BO", "JA:55th")
    roll_order(state2, data, "PH", "Offensive", 1)
    landed = [f for f in state2.at("NG", "JA") if f.id in ("JA:16th", "JA:48th")]
    assert len(landed) == 1 and not landed[0].embarked


def test_r10_pinned_infantry_count_as_missing(data):
    """R10/R3: JA INF pinned by US forces cannot go, so a Sortie from there into an area with US
    forces gets a battalion for each of its 2 INF."""
    state = fresh(data, 1942)
    place(state, "SA", "US:Chester/Louisville", "JA:Kaga", "JA:2nd", "JA:38th")
    place(state, "SI", "US:25th", "JA:48th")
    bot = OrdersBot(state, data, ScriptedDice([]))
    bot.place_moved_markers()
    assert state.forces["JA:2nd"].moved and state.forces["JA:38th"].moved
    result, _ = roll_order(state, data, "SA", "Sortie")
    assert result.moved[0] == "JA:Kaga" and len(result.explanation["battalions_added"]) == 2
    assert state.forces["JA:2nd"].location == "SA"
