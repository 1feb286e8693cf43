"""The campaign state: every force and where it is, the turn and step, the tracks and the dice.

Plain attrs classes with no behaviour beyond queries, so cattrs can save them exactly and the
engine stays the one place that changes them.
"""

from __future__ import annotations

import copy
from bisect import bisect_left, insort
from typing import Any, TypeVar

import attrs
from attrs import define, field

from nimitz.model.battle import BattleState

T = TypeVar("T")
_set = object.__setattr__  # bypasses Force.__setattr__ where no index must be told
_PLAIN = (str, int, bool, float, type(None))
# Per attrs class: (fields to copy, fields to reset to their default), filled on first use.
_LAYOUT: dict[type, tuple[list[str], list[tuple[str, Any]]]] = {}


def _layout(kind: type) -> tuple[list[str], list[tuple[str, Any]]]:
    layout = _LAYOUT.get(kind)
    if layout is None:
        fields = attrs.fields(kind)
        layout = _LAYOUT[kind] = (
            [a.name for a in fields if a.init],
            [(a.name, a.default) for a in fields if not a.init],
        )
    return layout


def clone(value: T) -> T:
    """A deep copy of a state tree (attrs records, lists, dicts, tuples, plain values), many
    times faster than copy.deepcopy: no memo, because the state holds no shared references, and
    records are filled slot by slot (their classes have no validators or post-init hooks).
    attrs fields with init=False (caches such as the location index) get their default."""
    if isinstance(value, _PLAIN):
        return value
    kind = type(value)
    if kind is list:
        return [clone(v) for v in value]  # type: ignore[return-value]
    if kind is dict:
        return {k: clone(v) for k, v in value.items()}  # type: ignore[return-value]
    if kind is tuple:
        return tuple(clone(v) for v in value)  # type: ignore[return-value]
    if not attrs.has(kind):
        return copy.deepcopy(value)  # not expected in a state; stay exact if one appears
    copied, reset = _layout(kind)
    new = object.__new__(kind)
    for name in copied:
        _set(new, name, clone(getattr(value, name)))
    for name, default in reset:
        _set(new, name, default)
    return new


# Locations that are not map areas.
DESTROYED = "DESTROYED"  # ships, carriers and battalions sunk or wiped out for good
US_POOL = "US_RE"  # US reinforcements: bought with SP; destroyed US LBA return here (ed3)
JA_POOL = "JA_RE"  # JA reinforcement stacks (order in CampaignState.ja_stacks)
BATTALIONS = "BATTALIONS"  # the JA battalion box (unlimited, ruling R10)
RAID = "RAID"
BOMBING = "BW"
BOMBING_BASE = "MA"  # the area beside the strategic bombing box: its wings keep MA's airfield (facts 1.13)
INVASION = "INVASION"

STACKS = ("ships", "infantry", "lba")  # the JA reinforcement stacks


@define
class DiceState:
    """The seed and each named stream's position (absent = not rolled yet)."""

    seed: int
    streams: dict[str, int] = field(factory=dict)


@define
class RulesProfile:
    """Options fixed when a campaign is created (rulings.md: the default is marked there)."""

    order_modifiers: str = "map"  # ruling R1: "map" (default) or "rulebook"
    ja_ties: str = "bot"  # ruling R24: "bot" rolls Japan's free choices; "player" asks
    auto_reactive_plans: bool = False  # ruling R16
    # Difficulty options (nimitz/model/difficulty.py, campaigns/difficulty.toml); saved only when
    # they differ from their default (model/digest.OMITTED_WHEN_DEFAULT), so older saves keep
    # their state hashes.
    objective_hold_track: bool = True  # R5: the automatic objective Hold moves the track +4
    battalion_pool: str = "unlimited"  # R10: or "counters" (only those in the battalion box)
    extra_supply: int = 0  # handicap: SP every turn
    extra_bpp: int = 0  # handicap: BPP every battle
    # Optional rules chosen at `new` (model/optional_rules.OPTION_NAMES); saved only when some
    # are chosen, so older campaigns keep their state hashes.
    options: list[str] = field(factory=list)

    def has(self, option: str) -> bool:
        return option in self.options


@define
class HiddenStack:
    """Fog of war: the chips the US sees for the JA forces in one area it cannot see (R85)."""

    forces: list[str]  # the JA force ids the stack was drawn for (it is redrawn when they change)
    blanks: int  # decoy chips shown beside the real ones
    blanks_seen: int = 0  # blanks a recon peek has turned over


@define
class VariantState:
    """Where the optional rules stand this turn (docs/optional-rules.md)."""

    weather: str = "clear"
    event: int = 0  # the roll of this turn's event (0: none)
    event_area: str = ""  # storm: the area
    event_force: str = ""  # engine trouble: the ship
    attack_met: bool = False  # high command's demanded attack has been made this turn
    ended_early: int = 0  # variable end: the turn the campaign ended after (0: not yet)
    fog: dict[str, HiddenStack] = field(factory=dict)  # area -> hidden stack
    revealed: dict[str, str] = field(factory=dict)  # JA force id -> where the US saw it (R85)


@define
class Force:
    """One counter. `location` is an area code or one of the boxes above (or P1-P3)."""

    # Not part of the game (init=False: never saved, compared or copied by cattrs): the location
    # index of the state this force belongs to, and its place in that state's `forces`. First,
    # so it is set before `location` in __init__.
    _index: LocationIndex | None = field(default=None, init=False, eq=False, repr=False)
    _order: int = field(default=0, init=False, eq=False, repr=False)
    id: str = field()  # "JA:Kaga", "US:25th", battalions "JA:Battalion 3"
    side: str = field()  # "US" or "JA"
    name: str = field()
    cls: str = field()  # counter class id in the year file
    location: str = field()
    damaged: bool = False
    moved: bool = False  # JA: has moved or been pinned this turn
    embarked: bool = False  # infantry on a transport: in the area but not ashore

    def __setattr__(self, name: str, value: Any) -> None:
        # A force that moves, embarks or lands keeps its state's location index true (attrs'
        # own on_setattr hooks would do it too, but make every assignment several times slower).
        if name in _WHEREABOUTS and self._index is not None and value != getattr(self, name):
            self._index.changed(self, name, value)
        _set(self, name, value)


_WHEREABOUTS = ("location", "embarked")


def _order_of(force: Force) -> int:
    return force._order


class LocationIndex:
    """The forces at each location, in `forces` order, kept up to date as forces move.

    `CampaignState.at()` is the engine's most frequent query; scanning every counter for it
    cost a fifth of a campaign. Forces are only ever added to `CampaignState.forces` (a lost
    force goes to DESTROYED or a pool, never out of the dict), so new ones are indexed as
    they appear.

    `derived` caches values computed from the forces' whereabouts (who is ashore where,
    supply); it is emptied whenever a force moves, embarks, lands or is added."""

    def __init__(self, forces: dict[str, Force]):
        self.forces = forces
        self.size = 0
        self.buckets: dict[str, list[Force]] = {}
        self.derived: dict[Any, Any] = {}
        self.catch_up()

    def catch_up(self) -> None:
        values = list(self.forces.values())
        for order in range(self.size, len(values)):
            f = values[order]
            f._index, f._order = self, order
            self.buckets.setdefault(f.location, []).append(f)
        self.size = len(values)
        self.derived.clear()

    def changed(self, force: Force, name: str, value: Any) -> None:
        self.derived.clear()
        if name == "location":
            bucket = self.buckets[force.location]
            del bucket[bisect_left(bucket, force._order, key=_order_of)]
            insort(self.buckets.setdefault(value, []), force, key=_order_of)

    def at(self, location: str) -> list[Force]:
        if len(self.forces) != self.size:
            self.catch_up()
        return self.buckets.get(location, [])


@define
class LinkedYear:
    """A finished year of a linked campaign (facts 1.12: the objectives add up)."""

    year: int
    score: int
    result: str


@define
class CampaignState:
    year: int
    rules: RulesProfile
    dice: DiceState
    forces: dict[str, Force]
    ja_stacks: dict[str, list[str]]  # JA reinforcement stacks, top first
    turn: int = 0  # 0 = set up, before the first turn
    step: str = "start"
    sp: int = 0
    ja_track: int = 0
    next_battalion: int = 1
    held_history: list[int] = field(factory=list)  # objectives held at the end of each turn
    held_at_start: int = 0  # objectives held as set up (ruling R53)
    scouting_points: int = 0  # bought this turn, not yet placed
    scout_held: list[str] = field(factory=list)  # objectives whose forces got a scouted Hold (R5)
    lba_bases: list[str] = field(factory=list)  # areas US LBA may enter this movement step
    invaded_this_turn: int = 0  # forces sent to the 1945 invasion box this turn
    battles_fought: int = 0
    result: str = ""  # the evaluation level once the campaign is over
    battle: BattleState | None = None  # the battle being fought, if any
    linked: bool = False  # a linked campaign: the years follow each other to 1945
    linked_years: list[LinkedYear] = field(factory=list)
    variant: VariantState | None = None  # only with optional rules (saved only then)
    _index: LocationIndex | None = field(default=None, init=False, eq=False, repr=False)

    # --- queries ---------------------------------------------------------------------------

    def _location_index(self) -> LocationIndex:
        if self._index is None or self._index.forces is not self.forces:
            self._index = LocationIndex(self.forces)
        return self._index

    def derived(self) -> dict[Any, Any]:
        """A cache for values computed from where the forces are and whether they are embarked
        (nothing else): emptied whenever that changes. Cached values must not be changed."""
        index = self._location_index()
        if len(self.forces) != index.size:
            index.catch_up()
        return index.derived

    def at(self, location: str, side: str | None = None) -> list[Force]:
        """Forces at a location in a stable order (their insertion order in `forces`)."""
        here = self._location_index().at(location)
        if side is None:
            return list(here)
        return [f for f in here if f.side == side]

    def by_location(self) -> dict[str, list[Force]]:
        out: dict[str, list[Force]] = {}
        for f in self.forces.values():
            out.setdefault(f.location, []).append(f)
        return out

    @property
    def finished(self) -> bool:
        return bool(self.result)

    def copy(self) -> CampaignState:
        """An independent deep copy (checkpoints, replays)."""
        return clone(self)
