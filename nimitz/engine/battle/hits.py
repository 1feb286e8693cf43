"""Hit allocation (rulings R14, R15, R30, R31, R38) and applying hits to the board.

A batch of hits against one side in one place is allocated hit by hit over a list of `Target`s.
Japan's hits are placed by the bot (R14: lowest cost, damaged first, then a bot-stream roll);
the US player places his own (R15, request `battle_allocate_hits`) unless there is no real
choice or he answers "auto". A hit on a transport becomes two hits on the infantry it carries
(R14, R31). Cancel-hit plans act here: Japan's automatically, the US's offered (R16).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable
from functools import cached_property
from operator import attrgetter
from typing import Any

from attrs import define

from nimitz.engine.battle.board import ENEMY, Board, airfield_id, transport_id
from nimitz.engine.battle.reactive import offer
from nimitz.engine.requests import Option, Request
from nimitz.errors import IllegalDecision
from nimitz.model.battle import DECK, ON_TRANSPORT
from nimitz.model.data import Plan
from nimitz.model.journal import Decision
from nimitz.model.state import set_damaged

Gen = Generator[Request, Decision, Any]


@define(slots=True)
class Target:
    """One thing a hit can land on. Never changed once made: a counter's target is shared by
    the target lists of its battle (`counter_targets`); the hits it takes are counted by `Alloc`."""

    id: str
    kind: str  # "force" (a map counter), "piece" (carrier aircraft), "airfield", "transport"
    cost: int
    damaged: bool
    capacity: int  # hits it can still take
    sig: tuple[object, ...]  # pieces with equal signatures are interchangeable (for "is there a choice")
    foxhole: bool = False
    name: str = ""


# The counter targets of the battle in progress, each counter's latest: every exchange that
# scores builds a target list, and the same counters come back step after step. A target is
# kept while the counter's damage and box are the ones it was made for (a piece's class and name
# never change in a battle; the positions object is the battle's).
_kept_targets: tuple[object, dict[str, Target]] = (None, {})


def counter_targets(board: Board, pids: Iterable[str]) -> list[Target]:
    """The targets the counters `pids` are now, in order (Board.damaged, box and name inlined)."""
    global _kept_targets
    bs = board.state.battle
    positions = bs.positions
    if _kept_targets[0] is not positions:
        _kept_targets = (positions, {})
    kept = _kept_targets[1]
    pieces = bs.pieces
    forces = board.state.forces
    out = []
    for pid in pids:
        piece = pieces.get(pid)
        counter = piece if piece is not None else forces[pid]
        dmg = counter.damaged
        box = positions.get(pid, "")
        t = kept.get(pid)
        if t is None or t.damaged is not dmg or t.sig[2] != box:  # (damage: True or False)
            c = board.cls(pid)
            t = kept[pid] = Target(
                pid,
                "piece" if piece is not None else "force",
                c.cost,
                dmg,
                1 if dmg else 2,
                (c.id, dmg, box),
                box.endswith("_FH"),
                counter.name,  # (Board.name of a counter, without its call)
            )
        out.append(t)
    return out


def airfield_target(board: Board, side: str) -> Target | None:
    n = board.airfields(side)
    if n <= 0:
        return None
    t = _AIRFIELD_TARGETS.get((side, n))
    if t is None:
        t = _AIRFIELD_TARGETS[side, n] = Target(
            airfield_id(side), "airfield", 1, False, n, ("airfield",), False, f"{side} airfield"
        )
    return t


# (side, airfield counters) -> the side's airfield target: all it is made from, so made once per
# process (a target is never changed once made, and making one ran its attrs __init__, a call
# from C into Python, at every exchange that hit the Island)
_AIRFIELD_TARGETS: dict[tuple[str, int], Target] = {}


def transport_target(board: Board, side: str) -> Target | None:
    tid = board.transport(side)
    if tid is None:
        return None
    carried = 0  # (a loop: sum() of a generator resumes it from C once a piece)
    for p in board.embarked(side):
        carried += 1 if board.damaged(p) else 2
    if carried <= 0:
        return None
    return Target(
        tid, "transport", board.cls(tid).cost, False, (carried + 1) // 2, ("transport",), False, board.name(tid)
    )


# --- target lists for each kind of attack ----------------------------------------------------


def aircraft_targets(board: Board, side: str, area: str) -> list[Target]:
    return counter_targets(board, board.flying(side, area))


def ship_targets(board: Board, side: str, area: str) -> list[Target]:
    """Surface ships in a sea area; the transport stands for the infantry it carries."""
    cls = board.cls
    ships = []  # (a loop: a comprehension is a call of its own)
    for p in board.surface_ships(side, area):
        if cls(p).type != "TR":
            ships.append(p)
    out = counter_targets(board, ships)
    if area == "CO":
        t = transport_target(board, side)
        if t is not None:
            out.append(t)
    return out


def has_ship_targets(board: Board, side: str, area: str) -> bool:
    """Whether `ship_targets` would find any, without building them."""
    cls = board.cls  # (a loop, not any() of a generator: asked for every area of many steps)
    for p in board.surface_ships(side, area):
        if cls(p).type != "TR":
            return True
    # (transport_target's test: a transport carrying anyone)
    return area == "CO" and board.transport(side) is not None and bool(board.embarked(side))


def ship_target_count(board: Board, side: str, area: str) -> tuple[int, int]:
    """(carriers, targets) of `ship_targets`, counted without building them (the sensible US
    player weighs every area at every air move)."""
    pieces = board.state.battle.pieces
    carriers = n = 0
    for p in board.surface_ships(side, area):
        c = board.cls(p)
        if c.type != "TR":
            n += 1
            carriers += c.is_carrier and p not in pieces
    if area == "CO" and board.transport(side) is not None and board.embarked(side):
        n += 1  # (a transport is a target while it carries anyone)
    return carriers, n


def island_target_count(board: Board, side: str, infantry_ok: bool) -> int:
    """How many targets `island_targets` would list, without building them."""
    return (board.airfields(side) > 0) + (len(board.ashore(side)) if infantry_ok else 0)


def sub_targets(board: Board, side: str, area: str) -> list[Target]:
    return counter_targets(board, board.subs(side, area))


def island_targets(board: Board, side: str, infantry_ok: bool) -> list[Target]:
    """The side's airfields, and its infantry ashore when the attacker may aim at infantry."""
    out = []
    a = airfield_target(board, side)
    if a is not None:
        out.append(a)
    if infantry_ok:
        out += counter_targets(board, board.ashore(side))
    return out


def has_island_targets(board: Board, side: str, infantry_ok: bool) -> bool:
    """Whether `island_targets` would find any, without building them (Board.airfields inlined)."""
    return board.state.battle.airfields.get(side, 0) > 0 or (infantry_ok and bool(board.ashore(side)))


def carried_targets(board: Board, side: str) -> list[Target]:
    return counter_targets(board, board.embarked(side))


# --- the allocation rules --------------------------------------------------------------------


_COUNTERS = ("force", "piece")  # the kinds of target a hit damages before it destroys them
_NO_COST = 1 << 62  # (above any target's cost)
_ID = attrgetter("id")
_CAPACITY = attrgetter("capacity")


class Alloc:
    """Hits placed so far over a target list; `foxholes_first`: the infantry-step rule (no
    airfield hits while enemy infantry hold foxholes)."""

    def __init__(self, targets: list[Target], foxholes_first: bool = False, taken: dict[str, int] | None = None):
        self.targets = targets
        self.taken: dict[str, int] = dict(taken) if taken is not None else dict.fromkeys(map(_ID, targets), 0)
        self.foxholes_first = foxholes_first

    @cached_property
    def by_id(self) -> dict[str, Target]:
        # (only the US's hits, placed by id, ask it: Japan's never do)
        return {t.id: t for t in self.targets}

    def copy(self) -> Alloc:
        return Alloc(self.targets, self.foxholes_first, self.taken)

    def remaining(self, t: Target) -> int:
        return t.capacity - self.taken[t.id]

    def total(self) -> int:
        return sum(map(_CAPACITY, self.targets))

    def legal(self) -> list[Target]:
        taken = self.taken
        ts = []  # (a loop: asked at every hit, and a comprehension is a call of its own)
        for t in self.targets:
            if taken[t.id] < t.capacity:
                ts.append(t)
        if self.foxholes_first:
            for t in ts:
                if t.foxhole:
                    ground = []
                    for u in ts:
                        if u.kind != "airfield":
                            ground.append(u)
                    return ground
        return ts

    def damaged_now(self, t: Target) -> bool:
        return t.kind in _COUNTERS and (t.damaged or self.taken[t.id] > 0)

    def best(self, legal: list[Target] | None = None) -> list[Target]:
        """The legal targets first in the R14/R15 order (lowest cost, then a damaged force before
        a fresh one), in their order."""
        legal = self.legal() if legal is None else legal
        # (the order and damaged_now inlined, in one pass: every hit ranks every target; the damage
        # is looked at only for those as cheap as the best so far)
        taken = self.taken
        top_cost, top_fresh = _NO_COST, 1
        out: list[Target] = []
        for t in legal:
            cost = t.cost
            if cost > top_cost:
                continue
            fresh = 0 if t.kind in _COUNTERS and (t.damaged or taken[t.id] > 0) else 1
            if cost < top_cost or fresh < top_fresh:
                top_cost, top_fresh, out = cost, fresh, [t]
            elif fresh == top_fresh:
                out.append(t)
        return out

    def r15_ok(self, t: Target, legal: list[Target]) -> bool:
        """R15 / R38: a hit may go to a force only when every cheaper legal target is already
        damaged (a hit lands on the lowest values first)."""
        return not any(u.cost < t.cost and not self.damaged_now(u) for u in legal)

    def r15_allowed(self, legal: list[Target]) -> list[Target]:
        """The legal targets `r15_ok` allows, in their order, in one pass: those that cost no
        more than the cheapest legal target not yet damaged."""
        taken = self.taken  # (damaged_now inlined)
        cheapest = _NO_COST
        for u in legal:
            if u.cost < cheapest and not (u.kind in _COUNTERS and (u.damaged or taken[u.id] > 0)):
                cheapest = u.cost
        if cheapest == _NO_COST:
            return list(legal)
        allowed = []
        for t in legal:
            if t.cost <= cheapest:
                allowed.append(t)
        return allowed

    def take(self, t: Target) -> None:
        self.taken[t.id] += 1

    def key(self) -> tuple[object, ...]:
        return tuple(sorted(Counter((t.sig, self.taken[t.id]) for t in self.targets).items()))


def auto_sequence(alloc: Alloc, n: int) -> list[str]:
    """The US "auto" allocation: the R14 rule with equal ties taken in board order (R38)."""
    a = alloc.copy()
    taken = a.taken
    out: list[str] = []
    while len(out) < n:
        best = a.best()
        if not best:
            break
        t = best[0]
        # t stays first in R14's order while it can take hits (asked once, not at every hit): a
        # hit makes a counter damaged, first among its equals then, and leaves anything else
        # fresh as it was; only t filling up can change which targets are legal
        k = min(t.capacity - taken[t.id], n - len(out))
        taken[t.id] += k
        out += [t.id] * k
    return out


class _Enough(Exception):
    pass


# has_choice's answers by situation (see there); cleared when full
_CHOICES: dict[tuple[object, ...], bool] = {}
_CHOICES_KEPT = 4096


def has_choice(alloc: Alloc, n: int, limit: int = 4000) -> bool:
    """Whether more than one distinct result (interchangeable pieces counted as one) is legal.

    The answer depends only on what the targets are (kind, cost, damage, capacity, foxhole,
    hits taken, in order, and which of them are interchangeable: equal signatures), not on
    which counters they are, and battles meet the same few situations again and again: so it
    is worked out from the cost levels (`_choice_by_levels`) where it can be, else searched
    once per situation."""
    if n >= alloc.total() - sum(alloc.taken.values()):
        return False  # every target ends full whatever the order: one result
    if n == 1:  # one result per kind of target R15 allows now
        a = alloc
        return len({(t.sig, a.taken[t.id]) for t in a.r15_allowed(a.legal())}) > 1
    worked_out = _choice_by_levels(alloc, n, limit)
    if worked_out is not None:
        return worked_out
    same_as: dict[object, int] = {}  # signature -> the first target with it (all the search compares)
    taken = alloc.taken
    described = []  # (a loop: a comprehension is a call of its own)
    for i, t in enumerate(alloc.targets):
        described.append((same_as.setdefault(t.sig, i), t.kind, t.cost, t.damaged, t.capacity, t.foxhole, taken[t.id]))
    situation = (
        n,
        limit,
        alloc.foxholes_first,
        len(taken) == len(alloc.targets),  # (ids are unique in every target list built)
        tuple(described),
    )
    known = _CHOICES.get(situation)
    if known is None:
        if len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
        known = _CHOICES[situation] = _search_choice(alloc, n, limit)
    return known


def _choice_by_levels(alloc: Alloc, n: int, limit: int) -> bool | None:
    """has_choice worked out from the targets' cost levels instead of searched (the search cost
    about 1.5% of a campaign), for `n` hits fewer than the targets can take on an untouched
    allocation; None where it does not apply (hits taken already, equal signatures on unlike
    targets, shapes the engine never makes, or a situation whose search would give up at
    `limit`): the search answers those. See `_levels_choice` and `_foxholes_choice`."""
    taken = alloc.taken
    targets = alloc.targets
    if len(taken) != len(targets):
        return None  # (two targets with one id share their count of hits: searched)
    first_of: dict[tuple[object, ...], Target] = {}  # signature -> its first target
    airfields = 0
    foxholes = False
    for t in targets:
        if taken[t.id] or t.capacity < 0:
            return None
        first = first_of.setdefault(t.sig, t)
        if first is not t and (
            first.kind != t.kind
            or first.cost != t.cost
            or first.damaged != t.damaged
            or first.capacity != t.capacity
            or first.foxhole != t.foxhole
        ):
            return None  # (interchangeable only in name: searched)
        if t.kind == "airfield":
            airfields += 1
        if t.foxhole and t.capacity > 0:
            foxholes = True
    if alloc.foxholes_first and airfields and foxholes:
        return _foxholes_choice(targets, n, limit) if airfields == 1 else None
    return _levels_choice(targets, n, limit)


def _levels_choice(targets: list[Target], n: int, limit: int) -> bool | None:
    """has_choice for `n` hits, fewer than `targets` can take, none placed yet, and no
    foxholes-first rule at work.

    Why it holds (R15 as `r15_allowed` puts it): a hit may go to a target only when no cheaper
    legal target is fresh. A fresh target stops being so ("is released") by its first hit if it
    is a counter, by its last if it is not (an airfield, a transport); a damaged counter never
    holds anything back. So a result is legal exactly when every target hit costs no more than
    the cheapest target left unreleased, and the hits can then be placed level by level, the
    cheapest cost first. The auto result fills the levels from the cheapest up to level j,
    where the last hit lands (h of the cap_j hits level j can take). Another result exists
    exactly when (1) the targets below level j+1 can all be released with a hit to spare for
    it; or (2) level j is not filled and a counter below it can give up a hit (it stays
    released, or never held anything back) to level j; or (3) level j's h hits can be spread
    in two ways that differ by more than interchangeable pieces. Nothing else differs from auto:
    a level below j not full keeps an airfield or a transport unreleased, and no hit may then
    go above it."""
    levels: dict[int, list[Target]] = {}
    for t in targets:
        if t.capacity > 0:
            level = levels.get(t.cost)
            if level is None:
                levels[t.cost] = [t]
            else:
                level.append(t)
    costs = sorted(levels)
    left = n
    release = 0  # hits that release every fresh target up to the level reached
    below_j: list[Target] = []
    for cost in costs:
        level = levels[cost]
        cap_j = 0
        for t in level:  # (_release inlined: a call per target)
            cap_j += t.capacity
            if t.kind not in _COUNTERS:
                release += t.capacity
            elif not t.damaged:
                release += 1
        if left <= cap_j:
            break
        left -= cap_j
        below_j += level
    else:  # (n is below what the targets can take: never reached)
        return None
    h = left
    if cost < costs[-1] and release < n:
        return True  # (1)
    if h < cap_j:
        for t in below_j:
            if t.kind in _COUNTERS and (t.damaged or t.capacity > 1):
                return True  # (2)
        kinds: dict[object, int] = {}
        for t in level:
            kinds[t.sig] = kinds.get(t.sig, 0) + 1
        if len(kinds) > 1:
            return True  # (3): more or fewer hits on one kind of target
        count = kinds[level[0].sig]
        capacity = level[0].capacity
        if not (count == 1 or capacity == 1 or h <= 1 or h >= count * capacity - 1):
            return True  # (3): one kind, its pieces hit more or less evenly
    return _one_result(below_j + level, 1, limit)


def _release(t: Target) -> int:
    """The hits that release a target (see `_levels_choice`): a fresh counter's first, a
    non-counter's last; a damaged counter holds nothing back."""
    if t.kind not in _COUNTERS:
        return t.capacity
    return 0 if t.damaged else 1


def _one_result(hit: list[Target], states: int, limit: int) -> bool | None:
    """False (one result) as the search would say it, unless it would visit more than `limit`
    partial results and give up (answering True): it visits at most one for each way of
    taking 0..capacity hits on each of the targets that `hit` lists, and `states` more."""
    for t in hit:
        states *= t.capacity + 1
        if states > limit:
            return None
    return False


def _foxholes_choice(targets: list[Target], n: int, limit: int) -> bool | None:
    """has_choice under the foxholes-first rule with one airfield and infantry in the foxholes,
    none hit yet (the infantry step, most of its turns).

    Until every foxhole target is full the airfield is no legal target, and so holds nothing
    back: the results that leave it unhit are those of the board without it (`_levels_choice`).
    Those that hit it `a` times put `n - a` hits on the rest, the foxholes full and every fresh
    target cheaper than the airfield released (placed first, then the airfield's). Every number
    of hits from `fewest` (the foxholes filled, and the fresh targets cheaper than them or than
    the airfield released) to all the rest can take is such a placement. (The last hit on the
    foxholes can always come last if each is a damaged counter or takes two hits: it holds
    nothing back then. Other shapes are searched.)"""
    airfield = None
    rest = []
    room = 0  # hits the rest can take
    foxhole_costs = []
    for t in targets:
        if t.kind == "airfield":
            airfield = t
            continue
        rest.append(t)
        if t.capacity > 0:
            room += t.capacity
            if t.foxhole:
                if t.kind not in _COUNTERS or not (t.damaged or t.capacity > 1):
                    return None
                foxhole_costs.append(t.cost)
    assert airfield is not None
    if airfield.foxhole or airfield.capacity <= 0:
        return None
    top = max(airfield.cost, *foxhole_costs)  # what must be released below it: the cheaper targets
    fewest = 0
    for t in rest:
        if t.capacity > 0:
            if t.foxhole:
                fewest += t.capacity
            elif t.cost < top:
                fewest += _release(t)
    if n < room:
        unhit = _levels_choice(rest, n, limit)
        if unhit is None or unhit:
            return unhit
        return n - 1 >= fewest  # (n - 1 or fewer on the rest, one on the airfield)
    if n == room:  # the rest full, or the airfield hit
        return True if n - 1 >= fewest else _one_result(rest, 1, limit)
    # the airfield hit from n - room times (the rest full) to as often as it and `fewest` allow
    if min(airfield.capacity, n - fewest) > n - room:
        return True
    return _one_result(rest, airfield.capacity + 1, limit)


def _search_choice(alloc: Alloc, n: int, limit: int) -> bool:
    """has_choice's search: every legal placement, interchangeable targets tried once."""
    a = alloc.copy()
    # a.key() in a cheaper form, as equal for equal placements: the sorted (kind of target,
    # hits taken) pairs, each kind named by its first target
    same_as: dict[object, int] = {}
    kinds = [same_as.setdefault(t.sig, i) for i, t in enumerate(a.targets)]
    ids = [t.id for t in a.targets]
    finals: set[tuple[object, ...]] = set()
    try:
        _place(a, kinds, ids, set(), finals, limit, n)
    except _Enough:
        return True
    return len(finals) > 1


def _place(
    a: Alloc,
    kinds: list[int],
    ids: list[str],
    seen: set[tuple[tuple[object, ...], int]],
    finals: set[tuple[object, ...]],
    limit: int,
    left: int,
) -> None:
    """_search_choice's step: place the `left` hits still to place in every way R15 allows.
    (A function of its own, not a closure: a closure that calls itself is a reference cycle,
    left for the cycle collector with everything it holds.)"""
    taken = a.taken
    key = tuple(sorted(zip(kinds, [taken[i] for i in ids], strict=True)))
    if (key, left) in seen:
        return
    seen.add((key, left))
    if len(seen) > limit:
        raise _Enough
    ok = a.r15_allowed(a.legal())
    if left == 0 or not ok:
        finals.add(key)
        if len(finals) > 1:
            raise _Enough
        return
    tried = set()
    for t in ok:
        k = (t.sig, taken[t.id])
        if k in tried:
            continue
        tried.add(k)
        taken[t.id] += 1
        _place(a, kinds, ids, seen, finals, limit, left - 1)
        taken[t.id] -= 1


def check_sequence(alloc: Alloc, n: int, seq: tuple[str, ...]) -> None:
    """Raise IllegalDecision unless `seq` places exactly `n` hits by R15."""
    if len(seq) != n:
        raise IllegalDecision(
            f"place exactly {n} hit(s), one target id per hit (you gave {len(seq)}): "
            f"hits are lost only when no legal target is left",
            "R15",
        )
    a = alloc.copy()
    for i, tid in enumerate(seq, 1):
        legal = a.legal()
        t = a.by_id.get(tid)
        if t is None:
            raise IllegalDecision(
                f"hit {i}: {tid!r} cannot be hit here (targets: {', '.join(x.id for x in alloc.targets)})", "R15"
            )
        if t not in legal:
            why = (
                "it is destroyed already"
                if a.remaining(t) <= 0
                else "infantry in the foxholes must take infantry hits before any airfield"
            )
            raise IllegalDecision(f"hit {i}: {t.name} cannot take it: {why}", "R15")
        if not a.r15_ok(t, legal):
            cheaper = [u.name for u in legal if u.cost < t.cost and not a.damaged_now(u)]
            raise IllegalDecision(
                f"hit {i}: {t.name} (value {t.cost}) before the cheaper "
                f"{', '.join(cheaper)}: hits go to the lowest values first",
                "R15",
            )
        a.take(t)


# --- applying hits ---------------------------------------------------------------------------


def _bump(board: Board, key: str, n: int = 1) -> None:
    stats = board.state.battle.stats
    stats[key] = stats.get(key, 0) + n


_DESTROYED = {"US": "destroyed_US", "JA": "destroyed_JA"}  # (BattleState.stats keys)


def destroy(board: Board, pid: str, why: str = "") -> None:
    """Take a piece off the board (map forces go to their box when the battle ends)."""
    bs = board.state.battle
    c = board.cls(pid)
    box = bs.positions.pop(pid, None)
    if box is None:
        return
    side = pid.split(":", 1)[0]  # (Board.side, without its call)
    if pid in bs.pieces:
        bs.pieces.pop(pid)
        bs.lost_pieces.append(pid)
    else:
        bs.destroyed.append(pid)
    if c.is_carrier:
        _deck_aircraft_lost(board, pid)
    if box == ON_TRANSPORT:
        _transport_check(board, side)
    stats = bs.stats  # (_bump inlined: every piece destroyed comes here)
    key = _DESTROYED[side]
    stats[key] = stats.get(key, 0) + 1


def _deck_aircraft_lost(board: Board, carrier: str) -> list[str]:
    """R30: aircraft on the deck of a carrier that is damaged or sunk are lost with it."""
    lost = board.on_deck(carrier)
    for p in lost:
        destroy(board, p)
    if lost and not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            board.side(carrier),
            f"{len(lost)} aircraft lost on the deck of {board.name(carrier)} (R30)",
            {"carrier": carrier, "aircraft": lost, "rulings": ["R30"]},
        )
    return lost


_TRANSPORT_IDS = {side: transport_id(side) for side in ENEMY}  # (made once: asked every turn)


def _transport_check(board: Board, side: str) -> None:
    """R31: a transport leaves the board when it carries no infantry."""
    tid = _TRANSPORT_IDS[side]
    bs = board.state.battle
    if tid in bs.positions and not board.embarked(side):
        bs.positions.pop(tid)
        bs.pieces.pop(tid, None)


def hit_piece(board: Board, pid: str) -> str:
    """One hit on a counter: damaged, or destroyed if it was damaged already."""
    bs = board.state.battle
    stats = bs.stats  # (_bump inlined: every hit lands here)
    stats["hits_applied"] = stats.get("hits_applied", 0) + 1
    if pid.endswith(":airfield"):
        side = board.side(pid)
        airfields = bs.airfields
        airfields[side] = max(0, airfields.get(side, 0) - 1)
        return "airfield removed"
    if pid not in bs.positions:
        raise RuntimeError(f"a hit on {pid}, which is not on the board")
    piece = bs.pieces.get(pid)
    counter = piece if piece is not None else board.state.forces[pid]  # (what Board.damaged reads)
    if counter.damaged:
        destroy(board, pid)
        return "destroyed"
    if piece is None:
        set_damaged(counter, True)  # (a Force: past its __setattr__, `damaged` is not whereabouts)
    else:
        piece.damaged = True
    if board.cls(pid).is_carrier:
        _deck_aircraft_lost(board, pid)
    return "damaged"


def target_matches(board: Board, kinds: list[str], tid: str) -> bool:
    """cancel_hit `targets`: force (any counter but an airfield, R61), carrier, aircraft,
    infantry_ashore, airfield."""
    for k in kinds:
        if k == "force" and not tid.endswith(":airfield"):
            return True
        if k == "airfield" and tid.endswith(":airfield"):
            return True
        if tid.endswith(":airfield") or tid.endswith(":Transport"):
            continue
        c = board.cls(tid)
        if k == "carrier" and c.is_carrier:
            return True
        if k == "aircraft" and c.is_aircraft:
            return True
        if k == "infantry_ashore" and c.is_ground and board.box(tid)[-3:] in ("_BE", "_FH"):
            return True
    return False


# --- Japan takes hits (R14, by the bot) ------------------------------------------------------


def ja_takes_hits(
    board: Board, targets: list[Target], hits: int, ctx: dict[str, str], foxholes_first: bool = False
) -> dict[str, Any]:
    """`ja_hits` run to its end, for callers outside the engine generator: the bot breaks every
    tie (the R24 'player' option needs the generator, which can ask)."""
    gen = ja_hits(board, targets, hits, ctx, foxholes_first)
    try:
        next(gen)
    except StopIteration as done:
        result: dict[str, Any] = done.value
        return result
    raise RuntimeError("a Japanese tie wants the player's choice: use ja_hits in the engine")


def ja_tie_request(board: Board, tied: list[Target], ctx: dict[str, str]) -> Request:
    """R24 'player' option: the US player picks which of equal Japanese targets takes a hit."""
    ids = {t.id for t in tied}

    def checker(d: Decision) -> None:
        if d.choice not in ids:
            raise IllegalDecision(f"{d.choice or 'nothing'} is not one of the tied Japanese forces", "R14, R24")

    return Request(
        checker=checker,
        kind="battle_ja_tie",
        step=board.game.state.step,
        prompt=(
            f"Japan takes a hit in {ctx.get('area', '')} on one of {len(tied)} equal forces "
            f"(R14): you choose for Japan (R24, rules profile)"
        ),
        options=[
            Option(
                Decision("battle_ja_tie", choice=t.id),
                f"{t.name} (cost {t.cost}" + (", damaged)" if t.damaged else ")"),
            )
            for t in tied
        ],
        info={"area": ctx.get("area", ""), "step": ctx.get("step", "")},
    )


def ja_hits(board: Board, targets: list[Target], hits: int, ctx: dict[str, str], foxholes_first: bool = False) -> Gen:
    """Allocate and apply `hits` on Japanese targets; returns (and logs) the explanation."""
    alloc = Alloc(targets, foxholes_first)
    # a lab game makes no entry of it: no list of the candidates as they stood, of the hits
    # placed or of their results (the bot's `why` is empty there too)
    explain = board.game.makes("bot")
    expl: dict[str, Any] = {
        "procedure": "hit allocation",
        "rulings": ["R14"],
        "hits": hits,
        "step": ctx.get("step", ""),
        "area": ctx.get("area", ""),
        "candidates": [{"id": t.id, "name": t.name, "cost": t.cost, "damaged": t.damaged} for t in targets]
        if explain
        else [],
        "placed": [],
        "cancelled": [],
        "lost": 0,
    }
    step = ctx.get("step", "")
    results = []
    # asked once: no plan comes into force and the rules do not change while hits are placed
    in_plan = board.ja_in_force("cancel_hit")
    ties_by_player = board.game.state.rules.ja_ties == "player"  # (R24: else the bot alone breaks ties)
    hit_target = board.game.japan.hit_target
    # the legal targets change only when a hit fills one up (it leaves them, and the last
    # infantry in the foxholes filling up lets the airfield in): asked again only then
    legal = alloc.legal()
    taken = alloc.taken
    for i in range(hits):
        if not legal:
            expl["lost"] = hits - i
            _bump(board, "hits_lost", hits - i)
            break
        chosen = None
        if ties_by_player:
            tied = alloc.best(legal)
            if len(tied) > 1:
                decision = yield ja_tie_request(board, tied, ctx)
                chosen = decision.choice
        t, why = hit_target(board, alloc, legal, chosen)
        cancel = _ja_cancel(board, t.id, step) if in_plan else None
        if cancel is not None:
            expl["cancelled"].append({"hit": i + 1, "target": t.id, "plan": cancel})
            _bump(board, "hits_cancelled")
            continue
        taken[t.id] = hits_on_t = taken[t.id] + 1  # (Alloc.take, without its call)
        if hits_on_t >= t.capacity:
            legal = alloc.legal()
        if t.kind == "transport":
            sub = yield from ja_hits(
                board, carried_targets(board, "JA"), 2, {**ctx, "via": "transport (R14: 2 hits per transport hit)"}
            )
            if explain:
                expl["placed"].append(
                    {"hit": i + 1, "target": t.id, "why": why, "result": "2 hits on its infantry", "carried": sub}
                )
                results.append(f"{t.name}: 2 hits on its infantry")
            continue
        result = hit_piece(board, t.id)
        if explain:
            expl["placed"].append({"hit": i + 1, "target": t.id, "why": why, "result": result})
            results.append(f"{t.name} {result}")
    if hits and not ctx.get("via") and not board.game.skips("bot"):  # (a lab game: not even its text)
        text = f"{hits} hit(s) on Japan ({expl['step']}, {expl['area']}): " + ("; ".join(results) or "none landed")
        if expl["cancelled"]:
            text += f"; {len(expl['cancelled'])} cancelled by plan"
        if expl["lost"]:
            text += f"; {expl['lost']} lost (no legal target)"
        board.game.log("bot", "JA", text, expl)
    return expl


def _ja_cancel(board: Board, tid: str, step: str) -> str | None:
    """A Japanese cancel_hit plan in force that takes this hit (first_only: automatically).
    Plans that lapse at the end of the turn go before those kept until used."""
    plans = sorted(board.ja_in_force("cancel_hit"), key=lambda pp: bool(pp[0].effect["keep_until_used"]))
    for plan, pip in plans:
        eff = plan.effect
        if eff["from_steps"] and step not in eff["from_steps"]:
            continue
        if not board.requirement_met("JA", eff["requires"]):
            continue
        if not target_matches(board, eff["targets"], tid):
            continue
        pip.used = True  # count 1
        if not board.game.skips("event"):  # (a lab game: not even its text)
            board.game.log(
                "event",
                "JA",
                f"JA plan {plan.name} cancels a hit on {board.name(tid)}",
                {"plan": plan.id, "target": tid, "step": step},
            )
        return plan.id
    return None


# --- the US takes hits (R15, the player's choice) --------------------------------------------


def us_takes_hits(
    board: Board, targets: list[Target], hits: int, ctx: dict[str, str], foxholes_first: bool = False
) -> Gen:
    """Allocate (asking when there is a real choice), offer cancel plans (R16), apply."""
    alloc = Alloc(targets, foxholes_first)
    n = min(hits, alloc.total())
    if hits > n:
        _bump(board, "hits_lost", hits - n)
    if n <= 0:
        return []
    seq = auto_sequence(alloc, n)
    if has_choice(alloc, n):
        decision = yield allocation_request(board, alloc, n, hits, ctx, seq)
        if decision.choice != "auto":
            seq = list(decision.forces)
    if board.us_held("cancel_hit"):  # (most battles: no cancel plan held, nothing to offer)
        seq = yield from us_cancels(board, seq, ctx)
    results = []
    explain = board.game.makes("event")  # (a lab game makes no entry: no results as text)
    for tid in seq:
        t = alloc.by_id[tid]
        if t.kind == "transport":
            sub = yield from us_takes_hits(
                board, carried_targets(board, "US"), 2, {**ctx, "via": "transport (R14/R15: 2 hits per transport hit)"}
            )
            if explain:
                results.append(f"{t.name}: 2 hits on its infantry ({', '.join(sub) or 'none'})")
            continue
        result = hit_piece(board, tid)
        if explain:
            results.append(f"{t.name} {result}")
    # a lab game skips the entry: not even its text is made
    if not board.game.skips("event"):
        board.game.log(
            "event",
            "US",
            f"{hits} hit(s) on the US ({ctx.get('step', '')}, {ctx.get('area', '')})"
            + (" via transport" if ctx.get("via") else "")
            + ": "
            + ("; ".join(results) or "none"),
            {"hits": hits, "placed": seq, "step": ctx.get("step", ""), "area": ctx.get("area", "")},
        )
    return results


def allocation_request(
    board: Board, alloc: Alloc, n: int, hits: int, ctx: dict[str, str], auto: list[str] | None = None
) -> Request:
    """The R15 request to place `n` hits; `auto`: auto_sequence(alloc, n) when the caller has it."""

    def checker(d: Decision) -> None:
        if d.choice == "auto":
            if d.forces:
                raise IllegalDecision("answer either choice='auto' or the targets, not both", "R15")
            return
        if d.choice:
            raise IllegalDecision(f"choice {d.choice!r}: only 'auto' or a list of targets", "R15")
        check_sequence(alloc, n, d.forces)

    where = ctx.get("area", "")
    via = f" {ctx['via']}" if ctx.get("via") else ""

    def info() -> dict[str, Any]:
        return {
            "hits": hits,
            "to_place": n,
            "step": ctx.get("step", ""),
            "area": where,
            "targets": [
                {
                    "id": t.id,
                    "name": t.name,
                    "cost": t.cost,
                    "damaged": t.damaged,
                    "can_take": t.capacity,
                    "kind": t.kind,
                    "foxhole": t.foxhole,
                }
                for t in alloc.targets
            ],
            "foxholes_first": alloc.foxholes_first,
            "auto": list(auto) if auto is not None else auto_sequence(alloc, n),
            "rulings": ["R15", "R38"],
        }

    return Request(
        kind="battle_allocate_hits",
        step=board.state.step,
        prompt=f"Place {n} hit(s) on your forces ({ctx.get('step', '')} in {where}{via}): lowest value first",
        options=[_AUTO_ALLOCATION],
        checker=checker,
        kinds=("battle_allocate_hits",),
        info_later=info,
    )


_AUTO_ALLOCATION = Option(  # (made once: Options and Decisions are frozen)
    Decision(kind="battle_allocate_hits", choice="auto"),
    "auto: damage the lowest value, then destroy it, then the next (R15)",
)


def us_cancels(board: Board, seq: list[str], ctx: dict[str, str]) -> Gen:
    """Offer the US cancel_hit plans that fit these hits (R16); auto-use when the profile says."""
    seq = list(seq)
    step = ctx.get("step", "")
    while seq:
        offers = []
        for plan, _ in board.us_held("cancel_hit"):
            eff = plan.effect
            if eff["from_steps"] and step not in eff["from_steps"]:
                continue
            if not board.requirement_met("US", eff["requires"]):
                continue
            for tid in dict.fromkeys(seq):
                if target_matches(board, eff["targets"], tid):
                    offers.append((plan, tid))
        if not offers:
            break
        count = Counter(seq)

        def value(o: tuple[Plan, str], count: Counter[str] = count) -> tuple[int, int, int]:
            """Auto: the hit that would do the most harm, with the cheapest plan."""
            plan, tid = o
            kills = count[tid] >= 2 or (
                not tid.endswith(":airfield") and not tid.endswith(":Transport") and board.damaged(tid)
            )
            cost = 1 if tid.endswith(":airfield") else board.cls(tid).cost
            return (-int(kills), -cost, plan.cost)

        best = min(offers, key=value)
        options = [
            Option(
                Decision(kind="battle_reactive", choice=p.id, forces=(tid,)),
                f"{p.name}: cancel the hit on {board.name(tid)}",
            )
            for p, tid in offers
        ]
        chosen = yield from offer(
            board,
            "cancel a hit",
            options,
            Decision(kind="battle_reactive", choice=best[0].id, forces=(best[1],)),
            {"hits": list(seq), "step": step, "area": ctx.get("area", "")},
        )
        if chosen is None:
            break
        plan_id, tid = chosen.choice, chosen.forces[0]
        for pip in board.bs.us_plans:
            if pip.plan == plan_id and not pip.used:
                pip.used = True
                break
        idx = len(seq) - 1 - seq[::-1].index(tid)
        seq.pop(idx)
        _bump(board, "hits_cancelled")
        if not board.game.skips("event"):  # (a lab game: not even its text)
            board.game.log(
                "event",
                "US",
                f"US plan {board.plan_def('US', plan_id).name} cancels a hit on {board.name(tid)}",
                {"plan": plan_id, "target": tid, "step": step, "rulings": ["R16"]},
            )
    return seq


def enemy(side: str) -> str:
    return ENEMY[side]


__all__ = ["Target", "Alloc", "DECK"]
