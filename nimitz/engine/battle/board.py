"""A read-mostly view of the battle board: which pieces stand where, their values, the plans in
force. Shared by the battle engine and the Japanese bot; it holds no state of its own beyond
caches, so everything that matters stays in `CampaignState.battle` (saved with the campaign).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING, Any

from nimitz.engine import variants
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT, BattleState, PlanInPlay
from nimitz.model.data import CounterClass, Plan
from nimitz.model.ratings import Rating
from nimitz.model.state import BOMBING

if TYPE_CHECKING:
    from nimitz.engine.game import Game

# How a plan, an event or the weather changed an attack value: source, from, to (and plan id).
Modifier = dict[str, str]

ENEMY = {"US": "JA", "JA": "US"}
AREA_NAMES = {"JO": "Japanese Ocean", "IS": "Island", "CO": "Coastal", "UO": "US Ocean"}


def airfield_id(side: str) -> str:
    return f"{side}:airfield"


def transport_id(side: str) -> str:
    return f"{side}:Transport"


def box_area(box: str | None) -> str:
    """The battle area a box belongs to ('' for a deck or a transport)."""
    if box in AREAS:
        return box
    if box in ISLAND_BOXES:
        return "IS"
    return ""


class Board:
    """Queries over the battle in `game.state.battle`."""

    def __init__(self, game: Game):
        self.game = game
        self.state = game.state
        self.data = game.data
        self.sheet = game.data.year(game.state.year)
        self._cls: dict[str, CounterClass] = {}

    @property
    def bs(self) -> BattleState:
        battle = self.state.battle
        assert battle is not None, "a Board is made for a battle being fought"
        return battle

    # --- identity --------------------------------------------------------------------------

    def cls(self, pid: str) -> CounterClass:
        c = self._cls.get(pid)
        if c is None:
            piece = self.bs.pieces.get(pid)
            cid = piece.cls if piece is not None else self.state.forces[pid].cls
            c = self._cls[pid] = self.sheet.cls[cid]
        return c

    def side(self, pid: str) -> str:
        return pid.split(":", 1)[0]

    def name(self, pid: str) -> str:
        if pid.endswith(":airfield"):
            return f"{self.side(pid)} airfield"
        piece = self.bs.pieces.get(pid)
        if piece is not None:
            return piece.name
        return self.state.forces[pid].name

    def is_piece(self, pid: str) -> bool:
        return pid in self.bs.pieces

    def damaged(self, pid: str) -> bool:
        piece = self.bs.pieces.get(pid)
        if piece is not None:
            return piece.damaged
        force = self.state.forces.get(pid)
        return bool(force and force.damaged)

    def box(self, pid: str) -> str:
        return self.bs.positions.get(pid, "")

    def alive(self, pid: str) -> bool:
        return pid in self.bs.positions

    def ids(self, side: str | None = None) -> list[str]:
        """Every piece on the board (map forces first, then battle pieces), in board order."""
        bs = self.bs
        pos = bs.positions
        if side is None:
            return [p for p in chain(bs.forces, bs.pieces) if p in pos]
        prefix = side + ":"
        return [p for p in chain(bs.forces, bs.pieces) if p in pos and p.startswith(prefix)]

    # --- where things are ------------------------------------------------------------------

    def at(self, side: str, boxes: Iterable[str]) -> list[str]:
        boxes = set(boxes)
        return [p for p in self.ids(side) if self.bs.positions[p] in boxes]

    def ships(self, side: str, area: str) -> list[str]:
        """Ships (submarines and transports too) in a sea area."""
        return [p for p in self.at(side, (area,)) if self.cls(p).is_ship]

    def surface_ships(self, side: str, area: str) -> list[str]:
        """Ships other than submarines: what bombs, torpedoes and naval guns can hit."""
        return [p for p in self.ships(side, area) if self.cls(p).type != "SS"]

    def subs(self, side: str, area: str) -> list[str]:
        return [p for p in self.ships(side, area) if self.cls(p).type == "SS"]

    def all_ships(self, side: str) -> list[str]:
        return [p for p in self.ids(side) if self.cls(p).is_ship]

    def carriers(self, side: str) -> list[str]:
        return [p for p in self.ids(side) if self.cls(p).is_carrier]

    def aircraft(self, side: str) -> list[str]:
        return [p for p in self.ids(side) if self.cls(p).is_aircraft]

    def lba(self, side: str) -> list[str]:
        return [p for p in self.ids(side) if self.cls(p).type == "LBA"]

    def flying(self, side: str, area: str | None = None) -> list[str]:
        return [
            p
            for p in self.aircraft(side)
            if self.bs.positions[p] in AREAS and (area is None or self.bs.positions[p] == area)
        ]

    def at_home(self, side: str) -> list[str]:
        """Aircraft on their carrier or airfield (not flying)."""
        return [p for p in self.aircraft(side) if self.bs.positions[p] not in AREAS]

    def on_deck(self, carrier: str) -> list[str]:
        return [
            p
            for p, piece in self.bs.pieces.items()
            if piece.kind == "aircraft" and piece.home == carrier and self.bs.positions.get(p) == DECK
        ]

    def infantry(self, side: str, boxes: Iterable[str]) -> list[str]:
        return [p for p in self.at(side, boxes) if self.cls(p).is_ground]

    def ashore(self, side: str) -> list[str]:
        """Infantry and battalions on the side's beach or in its foxholes."""
        return self.infantry(side, (f"{side}_BE", f"{side}_FH"))

    def foxholes(self, side: str) -> list[str]:
        return self.infantry(side, (f"{side}_FH",))

    def embarked(self, side: str) -> list[str]:
        return self.infantry(side, (ON_TRANSPORT,))

    def transport(self, side: str) -> str | None:
        tid = transport_id(side)
        return tid if tid in self.bs.positions else None

    def airfields(self, side: str) -> int:
        return self.bs.airfields.get(side, 0)

    def holds_island(self, side: str) -> bool:
        """Own infantry ashore or own land-based aircraft: the right to aim at enemy infantry."""
        return bool(self.ashore(side) or self.lba(side))

    def bombing_wings(self, side: str) -> list[str]:
        """B-29 wings in the strategic bombing box that hold airfields in this battle (R64): on
        the sheet with the side's LBA, but bombing Japan, so they never fly and are not counted
        as forces fighting here."""
        return [p for p in self.ids(side) if p in self.state.forces and self.state.forces[p].location == BOMBING]

    def count_on_sheet(self, side: str) -> int:
        """Every force of the side on the sheet, carrier aircraft and embarked infantry included
        (transports are only their cargo's ride, airfields are not forces, and bombing wings
        fight elsewhere, R64)."""
        wings = self.bombing_wings(side)
        return sum(1 for p in self.ids(side) if self.cls(p).type != "TR" and p not in wings)

    def has_surface_ships(self, side: str) -> bool:
        return any(self.cls(p).is_ship and self.cls(p).type not in ("SS",) for p in self.ids(side))

    # --- plans -----------------------------------------------------------------------------

    def plan_def(self, side: str, plan_id: str) -> Plan:
        table = self.data.ja_plans if side == "JA" else self.data.us_plans
        return table.by_id[plan_id]

    def ja_in_force(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """JA plans acting now: drawn this battle turn, or kept until used; not yet spent."""
        out: list[tuple[Plan, PlanInPlay]] = []
        bs = self.bs
        for pip in bs.ja_plans:
            if pip.used:
                continue
            plan = self.data.ja_plans.by_id[pip.plan]
            if pip.turn != bs.turn and not plan.effect.get("keep_until_used"):
                continue
            if kind is None or plan.effect["kind"] == kind:
                out.append((plan, pip))
        return out

    def us_playing(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """US plans the player played this turn and that are not spent yet."""
        out: list[tuple[Plan, PlanInPlay]] = []
        for pip in self.bs.us_plans:
            if pip.used or pip.plan not in self.bs.us_playing:
                continue
            plan = self.data.us_plans.by_id[pip.plan]
            if kind is None or plan.effect["kind"] == kind:
                out.append((plan, pip))
        return out

    def us_held(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """US plans bought and not yet used."""
        out: list[tuple[Plan, PlanInPlay]] = []
        for pip in self.bs.us_plans:
            if pip.used:
                continue
            plan = self.data.us_plans.by_id[pip.plan]
            if kind is None or plan.effect["kind"] == kind:
                out.append((plan, pip))
        return out

    def in_force(self, side: str, kind: str) -> list[tuple[Plan, PlanInPlay]]:
        return self.ja_in_force(kind) if side == "JA" else self.us_playing(kind)

    def requirement_met(self, side: str, requires: str) -> bool:
        if not requires:
            return True
        if requires == "own_infantry_ashore":
            return bool(self.ashore(side))
        if requires == "marine_ashore":
            return any(self.cls(p).marine for p in self.ashore(side))
        if requires == "enemy_ships":
            return self.has_surface_ships(ENEMY[side])
        raise ValueError(f"unknown plan requirement {requires!r}")

    # --- values ----------------------------------------------------------------------------

    def rating(self, pid: str, rating: str, *, vs_subs: bool = False) -> tuple[Rating, list[Modifier]]:
        """The piece's current attack value with every plan bonus in force, and the modifiers."""
        c = self.cls(pid)
        value = getattr(c, rating).side(self.damaged(pid))
        mods: list[Modifier] = []
        if not value:
            return value, mods
        side = self.side(pid)
        for plan, _pip in self.in_force(side, "rating_bonus"):
            eff = plan.effect
            if rating not in eff["ratings"] or not _who_matches(eff["who"], c):
                continue
            if not self.requirement_met(side, eff["requires"]):
                continue
            if eff["excludes_subs"] and (c.type == "SS" or vs_subs):
                continue
            before = value
            value = value.plus(eff["add"], eff["superior_add"], eff["superior_min"])
            mods.append({"plan": plan.id, "source": f"{side} plan {plan.name}", "from": str(before), "to": str(value)})
        value = variants.adjust_rating(self, pid, rating, value, mods)
        return value, mods

    # --- description -----------------------------------------------------------------------

    def describe(self, pid: str) -> dict[str, Any]:
        return {
            "id": pid,
            "name": self.name(pid),
            "class": self.cls(pid).id if not pid.endswith(":airfield") else "",
            "damaged": self.damaged(pid),
            "box": self.box(pid),
        }


def _who_matches(who: str, c: CounterClass) -> bool:
    if who == "all":
        return True
    if who == "aircraft":
        return c.is_aircraft
    if who == "ships":
        return c.is_ship
    if who == "subs":
        return c.type == "SS"
    if who == "infantry":
        return c.is_ground
    raise ValueError(f"unknown rating_bonus 'who' {who!r}")
