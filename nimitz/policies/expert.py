"""The expert US player (issue 13): plays to win by the year's objectives.

Its heuristics, each a reason a wargamer would give:

- Scouting keeps the JA resupply track low. An objective's first order is an automatic Hold that
  moves the track +4 (R5) unless a scouted Hold came first, and the big fleets in Japan roll last
  (R3), with a modifier that grows with the track (R1). So the expert scouts every objective
  where Japan has forces that will take orders, before anything else.
- Hawaii is guarded against what can reach it: new infantry goes there first (only infantry
  clears a landing), aircraft stay, and the fleet stays home while a Japanese carrier force sits
  next to it (R21: losing Hawaii ends the campaign); new aircraft fly there first while it has
  fewer than two. Once three or more Japanese ground counters gather next to Hawaii (a South,
  East or Offensive order lands them there), two gun ships stay too: in a one-turn battle only
  naval guns and aircraft stop a landing before it reaches the beach.
- Japan's landing on an objective we hold is the target of every aircraft, before its carriers:
  the transports while they carry infantry (each hit is two on the infantry, R14), then the
  infantry ashore. A landing cut short by a one-turn battle leaves a survivor on the beach, and
  one survivor contests the island.
- Near the goal with nothing to spare (one loss gets the commander Replaced, R53; Historical one
  objective away) the line is held first: infantry garrisons, and the idle fleet stands on the
  objective Japan's Offensive order would strike (the closest free objective next to JA forces
  ashore, counted from where Japan's fleets lie).
- Infantry lands only where the landing can win: the fleet attacks only with a landing force,
  where it most outweighs Japan; an objective nobody holds takes one infantry.
- Aircraft and spare infantry reinforce the held objectives Japan threatens most.
- Battle-plan points go where they change a battle: objectives and fleet actions, not skirmishes;
  on a contested island (Japan holds with one survivor) the ground plans come first.
- In 1945 the invasion of Japan is filled early, costliest ships first, to its top level (3
  points for 100 SP of forces, facts 1.13): the year's Historical level needs them.

Where the heuristics are unsure (which objective to attack this turn), the expert player
(`lookahead.ExpertPolicy`) with a look-ahead budget plays the candidates out on copies of the
state with fresh dice and keeps the best. Budget 0 (the lab's cheap setting) uses the heuristics
alone. Every answer comes from the request's own legal choices or is built to pass its checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import define, field

from nimitz.engine.campaign import cls_of, move_problem
from nimitz.model.journal import Decision
from nimitz.policies import campaign as scripted

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request

BASES = ("WC", "HI", "AU")
# How much a force weighs in a fight, by type (a rough rating for massing, not a rule).
WEIGHT = {
    "CV": 4.0,
    "CVL": 2.5,
    "CVE": 1.5,
    "BB": 2.5,
    "CRU": 1.5,
    "DD": 0.7,
    "SS": 0.3,
    "LBA": 1.5,
    "INF": 1.0,
    "BN": 0.5,
}
HAWAII_INF, HAWAII_LBA = 2, 2  # the garrison Hawaii always keeps
# ... and its gun ships while a landing force gathers next to it (naval guns sink transports).
GUARD_SHIPS, LANDING_FORCE = 2, 3
GUN_SHIPS = ("BB", "CRU")
KEEP_SP = 4  # kept back for battle plans
ISLAND_SP = 2  # SP an objective's island fight may spend on plans
ISLAND_PLANS = ("artillery", "charge", "envelop")
FRONT_INF = 2  # infantry a held objective next to Japanese forces ashore keeps
GARRISON = 3  # aircraft, and infantry, a threatened objective should hold
LANDING_INF = 2  # infantry an attack needs (already there or able to sail with the fleet)
ATTACK_MARGIN = 1.3  # our fleet must outweigh Japan's forces at the target by this much


def weight(game: Game, forces) -> float:
    return sum(WEIGHT.get(cls_of(game, f).type, 1.0) * (0.5 if f.damaged else 1.0) for f in forces)


def _type(game: Game, f) -> str:
    return cls_of(game, f).type


# --- resupply --------------------------------------------------------------------------------


def scouting_wanted(game: Game) -> int:
    """Scouting points worth buying: one per objective whose JA forces will take an order."""
    return min(game.data.orders.scouting_cap, len(scout_targets(game)))


def scout_targets(game: Game) -> list[str]:
    """Objectives (not Japan or East Asia) where JA forces will roll orders: ships, or more than
    one INF/LBA counter (a lone one is marked moved, R3). Fewest JA forces first, as JA rolls."""
    state = game.state
    skip = set(game.sheet.special.no_ja_orders_in) | {"JA", "EA"}
    out = []
    for area in game.sheet.objectives:
        if area in skip:
            continue
        ja = state.at(area, "JA")
        ships = sum(1 for f in ja if cls_of(game, f).is_ship)
        ground = sum(1 for f in ja if cls_of(game, f).ashore_type)
        if ships or ground > 1:
            out.append((len(ja), game.data.map.order[area], area))
    return [a for _, _, a in sorted(out)]


def invasion_short(game: Game) -> int:
    """SP of forces the 1945 invasion box still lacks for its best level (0: none needed)."""
    from nimitz.model.state import INVASION

    levels = game.sheet.invasion_points
    if not levels:
        return 0
    have = sum(cls_of(game, f).buy_cost for f in game.state.at(INVASION, "US"))
    return max(0, max(lv.min for lv in levels) - have)


def invasion_ready(game: Game) -> list:
    """Ships in HI or WC that may join the invasion this turn, costliest first."""
    return sorted(
        (
            f
            for f in game.state.forces.values()
            if f.side == "US" and not f.moved and f.location in ("HI", "WC") and cls_of(game, f).is_ship
        ),
        key=lambda f: (-cls_of(game, f).buy_cost, f.id),
    )


def resupply(request: Request, game: Game) -> Decision:
    sp = request.info["sp"]
    opts = request.options
    want = scouting_wanted(game) - request.info["scouting_points"]
    if want > 0 and sp >= 1:
        return Decision("buy_scouting", count=min(want, sp))
    short = invasion_short(game)
    if short:  # 1945: costly ships bought now join the invasion from the West Coast this turn
        from nimitz.engine.campaign import INVASION_LIMIT

        ready = sum(cls_of(game, f).buy_cost for f in invasion_ready(game)[:INVASION_LIMIT])
        ships = [
            o
            for o in opts
            if o.decision.kind == "buy"
            and o.cost <= sp
            and cls_of(game, game.state.forces[o.decision.forces[0]]).is_ship
        ]
        if ready < short and ships and len(invasion_ready(game)) < INVASION_LIMIT:
            return max(ships, key=lambda o: (o.cost, o.decision.forces[0])).decision
    repairs = sorted((o for o in opts if o.decision.kind == "repair"), key=lambda o: (o.cost, o.label))
    if repairs and repairs[0].cost <= sp - KEEP_SP:
        return repairs[0].decision
    buys = [o for o in opts if o.decision.kind == "buy" and o.cost <= sp - KEEP_SP]
    state = game.state
    inf_ready = sum(
        1 for f in state.forces.values() if f.side == "US" and f.location in BASES and _type(game, f) == "INF"
    )

    def rank(o):
        t = _type(game, state.forces[o.decision.forces[0]])
        # Infantry up to a landing force in reserve, then aircraft and carriers, then the rest.
        order = {
            "INF": 0 if inf_ready < 4 else 3,
            "LBA": 1,
            "CV": 2,
            "CVL": 2,
            "BB": 4,
            "CVE": 4,
            "CRU": 5,
            "DD": 6,
            "SS": 7,
        }
        return (order.get(t, 9), o.cost, o.decision.forces[0])

    if buys:
        return min(buys, key=rank).decision
    return Decision("end_resupply")


def scouting(request: Request, game: Game) -> Decision:
    legal = request.info["areas"]
    first = [a for a in scout_targets(game) if a in legal]
    # Then the smallest stacks outside Japan: their scouted orders never move the track (R2).
    rest = sorted(
        (a for a in legal if a not in first and a not in ("JA", "EA")),
        key=lambda a: (len(game.state.at(a, "JA")), game.data.map.order[a]),
    )
    ranked = first + rest or legal
    points = request.info["points"]
    return Decision("scout", areas=tuple(ranked[i % len(ranked)] for i in range(points)))


# --- movement --------------------------------------------------------------------------------


@define
class Situation:
    """What the movement heuristics read, computed once per decision."""

    held: list[str]
    supplied: set[str]
    ja_weight: dict[str, float] = field(factory=dict)
    ja_ships_near_hawaii: int = 0
    ja_carriers_near_hawaii: int = 0
    ja_ground_near_hawaii: int = 0
    ja_ashore: set[str] = field(factory=set)


def situation(game: Game) -> Situation:
    from nimitz.engine.control import ashore_sides, objectives_held, supplied_areas

    state = game.state
    sit = Situation(objectives_held(state, game.data), supplied_areas(state, game.data))
    for f in state.forces.values():
        if f.side == "JA" and f.location in game.data.map.area:
            sit.ja_weight[f.location] = sit.ja_weight.get(f.location, 0.0) + weight(game, [f])
    sides = ashore_sides(state, game.data)
    sit.ja_ashore = {a for a, s in sides.items() if "JA" in s}
    near = set(game.data.map.area["HI"].adjacent) - {"WC"}
    near_ships = [f for f in state.forces.values() if f.side == "JA" and f.location in near and cls_of(game, f).is_ship]
    sit.ja_ships_near_hawaii = len(near_ships)
    sit.ja_carriers_near_hawaii = sum(1 for f in near_ships if _type(game, f) == "CV")
    sit.ja_ground_near_hawaii = sum(
        1 for f in state.forces.values() if f.side == "JA" and f.location in near and cls_of(game, f).ashore_type
    )
    return sit


def targets(game: Game, sit: Situation) -> list[str]:
    """Objectives the US does not hold, in supply reach, lightest Japanese weight first."""
    dist = game.data.map.distances("HI")
    out = [o for o in game.sheet.objectives if o not in sit.held and o in sit.supplied]
    return sorted(out, key=lambda o: (sit.ja_weight.get(o, 0.0), dist.get(o, 99), o))


def threat(game: Game, area: str, sit: Situation) -> float:
    m = game.data.map
    return sit.ja_weight.get(area, 0.0) + sum(sit.ja_weight.get(n, 0.0) for n in m.area[area].adjacent)


def _count(game: Game, area: str, types: tuple[str, ...]) -> int:
    return sum(1 for g in game.state.at(area, "US") if _type(game, g) in types)


def movement(request: Request, game: Game, target: str | None = None) -> Decision:
    """One movement decision. `target`: the objective to attack (None: the heuristics choose;
    "": no attack this turn)."""
    state = game.state
    movable = [state.forces[i] for i in request.info["movable"]]
    special = game.sheet.special
    for f in movable:  # spare submarines raid Japan's reinforcements (-3 each, R18)
        if _type(game, f) == "SS" and f.location in BASES:
            return Decision("raid", forces=(f.id,))
    if special.strategic_bombing and state.sp > KEEP_SP:
        wings = [f.id for f in movable if cls_of(game, f).bomber_wing and f.location == "MA"]
        if wings:
            return Decision("strategic_bombing", forces=(wings[0],))
    if special.invasion_box and invasion_short(game):
        # The invasion of Japan scores up to 3 points (facts 1.13): fill it early, costliest first.
        from nimitz.engine.campaign import INVASION_LIMIT

        room = INVASION_LIMIT - state.invaded_this_turn
        ready = invasion_ready(game)
        if room > 0 and ready:
            return Decision("invade", forces=tuple(f.id for f in ready[:room]))
    sit = situation(game)
    if target is None:
        target = choose_target(game, sit, movable)
    # 0. Hawaii first: only infantry clears a Japanese landing, aircraft and guns strike it before
    # it lands, and losing Hawaii ends it all (R21). Infantry and aircraft come from the West Coast,
    # gun ships from any base.
    guard = ((("INF",), HAWAII_INF), (("LBA",), HAWAII_LBA), (GUN_SHIPS, hawaii_guns(sit)))
    for kinds, need in guard:
        if _count(game, "HI", kinds) < need:
            sent = _send_from_bases(
                game,
                movable,
                sit,
                "HI",
                lambda f, k=kinds: _type(game, f) in k and (k == GUN_SHIPS or f.location == "WC"),
            )
            if sent:
                return sent
    # 1. Objectives nobody holds and Japan has no force in: one infantry walks in.
    for obj in targets(game, sit):
        if sit.ja_weight.get(obj) or _count(game, obj, ("INF", "BN")):
            continue
        for f in movable:
            if _type(game, f) == "INF" and _can_leave(game, f, sit) and move_problem(game, f, obj) is None:
                return Decision("move", forces=(f.id,), area=obj)
    # 1b. The front line gets an infantry garrison: Japan's Offensive lands up to 3 INF there.
    front = front_line(game, sit) if on_the_brink(game, sit) else []
    for obj in front:
        if _count(game, obj, ("INF",)) >= FRONT_INF:
            continue
        sent = _send_from_bases(game, movable, sit, obj, lambda f: _type(game, f) == "INF")
        if sent:
            return sent
    # 2. The attack: the fleet masses on the target with a landing force.
    if target:
        landing = _count(game, target, ("INF", "BN"))
        for f in movable:
            c = cls_of(game, f)
            wanted = c.is_ship or (c.type == "INF" and landing < 3)
            if wanted and f.location in BASES and _can_leave(game, f, sit) and move_problem(game, f, target) is None:
                return Decision("move", forces=(f.id,), area=target)
    # 2b. No attack: the fleet stands on the front objective Japan threatens most.
    if not target and front:
        sent = _send_from_bases(game, movable, sit, front[0], lambda f: cls_of(game, f).is_ship)
        if sent:
            return sent
    # 3. Aircraft and spare infantry reinforce threatened held objectives.
    posts = sorted(
        (-threat(game, a, sit), game.data.map.order[a], a) for a in sit.held if a != "HI" and threat(game, a, sit) > 0
    )
    for f in movable:
        t = _type(game, f)
        if t not in ("LBA", "INF") or f.location not in BASES or not _can_leave(game, f, sit):
            continue
        kinds = ("LBA",) if t == "LBA" else ("INF", "BN")
        for _, _, area in posts:
            if _count(game, area, kinds) < GARRISON and move_problem(game, f, area) is None:
                return Decision("move", forces=(f.id,), area=area)
    # 4. New aircraft on the West Coast fly on to Hawaii.
    for f in movable:
        if _type(game, f) == "LBA" and f.location == "WC" and move_problem(game, f, "HI") is None:
            return Decision("move", forces=(f.id,), area="HI")
    return Decision("end_movement")


def _send_from_bases(game: Game, movable, sit: Situation, area: str, wanted) -> Decision | None:
    """Move the first wanted force waiting at a base (and free to leave it) to `area`."""
    for f in movable:
        ready = wanted(f) and f.location in BASES and f.location != area and _can_leave(game, f, sit)
        if ready and move_problem(game, f, area) is None:
            return Decision("move", forces=(f.id,), area=area)
    return None


def on_the_brink(game: Game, sit: Situation) -> bool:
    """Near the goal with nothing to spare: one objective lost would get the commander Replaced
    (R53) and Historical is at most one objective away, so keeping what we hold comes first."""
    held = len(sit.held)
    replaced_by_one_loss = held - 1 <= game.sheet.replaced_max and held - 1 < game.state.held_at_start
    historical = next(e.min for e in game.sheet.evaluation if e.name == "Historical")
    return replaced_by_one_loss and historical - held <= 1


def front_line(game: Game, sit: Situation) -> list[str]:
    """Held objectives next to an area where Japan is ashore: where Japan's Offensive and Sortie
    orders land (procedures: the closest objective adjacent to JA forces ashore). Most
    threatened first; Hawaii keeps its own guard (_can_leave)."""
    m = game.data.map
    out = [a for a in sit.held if a != "HI" and any(n in sit.ja_ashore for n in m.area[a].adjacent)]
    aimed = offensive_weight(game, sit, out)
    return sorted(out, key=lambda a: (-aimed.get(a, 0.0) - threat(game, a, sit), m.order[a], a))


def offensive_weight(game: Game, sit: Situation, front: list[str]) -> dict[str, float]:
    """For each front objective, the weight of the JA fleets whose Offensive order would land
    there: the closest free objective next to JA forces ashore, counted from where they lie
    (procedures: Offensive; ties share the weight)."""
    m = game.data.map
    out: dict[str, float] = {}
    for area in sorted(sit.ja_weight):
        ships = [f for f in game.state.at(area, "JA") if cls_of(game, f).is_ship]
        if not ships or not front:
            continue
        dist = m.distances(area, avoid_home="US")
        reach = [a for a in front if a in dist]
        if not reach:
            continue
        best = min(dist[a] for a in reach)
        closest = [a for a in reach if dist[a] == best]
        for a in closest:
            out[a] = out.get(a, 0.0) + weight(game, ships) / len(closest)
    return out


def hawaii_guns(sit: Situation) -> int:
    """Gun ships Hawaii keeps: GUARD_SHIPS once a landing force (three or more Japanese ground
    counters) sits next to it, ready to land at the next JA Orders; else none."""
    return GUARD_SHIPS if sit.ja_ground_near_hawaii >= LANDING_FORCE else 0


def _can_leave(game: Game, f, sit: Situation) -> bool:
    """Hawaii keeps its garrison, and its fleet while a Japanese carrier force is next to it."""
    if f.location != "HI":
        return True
    t = _type(game, f)
    if t == "INF":
        return _count(game, "HI", ("INF",)) > HAWAII_INF
    if t == "LBA":
        return _count(game, "HI", ("LBA",)) > HAWAII_LBA
    if t in GUN_SHIPS and _count(game, "HI", GUN_SHIPS) <= hawaii_guns(sit):
        return False
    if cls_of(game, f).is_ship:
        return sit.ja_ships_near_hawaii < 3 or not sit.ja_carriers_near_hawaii
    return True


def choose_target(game: Game, sit: Situation, movable) -> str | None:
    """The lightest-held objective our available fleet outweighs by the margin, if any."""
    fleet = [f for f in movable if cls_of(game, f).is_ship and f.location in BASES and _can_leave(game, f, sit)]
    ours = weight(game, fleet)
    landing = sum(1 for f in movable if _type(game, f) == "INF" and f.location in BASES and _can_leave(game, f, sit))
    best, best_odds = None, 0.0
    for obj in targets(game, sit):
        ja = sit.ja_weight.get(obj, 0.0)
        if not ja or landing + _count(game, obj, ("INF",)) < LANDING_INF:
            continue  # ships alone never take an island
        odds = (ours + weight(game, game.state.at(obj, "US"))) / (ATTACK_MARGIN * ja + 2)
        if odds >= 1 and odds > best_odds:  # the surest win, not merely the lightest-held island
            best, best_odds = obj, odds
    return best


# --- battles ---------------------------------------------------------------------------------


def battle_plans(request: Request, game: Game) -> Decision:
    """Spend SP on plans where the battle matters: an objective, or carriers on either side."""
    from nimitz.policies import battle

    board = battle._board(game)
    area = game.state.battle.area if game.state.battle else ""
    island = any(board.cls(p).is_ground for p in board.ids("JA")) and any(
        board.cls(p).is_ground for p in board.ids("US")
    )
    matters = area in game.sheet.objectives or (board.carriers("US") and board.carriers("JA"))
    sp = request.info["sp"]
    spend = min(ISLAND_SP if island else 2, sp // 3) if matters else 0
    budget = request.info["free_bpp"] + request.info["bpp_per_sp"] * spend
    costs = {p["id"]: p["cost"] for p in request.info["plans"]}
    bought = []
    # On a contested island one JA survivor keeps it from us: the ground plans come first.
    priority = ISLAND_PLANS + battle.PLAN_PRIORITY if island else battle.PLAN_PRIORITY
    useful = battle.plan_filter(board)
    ground = battle.ground_fight_possible(board)  # a one-turn battle ends before the infantry land
    for pid in dict.fromkeys(priority):
        if not ground and pid in battle.GROUND_PLANS:
            continue
        if pid in costs and costs[pid] <= budget and useful(pid):
            bought.append(pid)
            budget -= costs[pid]
    return Decision(kind="battle_plans", count=spend if bought else 0, forces=tuple(bought))


def landing_area(board, blocked: list[str], game: Game) -> str | None:
    """Where Japan's landing on an objective we hold can be struck this air step: its transports
    in the Coastal area while they carry infantry (each hit is two on the infantry, R14), else its
    infantry ashore (we hold the island, so our bombers may aim at them). None: no such landing."""
    from nimitz.engine.battle.hits import transport_target

    area = game.state.battle.area if game.state.battle else ""
    if area not in game.sheet.objectives or not board.holds_island("US"):
        return None
    if "CO" not in blocked and transport_target(board, "JA") is not None:
        return "CO"
    if "IS" not in blocked and board.ashore("JA"):
        return "IS"
    return None


def battle_air(request: Request, game: Game) -> Decision:
    """Every aircraft strikes Japan's landing on an objective we hold before anything else: one
    Japanese infantry left ashore contests the island, and a contested Hawaii ends the campaign
    (R21). Otherwise the sensible choice: carriers, then ships, then the island. Plans that
    cannot act this turn are kept for later (policies/battle.py, expert_air)."""
    from nimitz.policies import battle

    chosen = battle.expert_air(request, game)
    target = landing_area(battle._board(game), request.info["blocked"], game)
    if target is None:
        return chosen
    aircraft = {a["id"]: target for a in request.info["aircraft"]}
    return Decision(kind=request.kind, targets=aircraft, forces=chosen.forces)


def heuristic(request: Request, game: Game) -> Decision:
    """The expert's heuristics alone (look-ahead budget 0)."""
    k = request.kind
    if k == "resupply":
        return resupply(request, game)
    if k == "scouting":
        return scouting(request, game)
    if k == "movement":
        return movement(request, game)
    if k == "battle_plans":
        return battle_plans(request, game)
    if k == "battle_air":
        return battle_air(request, game)
    return scripted.sensible(request, game)  # bombing targets, battle order, the battle itself


def reason(request: Request, game: Game, decision: Decision) -> str:
    """One line: why the heuristics chose this."""
    k = decision.kind
    if k == "buy_scouting":
        return (
            "scouting points for "
            + ", ".join(scout_targets(game)[:6])
            + ": a scouted Hold there does not move the JA track (R2, R5)"
        )
    if k == "scout":
        return "scouted Holds in objectives keep the JA track low before Japan's fleets roll (R1-R5)"
    if k == "buy":
        return f"reinforcements: {game.state.forces[decision.forces[0]].name}"
    if k == "repair":
        return f"repair {game.state.forces[decision.forces[0]].name} while SP allow"
    if k == "move":
        area = decision.area
        if area in game.sheet.objectives and not game.state.at(area, "JA"):
            return f"{area} is an open objective or one to hold"
        return f"mass on {area}: the lightest-held objective our fleet outweighs"
    if k == "raid":
        return "a raiding submarine cuts Japan's reinforcement roll by 3 (R18)"
    if k == "strategic_bombing":
        return (
            f"{game.state.forces[decision.forces[0]].name} bombs Japan: each bomber wing in the box sends "
            "a Japanese force from the top of a stack back to its reinforcement box"
        )
    if k == "invade":
        ships = decision.forces
        names = " and ".join(game.state.forces[f].name for f in ships) if len(ships) <= 2 else f"{len(ships)} ships"
        return (
            f"{names} join the invasion of Japan: the box is {invasion_short(game)} buy cost short "
            "of its best score (3 objectives)"
        )
    if k == "battle":
        return f"battles in the order offered: {decision.area} first"
    if k == "end_movement":
        return "nothing more worth moving: Hawaii keeps its garrison"
    if k == "end_resupply":
        return "keep the rest for battle plans"
    if k == "battle_plans":
        return "plans where the battle matters" if decision.forces else "no plan worth buying"
    if k == "battle_air" and _strikes_landing(request, game):
        return "every aircraft strikes the landing: one Japanese infantry left ashore contests the island"
    return REASONS.get(k, "the first choice offered")


def _strikes_landing(request: Request, game: Game) -> bool:
    from nimitz.policies import battle

    return landing_area(battle._board(game), request.info["blocked"], game) is not None


REASONS = {  # the reasons of the answers the expert takes from the sensible battle player
    "bombing_target": "the costliest Japanese force in Japan goes back to its pool",
    "battle_place_ships": "ships close in against an island, stay in the ocean against carriers",
    "battle_place_subs": "submarines where Japan has the most ships",
    "battle_air": "bombers at the best targets: carriers, then ships, then the island; plans that "
    "cannot act this turn are kept",
    "battle_first_light": "First Light when it can strike first",
    "battle_allocate_hits": "hits on the lowest values first, as the rule places them (R15)",
    "battle_excess_aircraft": "damaged aircraft go first, then the lowest values",
    "battle_airfield_losses": "damaged aircraft go first, then the lowest values",
    "battle_reactive": "a reactive plan is used when it is offered",
    "battle_ja_tie": "the damaged Japanese force: one more hit sinks it",
}
