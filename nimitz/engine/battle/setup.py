"""Battle set-up (facts 1.8): placement of both sides, air groups (R11), transports (R31),
airfields, the battle length roll, Japan's plans per turn and cup (R13), the US plan purchase
(R12)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from nimitz.engine import variants
from nimitz.engine.battle.board import Board, transport_id
from nimitz.engine.requests import Option, Request
from nimitz.errors import IllegalDecision
from nimitz.model.battle import DECK, SEA_AREAS, BattlePiece, PlanInPlay
from nimitz.model.data import CounterClass, YearSheet
from nimitz.model.journal import Decision
from nimitz.model.state import BOMBING, BOMBING_BASE

Gen = Generator[Request, Decision, Any]
SIDES = ("US", "JA")


def place_forces(board: Board) -> Gen:
    """Both sides' placement: US surface ships (asked), Japan (bot), then US submarines (asked:
    they may only go where Japanese ships are, which is known once Japan has placed, R32)."""
    bs = board.state.battle
    state = board.state
    subs = yield from place_us(board)
    # --- Japan (bot)
    state.step = "battle:setup:JA placement"
    pos, expl = board.game.japan.place(board)
    for pid, box in pos.items():  # one by one: the board memo follows single moves (board.py)
        bs.positions[pid] = box
    if not board.game.skips("bot"):  # (a lab game: the explanation has no text to journal)
        board.game.log("bot", "JA", expl["text"], expl)
    # --- US submarines
    state.step = "battle:setup:US submarines"
    if subs:
        areas = [a for a in SEA_AREAS if board.ships("JA", a)]
        if not areas:
            bs.out.extend(subs)
            board.game.log(
                "event", "US", "no Japanese ships: the US submarines take no part (facts 1.8)", {"subs": subs}
            )
        else:
            d = yield sub_request(board, subs, areas)
            for p in subs:
                if d.targets[p] == "out":
                    bs.out.append(p)
                else:
                    bs.positions[p] = d.targets[p]
    # --- airfields and air groups
    for side in SIDES:
        bs.airfields[side] = len(board.lba(side))
    for side in SIDES:
        for carrier in board.carriers(side):
            make_air_group(board, carrier)
    if board.game.skips("event"):
        return  # a lab game: not even its text
    board.game.log(
        "event",
        "",
        f"battle board set: US {board.count_on_sheet('US')} forces, "
        f"JA {board.count_on_sheet('JA')} forces; airfields US {bs.airfields['US']}, "
        f"JA {bs.airfields['JA']}",
        {"positions": dict(bs.positions)},
    )


def place_us(board: Board) -> Gen:
    """The forces on the board, the transports, and the US placement before Japan's: carriers,
    LBA and infantry where the rules put them, other surface ships where the player says.
    Returns the US submarines, in board order (placed once Japan has)."""
    bs = board.state.battle
    state = board.state
    here = state.at(bs.area)
    bs.forces = [f.id for f in here]  # (in their order in `forces`, from the state's index)
    bs.forces += _bombing_wings(board)  # (wings are never embarked infantry)
    board.classes.learn(bs.forces)  # (the battle asks each force's class, from the first)
    # the sides with infantry aboard: one pass over the forces, not one for each side
    carried = {f.id.split(":", 1)[0] for f in here if f.embarked and board.cls(f.id).is_ground}
    for side in SIDES:
        if side in carried:
            cls = transport_class(board.sheet, side)
            tid = transport_id(side)
            bs.pieces[tid] = BattlePiece(id=tid, side=side, cls=cls.id, name=f"{side} transport", kind="transport")
            board.classes[tid] = cls
            bs.positions[tid] = "CO"
    state.step = "battle:setup:US placement"
    movable = []
    subs = []
    for p in bs.forces:
        if not p.startswith("US:"):
            continue
        c = board.cls(p)
        if c.is_carrier:
            bs.positions[p] = "UO"
        elif c.type == "LBA":
            bs.positions[p] = "US_AF"  # bombing wings too: they hold airfields (R64)
        elif c.is_ground:
            bs.positions[p] = "TR" if state.forces[p].embarked else "US_FH"
        elif c.type == "SS":
            subs.append(p)
        elif c.is_ship:
            movable.append(p)
    if movable:
        d = yield ship_request(board, movable)
        for p in movable:
            bs.positions[p] = d.targets[p]
    return subs


# (id of a year sheet, side) -> (that sheet, the side's transport class): a sheet is frozen
# data, and the class is found by reading its forty-odd classes, once a battle with infantry aboard
_TRANSPORT_CLASSES: dict[tuple[int, str], tuple[YearSheet, CounterClass]] = {}


def transport_class(sheet: YearSheet, side: str) -> CounterClass:
    """The side's transport class in the year's sheet (its first TR), kept for the process
    (the sheet kept with it: its id stays its own)."""
    kept = _TRANSPORT_CLASSES.get((id(sheet), side))
    if kept is None or kept[0] is not sheet:
        found = next(c for c in sheet.classes if c.side == side and c.type == "TR")
        kept = _TRANSPORT_CLASSES[id(sheet), side] = (sheet, found)
    return kept[1]


def _bombing_wings(board: Board) -> list[str]:
    """B-29 wings in the strategic bombing box, when the battle is in the area beside it: they
    count toward its airfields and can be lost to airfield hits (facts 1.13, ruling R64)."""
    if board.state.battle.area != BOMBING_BASE:
        return []
    wings = [f.id for f in board.state.at(BOMBING, "US")]
    if wings:
        board.game.log(
            "event",
            "US",
            f"{', '.join(board.name(p) for p in wings)} in the strategic "
            f"bombing box hold {len(wings)} airfield(s) on {board.state.battle.area}; they do not fly in "
            f"this battle (facts 1.13, R64)",
            {"wings": wings, "rulings": ["R64"]},
        )
    return wings


def make_air_group(board: Board, carrier: str) -> list[str]:
    """R11: a fresh air group from the year's table; none for a damaged carrier."""
    bs = board.state.battle
    side = board.side(carrier)
    if board.damaged(carrier):
        bs.capacity[carrier] = 0
        board.game.log(
            "event",
            side,
            f"{board.name(carrier)} is damaged: no air group (R11)",
            {"carrier": carrier, "rulings": ["R11"]},
        )
        return []
    made = []
    known, pieces = board.classes, bs.pieces
    for pid, c, name in _air_group(board.sheet, side, board.cls(carrier), carrier, board.name(carrier)):
        known[pid] = c
        pieces[pid] = BattlePiece(id=pid, side=side, cls=c.id, name=name, kind="aircraft", home=carrier)
        made.append(pid)
    # then on deck, one by one (the board's groups follow each; the first gives every piece just
    # made its place in board order at once)
    positions = bs.positions
    for pid in made:
        positions[pid] = DECK
    bs.capacity[carrier] = len(made)
    return made


# (id of a year sheet, side, carrier id and name, id of its class) -> the sheet and the class,
# and the carrier's fresh air group: each aircraft's piece id, class and name. Made from frozen
# data and the carrier's id and name alone, so kept for the process (the sheet and class held
# here, their ids stay theirs): the same carriers fight battle after battle.
_AIR_GROUPS: dict[
    tuple[int, str, str, str, int], tuple[YearSheet, CounterClass, tuple[tuple[str, CounterClass, str], ...]]
] = {}


def _air_group(
    sheet: YearSheet, side: str, carrier_cls: CounterClass, carrier: str, carrier_name: str
) -> tuple[tuple[str, CounterClass, str], ...]:
    """The aircraft of the carrier's air group from the year's table (R11), kept for the process."""
    key = (id(sheet), side, carrier, carrier_name, id(carrier_cls))
    kept = _AIR_GROUPS.get(key)
    if kept is None:
        group = sheet.air_group(side, carrier_cls)
        aircraft = []
        for i, cid in enumerate(group.aircraft if group else (), 1):
            c = sheet.cls[cid]
            aircraft.append((f"{carrier} air {i}", c, f"{c.name} ({carrier_name})"))
        kept = _AIR_GROUPS[key] = (sheet, carrier_cls, tuple(aircraft))
    return kept[2]


def ship_request(board: Board, ships: list[str]) -> Request:
    def checker(d: Decision) -> None:
        _no_extras(d, "targets")
        missing = [p for p in ships if p not in d.targets]
        if missing:
            raise IllegalDecision(
                f"place every US ship: {', '.join(board.name(p) for p in missing)} has no box", "facts 1.8 US placement"
            )
        for p, box in d.targets.items():
            if p not in ships:
                raise IllegalDecision(
                    f"{p!r} is not a US ship you place here (carriers always go to the "
                    f"US Ocean, submarines are placed later)",
                    "facts 1.8 US placement",
                )
            if box not in ("UO", "CO"):
                raise IllegalDecision(
                    f"{board.name(p)}: US ships go in the US Ocean (UO) or Coastal (CO), not {box!r}",
                    "facts 1.8 US placement",
                )

    options = [
        Option(
            Decision(kind="battle_place_ships", targets={p: a for p in ships}),
            f"all in the {'US Ocean' if a == 'UO' else 'Coastal area'}",
        )
        for a in ("UO", "CO")
    ]

    def info() -> dict[str, Any]:
        # (made when first read: the sensible player reads the board instead. What it shows,
        # names, classes and damage, holds from the request to its answer)
        return {
            "ships": [_desc(board, p) for p in ships],
            "boxes": ["UO", "CO"],
            "japanese": [_desc(board, p) for p in board.state.battle.forces if p.startswith("JA:")],
        }

    return Request(
        kind="battle_place_ships",
        step=board.state.step,
        prompt=f"Battle in {board.state.battle.area}: place your ships other than carriers in the US Ocean (UO) "
        "or Coastal (CO)",
        options=options,
        checker=checker,
        kinds=("battle_place_ships",),
        info_later=info,
    )


def sub_request(board: Board, subs: list[str], areas: list[str]) -> Request:
    allowed = list(areas) + ["out"]

    def checker(d: Decision) -> None:
        _no_extras(d, "targets")
        missing = [p for p in subs if p not in d.targets]
        if missing:
            raise IllegalDecision(
                f"place every US submarine (or 'out'): {', '.join(board.name(p) for p in missing)}",
                "facts 1.8 US submarines",
            )
        for p, box in d.targets.items():
            if p not in subs:
                raise IllegalDecision(f"{p!r} is not a US submarine in this battle", "facts 1.8 US submarines")
            if box not in allowed:
                raise IllegalDecision(
                    f"{board.name(p)}: submarines go to an area with Japanese ships "
                    f"({', '.join(areas)}) or 'out', not {box!r}",
                    "facts 1.8 US submarines",
                )

    options = [
        Option(
            Decision(kind="battle_place_subs", targets={p: a for p in subs}),
            "all out of the battle" if a == "out" else f"all to {a}",
        )
        for a in allowed
    ]
    return Request(
        kind="battle_place_subs",
        step=board.state.step,
        prompt="Place your submarines in an area with Japanese ships, or keep them out",
        options=options,
        info={
            "subs": [_desc(board, p) for p in subs],
            "areas": allowed,
            "japanese_ships": {a: [board.name(p) for p in board.ships("JA", a)] for a in areas},
        },
        checker=checker,
        kinds=("battle_place_subs",),
    )


def length_and_plans(board: Board) -> None:
    """Battle length (1d10, minimum `min_turns`) and Japan's plans per turn from its forces."""
    bs = board.state.battle
    table = board.data.battle
    board.state.step = "battle:setup:length"
    rolled = board.game.dice.roll("ja", 10, "battle length")
    roll, weather = variants.battle_length_roll(board.game, rolled)
    turns = table.turns_for(roll)
    bs.rolled_length = turns
    bs.length = min(table.max_turns, max(table.min_turns, turns))
    count = 0  # (a loop, not sum() of a generator)
    for p in bs.forces:
        if p.startswith("JA:") and board.cls(p).type not in ("TR", "CAG") and p not in bs.out:
            count += 1
    bs.ja_force_count = count
    bs.ja_plans_per_turn = table.plans_for(count)
    bs.cup = list(_full_cup(board.data.ja_plans))
    if board.game.skips("bot"):
        return  # a lab game: not even its text and chart rows
    row = next(r for r in table.length if r.lo <= roll <= r.hi)
    prow = next(r for r in table.plans_per_turn if r.lo <= count <= r.hi)
    board.game.log(
        "bot",
        "JA",
        f"battle length {bs.length} turn(s) (rolled {rolled}" + (f"; {weather}" if weather else "") + "); Japan draws "
        f"{bs.ja_plans_per_turn} plan(s) per turn ({count} forces)",
        {
            "procedure": "battle length and JA plans per turn",
            "roll": roll,
            "chart_row": {"lo": row.lo, "hi": row.hi, "turns": row.turns},
            "min_turns": table.min_turns,
            "length": bs.length,
            "force_count": count,
            "plans_row": {"lo": prow.lo, "hi": prow.hi, "plans": prow.plans},
            "counted": "JA forces brought to the battle, infantry on transports included; "
            "transports and carrier aircraft not counted",
            "cup": len(bs.cup),
            "rulings": ["R13"],
            **({"weather": weather} if weather else {}),
        },
    )


# ja_plans table -> every JA plan counter, as the cup holds them at set-up: the same in every
# battle (keyed by the table's id; the entry keeps the table alive and is checked)
_CUPS: dict[int, tuple[Any, tuple[str, ...]]] = {}


def _full_cup(table: Any) -> tuple[str, ...]:
    kept = _CUPS.get(id(table))
    if kept is None or kept[0] is not table:
        if len(_CUPS) > 100:  # (only a process loading many data sets gets near this)
            _CUPS.clear()
        kept = _CUPS[id(table)] = (table, tuple(p.id for p in table.plan for _ in range(p.copies)))
    return kept[1]


# the one option offered for the plan purchase, made once (Options and Decisions are frozen)
_BUY_NONE = Option(Decision(kind="battle_plans"), "buy no plans")


def purchase_plans(board: Board) -> Gen:
    """R12: 3 free BPP plus 3 per SP spent; each plan at most once."""
    bs = board.state.battle
    board.state.step = "battle:setup:US plans"
    plans = board.data.us_plans.plan
    sp = board.state.sp
    # R12's 3 free BPP, an inspired commander's extra (R82) and the difficulty's handicap (R70)
    free = 3 + variants.extra_bpp(board.game, "US") + board.state.rules.extra_bpp

    def checker(d: Decision) -> None:
        _no_extras(d, "forces", "count")
        if d.count < 0 or d.count > sp:
            raise IllegalDecision(f"spend 0 to {sp} SP on battle plans, not {d.count}", "R12")
        if len(set(d.forces)) != len(d.forces):
            raise IllegalDecision("each battle plan can be bought once per battle", "R12")
        cost = 0
        for pid in d.forces:
            plan = board.data.us_plans.by_id.get(pid)
            if plan is None:
                raise IllegalDecision(f"{pid!r} is not a US battle plan ({', '.join(p.id for p in plans)})", "R12")
            cost += plan.cost
        bpp = free + 3 * d.count
        if cost > bpp:
            raise IllegalDecision(
                f"those plans cost {cost} BPP; {d.count} SP give {bpp} BPP ({free} free + 3 per SP)", "R12"
            )

    def info() -> dict[str, Any]:
        # (made when first read: the sensible player reads the SP and the plans' costs from the
        # game instead; what it shows is fixed when the request is made)
        return {
            "sp": sp,
            "free_bpp": free,
            "bpp_per_sp": 3,
            "plans": [
                {"id": p.id, "name": p.name, "cost": p.cost, "reactive": p.reactive, "description": p.description}
                for p in plans
            ],
            "rulings": ["R12"],
        }

    d = yield Request(
        kind="battle_plans",
        step=board.state.step,
        prompt=f"Battle plans: {free} free BPP, plus 3 BPP per SP spent (you have {sp} SP)",
        options=[_BUY_NONE],
        checker=checker,
        kinds=("battle_plans",),
        info_later=info,
    )
    board.state.sp -= d.count
    bs.us_sp_spent = d.count
    bs.us_bpp = free + 3 * d.count
    bs.us_plans = [PlanInPlay(plan=p, side="US") for p in d.forces]
    if (d.forces or d.count) and not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            "US",
            f"US buys {', '.join(board.plan_def('US', p).name for p in d.forces) or 'no plans'} for {d.count} SP",
            {"plans": list(d.forces), "sp": d.count, "rulings": ["R12"]},
        )


def _desc(board: Board, pid: str) -> dict[str, Any]:
    c = board.cls(pid)
    return {
        "id": pid,
        "name": board.name(pid),
        "type": c.type,
        "cost": c.cost,
        "damaged": board.damaged(pid),
        "values": board.values_text(pid),
    }


def _no_extras(d: Decision, *allowed: str) -> None:
    for name in ("forces", "area", "count", "choice", "targets"):
        if name not in allowed and getattr(d, name):
            raise IllegalDecision(f"this answer takes no {name!r}", "request format")
