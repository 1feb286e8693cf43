"""Position files: the situation on the table at the start of a campaign step, as readable TOML.

`position_text(state, data)` writes one (`nimitz position export`); `read_position(text, data)`
checks one and builds the campaign state it describes (`nimitz new --position`), or raises
PositionError listing every problem with its line and key. `step_start_state` finds, in a saved
campaign, the state at the start of the step it is in. docs/positions.md describes the format.

A counter is written as its name, with its markers in brackets: "Kaga [damaged]",
"25th [embarked, moved]". Battalions are "Battalion 7" ("Battalion" alone takes the next free
number). Counters of the year a position does not list are in their reinforcement pool (US) or
at the bottom of their reinforcement stack (JA), in the year sheet's order.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from nimitz.engine.campaign import POSITION_STEPS, STEP_NAMES
from nimitz.engine.setup import new_campaign, stack_of
from nimitz.errors import NimitzError
from nimitz.model.data import GameData, YearSheet
from nimitz.model.invariants import state_problems
from nimitz.model.journal import Checkpoint, JournalEntry
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    DESTROYED,
    INVASION,
    JA_POOL,
    RAID,
    STACKS,
    US_POOL,
    CampaignState,
    DiceState,
    Force,
    LinkedYear,
    RulesProfile,
)
from nimitz.persist.players import bot_game

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.persist.saves import SaveEnvelope

FORMAT = "nimitz-position"
VERSION = 1
MARKERS = ("damaged", "embarked", "moved")
BOX_SIDES = {
    "P1": ("US",),
    "P2": ("US",),
    "P3": ("US",),
    US_POOL: ("US",),
    RAID: ("US",),
    BOMBING: ("US",),
    INVASION: ("US",),
    BATTALIONS: ("JA",),
    DESTROYED: ("US", "JA"),
}
STREAMS = ("us", "ja", "bot")
TOP_KEYS = {
    "format",
    "version",
    "year",
    "turn",
    "step",
    "sp",
    "ja_track",
    "scouting_points",
    "scout_held",
    "held_at_start",
    "held_history",
    "battles_fought",
    "next_battalion",
    "linked",
    "linked_years",
    "rules",
    "dice",
    "areas",
    "boxes",
    "ja_stacks",
}
_ENTRY = re.compile(r"^(?P<name>[^\[\]]*?)\s*(?:\[(?P<marks>[^\[\]]*)\])?\s*$")


class PositionError(NimitzError):
    """A position file that cannot be read; the message lists every problem."""


# --- writing -----------------------------------------------------------------------------------


def _entry(f: Force) -> str:
    marks = [m for m in MARKERS if getattr(f, m)]
    return f.name + (f" [{', '.join(marks)}]" if marks else "")


def _list(values: list[Any], indent: str = "") -> str:
    """A TOML array, wrapped to stay readable."""
    items = [json.dumps(v) for v in values]
    one = "[" + ", ".join(items) + "]"
    if len(indent) + len(one) < 90:
        return one
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) > 86:
            lines.append(line.rstrip())
            line = ""
        line += item + ", "
    lines.append(line.rstrip())
    return "[\n" + "".join(f"  {x}\n" for x in lines) + "]"


def position_text(state: CampaignState, data: GameData, source: str = "") -> str:
    """The state as a position file (it must stand at the start of a step, see
    `step_start_state`)."""
    if state.rules.options:
        raise PositionError(
            f"positions do not hold the state of the optional rules "
            f"({', '.join(state.rules.options)}: weather, events, fog of war) yet; "
            f"export works for campaigns without optional rules"
        )
    if state.step not in POSITION_STEPS:
        raise PositionError(
            f"a position starts at a campaign step ({', '.join(POSITION_STEPS)}), not at {state.step!r}"
        )
    sheet = data.year(state.year)
    out = ["# A nimitz position: the situation at the start of a campaign step (docs/positions.md)."]
    if source:
        out.append(f"# Exported from {source}.")
    out += [
        f'format = "{FORMAT}"',
        f"version = {VERSION}",
        f"year = {state.year}",
        f"turn = {state.turn}  # of {sheet.turns}",
        f'step = "{state.step}"  # {STEP_NAMES[state.step]}: {", ".join(POSITION_STEPS)}',
        f"sp = {state.sp}",
        f"ja_track = {state.ja_track}",
        f"scouting_points = {state.scouting_points}",
        f"scout_held = {_list(state.scout_held)}",
        f"held_at_start = {state.held_at_start}  # objectives held at the set-up (R53)",
        f"held_history = {_list(state.held_history)}  # objectives held at each turn's end",
        f"battles_fought = {state.battles_fought}",
        f"next_battalion = {state.next_battalion}",
        f"linked = {'true' if state.linked else 'false'}",
        "",
    ]
    r = state.rules
    out += [
        "[rules]",
        f'order_modifiers = "{r.order_modifiers}"',
        f'ja_ties = "{r.ja_ties}"',
        f"auto_reactive_plans = {'true' if r.auto_reactive_plans else 'false'}",
        f"objective_hold_track = {'true' if r.objective_hold_track else 'false'}",
        f'battalion_pool = "{r.battalion_pool}"',
        f"extra_supply = {r.extra_supply}",
        f"extra_bpp = {r.extra_bpp}",
        "",
    ]
    out += ["[dice]", f"seed = {state.dice.seed}"]
    out += [f"{s} = {state.dice.streams[s]}" for s in STREAMS if s in state.dice.streams]
    out.append("")
    by_place: dict[str, dict[str, list[str]]] = {}
    for f in state.forces.values():
        if f.location != JA_POOL:
            by_place.setdefault(f.location, {}).setdefault(f.side, []).append(_entry(f))
    for area in data.map.areas:
        if area.code in by_place:
            out.append(f"[areas.{area.code}]  # {area.name}")
            out += [
                f"{side} = {_list(by_place[area.code][side])}" for side in ("US", "JA") if side in by_place[area.code]
            ]
            out.append("")
    names = {b.code: b.name for b in data.map.boxes} | {DESTROYED: "destroyed, out of play"}
    for box in BOX_SIDES:
        if box in by_place:
            out.append(f"[boxes.{box}]  # {names.get(box, box)}")
            out += [f"{side} = {_list(by_place[box][side])}" for side in ("US", "JA") if side in by_place[box]]
            out.append("")
    out.append("[ja_stacks]  # the JA reinforcement pool, top of each stack first")
    for stack in STACKS:
        out.append(f"{stack} = {_list([_entry(state.forces[i]) for i in state.ja_stacks[stack]])}")
    for y in state.linked_years:
        out += ["", "[[linked_years]]", f"year = {y.year}", f"score = {y.score}", f"result = {json.dumps(y.result)}"]
    return "\n".join(out) + "\n"


def step_start_state(data: GameData, checkpoints: list[Checkpoint], journal: list[JournalEntry]) -> CampaignState:
    """The state at the start of the step a saved campaign is in: replayed from its turn's
    checkpoint up to the journal entry that opened the step."""
    from nimitz.persist.history import EntryStates

    starts = [i for i, e in enumerate(journal) if e.kind == "event" and e.data.get("step_start")]
    if not starts:
        raise PositionError(
            "this save has no step marks in its journal (it predates positions): "
            "play on to the next step and export again"
        )
    return EntryStates(data, checkpoints, journal).state(starts[-1])


# --- reading -----------------------------------------------------------------------------------


class _Problems:
    """Problems found in a position file, each with its line (when found) and key."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.items: list[str] = []

    def add(self, key: str, sentence: str, needle: str | None = None) -> None:
        line = self.line_of(key, needle)
        self.items.append(f"{f'line {line}, ' if line else ''}{key}: {sentence}")

    def line_of(self, key: str, needle: str | None) -> int:
        """The line a key (or a value under it) is on: after its table's header, the first line
        holding the quoted value or `name =`."""
        parts = key.split(".")
        start = 0
        for depth in range(len(parts) - 1, 0, -1):
            header = re.compile(r"^\s*\[+\s*" + r"\s*\.\s*".join(map(re.escape, parts[:depth])) + r"\s*\]+")
            found = next((i for i, ln in enumerate(self.lines) if header.match(ln)), None)
            if found is not None:
                start = found
                break
        pattern = (
            re.compile(re.escape(json.dumps(needle)[:-1]))
            if needle is not None
            else re.compile(r"^\s*" + re.escape(parts[-1]) + r"\s*=")
        )
        for i in range(start, len(self.lines)):
            if pattern.search(self.lines[i]):
                return i + 1
        return start + 1 if start else 0


def _int(doc: dict[str, Any], key: str, problems: _Problems, lo: int, hi: int | None, default: int | None) -> int:
    value = doc.get(key, default)
    if value is None:
        problems.add(key, "missing: give it a whole number")
        return lo
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(key, f"{value!r} is not a whole number")
        return lo
    if value < lo or (hi is not None and value > hi):
        problems.add(key, f"{value} is outside {lo}..{hi}" if hi is not None else f"{value} is below {lo}")
        return lo
    return value


def _year_of(data: GameData, side: str, name: str) -> list[int]:
    return [y for y in data.years if (side, name) in data.year(y).unit_class]


class _Placer:
    """Turns the listed entries into forces, remembering where each was listed."""

    def __init__(self, data: GameData, sheet: YearSheet, year: int, problems: _Problems) -> None:
        self.data, self.sheet, self.year, self.problems = data, sheet, year, problems
        self.forces: dict[str, Force] = {}
        self.where: dict[str, str] = {}  # force id -> key it was listed under
        self.unnumbered: list[tuple[str, str, str, tuple[str, ...]]] = []

    def entry(self, key: str, side: str, raw: object, location: str) -> Force | None:
        if not isinstance(raw, str):
            self.problems.add(key, f"{raw!r} is not a counter name in quotes")
            return None
        m = _ENTRY.match(raw)
        name = (m["name"] if m else raw).strip()
        marks = tuple(x.strip() for x in (m["marks"] or "").split(",") if x.strip()) if m else ()
        bad = [x for x in marks if x not in MARKERS]
        if not m or bad:
            self.problems.add(
                key,
                f"{raw!r}: unknown marker {', '.join(bad) or 'text'} (markers: "
                f"{', '.join(MARKERS)}, in brackets after the name)",
                raw,
            )
            return None
        if name == "Battalion":
            self.unnumbered.append((key, side, location, marks))
            return None
        battalion = re.fullmatch(r"Battalion (\d+)", name)
        if battalion:
            cls = next(c for c in self.sheet.classes if c.side == side and c.type == "BN")
            number = int(battalion[1])
            clash = next((fid for fid in self.forces if fid.endswith(f":Battalion {number}")), None)
            if clash:
                self.problems.add(key, f"{name} is listed twice (also under {self.where[clash]})", raw)
                return None
        else:
            listed = self.sheet.unit_class.get((side, name))
            if listed is None:
                self.problems.add(key, self._unknown(side, name), raw)
                return None
            cls = listed
        fid = f"{side}:{name}"
        if fid in self.forces:
            self.problems.add(key, f"{name} is listed twice (also under {self.where[fid]})", raw)
            return None
        f = Force(id=fid, side=side, name=name, cls=cls.id, location=location, **{mark: True for mark in marks})
        self.forces[fid], self.where[fid] = f, key
        return f

    def _unknown(self, side: str, name: str) -> str:
        other = "JA" if side == "US" else "US"
        if (other, name) in self.sheet.unit_class:
            return f"{name} is a {other} counter, listed under {side}"
        years = _year_of(self.data, side, name)
        if years:
            return (
                f"{name} is not a {side} counter of {self.year} (it is in "
                f"{', '.join(map(str, years))}): the position's year is {self.year}"
            )
        names = [u for (s, u) in self.sheet.unit_class if s == side]
        close = difflib.get_close_matches(name, names, n=1)
        return f"no {side} counter named {name!r} in {self.year}" + (f" (did you mean {close[0]!r}?)" if close else "")

    def number_battalions(self, next_free: int) -> int:
        for key, side, location, marks in self.unnumbered:
            cls = next(c for c in self.sheet.classes if c.side == side and c.type == "BN")
            fid = f"{side}:Battalion {next_free}"
            self.forces[fid] = Force(
                id=fid,
                side=side,
                name=fid.split(":", 1)[1],
                cls=cls.id,
                location=location,
                **{mark: True for mark in marks},
            )
            self.where[fid] = key
            next_free += 1
        return next_free


def read_position(text: str, data: GameData, source: str = "position") -> CampaignState:
    """The campaign state a position file describes; PositionError lists every problem."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(f"{source}: not a valid TOML file: {exc}") from None
    problems = _Problems(text)
    for key in doc:
        if key not in TOP_KEYS:
            problems.add(key, f"unknown key (the keys are: {', '.join(sorted(TOP_KEYS))})")
    if doc.get("format", FORMAT) != FORMAT:
        problems.add("format", f'{doc["format"]!r}: a position file says format = "{FORMAT}"')
    if doc.get("version", VERSION) != VERSION:
        problems.add("version", f"{doc['version']!r}: this program reads version {VERSION}")
    year = doc.get("year")
    if not isinstance(year, int) or year not in data.years:
        problems.add(
            "year",
            f"{year!r} is no campaign year (one of {', '.join(map(str, data.years))})"
            if year is not None
            else "missing: the campaign year (1942-1945)",
        )
        _fail(problems, source)
    assert isinstance(year, int), "_fail raised: the year is a problem"
    sheet = data.year(year)
    state = _scalars(doc, data, sheet, problems)
    placer = _Placer(data, sheet, year, problems)
    _place_all(doc, data, placer, problems)
    numbers = [int(fid.rsplit(" ", 1)[1]) for fid in placer.forces if ":Battalion " in fid]
    next_free = placer.number_battalions(max(numbers, default=0) + 1)
    state.next_battalion = _int(doc, "next_battalion", problems, next_free, None, next_free)
    stacks = _stacks(doc, placer, problems)
    _fill(state, data, sheet, placer, stacks)
    if not problems.items:
        for problem in state_problems(state, data):
            _translate(problem, placer, problems)
    _fail(problems, source)
    return state


def _fail(problems: _Problems, source: str) -> None:
    if problems.items:
        n = len(problems.items)
        raise PositionError(
            f"{source}: {n} problem{'s' if n > 1 else ''}, nothing was created:\n  " + "\n  ".join(problems.items)
        )


def _scalars(doc: dict[str, Any], data: GameData, sheet: YearSheet, problems: _Problems) -> CampaignState:
    year = doc["year"]
    turn = _int(doc, "turn", problems, 1, sheet.turns, None)
    step = doc.get("step")
    if step not in POSITION_STEPS:
        problems.add(
            "step",
            f"{step!r} is not a step a position can start at (one of {', '.join(POSITION_STEPS)})"
            if step is not None
            else f"missing: one of {', '.join(POSITION_STEPS)}",
        )
        step = POSITION_STEPS[0]
    o = data.orders
    rules_doc = doc.get("rules", {})
    rules = RulesProfile()
    choices = {
        "order_modifiers": tuple(o.modifier_presets),
        "ja_ties": ("bot", "player"),
        "auto_reactive_plans": (True, False),
        "objective_hold_track": (True, False),
        "battalion_pool": ("unlimited", "counters"),
    }
    for key, value in rules_doc.items():
        if key in ("extra_supply", "extra_bpp"):  # difficulty handicaps (R70)
            setattr(rules, key, _int(rules_doc, key, problems, 0, None, 0))
            continue
        allowed = choices.get(key)
        if allowed is None:
            problems.add(f"rules.{key}", f"unknown rule option ({', '.join(choices)}, extra_supply, extra_bpp)")
        elif value not in allowed or type(value) is not type(allowed[0]):
            problems.add(f"rules.{key}", f"{value!r} is not one of {', '.join(map(str, allowed))}")
        else:
            setattr(rules, key, value)
    dice_doc = doc.get("dice", {})
    for key in dice_doc:
        if key not in ("seed",) + STREAMS:
            problems.add(f"dice.{key}", f"unknown key (seed, {', '.join(STREAMS)})")
    seed = _int(dice_doc, "seed", problems, 0, 2**63 - 1, None) if "dice" in doc else 0
    if "dice" not in doc:
        problems.add("dice", "missing: a [dice] table with at least `seed = N`")
    streams = {s: _int(dice_doc, s, problems, 0, 2**64 - 1, None) for s in STREAMS if s in dice_doc}
    objectives = set(sheet.objectives)
    scout_held = doc.get("scout_held", [])
    for area in scout_held if isinstance(scout_held, list) else [scout_held]:
        if area not in objectives:
            problems.add("scout_held", f"{area!r} is not a {year} objective", str(area))
    held_history = doc.get("held_history", [])
    if not isinstance(held_history, list) or not all(isinstance(n, int) and n >= 0 for n in held_history):
        problems.add("held_history", "give a list of whole numbers (objectives held at each turn's end)")
        held_history = []
    linked_years = []
    for i, y in enumerate(doc.get("linked_years", [])):
        if not isinstance(y, dict) or set(y) != {"year", "score", "result"}:
            problems.add("linked_years", f"entry {i + 1}: give year, score and result")
            continue
        linked_years.append(LinkedYear(y["year"], y["score"], y["result"]))
    linked = doc.get("linked", False)
    if not isinstance(linked, bool):
        problems.add("linked", f"{linked!r}: true or false")
        linked = False
    return CampaignState(
        year=year,
        rules=rules,
        dice=DiceState(seed=seed, streams=streams),
        forces={},
        ja_stacks={s: [] for s in STACKS},
        turn=turn,
        step=step,
        sp=_int(doc, "sp", problems, 0, None, 0),
        ja_track=_int(doc, "ja_track", problems, o.track_min, o.track_max, 0),
        scouting_points=_int(doc, "scouting_points", problems, 0, o.scouting_cap, 0),
        scout_held=[a for a in scout_held if a in objectives] if isinstance(scout_held, list) else [],
        held_at_start=_int(doc, "held_at_start", problems, 0, len(sheet.objectives), 0),
        held_history=held_history,
        battles_fought=_int(doc, "battles_fought", problems, 0, None, 0),
        linked=linked,
        linked_years=linked_years,
    )


def _side_lists(
    key: str, table: object, sides: tuple[str, ...], problems: _Problems
) -> Iterator[tuple[str, list[Any]]]:
    if not isinstance(table, dict):
        problems.add(key, "give a table with a list per side (US = [...], JA = [...])")
        return
    for side, entries in table.items():
        if side not in sides:
            problems.add(f"{key}.{side}", f"only {' and '.join(sides)} forces go here")
            continue
        if not isinstance(entries, list):
            problems.add(f"{key}.{side}", "give a list of counter names")
            continue
        yield side, entries


def _place_all(doc: dict[str, Any], data: GameData, placer: _Placer, problems: _Problems) -> None:
    for area, table in doc.get("areas", {}).items():
        key = f"areas.{area}"
        if area not in data.map.area:
            problems.add(key, f"{area!r} is not a map area (one of {', '.join(data.map.area)})")
            continue
        for side, entries in _side_lists(key, table, ("US", "JA"), problems):
            for raw in entries:
                placer.entry(f"{key}.{side}", side, raw, area)
    for box, table in doc.get("boxes", {}).items():
        key = f"boxes.{box}"
        if box == JA_POOL:
            problems.add(key, "the JA reinforcement pool is written as [ja_stacks] (ships, infantry, lba)")
            continue
        if box not in BOX_SIDES:
            problems.add(key, f"{box!r} is not a box (one of {', '.join(BOX_SIDES)})")
            continue
        for side, entries in _side_lists(key, table, BOX_SIDES[box], problems):
            for raw in entries:
                f = placer.entry(f"{key}.{side}", side, raw, box)
                if f is not None:
                    _box_rule(box, f, placer, problems, raw)


def _box_rule(box: str, f: Force, placer: _Placer, problems: _Problems, raw: str) -> None:
    """What only some counters may be in (facts 1.5 raiding, 1.13 strategic bombing)."""
    cls = placer.sheet.cls[f.cls]
    if box == RAID and cls.type != "SS":
        problems.add(placer.where[f.id], f"{f.name}: only submarines raid", raw)
    if box == BOMBING and not cls.bomber_wing:
        problems.add(placer.where[f.id], f"{f.name}: only B-29 wings go to the strategic bombing box", raw)


def _stacks(doc: dict[str, Any], placer: _Placer, problems: _Problems) -> dict[str, list[str]]:
    stacks: dict[str, list[str]] = {s: [] for s in STACKS}
    table = doc.get("ja_stacks", {})
    if not isinstance(table, dict):
        problems.add("ja_stacks", f"give a table with {', '.join(STACKS)}")
        return stacks
    for stack, entries in table.items():
        key = f"ja_stacks.{stack}"
        if stack not in STACKS:
            problems.add(key, f"no such stack (one of {', '.join(STACKS)})")
            continue
        for raw in entries if isinstance(entries, list) else []:
            f = placer.entry(key, "JA", raw, JA_POOL)
            if f is None:
                continue
            kind = stack_of(placer.sheet.cls[f.cls].type)
            if kind != stack:
                problems.add(key, f"{f.name} belongs in the {kind} stack", raw)
            stacks[stack].append(f.id)
    return stacks


def _fill(
    state: CampaignState, data: GameData, sheet: YearSheet, placer: _Placer, stacks: dict[str, list[str]]
) -> None:
    """The state's forces in the order a campaign of that year has them (the engine and the
    bot go through forces in that order), the unlisted counters in their pools."""
    template = new_campaign(data, state.year, state.dice.seed)
    order = [fid for fid in template.forces]
    forces = dict(placer.forces)
    for fid, f in template.forces.items():
        if fid in forces or ":Battalion " in fid:
            continue
        location = US_POOL if f.side == "US" else JA_POOL
        forces[fid] = Force(id=fid, side=f.side, name=f.name, cls=f.cls, location=location)
        if f.side == "JA":
            stacks[stack_of(sheet.cls[f.cls].type)].append(fid)
    rank = {fid: i for i, fid in enumerate(order)}
    late = len(order)

    def key(fid: str) -> tuple[int, int]:
        if fid in rank:
            return (rank[fid], 0)
        return (late, int(fid.rsplit(" ", 1)[1]))

    state.forces = {fid: forces[fid] for fid in sorted(forces, key=key)}
    state.ja_stacks = stacks


def _translate(problem: str, placer: _Placer, problems: _Problems) -> None:
    """A state invariant broken by the position, said at the key the force was listed under."""
    m = re.match(r"\$\.state\.forces\['(?P<fid>[^']+)'\]\.(?P<field>\w+): (?P<why>.*)", problem)
    if m and m["fid"] in placer.where:
        f = placer.forces[m["fid"]]
        why = m["why"]
        if m["field"] == "embarked":
            why = "only infantry and battalions in a map area can be on a transport ([embarked])"
        problems.add(placer.where[m["fid"]], f"{f.name}: {why}", _entry(f))
        return
    field = problem.split(":", 1)[0].removeprefix("$.state.")
    problems.add(field, problem.split(": ", 1)[-1])


def game_from_position(data: GameData, state: CampaignState, source: str) -> Game:
    """A game whose journal starts at the position: its first checkpoint is the position, so
    replay, undo and `nimitz check` work from there."""
    game = bot_game(data, state)
    game.log(
        "created",
        "",
        f"{state.year} campaign created from the position {source} (turn "
        f"{state.turn}, {STEP_NAMES[state.step]}; seed {state.dice.seed})",
        {"year": state.year, "seed": state.dice.seed, "position": source, "linked": state.linked},
    )
    game.start()
    return game


def replay_from_position(env: SaveEnvelope, data: GameData) -> Game | None:
    """For `nimitz check`: the game a campaign begun from a position started as (its first
    checkpoint, the position), or None for a campaign begun from a year's set-up."""
    first = env.journal[0] if env.journal else None
    if first is None or first.kind != "created" or "position" not in first.data or not env.checkpoints:
        return None
    return game_from_position(data, env.checkpoints[0].state.copy(), first.data["position"])
