"""The Japanese orders bot: scouted orders, the JA Orders step, table-driven (bot_tables/orders.toml).

Rulings R1-R10 and the project's own R40-R49 (docs/rulings-added.md). Every order is carried out
at once and returns an explanation: the dice, the modifier and its source, the chart row, the
forces picked, the candidate destinations with their distances and JA counts, the tie-break.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from attrs import define, field

from nimitz.engine.control import holding_classes
from nimitz.engine.dice import Dice, choose, choose_out, roll_sum
from nimitz.model.data import CounterClass, GameData, GameMap, Order, OrdersTable, YearSheet
from nimitz.model.state import CampaignState, Force, set_damaged, set_moved

JAPAN = "JA"
PICK_NAMES = {"ships": "a ship", "infantry": "an infantry counter", "lba": "an LBA counter"}
# what OrdersBot keeps with the state for a year (OrdersBot._tables)
_Tables = tuple[
    dict[str, str],
    list[str],
    list[str],
    dict[tuple[str, str], tuple[str, ...]],
    dict[tuple[str, int], int],
    dict[int, Order],
]

# (year, ids of its sheet, the map and the orders table) -> those and OrdersBot's tables
_KEPT_TABLES: dict[tuple[int, int, int, int], tuple[YearSheet, GameMap, OrdersTable, _Tables]] = {}


@define
class OrderResult:
    area: str
    order: str  # the order carried out
    moved: list[str] = field(factory=list)  # force ids that left
    held: list[str] = field(factory=list)  # force ids given the order that stayed
    destination: str = ""
    explanation: dict[str, Any] = field(factory=dict)
    # False in a lab game, which reads only the order: no explanation and no text were made
    explained: bool = True

    def __init__(
        self,
        area: str,
        order: str,
        moved: list[str] | None = None,
        held: list[str] | None = None,
        destination: str = "",
        explanation: dict[str, Any] | None = None,
        explained: bool = True,
    ) -> None:
        # attrs' own, but a literal where it calls each field's factory (a result for every order)
        self.area = area
        self.order = order
        self.moved = [] if moved is None else moved
        self.held = [] if held is None else held
        self.destination = destination
        self.explanation = {} if explanation is None else explanation
        self.explained = explained

    def data(self) -> dict[str, Any]:
        """The structured record journaled with the order (and printed by `nimitz bot --json`)."""
        return {
            "area": self.area,
            "order": self.order,
            "moved": self.moved,
            "held": self.held,
            "destination": self.destination,
            **self.explanation,
        }

    def text(self) -> str:
        if not self.explained:
            return ""
        e = self.explanation
        roll = e.get("roll", {})
        if roll.get("automatic"):
            head = f"{self.area}: {roll['automatic']}"
        else:
            dice = "+".join(map(str, roll.get("dice", [])))
            head = f"{self.area}: roll {dice} {roll.get('modifier', 0):+d} = {roll.get('total')}"
        path = " -> ".join(e.get("tried", [])) or self.order
        ids = self.moved + self.held
        added = e.get("battalions_added")
        if added:
            ids = [i for i in ids if i not in added]
        names = ", ".join([i.split(":", 1)[1] for i in ids]) or "nothing"
        dest = f" to {self.destination}" if self.destination else ""
        extra = ""
        if e.get("lba_to_japan"):
            extra += f"; LBA to Japan ({', '.join(x.split(':', 1)[1] for x in e['lba_to_japan'])}, R8)"
        if e.get("battalions_added"):
            extra += f"; +{len(e['battalions_added'])} battalion(s) (R10)"
        track = e.get("track")
        if track:
            extra += f"; track {track['before']} -> {track['after']}"
        return f"{head}: {path}: {names}{dest}{extra}"


class OrdersBot:
    """The JA order procedures on one campaign state, rolling the given dice."""

    def __init__(self, state: CampaignState, data: GameData, dice: Dice, explains: bool = True):
        self.last_pools: dict[str, Any] = {}  # what the latest selection picked from
        self.pinned_at_orders: list[str] = []  # JA INF pinned at the start of JA Orders (R59)
        self.state = state
        self.data = data
        self.dice = dice
        self.sheet = data.year(state.year)
        # False for a lab game (its journal streamed, not kept: Game.keeps_journal), which reads
        # only which order each was: the bot then writes no explanations, texts or roll purposes.
        self.explains = explains
        self.m = data.map
        self.table = data.orders
        # The state keeps each area's forces ashore until a force there moves (its summaries).
        self._ja_ashore_key = ("JA forces ashore", data.fingerprint, state.year)
        self._us_ashore_key = ("US forces ashore", data.fingerprint, state.year)
        self._surface_key = ("US forces other than subs", data.fingerprint, state.year)
        self._holding = holding_classes(state, data)  # the INF, BN and LBA classes
        # Kept for the process: a bot is made twice a turn, every campaign, and its tables are
        # the frozen data's alone (the categories alone read 60 classes)
        tables = self._kept_tables(state.year)
        self._categories, self._open_areas, self._open_objectives, self._closer_kept = tables[:4]
        self._modifiers, self._rows = tables[4:]

    def _kept_tables(self, year: int) -> _Tables:
        """_tables() for the year, kept for the process with the sheet, map and orders table
        they are made from, by their ids (held there, those ids stay theirs)."""
        key = (year, id(self.sheet), id(self.m), id(self.table))
        kept = _KEPT_TABLES.get(key)
        if kept is None:
            kept = _KEPT_TABLES[key] = (self.sheet, self.m, self.table, self._tables())
        return kept[3]

    def _tables(self) -> _Tables:
        # class id -> "ships", "infantry" or "lba": what an order's maxima count (R4)
        categories = {
            cls_id: "infantry" if c.type in ("INF", "BN") else "lba" if c.type == "LBA" else "ships"
            for cls_id, c in self.sheet.cls.items()
        }
        open_areas = [a.code for a in self.m.areas if a.home != "US"]  # where orders may send forces
        # the year's objectives among them, in map order
        open_objectives = [c for c in open_areas if c in self.sheet.objectives]
        # (area, target) -> the neighbours one step closer to the target (_closer), as asked
        closer: dict[tuple[str, str], tuple[str, ...]] = {}
        # (preset, track) -> the order roll's modifier, and roll total -> order row, as asked
        # (_modifier, _row_for_roll): the table's alone, read again for every order
        modifiers: dict[tuple[str, int], int] = {}
        rows: dict[int, Order] = {}
        return categories, open_areas, open_objectives, closer, modifiers, rows

    def _modifier(self, preset: str, track: int) -> int:
        """The order roll's modifier for the preset and the track (R1), kept with the tables."""
        mod = self._modifiers.get((preset, track))
        if mod is None:
            mod = self._modifiers[preset, track] = self.table.modifier(preset, self.state.year, track)
        return mod

    def _row_for_roll(self, total: int) -> Order:
        """The orders table's row for a roll's total, kept with the tables."""
        row = self._rows.get(total)
        if row is None:
            row = self._rows[total] = self.table.for_roll(total)
        return row

    # --- what is where ---------------------------------------------------------------------

    def cls(self, f: Force) -> CounterClass:
        return self.sheet.cls[f.cls]

    def ja(self, area: str) -> list[Force]:
        return self.state.at(area, "JA")

    def _ashore(self, here: list[Force]) -> list[Force]:
        """The INF, battalions and LBA of `here` (one side's forces) not on transports."""
        holding = self._holding
        ashore = []  # (a loop: a comprehension is a call of its own)
        for f in here:
            if f.cls in holding and not f.embarked:
                ashore.append(f)
        return ashore

    def ja_ashore(self, area: str) -> list[Force]:
        """The JA INF, battalions and LBA ashore here (the state's shared list: not to be changed)."""
        return self.state.summary(area, self._ja_ashore_key, self._ashore, "JA")

    def with_ja_ashore(self, areas: Iterable[str]) -> list[str]:
        """The areas of `areas` with JA INF, battalions or LBA ashore, in their order (one pass:
        several destination rules ask it of every area in turn)."""
        summary, key, ashore = self.state.summary, self._ja_ashore_key, self._ashore
        # (asked only where JA forces are: most areas hold none, which the index tells in one
        # pass; a loop: a comprehension is a call of its own)
        found = []
        for c in self.state.occupied(areas, "JA"):
            if summary(c, key, ashore, "JA"):
                found.append(c)
        return found

    def us_present(self, area: str, ignore_subs: bool = False) -> bool:
        if not self.state.count(area, "US"):
            return False
        return not ignore_subs or self.state.summary(area, self._surface_key, self._us_beyond_subs, "US")

    def _us_beyond_subs(self, here: list[Force]) -> bool:
        """Whether US forces other than submarines are among `here` (the US forces in an area;
        kept by the state as _ashore is)."""
        cls = self.sheet.cls
        for f in here:  # noqa: SIM110 (a loop, not any() of a generator resumed from C)
            if cls[f.cls].type != "SS":
                return True
        return False

    def us_ashore(self, area: str) -> bool:
        return bool(self.state.summary(area, self._us_ashore_key, self._ashore, "US"))

    def category(self, f: Force) -> str:
        return self._categories[f.cls]

    def movable(self, area: str) -> list[Force]:
        """Unmoved JA forces here that an order may take (R3, R4: the last INF/LBA ashore stays)."""
        forces = [f for f in self.ja(area) if not f.moved]
        if area in (JAPAN, "EA"):
            return forces
        ashore = self.ja_ashore(area)
        if len(ashore) == 1:
            forces = [f for f in forces if f is not ashore[0]]
        return forces

    def _pin_and_pool(self, area: str) -> list[Force]:
        """Mark the last INF/LBA ashore as moved when it is the only one left (R4), then
        movable(area): the unmoved JA forces here, that one now left out with the other moved
        forces. (Asked before every order: the state's summary is read here, not through
        ja_ashore, a call less.)"""
        state = self.state
        if area not in (JAPAN, "EA"):
            ashore = state.summary(area, self._ja_ashore_key, self._ashore, "JA")
            if len(ashore) == 1 and not ashore[0].moved:
                set_moved(ashore[0], True)
        pool = []  # (a loop: a comprehension is a call of its own, made for every order)
        for f in state.at(area, "JA"):
            if not f.moved:
                pool.append(f)
        return pool

    # --- moved markers at the start of US Scouting (R3) -----------------------------------

    def place_moved_markers(self) -> dict[str, Any]:
        lone, pinned = [], []
        state = self.state
        occupied = state.occupied(self.m.area, "JA")  # (most areas hold none: nothing to mark)
        # the areas with US forces too, found in one pass (marking moves no force); the summary
        # read here, not through ja_ashore: two calls less an area
        facing_us = set(state.meeting_places(occupied))
        summary, key, ashore_of = state.summary, self._ja_ashore_key, self._ashore
        for code in occupied:
            if code in (JAPAN, "EA"):
                continue
            ashore = summary(code, key, ashore_of, "JA")
            if len(ashore) == 1:
                set_moved(ashore[0], True)
                lone.append(ashore[0].id)
            if code in facing_us:
                for f in self.ja(code):
                    if self._categories[f.cls] == "infantry" and not f.moved:
                        set_moved(f, True)
                        pinned.append(f.id)
        return {"lone": lone, "pinned": pinned, "rulings": ["R3"]}

    def pin_facing_us(self) -> list[str]:
        """At JA Orders, JA INF in an area with US forces get no order: mark the ones US Movement
        brought US forces to since the R3 markers went down (procedures: JA Orders; R59)."""
        pinned = []
        for code in self.state.meeting_places(self.m.area):  # (the areas with JA forces and US ones)
            if code in (JAPAN, "EA"):
                continue
            for f in self.ja(code):
                if self._categories[f.cls] == "infantry" and not f.moved:
                    set_moved(f, True)
                    pinned.append(f.id)
        return pinned

    # --- destinations (R6) -----------------------------------------------------------------

    def _dist(self, target: str) -> dict[str, int]:
        return self.m.distances(target, avoid_home="US")

    def _closer(self, area: str, target: str) -> list[str]:
        """The neighbours of `area` one step closer to `target` (R6): the map's alone, so worked
        out once for each (area, target) and kept with the bot's tables."""
        kept = self._closer_kept.get((area, target))
        if kept is None:
            dist = self._dist(target)
            kept = self._closer_kept[area, target] = (
                ()
                if area not in dist
                else tuple(
                    n
                    for n in self.m.area[area].adjacent
                    if n in dist and dist[n] == dist[area] - 1 and self.m.area[n].home != "US"
                )
            )
        return list(kept)

    def candidates(self, order: Order, area: str) -> tuple[list[str], str]:
        """Legal destinations for an order from `area`, and a note on how they were found."""
        kind = order.destination
        if kind == "stay":
            return [area], "stays"
        if kind == "japan":
            return ([JAPAN] if area != JAPAN else []), "Japan"
        if kind == "alaska":
            return (["AK"] if area != "AK" else []), "Alaska"
        if kind == "closer_japan":
            return self._closer(area, JAPAN), "one area closer to Japan"
        if kind == "closer_australia":
            if "AU" in self.m.area[area].adjacent:
                return [], "already next to Australia"
            found = self._closer(area, "AU")  # (a new list, each area once)
            if "AU" in found:
                found.remove("AU")
            return found, "one area closer to Australia"
        if kind == "closer_hawaii_ja_ashore":
            return self.with_ja_ashore(self._closer(area, "HI")), "one area closer to Hawaii with JA forces ashore"
        if kind == "objective_ja_ashore":
            found = self.with_ja_ashore(self._open_objectives)  # (a new list, each area once)
            if area in found:
                found.remove(area)
            return found, "an objective with JA forces ashore"
        if kind == "closest_free_objective":
            dist = self._dist(area)
            # the areas with JA forces ashore, found once: not asked again of each neighbour
            held = set(self.with_ja_ashore(self.m.area))
            # the closest of the free ones, in their order, in one loop (no comprehensions: each
            # is a call of its own)
            closest: list[str] = []
            best = -1
            for c in self._open_objectives:
                if c != area and c in dist and c not in held and not held.isdisjoint(self.m.area[c].adjacent):
                    d = dist[c]
                    if d < best or best < 0:
                        best, closest = d, [c]
                    elif d == best:
                        closest.append(c)
            if not closest:
                return [], "a free objective next to JA forces ashore"
            return closest, f"the closest free objective next to JA forces ashore ({best} away)"
        # the open areas but this one (R6, R42): each rule below first keeps those with JA forces,
        # or with both sides' (one pass over the index), and asks more only of the few left
        codes = self._open_areas
        if kind == "ja_ashore":
            if area in (JAPAN, "EA"):
                return [], "forces in JA or EA hold on Support (procedures: Support)"
            found = self.with_ja_ashore(codes)  # (a new list, each area once)
            for c in (area, JAPAN, "EA"):
                if c in found:
                    found.remove(c)
            return found, "an area with JA forces ashore (not JA, EA)"
        if kind == "battle":
            found = []  # (loops, here and below: a comprehension is a call of its own)
            for c in self.state.meeting_places(codes):
                if c != area and self.us_present(c, ignore_subs=True):
                    found.append(c)
            return found, "an area with US and JA forces (US subs alone do not count)"
        if kind == "us_ja_ashore":
            found = []
            for c in self.state.meeting_places(codes):
                if c != area and self.ja_ashore(c) and self.us_ashore(c):
                    found.append(c)
            return found, "an area where US and JA forces are both ashore"
        raise ValueError(f"unknown destination rule {kind!r}")

    def pick_destination(self, cands: list[str], purpose: str) -> tuple[str, dict[str, Any]]:
        """Fewest JA forces present (every counter counts 1), then random (R6). The info is
        empty when the bot explains nothing (a lab game)."""
        if len(cands) == 1 and not self.explains:
            return cands[0], {}  # (no count to compare)
        # the candidates with the fewest, in their order, found in one loop (no comprehensions:
        # each is a call of its own)
        count = self.state.count
        counts: dict[str, int] = {}
        tied: list[str] = []
        fewest = -1
        for c in cands:
            n = counts[c] = count(c, "JA")
            if n < fewest or fewest < 0:
                fewest, tied = n, [c]
            elif n == fewest:
                tied.append(c)
        if not self.explains:
            return (tied[0] if len(tied) == 1 else choose(self.dice, tied)), {}
        info: dict[str, Any] = {"candidates": [{"area": c, "ja_forces": counts[c]} for c in cands]}
        if len(tied) == 1:
            info["tie_break"] = "fewest JA forces" if len(cands) > 1 else "only candidate"
            return tied[0], info
        pick = choose(self.dice, tied, f"{purpose}: random among {', '.join(tied)} (R6)")
        info["tie_break"] = f"fewest JA forces tied ({', '.join(tied)}): bot die picked {pick}"
        return pick, info

    # --- carrying out an order -------------------------------------------------------------

    def select(self, order: Order, area: str, purpose: str, pool: list[Force] | None = None) -> list[Force]:
        """Ships, then INF, then LBA, each at random up to the order's maxima (R4). `pool`:
        movable(area), when the caller has it already."""
        return self._select(order, area, purpose, self._by_category(self.movable(area) if pool is None else pool))

    def _by_category(self, pool: list[Force]) -> dict[str, list[Force]]:
        by_category: dict[str, list[Force]] = {"ships": [], "infantry": [], "lba": []}
        categories = self._categories
        for f in pool:
            by_category[categories[f.cls]].append(f)
        return by_category

    def _select(self, order: Order, area: str, purpose: str, by_category: dict[str, list[Force]]) -> list[Force]:
        """select() from the movable forces split by category (its lists are used up)."""
        chosen: list[Force] = []
        explains = self.explains
        self.last_pools = {}  # (left empty when the bot explains nothing)
        # the last INF or LBA ashore never leaves (R4); a Hold leaves nothing, so it may hold it
        keep_one = area not in (JAPAN, "EA") and order.destination != "stay"
        ashore_left = len(self.ja_ashore(area)) if keep_one else 0
        dice = self.dice
        for cat, limit in (("ships", order.ships), ("infantry", order.infantry), ("lba", order.lba)):
            options = by_category[cat]
            if explains:
                self.last_pools[cat] = {"limit": limit, "eligible": [f.id for f in options]}
            if not options or not limit:
                continue
            why = f"{purpose}: pick {PICK_NAMES[cat]}" if explains else ""  # once per category, not per pick
            for _ in range(limit):
                if not options:
                    break
                if cat != "ships" and keep_one and ashore_left <= 1:
                    break  # the last INF or LBA ashore never leaves (R4)
                pick = choose_out(dice, options, why)
                chosen.append(pick)
                if cat != "ships" and not pick.embarked:
                    ashore_left -= 1
        return chosen

    def attempt(self, order: Order, area: str, purpose: str, pool: list[Force] | None = None) -> OrderResult | None:
        """Carry out `order` if it moves something; None if it is not possible (R6). `pool`:
        movable(area), when the caller has it already."""
        if order.destination == "stay":
            forces = self.select(order, area, purpose, pool)
            if not forces:
                return None
            self.state.mark_moved(forces)
            held = []  # (a loop: a comprehension is a call of its own, made for every order)
            for f in forces:
                held.append(f.id)
            if not self.explains:
                return OrderResult(area=area, order=order.name, held=held, explained=False)
            return OrderResult(
                area=area,
                order=order.name,
                held=held,
                explanation={"destination_rule": "stays", "selection": self.last_pools},
            )
        cands, rule = self.candidates(order, area)
        if not cands:
            return None
        # A destination is only worth taking if the order would move someone there.
        by_category = self._by_category(self.movable(area) if pool is None else pool)
        if not (
            (order.ships and by_category["ships"])
            or (order.infantry and by_category["infantry"])
            or (order.lba and by_category["lba"])
        ):
            return None
        dest, info = self.pick_destination(cands, purpose)
        forces = self._select(order, area, purpose, by_category)  # (picking a destination moves nothing)
        if not forces:
            return None
        # R8: LBA go to Japan when no JA forces are ashore at the destination
        lba_home = order.lba_to_japan_if_no_ashore and not self.ja_ashore(dest)
        categories = self._categories
        # (the destination is never the area itself: only LBA in Japan sent to Japan stay put)
        if area == JAPAN and lba_home and all(categories[f.cls] == "lba" for f in forces):
            return None  # e.g. only LBA already in Japan, sent "to Japan": nothing moves (R6)
        us_there = self.us_present(dest)
        to_japan: list[str] = []
        state = self.state
        state.mark_moved(forces)
        if lba_home:
            homing = [f for f in forces if categories[f.cls] == "lba"]
            if homing:  # R8: no JA ashore at the destination
                going = [f for f in forces if categories[f.cls] != "lba"]
                state.move_forces(homing, JAPAN)
                to_japan = [f.id for f in homing]
            else:
                going = forces
        else:
            going = forces
        state.move_forces(going, dest)  # (each filed in the location index in one call)
        for f in going:
            # JA infantry ride transports into areas with US forces (setting costs more than reading)
            if f.embarked != us_there and categories[f.cls] == "infantry":
                f.embarked = us_there
        added: list[str] = []
        # R10: only an order that sends forces into the area brings battalions along
        if us_there and order.infantry and len(to_japan) < len(forces):
            moved_inf = 0  # (a loop: sum() of a generator resumes it from C once a force)
            for f in forces:
                if categories[f.cls] == "infantry":
                    moved_inf += 1
            for _ in range(order.infantry - moved_inf):
                battalion = self.add_battalion(dest)
                if battalion is not None:
                    added.append(battalion.id)
        moved = []  # (a loop, as for `held`)
        for f in forces:
            moved.append(f.id)
        moved += added
        if not self.explains:
            return OrderResult(area=area, order=order.name, moved=moved, destination=dest, explained=False)
        explanation: dict[str, Any] = {"destination_rule": rule, **info, "selection": self.last_pools}
        for c in explanation["candidates"]:
            c["distance"] = self._dist(c["area"]).get(area)
        explanation["lba_to_japan"] = to_japan
        explanation["battalions_added"] = added
        explanation["destination_distance_to_start"] = self._dist(dest).get(area)
        return OrderResult(area=area, order=order.name, moved=moved, destination=dest, explanation=explanation)

    def add_battalion(self, dest: str) -> Force | None:
        """A battalion from the box, or a new counter while the pool is unlimited (R10)."""
        from nimitz.engine.setup import spare_battalion

        force = spare_battalion(self.state, self.sheet, "JA", dest)
        if force is None:
            return None
        force.location = dest
        force.embarked = True
        set_moved(force, True)  # (past Force.__setattr__: neither is whereabouts)
        set_damaged(force, False)
        return force

    def carry_out(
        self, row: Order, area: str, purpose: str, pool: list[Force] | None = None
    ) -> tuple[OrderResult, list[str], list[dict[str, Any]]]:
        """The rolled order, else its fallback (East: the East roll), else Hold (R6). `pool`:
        movable(area), when the caller has it already."""
        tried = [row.name]
        extra_rolls: list[dict[str, Any]] = []
        if pool is None:
            pool = self.movable(area)  # the same for every order tried: a failed one moves nothing
        result = self.attempt(row, area, purpose, pool)
        if result is None and row.fallback:
            if row.fallback == "east_roll":
                face = self.dice.roll("ja", 10, f"{area}: East fallback roll" if self.explains else "")
                fallback = next(r.order for r in self.table.east_roll if r.lo <= face <= r.hi)
                if self.explains:
                    extra_rolls.append({"roll": face, "table": "east_roll", "result": fallback})
            else:
                fallback = row.fallback
            tried.append(fallback)
            result = self.attempt(self.table.by_name[fallback], area, purpose, pool)
        if result is None:
            tried.append("Hold")
            result = self.attempt(self.table.by_name["Hold"], area, purpose, pool)
        assert result is not None, "Hold always takes a movable force"
        return result, tried, extra_rolls

    # --- the two kinds of roll -------------------------------------------------------------

    def scouted_order(self, area: str, auto_hold: bool) -> OrderResult | None:
        """One scouted order for the area's unmoved forces (2d10 + year; R5, no track move)."""
        pool = self._pin_and_pool(area)
        if not pool:
            return None
        explains = self.explains
        purpose = f"scouted order in {area}" if explains else ""
        if auto_hold:
            roll: dict[str, Any] = {"automatic": "first scouted order in an objective is Hold (R5)"}
            row = self.table.by_name["Hold"]
        else:
            dice = roll_sum(self.dice, "ja", self.table.scouted_dice, purpose=purpose)
            mod = self.table.scouted_modifier[str(self.state.year)]
            total = sum(dice) + mod
            roll = {
                "dice": dice,
                "modifier": mod,
                "total": total,
                "modifier_source": f"scouted order, {self.state.year}",
            }
            row = self._row_for_roll(total)
        result, tried, extra = self.carry_out(row, area, purpose, pool)
        if explains:
            result.explanation.update(
                {
                    "roll": roll,
                    "row": f"{row.name} ({row.lo}..{row.hi})",
                    "tried": tried,
                    "extra_rolls": extra,
                    "scouted": True,
                    "rulings": ["R4", "R5", "R6", *row.rulings],
                }
            )
        return result

    def order(self, area: str, auto_hold: bool, pool: list[Force] | None = None) -> OrderResult:
        """One non-scouted order (1d10 + preset modifier) and its track move (R1, R2, R5).
        `pool`: movable(area), when the caller has it already."""
        track_before = self.state.ja_track
        explains = self.explains
        purpose = f"JA order in {area}" if explains else ""
        table = self.table
        if auto_hold:
            roll: dict[str, Any] = {"automatic": "first order in an objective is Hold (R5)"}
            row = table.by_name["Hold"]
        else:
            preset = self.state.rules.order_modifiers
            dice = roll_sum(self.dice, "ja", table.order_dice, purpose=purpose)
            # (the kept values read here, a call less each; _modifier and _row_for_roll fill them)
            mod = self._modifiers.get((preset, track_before))
            if mod is None:
                mod = self._modifier(preset, track_before)
            total = sum(dice) + mod
            row = self._rows.get(total) or self._row_for_roll(total)
            if explains:
                band = table.track_band[table.band_index(track_before)]
                roll = {
                    "dice": dice,
                    "modifier": mod,
                    "total": total,
                    "modifier_source": f"{preset} preset, {self.state.year}, track {track_before} "
                    f"(band {band.lo}-{band.hi}) (R1)",
                }
        result, tried, extra = self.carry_out(row, area, purpose, pool)
        done = table.by_name[tried[-1]]
        # The difficulty option R5 'no track' leaves the track where it is for the automatic Hold.
        change = 0 if auto_hold and not self.state.rules.objective_hold_track else done.track
        after = min(table.track_max, max(table.track_min, track_before + change))
        self.state.ja_track = after
        if explains:
            result.explanation.update(
                {
                    "roll": roll,
                    "row": f"{row.name} ({row.lo}..{row.hi})" if not auto_hold else "Hold",
                    "tried": tried,
                    "extra_rolls": extra,
                    "scouted": False,
                    "track": {"before": track_before, "change": change, "after": after, "order": done.name},
                    "rulings": ["R2", "R4", "R6", "R5" if auto_hold else "R1", *row.rulings],
                }
            )
        return result

    def run_step(
        self,
        on_plan: Callable[[list[tuple[str, int]]], None] | None = None,
        on_result: Callable[[OrderResult], object] | None = None,
    ) -> list[OrderResult]:
        """The whole JA Orders step after strategic bombing: track to 0, then every area in
        processing order, rolling until all its unmoved forces have orders (R2, R3, R5)."""
        self.state.ja_track = self.table.track_min
        self.pinned_at_orders = self.pin_facing_us()  # R59
        plan = self.processing_order()
        if on_plan:
            on_plan(plan)
        objectives = set(self.sheet.objectives)
        results = []
        for area, _ in plan:
            first = True
            while True:
                pool = self._pin_and_pool(area)
                if not pool:
                    break
                auto_hold = first and area in objectives and area not in self.state.scout_held
                result = self.order(area, auto_hold, pool)
                first = False
                results.append(result)
                if on_result:
                    on_result(result)
        return results

    def processing_order(self) -> list[tuple[str, int]]:
        """Areas with unmoved JA forces, fewest first, ties in map order (R3)."""
        skip = set(self.sheet.special.no_ja_orders_in)
        state, map_order = self.state, self.m.order
        ranked = []  # (count, map order, area): sorted as they are, no key function called from C
        for code in state.occupied(self.m.area, "JA"):
            if code in skip:
                continue
            n = 0  # (a loop: a comprehension is a call of its own)
            for f in state.at(code, "JA"):
                if not f.moved:
                    n += 1
            if n:
                ranked.append((n, map_order[code], code))
        ranked.sort()
        return [(code, n) for n, _, code in ranked]
