"""The battle board: where each force stands during a battle, and the battle's own counters.

Filled and changed only by the battle engine (nimitz/engine/battle/). Plain attrs classes with
plain fields so cattrs saves them exactly. Map forces keep their map `location` during the
battle; their place on the board is `BattleState.positions`. Carrier aircraft and transports
exist only here (`pieces`).

Board boxes (`positions` values):

| box | meaning |
|---|---|
| `JO` `CO` `UO` | Japanese Ocean, Coastal, US Ocean (ships; aircraft in the air) |
| `IS` | the Island (aircraft in the air over it) |
| `US_AF` `JA_AF` | a side's Island airfields: its land-based aircraft when not flying |
| `US_FH` `JA_FH` | a side's foxholes |
| `US_BE` `JA_BE` | a side's beaches |
| `DECK` | a carrier aircraft on its carrier (`BattlePiece.home`), not flying |
| `TR` | infantry on its side's transport (the transport is in `CO`) |
"""

from __future__ import annotations

from typing import Any

from attrs import define, field, setters

SEA_AREAS = ("JO", "CO", "UO")
AREAS = ("JO", "IS", "CO", "UO")  # the battle sheet's areas in number order (battle.toml)
ISLAND_BOXES = ("US_AF", "US_FH", "US_BE", "JA_BE", "JA_FH", "JA_AF")
DECK = "DECK"
ON_TRANSPORT = "TR"


_dict_set = dict.__setitem__  # (one global read, not the builtin's and its attribute's)


class Positions(dict[str, str]):
    """`BattleState.positions`: a plain dict that counts its changes, so the battle engine can
    keep query results (who flies where, which ships are in an area) up to date as pieces move,
    arrive or leave. Saved, compared and copied as the dict it is.

    `board_cache` is the battle engine's (engine.battle.board): its query results for these
    positions, shared by every Board over them (the engine's and each policy decision's); never
    copied or saved. `groups` is the part of them a query reads, while they are current: a
    single piece's change is handed to the cache as it is made (`board_cache.follow`), which
    keeps them so; a change of many pieces at once (update, clear...), which the engine makes
    only in setting up, makes them None, to be worked out again at the next query."""

    __slots__ = ("changes", "board_cache", "groups")

    def __init__(self, *args: Any, **kwargs: str) -> None:
        super().__init__(*args, **kwargs)
        self.changes = 0
        self.board_cache: Any = None
        self.groups: dict[Any, list[str]] | None = None

    # (dict's own methods called directly, not through super(): a battle moves pieces often)
    def put(self, key: str, value: str) -> None:
        """`self[key] = value`, called as a method: the battle engine moves its pieces so, a call
        from Python code, which costs less than the assignment's call of __setitem__ from C."""
        old = self.get(key)
        if old != value:  # a piece put back where it is changes nothing
            self.changes += 1
            _dict_set(self, key, value)
            if self.groups is not None:
                self.board_cache.follow(self, key, old, value)

    __setitem__ = put

    def __delitem__(self, key: str) -> None:
        old = self[key]
        self.changes += 1
        dict.__delitem__(self, key)
        if self.groups is not None:
            self.board_cache.follow(self, key, old, None)

    def pop(self, key: str, *default: Any) -> Any:
        if key not in self:  # (the default, or KeyError: nothing changes)
            return dict.pop(self, key, *default)
        old = dict.pop(self, key)
        self.changes += 1
        if self.groups is not None:
            self.board_cache.follow(self, key, old, None)
        return old

    def _bulk_change(self) -> None:
        self.changes += 1
        self.groups = None

    def popitem(self) -> tuple[str, str]:
        self._bulk_change()
        return super().popitem()

    def setdefault(self, key: str, default: str = "") -> str:
        self._bulk_change()
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: str) -> None:
        self._bulk_change()
        super().update(*args, **kwargs)

    def clear(self) -> None:
        self._bulk_change()
        super().clear()

    def __ior__(self, other: Any) -> Positions:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Positions:
        return Positions(self)  # keys and values are strings

    def __reduce__(self) -> tuple[type[Positions], tuple[dict[str, str]]]:
        return Positions, (dict(self),)


def _positions(value: dict[str, str]) -> Positions:
    return value if type(value) is Positions else Positions(value)


@define
class BattlePiece:
    """A counter that exists only in the battle: a carrier aircraft (R11) or a transport."""

    id: str  # "US:Lexington air 2", "JA:Transport"
    side: str
    cls: str  # counter class id (type CAG or TR)
    name: str
    kind: str  # "aircraft" or "transport"
    home: str = ""  # aircraft: the carrier force id it belongs to now
    damaged: bool = False


@define
class PlanInPlay:
    """A battle plan counter in play: a JA plan drawn this turn (or kept), or a US plan bought."""

    plan: str  # plan id in ja_plans.toml / us_plans.toml
    side: str
    turn: int = 0  # the battle turn it was drawn in (JA); 0 for US plans
    used: bool = False  # spent (US), or its one-time effect has happened (JA)


# No on_setattr hooks: attrs would give every field of a class with a converter its convert and
# validate hooks, Python calls at every turn, step and counter the engine sets (and a Python
# __setattr__ that stops CPython's fast attribute stores). `positions` is converted by __init__
# (which cattrs and evolve use); a plain dict put there later is converted by the next Board
# (engine.battle.board).
@define(on_setattr=setters.NO_OP)
class BattleState:
    area: str  # the map area the battle is fought in
    turn: int = 0  # the current battle turn (0: setting up)
    length: int = 0  # battle turns, after every change so far
    rolled_length: int = 0  # the length roll's result before plans changed it
    step: str = "setup"
    forces: list[str] = field(factory=list)  # map force ids in the battle, in board order
    positions: dict[str, str] = field(factory=Positions, converter=_positions)  # force or piece id -> board box
    pieces: dict[str, BattlePiece] = field(factory=dict)  # carrier aircraft and transports
    capacity: dict[str, int] = field(factory=dict)  # carrier id -> aircraft it started with
    airfields: dict[str, int] = field(factory=dict)  # side -> airfield counters on the Island
    destroyed: list[str] = field(factory=list)  # map forces destroyed, in order
    lost_pieces: list[str] = field(factory=list)  # battle pieces destroyed, in order
    out: list[str] = field(factory=list)  # US submarines that take no part (map forces)
    done: list[str] = field(factory=list)  # aircraft that struck at First Light this turn
    ja_plans_per_turn: int = 0
    ja_force_count: int = 0  # the count the plans per turn came from
    cup: list[str] = field(factory=list)  # JA plan counters in the cup (R13)
    drawn: list[str] = field(factory=list)  # JA counters out of the cup (drawn or set aside)
    ja_plans: list[PlanInPlay] = field(factory=list)  # JA plans in force
    us_bpp: int = 0  # BPP available at purchase (R12)
    us_sp_spent: int = 0
    us_plans: list[PlanInPlay] = field(factory=list)  # US plans bought this battle
    us_playing: list[str] = field(factory=list)  # US plans the player plays this turn
    stats: dict[str, int] = field(factory=dict)  # hits scored, applied, cancelled, lost
    ended: str = ""  # why the battle ended
    # Areas whose battles were fought earlier in this Resolve Battles step (a battle resumed from
    # a position goes on with the others); saved only when not empty.
    earlier: list[str] = field(factory=list)
