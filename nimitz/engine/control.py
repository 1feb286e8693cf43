"""Who holds an area, and which areas are in supply (rulings R20, R21)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from nimitz.model.data import GameData
from nimitz.model.state import CampaignState, Force

T = TypeVar("T")
_NOBODY: frozenset[str] = frozenset()
_US_ONLY = frozenset({"US"})


def ashore(state: CampaignState, data: GameData, area: str, side: str) -> list[Force]:
    """INF, battalions and LBA of a side in an area, not on transports."""
    holding = holding_classes(state, data)
    return [f for f in state.at(area, side) if f.cls in holding and not f.embarked]


def holding_classes(state: CampaignState, data: GameData) -> frozenset[str]:
    """The ids of the year's classes that hold areas ashore: INF, battalions and LBA. (The
    question is asked of every force wherever control is counted: a set beats the class's
    property. Kept with the state: a year's classes never change.)"""
    key = ("holding classes", data.fingerprint, state.year)
    kept = state.kept()
    holding = kept.get(key)
    if holding is None:
        holding = kept[key] = frozenset(i for i, c in data.year(state.year).cls.items() if c.ashore_type)
    return holding


def ashore_sides(state: CampaignState, data: GameData) -> dict[str, frozenset[str]]:
    """For every map area, the sides with INF, battalions or LBA ashore there (cached until a
    force moves, embarks or lands)."""
    sides = _ashore_sides(state, data)
    return {area: sides[area] for area in data.map.area if area in sides}


def _ashore_sides(state: CampaignState, data: GameData) -> dict[str, frozenset[str]]:
    """ashore_sides, as cached: not to be changed. Brought up to date from the last one by
    recounting only the areas where forces moved since."""
    cache = state.derived()
    key = ("ashore_sides", data.fingerprint, state.year)
    if key not in cache:
        holding = holding_classes(state, data)
        kept = state.kept()
        clock, before = kept.get(key, (0, {}))
        now, touched = state.touched_since(clock)
        changed: dict[str, frozenset[str]] = {}
        areas = data.map.area
        for area in dict.fromkeys(touched) if clock else areas:
            if area not in areas:
                continue  # the pools and boxes off the map hold nothing ashore
            # (the class first: most forces are ships, which need no second look)
            here = {f.side for f in state.at(area) if f.cls in holding and not f.embarked}
            if here != before.get(area, _NOBODY):
                changed[area] = frozenset(here)
        # Most moves are at sea and change nobody's sides: the last answer then stands, the
        # same object, which tells _from_sides at once that its value stands too.
        out = before
        if changed:
            out = dict(before)
            for area, sides in changed.items():
                if sides:
                    out[area] = sides
                else:
                    out.pop(area, None)
        kept[key] = (now, out)
        cache[key] = out
    return cache[key]  # type: ignore[no-any-return]  # the derived cache holds any kind of value


def _from_sides(state: CampaignState, data: GameData, name: str, compute: Callable[[], T]) -> T:
    """compute(), which reads only who is ashore where: cached until a force moves, and kept
    across moves that leave every area's sides ashore as they were (most moves at sea)."""
    cache = state.derived()
    key = (name, data.fingerprint, state.year)
    if key not in cache:
        sides = _ashore_sides(state, data)
        kept = state.kept()
        last = kept.get(key)
        if last is None or (last[0] is not sides and last[0] != sides):
            last = kept[key] = (sides, compute())
        cache[key] = last[1]
    return cache[key]  # type: ignore[no-any-return]  # the derived cache holds any kind of value


def supplied_areas(state: CampaignState, data: GameData) -> set[str]:
    """Areas joined to WC by a chain of adjacent US-held areas (R20; WC and AU count as held).

    The area itself need not be held: it is in supply if it is on the chain or next to it."""
    return set(_supplied(state, data))


def _supplied(state: CampaignState, data: GameData) -> frozenset[str]:
    """supplied_areas, as cached: not to be changed."""
    return _from_sides(state, data, "supplied_areas", lambda: frozenset(_supplied_areas(state, data)))


def _supplied_areas(state: CampaignState, data: GameData) -> set[str]:
    m = data.map
    sides = _ashore_sides(state, data)
    # US INF or LBA ashore and no JA INF or LBA ashore: held, if also in supply.
    occupied = {code for code, here in sides.items() if here == _US_ONLY}
    occupied |= {"WC", "AU"}
    chain = {"WC"}
    frontier = ["WC"]
    while frontier:
        nxt = []
        for code in frontier:
            for n in m.area[code].adjacent:
                if n in occupied and n not in chain:
                    chain.add(n)
                    nxt.append(n)
        frontier = nxt
    supplied = set(chain) | {"WC", "AU"}  # the US bases are never out of supply (R57)
    for code in chain:
        supplied.update(m.area[code].adjacent)
    return supplied


def holder(
    state: CampaignState,
    data: GameData,
    area: str,
    supplied: set[str] | None = None,
    sides: dict[str, frozenset[str]] | None = None,
) -> str:
    """'US' (held), 'JA' (JA ashore), 'contested' (both ashore), or '' (nobody ashore).

    A US occupation out of supply is not held (shown as 'US-unsupplied')."""
    here = (sides if sides is not None else ashore_sides(state, data)).get(area, frozenset())
    us, ja = "US" in here, "JA" in here
    if us and ja:
        return "contested"
    if ja:
        return "JA"
    if us:
        supplied = supplied if supplied is not None else supplied_areas(state, data)
        return "US" if area in supplied else "US-unsupplied"
    return ""


def objectives_held(state: CampaignState, data: GameData) -> list[str]:
    """The year's objectives the US holds now."""

    def held() -> tuple[str, ...]:
        supplied = _supplied(state, data)
        sides = _ashore_sides(state, data)
        # holder() == "US": US forces ashore, no JA ones, and in supply
        return tuple(
            code for code in data.year(state.year).objectives if sides.get(code) == _US_ONLY and code in supplied
        )

    return list(_from_sides(state, data, "objectives_held", held))
