"""The campaign turn as a generator: the sequence of play of procedures.md.

`play(game)` runs turn after turn until the campaign ends, yielding a Request whenever the US
player must decide. Japanese decisions are asked of the game's Japanese player (`game.japan`, engine/players.py)
where the procedure calls for them and journaled with their explanations.

Request kinds and the decisions that answer them:

| request | step | decisions |
|---|---|---|
| resupply | US Resupply | buy(forces=(id,)), repair(forces=(id,)), buy_scouting(count=n), end_resupply |
| scouting | US Scouting | scout(areas=(one area per point...)) |
| movement | US Movement | move(forces, area), raid(forces), strategic_bombing(forces), invade(forces), end_movement |
| bombing_target | JA Orders (1944-45) | bombing_target(forces=(JA force id,)) |
| battle_order | Resolve Battles | battle(area) |
"""

from __future__ import annotations

from collections.abc import Callable, Container, Generator
from typing import TYPE_CHECKING, Any

from nimitz.engine import fog, variants
from nimitz.engine.control import holding_classes, objectives_held, supplied_areas
from nimitz.engine.requests import Option, Request
from nimitz.engine.setup import destroy_force, return_to_pool
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision
from nimitz.model.state import (
    BOMBING,
    BOMBING_BASE,
    DESTROYED,
    INVASION,
    RAID,
    US_POOL,
    Force,
    set_damaged,
)

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.model.data import CounterClass

Engine = Generator[Request, Decision, None]

STEP_NAMES = {
    "start": "Set-up",
    "turn": "Advance turn",
    "resupply": "US Resupply",
    "scouting": "US Scouting",
    "movement": "US Movement",
    "orders": "JA Orders",
    "battles": "Resolve Battles",
    "reinforce": "JA Reinforce",
    "repair": "JA Repair",
    "return_to_port": "US Return to Port",
    "supply": "US Supply Check",
    "defeat_check": "US Defeat Check",
    "end": "Campaign over",
}
INVASION_LIMIT = 7  # forces per turn into the 1945 invasion box (facts 1.13)


def play(game: Game) -> Engine:
    # between turns the state stands at the last turn's defeat check (or the set-up); at the
    # start of any other step it is a position begun inside a turn (nimitz new --position)
    start = game.state.step if game.state.step in POSITION_STEPS else ""
    while not game.state.finished:  # game.state is replaced when a linked campaign moves on
        game.checkpoint()
        # One campaign turn (from step `start` of the current turn, if given). Its steps are
        # run here, not in a generator of the turn's own: every answer passes down and back up
        # through each generator of the chain (a few hundred answers a campaign).
        state = game.state
        if not start:
            begin_turn(game)
        steps = list(TURN_STEPS)
        for name in steps[steps.index(start) if start else 0 :]:
            state.step = name
            if not game.skips("event"):  # (a lab game: not even its text)
                game.log("event", "", f"{STEP_NAMES[name]} begins", {"step_start": name})
            asks = TURN_STEPS[name](game)
            if asks is not None:  # the steps where the player decides are generators
                yield from asks
            if name in FOG_REFRESHED_AFTER:
                fog.refresh(game)
        start = ""


def begin_turn(game: Game) -> None:
    """A new campaign turn begins: its number, and no force has moved yet."""
    state = game.state
    state.turn += 1
    state.step = "turn"
    state.unmark_moved()
    if not game.skips("event"):  # (a lab game: not even its text)
        game.log("event", "", f"Turn {state.turn} of {game.sheet.turns} begins")
    variants.turn_start(game)
    fog.refresh(game)


# --- helpers ---------------------------------------------------------------------------------


def cls_of(game: Game, f: Force) -> CounterClass:
    return game.data.years[game.state.year].cls[f.cls]


def on_map(game: Game, f: Force) -> bool:
    return f.location in game.data.map.area


def name(fid: str) -> str:
    return fid.split(":", 1)[1]


def damage(game: Game, f: Force, why: str) -> str:
    """One hit on a force outside battle: full -> damaged -> destroyed (to its pool)."""
    if not f.damaged:
        set_damaged(f, True)  # (not whereabouts: past Force.__setattr__)
        return f"{f.name} damaged ({why})"
    destroy_force(game.state, game.sheet, f)
    return f"{f.name} destroyed ({why})"


# --- US Resupply -----------------------------------------------------------------------------


def resupply(game: Game) -> Engine:
    state = game.state
    state.step = "resupply"
    extra = state.rules.extra_supply  # the difficulty's handicap, on top of the year's supply
    state.sp += game.sheet.us_supply + extra
    state.scouting_points = 0
    if not game.skips("event"):  # (a lab game: not even its text)
        game.log(
            "event",
            "US",
            f"US Resupply: +{game.sheet.us_supply} SP"
            + (f" +{extra} (difficulty handicap)" if extra else "")
            + f", {state.sp} SP to spend",
        )
    # Resupply damages nothing and moves no force in play: the damaged ones only get fewer.
    damaged = [  # (damaged first: the rarest)
        f for f in state.forces.values() if f.damaged and f.side == "US" and f.location not in (DESTROYED, US_POOL)
    ]
    ask = _resupply_asking(game)
    while True:
        if damaged:  # (mostly none: no comprehension's call then)
            damaged = [f for f in damaged if f.damaged]
        decision = yield ask(damaged)
        if decision.kind == "end_resupply":
            return
        if decision.kind == "buy_scouting":
            state.sp -= decision.count
            state.scouting_points += decision.count
            if not game.skips("event"):  # (a lab game: not even its text)
                game.log("event", "US", f"Bought {decision.count} scouting point(s); {state.sp} SP left")
            continue
        f = state.forces[decision.forces[0]]
        c = cls_of(game, f)
        if decision.kind == "buy":
            state.sp -= c.buy_cost
            f.location = "AU" if c.australian else "WC"
            if f.damaged:
                set_damaged(f, False)
            if not game.skips("event"):  # (a lab game: not even its text)
                game.log("event", "US", f"Bought {f.name} ({c.buy_cost} SP) at {f.location}; {state.sp} SP left")
        else:
            state.sp -= c.repair_cost
            set_damaged(f, False)
            if not game.skips("event"):  # (a lab game: not even its text)
                game.log("event", "US", f"Repaired {f.name} ({c.repair_cost} SP); {state.sp} SP left")


# Options kept for the process, each by everything its decision, words and cost are made
# from: an Option is frozen, so one serves every campaign (a lab plays hundreds, each offering
# the same pool's forces). A force's purchase, by its id, name and its class's name, type and
# cost; its repair, by its id, name, place and its class's repair cost; the purchase of n
# scouting points, by n.
_PURCHASES: dict[tuple[str, str, str, str, int], Option] = {}
_REPAIRS: dict[tuple[str, str, str, int], Option] = {}
_SCOUTING_PURCHASES: dict[int, Option] = {}


def _purchase(f: Force, c: CounterClass) -> Option:
    """The option of buying `f`, of class `c` (kept for the process)."""
    key = (f.id, f.name, c.name, c.type, c.buy_cost)
    option = _PURCHASES.get(key)
    if option is None:
        option = _PURCHASES[key] = Option(
            Decision("buy", forces=(f.id,)), f"Buy {f.name} ({c.name} {c.type})", c.buy_cost
        )
    return option


def _repair(f: Force, c: CounterClass) -> Option:
    """The option of repairing `f`, of class `c`, where it is (kept for the process)."""
    key = (f.id, f.name, f.location, c.repair_cost)
    option = _REPAIRS.get(key)
    if option is None:
        option = _REPAIRS[key] = Option(
            Decision("repair", forces=(f.id,)), f"Repair {f.name} at {f.location}", c.repair_cost
        )
    return option


def resupply_request(game: Game, damaged: list[Force]) -> Request:
    """The request for the next purchase; `damaged`: the damaged US forces in play."""
    return _resupply_asking(game)(damaged)


_END_RESUPPLY = Option(Decision("end_resupply"), "Done: keep the remaining SP")  # (frozen: shared)


def _resupply_asking(game: Game) -> Callable[[list[Force]], Request]:
    """resupply_request for one resupply step: its checker is made once, not once a purchase."""
    state = game.state
    cap = game.data.orders.scouting_cap
    cls = game.sheet.cls
    # The same options come back purchase after purchase, turn after turn: each is made once
    # a process (_purchase, _repair: an Option is frozen) and kept here by the force's id (a
    # repair's, with its place), for the state's forces stay the same.
    made: dict[Any, Option] = state.kept().setdefault(("resupply options", state.year), {})

    def check(d: Decision) -> None:
        if d.kind == "buy_scouting":
            if d.count < 1:
                raise IllegalDecision("buy at least one scouting point")
            if state.scouting_points + d.count > cap:
                raise IllegalDecision(f"at most {cap} scouting points a turn", "R9")
            if d.count > state.sp:
                raise IllegalDecision(f"{d.count} SP needed, {state.sp} left", "US Resupply")
            return
        if d.kind == "end_resupply":
            return
        if len(d.forces) != 1 or d.forces[0] not in state.forces:
            raise IllegalDecision("name exactly one US force")
        f = state.forces[d.forces[0]]
        c = cls_of(game, f)
        if f.side != "US":
            raise IllegalDecision(f"{f.name} is not a US force")
        if d.kind == "buy":
            if f.location != US_POOL:
                raise IllegalDecision(f"{f.name} is not in the US reinforcements", "US Resupply")
            if c.buy_cost > state.sp:
                raise IllegalDecision(f"{f.name} costs {c.buy_cost} SP, {state.sp} left", "US Resupply")
        else:
            if not f.damaged or f.location in (DESTROYED, US_POOL):
                raise IllegalDecision(f"{f.name} is not a damaged force in play", "US Resupply")
            if c.repair_cost > state.sp:
                raise IllegalDecision(
                    f"repairing {f.name} costs {c.repair_cost} SP, {state.sp} left", "US Resupply: half cost, minimum 1"
                )

    def purchases(pool: list[Force]) -> tuple[list[Option], int]:
        """A purchase for each force in the pool, in its order, and the dearest's cost."""
        out = []
        dearest = 0
        for f in pool:
            option = made.get(f.id)
            if option is None:
                option = made[f.id] = _purchase(f, cls[f.cls])
            out.append(option)
            if option.cost > dearest:
                dearest = option.cost
        return out, dearest

    # the pool's purchases, kept by the state until a force joins or leaves the pool
    purchases_key = ("resupply: purchases", game.data.fingerprint, state.year)

    def request(damaged: list[Force]) -> Request:
        sp = state.sp
        options = [_END_RESUPPLY]
        offered, dearest = state.summary(US_POOL, purchases_key, purchases, "US")
        if dearest <= sp:  # (mostly: every purchase is affordable, none need be looked at)
            options += offered
        else:
            options += [o for o in offered if o.cost <= sp]
        for f in damaged:
            c = cls[f.cls]
            if c.repair_cost <= sp:
                option = made.get(("repair", f.id, f.location))
                if option is None:
                    option = made["repair", f.id, f.location] = _repair(f, c)
                options.append(option)
        room = min(cap - state.scouting_points, sp)
        for n in range(1, room + 1):
            option = _SCOUTING_PURCHASES.get(n)
            if option is None:
                option = _SCOUTING_PURCHASES[n] = Option(
                    Decision("buy_scouting", count=n), f"Buy {n} scouting point(s)", n
                )
            options.append(option)
        return Request(
            kind="resupply",
            step="resupply",
            prompt=f"US Resupply: {sp} SP. Buy forces, repair, buy scouting points.",
            options=options,
            checker=check,
            kinds=("buy", "repair", "buy_scouting", "end_resupply"),
            info={"sp": sp, "scouting_points": state.scouting_points, "scouting_cap": cap},
        )

    return request


# --- US Scouting -----------------------------------------------------------------------------


def scouting(game: Game) -> Engine:
    state = game.state
    state.step = "scouting"
    state.scout_held = []
    bot = game.japan.orders(state, game.data, game.dice, game.keeps_journal)
    markers = bot.place_moved_markers()
    if (markers["lone"] or markers["pinned"]) and not game.skips("bot"):  # (a lab game: not even its text)
        game.log(
            "bot",
            "JA",
            "Moved markers: "
            + ", ".join(
                [f"{name(i)} (lone)" for i in markers["lone"]]
                + [f"{name(i)} (pinned by US forces)" for i in markers["pinned"]]
            )
            + " (R3)",
            markers,
        )
    points = state.scouting_points
    if not points:
        return
    legal = scoutable_areas(game)
    if not legal:
        game.log("event", "US", f"{points} scouting point(s) unused: no JA forces can be scouted")
        state.scouting_points = 0
        return
    decision = yield Request(
        kind="scouting",
        step="scouting",
        prompt=f"US Scouting: place {points} scouting point(s) on areas with JA forces.",
        checker=lambda d: _check_scouting(d, points, legal),
        kinds=("scout",),
        info={"points": points, "areas": legal},
    )
    state.scouting_points = 0
    objectives = set(game.sheet.objectives)
    for area in decision.areas:
        auto_hold = area in objectives and area not in state.scout_held
        recon = fog.peek(game, area)
        if recon:
            game.log("event", "US", recon, {"area": area, "rulings": ["R85"]})
        result = bot.scouted_order(area, auto_hold)
        if result is None:
            game.log("event", "JA", f"Scouting {area}: no unmoved JA forces left to scout")
            continue
        if result.order == "Hold" and area in objectives:
            state.scout_held.append(area)
        if not game.skips("bot"):  # (a lab game: not even its text)
            game.log("bot", "JA", "Scouted order " + result.text(), result.data())
        fog.reveal(game, result.moved + result.held)  # the US watched the scouted order
    fog.refresh(game)


def scoutable_areas(game: Game) -> list[str]:
    no_orders = set(game.sheet.special.no_ja_orders_in)  # a scouted order is a JA order (1945)
    state = game.state
    legal = []
    for code in state.occupied(game.data.map.area, "JA"):
        if code in no_orders:
            continue
        for f in state.at(code, "JA"):  # (a loop, not any() of a generator)
            if not f.moved:
                legal.append(code)
                break
    return legal


def _check_scouting(d: Decision, points: int, legal: list[str]) -> None:
    if len(d.areas) != points:
        raise IllegalDecision(f"place all {points} scouting point(s) (got {len(d.areas)})", "US Scouting")
    for area in d.areas:
        if area not in legal:
            raise IllegalDecision(
                f"{area} cannot be scouted: no unmoved JA forces, or no JA orders there this year", "US Scouting, R3"
            )


# --- US Movement -----------------------------------------------------------------------------


def movement(game: Game) -> Engine:
    state = game.state
    state.step = "movement"
    # ruling R49: any US infantry, battalion or LBA in the area, ashore or still on a transport
    holding = holding_classes(state, game.data)  # the INF, BN and LBA classes
    us_on_map = state.at_any(game.data.map.area, "US")  # (one pass, not a query per area)
    based = {f.location for f in us_on_map if f.cls in holding}
    state.lba_bases = [area for area in game.data.map.area if area in based]
    state.invaded_this_turn = 0
    # Only the forces a decision names move during the step: the rest stay movable or not.
    movable = [f.id for f in us_on_map if not f.moved]
    ask = _movement_asking(game)
    while True:
        decision = yield ask(movable)
        if decision.kind == "end_movement":
            variants.end_of_movement(game)
            return
        forces = []
        for i in decision.forces:  # (a loop, not a comprehension: a call less a move)
            forces.append(state.forces[i])
            if i in movable:  # (a legal move names only movable forces)
                movable.remove(i)
        state.mark_moved(forces)
        # (the forces moved in one call, not each through Force.__setattr__; then embarked or
        # landed, which touches only their new place: the index's clock ends as if one by one)
        if decision.kind == "move":
            state.move_forces(forces, decision.area)
            cls = game.data.years[state.year].cls  # (game.sheet, without the property's call)
            for f in forces:
                if f.embarked != (embark := cls[f.cls].type in ("INF", "BN")):  # (setting costs more than reading)
                    f.embarked = embark
        elif decision.kind == "raid":
            state.move_forces(forces, RAID)
        elif decision.kind == "strategic_bombing":
            state.move_forces(forces, BOMBING)
            state.sp -= len(forces)
        else:  # invade
            state.move_forces(forces, INVASION)
            for f in forces:
                if f.embarked:
                    f.embarked = False
            state.invaded_this_turn += len(forces)
        if not game.skips("event"):  # (a lab game: not even its text)
            game.log("event", "US", f"Moved {', '.join(f.name for f in forces)} {_moved_to(decision)}")


def _moved_to(decision: Decision) -> str:
    """Where a movement decision sent its forces, for the journal."""
    if decision.kind == "move":
        return f"to {decision.area}"
    if decision.kind == "raid":
        return "to the raiding box"
    if decision.kind == "strategic_bombing":
        return f"to the strategic bombing box ({len(decision.forces)} SP)"
    return "to the invasion box"


def move_problem(game: Game, f: Force, dest: str, moving: list[Force] | None = None) -> str | None:
    """Why `f` may not move to `dest` now (None if it may). `moving`: forces moving together."""
    # (asked again and again by the sensible player's search: lookups inlined)
    state = game.state
    areas = game.data.map.area
    year_cls = game.data.years[state.year].cls
    c = year_cls[f.cls]
    if f.side != "US":
        return f"{f.name} is Japanese"
    # (only an optional rule's event stops a force: a game without their state skips the call)
    trouble = variants.cannot_move(game, f) if state.variant is not None else None
    if trouble:
        return trouble
    if f.moved:
        return f"{f.name} has already moved this turn"
    if f.location not in areas:
        return f"{f.name} is not on the map ({f.location})"
    area = areas.get(dest)
    if area is None:
        return f"{dest} is not an area"
    if dest == f.location:
        return f"{f.name} is already in {dest}"
    if area.home == "JA":
        return "US forces may not enter Japan or East Asia (US Movement)"
    if c.australian and not area.australian:
        return f"{f.name} is Australian: only areas with the Australian flag (US Movement)"
    if c.type in ("INF", "BN") and state.count(f.location, "JA"):
        return f"infantry may not leave {f.location} while JA forces are there (US Movement)"
    if c.type == "LBA":
        if dest not in state.lba_bases:
            return (
                "LBA may only move to an area that held US infantry or LBA at the start of "
                "the movement step (US Movement)"
            )
        if not area.unlimited_airfield:
            already = _us_lba_at(game, dest)
            if dest == BOMBING_BASE:  # wings in the bombing box keep their airfield (facts 1.13, R55)
                already += state.count(BOMBING, "US")
            joining = 1  # f is LBA
            if moving:  # (a loop: a generator's sum is resumed from C once a force)
                joining = 0
                for g in moving:
                    if year_cls[g.cls].type == "LBA":
                        joining += 1
            if already + joining > area.airfield:
                return f"{dest}'s airfield takes {area.airfield} US LBA (US Movement: airfield cap)"
    return None


def _us_lba_at(game: Game, area: str) -> int:
    """The US LBA in an area (its airfield cap): kept by the state until a force there moves,
    for the sensible player asks it of the same few areas move after move."""
    state = game.state
    cls = game.data.years[state.year].cls  # (game.sheet, without the property's call)
    return state.summary(
        area,
        ("US LBA", game.data.fingerprint, state.year),
        lambda us: sum(1 for g in us if cls[g.cls].type == "LBA"),
        "US",
    )


def movement_request(game: Game, movable: list[str]) -> Request:
    """The request for the next move; `movable`: the unmoved US forces on the map."""
    return _movement_asking(game)(movable)


_END_MOVEMENT = Option(Decision("end_movement"), "End movement")  # (frozen: shared by every request)


def _movement_asking(game: Game) -> Callable[[list[str]], Request]:
    """movement_request for one movement step: its checker and kinds are made once, not once
    a move (the step asks as many times as forces move)."""
    state = game.state
    special = game.sheet.special

    def check(d: Decision) -> None:
        if d.kind == "end_movement":
            return
        if not d.forces:
            raise IllegalDecision("name the forces to move")
        if len(d.forces) > 1 and len(set(d.forces)) != len(d.forces):
            raise IllegalDecision("a force is named twice")
        # (loops, not comprehensions: a call each, and most decisions name one force)
        forces = []
        for i in d.forces:
            f = state.forces.get(i)
            if f is None:
                unknown = [i for i in d.forces if i not in state.forces]
                raise IllegalDecision(f"no such force: {', '.join(unknown)}")
            forces.append(f)
        if d.kind == "move":
            for f in forces:
                problem = move_problem(game, f, d.area, forces)
                if problem:
                    raise IllegalDecision(problem)
            return
        for f in forces:
            if f.side != "US" or f.moved or not on_map(game, f):
                raise IllegalDecision(f"{f.name} cannot move now (not an unmoved US force on the map)")
        if d.kind == "raid":
            for f in forces:
                if cls_of(game, f).type != "SS":
                    raise IllegalDecision(f"only submarines can raid ({f.name})", "US Movement: raiding")
        elif d.kind == "strategic_bombing":
            if not special.strategic_bombing:
                raise IllegalDecision(f"no strategic bombing in {state.year}", "facts 1.13")
            for f in forces:
                if not cls_of(game, f).bomber_wing or f.location != BOMBING_BASE:
                    raise IllegalDecision(
                        f"only B-29 wings that start in MA can bomb ({f.name})", "facts 1.13: strategic bombing"
                    )
            if len(forces) > state.sp:
                raise IllegalDecision(f"{len(forces)} SP needed, {state.sp} left", "facts 1.13")
        elif d.kind == "invade":
            if not special.invasion_box:
                raise IllegalDecision(f"no invasion box in {state.year}", "facts 1.13")
            for f in forces:
                if f.location not in ("HI", "WC"):
                    raise IllegalDecision(
                        f"only forces in HI or WC join the invasion ({f.name})", "facts 1.13: invasion of Japan"
                    )
            if state.invaded_this_turn + len(forces) > INVASION_LIMIT:
                raise IllegalDecision(
                    f"at most {INVASION_LIMIT} forces a turn join the invasion ({state.invaded_this_turn} already)",
                    "facts 1.13",
                )

    kinds = ["move", "raid", "end_movement"]
    if special.strategic_bombing:
        kinds.append("strategic_bombing")
    if special.invasion_box:
        kinds.append("invade")
    accepted = tuple(kinds)

    def request(movable: list[str]) -> Request:
        return Request(
            kind="movement",
            step="movement",
            prompt="US Movement: move forces (any area but JA and EA), then end movement.",
            options=[_END_MOVEMENT],
            checker=check,
            kinds=accepted,
            info={"movable": list(movable), "lba_bases": list(state.lba_bases)},
        )

    return request


# --- JA Orders -------------------------------------------------------------------------------


def ja_orders(game: Game) -> Engine:
    state = game.state
    state.step = "orders"
    if game.sheet.special.strategic_bombing:
        yield from strategic_bombing(game)
    bot = game.japan.orders(state, game.data, game.dice, game.keeps_journal)
    if game.sheet.special.no_ja_orders_in and not game.skips("event"):  # (a lab game: not even its text)
        game.log("event", "JA", "No orders in " + ", ".join(game.sheet.special.no_ja_orders_in) + f" in {state.year}")

    def on_plan(plan: list[tuple[str, int]]) -> None:
        if bot.pinned_at_orders:
            game.log(
                "bot",
                "JA",
                "JA Orders: "
                + ", ".join(name(i) for i in bot.pinned_at_orders)
                + " pinned by US forces that arrived in US Movement: no order (R59)",
                {"pinned": list(bot.pinned_at_orders), "rulings": ["R59"]},
            )
        game.log(
            "bot",
            "JA",
            "JA Orders: track reset to 0; areas in order: " + ", ".join(f"{a} ({n})" for a, n in plan) + " (R2, R3)",
            {"processing_order": [{"area": a, "unmoved": n} for a, n in plan], "rulings": ["R2", "R3"]},
        )

    bot.run_step(on_plan, lambda result: game.log("bot", "JA", result.text(), result.data()))


def strategic_bombing(game: Game) -> Engine:
    """Each B-29 wing in the box sends one JA force in Japan back to its pool (ruling R44)."""
    state = game.state
    wings = state.at(BOMBING, "US")
    for wing in wings:
        targets = state.at("JA", "JA")
        if not targets:
            game.log("event", "US", f"{wing.name}: no JA forces in Japan to bomb (R44)")
            continue
        options = _bombing_targets(game, targets)
        decision = yield Request(
            kind="bombing_target",
            step="orders",
            prompt=f"Strategic bombing by {wing.name}: send which JA force in Japan back to its reinforcement pool?",
            options=options,
            info={"wing": wing.id},
        )
        target = state.forces[decision.forces[0]]
        return_to_pool(state, game.sheet, target)
        game.log(
            "event",
            "US",
            f"{wing.name} bombs Japan: {target.name} goes back to the reinforcement pool (facts 1.13, R44)",
        )


def _bombing_targets(game: Game, targets: list[Force]) -> list[Option]:
    """The options of sending each of `targets` back to its pool: kept by the state, for the
    same hundred JA forces in Japan are offered to every wing, every turn."""
    state = game.state
    made: dict[str, Option] = state.kept().setdefault(("bombing targets", state.year), {})
    options = []  # (a loop: a comprehension is a call of its own)
    for f in targets:
        option = made.get(f.id)
        if option is None:
            option = made[f.id] = _bombing_target(f, cls_of(game, f))
        options.append(option)
    return options


# the option of bombing a force, kept for the process (as _PURCHASES) by its id, name and its
# class's type
_BOMBING_TARGETS: dict[tuple[str, str, str], Option] = {}


def _bombing_target(f: Force, c: CounterClass) -> Option:
    """The option of sending `f`, of class `c`, back to its pool (kept for the process)."""
    key = (f.id, f.name, c.type)
    option = _BOMBING_TARGETS.get(key)
    if option is None:
        option = _BOMBING_TARGETS[key] = Option(Decision("bombing_target", forces=(f.id,)), f"{f.name} ({c.type})")
    return option


# --- Resolve Battles -------------------------------------------------------------------------


def battle_areas(game: Game, fought: Container[str] = ()) -> list[str]:
    """Areas holding both sides' forces where someone can fight (rulings R43, R65): submarines
    alone fight only where the other side has a ship, and infantry on transports bring their
    side's transport, a ship that submarines can attack. `fought`: areas passed over (this
    step's battles so far: the step asks again after each)."""
    out = []
    state = game.state
    cls = game.sheet.cls
    for area in state.meeting_places(game.data.map.area):
        if area in fought:
            continue
        us = state.at(area, "US")
        ja = state.at(area, "JA")
        if (_only_subs(cls, us) and not _ships_or_transport(cls, ja)) or (
            _only_subs(cls, ja) and not _ships_or_transport(cls, us)
        ):
            continue
        out.append(area)
    return out


# (loops, not all() or any() of a generator: the generator is resumed from C once a force)
def _only_subs(cls: dict[str, CounterClass], forces: list[Force]) -> bool:
    for f in forces:  # noqa: SIM110 (a loop: see above)
        if cls[f.cls].type != "SS":
            return False
    return True


def _ships_or_transport(cls: dict[str, CounterClass], forces: list[Force]) -> bool:
    for f in forces:  # noqa: SIM110 (a loop: see above)
        if f.embarked or cls[f.cls].is_ship:
            return True
    return False


# area code -> the option of fighting the next battle there: made from the code alone, and
# frozen, so one serves every request of every campaign of the process
_BATTLE_OPTIONS: dict[str, Option] = {}


def _battle_options(areas: list[str]) -> list[Option]:
    """The option of fighting next in each of `areas` (kept for the process)."""
    options = []  # (a loop: a comprehension is a call of its own)
    for area in areas:
        option = _BATTLE_OPTIONS.get(area)
        if option is None:
            option = _BATTLE_OPTIONS[area] = Option(Decision("battle", area=area), f"Battle in {area}")
        options.append(option)
    return options


def resolve_battles(game: Game) -> Engine:
    from nimitz.engine.battle import continue_battle, resolve_battle

    state = game.state
    fought: list[str] = []
    if state.battle is not None:  # a position begun inside a battle: it goes on first
        fought = [*state.battle.earlier, state.battle.area]
        yield from continue_battle(game)
    state.step = "battles"
    while True:
        areas = battle_areas(game, fought)
        if not areas:
            break
        if len(areas) == 1:
            area = areas[0]
        else:
            decision = yield Request(
                kind="battle_order",
                step="battles",
                prompt="Resolve Battles: choose the next battle.",
                options=_battle_options(areas),
                info={"areas": areas},
            )
            area = decision.area
        fought.append(area)
        if not game.skips("event"):  # (a lab game: not even its text)
            game.log("event", "", f"Battle in {area}", {"battle_area": area})
        state.battles_fought += 1
        yield from resolve_battle(game, area, fought[:-1])
        state.step = "battles"
    land_embarked(game)
    for wing in state.at(BOMBING, "US"):
        wing.location = BOMBING_BASE  # the bomber wings return after the battles (facts 1.13)


def land_embarked(game: Game) -> None:
    """Infantry still on transports go ashore where no enemy force remains (R17)."""
    landed = []
    for f in game.state.forces.values():
        if f.embarked and on_map(game, f):
            enemy = "JA" if f.side == "US" else "US"
            if not game.state.count(f.location, enemy):
                f.embarked = False
                landed.append(f)
    if landed and not game.skips("event"):  # (a lab game: not even its text)
        text = ", ".join([f"{f.name} ({f.side}) at {f.location}" for f in landed])
        game.log("event", "", "Landed from transports: " + text + " (R17)")


# --- after the battles -----------------------------------------------------------------------


def ja_reinforce(game: Game) -> None:
    game.state.step = "reinforce"
    text, data = game.japan.reinforce(game.state, game.data, game.dice)
    game.log("bot", "JA", text, data)


def ja_repair(game: Game) -> None:
    game.state.step = "repair"
    text, data = game.japan.repair(game.state, game.data)
    if text:
        game.log("bot", "JA", text, data)


def return_to_port(game: Game) -> None:
    """Port boxes step toward HI, then ships not in WC/HI go to the last box (R19)."""
    state = game.state
    state.step = "return_to_port"
    boxes = list(game.sheet.port_boxes)
    for i, box in enumerate(boxes):
        state.move_all(box, "US", "HI" if i == 0 else boxes[i - 1])
    last = boxes[-1]
    sent = []
    cls = game.sheet.cls
    # the US forces on the map but in WC and HI, or raiding (most forces are not), in their
    # order in `forces` (the bases' many forces not even gone through)
    away = [code for code in game.data.map.area if code not in ("WC", "HI") and code not in boxes]
    away.append(RAID)
    for f in state.at_any(away, "US"):
        c = cls[f.cls]
        if not c.is_ship:
            continue
        dest = "AU" if c.australian else last
        if f.location != dest:
            f.location = dest
            sent.append(f)
    if not game.skips("event"):  # (a lab game: not even its text)
        text = ", ".join([f"{f.name}->{f.location}" for f in sent]) or "no ships to return"
        game.log("event", "US", "Return to port: " + text + " (R19)")


def supply_check(game: Game) -> None:
    """One hit on every US INF and LBA in an area out of supply (R20)."""
    state = game.state
    state.step = "supply"
    supplied = supplied_areas(game.state, game.data)
    hits = []
    holding = holding_classes(state, game.data)  # the INF, BN and LBA classes
    for code in state.occupied(game.data.map.area, "US"):
        if code in supplied:
            continue
        for f in state.at(code, "US"):
            if f.cls in holding:
                hits.append(damage(game, f, f"out of supply in {code}"))
    if not game.skips("event"):  # (a lab game: not even its text)
        game.log("event", "US", "Supply check: " + ("; ".join(hits) or "every US area is in supply") + " (R20)")


def defeat_check(game: Game) -> None:
    """Hawaii lost, or objectives fallen to the Replaced level, end the campaign (R21, R53);
    else the last turn brings the evaluation."""
    state = game.state
    state.step = "defeat_check"
    held = objectives_held(state, game.data)
    state.held_history.append(len(held))
    if not game.skips("event"):  # (a lab game: not even its text)
        game.log(
            "event",
            "US",
            f"Objectives held at the end of turn {state.turn}: {len(held)} ({', '.join(held) or 'none'})",
            {"held": held},
        )
    sheet = game.sheet
    if "HI" not in held:
        end_campaign(game, "Defeat: Hawaii lost", len(held))
    elif len(held) <= sheet.replaced_max and len(held) < state.held_at_start:
        end_campaign(game, "Replaced", len(held))  # fallen to the level, not set up there (R53)
    elif state.turn >= sheet.turns or variants.ends_early(game):
        points = invasion_points(game)
        total = len(held) + points
        end_campaign(game, sheet.level_for(total), total)


def invasion_points(game: Game) -> int:
    levels = game.sheet.invasion_points
    if not levels:
        return 0
    cost = sum(cls_of(game, f).buy_cost for f in game.state.at(INVASION, "US"))
    points = max([lv.points for lv in levels if cost >= lv.min], default=0)
    game.log("event", "US", f"Invasion of Japan: forces worth {cost} SP give {points} point(s)")
    return points


def end_campaign(game: Game, result: str, score: int) -> None:
    state = game.state
    state.step = "end"
    if not state.linked:
        state.result = result
        game.log(
            "event", "", f"The campaign is over: {result} ({score} objectives)", {"result": result, "score": score}
        )
        return
    from nimitz.engine.setup import new_campaign
    from nimitz.model.state import LinkedYear

    defeated = result.startswith("Defeat") or result == "Replaced"
    state.linked_years.append(LinkedYear(state.year, score, result))
    game.log(
        "event",
        "",
        f"The {state.year} campaign is over: {result} ({score} objectives)",
        {"result": result, "score": score},
    )
    last = state.year == max(game.data.years)
    if defeated or last:
        total = sum(y.score for y in state.linked_years)
        level = next(lv.name for lv in game.data.map.linked.levels if total >= lv.min)
        state.result = f"Linked: {level}" + (" (the series stopped after a defeat)" if defeated else "")
        game.log(
            "event",
            "",
            f"The linked campaign is over: {total} objectives over {len(state.linked_years)} year(s): {level}",
            {"result": state.result, "total": total},
        )
        return
    following = new_campaign(game.data, state.year + 1, state.dice.seed, state.rules, dice=state.dice)
    following.linked = True
    following.linked_years = state.linked_years
    game.state = following
    game.log("event", "", f"The linked campaign goes on with {following.year}")


# The steps of a campaign turn in order (procedures.md), by the names `state.step` takes; a
# position file (docs/positions.md) starts a campaign at the start of one of them.
TURN_STEPS = {
    "resupply": resupply,
    "scouting": scouting,
    "movement": movement,
    "orders": ja_orders,
    "battles": resolve_battles,
    "reinforce": ja_reinforce,
    "repair": ja_repair,
    "return_to_port": return_to_port,
    "supply": supply_check,
    "defeat_check": defeat_check,
}
POSITION_STEPS = tuple(TURN_STEPS)[:-1]  # a turn can be begun at any step but its last
FOG_REFRESHED_AFTER = ("movement", "orders", "battles", "defeat_check")  # forces moved (R85)
