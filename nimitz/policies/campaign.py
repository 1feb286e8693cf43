"""The campaign-level scripted US players. Battle requests go to nimitz.policies.battle.

- passive: spends nothing, moves nothing, fights every battle with the battle passive policy.
- sensible: repairs, buys infantry, aircraft and ships, scouts where Japan is strongest near
  the front, sends task forces with infantry at the weakest Japanese-held objective, keeps
  Hawaii garrisoned, raids with spare subs, and fights with the battle sensible policy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nimitz.engine import variants
from nimitz.engine.campaign import cls_of, move_problem
from nimitz.engine.control import ALWAYS_HELD, holding_classes, objectives_held
from nimitz.model.data import SHIP_TYPES
from nimitz.model.journal import Decision
from nimitz.model.state import BOMBING, US_POOL
from nimitz.policies import battle

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Option, Request
    from nimitz.model.data import CounterClass
    from nimitz.model.state import Force

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
    return battle.passive(request, game)


# --- sensible --------------------------------------------------------------------------------

KEEP_SP = 3  # kept back for battle plans
BUY_ORDER = {"INF": 0, "LBA": 1, "CV": 2, "CVL": 2, "CVE": 3, "BB": 4, "CRU": 5, "DD": 6, "SS": 7}  # first bought first


_BUY_SCOUTING = Decision("buy_scouting", count=1)  # (frozen: the same answer every time)
_END_RESUPPLY = Decision("end_resupply")


def _resupply(request: Request, game: Game) -> Decision:
    info = request.info
    spare = info["sp"] - KEEP_SP
    # The cheapest repair (the first, on ties). The options offered are the end, the purchases,
    # the repairs and the scouting points, in that order (engine: resupply): the repairs are
    # looked for from the end, without going through the purchases
    cheapest: Option | None = None
    for o in reversed(request.options):
        kind = o.decision.kind
        if kind == "repair":
            if cheapest is None or o.cost <= cheapest.cost:
                cheapest = o
        elif kind != "buy_scouting":
            break
    if cheapest is not None and cheapest.cost <= spare:
        return cheapest.decision
    if info["scouting_points"] < 2 and spare >= 1:  # a scouting point comes before any buy
        return _BUY_SCOUTING
    return _Purchases.of(game).best(spare)


class _Purchases:
    """The forces in the US pool ranked for buying (by type in BUY_ORDER, then cost, then id),
    made at a resupply step's first request and kept with the state for the step's others
    (a purchase is offered for each force in the pool: the best affordable one is the first of
    these that is still there and costs at most what may be spent). Within the step forces only
    leave the pool, bought: those gone are passed over. The list is told by its year and turn,
    and by the pool's size, which must be that of its forces still there (the player's last
    purchase taken out): another player's purchase makes them differ, and it is made again.
    Checked against the options' own ranking at every purchase in
    tests/test_policy_speed_purchases.py."""

    KEY = "sensible: purchases"

    def __init__(self, game: Game) -> None:
        state = game.state
        self.step = (state.year, state.turn)
        cls = game.sheet.cls
        ranked = []
        for f in state.at(US_POOL, "US"):
            c = cls[f.cls]
            ranked.append((BUY_ORDER.get(c.type, 9), c.buy_cost, f.id, f))
        ranked.sort()  # (the ids differ: no two forces compared)
        self.ranked = ranked
        self.in_pool = len(ranked)  # how many of them are still in the pool
        self.bought: Force | None = None  # the force of the player's last answer

    @classmethod
    def of(cls, game: Game) -> _Purchases:
        state = game.state
        kept = state.kept()
        purchases: _Purchases | None = kept.get(cls.KEY)
        if purchases is not None and purchases.step == (state.year, state.turn):
            bought = purchases.bought
            if bought is not None:
                if bought.location != US_POOL:  # the last answer was carried out
                    purchases.in_pool -= 1
                purchases.bought = None
            if state.count(US_POOL, "US") == purchases.in_pool:
                return purchases
        purchases = kept[cls.KEY] = cls(game)
        return purchases

    def best(self, spare: int) -> Decision:
        """Buy the best force still in the pool that costs at most `spare` SP, if any."""
        ranked = self.ranked
        while ranked and ranked[0][3].location != US_POOL:
            del ranked[0]  # bought: not passed over again
        for _, cost, fid, f in ranked:
            if cost <= spare and f.location == US_POOL:
                self.bought = f
                return Decision("buy", forces=(fid,))
        return _END_RESUPPLY


def _scouting(request: Request, game: Game) -> Decision:
    areas = [a for a in request.info["areas"] if a not in ("JA", "EA")] or request.info["areas"]
    areas.sort(key=lambda a: (-game.state.count(a, "JA"), game.data.map.order[a]))
    points = request.info["points"]
    return Decision("scout", areas=tuple(areas[i % len(areas)] for i in range(points)))


def _target(game: Game, held: list[str]) -> str | None:
    """The objective not held by the US with the fewest JA forces (nearest HI on ties)."""
    dist = game.data.map.distances("HI")
    open_ = [o for o in game.sheet.objectives if o not in held]
    if not open_:
        return None
    state = game.state
    return min(open_, key=lambda o: (state.count(o, "JA"), dist.get(o, 99), o))


def _threats(game: Game, held: list[str]) -> dict[str, int]:
    """For each held objective, the JA forces in it and next to it: how exposed it is."""
    areas = game.data.map.area
    count = game.state.count
    threats = {}
    for a in held:  # (loops: a generator's sum costs a call a neighbour)
        threat = count(a, "JA")
        for n in areas[a].adjacent:
            threat += count(n, "JA")
        threats[a] = threat
    return threats


def _japan_around(game: Game, held: list[str]) -> tuple[str | None, list[tuple[str, int]]]:
    """The target, and the held objectives Japan threatens (with how much): they read only
    the held objectives and where Japan's forces are, so the state keeps them while those stand
    (Japan does not move while the US moves)."""
    state = game.state
    inputs = (tuple(held), state.side_clock("JA"))
    kept = state.kept()
    last = kept.get("sensible: target and threats")
    if last is None or last[0] != inputs:
        threatened = [(area, threat) for area, threat in _threats(game, held).items() if threat]
        last = kept["sensible: target and threats"] = (inputs, (_target(game, held), threatened))
    return last[1]


def _us_types(game: Game) -> Callable[[str], dict[str, int]]:
    """How many US forces of each type stand in an area (the search below asks the same areas
    again and again: the state keeps the counts of each area until a force there moves)."""
    key = ("US types", game.data.fingerprint, game.state.year)
    cls = game.sheet.cls

    def types(us: list[Force]) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in us:
            t = cls[g.cls].type
            out[t] = out.get(t, 0) + 1
        return out

    summary = game.state.summary
    return lambda area: summary(area, key, types, "US")


# A threatened objective open to one more force of a kind, ranked by need: (how many of the
# kind are there, minus the threat, the area's place in the map's order, the area)
Post = tuple[int, int, int, str]


def _open_posts(
    game: Game, us_types: Callable[[str], dict[str, int]], threatened: list[tuple[str, int]]
) -> dict[str, list[Post]]:
    """The threatened objectives with fewer than 3 aircraft ("LBA"), and with fewer than 3
    troops ("troops": INF and BN), each kind's ranked by need: the fewest of the kind there,
    then the most threatened, then the map's order."""
    order = game.data.map.order
    aircraft_posts, troop_posts = [], []
    for area, threat in threatened:
        types = us_types(area)
        if (aircraft := types.get("LBA", 0)) < 3:
            aircraft_posts.append((aircraft, -threat, order[area], area))
        if (troops := types.get("INF", 0) + types.get("BN", 0)) < 3:
            troop_posts.append((troops, -threat, order[area], area))
    aircraft_posts.sort()
    troop_posts.sort()
    return {"LBA": aircraft_posts, "troops": troop_posts}


def _garrison_post(game: Game, f: Force, open_posts: list[Post]) -> str | None:
    """The threatened held objective that most needs another force of this kind: the first of
    `open_posts` (ranked by need) it may move to. (Ranked once for every force that asks, and
    legality asked only until one passes.)"""
    for post in open_posts:
        area = post[3]
        if area != f.location and move_problem(game, f, area) is None:
            return area
    return None


BASES = ("WC", "HI", "AU")
GARRISONS = ("LBA", "INF", "BN")  # the types that hold a threatened objective
Kind = tuple[str, str, bool]  # a garrison's place, type and Australian flag: what move_problem reads of it


class _MovementStep:
    """What the sensible player works out at a movement step's first request and keeps with
    the state for the step's others. Between two requests only the forces a decision named
    have moved, each now marked moved and gone from `movable` (engine: movement): the movable
    forces at the bases stand without them, and the target and threats (from the objectives
    held) stand while those were not forces that hold ground (INF, BN, LBA), or were the player's
    own that left the objectives held as they were (_keeps_control). The step is told
    by its turn and its `lba_bases`, a list made when it begins."""

    KEY = "sensible: movement step"

    def __init__(self, request: Request, game: Game):
        state = game.state
        self.step = (state.year, state.turn, state.lba_bases)
        self.movable = len(request.info["movable"])
        self.sent: tuple[str, ...] = ()  # the forces of the player's last answer
        self.sent_from: str | None = None  # where it stood, if it was one
        self.holding = holding_classes(state, game.data)
        movable = set(request.info["movable"])
        cls = game.sheet.cls
        # the movable forces at the bases, with their classes, by id in the order of `movable`
        # (the forces' own). (Found from the bases' own lists: most movable forces are elsewhere.)
        based: dict[str, tuple[Force, CounterClass]] = {
            f.id: (f, cls[f.cls]) for f in state.at_any(BASES, "US") if f.id in movable
        }
        self.based = based
        # Those each search of _next_move goes through, so that it passes over no others: the
        # submarines, the infantry away from Hawaii (to hold the target), the infantry and ships
        # (the fleet), the aircraft on the West Coast (flown on to Hawaii), and those that may
        # garrison a threatened objective, each with its kind: its place, type and flag (what
        # move_problem reads of it). The garrisons are also filed by kind, each with its place
        # in `based`: forces of a kind find the same post, so the search asks only for the first
        # of each kind that is free to move (garrison_order, kept until a garrison moves).
        # (Sorted out in one loop: a comprehension for each would go through them all again.)
        self.subs: dict[str, tuple[Force, CounterClass]] = {}
        self.landing: dict[str, tuple[Force, CounterClass]] = {}
        self.fleet: dict[str, tuple[Force, CounterClass]] = {}
        self.ferried: dict[str, tuple[Force, CounterClass]] = {}
        self.garrisons: dict[str, tuple[Force, CounterClass, Kind]] = {}
        self.kinds: dict[Kind, list[tuple[int, Force, CounterClass]]] = {}
        for position, (i, fc) in enumerate(based.items()):
            f, c = fc
            t = c.type
            if t == "SS":
                self.subs[i] = fc
            if t == "INF" and f.location != "HI":
                self.landing[i] = fc
            if t == "INF" or t in SHIP_TYPES:
                self.fleet[i] = fc
            if t == "LBA" and f.location == "WC":
                self.ferried[i] = fc
            if t in GARRISONS:
                kind = (f.location, t, c.australian)
                self.garrisons[i] = (f, c, kind)
                self.kinds.setdefault(kind, []).append((position, f, c))
        self.roles = (based, self.subs, self.landing, self.fleet, self.ferried, self.garrisons)
        self.order: list[tuple[int, Kind, Force, CounterClass]] | None = None
        self.around: tuple[str | None, list[tuple[str, int]]] | None = None  # _japan_around's answer
        self.held: list[str] = []  # the objectives held it was worked out for (see _keeps_control)
        self.cls = cls
        self.us_types = _us_types(game)
        self.counted: dict[str, dict[str, int]] = {}  # see types_at
        # _open_posts's answer for `posts_around`, the areas it counted forces in, and the
        # garrison kinds that found none of those posts open to them, with Japan's clock then;
        # all as the forces stood at the location clock `clock` (see garrison_posts)
        self.posts: dict[str, list[Post]] | None = None
        self.posts_around: tuple[str | None, list[tuple[str, int]]] | None = None
        self.posts_areas: set[str] = set()
        self.no_post: set[Kind] = set()
        self.no_post_japan = state.side_clock("JA")
        self.clock = state.clock()

    def garrison_posts(self, game: Game) -> tuple[dict[str, list[Post]], set[Kind]]:
        """The open posts (_open_posts for the threats `around`) and the garrison kinds (place,
        type, flag: all move_problem reads of an unmoved force) that found none of them open,
        for the caller to add to.

        The posts are kept while the threats stand and no force arrived at, left, embarked or
        landed at a threatened objective (the only places they count forces at); counted again
        to the same posts, the kept ones stay. The kinds find none while the posts stand (where
        their airfields are counted), Japan's forces stay put (infantry may not leave an area
        that holds them) and no wing entered or left the bombing box (whose wings keep MA's
        airfield); the step's LBA bases are fixed. (The location clock says where forces moved;
        the step lives in the location index's `kept`, so a new index, whose clock starts
        again, starts a new step.) Both are checked against a fresh count after every move in
        tests/test_campaign_speed_posts.py."""
        state = game.state
        around = self.around
        assert around is not None
        self.clock, touched = state.touched_since(self.clock)
        posts = self.posts
        stale = posts is None or self.posts_around is not around
        areas = self.posts_areas
        for area in touched:
            if area in areas:
                stale = True
            elif area == BOMBING:
                self.no_post = set()
        if stale:
            threatened = around[1]
            counted = _open_posts(game, self.types_at, threatened)
            if counted != posts:
                posts = self.posts = counted
                self.no_post = set()
            if self.posts_around is not around:  # (else the same areas)
                self.posts_around = around
                self.posts_areas = {area for area, _ in threatened}
        japan = state.side_clock("JA")
        if japan != self.no_post_japan:
            self.no_post, self.no_post_japan = set(), japan
        assert posts is not None
        return posts, self.no_post

    def types_at(self, area: str) -> dict[str, int]:
        """How many US forces of each type stand in an area: counted once a step (us_types),
        then kept up to date with the player's own moves, one force at a time (_moved), as a
        count made again after each move of a force from Hawaii would cost; forgotten when some
        other force moved. Checked against a fresh count after every move in
        tests/test_policy_speed_types.py."""
        counted = self.counted.get(area)
        if counted is None:
            counted = self.counted[area] = dict(self.us_types(area))  # (a copy: the state's is shared)
        return counted

    def garrison_order(self, game: Game) -> list[tuple[int, Kind, Force, CounterClass]]:
        """Each garrison kind's first force that is free to move, in the order of `based`, with
        its place there: the search goes through these alone, as going through every garrison
        would find (the kind's tests come out the same for each of its forces, and one that
        cannot move was passed over, the next of its kind asked). Kept until a garrison moves,
        in a game without optional rules (only their events stop a force)."""
        order = self.order
        if order is None or game.state.variant is not None:
            order = []
            for kind, members in self.kinds.items():
                for position, f, c in members:
                    if not variants.cannot_move(game, f):
                        order.append((position, kind, f, c))
                        break
            order.sort()  # (by place: no two the same)
            self.order = order
        return order

    @classmethod
    def of(cls, request: Request, game: Game) -> _MovementStep:
        """The step's memo, brought up to date with the moves made since the last request."""
        state = game.state
        kept = state.kept()
        step: _MovementStep | None = kept.get(cls.KEY)
        if step is None or step.step[2] is not state.lba_bases or step.step[:2] != (state.year, state.turn):
            step = kept[cls.KEY] = cls(request, game)
            return step
        movable = len(request.info["movable"])
        if movable != step.movable:
            step._moved(game, step.movable - movable)
            step.movable = movable
        return step

    def _moved(self, game: Game, count: int) -> None:
        """Take out the `count` forces that have moved since the last request."""
        forces = game.state.forces
        moved: list[Force] | None = None
        if count == len(self.sent):  # the last answer was carried out, if its forces moved...
            moved = []
            for i in self.sent:  # (loops, not comprehensions: a call each, at every request)
                f = forces[i]
                if not f.moved:
                    moved = None
                    break
                moved.append(f)
        one_sent = False  # whether the player's answer moved one force
        if moved is not None and len(moved) == 1 and self.sent_from is not None:
            one_sent = True
            f = moved[0]  # the player's force moved: the counts of where it left and went
            t = self.cls[f.cls].type
            left = self.counted.get(self.sent_from)
            if left is not None:
                left[t] -= 1
            reached = self.counted.get(f.location)
            if reached is not None:
                reached[t] = reached.get(t, 0) + 1
        else:
            self.counted = {}
        if moved is None:  # ...else someone else answered: the forces at the bases now moved,
            moved = [f for f, _ in self.based.values() if f.moved]  # if they were all
            if count != len(moved):
                self.around = None  # forces elsewhere moved as well
        holding = self.holding
        for f in moved:
            if f.cls in holding and not (one_sent and self._keeps_control(game, f)):
                self.around = None
            if f.id in self.based:
                garrison = self.garrisons.get(f.id)
                if garrison is not None:  # out of its kind's list (mostly its first: the one sent)
                    kind = garrison[2]
                    members = self.kinds[kind]
                    if members[0][1] is f:
                        del members[0]
                    else:
                        members = self.kinds[kind] = [m for m in members if m[1] is not f]
                    if not members:
                        del self.kinds[kind]
                    self.order = None
                for role in self.roles:
                    role.pop(f.id, None)

    def _keeps_control(self, game: Game, f: Force) -> bool:
        """Whether the player's force `f` (that holds ground), just moved from `sent_from`, left
        the objectives held as they were, and so the target and threats: where it went, it is on
        a transport (infantry: holding nothing) or joins the US forces of a held objective (still
        held); where it left, West Coast or Australia, counts as held for supply whoever is there
        (control: _supplied_areas) and is no objective. Checked against a fresh count after every
        move in tests/test_p2_speed_around.py."""
        left = self.sent_from
        return (
            (f.embarked or f.location in self.held)
            and left in ALWAYS_HELD
            and left not in game.data.years[game.state.year].objectives
        )


def _next_move(request: Request, game: Game, step: _MovementStep) -> Decision:
    state = game.state
    sheet = game.data.years[state.year]  # (game.sheet, without the property's call)
    cls = sheet.cls
    based = step.based.values()  # every move below but the B-29s' starts at a base
    if step.subs:  # spare submarines raid Japan's reinforcements (-3 each)
        return Decision("raid", forces=(next(iter(step.subs)),))
    special = sheet.special
    if special.strategic_bombing and state.sp > KEEP_SP:  # B-29s in MA bomb Japan's stacks
        for f in state.at("MA", "US"):
            if cls[f.cls].bomber_wing and f.id in request.info["movable"]:
                return Decision("strategic_bombing", forces=(f.id,))
    if special.invasion_box and state.turn >= sheet.turns - 1:
        # The last turns: the costliest forces waiting at the bases join the invasion of Japan.
        from nimitz.engine.campaign import INVASION_LIMIT

        room = INVASION_LIMIT - state.invaded_this_turn
        if room > 0:  # (the box takes no more this turn after the first few)
            ready = sorted(
                (f for f, c in based if f.location in ("WC", "HI") and c.is_ship),
                key=lambda f: (-cls[f.cls].buy_cost, f.id),
            )
            if ready:
                return Decision("invade", forces=tuple(f.id for f in ready[:room]))
    if step.around is None:
        step.held = objectives_held(state, game.data)
        step.around = _japan_around(game, step.held)
    target, threatened = step.around
    us_types = step.types_at
    if target and step.landing:  # the attack needs troops to hold what it takes
        there = us_types(target)
        if there.get("INF", 0) + there.get("BN", 0) < 3:
            for f, _ in step.landing.values():
                if move_problem(game, f, target) is None:
                    return Decision("move", forces=(f.id,), area=target)
    hawaii = us_types("HI")
    # Aircraft and troops at the bases reinforce threatened objectives. Forces of one kind, free
    # to move, find the same post (move_problem reads nothing else of them): the first of each
    # kind asks for them all, the kinds in the order of those forces.
    open_posts = None  # made when a force first needs them (often none at a base does)
    no_post: set[Kind] = set()  # (made with them)
    for _, kind, f, c in step.garrison_order(game):
        if f.location == "HI" and hawaii.get(c.type, 0) <= 2:
            continue  # Hawaii must stay held (R21)
        if open_posts is None:
            open_posts, no_post = step.garrison_posts(game)
        if kind in no_post:
            continue  # found none at an earlier request, and nothing it read has changed
        kind_posts = open_posts["LBA" if c.type == "LBA" else "troops"]
        if not kind_posts:
            continue  # every threatened objective has its three already
        post = _garrison_post(game, f, kind_posts)
        if post:
            return Decision("move", forces=(f.id,), area=post)
        no_post.add(kind)
    if target:  # the fleet and the rest of the infantry go for the weakest open objective
        for f, c in step.fleet.values():
            if f.location == "HI" and c.type == "INF" and hawaii.get("INF", 0) <= 2:
                continue
            if move_problem(game, f, target) is None:
                return Decision("move", forces=(f.id,), area=target)
    for f, _ in step.ferried.values():  # new aircraft on the West Coast fly on to Hawaii
        if move_problem(game, f, "HI") is None:
            return Decision("move", forces=(f.id,), area="HI")
    return _END_MOVEMENT


_END_MOVEMENT = Decision("end_movement")  # (frozen: the same answer every time)


def sensible(request: Request, game: Game) -> Decision:
    if request.kind == "resupply":
        return _resupply(request, game)
    if request.kind == "scouting":
        return _scouting(request, game)
    if request.kind == "movement":  # the step's memo brought up to date, then the search
        step = _MovementStep.of(request, game)
        decision = _next_move(request, game, step)
        sent = step.sent = decision.forces
        step.sent_from = game.state.forces[sent[0]].location if len(sent) == 1 else None
        return decision
    if request.kind == "bombing_target":
        ja = [game.state.forces[o.decision.forces[0]] for o in request.options]
        best = max(ja, key=lambda f: (cls_of(game, f).buy_cost, f.id))
        return Decision("bombing_target", forces=(best.id,))
    if request.kind == "battle_order":
        return _first_option(request)
    return battle.sensible(request, game)


POLICIES = {"passive": passive, "sensible": sensible}
