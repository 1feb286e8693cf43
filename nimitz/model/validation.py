"""Is a campaign state one the game can meet? Checked for every state a save holds (the current
state and each checkpoint) before the engine, the bot or a view touches it.

`validate_state` returns every problem, each naming where it is (`$.state.forces['JA:Kaga'].cls`),
so a hostile or damaged save is refused with a message instead of a KeyError deep in the engine.
The invariants every legal position meets (model/invariants.py) are part of it; this module adds
the references the engine follows without looking: the rules options, the dice, the stacks, the
areas in lists, the linked years and the battle board.
"""

from __future__ import annotations

from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT, BattleState
from nimitz.model.data import GameData
from nimitz.model.invariants import state_problems
from nimitz.model.optional_rules import OPTION_NAMES, OPTION_STREAMS
from nimitz.model.state import STACKS, CampaignState

SIDES = ("US", "JA")
JA_TIES = ("bot", "player")  # ruling R24
DICE_STREAMS = ("us", "ja", "bot") + tuple(OPTION_STREAMS.values())
BOARD_BOXES = frozenset(AREAS) | frozenset(ISLAND_BOXES) | {DECK, ON_TRANSPORT}
PIECE_KINDS = ("aircraft", "transport")
MIGRATED_HELD_AT_START = 99  # schema-1 saves: R21 read literally (persist/saves.py)
_U64 = 2**64


def validate_state(state: CampaignState, data: GameData, where: str = "$.state") -> list[str]:
    """Every reason `state` is not a position the game can be in; [] when it is."""
    if state.year not in data.years:
        return [f"{where}.year: there is no {state.year} campaign"]
    problems = state_problems(state, data, where)
    sheet = data.year(state.year)
    rules = state.rules
    if rules.ja_ties not in JA_TIES:
        problems.append(f"{where}.rules.ja_ties: {rules.ja_ties!r} is neither 'bot' nor 'player'")
    if rules.battalion_pool not in ("unlimited", "counters"):
        problems.append(
            f"{where}.rules.battalion_pool: {rules.battalion_pool!r} is neither 'unlimited' nor 'counters' (R10)"
        )
    for name in ("extra_supply", "extra_bpp"):
        if not 0 <= getattr(rules, name) <= 99:
            problems.append(f"{where}.rules.{name}: {getattr(rules, name)} is not 0 to 99")
    problems += _dice_problems(state, where)
    problems += _optional_rules_problems(state, data, where)
    for name in state.ja_stacks:
        if name not in STACKS:
            problems.append(f"{where}.ja_stacks: {name!r} is no Japanese reinforcement stack")
    for field_name in ("scout_held", "lba_bases"):
        for code in getattr(state, field_name):
            if code not in data.map.area:
                problems.append(f"{where}.{field_name}: {code!r} is no area of the map")
    for field_name, low in (
        ("next_battalion", 1),
        ("scouting_points", 0),
        ("invaded_this_turn", 0),
        ("battles_fought", 0),
    ):
        if getattr(state, field_name) < low:
            problems.append(f"{where}.{field_name}: {getattr(state, field_name)} is below {low}")
    objectives = len(sheet.objectives)
    if len(state.held_history) > state.turn:
        problems.append(f"{where}.held_history: {len(state.held_history)} turns recorded by turn {state.turn}")
    for k, held in enumerate(state.held_history):
        if not 0 <= held <= objectives:
            problems.append(f"{where}.held_history[{k}]: {held} objectives of {objectives}")
    if not (0 <= state.held_at_start <= objectives or state.held_at_start == MIGRATED_HELD_AT_START):
        problems.append(f"{where}.held_at_start: {state.held_at_start} objectives of {objectives}")
    results = {lv.name for lv in sheet.evaluation} | {"Defeat: Hawaii lost", "Replaced"}
    if state.result and state.result not in results and not state.result.startswith("Linked: "):
        problems.append(f"{where}.result: {state.result!r} is no campaign result")
    for k, done in enumerate(state.linked_years):
        if done.year not in data.years or done.year > state.year:
            problems.append(f"{where}.linked_years[{k}].year: {done.year} is not a year up to {state.year}")
    if state.linked_years and not state.linked:
        problems.append(f"{where}.linked_years: years recorded in a campaign that is not linked")
    if state.battle is not None:
        problems += _battle_problems(state, state.battle, data, f"{where}.battle")
    return problems


def validate_checkpoint_state(state: CampaignState, turn: int, data: GameData, where: str) -> list[str]:
    """A checkpoint is the state at a turn's start: no battle on the board, the turn it says;
    or a position's (docs/positions.md), which may stand inside a battle in Resolve Battles."""
    problems = validate_state(state, data, where)
    if problems:
        return problems
    if state.turn != turn:
        problems.append(f"{where}.turn: {state.turn}, but the checkpoint is for turn {turn}")
    if state.battle is not None and state.step != "battles":
        problems.append(f"{where}.battle: a battle on the board at a turn's start")
    if state.finished:
        problems.append(f"{where}.result: the campaign is already over at a turn's start")
    return problems


def _optional_rules_problems(state: CampaignState, data: GameData, where: str) -> list[str]:
    """The optional rules chosen and where they stand (docs/optional-rules.md)."""
    options = state.rules.options
    problems = [f"{where}.rules.options: {o!r} is no optional rule" for o in options if o not in OPTION_NAMES]
    if len(set(options)) != len(options):
        problems.append(f"{where}.rules.options: an optional rule is named twice")
    v = state.variant
    if v is None:
        return problems
    w = f"{where}.variant"
    tables = data.optional_rules
    if v.weather not in tables.weather.levels:
        problems.append(f"{w}.weather: {v.weather!r} is no weather level")
    if not 0 <= v.event <= tables.events.sides:
        problems.append(f"{w}.event: {v.event} is not a face of the d{tables.events.sides}")
    if v.event_area and v.event_area not in data.map.area:
        problems.append(f"{w}.event_area: {v.event_area!r} is no area of the map")
    if v.event_force and v.event_force not in state.forces:
        problems.append(f"{w}.event_force: {v.event_force!r} is no force")
    if not 0 <= v.ended_early <= data.year(state.year).turns:
        problems.append(f"{w}.ended_early: {v.ended_early} is not a turn")
    for area, stack in v.fog.items():
        if area not in data.map.area:
            problems.append(f"{w}.fog: {area!r} is no area of the map")
        for fid in stack.forces:
            if fid not in state.forces or state.forces[fid].side != "JA":
                problems.append(f"{w}.fog[{area!r}].forces: {fid!r} is no Japanese force")
        if not 0 <= stack.blanks_seen <= stack.blanks:
            problems.append(f"{w}.fog[{area!r}]: {stack.blanks_seen} blanks seen of {stack.blanks}")
    for fid in v.revealed:
        if fid not in state.forces:
            problems.append(f"{w}.revealed: {fid!r} is no force")
    return problems


def _dice_problems(state: CampaignState, where: str) -> list[str]:
    problems = []
    if not 0 <= state.dice.seed < 2**63:
        problems.append(f"{where}.dice.seed: {state.dice.seed} is out of range")
    for name, position in state.dice.streams.items():
        if name not in DICE_STREAMS:
            problems.append(f"{where}.dice.streams: {name!r} is no dice stream")
        elif not 0 <= position < _U64:
            problems.append(f"{where}.dice.streams[{name!r}]: {position} is out of range")
    return problems


def _battle_problems(state: CampaignState, board: BattleState, data: GameData, where: str) -> list[str]:
    """Every id the battle board names must exist: forces, pieces, classes, plans, boxes."""
    sheet = data.year(state.year)
    p: list[str] = []
    if board.area not in data.map.area:
        p.append(f"{where}.area: {board.area!r} is no area of the map")
    for field_name in (
        "turn",
        "length",
        "rolled_length",
        "us_bpp",
        "us_sp_spent",
        "ja_plans_per_turn",
        "ja_force_count",
    ):
        if getattr(board, field_name) < 0:
            p.append(f"{where}.{field_name}: {getattr(board, field_name)} is negative")
    for field_name in ("forces", "destroyed", "out"):
        for fid in getattr(board, field_name):
            if fid not in state.forces:
                p.append(f"{where}.{field_name}: {fid!r} is no force of the campaign")
    for pid, piece in board.pieces.items():
        w = f"{where}.pieces[{pid!r}]"
        if piece.id != pid:
            p.append(f"{w}.id: says {piece.id!r}")
        cls = sheet.cls.get(piece.cls)
        if cls is None or piece.side not in SIDES or cls.side != piece.side:
            p.append(f"{w}.cls: {piece.cls!r} is no {piece.side} counter class of {state.year}")
        if piece.kind not in PIECE_KINDS:
            p.append(f"{w}.kind: {piece.kind!r} is neither aircraft nor transport")
        if piece.home and piece.home not in state.forces:
            p.append(f"{w}.home: {piece.home!r} is no force of the campaign")
    known = set(board.forces) | set(board.pieces)
    for pid, box in board.positions.items():
        if pid not in known:
            p.append(f"{where}.positions: {pid!r} is not in the battle")
        if box not in BOARD_BOXES:
            p.append(f"{where}.positions[{pid!r}]: {box!r} is no box of the battle board")
    for fid in board.capacity:
        if fid not in state.forces:
            p.append(f"{where}.capacity: {fid!r} is no force of the campaign")
    for side in board.airfields:
        if side not in SIDES:
            p.append(f"{where}.airfields: {side!r} is neither US nor JA")
    for field_name in ("lost_pieces", "done"):  # pieces may have left the board since
        for pid in getattr(board, field_name):
            if pid.split(":")[0] not in SIDES:
                p.append(f"{where}.{field_name}: {pid!r} is no counter of either side")
    ja_ids, us_ids = data.ja_plans.by_id, data.us_plans.by_id
    for field_name in ("cup", "drawn"):
        for plan in getattr(board, field_name):
            if plan not in ja_ids:
                p.append(f"{where}.{field_name}: {plan!r} is no Japanese battle plan")
    for field_name, ids, side in (("ja_plans", ja_ids, "JA"), ("us_plans", us_ids, "US")):
        for k, played in enumerate(getattr(board, field_name)):
            if played.plan not in ids or played.side != side:
                p.append(f"{where}.{field_name}[{k}]: {played.plan!r} is no {side} battle plan")
    for plan in board.us_playing:
        if plan not in us_ids:
            p.append(f"{where}.us_playing: {plan!r} is no US battle plan")
    return p
