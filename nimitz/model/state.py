"""The campaign state: every force and where it is, the turn and step, the tracks and the dice.

Plain attrs classes with no behaviour beyond queries, so cattrs can save them exactly and the
engine stays the one place that changes them.
"""

from __future__ import annotations

import copy
from bisect import bisect_left
from collections.abc import Callable, Container, Hashable, Iterable
from functools import partial
from itertools import islice
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any, NamedTuple, TypeVar

import attrs
from attrs import define, field

from nimitz.model.battle import BattleState

T = TypeVar("T")
_set = object.__setattr__  # bypasses Force.__setattr__ where no index must be told
_PLAIN = (str, int, bool, float, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
_PLAIN_NAMES = frozenset({"str", "int", "bool", "float", str, int, bool, float})  # annotations, as strings or types
# Per type met in a state: the function that copies its values (see clone), made on first use.
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def clone(value: T) -> T:
    """A deep copy of a state tree (attrs records, lists, dicts, tuples, plain values), many
    times faster than copy.deepcopy: no memo, because the state holds no shared references, and
    records are filled slot by slot (their classes have no validators or post-init hooks).
    attrs fields with init=False (caches such as the location index) get their default."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier(kind)
    return copier(value)  # type: ignore[no-any-return]  # a copier returns its input's type


def _copy_list(value: list[Any]) -> list[Any]:
    return [v if v.__class__ in _PLAIN_TYPES else clone(v) for v in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v if v.__class__ in _PLAIN_TYPES else clone(v) for k, v in value.items()}


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(v if v.__class__ in _PLAIN_TYPES else clone(v) for v in value)


def _set_named(name: str, record: Any, value: Any) -> None:
    _set(record, name, value)


def _copier(kind: type) -> Callable[[Any], Any]:
    if kind is list:
        return _copy_list
    if kind is dict:
        return _copy_dict
    if kind is tuple:
        return _copy_tuple
    if issubclass(kind, _PLAIN):
        return lambda value: value  # e.g. an enum.StrEnum: immutable like its base
    if not attrs.has(kind):
        return copy.deepcopy  # not expected in a state; stay exact if one appears
    # An attrs record: a function written out for its fields, as attrs writes its own
    # __init__ (a loop over the field names costs twice as much; checkpoints copy ~250 forces).
    fields = attrs.fields(kind)
    namespace: dict[str, Any] = {"new_record": object.__new__, "kind": kind, "plain": _PLAIN_TYPES, "clone": clone}
    lines = ["def copy_record(value):", "    new = new_record(kind)"]
    for i, a in enumerate(fields):
        slot = getattr(kind, a.name, None)  # a slot's own setter is the quickest way in
        namespace[f"set_{i}"] = slot.__set__ if type(slot) is MemberDescriptorType else partial(_set_named, a.name)
        if not a.init:  # a cache, not part of the game: starts again from its default
            namespace[f"default_{i}"] = a.default
            lines.append(f"    set_{i}(new, default_{i})")
        elif a.type in _PLAIN_NAMES:  # declared str, int, bool or float: immutable, shared as is
            lines.append(f"    set_{i}(new, value.{a.name})")
        else:
            lines += [f"    v = value.{a.name}", f"    set_{i}(new, v if v.__class__ in plain else clone(v))"]
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # the code is built above from the class's own field names
    return namespace["copy_record"]  # type: ignore[no-any-return]  # built by exec above


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


@define(init=False)  # __init__ below
class Force:
    """One counter. `location` is an area code or one of the boxes above (or P1-P3)."""

    # Not part of the game (init=False: never saved, compared or copied by cattrs): the location
    # index of the state this force belongs to, and its place in that state's `forces`.
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

    def __init__(
        self, id: str, side: str, name: str, cls: str, location: str, damaged: bool = False, moved: bool = False,
        embarked: bool = False,
    ) -> None:  # fmt: skip
        # attrs' own __init__, but past __setattr__ (a new force is in no index yet): attrs'
        # assigns each field through it, ten Python calls a counter, hundreds a campaign. Each
        # slot is filled by its own setter (below the class): half the cost of object.__setattr__,
        # which looks the slot up by name.
        _SET_INDEX(self, None)
        _SET_ORDER(self, 0)
        _SET_ID(self, id)
        _SET_SIDE(self, side)
        _SET_NAME(self, name)
        _SET_CLS(self, cls)
        _SET_LOCATION(self, location)
        _SET_DAMAGED(self, damaged)
        _SET_MOVED(self, moved)
        _SET_EMBARKED(self, embarked)

    def __setattr__(self, name: str, value: Any) -> None:
        # A force that moves, embarks or lands keeps its state's location index true (attrs'
        # own on_setattr hooks would do it too, but make every assignment several times slower).
        if name in _WHEREABOUTS:
            index = self._index
            if index is not None:
                if name == "location":
                    if value != self.location:
                        index.move((self,), value)  # (files it, touches both places, sets it)
                        return
                elif value != self.embarked:  # embarked or landed: the place is touched
                    location, touched = self.location, index.touched
                    touched.append(location)
                    index.summaries.pop(location, None)
                    index.side_clock[self.side] = len(touched)
        try:  # (the slot's own setter: cheaper than object.__setattr__, which looks it up by name)
            _SLOT_SETTERS[name](self, value)
        except KeyError:  # not a field: object.__setattr__ says why
            _set(self, name, value)


_WHEREABOUTS = ("location", "embarked")
# The setters of Force's slots, by field (past Force.__setattr__, for the cases above and below
# where no index must be told).
_SLOT_SETTERS = {a.name: getattr(Force, a.name).__set__ for a in attrs.fields(Force)}
_SET_INDEX, _SET_ORDER = _SLOT_SETTERS["_index"], _SLOT_SETTERS["_order"]
_SET_ID, _SET_SIDE, _SET_NAME, _SET_CLS = (_SLOT_SETTERS[n] for n in ("id", "side", "name", "cls"))
_SET_LOCATION, _SET_EMBARKED = _SLOT_SETTERS["location"], _SLOT_SETTERS["embarked"]
_SET_DAMAGED, _SET_MOVED = _SLOT_SETTERS["damaged"], _SLOT_SETTERS["moved"]
# Fields that are not whereabouts, set past Force.__setattr__ (no index to tell): a call to
# the slot's setter runs in C, where an assignment calls Force.__setattr__ back in Python.
set_moved, set_damaged = _SET_MOVED, _SET_DAMAGED
_NOT_KEPT = object()  # (a summary may be None)


class _Unindexed(Force):
    """A force being made (see new_force): Force's slots, assigned as a plain record's are,
    by the interpreter itself, where Force's are assigned through its __setattr__ or a slot
    setter's call (each of them costs more than a plain store ten times over)."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]  # (the point: no index to tell)

    def __init__(
        self, id: str, side: str, name: str, cls: str, location: str, index: LocationIndex | None, order: int
    ) -> None:
        self._index = index
        self._order = order
        self.id, self.side, self.name, self.cls, self.location = id, side, name, cls, location
        self.damaged = self.moved = self.embarked = False


def new_force(
    id: str, side: str, name: str, cls: str, location: str, index: LocationIndex | None = None, order: int = 0
) -> Force:
    """`Force(id, side, name, cls, location)` made in half the time (a set-up makes a few
    hundred): filled in as an _Unindexed, the same slots, then made a Force. `index` and
    `order`: already filed there, at that place in `forces` (LocationIndex.file_as)."""
    force: Force = _Unindexed(id, side, name, cls, location, index, order)
    force.__class__ = Force  # (the same slots: Python allows it)
    return force


class IndexLayout(NamedTuple):
    """Where a location index's forces stand, by their places in `forces` (LocationIndex.layout)."""

    places: dict[tuple[str, str], list[int]]
    sides: list[str]
    touched: list[str]
    side_clock: dict[str, int]


# A force's place in `forces`, the key its location's lists are sorted by (attrgetter: sort
# calls it once a force, and a Python function there costs more than the sort).
_order_of = attrgetter("_order")


class LocationIndex:
    """The forces of each side at each location, in `forces` order, kept up to date as forces move.

    `CampaignState.at()` is the engine's most frequent query; scanning every counter for it
    cost a fifth of a campaign. Forces are only ever added to `CampaignState.forces` (a lost
    force goes to DESTROYED or a pool, never out of the dict), so new ones are indexed as
    they appear, and Force.__setattr__ files a force again as it moves, embarks or lands.
    A location's forces of both sides are merged from its sides' lists when asked
    (seldom): a move then files the force in one list, not two.

    `summaries` caches values computed from the forces at one location, by location and then by
    computation: a location's are dropped when a force arrives, leaves, embarks or lands there,
    so a move recomputes only the two places it touches.
    `touched` lists the locations changed, in order (its length is the index's clock: no
    counter kept beside it), and `side_clock` the clock of each side's last change, so a cache
    can be brought up to date or found still true. `kept` holds values with the inputs they
    were computed from, for the caller to check."""

    def __init__(self, forces: dict[str, Force]):
        self.forces = forces
        self.size = 0
        # (location, side) -> that side's forces there, in `forces` order: at(location, side)
        # and count() are the commonest queries, and copying a list beats filtering one.
        self.buckets: dict[tuple[str, str], list[Force]] = {}
        self.places: dict[tuple[str, str], list[int]] = {}  # the same forces' `_order`s
        self.sides: list[str] = []  # the sides met, in order ("US" and "JA")
        self.touched: list[str] = []
        self.side_clock: dict[str, int] = {}
        self.summaries: dict[str, dict[Hashable, Any]] = {}  # location -> key -> value
        self.kept: dict[Hashable, Any] = {}  # values kept with their inputs, checked on use
        self.catch_up()

    def catch_up(self) -> None:
        """Index the forces added since (each touches its location, as an arrival)."""
        buckets, places, sides = self.buckets, self.places, self.sides
        touched, summaries, side_clock = self.touched, self.summaries, self.side_clock
        clock = start = len(touched)
        # (the forces past those indexed: a new battalion or two, but all of them at first)
        for order, f in enumerate(islice(self.forces.values(), self.size, None), self.size):
            _SET_INDEX(f, self)  # (not through Force.__setattr__: nothing to tell)
            _SET_ORDER(f, order)
            location = f.location
            key = (location, side := f.side)
            bucket = buckets.get(key)
            if bucket is None:  # (setdefault would make a list for every force)
                buckets[key], places[key] = [f], [order]
                if side not in sides:
                    sides.append(side)
            else:
                bucket.append(f)
                places[key].append(order)  # (a new force is the last)
            touched.append(location)
            clock += 1
            side_clock[side] = clock
        if summaries:  # (none yet when the index is made)
            for location in touched[start:]:
                summaries.pop(location, None)
        self.size = len(self.forces)

    def layout(self) -> IndexLayout:
        """Where its forces stand now, by their places in `forces` (a copy: for file_as)."""
        places = {key: orders[:] for key, orders in self.places.items()}
        return IndexLayout(places, self.sides[:], self.touched[:], self.side_clock.copy())

    def file_as(self, layout: IndexLayout, forces: list[Force]) -> None:
        """`forces`, this index's only ones, made with their place in it (new_force), filed as
        another index's forces stood (its `layout`): the same sides at the same places in the
        same order (another campaign's set-up). Its lists are copied, not each force filed in
        turn: a set-up has a few hundred."""
        self.places = {key: orders[:] for key, orders in layout.places.items()}
        self.buckets = {key: [forces[order] for order in orders] for key, orders in layout.places.items()}
        self.sides, self.touched, self.side_clock = layout.sides[:], layout.touched[:], layout.side_clock.copy()
        self.size = len(forces)

    def move_all(self, location: str, side: str, dest: str) -> None:
        """Every force of `side` at `location` moved to `dest` (another place), as if moved one
        by one (Force.__setattr__), but filed in one go: both places touched once."""
        key = (location, side)
        moving, orders = self.buckets.pop(key, None), self.places.pop(key, None)  # (both, or neither)
        if not moving or orders is None:  # (a place emptied by earlier moves keeps empty lists)
            return
        for f in moving:
            _SET_LOCATION(f, dest)
        reached = (dest, side)
        there = self.buckets.get(reached)
        if there:  # merged by their places in `forces` (unique: no two forces compared)
            merged = sorted(zip(self.places[reached] + orders, there + moving, strict=True))
            self.places[reached], self.buckets[reached] = [o for o, _ in merged], [f for _, f in merged]
        else:
            self.places[reached], self.buckets[reached] = orders, moving
        self.touched += (location, dest)
        self.side_clock[side] = len(self.touched)
        self.summaries.pop(location, None)
        self.summaries.pop(dest, None)

    def move(self, forces: Iterable[Force], dest: str) -> None:
        """Each force to `dest`, filed under its new place (found by its place in `forces` in the
        bucket's list of places: a search of plain ints, no key function called back at each
        step), both places touched. The one way a force's location changes once it is indexed:
        Force.__setattr__ moves one, an order moves a few together (move_forces)."""
        buckets, places, touched = self.buckets, self.places, self.touched
        summaries, side_clock = self.summaries, self.side_clock
        for f in forces:
            old = f.location
            if old == dest:
                continue
            order, side = f._order, f.side
            left = old, side
            here = places[left]
            i = bisect_left(here, order)
            del here[i]
            del buckets[left][i]
            reached = dest, side
            there = places.get(reached)
            if there is None:
                places[reached], buckets[reached] = [order], [f]
            else:
                i = bisect_left(there, order)
                there.insert(i, order)
                buckets[reached].insert(i, f)
            _SET_LOCATION(f, dest)
            touched += (old, dest)
            summaries.pop(old, None)
            summaries.pop(dest, None)
            side_clock[side] = len(touched)

    def everyone(self, location: str) -> list[Force]:
        """The forces of every side at a location, in `forces` order (a new list)."""
        buckets = self.buckets
        here: list[Force] = []
        found = 0
        for side in self.sides:
            bucket = buckets.get((location, side))
            if bucket:
                here += bucket
                found += 1
        if found > 1:
            here.sort(key=_order_of)  # (a merge of lists each in order)
        return here


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

    def _current_index(self) -> LocationIndex:
        """The location index, with any forces added since indexed."""
        index = self._index
        if index is None or index.forces is not self.forces:
            index = self._location_index()
        if len(self.forces) != index.size:
            index.catch_up()
        return index

    def set_out(self, counters: Iterable[tuple[str, str, str, str, str]], layout: IndexLayout | None) -> IndexLayout:
        """A new campaign's forces, from their counters (id, side, name, class id, location),
        in a state that has none yet. Given the `layout` of another campaign set out from the
        same counters, they are filed in the location index by copying it (file_as), else one
        by one. Returns the layout, for the next campaign."""
        if self.forces:
            raise ValueError("a state's forces are set out once, before it has any")
        forces = self.forces
        if layout is None:
            for fid, side, name, cls, location in counters:
                forces[fid] = new_force(fid, side, name, cls, location)
            return self._current_index().layout()
        index = self._location_index()
        made = [
            new_force(fid, side, name, cls, location, index, order)
            for order, (fid, side, name, cls, location) in enumerate(counters)
        ]
        for f in made:
            forces[f.id] = f
        index.file_as(layout, made)
        return layout

    def touched_since(self, clock: int) -> tuple[int, list[str]]:
        """(the clock now, the locations where a force arrived, left, embarked or landed since
        `clock`, maybe repeated). Clock 0 is before the state's forces were set out."""
        index = self._current_index()
        touched = index.touched
        return len(touched), touched[clock:]

    def clock(self) -> int:
        """The location index's clock now: what touched_since(clock) will report changes after."""
        return len(self._current_index().touched)

    def side_clock(self, side: str) -> int:
        """The clock of the last time one of the side's forces moved, embarked or landed: while
        it stands, everything computed from that side's whereabouts alone stays true."""
        return self._current_index().side_clock.get(side, 0)

    def kept(self) -> dict[Hashable, Any]:
        """A cache that is never emptied while this state's forces stay: keep each value with
        the inputs it was computed from and check them before use (control.py: supply)."""
        index = self._index  # _location_index() inlined: asked a few hundred times a campaign
        if index is None or index.forces is not self.forces:
            index = self._location_index()
        return index.kept

    def at(self, location: str, side: str | None = None) -> list[Force]:
        """Forces at a location in a stable order (their insertion order in `forces`)."""
        index = self._index  # the engine's commonest query: _current_index() inlined
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        if side is None:
            return index.everyone(location)
        here = index.buckets.get((location, side))
        return here[:] if here else []  # a copy: callers move forces while they go through it

    def at_any(self, locations: Iterable[str], side: str) -> list[Force]:
        """A side's forces at any of the locations, in the order of at() (their order in `forces`)."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        here: list[Force] = []
        for location in locations:
            here += index.buckets.get((location, side), ())
        here.sort(key=_order_of)  # (a merge of lists each in order)
        return here

    def meeting_places(self, locations: Iterable[str]) -> list[str]:
        """The locations, in the order given, where forces of both sides are (the battles'
        question, asked of every area: answered in one pass over the index)."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        here = index.buckets
        found = []  # (a loop: a comprehension is a call of its own, and few areas are kept)
        for location in locations:
            if here.get((location, "US")) and here.get((location, "JA")):
                found.append(location)
        return found

    def occupied(self, locations: Iterable[str], side: str) -> list[str]:
        """The locations, in the order given, where the side has forces (a question asked of
        every area: answered in one pass over the index)."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        here = index.buckets
        found = []  # (a loop, as in meeting_places)
        for location in locations:
            if here.get((location, side)):
                found.append(location)
        return found

    def summary(self, location: str, key: Hashable, compute: Callable[[list[Force]], T], side: str | None = None) -> T:
        """`compute(at(location, side))`, memoised until a force arrives at, leaves, embarks in
        or lands at that location. So `compute` may read only the forces' ids, sides, classes,
        locations and embarked flags (not damaged or moved), and must not change the list it is
        given; `key` names the computation, the side and everything else it depends on (e.g. the
        year, whose classes it reads). The value is shared: never change it."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        here = index.summaries.get(location)
        if here is None:
            here = index.summaries[location] = {}
        else:
            value = here.get(key, _NOT_KEPT)
            if value is not _NOT_KEPT:
                return value  # type: ignore[no-any-return]  # the memo holds compute()'s results
        forces = index.everyone(location) if side is None else index.buckets.get((location, side), [])
        value = here[key] = compute(forces)
        return value

    def sides_ashore(self, location: str, classes: Container[str]) -> set[str]:
        """The sides with a force of one of `classes` at the location, not on a transport (who
        holds it ashore is control.py's question, asked of every area a move touches): read
        from the index's lists, without copying them as at() does."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        buckets = index.buckets
        here: set[str] = set()
        for side in index.sides:
            for f in buckets.get((location, side), ()):
                # (the class first: most forces are ships, which need no second look)
                if f.cls in classes and not f.embarked:
                    here.add(side)
                    break
        return here

    def count(self, location: str, side: str) -> int:
        """How many forces of a side are at a location: len(at(location, side)), kept by the index."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        here = index.buckets.get((location, side))
        return len(here) if here else 0

    def move_all(self, location: str, side: str, dest: str) -> None:
        """Every force of `side` at `location` to `dest`: the same as setting each one's
        location, in one step (Return to Port moves whole port boxes)."""
        if dest != location:
            self._current_index().move_all(location, side, dest)

    def move_forces(self, forces: Iterable[Force], dest: str) -> None:
        """Each of the forces to `dest`: the same as setting each one's location in turn, in
        one call (a JA order moves a few forces to one destination)."""
        index = self._index  # _current_index() inlined, as in at()
        if index is None or index.forces is not self.forces or len(self.forces) != index.size:
            index = self._current_index()
        index.move(forces, dest)

    def mark_moved(self, forces: Iterable[Force]) -> None:
        """The forces marked moved (an order's, a move's), past Force.__setattr__ as in
        unmark_moved: `moved` is not whereabouts."""
        for f in forces:
            _SET_MOVED(f, True)

    def unmark_moved(self) -> None:
        """Every force unmoved again (a turn's start). `moved` is not whereabouts: it is set
        past Force.__setattr__, a call saved for each of the few hundred forces that moved."""
        for f in self.forces.values():
            if f.moved:
                _SET_MOVED(f, False)

    def release_index(self) -> None:
        """Drop the location index (it and the forces refer to each other); the next query
        builds a new one."""
        if self._index is not None:
            for f in self.forces.values():
                _SET_INDEX(f, None)
            self._index = None

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
