"""Who holds an area, and which areas are in supply (rulings R20, R21)."""

from __future__ import annotations

from collections.abc import Iterable

from nimitz.model.data import GameData
from nimitz.model.state import CampaignState, Force

_NOBODY: frozenset[str] = frozenset()
_US_ONLY = frozenset({"US"})


def ashore(state: CampaignState, data: GameData, area: str, side: str) -> list[Force]:
    """INF, battalions and LBA of a side in an area, not on transports."""
    holding = holding_classes(state, data)
    return [f for f in state.at(area, side) if f.cls in holding and not f.embarked]


def holding_classes(state: CampaignState, data: GameData) -> frozenset[str]:
    """The ids of the year's classes that hold areas ashore: INF, battalions and LBA. (The
    question is asked of every force wherever control is counted: a set beats the class's
    property. Kept for the data's fingerprint and the year: a year's classes never change, and
    a lab plays thousands of campaigns of the same few years.)"""
    key = (data.fingerprint, state.year)
    holding = _HOLDING_CLASSES.get(key)
    if holding is None:
        holding = _HOLDING_CLASSES[key] = frozenset(i for i, c in data.year(state.year).cls.items() if c.ashore_type)
    return holding


_HOLDING_CLASSES: dict[tuple[str, int], frozenset[str]] = {}  # (data fingerprint, year) -> class ids


class _Control:
    """Who is ashore where, the areas in supply and the objectives held, as of the location
    index's clock `clock`: kept with the state (`_control`) and brought up to date by
    recounting only the areas where forces moved since, for the sensible player asks after
    every move. Supply and the objectives are worked out again only when some area's sides
    ashore change (most moves are at sea). The values are shared: never change them."""

    __slots__ = ("clock", "holding", "sides", "supplied", "held")

    def __init__(self, state: CampaignState, data: GameData) -> None:
        self.holding = holding_classes(state, data)
        self.sides: dict[str, frozenset[str]] = {}  # area -> the sides ashore there, if any
        self.clock, _ = state.touched_since(0)
        self._recount(state, data, data.map.area, first=True)

    def follow(self, state: CampaignState, data: GameData) -> None:
        """Up to date with the forces' moves since `clock`."""
        clock, touched = state.touched_since(self.clock)
        if touched:
            self.clock = clock
            self._recount(state, data, dict.fromkeys(touched), first=False)

    def _recount(self, state: CampaignState, data: GameData, areas: Iterable[str], first: bool) -> None:
        on_map, holding, sides = data.map.area, self.holding, self.sides
        changed: dict[str, frozenset[str]] = {}
        for area in areas:
            if area not in on_map:
                continue  # the pools and boxes off the map hold nothing ashore
            here = state.sides_ashore(area, holding)
            if here != sides.get(area, _NOBODY):
                changed[area] = frozenset(here)
        if not changed and not first:
            return
        sides = dict(sides)  # a new dict: the one handed out before stays as it was
        for area, found in changed.items():
            if found:
                sides[area] = found
            else:
                sides.pop(area, None)
        self.sides = sides
        self.supplied = supplied = _supplied_areas(data, sides)
        # holder() == "US": US forces ashore, no JA ones, and in supply
        self.held = tuple(
            code for code in data.year(state.year).objectives if sides.get(code) == _US_ONLY and code in supplied
        )


# (data fingerprint, year) -> the control of that year's campaigns as new_campaign sets them up
_AS_SET_UP: dict[tuple[str, int], _Control] = {}


def held_as_set_up(state: CampaignState, data: GameData) -> int:
    """How many objectives the US holds in a campaign new_campaign has just set up (the year
    sheet's forces in their starting places, in its order): every such campaign of a year is
    controlled alike, so the control is worked out once for the data and the year, and each
    campaign keeps a copy of it (brought up to date from there like any)."""
    key = (data.fingerprint, state.year)
    as_set_up = _AS_SET_UP.get(key)
    if as_set_up is None:
        as_set_up = _AS_SET_UP[key] = _Control(state, data)
    control = _Control.__new__(_Control)
    # (its values are shared: a recount makes new ones, never changes them)
    control.holding, control.sides = as_set_up.holding, as_set_up.sides
    control.supplied, control.held = as_set_up.supplied, as_set_up.held
    control.clock = state.clock()  # (the same forces, set out in the same order: the same clock)
    state.kept()["control", data.fingerprint, state.year] = control
    return len(control.held)


def _control(state: CampaignState, data: GameData) -> _Control:
    key = ("control", data.fingerprint, state.year)
    kept = state.kept()
    control: _Control | None = kept.get(key)
    if control is None:
        control = kept[key] = _Control(state, data)
    else:
        control.follow(state, data)
    return control


def ashore_sides(state: CampaignState, data: GameData) -> dict[str, frozenset[str]]:
    """For every map area, the sides with INF, battalions or LBA ashore there."""
    sides = _control(state, data).sides
    return {area: sides[area] for area in data.map.area if area in sides}


def supplied_areas(state: CampaignState, data: GameData) -> set[str]:
    """Areas joined to WC by a chain of adjacent US-held areas (R20; WC and AU count as held).

    The area itself need not be held: it is in supply if it is on the chain or next to it."""
    return set(_control(state, data).supplied)


# The US bases: held and in supply whoever is there (R20, R57)
ALWAYS_HELD = frozenset(("WC", "AU"))


def _supplied_areas(data: GameData, sides: dict[str, frozenset[str]]) -> frozenset[str]:
    m = data.map
    # US INF or LBA ashore and no JA INF or LBA ashore: held, if also in supply.
    occupied = {code for code, here in sides.items() if here == _US_ONLY}
    occupied |= ALWAYS_HELD
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
    supplied = set(chain) | ALWAYS_HELD  # the US bases are never out of supply (R57)
    for code in chain:
        supplied.update(m.area[code].adjacent)
    return frozenset(supplied)


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
    return list(_control(state, data).held)
