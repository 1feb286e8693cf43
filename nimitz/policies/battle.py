"""Scripted US players for battles: `passive`, `sensible` and `randomized(rng)`, each a
`policy(request, game) -> Decision` that answers every battle request kind (see
nimitz.engine.battle). `play_battle` drives `resolve_battle` with a policy, checking each answer
as `Game.answer` does.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import Board
from nimitz.model.battle import AREAS
from nimitz.model.journal import Decision

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request

BATTLE_KINDS = (
    "battle_place_ships",
    "battle_place_subs",
    "battle_plans",
    "battle_first_light",
    "battle_air",
    "battle_allocate_hits",
    "battle_reactive",
    "battle_excess_aircraft",
    "battle_airfield_losses",
    "battle_ja_tie",
)


def _decline(request: Request) -> Decision:
    return next(o.decision for o in request.options if o.decision.choice == "decline")


def _auto(request: Request) -> Decision:
    return _AUTO[request.kind]


# The "auto" answers, made once (a Decision is frozen; the policies answer hundreds a campaign).
_AUTO = {
    k: Decision(kind=k, choice="auto")
    for k in ("battle_allocate_hits", "battle_excess_aircraft", "battle_airfield_losses")
}


# --- passive -------------------------------------------------------------------------------------


def passive(request: Request, game: Game) -> Decision:
    """Places everything (ships in the US Ocean, subs with the first JA ships), buys no plans,
    keeps aircraft home, lets every allocation be automatic and uses no reactive plan."""
    k = request.kind
    if k == "battle_place_ships":
        return Decision(kind=k, targets={s["id"]: "UO" for s in request.info["ships"]})
    if k == "battle_place_subs":
        area = next(a for a in request.info["areas"] if a != "out")
        return Decision(kind=k, targets={s["id"]: area for s in request.info["subs"]})
    if k == "battle_plans":
        return Decision(kind=k)
    if k == "battle_air":
        return Decision(kind=k)
    if k in ("battle_allocate_hits", "battle_excess_aircraft", "battle_airfield_losses"):
        return _auto(request)
    if k in ("battle_reactive", "battle_first_light"):
        return _decline(request)
    if k == "battle_ja_tie":  # R24 'player' option: the first of the tied Japanese forces
        return request.options[0].decision
    raise ValueError(f"the battle passive policy does not know request {k!r}")


# --- sensible ------------------------------------------------------------------------------------

PLAN_PRIORITY = (
    "damage_control",
    "diving_attack",
    "furball",
    "anti_aircraft",
    "ranging_shots",
    "artillery",
    "leathernecks",
    "seabees",
    "charge",
    "sonar",
    "aaa",
    "barrel_roll",
    "envelop",
    "asw",
    "first_light",
    "engaged",
)


def _board(game: Game) -> Board:
    return Board(game)


def plan_filter(board) -> Callable[[str], bool]:
    """Whether a battle plan can do something in this battle: each test is made once, when
    first asked (the policies ask for plan after plan; plans that need the same thing, as the
    three that need US infantry, share one test)."""
    known: dict[Callable[[Any], bool], bool] = {}

    def useful(plan: str) -> bool:
        test = _USEFUL.get(plan)
        if test is None:
            return True
        got = known.get(test)
        if got is None:
            got = known[test] = test(board)
        return got

    return useful


def _has(board, side: str, test: Callable[[Any], bool]) -> bool:
    """Whether one of the side's pieces on the board has a class that passes `test`."""
    return any(map(test, map(board.cls, board.ids(side))))


def _us_ground(board) -> bool:
    return _has(board, "US", attrgetter("is_ground"))


def _air_vs_air(board) -> bool:
    return bool(board.aircraft("US")) and bool(board.aircraft("JA"))


def _ships_vs_air(board) -> bool:
    return board.has_surface_ships("US") and bool(board.aircraft("JA"))


def _us_aircraft(board) -> bool:
    return bool(board.aircraft("US"))


# What a battle plan needs to do something in this battle (plans not named always can).
_USEFUL: dict[str, Callable[[Any], bool]] = {
    "diving_attack": _us_aircraft,
    "furball": _air_vs_air,
    "anti_aircraft": _ships_vs_air,
    "aaa": _ships_vs_air,
    "ranging_shots": lambda b: b.has_surface_ships("US"),
    "artillery": _us_ground,
    "charge": _us_ground,
    "envelop": _us_ground,
    "leathernecks": lambda b: _has(b, "US", attrgetter("marine")),
    "seabees": lambda b: bool(b.lba("US")),
    "sonar": lambda b: b.has_subs("JA") or b.has_subs("US"),
    "asw": lambda b: b.has_subs("JA"),
    "barrel_roll": _us_aircraft,
    "first_light": lambda b: bool(b.carriers("US")) and bool(b.aircraft("US")),
}


# plans that act through US infantry on the Island (the infantry step fires from the foxholes;
# Artillery and Leathernecks need infantry ashore)
GROUND_PLANS = ("artillery", "charge", "envelop", "leathernecks")


def ground_fight_possible(board) -> bool:
    """Whether US infantry can be ashore in some battle turn still to come: ashore now, or
    aboard and the battle lasts past the first advance (infantry land at the end of a turn)."""
    bs = board.state.battle
    return bool(board.ashore("US")) or bs.length > bs.turn + 1


def plan_idle_now(board, plan) -> bool:
    """Whether a US plan played now would do nothing this battle turn: its requirement is not
    met, or it acts in the infantry step with no US infantry in the foxholes yet."""
    effect = plan.effect
    steps = (effect.get("step", ""), *effect.get("steps", ()))
    return not board.requirement_met("US", effect.get("requires", "")) or (
        "infantry" in steps and not board.foxholes("US")
    )


def expert_air(request: Request, game: Game) -> Decision:
    """The expert's aircraft moves: the sensible player's, keeping back the plans that cannot
    act this turn (a plan played is spent; Artillery on turn 1, before the infantry land, is
    wasted)."""
    decision = sensible(request, game)
    board = _board(game)
    keep = tuple(p for p in decision.forces if not plan_idle_now(board, game.data.us_plans.by_id[p]))
    return Decision(kind=decision.kind, targets=dict(decision.targets), forces=keep)


def _target_area(board, blocked: list[str], bomber: bool) -> str | None:
    """Where US bombers do most good: JA carriers, then JA ships in Coastal, then the Island.
    The targets of combat.bomb_targets are counted, not built (every area, every air move)."""
    # the area of the highest (carriers, targets), the first in AREAS' order among equals (a
    # loop, not max() with a key function: a Python call per area)
    best, top = None, (0, 0)
    for a in AREAS:
        if a in blocked:
            continue
        if a == "IS":
            carriers, n = 0, H.island_target_count(board, "JA", board.holds_island("US"))
        else:
            carriers, n = H.ship_target_count(board, "JA", a)
        if n and (best is None or (carriers, n) > top):
            best, top = a, (carriers, n)
    return best


def sensible(request: Request, game: Game) -> Decision:
    """Spends a little SP on useful plans, sends bombers at the best targets with their fighters,
    uses reactive plans when offered, lets allocations be automatic. (A Board is made only for
    the answers that look at the battle: most requests are allocations and reactive plans.)"""
    k = request.kind
    if k == "battle_ja_tie":  # hit the tied Japanese force worth most to sink: a damaged one
        return next((o.decision for o in request.options if "damaged" in o.label), request.options[0].decision)
    if k == "battle_place_ships":
        # read from the board, not the request's info (a lab game then never makes it): the
        # Japanese forces' types, and the ships to place, every option's targets. The US
        # carriers are found among the forces placed, not with board.carriers(): a group query
        # now would make the board's groups before Japan places its forces, which they would
        # then follow one by one (more work than making them once, after)
        board = _board(game)
        bs = board.state.battle
        island = ja_carriers = us_carriers = False
        for p in bs.forces:
            c = board.cls(p)
            if p.startswith("JA:"):
                island = island or c.type in ("INF", "BN", "LBA")
                ja_carriers = ja_carriers or c.type in ("CV", "CVL", "CVE")
            elif c.is_carrier and p in bs.positions:
                us_carriers = True
        out = {}
        for p in request.options[0].decision.targets:
            to_coast = island or not ja_carriers
            if board.cls(p).type == "DD" and us_carriers:
                to_coast = False
            out[p] = "CO" if to_coast else "UO"
        return Decision(kind=k, targets=out)
    if k == "battle_place_subs":
        ships = request.info["japanese_ships"]
        area = max(ships, key=lambda a: (len(ships[a]), a))
        return Decision(kind=k, targets={s["id"]: area for s in request.info["subs"]})
    if k == "battle_plans":
        # the SP and the plans on offer (every US plan) read from the game, not the request's
        # info (a lab game then never makes it)
        sp = game.state.sp
        spend = 2 if sp >= 8 else 1 if sp >= 4 else 0
        budget = 3 + 3 * spend
        bought = []
        offered = game.data.us_plans.by_id
        useful = plan_filter(_board(game))
        for pid in PLAN_PRIORITY:
            plan = offered.get(pid)
            if plan is not None and plan.cost <= budget and useful(pid):
                bought.append(pid)
                budget -= plan.cost
        return Decision(kind=k, count=spend, forces=tuple(bought))
    if k == "battle_air":
        # (the ids of the aircraft ready to fly and of the plans playable, and the areas blocked,
        # read from the request's brief: a lab game then never makes its info)
        brief = request.brief
        ready = brief["ready"]
        targets = {}
        board = _board(game)
        area = _target_area(board, brief["blocked"], True) if ready else None  # (no aircraft: plans alone)
        if area is not None:
            targets = dict.fromkeys(ready, area)
        elif ready and board.aircraft("JA"):  # no bombing target: the fighters meet Japan's aircraft
            cover = "UO" if board.carriers("US") else "IS"
            targets = {pid: cover for pid in ready if board.cls(pid).dogfight.full}
        plays = []
        useful = plan_filter(board)
        for pid in brief["plans"]:
            if useful(pid):
                plays.append(pid)
        return Decision(kind=k, targets=targets, forces=tuple(plays))
    if k in ("battle_allocate_hits", "battle_excess_aircraft", "battle_airfield_losses"):
        return _auto(request)
    if k in ("battle_reactive", "battle_first_light"):
        return request.options[0].decision
    raise ValueError(f"the battle sensible policy does not know request {k!r}")


# --- random (soak tests) ---------------------------------------------------------------------------


def randomized(rng: Any) -> Callable[[Request, Game], Decision]:
    """A policy choosing uniformly among legal answers (for soak tests and fuzzing). `rng` is the
    caller's generator (e.g. a test's `random.Random(seed)`): the game's own modules never use
    the random module (DESIGN.md: all game randomness comes from the game's dice)."""

    def policy(request: Request, game: Game) -> Decision:
        k = request.kind
        info = request.info
        if k == "battle_place_ships":
            return Decision(kind=k, targets={s["id"]: rng.choice(("UO", "CO")) for s in info["ships"]})
        if k == "battle_place_subs":
            return Decision(kind=k, targets={s["id"]: rng.choice(info["areas"]) for s in info["subs"]})
        if k == "battle_plans":
            spend = rng.randint(0, min(info["sp"], 3))
            budget = 3 + 3 * spend
            plans = list(info["plans"])
            rng.shuffle(plans)
            bought = []
            for p in plans:
                if p["cost"] <= budget and rng.random() < 0.6:
                    bought.append(p["id"])
                    budget -= p["cost"]
            return Decision(kind=k, count=spend, forces=tuple(bought))
        if k == "battle_air":
            areas = [a for a in AREAS if a not in info["blocked"]] + ["home"]
            targets = {a["id"]: rng.choice(areas) for a in info["aircraft"] if rng.random() < 0.8}
            plays = tuple(p["id"] for p in info["plans"] if rng.random() < 0.5)
            return Decision(kind=k, targets=targets, forces=plays)
        if k == "battle_allocate_hits":
            if rng.random() < 0.3:
                return _auto(request)
            return Decision(kind=k, forces=tuple(random_sequence(info, rng)))
        if k in ("battle_excess_aircraft", "battle_airfield_losses"):
            if rng.random() < 0.3:
                return _auto(request)
            ids = [a["id"] for a in info["aircraft"]]
            return Decision(kind=k, forces=tuple(rng.sample(ids, info["count"])))
        return rng.choice(request.options).decision

    return policy


def alloc_of(info: dict, placed: tuple[str, ...] = ()):
    """The R15 allocation of a `battle_allocate_hits` request's info, with the hits `placed` so
    far taken (engine/battle/hits.Alloc)."""
    from nimitz.engine.battle.hits import Alloc, Target

    targets = [
        Target(
            t["id"], t["kind"], t["cost"], t["damaged"], t["can_take"], (t["id"],), t.get("foxhole", False), t["name"]
        )
        for t in info["targets"]
    ]
    alloc = Alloc(targets, info["foxholes_first"])
    for tid in placed:
        alloc.take(alloc.by_id[tid])
    return alloc


def random_sequence(info: dict, rng: Any) -> list[str]:
    """A random legal R15 placement for a `battle_allocate_hits` request's info."""
    alloc = alloc_of(info)
    out = []
    for _ in range(info["to_place"]):
        legal = alloc.legal()
        ok = alloc.r15_allowed(legal)  # (the targets r15_ok allows, in one pass)
        t = rng.choice(ok)
        alloc.take(t)
        out.append(t.id)
    return out


# --- driving a battle ----------------------------------------------------------------------------


def play_battle(game: Game, area: str, policy, *, on_request=None) -> int:
    """Run `resolve_battle(game, area)` to the end with `policy`; every answer is checked first.
    Returns the number of requests answered."""
    from nimitz.engine.battle import resolve_battle

    gen = resolve_battle(game, area)
    n = 0
    try:
        request = next(gen)
        while True:
            if on_request is not None:
                on_request(request)
            decision = policy(request, game)
            request.check(decision)
            game.log("decision", "US", decision.describe(), {"request": request.kind}, decision=decision)
            n += 1
            request = gen.send(decision)
    except StopIteration:
        return n
