"""The game data: `nimitz data check`, the loader's messages on broken copies, and facts checks.

Facts come from ../shared/rules/facts.md (section named in each test); rulings from
../shared/rules/rulings.md (R-numbers).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.errors import DataError
from nimitz.model import data as data_mod
from nimitz.model.data import YEARS, load_raw
from nimitz.model.datacheck import check_data
from nimitz.model.load import load_game_data
from nimitz.model.ratings import Rating, RatingPair

# --- the shipped data --------------------------------------------------------------------------


def test_data_check_passes_on_the_shipped_data(runner):
    result = runner.invoke(cli, ["data", "check"])
    assert result.exit_code == 0, result.output
    assert "All game data is valid" in result.output
    assert "campaigns/map.toml: 20 areas" in result.output
    for year in YEARS:
        assert f"campaigns/{year}.toml:" in result.output


def test_loader_and_checks_find_no_problem_in_the_shipped_data():
    data, problems = load_raw()
    assert problems == []
    assert data is not None
    assert check_data(data) == []


def test_fingerprint_is_stable_and_follows_the_bytes(data_copy):
    first, _ = load_raw(data_copy)
    again, _ = load_raw(data_copy)
    assert first.fingerprint == again.fingerprint
    path = data_copy / "bot_tables/battle.toml"
    path.write_text(path.read_text() + "\n# a comment changes the bytes\n")
    changed, problems = load_raw(data_copy)
    assert problems == []
    assert changed.fingerprint != first.fingerprint


# --- broken copies: each problem names file, table and key -------------------------------------


def _edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text()
    assert text.count(old) >= 1, f"{old!r} not in {rel}: the test's anchor moved"
    path.write_text(text.replace(old, new, 1))


def _problems(root: Path) -> list[str]:
    data, problems = load_raw(root)
    if data is not None:
        problems = check_data(data)
    return problems


def _one_problem_containing(problems: list[str], *parts: str) -> str:
    hits = [p for p in problems if all(part in p for part in parts)]
    assert hits, f"no problem mentions {parts}: {problems}"
    return hits[0]


def test_asymmetric_adjacency_is_reported(data_copy):
    # WC lists SA; SA does not list WC.
    _edit(data_copy, "campaigns/map.toml", 'adjacent = ["AK", "HI"]', 'adjacent = ["AK", "HI", "SA"]')
    problems = _problems(data_copy)
    _one_problem_containing(problems, "campaigns/map.toml", "area.WC.adjacent", "SA", "not back")


def test_unknown_area_in_a_setup_is_reported(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'SA = ["MAG 13"]', 'XX = ["MAG 13"]')
    problems = _problems(data_copy)
    _one_problem_containing(problems, "campaigns/1942.toml", "setup.US.XX", "unknown area")


def test_unit_placed_twice_is_reported(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'WC = ["DESRON 2"]', 'WC = ["DESRON 2", "DESRON 1"]')
    problems = _problems(data_copy)
    _one_problem_containing(problems, "campaigns/1942.toml", "setup.US", "'DESRON 1'", "placed 2 times")


def test_unit_never_placed_is_reported(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'WC = ["DESRON 2"]\n', "")
    problems = _problems(data_copy)
    _one_problem_containing(problems, "campaigns/1942.toml", "setup.US", "'DESRON 2'", "never placed")


def test_misspelled_key_is_refused_forbid_extra_keys(data_copy):
    # Yamato's class: `cost` misspelled `cots`.
    _edit(
        data_copy,
        "campaigns/1942.toml",
        'cost = 4\naaa = ["3", "2"]\nsurface = ["7", "4"]',
        'cots = 4\naaa = ["3", "2"]\nsurface = ["7", "4"]',
    )
    data, problems = load_raw(data_copy)
    assert data is None
    msg = _one_problem_containing(problems, "campaigns/1942.toml", "extra fields", "cots")
    assert "class[" in msg  # the TOML table's name, not the attribute's ("classes")
    _one_problem_containing(problems, "campaigns/1942.toml", "required field missing", ".cost")


def test_misspelled_key_in_the_map_names_the_area_table(data_copy):
    _edit(data_copy, "campaigns/map.toml", "airfield = 5", "airfeld = 5")
    data, problems = load_raw(data_copy)
    assert data is None
    _one_problem_containing(problems, "campaigns/map.toml", "airfeld", "area[")


def test_bad_rating_string_is_reported_with_the_value(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'surface = ["7", "4"]', 'surface = ["4/x", "4"]')
    data, problems = load_raw(data_copy)
    assert data is None
    _one_problem_containing(problems, "campaigns/1942.toml", "class[", ".surface", "'4/x'", "not a rating")


def test_rating_whose_superior_is_above_its_value_is_refused(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'surface = ["7", "4"]', 'surface = ["2/5", "4"]')
    problems = _problems(data_copy)
    _one_problem_containing(problems, "campaigns/1942.toml", ".surface", "superior")


def test_gap_in_the_orders_chart_is_reported(data_copy):
    _edit(data_copy, "bot_tables/orders.toml", 'name = "Refit"\nlo = 4', 'name = "Refit"\nlo = 5')
    problems = _problems(data_copy)
    _one_problem_containing(problems, "bot_tables/orders.toml", "order[1]", "gap", "expected 4")


def test_overlap_in_the_battle_length_table_is_reported(data_copy):
    _edit(data_copy, "bot_tables/battle.toml", "lo = 3\nhi = 5\nturns = 2", "lo = 2\nhi = 5\nturns = 2")
    problems = _problems(data_copy)
    _one_problem_containing(problems, "bot_tables/battle.toml", "length[1]", "overlap")


def test_missing_file_is_reported(data_copy):
    (data_copy / "bot_tables/reinforcements.toml").unlink()
    data, problems = load_raw(data_copy)
    assert data is None
    _one_problem_containing(problems, "bot_tables/reinforcements.toml", "file not found")


def test_invalid_toml_is_reported_with_its_line(data_copy):
    path = data_copy / "campaigns/1943.toml"
    path.write_text(path.read_text() + "\n[[class]\n")
    data, problems = load_raw(data_copy)
    assert data is None
    _one_problem_containing(problems, "campaigns/1943.toml", "not valid TOML", "line")


def test_load_game_data_raises_data_error_listing_every_problem(data_copy):
    _edit(data_copy, "campaigns/1942.toml", 'SA = ["MAG 13"]', 'XX = ["MAG 13"]')
    _edit(data_copy, "campaigns/map.toml", 'adjacent = ["AK", "HI"]', 'adjacent = ["AK", "HI", "SA"]')
    with pytest.raises(DataError) as err:
        load_game_data(data_copy)
    assert len(err.value.problems) >= 2
    assert "setup.US.XX" in str(err.value) and "area.WC.adjacent" in str(err.value)


def test_cli_data_check_on_broken_data_exits_1_without_traceback(runner, data_copy, monkeypatch):
    _edit(data_copy, "campaigns/1942.toml", 'SA = ["MAG 13"]', 'XX = ["MAG 13"]')
    monkeypatch.setattr(data_mod, "data_root", lambda: data_copy)
    result = runner.invoke(cli, ["data", "check"])
    assert result.exit_code == 1  # a check that fails (docs/cli.md)
    assert "setup.US.XX" in result.output
    assert "problem(s) in the game data" in result.output
    assert "Traceback" not in result.output


# --- facts: the map (facts.md "Map") -----------------------------------------------------------


def test_map_has_20_areas_and_34_movement_lines(data):
    m = data.map
    assert len(m.areas) == 20
    lines = {frozenset((a.code, n)) for a in m.areas for n in a.adjacent}
    assert len(lines) == 34
    assert m.area["SI"].airfield == 6 and m.area["PH"].airfield == 9 and m.area["MI"].airfield == 2
    assert {a.code for a in m.areas if a.unlimited_airfield} == {"WC", "HI", "AU"}
    assert {a.code for a in m.areas if a.australian} == {"AU", "BO", "NG", "SI", "NC"}
    assert {a.code for a in m.areas if a.home == "US"} == {"WC", "AU"}
    assert {a.code for a in m.areas if a.home == "JA"} == {"JA", "EA"}


# facts.md "Step distances": area -> (to JA, to HI, to AU, closer to JA, closer to HI, closer to AU)
STEP_DISTANCES = {
    "HI": (5, 0, 3, "MI", "", "GI SA"),
    "AK": (5, 1, 4, "MI", "HI", "HI"),
    "MI": (4, 1, 4, "WI", "HI", "HI WI"),
    "WI": (3, 2, 3, "MA", "MI", "ML"),
    "ML": (4, 2, 2, "CI WI", "GI", "SI"),
    "GI": (5, 1, 2, "ML SI", "HI", "SI"),
    "SA": (6, 1, 2, "GI HI NC", "HI", "NC"),
    "NC": (5, 2, 1, "AU SI", "SA", "AU"),
    "SI": (4, 2, 1, "CI", "GI", "AU"),
    "NG": (4, 3, 1, "BO CI", "SI", "AU"),
    "BO": (3, 4, 1, "PH", "NG AU", "AU"),
    "CI": (3, 3, 2, "MA", "ML SI", "NG SI"),
    "MA": (2, 3, 3, "IJ", "WI", "CI PH"),
    "PH": (2, 4, 2, "EA OK", "MA", "BO"),
    "IJ": (1, 4, 4, "JA", "MA", "MA"),
    "OK": (1, 5, 3, "JA", "PH", "PH"),
    "EA": (1, 5, 3, "JA", "PH", "PH"),
    "JA": (0, 5, 4, "", "IJ", "EA OK"),
}
TARGETS = ("JA", "HI", "AU")


@pytest.mark.parametrize("area", sorted(STEP_DISTANCES))
def test_step_distances_match_facts_R6(data, area):
    """R6: shortest paths over the movement lines, never through WC or AU (Japan's no-go)."""
    row = STEP_DISTANCES[area]
    for target, expected in zip(TARGETS, row[:3], strict=True):
        assert data.map.distances(target, avoid_home="US")[area] == expected, (area, target)


@pytest.mark.parametrize("area", sorted(STEP_DISTANCES))
def test_closer_neighbours_match_facts_R6(data, area):
    """R6 "closer to X": an adjacent area one step nearer. Japan never enters WC or AU, so
    those are left out of facts.md's lists (which were derived without that restriction)."""
    for target, listed in zip(TARGETS, STEP_DISTANCES[area][3:], strict=True):
        dist = data.map.distances(target, avoid_home="US")
        closer = {
            n for n in data.map.area[area].adjacent if n in dist and n not in ("WC", "AU") and dist[n] == dist[area] - 1
        }
        assert closer == set(listed.split()) - {"WC", "AU"}, (area, target)


def test_distance_spot_checks_from_the_brief(data):
    m = data.map
    assert m.distances("JA", avoid_home="US")["HI"] == 5
    assert m.distances("JA", avoid_home="US")["SA"] == 6
    assert m.distances("JA", avoid_home="US")["IJ"] == 1
    to_au = m.distances("AU", avoid_home="US")
    assert {n for n in m.area["CI"].adjacent if to_au.get(n) == to_au["CI"] - 1} == {"NG", "SI"}


def test_distances_never_pass_through_wc_or_au_R6(data):
    m = data.map
    to_ja = m.distances("JA", avoid_home="US")
    assert "WC" not in to_ja and "AU" not in to_ja
    # without the restriction both are reachable
    plain = m.distances("JA")
    assert "WC" in plain and "AU" in plain


def test_rulebook_distance_checks(data):
    """facts.md's checks against the rulebooks: PH's South reaches only BO; MI, SI and NG are
    4 moves from Japan; Wake is Midway's only link to the Marianas."""
    m = data.map
    to_au = m.distances("AU", avoid_home="US")
    assert [n for n in m.area["PH"].adjacent if to_au.get(n) == to_au["PH"] - 1] == ["BO"]
    to_ja = m.distances("JA", avoid_home="US")
    assert (to_ja["MI"], to_ja["SI"], to_ja["NG"]) == (4, 4, 4)
    assert "MA" not in m.area["MI"].adjacent and "MA" in m.area["WI"].adjacent


# --- facts: counter values (facts.md "Force roster", 1942) -------------------------------------


def _cls(data, year: int, side: str, unit: str):
    return data.year(year).unit_class[(side, unit)]


def test_1942_kaga_aaa_is_4_2_damaged_2_1(data):
    kaga = _cls(data, 1942, "JA", "Kaga")
    assert kaga.type == "CV" and kaga.cost == 1
    assert kaga.aaa == RatingPair(Rating(4, 2), Rating(2, 1))
    assert kaga.dc == RatingPair(Rating(2), Rating(1))
    assert kaga.values_text() == "AAA 4/2 DC 2"
    assert kaga.values_text(damaged=True) == "AAA 2/1 DC 1"


def test_1942_yamato_starts_in_reinforcements_cost_4_surface_7_4(data):
    sheet = data.year(1942)
    yamato = _cls(data, 1942, "JA", "Yamato/Musashi")
    assert yamato.type == "BB" and yamato.cost == 4
    assert str(yamato.surface) == "7(4)"
    assert str(yamato.aaa) == "3(2)"
    assert "Yamato/Musashi" in sheet.setup["JA"]["RE"]


def test_1942_carrier_aircraft_values(data):
    sheet = data.year(1942)
    assert str(sheet.cls["us-sbd"].ship) == "4(2)" and str(sheet.cls["us-sbd"].ground) == "3(2)"
    assert str(sheet.cls["us-f4f"].dogfight) == "5/3(3/2)"
    assert str(sheet.cls["ja-a6m"].dogfight) == "8/4(4/2)"
    assert str(sheet.cls["ja-b5n"].ship) == "6(3)"


def test_1942_genzan_costs_2_as_on_the_counter(data):
    """facts.md 3.1 #4: the counter shows [2] (a transcription says 3); we follow the counter."""
    genzan = _cls(data, 1942, "JA", "Genzan")
    assert genzan.cost == 2
    assert str(genzan.dogfight) == "6/3(3/2)" and str(genzan.ship) == "2(1)"


@pytest.mark.parametrize("year", YEARS)
def test_battalions_cost_0_on_both_sides_R23(data, year):
    battalions = [c for c in data.year(year).classes if c.type == "BN"]
    assert {c.side for c in battalions} == {"US", "JA"}
    assert all(c.cost == 0 and c.buy_cost == 0 for c in battalions)
    assert all(c.infantry == RatingPair(Rating(1), Rating(0)) for c in battalions)


def test_1942_us_counter_spot_checks(data):
    lex = _cls(data, 1942, "US", "Lexington")
    assert (lex.cost, lex.purchase, lex.buy_cost, lex.repair_cost) == (1, 5, 5, 2)
    assert lex.aaa == RatingPair(Rating(2, 1), Rating(1, 0))  # a superior of 0 never hits twice
    desron = _cls(data, 1942, "US", "DESRON 12")
    assert (desron.cost, str(desron.aaa), str(desron.surface), str(desron.dc)) == (2, "3(2)", "2(1)", "3(2)")
    marine = _cls(data, 1942, "US", "2nd Marine")
    assert marine.marine and marine.cost == 2 and str(marine.infantry) == "5(3)"
    abda = _cls(data, 1942, "US", "CRU ABDA")
    assert abda.australian and "CRU ABDA" in data.year(1942).setup["US"]["AU"]
    b17 = _cls(data, 1942, "US", "11th BG")
    assert b17.is_bomber and str(b17.ground) == "4(2)"
    inf = _cls(data, 1942, "JA", "51st")
    assert inf.cost == 1 and str(inf.infantry) == "3(2)"


# --- facts: the campaign sheets (facts.md 1.3, 1.12, 1.13) -------------------------------------

OBJ_1942 = ["AK", "HI", "MI", "GI", "SA", "SI", "NG", "NC"]
OBJ_1943 = OBJ_1942 + ["WI", "ML"]
OBJ_1944 = OBJ_1943 + ["BO", "IJ", "MA", "PH"]
OBJ_1945 = OBJ_1944 + ["OK", "CI"]
SHEETS = {
    # year: (turns, SP per turn, objectives, evaluation minimums Great..Replaced, port boxes)
    1942: (6, 21, OBJ_1942, [8, 7, 5, 4, 0], ["P1"]),
    1943: (6, 23, OBJ_1943, [10, 8, 6, 5, 0], ["P1", "P2"]),
    1944: (6, 27, OBJ_1944, [14, 12, 9, 7, 0], ["P1", "P2", "P3"]),
    1945: (4, 36, OBJ_1945, [19, 18, 15, 7, 0], ["P1", "P2", "P3"]),
}


@pytest.mark.parametrize("year", YEARS)
def test_year_sheet_turns_supply_objectives_evaluation(data, year):
    turns, sp, objectives, mins, ports = SHEETS[year]
    sheet = data.year(year)
    assert sheet.year == year
    assert sheet.turns == turns
    assert sheet.us_supply == sp
    assert sorted(sheet.objectives) == sorted(objectives)
    assert [lv.name for lv in sheet.evaluation] == ["Great", "Good", "Historical", "Poor", "Replaced"]
    assert [lv.min for lv in sheet.evaluation] == mins
    assert list(sheet.port_boxes) == ports


def test_evaluation_levels_and_replaced_line_R21(data):
    s42 = data.year(1942)
    assert [s42.level_for(n) for n in (8, 7, 6, 5, 4, 3, 0)] == [
        "Great",
        "Good",
        "Historical",
        "Historical",
        "Poor",
        "Replaced",
        "Replaced",
    ]
    assert s42.replaced_max == 3
    assert data.year(1945).replaced_max == 6


def test_special_rules_by_year(data):
    assert data.year(1944).special.extra_ja_infantry_per_reinforce == 2
    assert [data.year(y).special.strategic_bombing for y in YEARS] == [False, False, True, True]
    assert [data.year(y).special.invasion_box for y in YEARS] == [False, False, False, True]
    assert sorted(data.year(1945).special.no_ja_orders_in) == ["IJ", "OK"]
    assert [(lv.min, lv.points) for lv in data.year(1945).invasion_points] == [(50, 1), (80, 2), (100, 3)]


def test_linked_campaign_levels(data):
    levels = [(lv.name, lv.min) for lv in data.map.linked.levels]
    assert levels == [("Great", 50), ("Good", 45), ("Historical", 35), ("Poor", 26), ("Dismal", 0)]


def test_1942_counts_no_designed_values(data):
    assert not any(c.designed for c in data.year(1942).classes)


def test_later_year_classes_are_designed_except_the_printed_1943_ones_R22(data):
    undesigned = {c.id: c for c in data.year(1943).classes if not c.designed}
    assert sorted(u for c in undesigned.values() for u in c.units) == ["CVE Grp 1", "Princeton"]
    for year in (1944, 1945):
        assert [c.id for c in data.year(year).classes if not c.designed] == [], year


def test_printed_1943_counters_princeton_and_cve_grp_1(data):
    princeton = _cls(data, 1943, "US", "Princeton")
    assert (princeton.type, princeton.purchase, princeton.cost) == ("CVL", 4, 1)
    assert princeton.aaa.full == Rating(4, 2) and princeton.dc.full == Rating(1)
    cve = _cls(data, 1943, "US", "CVE Grp 1")
    assert (cve.type, cve.purchase, cve.cost) == ("CVE", 3, 1)
    assert cve.aaa.full == Rating(4, 2) and cve.dc.full == Rating(2)


def _group(data, year, side, unit):
    sheet = data.year(year)
    group = sheet.air_group(side, sheet.unit_class[(side, unit)])
    assert group is not None
    return Counter(sheet.cls[a].name.split()[0] for a in group.aircraft)


def test_air_groups_R11(data):
    """facts.md 1.8: carrier air groups by year, carrier type and purchase cost."""
    assert _group(data, 1942, "US", "Yorktown") == Counter({"F4F": 1, "SBD": 2, "TBD": 1})
    assert _group(data, 1942, "JA", "Kaga") == Counter({"A6M": 1, "D3A": 1, "B5N": 1})
    assert _group(data, 1942, "JA", "Hosho") == Counter({"A6M": 1, "D3A": 1})
    assert _group(data, 1942, "JA", "Taiyo") == Counter({"D3A": 1})
    sheet = data.year(1943)
    cv6 = [c for c in sheet.classes if c.side == "US" and c.type == "CV" and c.purchase == 6]
    cv5 = [c for c in sheet.classes if c.side == "US" and c.type == "CV" and c.purchase == 5]
    assert cv6 and cv5
    assert all(len(sheet.air_group("US", c).aircraft) == 5 for c in cv6)
    assert all(len(sheet.air_group("US", c).aircraft) == 4 for c in cv5)
    assert _group(data, 1943, "US", "Princeton") == Counter({"F6F": 1, "SBD": 1, "TBF": 1})
    assert _group(data, 1943, "US", "CVE Grp 1") == Counter({"F6F": 1, "SBD": 1})
    # 1944-45: SB2C replaces SBD
    for year in (1944, 1945):
        groups = [g for g in data.year(year).air_groups if g.side == "US"]
        kinds = {data.year(year).cls[a].name.split()[0] for g in groups for a in g.aircraft}
        assert "SB2C" in kinds and "SBD" not in kinds, year


@pytest.mark.parametrize("year", YEARS)
def test_every_set_up_carrier_has_an_air_group_R11(data, year):
    sheet = data.year(year)
    for c in sheet.classes:
        if c.is_carrier and c.units:
            assert sheet.air_group(c.side, c) is not None, c.id


# --- facts: the bot tables (facts.md 1.6, 1.8, 1.11; rulings R1, R2, R8, R13) -------------------

ORDERS = [  # name, lo, hi, ships, infantry, lba, track (R2)
    ("Hold", -99, 3, 6, 1, 3, 4),
    ("Refit", 4, 7, 3, 1, 3, 2),
    ("Withdraw", 8, 10, 2, 1, 2, 1),
    ("Support", 11, 11, 3, 1, 2, 1),
    ("South", 12, 12, 3, 1, 2, 0),
    ("East", 13, 13, 4, 1, 2, 0),
    ("Battle", 14, 14, 4, 1, 2, 0),
    ("Reinforce", 15, 16, 4, 1, 3, 0),
    ("Sortie", 17, 18, 5, 2, 2, -4),
    ("Offensive", 19, 99, 7, 3, 0, -8),
]


def test_orders_chart_ed3_R2_R7(data):
    rows = [(o.name, o.lo, o.hi, o.ships, o.infantry, o.lba, o.track) for o in data.orders.order]
    assert rows == ORDERS
    assert data.orders.for_roll(-5).name == "Hold" and data.orders.for_roll(25).name == "Offensive"
    fallbacks = {o.name: o.fallback for o in data.orders.order}
    assert (
        fallbacks["South"],
        fallbacks["East"],
        fallbacks["Reinforce"],
        fallbacks["Sortie"],
        fallbacks["Offensive"],
    ) == ("East", "east_roll", "South", "Offensive", "Battle")
    east = [(r.lo, r.hi, r.order) for r in data.orders.east_roll]
    assert east == [(1, 5, "Sortie"), (6, 7, "Alaska"), (8, 10, "Offensive")]


def test_orders_starred_rows_send_lba_to_japan_R8(data):
    """R8 names the rows whose LBA go to Japan: South, Battle, East and the Alaska fallback.

    The map chart also stars Withdraw; the ruling governs (rulings.md: rulings settle conflicts)."""
    starred = {name for name, o in data.orders.by_name.items() if o.lba_to_japan_if_no_ashore}
    assert starred == {"South", "Battle", "East", "Alaska"}
    assert not {"Hold", "Refit", "Support", "Reinforce", "Sortie", "Offensive"} & starred


def test_order_modifier_presets_R1(data):
    o = data.orders
    assert [o.modifier("map", 1944, t) for t in (0, 3, 4, 7, 8, 11, 12, 15)] == [5, 5, 5, 5, 6, 6, 6, 6]
    assert [o.modifier("rulebook", 1944, t) for t in (0, 4, 9, 15)] == [-1, 1, 3, 6]
    assert [o.modifier("map", 1943, t) for t in (0, 4, 8, 12)] == [1, 2, 4, 8]
    assert [o.modifier("rulebook", 1945, t) for t in (0, 4, 8, 12)] == [-2, 0, 2, 5]
    assert {y: o.scouted_modifier[str(y)] for y in YEARS} == {1942: 2, 1943: 0, 1944: -2, 1945: -3}
    assert (o.track_min, o.track_max, o.scouted_dice, o.order_dice) == (0, 15, 2, 1)


def test_reinforcement_table_ed3_R18(data):
    t = data.reinforcements
    expected = {
        0: (1, 0, 0),
        1: (1, 1, 0),
        5: (1, 1, 1),
        6: (2, 1, 1),
        11: (2, 2, 1),
        12: (2, 2, 2),
        17: (3, 2, 2),
        18: (3, 3, 3),
        -7: (1, 0, 0),
        40: (3, 3, 3),
    }
    for roll, row in expected.items():
        r = t.for_roll(roll)
        assert (r.ships, r.infantry, r.lba) == row, roll
    assert t.battalions_per_missing == 2


def test_battle_tables(data):
    b = data.battle
    assert [b.turns_for(r) for r in range(1, 11)] == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4]
    assert [b.plans_for(n) for n in (1, 4, 5, 9, 10, 16, 17, 40)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert b.min_turns == 1


def test_ja_plan_cup_holds_two_of_each_plan_R13(data):
    plans = data.ja_plans.plan
    assert len(plans) == 14
    assert all(p.copies == 2 for p in plans)


def test_us_plan_costs(data):
    costs = {p.name: p.cost for p in data.us_plans.plan}
    assert costs["Damage Control"] == 4 and costs["Leathernecks"] == 0 and costs["ASW"] == 3
    assert len(costs) == 16


def test_an_unknown_cancel_hit_target_is_reported(data_copy):
    """The cancel_hit vocabulary (R61: `force`, not `any`) is checked, naming file, plan, key."""
    path = data_copy / "bot_tables" / "ja_plans.toml"
    text = path.read_text()
    path.write_text(text.replace('targets = ["force"]', 'targets = ["anything"]', 1))
    problems = _problems(data_copy)
    _one_problem_containing(problems, "bot_tables/ja_plans.toml", "plan.damage_control.effect.targets", "'anything'")
