"""The optional rules' data (campaigns/optional_rules.toml): weather, events, variable end and
fog of war. docs/optional-rules.md explains them; the engine applies them (engine/variants.py)."""

from __future__ import annotations

from functools import cached_property

from attrs import frozen

# The option names a campaign may choose (`nimitz new --option NAME`), in display order.
OPTION_NAMES = ("fog-of-war", "weather", "events", "variable-end")
OPTION_TITLES = {
    "fog-of-war": "Fog of war",
    "weather": "Weather",
    "events": "Events",
    "variable-end": "Variable end",
}
# The dice stream each option rolls on (its own, so a campaign without it is unchanged).
OPTION_STREAMS = {"fog-of-war": "fog", "weather": "weather", "events": "events", "variable-end": "end"}
EVENT_KINDS = ("attack_demanded", "storm", "engine_trouble", "veterans", "inspired", "quiet")
VETERAN_WHO = ("aircraft", "ships", "subs_and_infantry")


@frozen
class WeatherEffect:
    level: str
    contact: int  # added to the battle-length roll and to the recon peek's threshold (R81)
    aircraft: int  # added to every aircraft attack value, both sides (R81)


@frozen
class WeatherTable:
    levels: tuple[str, ...]
    sides: int
    worsen_on: tuple[int, ...]
    improve_on: tuple[int, ...]
    effect: tuple[WeatherEffect, ...]

    @cached_property
    def by_level(self) -> dict[str, WeatherEffect]:
        return {e.level: e for e in self.effect}


@frozen
class Event:
    roll: int
    name: str
    kind: str
    favours: str
    who: str = ""
    ratings: tuple[str, ...] = ()
    bpp: int = 0


@frozen
class EventTable:
    sides: int
    event: tuple[Event, ...]

    def for_roll(self, roll: int) -> Event:
        return next(e for e in self.event if e.roll == roll)


@frozen
class VariableEnd:
    after_turn: int
    sides: int
    ends_on: tuple[int, ...]


@frozen
class BlanksRow:
    lo: int
    hi: int
    blanks: int


@frozen
class FogTable:
    sides: int
    peek_dice: int
    peek_sides: int
    peek_max: int
    blanks: tuple[BlanksRow, ...]

    def blanks_for(self, roll: int) -> int:
        return next(r.blanks for r in self.blanks if r.lo <= roll <= r.hi)


@frozen
class OptionalRules:
    weather: WeatherTable
    events: EventTable
    variable_end: VariableEnd
    fog: FogTable


def optional_rules_problems(rules: OptionalRules) -> list[str]:
    """Cross-checks `nimitz data check` runs on the file (each names file, table and key)."""
    f = "campaigns/optional_rules.toml"
    out: list[str] = []
    w = rules.weather
    if set(w.by_level) != set(w.levels):
        out.append(f"{f}: weather.effect: one effect per level in weather.levels {list(w.levels)}")
    for face in (*w.worsen_on, *w.improve_on):
        if not 1 <= face <= w.sides:
            out.append(f"{f}: weather: face {face} is not on a d{w.sides}")
    rolls = sorted(e.roll for e in rules.events.event)
    if rolls != list(range(1, rules.events.sides + 1)):
        out.append(f"{f}: events.event: one event for each face 1-{rules.events.sides} (got {rolls})")
    for e in rules.events.event:
        where = f"{f}: events.event[roll {e.roll}]"
        if e.kind not in EVENT_KINDS:
            out.append(f"{where}.kind: {e.kind!r} is not one of {', '.join(EVENT_KINDS)}")
        if e.favours not in ("US", "JA"):
            out.append(f"{where}.favours: US or JA, not {e.favours!r}")
        if e.kind == "veterans" and (e.who not in VETERAN_WHO or not e.ratings):
            out.append(f"{where}: veterans need `who` ({', '.join(VETERAN_WHO)}) and `ratings`")
        if e.kind == "inspired" and e.bpp <= 0:
            out.append(f"{where}.bpp: an inspired commander gives at least 1 BPP")
    covered = sorted(x for r in rules.fog.blanks for x in range(r.lo, r.hi + 1))
    if covered != list(range(1, rules.fog.sides + 1)):
        out.append(f"{f}: fog.blanks: rows must cover 1-{rules.fog.sides} once each")
    if any(r.blanks < 1 for r in rules.fog.blanks):
        out.append(f"{f}: fog.blanks: every hidden stack gets at least one blank")
    v = rules.variable_end
    if any(not 1 <= x <= v.sides for x in v.ends_on):
        out.append(f"{f}: variable_end.ends_on: faces must be on a d{v.sides}")
    return out
