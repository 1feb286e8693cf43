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
from nimitz.model.battle import AREAS, DECK, ISLAND_BOXES, ON_TRANSPORT, BattlePiece, BattleState, PlanInPlay
from nimitz.model.data import GameData, YearSheet
from nimitz.model.invariants import state_problems
from nimitz.model.journal import Checkpoint, JournalEntry
from nimitz.model.optional_rules import OPTION_NAMES, OPTION_STREAMS
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    BOMBING_BASE,
    DESTROYED,
    INVASION,
    JA_POOL,
    RAID,
    STACKS,
    US_POOL,
    CampaignState,
    DiceState,
    Force,
    HiddenStack,
    LinkedYear,
    RulesProfile,
    VariantState,
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
STREAMS = ("us", "ja", "bot") + tuple(OPTION_STREAMS.values())
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
    "battle",
    "variant",
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
        f"options = {_list(r.options)}  # optional rules (docs/optional-rules.md)",
        "",
    ]
    if state.variant is not None:
        out += variant_text(state)
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
    if state.battle is not None:
        out += [""] + battle_text(state, data)
    return "\n".join(out).rstrip("\n") + "\n"


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
    state = EntryStates(data, checkpoints, journal).state(starts[-1])
    state.lba_bases, state.invaded_this_turn = [], 0  # the movement step's own: it sets them afresh
    return state


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
    if "battle" in doc and not problems.items:
        read_battle(doc, state, data, problems)
    if "variant" in doc and not problems.items:
        read_variant(doc, state, data, problems)
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
        if key == "options":  # optional rules, in the table's order (saves compare equal)
            if not isinstance(value, list) or any(v not in OPTION_NAMES for v in value):
                problems.add("rules.options", f"{value!r}: a list of optional rules ({', '.join(OPTION_NAMES)})")
            else:
                rules.options = [name for name in OPTION_NAMES if name in value]
            continue
        if key in ("extra_supply", "extra_bpp"):  # difficulty handicaps (R70)
            setattr(rules, key, _int(rules_doc, key, problems, 0, None, 0))
            continue
        allowed = choices.get(key)
        if allowed is None:
            problems.add(
                f"rules.{key}", f"unknown rule option ({', '.join(choices)}, extra_supply, extra_bpp, options)"
            )
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


# --- a battle in progress ------------------------------------------------------------------------
#
# A position at `step = "battles"` may hold the battle being fought, standing at the start of a
# battle turn (`[battle]`, `[battle.US]`, `[battle.JA]`). Map forces keep their map area (they
# are listed under [areas.XX] with their damage); the battle tables say where each stands on the
# battle board. Carrier aircraft are written "CARRIER air N" (the Nth of the carrier's air group,
# R11), transports "Transport".

BATTLE_BOXES = AREAS + ISLAND_BOXES + (DECK, ON_TRANSPORT)
BATTLE_KEYS = {
    "area",
    "turn",
    "length",
    "rolled_length",
    "earlier",
    "ja_plans_per_turn",
    "ja_force_count",
    "us_bpp",
    "us_sp_spent",
    "cup",
    "drawn",
    "stats",
    "destroyed",
    "lost",
    "US",
    "JA",
}
SIDE_KEYS = {"out", "joined", "airfields", "capacity", "plans"}
_AIRCRAFT = re.compile(r"^(?P<carrier>.+) air (?P<n>\d+)$")


def battle_turn_state(
    data: GameData, checkpoints: list[Checkpoint], journal: list[JournalEntry]
) -> CampaignState | None:
    """The state at the start of the battle turn a saved campaign is in (re-run from its turn's
    checkpoint, caught at the engine's battle-turn mark), or None when the battle has not reached
    its first turn (it is still being set up)."""
    cp = checkpoints[-1]
    game = bot_game(data, cp.state.copy(), journal=list(journal[: cp.journal_len]), checkpoints=list(checkpoints[:-1]))
    marked: list[CampaignState] = []
    game.mark_listeners.append(lambda moment: marked.append(_at_battle_turn(game.state)))
    game.start()
    for entry in journal[cp.journal_len :]:
        if entry.kind == "decision" and entry.decision is not None:
            game.answer(entry.decision)
    now = game.state
    if not marked or now.battle is None:
        return None
    last = marked[-1]
    same = last.battles_fought == now.battles_fought and last.battle is not None and last.battle.area == now.battle.area
    return last if same else None


def _at_battle_turn(state: CampaignState) -> CampaignState:
    """A copy of the state as a position holds it: in Resolve Battles, with what lasts only for
    a battle turn (the aircraft that struck at First Light) cleared, as the next turn clears it."""
    copy = state.copy()
    assert copy.battle is not None  # called at the engine's battle-turn mark
    copy.step = "battles"
    copy.battle.done = []
    copy.battle.us_playing = []
    copy.lba_bases, copy.invaded_this_turn = [], 0  # the movement step's own: it sets them afresh
    return copy


def _piece_entry(bs: BattleState, pid: str) -> str:
    piece = bs.pieces.get(pid)
    short = pid.split(":", 1)[1]
    if piece is None:
        return short
    marks = ["damaged"] if piece.damaged else []
    m = _AIRCRAFT.match(short)
    if piece.kind == "aircraft" and m and f"{piece.side}:{m['carrier']}" != piece.home:
        marks.append(f"home {piece.home.split(':', 1)[1]}")
    return short + (f" [{', '.join(marks)}]" if marks else "")


def _setup_order(state: CampaignState, area: str, joined: list[str]) -> list[str]:
    """The battle's forces in board order: the area's forces as the set-up found them, the B-29
    wings beside MA (R64), then the battalions plans brought, in the order they came."""
    here = [f.id for f in state.at(area) if f.id not in joined]
    wings = [f.id for f in state.at(BOMBING, "US")] if area == BOMBING_BASE else []
    return here + wings + list(joined)


def _joined(state: CampaignState, bs: BattleState) -> list[str]:
    """The shortest tail of the board order that `_setup_order` needs told."""
    for k in range(len(bs.forces), -1, -1):
        if _setup_order(state, bs.area, bs.forces[k:]) == bs.forces:
            return bs.forces[k:]
    return list(bs.forces)  # not reached: the whole order always rebuilds itself


def _sided(pid: str) -> str:
    """A counter of either side: "Kaga (JA)"."""
    side, name = pid.split(":", 1)
    return f"{name} ({side})"


def _unsided(text: str) -> tuple[str, str] | None:
    m = re.fullmatch(r"(?P<name>.+) \((?P<side>US|JA)\)", text) if isinstance(text, str) else None
    return (m["side"], m["name"]) if m else None


def _inline(table: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in table.items()) + "}"


def battle_text(state: CampaignState, data: GameData) -> list[str]:
    """The [battle] tables of a position (see the section comment above)."""
    bs = state.battle
    assert bs is not None
    ja_name = {p.id: p.name for p in data.ja_plans.plan}
    us_name = {p.id: p.name for p in data.us_plans.plan}
    out = [
        f"[battle]  # the battle in progress, at the start of battle turn {bs.turn + 1}",
        f'area = "{bs.area}"',
        f"turn = {bs.turn}  # battle turns fought so far",
        f"length = {bs.length}  # battle turns, after every change so far",
        f"rolled_length = {bs.rolled_length}  # the length roll, before plans changed it",
        f"earlier = {_list(bs.earlier)}  # areas whose battles this step fought before this one",
        f"ja_plans_per_turn = {bs.ja_plans_per_turn}",
        f"ja_force_count = {bs.ja_force_count}  # the JA forces the plans per turn came from",
        f"us_bpp = {bs.us_bpp}  # battle plan points the US had to buy plans",
        f"us_sp_spent = {bs.us_sp_spent}",
        f"cup = {_list([ja_name[p] for p in bs.cup])}  # JA plan counters in the cup",
        f"drawn = {_list([ja_name[p] for p in bs.drawn])}  # out of the cup: drawn or set aside (R13)",
        f"stats = {_inline(bs.stats)}  # hits so far, for the after-action report",
        f"destroyed = {_list([_sided(p) for p in bs.destroyed])}  # forces destroyed in this battle, in order",
        f"lost = {_list([_sided(p) for p in bs.lost_pieces])}  # carrier aircraft and transports lost, in order",
    ]
    joined = _joined(state, bs)
    order = list(bs.forces) + list(bs.pieces)
    for side in ("US", "JA"):
        mine = [p for p in order if p.startswith(side + ":")]
        out += ["", f"[battle.{side}]"]
        for box in BATTLE_BOXES:
            here = [_piece_entry(bs, p) for p in mine if bs.positions.get(p) == box]
            if here:
                out.append(f"{box} = {_list(here)}")
        for key, ids, why in (
            ("out", bs.out, "submarines that take no part"),
            ("joined", joined, "battalions a plan brought, in order"),
        ):
            names = [p.split(":", 1)[1] for p in ids if p.startswith(side + ":")]
            if names:
                out.append(f"{key} = {_list(names)}  # {why}")
        out.append(f"airfields = {bs.airfields.get(side, 0)}")
        capacity = {c.split(":", 1)[1]: n for c, n in bs.capacity.items() if c.startswith(side + ":")}
        if capacity:
            out.append(f"capacity = {_inline(capacity)}  # aircraft each carrier started the battle with")
        plans = bs.ja_plans if side == "JA" else bs.us_plans
        plan_names = ja_name if side == "JA" else us_name
        if plans:
            items = [
                "{"
                + f"plan = {json.dumps(plan_names[p.plan])}"
                + (f", turn = {p.turn}" if side == "JA" else "")
                + f", used = {'true' if p.used else 'false'}"
                + "}"
                for p in plans
            ]
            out.append("plans = [\n" + "".join(f"  {x},\n" for x in items) + "]")
    return out + [""]


def read_battle(doc: dict[str, Any], state: CampaignState, data: GameData, problems: _Problems) -> None:
    """The [battle] tables into `state.battle` (problems said at their key)."""
    table = doc["battle"]
    if not isinstance(table, dict):
        problems.add("battle", "give a table ([battle], with [battle.US] and [battle.JA])")
        return
    if state.step != "battles":
        problems.add("step", f'a position with a battle in progress stands at step = "battles", not {state.step!r}')
    for key in table:
        if key not in BATTLE_KEYS:
            problems.add(f"battle.{key}", f"unknown key (the keys are: {', '.join(sorted(BATTLE_KEYS))})")
    area = table.get("area")
    if area not in data.map.area:
        problems.add("battle.area", f"{area!r} is not a map area")
        return
    sheet = data.year(state.year)
    limits = data.battle
    bs = BattleState(area=area)
    bs.turn = _int(table, "turn", problems, 1, limits.max_turns - 1, None)
    bs.length = _int(table, "length", problems, limits.min_turns, limits.max_turns, None)
    bs.rolled_length = _int(table, "rolled_length", problems, 0, None, bs.length)
    if bs.turn >= bs.length and not problems.items:
        problems.add("battle.turn", f"{bs.turn} battle turns of {bs.length} are fought: that battle is over")
    bs.ja_plans_per_turn = _int(table, "ja_plans_per_turn", problems, 1, None, None)
    bs.ja_force_count = _int(table, "ja_force_count", problems, 0, None, 0)
    bs.us_bpp = _int(table, "us_bpp", problems, 0, None, 0)
    bs.us_sp_spent = _int(table, "us_sp_spent", problems, 0, None, 0)
    earlier = table.get("earlier", [])
    bs.earlier = [a for a in earlier if a in data.map.area] if isinstance(earlier, list) else []
    if bs.earlier != earlier:
        problems.add("battle.earlier", "give a list of map areas")
    ja_plan = {p.name: p.id for p in data.ja_plans.plan}
    us_plan = {p.name: p.id for p in data.us_plans.plan}
    for key in ("cup", "drawn"):
        for name in table.get(key, []):
            if name in ja_plan:
                getattr(bs, key).append(ja_plan[name])
            else:
                problems.add(f"battle.{key}", f"{name!r} is no Japanese battle plan", str(name))
    for key, target in (("destroyed", bs.destroyed), ("lost", bs.lost_pieces)):
        for entry in table.get(key, []):
            sided = _unsided(entry)
            if sided is None:
                problems.add(f"battle.{key}", f'{entry!r}: write a counter with its side, e.g. "Kaga (JA)"')
            elif key == "lost":
                target.append(f"{sided[0]}:{sided[1]}")
            elif f"{sided[0]}:{sided[1]}" not in state.forces:
                problems.add(f"battle.{key}", f"no {sided[0]} counter named {sided[1]!r}", entry)
            else:
                target.append(f"{sided[0]}:{sided[1]}")
    stats = table.get("stats", {})
    if not isinstance(stats, dict) or not all(isinstance(v, int) and v >= 0 for v in stats.values()):
        problems.add("battle.stats", "give a table of whole numbers")
    else:
        bs.stats = dict(stats)
    for side in ("US", "JA"):
        _read_side(table.get(side, {}), side, state, sheet, bs, problems, ja_plan if side == "JA" else us_plan)
    if problems.items:
        return
    joined = [p for p in bs.forces if p in state.forces]  # listed under `joined` by _read_side
    bs.forces = _setup_order(state, area, joined)
    on_board = set(bs.positions) | set(bs.out) | set(bs.destroyed)
    for fid in bs.forces:
        if fid not in on_board:
            problems.add(
                f"battle.{fid.split(':')[0]}",
                f"{state.forces[fid].name} is in {area} but not on the battle board: put it in a box, "
                f"or under out or destroyed",
            )
    for fid in on_board:
        if fid in state.forces and fid not in bs.forces:
            f = state.forces[fid]
            problems.add(f"battle.{f.side}", f"{f.name} is not in {area} ({f.location}): it cannot be in this battle")
    bs.pieces = {pid: bs.pieces[pid] for pid in _piece_order(bs)}
    state.battle = bs


def _read_side(
    table: Any,
    side: str,
    state: CampaignState,
    sheet: YearSheet,
    bs: BattleState,
    problems: _Problems,
    plan_ids: dict[str, str],
) -> None:
    key = f"battle.{side}"
    if not isinstance(table, dict):
        problems.add(key, "give a table of boxes (UO = [...], ...) and out, destroyed, lost, joined, plans")
        return
    named = {f.name: f.id for f in state.forces.values() if f.side == side}
    for box, entries in table.items():
        if box in SIDE_KEYS:
            continue
        if box not in BATTLE_BOXES or (box[:3] in ("US_", "JA_") and not box.startswith(side)):
            problems.add(f"{key}.{box}", f"no {side} box {box!r} (the boxes: {', '.join(BATTLE_BOXES)})")
            continue
        for raw in entries if isinstance(entries, list) else []:
            pid = _board_entry(raw, side, named, sheet, state, bs, problems, f"{key}.{box}")
            if pid is not None:
                if pid in bs.positions:
                    problems.add(f"{key}.{box}", f"{raw!r} is listed twice", raw)
                bs.positions[pid] = box
    for field_name, target in (("out", bs.out), ("joined", bs.forces)):
        for name in table.get(field_name, []):
            if name in named:
                target.append(named[name])
            else:
                problems.add(f"{key}.{field_name}", f"no {side} counter named {name!r}", str(name))
    bs.airfields[side] = _int(table, "airfields", problems, 0, None, 0)
    for name, n in table.get("capacity", {}).items():
        if name not in named or not isinstance(n, int) or n < 0:
            problems.add(f"{key}.capacity", f"{name!r} = {n!r}: a {side} carrier and a whole number", name)
        else:
            bs.capacity[named[name]] = n
    for i, entry in enumerate(table.get("plans", [])):
        if not isinstance(entry, dict) or entry.get("plan") not in plan_ids:
            problems.add(f"{key}.plans", f"entry {i + 1}: give plan = a {side} battle plan's name, and used")
            continue
        played = PlanInPlay(
            plan=plan_ids[entry["plan"]], side=side, turn=entry.get("turn", 0), used=entry.get("used", False)
        )
        (bs.ja_plans if side == "JA" else bs.us_plans).append(played)


def _board_entry(
    raw: Any,
    side: str,
    named: dict[str, str],
    sheet: YearSheet,
    state: CampaignState,
    bs: BattleState,
    problems: _Problems,
    key: str,
) -> str | None:
    """The id of a board entry: a map force by name, "Transport", or "CARRIER air N" (made as the
    battle set-up makes it, R11), with its markers."""
    m = _ENTRY.match(raw) if isinstance(raw, str) else None
    if m is None:
        problems.add(key, f"{raw!r} is not a counter name in quotes")
        return None
    name = m["name"].strip()
    marks = [x.strip() for x in (m["marks"] or "").split(",") if x.strip()]
    if name in named:
        if marks:
            problems.add(key, f"{raw!r}: a force's damage is written where it is on the map", raw)
        return named[name]
    damaged = "damaged" in marks
    homes = [x.removeprefix("home ").strip() for x in marks if x.startswith("home ")]
    if [x for x in marks if x != "damaged" and not x.startswith("home ")]:
        problems.add(key, f"{raw!r}: board markers are damaged and home CARRIER", raw)
        return None
    pid = f"{side}:{name}"
    if name == "Transport":
        cls = next(c for c in sheet.classes if c.side == side and c.type == "TR")
        bs.pieces[pid] = BattlePiece(
            id=pid, side=side, cls=cls.id, name=f"{side} transport", kind="transport", damaged=damaged
        )
        return pid
    a = _AIRCRAFT.match(name)
    carrier = named.get(a["carrier"]) if a else None
    group = sheet.air_group(side, sheet.cls[state.forces[carrier].cls]) if carrier else None
    n = int(a["n"]) if a else 0
    if a is None or carrier is None or group is None or not 1 <= n <= len(group.aircraft):
        problems.add(
            key, f"{name!r}: no {side} counter or carrier aircraft of that name (aircraft: CARRIER air N)", raw
        )
        return None
    home = named.get(homes[0]) if homes else carrier
    if home is None:
        problems.add(key, f"{raw!r}: home {homes[0]!r} is no {side} carrier", raw)
        return None
    cls = sheet.cls[group.aircraft[n - 1]]
    bs.pieces[pid] = BattlePiece(
        id=pid,
        side=side,
        cls=cls.id,
        name=f"{cls.name} ({a['carrier']})",
        kind="aircraft",
        home=home,
        damaged=damaged,
    )
    return pid


def _piece_order(bs: BattleState) -> list[str]:
    """Battle pieces in the order the set-up made them: the transports (US, JA), then each side's
    carriers' aircraft in board order."""
    order: list[str] = [p for p in ("US:Transport", "JA:Transport") if p in bs.pieces]
    for side in ("US", "JA"):
        for carrier in [f for f in bs.forces if f.startswith(side + ":")]:
            order += sorted(
                (p for p in bs.pieces if p.startswith(carrier + " air ")), key=lambda p: int(p.rsplit(" ", 1)[1])
            )
    return order + [p for p in bs.pieces if p not in order]


# --- the optional rules' state (docs/optional-rules.md) ----------------------------------------


def variant_text(state: CampaignState) -> list[str]:
    """[variant]: where the optional rules stand this turn (weather, the event, fog of war)."""
    v = state.variant
    assert v is not None
    force = state.forces[v.event_force].name if v.event_force else ""
    seen = {state.forces[f].name: area for f, area in v.revealed.items()}
    out = [
        "[variant]  # the optional rules this turn (docs/optional-rules.md)",
        f'weather = "{v.weather}"',
        f"event = {v.event}  # the roll of this turn's event (0: none)",
        f'event_area = "{v.event_area}"  # storm: the area',
        f"event_force = {json.dumps(force)}  # engine trouble: the US ship",
        f"attack_met = {'true' if v.attack_met else 'false'}  # high command's demanded attack made (R83)",
        f"ended_early = {v.ended_early}  # variable end: the turn the campaign ended after (0: not yet)",
        f"revealed = {_inline(seen)}  # JA forces the US saw, and where (R85)",
        "",
    ]
    for area, stack in v.fog.items():
        out += [
            f"[variant.fog.{area}]  # the chips the US sees there (R85)",
            f"forces = {_list([state.forces[f].name for f in stack.forces])}",
            f"blanks = {stack.blanks}",
            f"blanks_seen = {stack.blanks_seen}",
            "",
        ]
    return out


def read_variant(doc: dict[str, Any], state: CampaignState, data: GameData, problems: _Problems) -> None:
    table = doc["variant"]
    keys = {"weather", "event", "event_area", "event_force", "attack_met", "ended_early", "revealed", "fog"}
    if not isinstance(table, dict):
        problems.add("variant", "give a table (docs/optional-rules.md)")
        return
    for key in table:
        if key not in keys:
            problems.add(f"variant.{key}", f"unknown key (the keys are: {', '.join(sorted(keys))})")
    rules = data.optional_rules
    v = VariantState()
    weather = table.get("weather", v.weather)
    if weather not in rules.weather.levels:
        problems.add("variant.weather", f"{weather!r} is not one of {', '.join(rules.weather.levels)}")
    else:
        v.weather = weather
    v.event = _int(table, "event", problems, 0, rules.events.sides, 0)
    area = table.get("event_area", "")
    if area and area not in data.map.area:
        problems.add("variant.event_area", f"{area!r} is not a map area")
    else:
        v.event_area = area
    ship = table.get("event_force", "")
    if ship and f"US:{ship}" not in state.forces:
        problems.add("variant.event_force", f"no US counter named {ship!r}")
    elif ship:
        v.event_force = f"US:{ship}"
    for key in ("attack_met",):
        value = table.get(key, False)
        if not isinstance(value, bool):
            problems.add(f"variant.{key}", f"{value!r}: true or false")
        else:
            v.attack_met = value
    v.ended_early = _int(table, "ended_early", problems, 0, data.year(state.year).turns, 0)
    revealed = table.get("revealed", {})
    for name, where in revealed.items() if isinstance(revealed, dict) else []:
        if f"JA:{name}" not in state.forces:
            problems.add("variant.revealed", f"no JA counter named {name!r}", name)
        else:
            v.revealed[f"JA:{name}"] = where
    fog = table.get("fog", {})
    for where, stack in fog.items() if isinstance(fog, dict) else []:
        key = f"variant.fog.{where}"
        if where not in data.map.area or not isinstance(stack, dict):
            problems.add(key, "a map area's hidden stack: forces, blanks, blanks_seen")
            continue
        ids = []
        for name in stack.get("forces", []):
            if f"JA:{name}" not in state.forces:
                problems.add(f"{key}.forces", f"no JA counter named {name!r}", name)
            ids.append(f"JA:{name}")
        blanks = _int(stack, "blanks", problems, 0, None, 0)
        seen = _int(stack, "blanks_seen", problems, 0, blanks, 0)
        v.fog[where] = HiddenStack(forces=ids, blanks=blanks, blanks_seen=seen)
    if not state.rules.options:
        problems.add("variant", "the optional rules' state needs [rules] options = [...] naming them")
    state.variant = v
