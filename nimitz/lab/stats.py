"""From campaign records to the tables a player reads: outcomes with 95% intervals, Hawaii lost,
objectives held by turn, JA orders, losses, battles. Every table names the policy and rules."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable

from attrs import asdict, frozen

from nimitz.lab.runner import CampaignRecord, CampaignSpec
from nimitz.views.words import counted

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (good even near 0% and 100%)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@frozen
class Share:
    """k of n campaigns, with the 95% Wilson interval of the proportion."""

    label: str
    count: int
    n: int
    low: float
    high: float

    @classmethod
    def of(cls, label: str, k: int, n: int) -> Share:
        low, high = wilson(k, n)
        return cls(label, k, n, low, high)

    @property
    def percent(self) -> float:
        return 100 * self.count / self.n if self.n else 0.0


@frozen
class Spread:
    """Mean, standard deviation, least and most of some numbers; n how many."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0)
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
        return cls(len(values), mean, sd, min(values), max(values))

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation: mean ± 1.96 sd / sqrt n)."""
        half = Z95 * self.sd / math.sqrt(self.n) if self.n else 0.0
        return (self.mean - half, self.mean + half)


@frozen
class Summary:
    """The lab tables of one year (or linked series) under one policy and one set of rules."""

    year: int
    linked: bool
    policy: str
    rules: str  # e.g. "map modifiers, bot breaks ties"
    campaigns: int
    seeds: str  # "1..500"
    outcomes: tuple[Share, ...]  # the levels reached, best first, defeats last
    hawaii_lost: Share
    historical_or_better: Share  # the Historical level or a better one (what an option changes most)
    final: Spread  # the score at the end: objectives held (plus invasion points in 1945)
    held_by_turn: tuple[Spread, ...]  # objectives held at the end of turn 1, 2, ...
    ja_orders: tuple[tuple[str, float, int], ...]  # (order, mean per campaign, total)
    losses: tuple[tuple[str, float, int], ...]  # ("US CV", mean per campaign, total)
    battles_by_turn: tuple[tuple[float, float], ...]  # (fought, won by the US) mean per campaign
    ladder: tuple[str, ...] = ()  # every level a campaign of this kind can end on, best first

    def every_outcome(self) -> tuple[Share, ...]:
        """`outcomes` with the levels no campaign reached (0 of n, and how high that could still
        be): the pictures draw the whole ladder, so years and options line up bar for bar."""
        reached = {o.label: o for o in self.outcomes}
        rest = [o for o in self.outcomes if o.label not in self.ladder]
        return tuple(reached.get(lv) or Share.of(lv, 0, self.campaigns) for lv in self.ladder) + tuple(rest)


def rules_text(spec: CampaignSpec) -> str:
    from nimitz.model.difficulty import load_difficulties

    rules = spec.rules()
    parts = [
        f"{rules.order_modifiers} modifiers",
        f"{'bot' if spec.ja_ties == 'bot' else 'player'} breaks ties",
        f"difficulty {load_difficulties().summary(rules, brief=True)}",
    ]
    if spec.options:
        parts.append("optional rules: " + ", ".join(spec.options))
    return ", ".join(parts)


def _seed_text(seeds: list[int]) -> str:
    seeds = sorted(seeds)
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}..{seeds[-1]}"
    return f"{len(seeds)} seeds from {seeds[0]} to {seeds[-1]}"


def summarise(records: Iterable[CampaignRecord], data) -> list[Summary]:
    """One summary per (year, linked, policy, rules), in the order they first appear."""
    groups: dict[tuple, list[CampaignRecord]] = {}
    for r in records:
        s = r.spec
        groups.setdefault((s.year, s.linked, s.policy, rules_text(s)), []).append(r)
    return [_summary(key, rs, data) for key, rs in groups.items()]


def _level_order(year: int, linked: bool, data) -> list[str]:
    if linked:
        return [f"Linked: {lv.name}" for lv in data.map.linked.levels]
    levels = [lv.name for lv in data.years[year].evaluation]
    return levels + [lv for lv in ("Replaced", "Defeat: Hawaii lost") if lv not in levels]


def _summary(key: tuple, rs: list[CampaignRecord], data) -> Summary:
    year, linked, policy, rules = key
    n = len(rs)
    counts: dict[str, int] = {}
    for r in rs:
        counts[r.result] = counts.get(r.result, 0) + 1
    order = _level_order(year, linked, data)
    good = order[: next(i for i, lv in enumerate(order) if lv.endswith("Historical")) + 1]
    levels = [lv for lv in order if lv in counts] + sorted(lv for lv in counts if lv not in order)
    turns = max(len(r.held) for r in rs)
    held = tuple(Spread.of([r.held[t] for r in rs if len(r.held) > t]) for t in range(turns))

    def totals(field: str) -> tuple[tuple[str, float, int], ...]:
        out: dict[str, int] = {}
        for r in rs:
            for k, v in getattr(r, field).items():
                out[k] = out.get(k, 0) + v
        return tuple((k, v / n, v) for k, v in sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    battles = tuple(
        (sum(r.battles[t] for r in rs if len(r.battles) > t) / n, sum(r.us_won[t] for r in rs if len(r.us_won) > t) / n)
        for t in range(turns)
    )
    return Summary(
        year=year,
        linked=linked,
        policy=policy,
        rules=rules,
        campaigns=n,
        seeds=_seed_text([r.spec.seed for r in rs]),
        outcomes=tuple(Share.of(lv, counts[lv], n) for lv in levels),
        hawaii_lost=Share.of("Hawaii lost", sum(r.hawaii_lost for r in rs), n),
        historical_or_better=Share.of("Historical or better", sum(counts.get(lv, 0) for lv in good), n),
        final=Spread.of([r.score for r in rs]),
        held_by_turn=held,
        ja_orders=totals("ja_orders"),
        losses=totals("losses"),
        battles_by_turn=battles,
        ladder=tuple(order),
    )


# --- text --------------------------------------------------------------------------------------


def _share_line(s: Share, width: int) -> str:
    return f"  {s.label:<{width}} {s.count:>6} {s.percent:>6.1f}%   {100 * s.low:5.1f}% - {100 * s.high:5.1f}%"


def summary_text(s: Summary) -> str:
    """The tables of one summary as plain text (CLI, TUI, docs/balance.md)."""
    title = f"{s.year} linked series" if s.linked else f"{s.year} campaign"
    lines = [f"{title}: {counted(s.campaigns, 'campaign')} (seeds {s.seeds}), policy {s.policy}, {s.rules}", ""]
    width = max([len(o.label) for o in s.outcomes] + [len(s.historical_or_better.label), len("outcome")])
    lines.append(f"  {'outcome':<{width}} {'count':>6} {'share':>7}   95% interval")
    lines += [_share_line(o, width) for o in s.outcomes]
    lines.append(_share_line(s.hawaii_lost, width))
    lines.append(_share_line(s.historical_or_better, width))
    low, high = s.final.interval
    lines += [
        "",
        f"  score at the end: mean {s.final.mean:.2f} (95% interval {low:.2f} - {high:.2f}), "
        f"sd {s.final.sd:.2f}, {s.final.low:.0f} to {s.final.high:.0f}",
        "",
        "  turn   objectives held         battles a campaign",
        "         mean    sd  min  max    fought  won by US",
    ]
    for t, (h, (fought, won)) in enumerate(zip(s.held_by_turn, s.battles_by_turn, strict=True), start=1):
        lines.append(
            f"  {t:>4} {h.mean:>6.2f} {h.sd:>5.2f} {h.low:>4.0f} {h.high:>4.0f}"
            f"    {fought:>6.2f} {won:>10.2f}" + (f"   ({h.n} of {s.campaigns} still on)" if h.n < s.campaigns else "")
        )
    lines += ["", "  JA orders carried out      per campaign   total"]
    lines += [f"  {k:<26} {mean:>12.2f} {total:>7}" for k, mean, total in s.ja_orders]
    lines += ["", "  losses in battle           per campaign   total"]
    lines += [f"  {k:<26} {mean:>12.2f} {total:>7}" for k, mean, total in s.losses]
    return "\n".join(lines)


def summaries_json(summaries: list[Summary], stopped: bool, planned: int) -> dict:
    return {
        "planned": planned,
        "finished": sum(s.campaigns for s in summaries),
        "stopped": stopped,
        "summaries": [asdict(s, recurse=True) for s in summaries],
    }


CSV_FIELDS = (
    "seed",
    "year",
    "policy",
    "rules_preset",
    "ja_ties",
    "linked",
    "options",
    "result",
    "score",
    "hawaii_lost",
    "turns",
    "objectives_by_turn",
    "battles_by_turn",
    "us_won_by_turn",
    "losses",
    "ja_orders",
    "state_hash",
)


def records_csv(records: Iterable[CampaignRecord]) -> str:
    """One row per campaign; its seed and options rebuild it with `nimitz autoplay`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in records:
        s = r.spec
        writer.writerow(
            [
                s.seed,
                s.year,
                s.policy,
                s.rules().order_modifiers,
                s.ja_ties,
                int(s.linked),
                " ".join(s.options),
                r.result,
                r.score,
                int(r.hawaii_lost),
                r.turns,
                " ".join(map(str, r.held)),
                " ".join(map(str, r.battles)),
                " ".join(map(str, r.us_won)),
                " ".join(f"{k.replace(' ', ':')}={v}" for k, v in r.losses.items()),
                " ".join(f"{k.replace(' ', '_')}={v}" for k, v in r.ja_orders.items()),
                r.state_hash,
            ]
        )
    return out.getvalue()
