"""The campaign-level scripted US players. Battle requests go to nimitz.policies.battle.

- passive: spends nothing, moves nothing, fights every battle with the battle passive policy.
- sensible: repairs, buys infantry, aircraft and ships, scouts where Japan is strongest near
  the front, sends task forces with infantry at the weakest Japanese-held objective, keeps
  Hawaii garrisoned, raids with spare subs, and fights with the battle sensible policy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimitz.engine.campaign import cls_of, move_problem
from nimitz.model.journal import Decision

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request

CAMPAIGN_KINDS = ("resupply", "scouting", "movement", "bombing_target", "battle_order")


def _first_option(request: Request) -> Decision:
    return request.options[0].decision


def passive(request: Request, game: Game) -> Decision:
    if request.kind == "resupply":
        return Decision("end_resupply")
    if request.kind == "movement":
        return Decision("end_movement")
    if request.kind == "scouting":
        return Decision("scout", areas=tuple(request.info["areas"][0] for _ in range(request.info["points"])))
    if request.kind in ("bombing_target", "battle_order"):
        return _first_option(request)
    from nimitz.policies import battle

    return battle.passive(request, game)


# --- sensible --------------------------------------------------------------------------------

KEEP_SP = 3  # kept back for battle plans


def _resupply(request: Request, game: Game) -> Decision:
    sp = request.info["sp"]
    opts = request.options
    repairs = sorted((o for o in opts if o.decision.kind == "repair"), key=lambda o: o.cost)
    if repairs and repairs[0].cost <= sp - KEEP_SP:
        return repairs[0].decision
    if request.info["scouting_points"] < 2 and sp - KEEP_SP >= 1:
        return Decision("buy_scouting", count=1)
    buys = [o for o in opts if o.decision.kind == "buy" and o.cost <= sp - KEEP_SP]

    def rank(o):
        c = cls_of(game, game.state.forces[o.decision.forces[0]])
        order = {"INF": 0, "LBA": 1, "CV": 2, "CVL": 2, "CVE": 3, "BB": 4, "CRU": 5, "DD": 6, "SS": 7}
        return (order.get(c.type, 9), o.cost, o.decision.forces[0])

    if buys:
        return min(buys, key=rank).decision
    return Decision("end_resupply")


def _scouting(request: Request, game: Game) -> Decision:
    areas = [a for a in request.info["areas"] if a not in ("JA", "EA")] or request.info["areas"]
    areas.sort(key=lambda a: (-len(game.state.at(a, "JA")), game.data.map.order[a]))
    points = request.info["points"]
    return Decision("scout", areas=tuple(areas[i % len(areas)] for i in range(points)))


def _target(game: Game, held: list[str]) -> str | None:
    """The objective not held by the US with the fewest JA forces (nearest HI on ties)."""
    dist = game.data.map.distances("HI")
    open_ = [o for o in game.sheet.objectives if o not in held]
    if not open_:
        return None
    return min(open_, key=lambda o: (len(game.state.at(o, "JA")), dist.get(o, 99), o))


def _threats(game: Game, held: list[str]) -> dict[str, int]:
    """For each held objective, the JA forces in it and next to it: how exposed it is."""
    m = game.data.map
    ja: dict[str, int] = {}
    for f in game.state.forces.values():
        if f.side == "JA":
            ja[f.location] = ja.get(f.location, 0) + 1
    return {a: ja.get(a, 0) + sum(ja.get(n, 0) for n in m.area[a].adjacent) for a in held}


class _UsTypes:
    """How many US forces of each type stand in an area, counted once per area for one
    decision (the search below asks the same areas again and again; nothing moves meanwhile)."""

    def __init__(self, game: Game):
        self.game = game
        self.areas: dict[str, dict[str, int]] = {}

    def count(self, area: str, kinds: tuple[str, ...]) -> int:
        types = self.areas.get(area)
        if types is None:
            types = self.areas[area] = {}
            for g in self.game.state.at(area, "US"):
                t = cls_of(self.game, g).type
                types[t] = types.get(t, 0) + 1
        return sum(types.get(k, 0) for k in kinds)


def _garrison_post(game: Game, f, kind: tuple[str, ...], threats: dict[str, int], us: _UsTypes) -> str | None:
    """The threatened held objective that most needs another force of this kind."""
    posts = []
    for area, threat in threats.items():
        if not threat or area == f.location:
            continue
        mine = us.count(area, kind)
        if mine < 3 and move_problem(game, f, area) is None:
            posts.append((mine, -threat, game.data.map.order[area], area))
    return min(posts)[3] if posts else None


def _movement(request: Request, game: Game) -> Decision:
    from nimitz.engine.control import objectives_held

    state = game.state
    held = objectives_held(state, game.data)
    threats = _threats(game, held)
    us = _UsTypes(game)
    movable = [state.forces[i] for i in request.info["movable"]]
    target = _target(game, held)
    bases = ("WC", "HI", "AU")
    for f in movable:  # spare submarines raid Japan's reinforcements (-3 each)
        if cls_of(game, f).type == "SS" and f.location in bases:
            return Decision("raid", forces=(f.id,))
    special = game.sheet.special
    if special.strategic_bombing and state.sp > KEEP_SP:  # B-29s in MA bomb Japan's stacks
        for f in movable:
            if cls_of(game, f).bomber_wing and f.location == "MA":
                return Decision("strategic_bombing", forces=(f.id,))
    if special.invasion_box and state.turn >= game.sheet.turns - 1:
        # The last turns: the costliest forces waiting at the bases join the invasion of Japan.
        from nimitz.engine.campaign import INVASION_LIMIT

        room = INVASION_LIMIT - state.invaded_this_turn
        ready = sorted(
            (f for f in movable if f.location in ("WC", "HI") and cls_of(game, f).is_ship),
            key=lambda f: (-cls_of(game, f).buy_cost, f.id),
        )
        if room > 0 and ready:
            return Decision("invade", forces=tuple(f.id for f in ready[:room]))
    if target and us.count(target, ("INF", "BN")) < 3:  # the attack needs troops to hold what it takes
        for f in movable:
            if (
                f.location in bases
                and cls_of(game, f).type == "INF"
                and f.location != "HI"
                and move_problem(game, f, target) is None
            ):
                return Decision("move", forces=(f.id,), area=target)
    for f in movable:  # aircraft and troops at the bases reinforce threatened objectives
        c = cls_of(game, f)
        if f.location not in bases or c.type not in ("LBA", "INF", "BN"):
            continue
        if f.location == "HI" and us.count("HI", (c.type,)) <= 2:
            continue  # Hawaii must stay held (R21)
        post = _garrison_post(game, f, ("LBA",) if c.type == "LBA" else ("INF", "BN"), threats, us)
        if post:
            return Decision("move", forces=(f.id,), area=post)
    if target:  # the fleet and the rest of the infantry go for the weakest open objective
        for f in movable:
            c = cls_of(game, f)
            if f.location not in bases or not (c.is_ship or c.type == "INF"):
                continue
            if f.location == "HI" and c.type == "INF" and us.count("HI", ("INF",)) <= 2:
                continue
            if move_problem(game, f, target) is None:
                return Decision("move", forces=(f.id,), area=target)
    for f in movable:  # new aircraft on the West Coast fly on to Hawaii
        if cls_of(game, f).type == "LBA" and f.location == "WC" and move_problem(game, f, "HI") is None:
            return Decision("move", forces=(f.id,), area="HI")
    return Decision("end_movement")


def sensible(request: Request, game: Game) -> Decision:
    if request.kind == "resupply":
        return _resupply(request, game)
    if request.kind == "scouting":
        return _scouting(request, game)
    if request.kind == "movement":
        return _movement(request, game)
    if request.kind == "bombing_target":
        ja = [game.state.forces[o.decision.forces[0]] for o in request.options]
        best = max(ja, key=lambda f: (cls_of(game, f).buy_cost, f.id))
        return Decision("bombing_target", forces=(best.id,))
    if request.kind == "battle_order":
        return _first_option(request)
    from nimitz.policies import battle

    return battle.sensible(request, game)


POLICIES = {"passive": passive, "sensible": sensible}
