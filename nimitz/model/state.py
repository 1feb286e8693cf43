"""The campaign state: every force and where it is, the turn and step, the tracks and the dice.

Plain attrs classes with no behaviour beyond queries, so cattrs can save them exactly and the
engine stays the one place that changes them.
"""

from __future__ import annotations

from attrs import define, field

from nimitz.model.battle import BattleState

# Locations that are not map areas.
DESTROYED = "DESTROYED"  # ships, carriers and battalions sunk or wiped out for good
US_POOL = "US_RE"  # US reinforcements: bought with SP; destroyed US LBA return here (ed3)
JA_POOL = "JA_RE"  # JA reinforcement stacks (order in CampaignState.ja_stacks)
BATTALIONS = "BATTALIONS"  # the JA battalion box (unlimited, ruling R10)
RAID = "RAID"
BOMBING = "BW"
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

    id: str  # "JA:Kaga", "US:25th", battalions "JA:Battalion 3"
    side: str  # "US" or "JA"
    name: str
    cls: str  # counter class id in the year file
    location: str
    damaged: bool = False
    moved: bool = False  # JA: has moved or been pinned this turn
    embarked: bool = False  # infantry on a transport: in the area but not ashore


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

    # --- queries ---------------------------------------------------------------------------

    def at(self, location: str, side: str | None = None) -> list[Force]:
        """Forces at a location in a stable order (their insertion order in `forces`)."""
        return [f for f in self.forces.values()
                if f.location == location and (side is None or f.side == side)]

    def by_location(self) -> dict[str, list[Force]]:
        out: dict[str, list[Force]] = {}
        for f in self.forces.values():
            out.setdefault(f.location, []).append(f)
        return out

    @property
    def finished(self) -> bool:
        return bool(self.result)
