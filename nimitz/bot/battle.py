"""Japan's battle decisions (facts 1.8-1.10, rulings R13, R14, R24, R30-R39).

Each procedure returns its result and a structured explanation: the dice, every modifier with
its source, the chart row, the candidates considered, the tie-break used and the rulings. The
battle engine applies the result and journals the explanation (`game.log("bot", "JA", ...)`);
the `nimitz bot place|plans|air` commands print it.

Random choices the rules leave open go through the bot dice stream (`dice.choose`, R24); table
rolls (aircraft areas) use the "ja" stream.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from nimitz.engine.battle.board import AREA_NAMES, Board
from nimitz.engine.battle.combat import kamikaze_plan
from nimitz.engine.dice import choose
from nimitz.model.battle import AREAS, DECK

if TYPE_CHECKING:
    from nimitz.engine.battle.hits import Alloc, Target
    from nimitz.model.battle import PlanInPlay
    from nimitz.model.data import BattleTable, Plan

K = TypeVar("K", int, tuple[int, int])  # a sort key: lower (or higher) is picked first

# --- placement ---------------------------------------------------------------------------------


def _surface(board: Board, pid: str) -> tuple[int, int]:
    r = board.cls(pid).surface.side(board.damaged(pid))
    return (r.value, r.superior)


def _pick(
    board: Board, pids: list[str], key: Callable[[str], K], pick_max: bool, purpose: str, ties: list[dict[str, Any]]
) -> str:
    """The piece with the lowest (or highest) key; equal keys are a bot-stream roll (R24)."""
    keys = [key(p) for p in pids]  # (each worked out once)
    best = max(keys) if pick_max else min(keys)
    tied = [p for p, k in zip(pids, keys, strict=True) if k == best]
    chosen = choose(board.game.dice, tied, purpose) if len(tied) > 1 else tied[0]
    if len(tied) > 1:
        ties.append(
            {"purpose": purpose, "candidates": tied, "chosen": chosen, "method": "bot dice stream", "ruling": "R24"}
        )
    return chosen


def _alternation_step(board: Board, step: int, escort: str, to: str, why: str) -> dict[str, Any]:
    """One escort sent by Japan's alternation, as its placement explanation records it."""
    value = board.cls(escort).surface.side(board.damaged(escort))
    return {"step": step, "escort": escort, "surface": str(value), "to": to, "why": why}


def place_japanese(board: Board) -> tuple[dict[str, str], dict[str, Any]]:
    """Where each Japanese map force goes on the battle board (facts 1.8 "Japanese placement")."""
    out = board.state.battle.out
    ids = [p for p in board.state.battle.forces if p.startswith("JA:") and p not in out]
    pos: dict[str, str] = {}
    ties: list[dict[str, Any]] = []
    expl: dict[str, Any] = {"procedure": "JA battle placement", "rulings": ["R24"], "tie_breaks": ties}
    # a lab game makes no entry of the placement: no steps of the escorts' alternation, no text
    explain = board.game.makes("bot")
    # the forces sorted by what they are, in one pass (each list in board order)
    lba: list[str] = []
    embarked: list[str] = []
    ashore: list[str] = []
    carriers: list[str] = []
    escorts: list[str] = []
    others: list[str] = []  # ships neither carriers, escorts nor submarines
    subs: list[str] = []
    forces = board.state.forces
    for p in ids:
        c = board.cls(p)
        if c.type == "LBA":
            lba.append(p)
        if c.is_ground:
            (embarked if forces[p].embarked else ashore).append(p)
        if c.is_ship:
            if c.is_carrier:
                carriers.append(p)
            if c.is_escort:
                escorts.append(p)
            if c.type == "SS":
                subs.append(p)
            elif not c.is_carrier and not c.is_escort:
                others.append(p)
    for p in lba:
        pos[p] = "JA_AF"
    for p in ashore:
        pos[p] = "JA_FH"
    for p in embarked:
        pos[p] = "TR"
    expl["lba"] = {"to": "JA airfields", "forces": lba, "airfields": len(lba)}
    expl["infantry"] = {"ashore_to_foxholes": ashore, "on_transport_in_coastal": embarked}

    island = {
        "ja_infantry_on_transports": bool(embarked),
        "ja_infantry_ashore": bool(ashore),
        "lba_on_island": bool(lba)
        or any(p.startswith("US:") and board.cls(p).type == "LBA" for p in board.state.battle.forces),
    }
    ship_expl: dict[str, Any] = {"carriers": carriers, "island_condition": island}
    if carriers and any(island.values()):
        ship_expl["case"] = "carriers and island forces: carriers to the JA Ocean, escorts alternate"
        for p in carriers:
            pos[p] = "JO"
        left = list(escorts)
        # each escort's surface value, worked out once: the alternation compares those left again and again
        surface = {p: _surface(board, p) for p in escorts}
        steps = []
        in_jo = 0
        while left and in_jo < len(carriers):
            low = _pick(
                board,
                left,
                surface.__getitem__,
                False,
                "JA placement: escort with the lowest surface value to the JA Ocean",
                ties,
            )
            left.remove(low)
            pos[low] = "JO"
            in_jo += 1
            if explain:
                steps.append(_alternation_step(board, 1, low, "JO", "lowest surface attack"))
            if in_jo >= len(carriers) or not left:
                break
            high = _pick(
                board,
                left,
                surface.__getitem__,
                True,
                "JA placement: escort with the highest surface value to Coastal",
                ties,
            )
            left.remove(high)
            pos[high] = "CO"
            if explain:
                steps.append(_alternation_step(board, 2, high, "CO", "highest surface attack"))
        for p in left:
            pos[p] = "CO"
        ship_expl["alternation"] = steps
        ship_expl["rest_to_coastal"] = left
        for p in others:
            pos[p] = "CO"
    elif carriers:
        ship_expl["case"] = "carriers and no island forces: every ship to the JA Ocean"
        for p in carriers + escorts + others:
            pos[p] = "JO"
    else:
        ship_expl["case"] = "no carriers: every ship to Coastal"
        for p in escorts + others:
            pos[p] = "CO"
    expl["ships"] = ship_expl

    if subs:
        # (the US pieces read from every piece on the board, which asks for no group: made now,
        # before Japan's placement, the board's groups would follow each Japanese force placed)
        us = [p for p in board.ids() if p.startswith("US:")]
        us_carriers = [p for p in us if board.cls(p).is_carrier]
        us_coastal = [p for p in us if board.box(p) == "CO" and board.cls(p).is_ship and board.cls(p).type != "SS"]
        if us_carriers:
            to, why = "UO", "US carriers are present"
        elif us_coastal:
            to, why = "CO", "no US carriers; US ships in Coastal"
        else:
            to, why = "JO", "no US carriers and no US ships in Coastal"
        for p in subs:
            pos[p] = to
        expl["subs"] = {"subs": subs, "to": to, "why": why}
    expl["result"] = pos
    if not explain:
        expl["text"] = ""
        return pos, expl
    counts: dict[str, int] = {}
    for box in pos.values():
        counts[box] = counts.get(box, 0) + 1
    expl["text"] = (
        "JA placement: "
        + ship_expl.get("case", "no ships")
        + "; "
        + ", ".join(f"{counts[b]} in {b}" for b in sorted(counts))
    )
    return pos, expl


# --- battle plans (R13) ------------------------------------------------------------------------


def draw_plans(board: Board) -> tuple[list[str], dict[str, Any]]:
    """Draw the battle's number of plans from the cup; a counter whose plan was already drawn
    earlier in this battle (any battle turn) is set aside and another drawn (R13); an empty cup
    is refilled with the counters not in play, and their plans may then be drawn again (R33, R63)."""
    bs = board.state.battle
    n = bs.ja_plans_per_turn
    got: list[str] = []
    events: list[dict[str, Any]] = []
    # a lab game makes no entry of the draw: no record of the draws, nor of the plans before
    explain = board.game.makes("bot")
    named = board.game.makes("roll")  # (a roll's purpose is read only in its entry)
    earlier = sorted(set(bs.drawn)) if explain else []
    guard = 0
    while len(got) < n and guard < 200:
        guard += 1
        if not bs.cup:
            # the counters kept until used and not used yet (bs.ja_plans does not change while
            # drawing: worked out only when the cup runs empty, which few turns see)
            in_play = {
                pip.plan
                for pip in bs.ja_plans
                if not pip.used and board.data.ja_plans.by_id[pip.plan].effect.get("keep_until_used")
            }
            # every counter out of the cup goes back except those in play (R13)
            back = _minus(bs.drawn, list(got) + sorted(in_play))
            bs.drawn = _minus(bs.drawn, back)
            bs.cup.extend(back)
            if explain:
                events.append({"event": "cup empty: the counters not in play go back", "returned": len(back)})
            if not bs.cup:
                if explain:
                    events.append({"event": "no counter left to draw"})
                break
        idx = choose(board.game.dice, range(len(bs.cup)), f"JA plan draw from a cup of {len(bs.cup)}" if named else "")
        plan = bs.cup.pop(idx)
        # the counters out of the cup are the plans drawn for this battle since it last refilled
        already = plan in bs.drawn
        bs.drawn.append(plan)
        if already:
            if explain:
                events.append({"drew": plan, "result": "set aside: already drawn for this battle; draw again"})
            continue
        got.append(plan)
        if explain:
            events.append({"drew": plan, "result": "in play this turn"})
    if not explain:
        return got, {}
    names = [board.data.ja_plans.by_id[p].name for p in got]
    expl = {
        "procedure": "JA battle plan draw",
        "rulings": ["R13", "R24", "R63"],
        "plans_per_turn": n,
        "force_count": bs.ja_force_count,
        "drawn_before": earlier,
        "draws": events,
        "result": got,
        "cup_left": len(bs.cup),
        "text": f"JA plans this turn: {', '.join(names) or 'none'}",
    }
    return got, expl


def _minus(items: list[str], remove: list[str]) -> list[str]:
    """items without one occurrence of each of `remove`."""
    left = list(remove)
    out = []
    for c in items:
        if c in left:
            left.remove(c)
        else:
            out.append(c)
    return out


# --- aircraft movement --------------------------------------------------------------------------


def bomber_area_legal(board: Board, area: str) -> tuple[bool, str]:
    """A JA bomber group may enter an area with US surface ships, or the Island when it has US
    airfields, or US infantry ashore while Japan has infantry or LBA ashore (facts 1.9)."""
    if area == "IS":
        if board.airfields("US") > 0:
            return True, "US airfields on the Island"
        if board.ashore("US") and (board.ashore("JA") or board.lba("JA")):
            return True, "US infantry ashore and Japanese infantry or LBA on the Island"
        return False, "no US airfields, and no US infantry ashore that Japan may attack"
    ships = board.surface_ships("US", area)
    if ships:
        return True, f"{len(ships)} US ship(s)"
    return False, "no US surface ships"


def step_area(start: int, legal: list[bool]) -> tuple[str | None, str]:
    """From the rolled area: it, else the next higher legal area, else the next lower, else home."""
    if legal[start]:
        return AREAS[start], "rolled area has a legal target"
    for j in range(start + 1, len(AREAS)):
        if legal[j]:
            return AREAS[j], "stepped up to the next higher area with a legal target"
    for j in range(start - 1, -1, -1):
        if legal[j]:
            return AREAS[j], "stepped down to the next lower area with a legal target"
    return None, "no area has a legal target: the group stays on its carrier or airfield"


def _groups(board: Board, named: bool = True) -> list[dict[str, Any]]:
    """Japan's groups of aircraft still to move: each carrier's bombers and fighters, then the
    land-based ones; bombers first, then fighters (procedures: Move JA Bombers, Move JA Fighters).
    Unless `named`, the groups' names are left empty (a lab game reads them nowhere)."""
    bombers: list[dict[str, Any]] = []
    fighters: list[dict[str, Any]] = []
    done = set(board.state.battle.done)

    def add(aircraft: list[str], name: str, source: str) -> None:
        b: list[str] = []
        f: list[str] = []
        for p in aircraft:
            if p not in done:
                (b if board.cls(p).is_bomber else f).append(p)
        if b:
            bombers.append(
                {"name": f"{name} bombers" if named else "", "kind": "bombers", "source": source, "aircraft": b}
            )
        if f:
            fighters.append(
                {"name": f"{name} fighters" if named else "", "kind": "fighters", "source": source, "aircraft": f}
            )

    for carrier in board.carriers("JA"):
        add(board.on_deck(carrier), board.name(carrier) if named else "", "carrier")
    pos = board.state.battle.positions
    add([p for p in board.lba("JA") if pos[p] == "JA_AF"], "land-based", "land")
    return bombers + fighters


def _forced_area(
    group: dict[str, Any], kamikaze: Plan | None, air_moves: list[tuple[Plan, PlanInPlay]]
) -> tuple[str | None, dict[str, Any] | None]:
    """The kamikaze plan (kamikaze_plan) or an air_move plan in force (`air_moves`) that sends
    this group to a fixed area."""
    if group["kind"] == "bombers":
        kam = kamikaze
        if kam is not None and group["source"] in kam.effect["sources"]:
            return kam.effect["area"], {"plan": kam.id, "name": kam.name}
    for plan, _pip in air_moves:
        eff = plan.effect
        if eff["groups"] == group["kind"] and group["source"] in eff["sources"]:
            return eff["area"], {"plan": plan.id, "name": plan.name}
    return None, None


# (table id, face) -> (the table, the battle area of the face): the tables are frozen data, and
# area_for() resumes a generator from C for each row it reads, once a group of aircraft
_AREA_OF_FACE: dict[tuple[int, int], tuple[BattleTable, str]] = {}


def _area_for(table: BattleTable, roll: int) -> str:
    """table.area_for(roll), kept for the process (the table kept with it: its id stays its own)."""
    kept = _AREA_OF_FACE.get((id(table), roll))
    if kept is None or kept[0] is not table:
        kept = _AREA_OF_FACE[id(table), roll] = (table, table.area_for(roll))
    return kept[1]


def move_aircraft(board: Board) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every JA group's area (bombers, then fighters): a d10 on the area table, then the legal
    target stepping. Returns the moves ({aircraft, area}) and one explanation per group."""
    moves: list[dict[str, Any]] = []
    expls: list[dict[str, Any]] = []
    # a lab game makes no journal entry of the moves (the engine still counts one a group): its
    # groups get empty explanations, without the chart rows and reasons; and unless a roll entry
    # is made, the rolls need no purpose, nor the groups their names
    explain = board.game.makes("bot")
    named = explain or board.game.makes("roll")
    groups = _groups(board, named)
    if not groups:
        return moves, expls
    ja_flying: set[str] = set()
    for a in AREAS:  # (a loop, not set() of a generator)
        if board.flying("JA", a):
            ja_flying.add(a)
    # the board does not change while the groups are placed (the moves are made after): where
    # bombers may go, the US aircraft in each area and the plans in force are the same for
    # every group
    bomber_rows: list[tuple[bool, str]] | None = None
    bomber_legal: list[bool] = []
    us_flying: dict[str, int] | None = None
    kamikaze, air_moves = kamikaze_plan(board), board.ja_in_force("air_move")
    rows: list[tuple[bool, str]] = []
    for group in groups:
        forced, plan = _forced_area(group, kamikaze, air_moves)
        roll = None
        if forced is None:
            roll = board.game.dice.roll("ja", 10, f"JA aircraft area: {group['name']}" if named else "")
            rolled = _area_for(board.data.battle, roll)
        else:
            rolled = forced
        if group["kind"] == "bombers":
            if bomber_rows is None:
                bomber_rows = [bomber_area_legal(board, a) for a in AREAS]
                for ok, _reason in bomber_rows:
                    bomber_legal.append(ok)
            legal, rows = bomber_legal, bomber_rows
        else:
            if us_flying is None:
                us_flying = {a: len(board.flying("US", a)) for a in AREAS}
            # (the reasons only for the explanation; the areas Japan flies to grow group by group)
            legal = []
            for a in AREAS:
                legal.append(bool(us_flying[a]) or a in ja_flying)
            if explain:
                rows = _fighter_rows(us_flying, ja_flying, legal)
        area, how = step_area(AREAS.index(rolled), legal)
        if area is not None:
            ja_flying.add(area)
            moves.append({"aircraft": group["aircraft"], "area": area})
        expls.append(_air_move_explained(board, group, plan, roll, rolled, rows, area, how) if explain else {})
    return moves, expls


def _fighter_rows(us_flying: dict[str, int], ja_flying: set[str], legal: list[bool]) -> list[tuple[bool, str]]:
    """Each area's legality for a JA fighter group, with its reason (for the explanation)."""
    return [
        (
            ok,
            f"{us_flying[a]} US aircraft" if us_flying[a] else "Japanese aircraft" if a in ja_flying else "no aircraft",
        )
        for a, ok in zip(AREAS, legal, strict=True)
    ]


def _air_move_explained(
    board: Board,
    group: dict[str, Any],
    plan: dict[str, Any] | None,
    roll: int | None,
    rolled: str,
    rows: list[tuple[bool, str]],
    area: str | None,
    how: str,
) -> dict[str, Any]:
    """A JA group's move as the journal shows it: the plan or the roll and its chart row, each
    area's legality, the stepping and the result."""
    expl: dict[str, Any] = {
        "procedure": "JA aircraft move",
        "group": group["name"],
        "kind": group["kind"],
        "aircraft": group["aircraft"],
        "rulings": [],
    }
    if plan is not None:
        expl["plan"] = plan
        expl["roll"] = None
        expl["rolled_area"] = rolled
    else:
        row = next(a for a in board.data.battle.battle_area if a.code == rolled)
        expl["roll"] = roll
        expl["chart_row"] = {"area": rolled, "name": row.name, "lo": row.lo, "hi": row.hi}
        expl["rolled_area"] = rolled
    expl["legal_areas"] = {a: {"legal": ok, "why": reason} for a, (ok, reason) in zip(AREAS, rows, strict=True)}
    expl["stepping"] = how
    expl["result"] = area or "home"
    expl["text"] = (
        f"JA {group['name']}: "
        + (f"plan {plan['name']} sends them to {rolled}" if plan else f"rolled {roll} ({AREA_NAMES[rolled]})")
        + f" -> {AREA_NAMES[area] if area else 'stay home'} ({how})"
    )
    return expl


def first_light_carrier(board: Board) -> tuple[str | None, dict[str, Any]]:
    """The JA carrier with the most aircraft on deck (ties: bot dice, R24)."""
    ties: list[dict[str, Any]] = []
    carriers = [c for c in board.carriers("JA") if board.on_deck(c)]
    expl: dict[str, Any] = {
        "procedure": "JA First Light: the carrier with the most aircraft",
        "candidates": {c: len(board.on_deck(c)) for c in carriers},
        "tie_breaks": ties,
        "rulings": ["R24"],
    }
    if not carriers:
        expl["result"] = None
        return None, expl
    chosen = _pick(
        board, carriers, lambda c: len(board.on_deck(c)), True, "JA First Light: carrier with the most aircraft", ties
    )
    expl["result"] = chosen
    return chosen, expl


def first_light_area(board: Board, area: str) -> tuple[str | None, dict[str, Any]]:
    start = AREAS.index(area)
    legal = [bomber_area_legal(board, a)[0] for a in AREAS]
    chosen, how = step_area(start, legal)
    return chosen, {"area": area, "stepping": how, "result": chosen or "none"}


# --- turn end ----------------------------------------------------------------------------------


def duration_change(board: Board, plan: Any) -> tuple[int, dict[str, Any]]:
    """Japan's Duration plan at the end of a battle turn (facts 1.10): by the forces on the sheet,
    a turn more when Japan has more, a turn less when it has fewer (none when equal); a plan that
    lets its owner choose: longer with more forces, else shorter."""
    own, other = board.count_on_sheet("JA"), board.count_on_sheet("US")
    fewer, more = plan.effect["change"]
    if plan.effect["compare"] == "force_count":
        change = more if own > other else fewer if own < other else 0
        rule = "more: +1, fewer: -1, equal: none"
    else:
        change = more if own > other else fewer
        rule = "Japan chooses: a turn longer with more forces on the sheet, else a turn shorter"
    return change, {
        "procedure": "JA Duration plan",
        "ja_forces": own,
        "us_forces": other,
        "change": change,
        "rule": rule,
    }


# --- hits and losses (R14) ----------------------------------------------------------------------


def pick_hit_target(
    board: Board, alloc: Alloc, legal: list[Target], chosen: str | None = None
) -> tuple[Target, dict[str, Any]]:
    """R14: the lowest-cost legal target, a damaged one before a fresh one, then random (or the
    player's pick among the tied, with the R24 'player' option)."""
    best = alloc.best(legal)
    t = best[0]
    if len(best) > 1:
        if chosen is not None:
            t = next(b for b in best if b.id == chosen)
            method = "the player's choice (R24 rules profile)"
        else:
            t = choose(board.game.dice, best, f"R14 tie: which of {len(best)} equal Japanese targets takes the hit")
            method = "bot dice stream"
    if not board.game.makes("bot"):
        return t, {}  # a lab game makes no entry of the hits (hits.ja_hits)
    why: dict[str, Any] = {"rule": "lowest cost", "cost": best[0].cost, "damaged_first": alloc.damaged_now(best[0])}
    if len(best) > 1:
        why["tie_break"] = {"candidates": [b.id for b in best], "chosen": t.id, "method": method, "ruling": "R24"}
    return t, why


def losses_order(board: Board, pids: list[str], k: int, purpose: str) -> tuple[list[str], dict[str, Any]]:
    """Japan destroys damaged aircraft lowest value first, then full ones lowest first; equal
    values are a bot-stream roll (facts 1.9; R24)."""
    left = list(pids)
    out = []
    ties: list[dict[str, Any]] = []
    for _ in range(min(k, len(left))):
        p = _pick(board, left, lambda p: (0 if board.damaged(p) else 1, board.cls(p).cost), False, purpose, ties)
        left.remove(p)
        out.append(p)
    return out, {
        "candidates": [{"id": p, "cost": board.cls(p).cost, "damaged": board.damaged(p)} for p in pids],
        "destroyed": out,
        "order": "damaged lowest value first, then full lowest first",
        "tie_breaks": ties,
        "rulings": ["R24"],
    }


def excess_aircraft(board: Board, cag: list[str], k: int) -> tuple[list[str], dict[str, Any]]:
    out, expl = losses_order(board, cag, k, "JA excess carrier aircraft: equal values")
    expl.update(
        {
            "procedure": "JA excess carrier aircraft",
            "excess": k,
            "text": f"JA: {k} carrier aircraft cannot land and are destroyed",
        }
    )
    return out, expl


def airfield_losses(board: Board, lba: list[str], k: int) -> tuple[list[str], dict[str, Any]]:
    out, expl = losses_order(board, lba, k, "JA airfield losses: equal values")
    expl.update(
        {
            "procedure": "JA airfield losses",
            "excess": k,
            "airfields": board.airfields("JA"),
            "text": f"JA: {k} land-based aircraft more than airfields are destroyed",
        }
    )
    return out, expl


__all__ = [
    "place_japanese",
    "draw_plans",
    "move_aircraft",
    "pick_hit_target",
    "excess_aircraft",
    "airfield_losses",
    "first_light_carrier",
    "duration_change",
    "DECK",
]
