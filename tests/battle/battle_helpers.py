"""Shared helpers for the battle tests: small hand-made situations and a driver."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from nimitz.engine.battle import resolve_battle
from nimitz.engine.battle.board import Board
from nimitz.engine.dice import ScriptedDice
from nimitz.engine.game import Game, JournaledDice
from nimitz.engine.setup import new_battalion, new_campaign
from nimitz.model.journal import Decision
from nimitz.model.load import load_game_data
from nimitz.model.state import DESTROYED, JA_POOL, RulesProfile
from nimitz.persist.players import bot_game

DATA = load_game_data()
AREA = "MI"  # an ordinary objective area with an airfield, not a home area


def empty_state(year: int = 1942, seed: int = 1, rules: RulesProfile | None = None):
    """A new campaign with every force moved out of the way (DESTROYED), so a test can place
    exactly the forces it needs."""
    state = new_campaign(DATA, year, seed, rules)
    for f in state.forces.values():
        if f.location != JA_POOL:
            f.location = DESTROYED
    return state


def put(state, side: str, name: str, area: str = AREA, *, damaged: bool = False, embarked: bool = False) -> str:
    """Move the named counter into `area` (taking it out of the JA stacks if it was there)."""
    fid = f"{side}:{name}"
    f = state.forces[fid]
    if f.location == JA_POOL:
        for stack in state.ja_stacks.values():
            if fid in stack:
                stack.remove(fid)
    f.location = area
    f.damaged = damaged
    f.embarked = embarked
    return fid


def battalion(state, side: str = "JA", area: str = AREA, **kw) -> str:
    f = new_battalion(state, DATA.year(state.year), side, area)
    f.damaged = kw.get("damaged", False)
    f.embarked = kw.get("embarked", False)
    return f.id


class PrefixDice:
    """Scripted faces first, then the state's seeded dice (for tests that script only the start)."""

    def __init__(self, faces, state):
        from nimitz.engine.dice import SeededDice

        self.scripted = ScriptedDice(list(faces))
        self.seeded = SeededDice(state.dice)
        self.rolls = []

    def roll(self, stream, sides=10, purpose=""):
        src = self.scripted if self.scripted.used < len(self.scripted.faces) else self.seeded
        face = src.roll(stream, sides, purpose)
        self.rolls.append(src.rolls[-1])
        return face


def game_with(state, faces: Iterable[int] | None = None, *, then_seeded: bool = False) -> Game:
    """A game; with `faces`, scripted dice (journaled); `then_seeded`: seeded dice after them."""
    if faces is None:
        return bot_game(DATA, state)
    dice = PrefixDice(faces, state) if then_seeded else ScriptedDice(list(faces))
    game = bot_game(DATA, state, dice=dice)
    game.dice = JournaledDice(game.dice, game)
    return game


class Driver:
    """Runs resolve_battle step by step, answering with scripted decisions or a policy."""

    def __init__(self, game: Game, area: str = AREA):
        self.game = game
        self.gen = resolve_battle(game, area)
        self.requests = []
        self.request = None
        self.done = False
        self._advance(None)

    def _advance(self, decision):
        try:
            self.request = next(self.gen) if decision is None else self.gen.send(decision)
            self.requests.append(self.request)
        except StopIteration:
            self.request = None
            self.done = True

    def answer(self, decision: Decision):
        self.request.check(decision)
        self._advance(decision)
        return self.request

    def run(self, policy: Callable, until: Callable | None = None):
        """Answer with `policy(request, game)` until the battle ends or `until(request)`."""
        while not self.done:
            if until is not None and until(self.request):
                return self.request
            self.answer(policy(self.request, self.game))
        return None

    @property
    def board(self) -> Board:
        return Board(self.game)


def rolls(game: Game, stream: str | None = None) -> list:
    return [r for r in game.dice.rolls if stream is None or r.stream == stream]


def bot_entries(game: Game, text: str = "") -> list:
    return [e for e in game.journal if e.kind == "bot" and text in e.text]


def random_scenario(rng: random.Random, seed: int):
    """A random battle: a year, an area, random forces of both sides, some damaged/embarked."""
    year = rng.choice((1942, 1943, 1944, 1945))
    state = new_campaign(DATA, year, seed, RulesProfile(auto_reactive_plans=rng.random() < 0.3))
    state.sp = rng.randint(0, 8)
    sheet = DATA.year(year)
    areas = [a.code for a in DATA.map.areas if not a.home]
    area = rng.choice(areas)
    aus_ok = DATA.map.area[area].australian
    for f in list(state.forces.values()):
        c = sheet.cls[f.cls]
        if f.location == area:
            f.location = DESTROYED if f.side == "US" or rng.random() < 0.5 else f.location
        if f.side == "US" and c.australian and not aus_ok:
            continue
        p = {"CV": 0.12, "CVL": 0.1, "CVE": 0.1, "SS": 0.1, "LBA": 0.08, "INF": 0.08, "BN": 0.2}.get(c.type, 0.06)
        if rng.random() < p:
            put(state, f.side, f.name, area, damaged=rng.random() < 0.15, embarked=c.is_ground and rng.random() < 0.4)
    if not state.at(area, "US"):
        put(
            state,
            "US",
            next(f.name for f in state.forces.values() if f.side == "US" and sheet.cls[f.cls].type == "DD"),
            area,
        )
    if not state.at(area, "JA"):
        battalion(state, "JA", area)
    return state, area


# --- building a board directly (to test one step at a time) ----------------------------------


def make_board(
    game: Game,
    boxes: dict[str, str],
    *,
    area: str = AREA,
    turn: int = 1,
    air_groups: bool = True,
    airfields: dict[str, int] | None = None,
    transports: bool = True,
) -> Board:
    """A battle already set up: `boxes` maps force ids to board boxes ('TR' = on the transport).
    Carrier air groups are made (on deck) unless `air_groups` is False."""
    from nimitz.engine.battle.setup import make_air_group
    from nimitz.model.battle import BattlePiece, BattleState

    state = game.state
    # (positions given to __init__, which makes them the Positions the board needs: BattleState
    # converts nothing on assignment)
    bs = BattleState(area=area, turn=turn, length=4, positions=dict(boxes))
    bs.forces = list(boxes)
    state.battle = bs
    board = Board(game)
    for side in ("US", "JA"):
        if transports and any(b == "TR" and f.startswith(side) for f, b in boxes.items()):
            cls = next(c for c in board.sheet.classes if c.side == side and c.type == "TR")
            tid = f"{side}:Transport"
            bs.pieces[tid] = BattlePiece(id=tid, side=side, cls=cls.id, name=f"{side} transport", kind="transport")
            bs.positions[tid] = "CO"
    for side in ("US", "JA"):
        bs.airfields[side] = len(board.lba(side)) if airfields is None else airfields.get(side, 0)
    if air_groups:
        for side in ("US", "JA"):
            for c in board.carriers(side):
                make_air_group(board, c)
    return board


def run(gen, policy=None, answers=None):
    """Drive a battle generator (or one step's generator) to its end. `answers`: decisions used
    first, in order; then `policy(request)` (default: the passive answer). Returns (requests,
    return value)."""
    from nimitz.policies.battle import passive

    answers = list(answers or [])
    requests = []
    try:
        req = next(gen)
        while True:
            requests.append(req)
            if answers:
                d = answers.pop(0)
            elif policy is not None:
                d = policy(req)
            else:
                d = passive(req, None)
            req.check(d)
            req = gen.send(d)
    except StopIteration as stop:
        return requests, stop.value


def plan(board: Board, side: str, plan_id: str, *, playing: bool = True):
    """Put a plan in play: a JA plan drawn this turn, or a US plan bought (and played)."""
    from nimitz.model.battle import PlanInPlay

    if side == "JA":
        pip = PlanInPlay(plan=plan_id, side="JA", turn=board.bs.turn)
        board.bs.ja_plans.append(pip)
    else:
        pip = PlanInPlay(plan=plan_id, side="US")
        board.bs.us_plans.append(pip)
        if playing:
            board.bs.us_playing.append(plan_id)
    return pip


def air(board: Board, carrier: str) -> list[str]:
    """The carrier's aircraft ids."""
    return [p for p, piece in board.bs.pieces.items() if piece.kind == "aircraft" and piece.home == carrier]
