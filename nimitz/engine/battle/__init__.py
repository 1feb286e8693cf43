"""Campaign Turn BATTLE: one battle on the battle board, from set-up to the survivors' return.

`resolve_battle(game, area)` is a generator: the campaign step runs it with
`yield from resolve_battle(game, area)`. It builds `game.state.battle`, fights the whole battle
and puts every force back (see `finish`), then sets `game.state.battle = None`. Japanese
decisions come from the game's Japanese player (`game.japan`, engine/players.py), each
journaled with its explanation.

US decision requests (every one has a checker that raises IllegalDecision naming the rule; a
request is not made when only one answer is legal):

- `battle_place_ships`, at set-up if the US has ships other than carriers and submarines:
  `targets`: every such ship id -> `"UO"` or `"CO"`.
- `battle_place_subs`, at set-up after Japan placed, if US subs and JA ships are present:
  `targets`: every sub id -> an area holding JA ships, or `"out"`.
- `battle_plans`, at set-up: `count`: SP spent (0..state.sp); `forces`: plan ids bought (3 free BPP
  + 3 per SP, R12).
- `battle_first_light`, at turn start after a successful US First Light roll: `forces`: (carrier
  id,), `area`; or `choice="decline"` (plan kept).
- `battle_air`, each turn if US aircraft can fly or a plan can be played: `targets`: aircraft id ->
  `JO` `IS` `CO` `UO` or `"home"` (missing = home); `forces`: plan ids played this turn
  (non-reactive plans: Anti-Aircraft, ASW, Artillery, Charge).
- `battle_allocate_hits`, hits on US forces when the placement is a real choice: `choice="auto"`
  (R15 auto rule), or `forces`: one target id per hit, in order (R15/R38).
- `battle_reactive`, when a reactive US plan applies now (R16; not asked with
  `auto_reactive_plans`): one of the offered options (`choice`=plan id, with `forces`/`area`/`count`
  as offered), or `choice="decline"`.
- `battle_excess_aircraft`, carrier aircraft that cannot land, when the choice matters:
  `choice="auto"` or `forces`: exactly that many aircraft ids.
- `battle_airfield_losses`, more US LBA than airfields, when the choice matters: `choice="auto"` or
  `forces`: exactly that many LBA ids.

Target ids in `battle_allocate_hits`: force ids, carrier-aircraft ids ("US:Lexington air 2"),
`"US:airfield"` (one airfield per hit) and `"US:Transport"` (each hit: 2 hits on the infantry it
carries, placed next). Rulings added by the battle engine: R30-R39 (docs/rulings-added.md).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from nimitz.engine.battle import setup as S
from nimitz.engine.battle import turn as T
from nimitz.engine.battle.board import Board
from nimitz.engine.requests import Request
from nimitz.engine.setup import destroy_force
from nimitz.model.battle import ON_TRANSPORT, BattleState
from nimitz.model.journal import Decision

if TYPE_CHECKING:
    from nimitz.engine.game import Game

__all__ = ["resolve_battle", "continue_battle", "finish"]


def resolve_battle(game: Game, area: str, earlier: list[str] | None = None) -> Generator[Request, Decision, None]:
    """Fight the battle in map `area` (both sides have forces there); `earlier`: the areas whose
    battles this Resolve Battles step fought before it."""
    state = game.state
    state.battle = BattleState(area=area, earlier=list(earlier or ()))
    state.step = "battle:setup"
    board = Board(game)
    if not game.skips("event"):  # (a lab game: not even its text)
        game.log("event", "", f"Battle in {area} begins", {"area": area})
    yield from S.place_forces(board)
    why = _over_at_start(board)
    if not why:
        S.length_and_plans(board)
        yield from S.purchase_plans(board)
        why = yield from _fight(board)
    _end(board, why)


def continue_battle(game: Game) -> Generator[Request, Decision, None]:
    """Go on with the battle in `game.state.battle`, set up and standing at the start of a
    battle turn: a position begun inside a battle (docs/positions.md)."""
    board = Board(game)
    why = yield from _fight(board)
    _end(board, why)


def _fight(board: Board) -> Generator[Request, Decision, str]:
    """Battle turns until the battle ends; returns why it ended."""
    while True:
        board.game.mark("battle_turn")  # a position can stand here (nimitz position export)
        yield from T.battle_turn(board)
        why = T.over(board)
        if why:
            return why


def _end(board: Board, why: str) -> None:
    state = board.game.state
    board.bs.ended = why
    state.step = "battle:end"
    finish(board)
    state.battle = None


def _over_at_start(board: Board) -> str:
    us, ja = board.count_on_sheet("US"), board.count_on_sheet("JA")
    if not us or not ja:
        return "one side has no forces on the battle sheet"
    return ""


_ASHORE = frozenset(("US_BE", "US_FH", "JA_BE", "JA_FH"))  # the beaches and foxholes


def finish(board: Board) -> None:
    """Put every force back: survivors stay in the map area (R17: infantry ashore are no longer
    embarked, infantry still on a transport stay embarked); destroyed forces go to their box."""
    bs = board.bs
    state = board.state
    sheet = board.sheet
    lost = set(bs.destroyed)
    summary: dict[str, list[str]] = {"survivors": [], "destroyed": []}
    forces, positions, survivors = state.forces, bs.positions, summary["survivors"]  # (asked once, not per force)
    for fid in bs.forces:
        f = forces[fid]
        if fid in lost:
            destroy_force(state, sheet, f)
            summary["destroyed"].append(fid)
            continue
        box = positions.get(fid, "")
        # (set only when it changes: each assignment is a call of Force.__setattr__)
        if box == ON_TRANSPORT:
            if not f.embarked:
                f.embarked = True
        elif f.embarked and box in _ASHORE:
            f.embarked = False
        survivors.append(fid)
    board.game.log(
        "event",
        "",
        f"Battle in {bs.area} ends after {bs.turn} turn(s): {bs.ended}; {len(summary['destroyed'])} force(s) destroyed",
        {**summary, "why": bs.ended, "stats": dict(bs.stats)},
    )
