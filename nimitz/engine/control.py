"""Who holds an area, and which areas are in supply (rulings R20, R21)."""

from __future__ import annotations

from nimitz.model.data import GameData
from nimitz.model.state import CampaignState, Force


def ashore(state: CampaignState, data: GameData, area: str, side: str) -> list[Force]:
    """INF, battalions and LBA of a side in an area, not on transports."""
    sheet = data.year(state.year)
    return [f for f in state.at(area, side) if sheet.cls[f.cls].ashore_type and not f.embarked]


def ashore_sides(state: CampaignState, data: GameData) -> dict[str, frozenset[str]]:
    """For every map area, the sides with INF, battalions or LBA ashore there (cached until a
    force moves, embarks or lands)."""
    cache = state.derived()
    key = ("ashore_sides", data.fingerprint, state.year)
    if key not in cache:
        cls = data.year(state.year).cls
        out: dict[str, frozenset[str]] = {}
        for area in data.map.area:  # the pools and boxes off the map hold nothing ashore
            sides = {f.side for f in state.at(area) if not f.embarked and cls[f.cls].ashore_type}
            if sides:
                out[area] = frozenset(sides)
        cache[key] = out
    return dict(cache[key])


def supplied_areas(state: CampaignState, data: GameData) -> set[str]:
    """Areas joined to WC by a chain of adjacent US-held areas (R20; WC and AU count as held).

    The area itself need not be held: it is in supply if it is on the chain or next to it."""
    cache = state.derived()
    key = ("supplied_areas", data.fingerprint, state.year)
    if key not in cache:
        cache[key] = frozenset(_supplied_areas(state, data))
    return set(cache[key])


def _supplied_areas(state: CampaignState, data: GameData) -> set[str]:
    m = data.map
    sides = ashore_sides(state, data)
    # US INF or LBA ashore and no JA INF or LBA ashore: held, if also in supply.
    occupied = {a.code for a in m.areas if sides.get(a.code, set()) == {"US"}}
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
    supplied = supplied_areas(state, data)
    sides = ashore_sides(state, data)
    return [code for code in data.year(state.year).objectives if holder(state, data, code, supplied, sides) == "US"]
