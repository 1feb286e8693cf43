"""The game's data: the map, the four campaign sheets and the bot's tables, as attrs objects.

Everything is read from TOML (docs/data-format.md) and structured by one cattrs converter with
`forbid_extra_keys`, so a typo in a key is reported, not ignored. Cross-file checks live in
`nimitz.model.datacheck`; `nimitz.model.load.load_game_data` gives the data read and checked.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any

import cattrs
from attrs import field, frozen
from cattrs.gen import make_dict_structure_fn, override
from cattrs.v import format_exception

from nimitz.model.optional_rules import OptionalRules
from nimitz.model.ratings import NO_PAIR, Rating, RatingPair

YEARS = (1942, 1943, 1944, 1945)
SIDES = ("US", "JA")
SHIP_TYPES = ("CV", "CVL", "CVE", "BB", "CRU", "DD", "SS", "TR")
CARRIER_TYPES = ("CV", "CVL", "CVE")
ESCORT_TYPES = ("BB", "CRU", "DD")
AIR_TYPES = ("LBA", "CAG")
GROUND_TYPES = ("INF", "BN")
FORCE_TYPES = SHIP_TYPES + AIR_TYPES + GROUND_TYPES
REINFORCEMENT_POOL = "RE"  # the set-up sheets' name for a side's reinforcement pool


# --- the map -------------------------------------------------------------------------------


@frozen
class Area:
    code: str
    name: str
    airfield: int
    adjacent: tuple[str, ...]
    unlimited_airfield: bool = False
    australian: bool = False
    home: str = ""  # "US": Japan never enters; "JA": the US never enters
    map_col: int = 0
    map_row: int = 0


@frozen
class Box:
    code: str
    name: str
    kind: str
    side: str


@frozen
class Level:
    name: str
    min: int


@frozen
class Linked:
    levels: tuple[Level, ...]


@frozen
class GameMap:
    areas: tuple[Area, ...]
    boxes: tuple[Box, ...]
    linked: Linked

    @cached_property
    def area(self) -> dict[str, Area]:
        return {a.code: a for a in self.areas}

    @cached_property
    def box(self) -> dict[str, Box]:
        return {b.code: b for b in self.boxes}

    @cached_property
    def order(self) -> dict[str, int]:
        """The map file's area order: the last tie-break of ruling R3."""
        return {a.code: i for i, a in enumerate(self.areas)}

    def distances(self, target: str, *, avoid_home: str = "") -> dict[str, int]:
        """Shortest path lengths to `target` over the movement lines (ruling R6).

        `avoid_home="US"` keeps Japanese paths out of WC and AU, which Japan never enters."""
        key = (target, avoid_home)
        cache = self._distance_cache
        if key not in cache:
            blocked = {a.code for a in self.areas if avoid_home and a.home == avoid_home}
            dist = {target: 0}
            frontier = [target]
            while frontier:
                nxt = []
                for code in frontier:
                    for n in self.area[code].adjacent:
                        if n not in dist and n not in blocked:
                            dist[n] = dist[code] + 1
                            nxt.append(n)
                frontier = nxt
            cache[key] = dist
        return cache[key]

    @cached_property
    def _distance_cache(self) -> dict[tuple[str, str], dict[str, int]]:
        return {}


# --- counters and campaign sheets ----------------------------------------------------------


@frozen
class CounterClass:
    id: str
    side: str
    type: str
    name: str
    cost: int
    purchase: int = 0
    australian: bool = False
    marine: bool = False
    bomber_wing: bool = False
    designed: bool = False
    aaa: RatingPair = NO_PAIR
    surface: RatingPair = NO_PAIR
    dc: RatingPair = NO_PAIR
    dogfight: RatingPair = NO_PAIR
    ship: RatingPair = NO_PAIR
    ground: RatingPair = NO_PAIR
    infantry: RatingPair = NO_PAIR
    units: tuple[str, ...] = ()
    # Worked out once from the fields above (the rules ask them in their innermost loops, where
    # a property's call cost more than the answer): not given, saved or compared.
    buy_cost: int = field(init=False, eq=False, repr=False)  # SP to buy: a carrier's purchase cost, else its cost
    repair_cost: int = field(init=False, eq=False, repr=False)  # half the buy cost, at least 1 (US Resupply)
    is_ship: bool = field(init=False, eq=False, repr=False)
    is_carrier: bool = field(init=False, eq=False, repr=False)
    is_escort: bool = field(init=False, eq=False, repr=False)
    is_aircraft: bool = field(init=False, eq=False, repr=False)
    is_ground: bool = field(init=False, eq=False, repr=False)
    # any aircraft with a bomb value is a bomber, even with a dogfight value too
    is_bomber: bool = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        derived = {
            "buy_cost": self.purchase or self.cost,
            "repair_cost": max(1, (self.purchase or self.cost) // 2),
            "is_ship": self.type in SHIP_TYPES,
            "is_carrier": self.type in CARRIER_TYPES,
            "is_escort": self.type in ESCORT_TYPES,
            "is_aircraft": self.type in AIR_TYPES,
            "is_ground": self.type in GROUND_TYPES,
            "is_bomber": self.type in AIR_TYPES and bool(self.ship.full or self.ground.full),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # (frozen: set once, here)

    @property
    def ashore_type(self) -> bool:
        """INF, battalions and LBA: the forces that hold areas."""
        return self.type in ("INF", "BN", "LBA")

    def values_text(self, damaged: bool = False) -> str:
        """The counter's printed values on one side, e.g. 'AAA 4/2 DC 2'."""
        parts = []
        for label, pair in (
            ("AAA", self.aaa),
            ("SURF" if self.type != "SS" else "TORP", self.surface),
            ("DC", self.dc),
            ("DOG", self.dogfight),
            ("SHIP", self.ship),
            ("GRND", self.ground),
            ("INF", self.infantry),
        ):
            rating = pair.side(damaged)
            if rating:
                parts.append(f"{label} {rating}")
        return " ".join(parts) or "no attack"


@frozen
class AirGroup:
    side: str
    carrier: str
    aircraft: tuple[str, ...]
    purchase: int = 0  # 0: any carrier of the type


@frozen
class InvasionLevel:
    min: int
    points: int


@frozen
class SpecialRules:
    extra_ja_infantry_per_reinforce: int = 0
    strategic_bombing: bool = False
    invasion_box: bool = False
    no_ja_orders_in: tuple[str, ...] = ()


@frozen
class YearSheet:
    year: int
    turns: int
    us_supply: int
    port_boxes: tuple[str, ...]
    objectives: tuple[str, ...]
    evaluation: tuple[Level, ...]
    special: SpecialRules
    classes: tuple[CounterClass, ...]
    setup: dict[str, dict[str, tuple[str, ...]]]
    air_groups: tuple[AirGroup, ...] = ()
    battalions: dict[str, dict[str, int]] = field(factory=dict)
    invasion_points: tuple[InvasionLevel, ...] = ()

    @cached_property
    def cls(self) -> dict[str, CounterClass]:
        return {c.id: c for c in self.classes}

    @cached_property
    def battalion_class(self) -> dict[str, CounterClass]:
        """side -> the class of its battalions (the first BN class listed for the side): asked
        for every battalion made, many a campaign."""
        out: dict[str, CounterClass] = {}
        for c in self.classes:
            if c.type == "BN":
                out.setdefault(c.side, c)
        return out

    @cached_property
    def unit_class(self) -> dict[tuple[str, str], CounterClass]:
        """(side, unit name) -> its class."""
        return {(c.side, u): c for c in self.classes for u in c.units}

    def level_for(self, held: int) -> str:
        for level in self.evaluation:
            if held >= level.min:
                return level.name
        return self.evaluation[-1].name

    @property
    def replaced_max(self) -> int:
        """The most objectives held that still counts as Replaced (defeat, ruling R21)."""
        return self.evaluation[-2].min - 1 if len(self.evaluation) > 1 else -1

    def air_group(self, side: str, carrier: CounterClass) -> AirGroup | None:
        """The carrier's air group (ruling R11): an exact purchase match wins over 'any'."""
        best = None
        for group in self.air_groups:
            if group.side == side and group.carrier == carrier.type:
                if group.purchase == carrier.purchase:
                    return group
                if group.purchase == 0:
                    best = group
        return best


# --- bot tables ----------------------------------------------------------------------------


@frozen
class Band:
    lo: int
    hi: int

    def __contains__(self, roll: int) -> bool:
        return self.lo <= roll <= self.hi


@frozen
class Order:
    name: str
    destination: str
    ships: int
    infantry: int
    lba: int
    track: int
    description: str
    lo: int = 0
    hi: int = 0
    lba_to_japan_if_no_ashore: bool = False
    fallback: str = ""
    rulings: tuple[str, ...] = ()


@frozen
class EastRoll:
    lo: int
    hi: int
    order: str


@frozen
class OrdersTable:
    scouted_dice: int
    order_dice: int
    scouted_modifier: dict[str, int]
    track_band: tuple[Band, ...]
    modifier_presets: dict[str, dict[str, tuple[int, ...]]]
    track_min: int
    track_max: int
    scouting_cap: int
    order: tuple[Order, ...]
    special_order: tuple[Order, ...]
    east_roll: tuple[EastRoll, ...]

    @cached_property
    def by_name(self) -> dict[str, Order]:
        return {o.name: o for o in self.order + self.special_order}

    def for_roll(self, roll: int) -> Order:
        for row in self.order:
            if row.lo <= roll <= row.hi:
                return row
        raise ValueError(f"no order row for a roll of {roll}")

    def band_index(self, track: int) -> int:
        for i, band in enumerate(self.track_band):
            if track in band:
                return i
        raise ValueError(f"track value {track} is in no band")

    def modifier(self, preset: str, year: int, track: int) -> int:
        return self.modifier_presets[preset][str(year)][self.band_index(track)]


@frozen
class ReinforcementRow:
    lo: int
    hi: int
    ships: int
    infantry: int
    lba: int


@frozen
class ReinforcementTable:
    battalions_per_missing: int
    row: tuple[ReinforcementRow, ...]

    def for_roll(self, roll: int) -> ReinforcementRow:
        for r in self.row:
            if r.lo <= roll <= r.hi:
                return r
        raise ValueError(f"no reinforcement row for {roll}")


@frozen
class LengthRow:
    lo: int
    hi: int
    turns: int


@frozen
class PlansRow:
    lo: int
    hi: int
    plans: int


@frozen
class BattleArea:
    code: str
    name: str
    lo: int
    hi: int


@frozen
class BattleTable:
    min_turns: int
    max_turns: int
    length: tuple[LengthRow, ...]
    plans_per_turn: tuple[PlansRow, ...]
    battle_area: tuple[BattleArea, ...]

    def turns_for(self, roll: int) -> int:
        return next(r.turns for r in self.length if r.lo <= roll <= r.hi)

    def plans_for(self, forces: int) -> int:
        return next(r.plans for r in self.plans_per_turn if r.lo <= forces <= r.hi)

    def area_for(self, roll: int) -> str:
        return next(a.code for a in self.battle_area if a.lo <= roll <= a.hi)


@frozen
class Plan:
    id: str
    name: str
    description: str
    effect: dict[str, Any]
    copies: int = 1
    cost: int = 0
    reactive: bool = False


@frozen
class PlanTable:
    plan: tuple[Plan, ...]

    @cached_property
    def by_id(self) -> dict[str, Plan]:
        return {p.id: p for p in self.plan}


# --- loading -------------------------------------------------------------------------------


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def structure_pair(value: Any, _type: type) -> RatingPair:
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError('a rating pair is a list [full, damaged], e.g. ["4/2", "2/1"]')
        return RatingPair(Rating.parse(value[0]), Rating.parse(value[1]))

    conv.register_structure_hook(RatingPair, structure_pair)
    conv.register_structure_hook(
        YearSheet,
        make_dict_structure_fn(
            YearSheet,
            conv,
            _cattrs_forbid_extra_keys=True,
            classes=override(rename="class"),
            air_groups=override(rename="air_group"),
        ),
    )
    return conv


_CONVERTER = _make_converter()


def data_root() -> Path:
    """Where campaigns/ and bot_tables/ are: inside the installed wheel, or the source tree."""
    packaged = Path(__file__).resolve().parent.parent / "_data"
    if (packaged / "campaigns").is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent


# Attribute names that differ from the TOML table names (messages name the TOML tables).
_TOML_NAMES = {"classes": "class", "air_groups": "air_group", "areas": "area", "boxes": "box"}
_ATTR_IN_PATH = re.compile(r"\.(classes|air_groups|areas|boxes)\[")


def _format_error(exc: BaseException, type_: type | None) -> str:
    """cattrs' message, plus what our own hooks said (e.g. why "4/x" is not a rating)."""
    text = format_exception(exc, type_)
    if isinstance(exc, ValueError) and str(exc):
        text += f": {exc}"
    return text


def _problems_from(exc: Exception, file: str) -> list[str]:
    if isinstance(exc, cattrs.BaseValidationError):
        messages = cattrs.transform_error(exc, path=file.split("/")[-1], format_exception=_format_error)
        return [f"{file}: " + _ATTR_IN_PATH.sub(lambda m: f".{_TOML_NAMES[m[1]]}[", msg) for msg in messages]
    return [f"{file}: {exc}"]


@frozen
class GameData:
    map: GameMap
    years: dict[int, YearSheet]
    orders: OrdersTable
    reinforcements: ReinforcementTable
    battle: BattleTable
    ja_plans: PlanTable
    us_plans: PlanTable
    optional_rules: OptionalRules
    fingerprint: str

    def year(self, year: int) -> YearSheet:
        return self.years[year]


_FILES: dict[str, tuple[str, type]] = {
    "map": ("campaigns/map.toml", GameMap),
    "orders": ("bot_tables/orders.toml", OrdersTable),
    "reinforcements": ("bot_tables/reinforcements.toml", ReinforcementTable),
    "battle": ("bot_tables/battle.toml", BattleTable),
    "ja_plans": ("bot_tables/ja_plans.toml", PlanTable),
    "us_plans": ("bot_tables/us_plans.toml", PlanTable),
    "optional_rules": ("campaigns/optional_rules.toml", OptionalRules),
}


def _read_toml(root: Path, rel: str, problems: list[str]) -> dict[str, Any] | None:
    path = root / rel
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        problems.append(f"{rel}: file not found under {root}")
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{rel}: not valid TOML: {exc}")
    return None


def _map_from_toml(raw: dict[str, Any]) -> dict[str, Any]:
    return {
        "areas": raw.get("area", []),
        "boxes": raw.get("box", []),
        "linked": raw.get("linked", {}),
        **{k: v for k, v in raw.items() if k not in ("area", "box", "linked")},
    }


def load_raw(root: Path | None = None) -> tuple[GameData | None, list[str]]:
    """Load and structure every file; returns the data (or None) and the problems found."""
    root = root or data_root()
    problems: list[str] = []
    loaded: dict[str, Any] = {}
    digest = hashlib.sha256()
    for key, (rel, cls) in _FILES.items():
        raw = _read_toml(root, rel, problems)
        if raw is None:
            continue
        digest.update(rel.encode() + (root / rel).read_bytes())
        if key == "map":
            raw = _map_from_toml(raw)
        try:
            loaded[key] = _CONVERTER.structure(raw, cls)
        except Exception as exc:  # every structuring error becomes a message
            problems.extend(_problems_from(exc, rel))
    years: dict[int, YearSheet] = {}
    for year in YEARS:
        rel = f"campaigns/{year}.toml"
        raw = _read_toml(root, rel, problems)
        if raw is None:
            continue
        digest.update(rel.encode() + (root / rel).read_bytes())
        try:
            years[year] = _CONVERTER.structure(raw, YearSheet)
        except Exception as exc:
            problems.extend(_problems_from(exc, rel))
    if problems or len(loaded) != len(_FILES):
        return None, problems
    data = GameData(years=years, fingerprint=digest.hexdigest()[:16], **loaded)
    return data, problems
