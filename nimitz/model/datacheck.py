"""Cross-checks of the game data: what a schema alone cannot see.

Each problem names the file, the table and the key, so a data fix never needs a debugger.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from nimitz.model.data import (
    CARRIER_TYPES,
    FORCE_TYPES,
    REINFORCEMENT_POOL,
    SIDES,
    GameData,
    GameMap,
    Level,
    YearSheet,
)
from nimitz.model.optional_rules import optional_rules_problems

MAP = "campaigns/map.toml"
CANCEL_TARGETS = ("force", "carrier", "aircraft", "infantry_ashore", "airfield")  # cancel_hit


def _coverage(rows: Iterable[Any], lo: int, hi: int, where: str) -> list[str]:
    """Rows (with .lo/.hi) must cover lo..hi exactly once, in order."""
    problems = []
    expected = lo
    for i, row in enumerate(rows):
        if row.lo > row.hi:
            problems.append(f"{where}[{i}]: lo {row.lo} is above hi {row.hi}")
        if row.lo != expected:
            kind = "gap" if row.lo > expected else "overlap"
            problems.append(f"{where}[{i}]: {kind}: starts at {row.lo}, expected {expected}")
        expected = row.hi + 1
    if expected != hi + 1:
        problems.append(f"{where}: rows end at {expected - 1}, expected {hi}")
    return problems


def check_map(m: GameMap) -> list[str]:
    p = []
    codes = [a.code for a in m.areas]
    for code, n in Counter(codes).items():
        if n > 1:
            p.append(f"{MAP}: area.{code}: code used {n} times")
    if len(codes) != 20:
        p.append(f"{MAP}: area: {len(codes)} areas, the map has 20")
    cells = Counter((a.map_col, a.map_row) for a in m.areas)
    for a in m.areas:
        if a.home not in ("", "US", "JA"):
            p.append(f"{MAP}: area.{a.code}.home: {a.home!r} is not '', 'US' or 'JA'")
        if cells[(a.map_col, a.map_row)] > 1:
            p.append(f"{MAP}: area.{a.code}.map_col/map_row: shares its map cell with another area")
        for near in a.adjacent:
            if near not in m.area:
                p.append(f"{MAP}: area.{a.code}.adjacent: unknown area {near!r}")
            elif a.code not in m.area[near].adjacent:
                p.append(f"{MAP}: area.{a.code}.adjacent: {near} is adjacent to {a.code} but not back")
            if near == a.code:
                p.append(f"{MAP}: area.{a.code}.adjacent: an area cannot be adjacent to itself")
    for b in m.boxes:
        if b.code in m.area:
            p.append(f"{MAP}: box.{b.code}: the code is also an area code")
        if b.side not in SIDES:
            p.append(f"{MAP}: box.{b.code}.side: {b.side!r} is not US or JA")
    for kind in ("port", "pool", "raiding", "bombing", "invasion", "battalions"):
        if not any(b.kind == kind for b in m.boxes):
            p.append(f"{MAP}: box: no box of kind {kind!r}")
    p += _levels(m.linked.levels, f"{MAP}: linked.levels")
    # every area reaches every other (the distance rules of R6 need a connected map)
    if m.areas and len(m.distances(m.areas[0].code)) != len(m.areas):
        p.append(f"{MAP}: area: the movement lines do not connect every area")
    return p


def _levels(levels: Sequence[Level], where: str) -> list[str]:
    p = []
    mins = [lv.min for lv in levels]
    if not levels:
        return [f"{where}: no levels"]
    if mins != sorted(mins, reverse=True) or len(set(mins)) != len(mins):
        p.append(f"{where}: minimums must fall strictly from the best level to the worst")
    if mins[-1] != 0:
        p.append(f"{where}: the worst level must start at 0")
    return p


def check_year(y: YearSheet, m: GameMap, where: str) -> list[str]:
    p = []
    if y.turns < 1:
        p.append(f"{where}: turns: must be at least 1")
    for code in y.objectives:
        if code not in m.area:
            p.append(f"{where}: objectives: unknown area {code!r}")
    p += _levels(y.evaluation, f"{where}: evaluation")
    for code in y.port_boxes:
        if code not in m.box or m.box[code].kind != "port":
            p.append(f"{where}: port_boxes: {code!r} is not a port box")
    for code in y.special.no_ja_orders_in:
        if code not in m.area:
            p.append(f"{where}: special.no_ja_orders_in: unknown area {code!r}")
    ids = Counter(c.id for c in y.classes)
    for cid, n in ids.items():
        if n > 1:
            p.append(f"{where}: class.{cid}: id used {n} times")
    units: Counter[tuple[str, str]] = Counter()
    for c in y.classes:
        w = f"{where}: class.{c.id}"
        if c.side not in SIDES:
            p.append(f"{w}.side: {c.side!r} is not US or JA")
        if c.type not in FORCE_TYPES:
            p.append(f"{w}.type: {c.type!r} is not one of {' '.join(FORCE_TYPES)}")
        if c.cost < 0 or c.purchase < 0:
            p.append(f"{w}.cost: must not be negative")
        if c.is_carrier and c.side == "US" and not c.purchase:
            p.append(f"{w}.purchase: a US carrier needs its purchase cost")
        if c.is_aircraft and not (c.dogfight.full or c.ship.full or c.ground.full):
            p.append(f"{w}: an aircraft needs a dogfight, ship or ground value")
        if c.type in ("INF", "BN") and not c.infantry.full and c.type == "INF":
            p.append(f"{w}.infantry: an infantry counter needs an attack value")
        if c.type == "CAG" and c.units:
            p.append(f"{w}.units: carrier aircraft are made for each battle (R11), not set up")
        for u in c.units:
            units[(c.side, u)] += 1
    for (side, u), n in units.items():
        if n > 1:
            p.append(f"{where}: class: {side} unit {u!r} listed {n} times")
    placed: Counter[tuple[str, str]] = Counter()
    for side, places in y.setup.items():
        if side not in SIDES:
            p.append(f"{where}: setup.{side}: not a side (US or JA)")
            continue
        for place, names in places.items():
            w = f"{where}: setup.{side}.{place}"
            p += _check_place(place, side, m, y, w)
            for name in names:
                placed[(side, name)] += 1
                cls = y.unit_class.get((side, name))
                if cls is None:
                    p.append(f"{w}: {name!r} is no {side} counter of this year")
                    continue
                if place in m.area and cls.australian and not m.area[place].australian:
                    p.append(f"{w}: {name!r} is Australian but {place} has no Australian flag")
    for key, n in placed.items():
        if n > 1:
            p.append(f"{where}: setup.{key[0]}: {key[1]!r} placed {n} times")
    for key in units:
        if key not in placed:
            p.append(f"{where}: setup.{key[0]}: {key[1]!r} is never placed")
    for side, counts in y.battalions.items():
        if side not in SIDES:
            p.append(f"{where}: battalions.{side}: not a side (US or JA)")
            continue
        if not any(c.side == side and c.type == "BN" for c in y.classes):
            p.append(f"{where}: battalions.{side}: no {side} battalion class (type BN)")
        for place, count in counts.items():
            p += _check_place(place, side, m, y, f"{where}: battalions.{side}.{place}")
            if count < 1:
                p.append(f"{where}: battalions.{side}.{place}: count must be at least 1")
    for i, g in enumerate(y.air_groups):
        w = f"{where}: air_group[{i}]"
        if g.carrier not in CARRIER_TYPES:
            p.append(f"{w}.carrier: {g.carrier!r} is not a carrier type")
        for a in g.aircraft:
            aircraft = y.cls.get(a)
            if aircraft is None or aircraft.type != "CAG" or aircraft.side != g.side:
                p.append(f"{w}.aircraft: {a!r} is no {g.side} carrier-aircraft class")
    for c in y.classes:
        if c.is_carrier and c.units and y.air_group(c.side, c) is None:
            p.append(f"{where}: class.{c.id}: no air group for this carrier")
    for side in SIDES:
        if not any(c.side == side and c.type == "TR" for c in y.classes):
            p.append(f"{where}: class: no {side} transport class (type TR)")
    mins = [lv.min for lv in y.invasion_points]
    if mins != sorted(mins):
        p.append(f"{where}: invasion_points: minimums must rise")
    if y.special.invasion_box and not y.invasion_points:
        p.append(f"{where}: invasion_points: the invasion box needs its point levels")
    return p


def _check_place(place: str, side: str, m: GameMap, y: YearSheet, where: str) -> list[str]:
    if place == REINFORCEMENT_POOL:
        return []
    if place in m.box:
        if m.box[place].kind == "port" and (side != "US" or place not in y.port_boxes):
            return [f"{where}: port box {place} is not in use for {side} in {y.year}"]
        return []
    if place not in m.area:
        return [f"{where}: unknown area or box {place!r}"]
    home = m.area[place].home
    if home and home != side:
        return [f"{where}: {side} forces cannot be in {place}"]
    return []


def check_tables(d: GameData) -> list[str]:
    p = []
    o = d.orders
    f = "bot_tables/orders.toml"
    p += _coverage(o.order, -99, 99, f"{f}: order")
    p += _coverage(o.track_band, o.track_min, o.track_max, f"{f}: track_band")
    p += _coverage(o.east_roll, 1, 10, f"{f}: east_roll")
    names = set(o.by_name)
    for row in o.order + o.special_order:
        if row.fallback and row.fallback not in names and row.fallback != "east_roll":
            p.append(f"{f}: order.{row.name}.fallback: unknown order {row.fallback!r}")
        if min(row.ships, row.infantry, row.lba) < 0:
            p.append(f"{f}: order.{row.name}: maxima must not be negative")
    for r in o.east_roll:
        if r.order not in names:
            p.append(f"{f}: east_roll: unknown order {r.order!r}")
    if "Hold" not in names:
        p.append(f"{f}: order: no Hold row (every failed order ends as Hold)")
    if "default" in o.modifier_presets:
        p.append(f"{f}: modifier_presets: 'default' is reserved")
    for preset, years in o.modifier_presets.items():
        for year in d.years:
            mods = years.get(str(year))
            if mods is None:
                p.append(f"{f}: modifier_presets.{preset}: no row for {year}")
            elif len(mods) != len(o.track_band):
                p.append(
                    f"{f}: modifier_presets.{preset}.{year}: {len(mods)} values for {len(o.track_band)} track bands"
                )
    for year in d.years:
        if str(year) not in o.scouted_modifier:
            p.append(f"{f}: scouted_modifier: no value for {year}")
    f = "bot_tables/reinforcements.toml"
    p += _coverage(d.reinforcements.row, -99, 99, f"{f}: row")
    f = "bot_tables/battle.toml"
    b = d.battle
    p += _coverage(b.length, 1, 10, f"{f}: length")
    if not 1 <= b.min_turns <= max(r.turns for r in b.length) <= b.max_turns:
        p.append(f"{f}: min_turns/max_turns: need 1 <= min_turns <= every rolled length <= max_turns")
    p += _coverage(b.plans_per_turn, 0, 99, f"{f}: plans_per_turn")
    p += _coverage(b.battle_area, 1, 10, f"{f}: battle_area")
    for name, table, fname in (
        ("ja", d.ja_plans, "bot_tables/ja_plans.toml"),
        ("us", d.us_plans, "bot_tables/us_plans.toml"),
    ):
        for pid, n in Counter(pl.id for pl in table.plan).items():
            if n > 1:
                p.append(f"{fname}: plan.{pid}: id used {n} times")
        for pl in table.plan:
            if not isinstance(pl.effect.get("kind"), str):
                p.append(f"{fname}: plan.{pl.id}.effect.kind: missing")
            if pl.effect.get("kind") == "cancel_hit":
                for target in pl.effect.get("targets", []):
                    if target not in CANCEL_TARGETS:
                        p.append(
                            f"{fname}: plan.{pl.id}.effect.targets: {target!r} is not one of {' '.join(CANCEL_TARGETS)}"
                        )
            if name == "ja" and pl.copies < 1:
                p.append(f"{fname}: plan.{pl.id}.copies: at least 1")
    return p


def check_data(d: GameData) -> list[str]:
    """Every cross-file problem in the data, as 'file: table.key: what is wrong' lines."""
    problems = check_map(d.map)
    for year, sheet in d.years.items():
        where = f"campaigns/{year}.toml"
        if sheet.year != year:
            problems.append(f"{where}: year: says {sheet.year}")
        problems += check_year(sheet, d.map, where)
    problems += check_tables(d)
    problems += optional_rules_problems(d.optional_rules)
    return problems


def summary(d: GameData) -> list[str]:
    """One line per file for `nimitz data check`."""
    lines = [
        f"campaigns/map.toml: {len(d.map.areas)} areas, {len(d.map.boxes)} boxes, "
        f"{sum(len(a.adjacent) for a in d.map.areas) // 2} movement lines"
    ]
    for year, y in d.years.items():
        counts = {s: sum(len(c.units) for c in y.classes if c.side == s) for s in SIDES}
        designed = sum(1 for c in y.classes if c.designed)
        lines.append(
            f"campaigns/{year}.toml: {counts['US']} US and {counts['JA']} JA counters, "
            f"{len(y.classes)} classes ({designed} designed, R22), "
            f"{len(y.objectives)} objectives"
        )
    lines.append(
        f"bot_tables/orders.toml: {len(d.orders.order)} orders, presets {', '.join(d.orders.modifier_presets)}"
    )
    lines.append(f"bot_tables/reinforcements.toml: {len(d.reinforcements.row)} rows")
    lines.append(
        f"bot_tables/battle.toml: {len(d.battle.length)} length rows, {len(d.battle.battle_area)} battle areas"
    )
    lines.append(
        f"bot_tables/ja_plans.toml: {len(d.ja_plans.plan)} plans, "
        f"{sum(p.copies for p in d.ja_plans.plan)} counters in the cup"
    )
    lines.append(f"bot_tables/us_plans.toml: {len(d.us_plans.plan)} plans")
    o = d.optional_rules
    lines.append(
        f"campaigns/optional_rules.toml: {len(o.weather.levels)} weather levels, "
        f"{len(o.events.event)} events, fog blanks on a d{o.fog.sides}"
    )
    return lines
