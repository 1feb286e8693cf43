"""Difficulty presets (campaigns/difficulty.toml): named sets of campaign options, each option
tied to the ruling it relaxes (R1, R5, R10) or marked as a plain handicap. The options themselves
live in the save's RulesProfile; a preset is only a name for one combination, so a campaign
always shows the options it is played under, and "custom" when they match no preset.

The measured chance of each preset (expert policy, a seeded lab run) is data too:
campaigns/difficulty_measured.toml, written by benchmarks/expert_lab.py.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import attrs
import cattrs
from attrs import frozen

from nimitz.errors import DataError
from nimitz.model.state import RulesProfile

FILE = "campaigns/difficulty.toml"
MEASURED_FILE = "campaigns/difficulty_measured.toml"
GOOD_RESULTS = ("Historical", "Good", "Great")  # "Historical or better"


@frozen
class Option:
    field: str  # a RulesProfile attribute
    ruling: str  # "R1", "R5", "R10" or "handicap"
    label: str
    short: str  # a few words for one-line summaries
    values: dict[str, str] = attrs.field(factory=dict)  # value -> how it reads (empty: a number)

    @staticmethod
    def key(value: object) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    def reads(self, value: object) -> str:
        if not self.values:
            return f"+{value}" if value else "none"
        return self.values.get(self.key(value), self.key(value))

    def line(self, value: object) -> str:
        return f"{self.label}: {self.reads(value)} ({self.ruling})"

    def brief(self, value: object) -> str:
        """'R10 battalions: counters', 'SP/turn +8'."""
        if not self.values:
            return f"{self.short} +{value}"
        shown = {"true": "yes", "false": "no"}.get(self.key(value), self.key(value))
        return f"{self.ruling} {self.short}: {shown}"


@frozen
class Preset:
    id: str
    name: str
    description: str
    options: dict[str, Any]  # RulesProfile field -> value


@frozen
class YearChance:
    year: int
    campaigns: int
    historical_or_better: int
    hawaii_lost: int

    @property
    def rate(self) -> float:
        return self.historical_or_better / self.campaigns if self.campaigns else 0.0

    def text(self) -> str:
        """'31% ±3' (± one binomial standard error, in points)."""
        p = self.rate
        se = (p * (1 - p) / self.campaigns) ** 0.5 if self.campaigns else 0.0
        return f"{100 * p:.0f}% ±{max(1, round(100 * se))}"


@frozen
class Measured:
    preset: str
    policy: str
    budget: str
    seeds: str  # e.g. "1-200": the seeds that reproduce the run
    years: tuple[YearChance, ...]


@frozen
class Difficulties:
    default: str
    option: tuple[Option, ...]
    preset: tuple[Preset, ...]
    measured: tuple[Measured, ...] = ()

    @functools.cached_property
    def by_id(self) -> dict[str, Preset]:
        return {p.id: p for p in self.preset}

    def get(self, name: str) -> Preset:
        """A preset by id or name, any case; DataError-free KeyError naming the choices."""
        for p in self.preset:
            if name.lower() in (p.id, p.name.lower()):
                return p
        raise KeyError(f"no difficulty {name!r}; choose from {', '.join(p.id for p in self.preset)}")

    def rules(self, name: str, base: RulesProfile | None = None) -> RulesProfile:
        """`base` (default options) with the preset's options."""
        return attrs.evolve(base or RulesProfile(), **self.get(name).options)

    def profile(self, name: str | None, **overrides: Any) -> RulesProfile:  # any RulesProfile field
        """The options of preset `name` (default: the default preset), then any option given
        explicitly (e.g. --rules-preset); None values are not given."""
        rules = self.rules(self.get(name).id if name else self.default)
        return attrs.evolve(rules, **{k: v for k, v in overrides.items() if v is not None})

    def matching(self, rules: RulesProfile) -> Preset | None:
        for p in self.preset:
            if all(getattr(rules, k) == v for k, v in p.options.items()):
                return p
        return None

    def label(self, rules: RulesProfile) -> str:
        p = self.matching(rules)
        return p.name if p else "custom"

    def lines(self, rules: RulesProfile) -> list[str]:
        """One line per option: 'Automatic first Hold ... moves the JA track: no (R5)'."""
        return [o.line(getattr(rules, o.field)) for o in self.option]

    def changes(self, rules: RulesProfile, brief: bool = False) -> list[str]:
        """The options that differ from the default preset, one line (or a few words) each."""
        default = self.by_id[self.default].options
        return [
            (o.brief if brief else o.line)(getattr(rules, o.field))
            for o in self.option
            if getattr(rules, o.field) != default.get(o.field)
        ]

    def summary(self, rules: RulesProfile, brief: bool = False) -> str:
        """The preset's name, plus what differs from the Rulebook default when it is not it."""
        changed = self.changes(rules, brief)
        return self.label(rules) + (f" ({'; '.join(changed)})" if changed else "")

    def chance(self, preset_id: str) -> Measured | None:
        return next((m for m in self.measured if m.preset == preset_id), None)


_CONVERTER = cattrs.Converter(forbid_extra_keys=True)


def _root() -> Path:
    from nimitz.model.data import data_root

    return data_root()


def load_raw(root: Path | None = None) -> tuple[Difficulties | None, list[str]]:
    """The presets and their measured chances, with every problem found (for `data check`)."""
    root = root or _root()
    problems: list[str] = []
    try:
        raw = tomllib.loads((root / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, [f"{FILE}: file not found under {root}"]
    except tomllib.TOMLDecodeError as exc:
        return None, [f"{FILE}: not valid TOML: {exc}"]
    measured: list[dict[str, Any]] = []
    path = root / MEASURED_FILE
    if path.exists():
        try:
            measured = tomllib.loads(path.read_text(encoding="utf-8")).get("measured", [])
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"{MEASURED_FILE}: not valid TOML: {exc}")
    try:
        diff = _CONVERTER.structure({**raw, "measured": measured}, Difficulties)
    except cattrs.BaseValidationError as exc:
        return None, [f"{FILE}: {m}" for m in cattrs.transform_error(exc, path="difficulty")]
    return diff, problems + check(diff)


def check(d: Difficulties) -> list[str]:
    p: list[str] = []
    fields = {a.name: a for a in attrs.fields(RulesProfile)}
    options = {o.field: o for o in d.option}
    for o in d.option:
        if o.field not in fields:
            p.append(f"{FILE}: option.{o.field}: not a campaign option (RulesProfile)")
        if not (o.ruling == "handicap" or o.ruling.startswith("R")):
            p.append(f"{FILE}: option.{o.field}.ruling: a ruling id (R1...) or 'handicap'")
    seen: set[str] = set()
    for pr in d.preset:
        if pr.id in seen:
            p.append(f"{FILE}: preset.{pr.id}: id used twice")
        seen.add(pr.id)
        for k, v in pr.options.items():
            listed = options.get(k)
            if listed is None:
                p.append(f"{FILE}: preset.{pr.id}.options.{k}: not one of the options listed")
                continue
            default = fields[k].default if k in fields else None
            if type(v) is not type(default):
                p.append(f"{FILE}: preset.{pr.id}.options.{k}: {v!r} should be a {type(default).__name__}")
            elif listed.values and listed.key(v) not in listed.values:
                p.append(f"{FILE}: preset.{pr.id}.options.{k}: {v!r} is not one of {', '.join(listed.values)}")
            elif isinstance(v, int) and not isinstance(v, bool) and v < 0:
                p.append(f"{FILE}: preset.{pr.id}.options.{k}: must not be negative")
        missing = set(options) - set(pr.options)
        if missing:
            p.append(f"{FILE}: preset.{pr.id}.options: missing {', '.join(sorted(missing))}")
    if d.default not in seen:
        p.append(f"{FILE}: default: {d.default!r} is not a preset id")
    elif RulesProfile() != d.rules(d.default):
        p.append(f"{FILE}: default: preset {d.default!r} must equal the RulesProfile defaults")
    for m in d.measured:
        if m.preset not in seen:
            p.append(f"{MEASURED_FILE}: measured.{m.preset}: not a preset id")
    return p


@functools.cache
def load_difficulties() -> Difficulties:
    diff, problems = load_raw()
    if problems or diff is None:
        raise DataError(problems)
    return diff
