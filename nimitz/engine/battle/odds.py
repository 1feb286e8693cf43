"""Exact odds of a combat roll before the player commits (no simulation): the chance of 0, 1 and
2+ hits and the expected hits, from the d10 faces, each attacker's current value (plans in force
included, through `Board.rating`) and the plans that add hits.

A d10 roll against a rating hits once on `value` or less and twice on `superior` or less
(nimitz.model.ratings). The rolls of one step are independent, so the total is the convolution
of the single rolls. Extra-hit plans (Furball, AAA, Diving Attack, Ranging Shots: one more hit
after a hit, facts 1.10) add their hit only when hits were scored and the defender can take
more (combat._extra_hits); hits beyond what the targets can take are lost (facts 1.9).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from attrs import frozen

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import ENEMY, Board
from nimitz.model.battle import SEA_AREAS
from nimitz.model.ratings import Rating

FACES = 10


def roll_outcomes(rating: Rating) -> tuple[Fraction, Fraction, Fraction]:
    """The chance that one roll scores 0, 1 and 2 hits."""
    two = Fraction(min(rating.superior, rating.value), FACES)
    some = Fraction(min(rating.value, FACES), FACES)
    return 1 - some, some - two, two


def convolve(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def total_after_plans(scored: int, extra_after_hit: int = 0, room: int | None = None) -> int:
    """The hits that land when the rolls scored `scored`: an extra-hit plan adds its hits after a
    hit when the defender can take more than were scored; hits beyond `room` are lost."""
    n = scored
    if extra_after_hit and n > 0 and (room is None or room > n):
        n += extra_after_hit
    return n if room is None else min(n, room)


def distribution(
    ratings: Iterable[Rating], *, sure_hits: int = 0, extra_after_hit: int = 0, room: int | None = None
) -> list[Fraction]:
    """P(total hits = k) for k = 0, 1, ...: every rating rolls once; `sure_hits` are scored
    without a roll (Artillery); `extra_after_hit` and `room` as in `total_after_plans`."""
    dist = [Fraction(1)]
    for r in ratings:
        dist = convolve(dist, list(roll_outcomes(r)))
    dist = [Fraction(0)] * sure_hits + dist
    out: list[Fraction] = []
    for scored, p in enumerate(dist):
        if p:
            n = total_after_plans(scored, extra_after_hit, room)
            out += [Fraction(0)] * (n + 1 - len(out))
            out[n] += p
    return out or [Fraction(1)]


@frozen
class Odds:
    """The chance of 0, 1 and 2+ hits, and the expected hits."""

    none: Fraction
    one: Fraction
    more: Fraction
    expected: Fraction
    rolls: int

    @classmethod
    def of(cls, dist: list[Fraction], rolls: int) -> Odds:
        none = dist[0] if dist else Fraction(1)
        one = dist[1] if len(dist) > 1 else Fraction(0)
        expected = sum((k * p for k, p in enumerate(dist)), Fraction(0))
        return cls(none, one, 1 - none - one, expected, rolls)

    def text(self) -> str:
        """'0 hits 36% · 1 hit 48% · 2+ 16% · expected 0.8'"""
        return (
            f"0 hits {pct(self.none)} · 1 hit {pct(self.one)} · 2+ {pct(self.more)} · "
            f"expected {float(self.expected):.1f}"
        )


def pct(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{value:.0f}%"


def odds(ratings: list[Rating], **kw: int) -> Odds:
    return Odds.of(distribution(ratings, **kw), len(ratings))


# --- the board: who fires at whom ------------------------------------------------------------


def best_ratings(board: Board, pids: list[str], rating: str, k: int) -> list[Rating]:
    """The `k` best current values among `pids` (a row fires its best ships, facts 1.9)."""
    values = sorted((board.rating(p, rating)[0] for p in pids), key=lambda r: (r.value, r.superior), reverse=True)
    return [r for r in values if r][:k]


def aaa_rows(board: Board, flying_side: str, area: str, aircraft: int) -> list[list[Rating]]:
    """The AAA the enemy ships in `area` fire at `aircraft` aircraft of `flying_side`: the escort
    row, then the carrier row, each firing at most once per aircraft (facts 1.9, R35). No AAA
    fires at aircraft over the Island."""
    if area not in SEA_AREAS or aircraft <= 0:
        return []
    ships = board.ships(ENEMY[flying_side], area)
    rows = []
    for row_name in ("is_escort", "is_carrier"):
        row = best_ratings(board, [p for p in ships if getattr(board.cls(p), row_name)], "aaa", aircraft)
        if row:
            rows.append(row)
    return rows


def aaa_odds(board: Board, flying_side: str, area: str, aircraft: int) -> Odds | None:
    """Hits the enemy AAA in `area` scores on `aircraft` aircraft (both rows), or None."""
    rows = aaa_rows(board, flying_side, area, aircraft)
    if not rows:
        return None
    ratings = [r for row in rows for r in row]
    return odds(ratings, room=2 * aircraft)


def extra_after_hit(board: Board, side: str, step: str) -> int:
    """Hits a US plan held (reactive, offered after a hit) or a JA plan in force adds in `step`."""
    plans = board.us_held("extra_hit_after_hit") if side == "US" else board.ja_in_force("extra_hit_after_hit")
    return sum(
        p.effect["hits"]
        for p, _pip in plans
        if p.effect["step"] == step and board.requirement_met(side, p.effect["requires"])
    )


def room(targets: list[H.Target]) -> int:
    return sum(t.capacity for t in targets)


def bomb_odds(board: Board, side: str, area: str, aircraft: list[str]) -> Odds | None:
    """Hits `aircraft` of `side` score in the bomb runs in `area` if they all get through: the ship
    value at sea, the ground value over the Island (facts 1.9), capped by what the targets can take."""
    from nimitz.engine.battle.combat import bomb_targets

    targets = bomb_targets(board, side, area)(ENEMY[side])
    if not targets:
        return None
    rating = "ground" if area == "IS" else "ship"
    ratings = [board.rating(p, rating)[0] for p in aircraft]
    ratings = [r for r in ratings if r]
    if not ratings:
        return None
    return odds(ratings, extra_after_hit=extra_after_hit(board, side, "bomb_runs"), room=room(targets))


def naval_gun_odds(board: Board, side: str, ships: list[str]) -> Odds | None:
    """Hits `ships` of `side` in Coastal score with their naval guns (facts 1.9)."""
    from nimitz.engine.battle.combat import naval_targets

    targets = naval_targets(board, ENEMY[side])
    ratings = [board.rating(p, "surface")[0] for p in ships if board.cls(p).type not in ("TR", "SS")]
    ratings = [r for r in ratings if r]
    if not targets or not ratings:
        return None
    return odds(ratings, extra_after_hit=extra_after_hit(board, side, "naval_guns"), room=room(targets))


def enemy_naval_gun_odds(board: Board, side: str) -> Odds | None:
    """What the enemy's ships in Coastal fire at `side`'s ships there and its Island forces."""
    enemy = ENEMY[side]
    return naval_gun_odds(board, enemy, board.surface_ships(enemy, "CO"))


__all__ = [
    "Odds",
    "odds",
    "distribution",
    "roll_outcomes",
    "aaa_odds",
    "aaa_rows",
    "bomb_odds",
    "naval_gun_odds",
    "enemy_naval_gun_odds",
    "total_after_plans",
    "pct",
]
