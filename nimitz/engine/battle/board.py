"""A read-mostly view of the battle board: which pieces stand where, their values, the plans in
force. Shared by the battle engine and the Japanese bot; it holds no state of its own beyond
caches, so everything that matters stays in `CampaignState.battle` (saved with the campaign).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

from nimitz.engine import variants
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT, BattleState, PlanInPlay, Positions
from nimitz.model.data import CounterClass, Plan, YearSheet
from nimitz.model.ratings import Rating
from nimitz.model.state import BOMBING

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.model.battle import Positions
    from nimitz.model.state import CampaignState

    class _Battle(BattleState):
        positions: Positions  # what its converter makes of every dict given

    class _InBattle(CampaignState):
        """The state while a battle is fought: the only time a Board is asked anything."""

        battle: _Battle


# How a plan, an event or the weather changed an attack value: source, from, to (and plan id).
Modifier = dict[str, str]

ENEMY = {"US": "JA", "JA": "US"}
AREA_NAMES = {"JO": "Japanese Ocean", "IS": "Island", "CO": "Coastal", "UO": "US Ocean"}


def airfield_id(side: str) -> str:
    return f"{side}:airfield"


def transport_id(side: str) -> str:
    return f"{side}:Transport"


# (made once: the hits ask for a side's transport every turn)
_TRANSPORT_IDS = {side: transport_id(side) for side in ENEMY}


def box_area(box: str | None) -> str:
    """The battle area a box belongs to ('' for a deck or a transport)."""
    if box in AREAS:
        return box
    if box in ISLAND_BOXES:
        return "IS"
    return ""


class Board:
    """Queries over the battle in `game.state.battle`."""

    # (slots: `cls` is a bound lookup kept per board, read faster from a slot than from an
    # instance dictionary)
    __slots__ = ("game", "state", "data", "sheet", "_cls", "cls", "_names", "_plan_index", "texts")

    def __init__(self, game: Game):
        self.game = game
        # typed as in battle: the hot paths read state.battle directly (no property call)
        # (an annotation, not typing.cast: a function call at every Board)
        self.state: _InBattle = game.state  # type: ignore[assignment]
        self.data = game.data
        self.sheet = game.data.year(game.state.year)
        battle = game.state.battle
        if battle is not None and type(battle.positions) is not Positions:
            # (replaced by a plain dict after the battle was made: BattleState converts only in
            # __init__, having no on_setattr hooks) followed from here on
            battle.positions = Positions(battle.positions)
        memo = _shared(battle.positions) if battle is not None else _BoardMemo()
        # pid -> class: a piece never changes class, so the boards of a battle share this
        self._cls = memo.cls
        self._cls.bind(self.state, self.sheet)
        # `cls(pid)` is the dict's own lookup: the query asked most in a battle (tens of
        # thousands of times a campaign) costs no Python call once the class is known
        self.cls: Callable[[str], CounterClass] = self._cls.__getitem__
        self._names: dict[str, str] = memo.names
        # (pid, damaged) -> (name, values text), for the requests' info (see _BoardMemo.texts)
        self.texts: dict[tuple[str, bool], tuple[str, str]] = memo.texts
        self._plan_index = memo.plans

    @property
    def classes(self) -> _Classes:
        """pid -> its class, as `cls` answers: the set-up puts in the classes of the pieces it
        makes, and learns its forces' at once (_Classes.learn)."""
        return self._cls

    @property
    def bs(self) -> BattleState:
        # (a property call costs more than two attribute reads: the board's own hot paths, and
        # the engine's inner loops, read self.state.battle)
        return self.state.battle

    # --- identity --------------------------------------------------------------------------

    def side(self, pid: str) -> str:
        # (every id begins with its side, "US:" or "JA:": a slice costs half a split)
        return pid[:2]

    def name(self, pid: str) -> str:
        # a counter's name never changes: shared by the boards of the battle (journal texts ask often)
        got = self._names.get(pid)
        if got is None:
            if pid.endswith(":airfield"):
                got = f"{self.side(pid)} airfield"
            else:
                piece = self.state.battle.pieces.get(pid)
                got = piece.name if piece is not None else self.state.forces[pid].name
            self._names[pid] = got
        return got

    def is_piece(self, pid: str) -> bool:
        return pid in self.state.battle.pieces

    def damaged(self, pid: str) -> bool:
        # (map forces first, most pieces are: forces and battle pieces share one namespace of ids,
        # the keys of `positions`)
        force = self.state.forces.get(pid)
        if force is not None:
            return force.damaged
        piece = self.state.battle.pieces.get(pid)
        return piece is not None and piece.damaged

    def box(self, pid: str) -> str:
        return self.state.battle.positions.get(pid, "")

    def alive(self, pid: str) -> bool:
        return pid in self.state.battle.positions

    def values_text(self, pid: str) -> str:
        """The counter's values as the player reads them (CounterClass.values_text), for the
        requests' info: kept per class and side for the whole process (a class is frozen, and
        every battle of every campaign asks for the same few turn after turn)."""
        c = self.cls(pid)
        force = self.state.forces.get(pid)  # (`damaged`, inlined: asked for every piece listed)
        if force is not None:
            damaged = force.damaged
        else:
            piece = self.state.battle.pieces.get(pid)
            damaged = piece is not None and piece.damaged
        kept = _VALUES_TEXT.get((id(c), damaged))
        if kept is not None and kept[0] is c:
            return kept[1]
        if len(_VALUES_TEXT) > 20_000:  # (only a process loading many data sets gets near this)
            _VALUES_TEXT.clear()
        text = c.values_text(damaged)
        _VALUES_TEXT[id(c), damaged] = (c, text)
        return text

    def _remember(self, pos: Positions) -> _BoardMemo:
        """The memo made current by one pass over the board (after a change of many pieces at
        once, or before the first query): every group of _group_keys (the pieces of each side,
        its aircraft, its ships by box...), in board order. From then on it follows each piece's
        change as it is made (_BoardMemo.follow). Computed queries (`derived`) start again."""
        memo = _shared(pos)
        memo.cls.bind(self.state, self.sheet)  # (a battle state given to a board made before it)
        bs = self.state.battle
        grouped: dict[Any, list[str]] = {}
        order: dict[str, int] = {}
        for i, p in enumerate(bs.forces):
            order[p] = i
        # (pieces after every force, including forces a battalion plan lands later)
        for i, p in enumerate(bs.pieces, _PIECES_FROM):
            order[p] = i
        moves_of = memo.moves
        for p in order:
            box = pos.get(p)
            if box is None:
                continue
            moves = moves_of.get(p)
            if moves is None:
                moves = memo.moves_of(p)
            for key in (moves.get((None, box)) or memo.new_move(moves, p, None, box))[1]:
                group = grouped.get(key)
                if group is None:
                    grouped[key] = [p]
                else:
                    group.append(p)
        memo.results, memo.order = grouped, order  # lists, read-only like tuples
        memo.place = order.__getitem__
        memo.next_order = _PIECES_FROM + len(bs.pieces)
        if memo.derived:
            memo.derived = {}
        pos.groups = grouped
        return memo

    def _ids(self, side: str | None) -> Sequence[str]:
        if side is None:  # every piece: only a front end asks, so it is not a kept group
            pos = self.state.battle.positions
            return [p for p in chain(self.state.battle.forces, self.state.battle.pieces) if p in pos]
        return (self.state.battle.positions.groups or self._groups()).get(side, ())

    def _in_box(self, side: str, box: str) -> Sequence[str]:
        return self._computed("in_box", side, box)

    def _where(self, query: str, side: str, area: str | None = None) -> Sequence[str]:
        """One of the side's placement groups the memo keeps (see _group_keys): ships in an area,
        carriers..., as the board stands now (empty: a group no piece is in).

        The memo keeps them as pieces move, arrive or leave: the battle engine asks these many
        times between two moves, and scanning the board each time was its largest cost.
        `positions` hands each single change to the memo as it is made (model.battle.Positions,
        _BoardMemo.follow), so every way of moving a piece, the engine's or a test's, is seen
        without being routed through here. The memo lives with the positions, so every Board
        over them shares it: a policy's board asks nothing the engine's knew. While the memo is
        current `positions.groups` is its groups; a change of many pieces at once makes it None,
        and the next query makes the memo again in one pass (_remember)."""
        # (the group queries below read `positions.groups` the same way, not through here: a
        # call less for the queries a battle asks most)
        return (self.state.battle.positions.groups or self._groups()).get((query, side, area), ())

    def _groups(self) -> dict[Any, list[str]]:
        """The memo's groups, made again when they are not current (`positions.groups` is None)."""
        return self._remember(self.state.battle.positions).results

    def _computed(self, query: str, side: str, area: str | None = None) -> Sequence[str]:
        """One of the side's placement queries asked seldom (_COMPUTED), computed when asked and
        kept until a piece moves (_BoardMemo.follow)."""
        pos: Positions = self.state.battle.positions
        memo: _BoardMemo | None = pos.board_cache
        if memo is None or pos.groups is None:
            memo = self._remember(pos)
        key = (query, side, area)
        got = memo.derived.get(key)
        if got is None:
            got = memo.derived[key] = tuple(_COMPUTED[query](self, side, area))
        return got

    def _wings(self) -> frozenset[str]:
        """The battle's forces in the strategic bombing box (R64), on the board or not: kept
        while its list of forces stays (forces keep their map location through a battle)."""
        bs = self.state.battle
        memo = bs.positions.board_cache or _shared(bs.positions)
        kept = memo.wings
        if kept is None or kept[0] is not bs.forces or kept[1] != len(bs.forces):
            forces = self.state.forces
            wings = frozenset(p for p in bs.forces if p in forces and forces[p].location == BOMBING)
            kept = memo.wings = (bs.forces, len(bs.forces), wings)
        return kept[2]

    def ids(self, side: str | None = None) -> list[str]:
        """Every piece on the board (map forces first, then battle pieces), in board order."""
        return [*self._ids(side)]

    # --- where things are ------------------------------------------------------------------
    # (each query answers with a copy made by `[*group]`, not `list(group)`: the same list
    # without a call of `list`, a quarter of what a query costs, asked thousands of times a
    # campaign)

    def at(self, side: str, boxes: Iterable[str]) -> list[str]:
        boxes = tuple(boxes)
        if len(boxes) == 1:
            return [*self._in_box(side, boxes[0])]
        pos = self.state.battle.positions
        wanted = set(boxes)
        return [p for p in self._ids(side) if pos[p] in wanted]

    def ships(self, side: str, area: str) -> list[str]:
        """Ships (submarines and transports too) in a sea area."""
        return [*(self.state.battle.positions.groups or self._groups()).get(("ships", side, area), ())]

    def surface_ships(self, side: str, area: str) -> list[str]:
        """Ships other than submarines: what bombs, torpedoes and naval guns can hit."""
        return [*(self.state.battle.positions.groups or self._groups()).get(("surface_ships", side, area), ())]

    def subs(self, side: str, area: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("subs", side, area), ())]

    def has_subs(self, side: str) -> bool:
        """Whether the side has submarines on the board, in any area."""
        return bool((self.state.battle.positions.groups or self._groups()).get(("any_subs", side, None)))

    def all_ships(self, side: str) -> list[str]:
        return [*self._computed("all_ships", side)]

    def carriers(self, side: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("carriers", side, None), ())]

    def aircraft(self, side: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("aircraft", side, None), ())]

    def lba(self, side: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("lba", side, None), ())]

    def flying(self, side: str, area: str | None = None) -> list[str]:
        if area is None:  # (asked seldom: computed, see _COMPUTED)
            return [*self._computed("flying_anywhere", side)]
        return [*(self.state.battle.positions.groups or self._groups()).get(("flying", side, area), ())]

    def at_home(self, side: str) -> list[str]:
        """Aircraft on their carrier or airfield (not flying)."""
        return [*self._computed("at_home", side)]

    def on_deck(self, carrier: str) -> list[str]:
        # memoised too: an aircraft only changes carrier (`home`) as it lands, a change of position
        return [*self._computed("on_deck", carrier)]

    def infantry(self, side: str, boxes: Iterable[str]) -> list[str]:
        found = []
        for p in self.at(side, boxes):  # (a loop, as in the computed queries: asked every turn)
            if self.cls(p).is_ground:
                found.append(p)
        return found

    def ashore(self, side: str) -> list[str]:
        """Infantry and battalions on the side's beach or in its foxholes."""
        return [*(self.state.battle.positions.groups or self._groups()).get(("ashore", side, None), ())]

    def foxholes(self, side: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("foxholes", side, None), ())]

    def embarked(self, side: str) -> list[str]:
        return [*(self.state.battle.positions.groups or self._groups()).get(("embarked", side, None), ())]

    def transport(self, side: str) -> str | None:
        tid = _TRANSPORT_IDS[side]
        return tid if tid in self.state.battle.positions else None

    def airfields(self, side: str) -> int:
        return self.state.battle.airfields.get(side, 0)

    def holds_island(self, side: str) -> bool:
        """Own infantry ashore or own land-based aircraft: the right to aim at enemy infantry."""
        groups = self.state.battle.positions.groups or self._groups()
        return bool(groups.get(("ashore", side, None)) or groups.get(("lba", side, None)))

    def bombing_wings(self, side: str) -> list[str]:
        """B-29 wings in the strategic bombing box that hold airfields in this battle (R64): on
        the sheet with the side's LBA, but bombing Japan, so they never fly and are not counted
        as forces fighting here."""
        return [*self._computed("bombing_wings", side)]

    def count_on_sheet(self, side: str) -> int:
        """Every force of the side on the sheet, carrier aircraft and embarked infantry included
        (transports are only their cargo's ride, airfields are not forces, and bombing wings
        fight elsewhere, R64)."""
        groups = self.state.battle.positions.groups or self._groups()
        n = len(groups.get(side, ())) - len(groups.get(("transports", side, None), ()))
        if self._wings():
            n -= len(self._computed("bombing_wings", side))
        return n

    def has_surface_ships(self, side: str) -> bool:
        for p in self._ids(side):  # (a loop, not any() of a generator: no call per piece)
            c = self.cls(p)
            if c.is_ship and c.type != "SS":
                return True
        return False

    # --- plans -----------------------------------------------------------------------------

    def plan_def(self, side: str, plan_id: str) -> Plan:
        table = self.data.ja_plans if side == "JA" else self.data.us_plans
        return table.by_id[plan_id]

    def _index_plans(self, side: str, pips: list[PlanInPlay]) -> _PlanIndex:
        """The side's plan counters in play (used or not) by kind (None: every kind; a kind
        with no counter has no entry), in order: kept in the memo while the side's list of
        counters is the same list of the same length (counters are only ever added), since most
        kinds have no counter in play at all. The plan queries check that it is current inline,
        each the same way (they are asked about a thousand times a campaign: a call less each)."""
        by_id = (self.data.ja_plans if side == "JA" else self.data.us_plans).by_id
        by_kind: dict[str | None, list[tuple[Plan, PlanInPlay]]] = {}
        for pip in pips:
            plan = by_id[pip.plan]
            by_kind.setdefault(None, []).append((plan, pip))
            by_kind.setdefault(plan.effect["kind"], []).append((plan, pip))
        kept = self._plan_index[side] = (pips, len(pips), by_kind)
        return kept

    def has_plans(self, side: str, kind: str) -> bool:
        """Whether the side has any plan counter of `kind` in play, used or not: most kinds never
        have one, and a caller can skip the work of looking at them."""
        bs = self.state.battle
        pips = bs.ja_plans if side == "JA" else bs.us_plans
        kept = self._plan_index.get(side, _UNINDEXED)
        if kept[0] is not pips or kept[1] != len(pips):  # (not current: _index_plans)
            kept = self._index_plans(side, pips)
        return kind in kept[2]

    def ja_in_force(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """JA plans acting now: drawn this battle turn, or kept until used; not yet spent."""
        bs = self.state.battle
        pips = bs.ja_plans
        kept = self._plan_index.get("JA", _UNINDEXED)
        if kept[0] is not pips or kept[1] != len(pips):  # (not current: _index_plans)
            kept = self._index_plans("JA", pips)
        plans = kept[2].get(kind)
        if plans is None:
            return []
        turn = bs.turn
        acting = []
        for entry in plans:  # (a loop, not a list comprehension: no call of its own)
            plan, pip = entry
            if not pip.used and (pip.turn == turn or plan.effect.get("keep_until_used")):
                acting.append(entry)
        return acting

    def us_playing(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """US plans the player played this turn and that are not spent yet."""
        bs = self.state.battle
        playing = bs.us_playing
        if not playing:  # (most turns the player plays none: no index asked)
            return []
        pips = bs.us_plans
        kept = self._plan_index.get("US", _UNINDEXED)
        if kept[0] is not pips or kept[1] != len(pips):  # (not current: _index_plans)
            kept = self._index_plans("US", pips)
        playing_now = []
        for entry in kept[2].get(kind, ()):  # (a loop, as in ja_in_force)
            if not entry[1].used and entry[1].plan in playing:
                playing_now.append(entry)
        return playing_now

    def us_held(self, kind: str | None = None) -> list[tuple[Plan, PlanInPlay]]:
        """US plans bought and not yet used."""
        pips = self.state.battle.us_plans
        kept = self._plan_index.get("US", _UNINDEXED)
        if kept[0] is not pips or kept[1] != len(pips):  # (not current: _index_plans)
            kept = self._index_plans("US", pips)
        held = []
        for entry in kept[2].get(kind, ()):  # (a loop, as in ja_in_force)
            if not entry[1].used:
                held.append(entry)
        return held

    def in_force(self, side: str, kind: str) -> list[tuple[Plan, PlanInPlay]]:
        return self.ja_in_force(kind) if side == "JA" else self.us_playing(kind)

    def requirement_met(self, side: str, requires: str) -> bool:
        if not requires:
            return True
        if requires == "own_infantry_ashore":
            return bool(self._where("ashore", side))
        if requires == "marine_ashore":
            return any(self.cls(p).marine for p in self._where("ashore", side))
        if requires == "enemy_ships":
            return self.has_surface_ships(ENEMY[side])
        raise ValueError(f"unknown plan requirement {requires!r}")

    # --- values ----------------------------------------------------------------------------

    def rating_plans(self, side: str) -> list[tuple[Plan, PlanInPlay]]:
        """The side's rating_bonus plans acting now (in_force, without its call). A step asks
        them once for a volley's pieces (`rating`'s `acting`): no shot changes them."""
        return self.ja_in_force("rating_bonus") if side == "JA" else self.us_playing("rating_bonus")

    def rating(
        self,
        pid: str,
        rating: str,
        *,
        vs_subs: bool = False,
        acting: list[tuple[Plan, PlanInPlay]] | None = None,
    ) -> tuple[Rating, list[Modifier]]:
        """The piece's current attack value with every plan bonus in force, and the modifiers.
        `acting`: the side's rating_plans, if the caller has asked them already."""
        c = self.cls(pid)
        pair = getattr(c, rating)
        # (`damaged` and RatingPair.side, inlined: asked for every shot of a battle)
        force = self.state.forces.get(pid)
        if force is not None:
            value = pair.damaged if force.damaged else pair.full
        else:
            piece = self.state.battle.pieces.get(pid)
            value = pair.damaged if piece is not None and piece.damaged else pair.full
        mods: list[Modifier] = []
        if value.value <= 0:  # (not bool(value), without the call)
            return value, mods
        # most turns have no rating plan in force and no optional rule that changes values
        if acting is None:
            acting = self.rating_plans(pid[:2])
        if acting:
            value = self._plan_bonuses(acting, c, pid[:2], rating, value, mods, vs_subs)
        if self.state.variant is not None:
            value = variants.adjust_rating(self, pid, rating, value, mods)
        return value, mods

    def _plan_bonuses(
        self,
        acting: list[tuple[Plan, PlanInPlay]],
        c: CounterClass,
        side: str,
        rating: str,
        value: Rating,
        mods: list[Modifier],
        vs_subs: bool,
    ) -> Rating:
        """`value` with the side's rating_bonus plans in force (`acting`; each change added to `mods`)."""
        for plan, _pip in acting:
            eff = plan.effect
            if rating not in eff["ratings"] or not _who_matches(eff["who"], c):
                continue
            if eff["requires"] and not self.requirement_met(side, eff["requires"]):  # (most plans require nothing)
                continue
            if eff["excludes_subs"] and (c.type == "SS" or vs_subs):
                continue
            before = value
            value = value.plus(eff["add"], eff["superior_add"], eff["superior_min"])
            mods.append({"plan": plan.id, "source": f"{side} plan {plan.name}", "from": str(before), "to": str(value)})
        return value

    # --- description -----------------------------------------------------------------------

    def describe(self, pid: str) -> dict[str, Any]:
        return {
            "id": pid,
            "name": self.name(pid),
            "class": self.cls(pid).id if not pid.endswith(":airfield") else "",
            "damaged": self.damaged(pid),
            "box": self.box(pid),
        }


# The memo groups a piece leaves and joins in a move (_move_change)
_Change = tuple[tuple[Any, ...], tuple[Any, ...]]
# Board order: every force before every battle piece (Board._remember)
_PIECES_FROM = 1 << 20
# A side's plan counters by kind as Board._index_plans keeps them: the list of counters and its
# length when they were sorted, then kind -> the counters of that kind
_PlanIndex = tuple[list[PlanInPlay] | None, int, dict[str | None, list[tuple[Plan, PlanInPlay]]]]
_UNINDEXED: _PlanIndex = (None, -1, {})  # (before the first)


class _Classes(dict[str, CounterClass]):
    """pid -> its counter class, filled as asked (Board.cls)."""

    __slots__ = ("state", "sheet")

    def __init__(self) -> None:
        super().__init__()
        self.state: _InBattle | None = None  # the state and year sheet of the battle (Board.__init__)
        self.sheet: YearSheet | None = None

    def bind(self, state: _InBattle, sheet: YearSheet) -> None:
        """Look classes up in this battle's state and year sheet, unless bound already."""
        if self.state is None:
            self.state, self.sheet = state, sheet

    def __missing__(self, pid: str) -> CounterClass:
        self.learn((pid,))
        return self[pid]

    def learn(self, pids: Iterable[str]) -> None:
        """Find the classes of these pieces (forces or battle pieces) now: the set-up learns the
        battle's pieces as it makes them, in one call, not one call of __missing__ for each
        (from the dict's C code, which costs more than the lookup)."""
        assert self.state is not None and self.sheet is not None
        pieces, forces, by_id = self.state.battle.pieces, self.state.forces, self.sheet.cls
        for pid in pids:
            piece = pieces.get(pid)
            self[pid] = by_id[piece.cls if piece is not None else forces[pid].cls]


class _BoardMemo:
    """What the Boards over one battle's positions share (`Positions.board_cache`)."""

    __slots__ = (
        "results",
        "derived",
        "order",
        "place",
        "next_order",
        "cls",
        "names",
        "plans",
        "wings",
        "moves",
        "texts",
    )

    def __init__(self) -> None:
        self.results: dict[Any, list[str]] = {}  # the groups kept (_group_keys); read-only: callers get copies
        self.derived: dict[Any, Sequence[str]] = {}  # the other queries, asked since the last change
        self.order: dict[str, int] = {}  # pid -> its place in board order (forces, then pieces)
        self.place: Callable[[str], int] = self.order.__getitem__  # (insort's key: one bound method)
        self.next_order = 0  # the place of a piece new to the board (after every other)
        self.cls = _Classes()  # pid -> its class (Board.cls)
        self.names: dict[str, str] = {}  # pid -> its name (Board.name)
        # (pid, damaged) -> its name and values text, as the requests' info shows them: a piece
        # never changes name or class in a battle, and its damage is part of the key
        self.texts: dict[tuple[str, bool], tuple[str, str]] = {}
        self.plans: dict[str, _PlanIndex] = {}  # side -> its plans in play by kind, see Board._index_plans
        self.wings: tuple[list[str], int, frozenset[str]] | None = None  # see Board._wings
        # pid -> the moves table its type and side share (_TYPE_MOVES)
        self.moves: dict[str, dict[tuple[str | None, str | None], _Change]] = {}

    def follow(self, pos: Positions, pid: str, old: str | None, new: str | None) -> None:
        """A piece's change of box (None: off the board), made while the groups are current
        (Positions calls this as the change is made): the groups it leaves and joins are
        brought up to date at once, and the computed queries start again. The battle engine
        asks many queries between two moves, and scanning the board each time was its largest
        cost; every way of moving a piece, the engine's or a test's, goes through `positions`.
        (A force or piece only counts once it has a position, and leaves the board by losing
        it; an aircraft changes carrier only as it lands, a change of position too.)"""
        moves = self.moves.get(pid)
        if moves is None:  # a piece new to the groups (most have their place in board order)
            if pid not in self.order and not self.place_new(pid):
                pos.groups = None  # not a piece of the battle's lists: one pass at the next query
                return
            moves = self.moves_of(pid)
        leave, join = moves.get((old, new)) or self.new_move(moves, pid, old, new)
        results = self.results
        for key in leave:
            results[key].remove(pid)  # (groups are short: a scan costs less than a bisect)
        if join:
            place = self.place
            at = place(pid)
            for key in join:
                group = results.get(key)
                if group is None:
                    results[key] = [pid]
                elif not group or place(group[-1]) < at:  # (after every other: most are placed in board order)
                    group.append(pid)
                else:
                    insort(group, pid, key=place)
        if self.derived:
            self.derived = {}

    def place_new(self, pid: str) -> bool:
        """Give a piece new to the memo its place in board order: a force joins after the other
        forces (the battle's forces are only ever appended to), battle pieces just made after
        every other piece. False for anything else (it needs a fresh pass)."""
        order = self.order
        if pid in order:
            return True
        state = self.cls.state
        assert state is not None  # (set by the first Board, before any group was kept)
        bs = state.battle
        if pid in bs.pieces:
            made: list[str] = []
            for q in reversed(bs.pieces):
                if q in order:
                    break
                made.append(q)
            for q in reversed(made):
                order[q] = self.next_order
                self.next_order += 1
            return True
        if pid in bs.forces:
            order[pid] = bs.forces.index(pid)
            return True
        return False

    def moves_of(self, pid: str) -> dict[tuple[str | None, str | None], _Change]:
        """The piece's moves table: the one its type and side share (_TYPE_MOVES), kept by
        piece."""
        key = (self.cls[pid].type, pid[:2])
        moves = _TYPE_MOVES.get(key)
        if moves is None:
            moves = _TYPE_MOVES[key] = {}
        self.moves[pid] = moves
        return moves

    def new_move(
        self, moves: dict[tuple[str | None, str | None], _Change], pid: str, old: str | None, new: str | None
    ) -> _Change:
        """A move the piece's moves table has not seen yet, worked out and kept in it."""
        change = moves[old, new] = _move_change(self.cls[pid], pid[:2], old, new)
        return change


# (counter type, side) -> (box before, box after) -> the memo groups such a piece leaves and
# joins as it moves (None: off the board): the same in every battle, so worked out once per
# process and shared by the memos' `moves` of every piece of the type and side
# (_BoardMemo.moves_of). Keyed by type, not class: the groups of _group_keys depend on the class
# only through its type (is_ship, is_aircraft... are the type's), so the classes of every year
# sheet share the tables, and a year first played learns no moves its types made in another
_TYPE_MOVES: dict[tuple[str, str], dict[tuple[str | None, str | None], _Change]] = {}


def _move_change(c: CounterClass, side: str, old: str | None, new: str | None) -> _Change:
    """The memo groups a piece of class `c` and `side` leaves and joins going from box `old` to
    box `new` (None: off the board). From box to box it stays in the groups of its class and
    side: only the groups of its boxes change."""
    if old is None:
        return ((), _group_keys(c, side, new)[0] if new is not None else ())
    if new is None:
        return (_group_keys(c, side, old)[0], ())
    before, after = _group_keys(c, side, old)[1], _group_keys(c, side, new)[1]
    return (tuple(k for k in before if k not in after), tuple(k for k in after if k not in before))


# (class, damaged) -> Board.values_text, keyed by the class object's id (the entry keeps the
# class alive, and is checked)
_VALUES_TEXT: dict[tuple[int, bool], tuple[CounterClass, str]] = {}


def _group_keys(c: CounterClass, side: str, box: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The memo groups a piece of class `c` of `side` in `box` belongs to: its side, its side's
    aircraft, carriers, LBA, transports; and the queries asked most, so that
    a move does not make them be computed again (each is what Board._where once filtered from a
    kept group): ships, surface ships and submarines by area, aircraft flying (by area),
    infantry ashore, in the foxholes, embarked. (A group costs work at every move of its
    pieces: queries asked seldom are computed when asked, see _COMPUTED.)
    Returns them all, and those that depend on the box (all but the first ones). They depend on
    the class only through its type: the moves tables are kept by type (_TYPE_MOVES)."""
    keys: list[Any] = [side]
    for query, member in (
        ("aircraft", c.is_aircraft),
        ("carriers", c.is_carrier),
        ("lba", c.type == "LBA"),
        # (count_on_sheet, asked at every turn's end: few pieces are transports, so keeping
        # them costs less than keeping every other piece)
        ("transports", c.type == "TR"),
        ("any_subs", c.type == "SS"),  # (has_subs: the sub steps of most turns have none to ask about)
    ):
        if member:
            keys.append((query, side, None))
    always = len(keys)
    if c.is_ship:
        keys.append(("ships", side, box))
        keys.append(("subs" if c.type == "SS" else "surface_ships", side, box))
    if c.is_aircraft and box in AREAS:
        keys.append(("flying", side, box))
    if c.is_ground:
        if box == f"{side}_FH":
            keys.append(("ashore", side, None))
            keys.append(("foxholes", side, None))
        elif box == f"{side}_BE":
            keys.append(("ashore", side, None))
        elif box == ON_TRANSPORT:
            keys.append(("embarked", side, None))
    return (tuple(keys), tuple(keys[always:]))


def _shared(positions: dict[str, str]) -> _BoardMemo:
    """The memo of these positions (always a Positions: BattleState converts), made on first use."""
    pos: Positions = positions  # type: ignore[assignment]  # (not typing.cast: a call)
    memo: _BoardMemo | None = pos.board_cache
    if memo is None:
        memo = pos.board_cache = _BoardMemo()
    return memo


# --- the queries Board._computed works out when asked: (board, side, area) -> piece ids ---


def _bombing_wings(board: Board, side: str, area: str | None) -> list[str]:
    wings = board._wings()
    return [p for p in board._ids(side) if p in wings] if wings else []


def _all_ships(board: Board, side: str, area: str | None) -> list[str]:
    return [p for p in board._ids(side) if board.cls(p).is_ship]


def _in_box(board: Board, side: str, box: str | None) -> list[str]:
    pos = board.state.battle.positions
    found = []
    for p in board._ids(side):
        if pos[p] == box:
            found.append(p)
    return found


def _flying_anywhere(board: Board, side: str, area: str | None) -> list[str]:
    pos = board.state.battle.positions
    return [p for p in board._where("aircraft", side) if pos[p] in AREAS]


def _at_home(board: Board, side: str, area: str | None) -> list[str]:
    pos = board.state.battle.positions
    found = []
    for p in board._where("aircraft", side):
        if pos[p] not in AREAS:
            found.append(p)
    return found


def _on_deck(board: Board, carrier: str, area: str | None) -> list[str]:
    pos = board.state.battle.positions
    found = []
    for p, piece in board.state.battle.pieces.items():
        if piece.kind == "aircraft" and piece.home == carrier and pos.get(p) == DECK:
            found.append(p)
    return found


# The placement queries Board._computed computes when asked (kept until a piece moves); every
# other query is a group the memo keeps (_group_keys, Board._where): ships, surface ships, subs (by area),
# carriers, aircraft, LBA, transports, flying (by area), ashore,
# foxholes, embarked.
_COMPUTED: dict[str, Callable[[Board, str, str | None], list[str]]] = {
    "all_ships": _all_ships,  # (no rule asks for it in a campaign)
    "bombing_wings": _bombing_wings,
    "flying_anywhere": _flying_anywhere,  # (kept, every sortie and landing changed it: no rule asks)
    "at_home": _at_home,  # (kept, every sortie and landing changed it: asked once a turn)
    "in_box": _in_box,  # (kept, every move changed it: infantry advancing asks once a turn)
    "on_deck": _on_deck,
}
# (each answers with a list, not a generator, which tuple() resumes for every item; the three
# asked every turn by loops, since a comprehension is a call of its own)


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
