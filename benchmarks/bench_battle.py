"""Benchmark battles: the median time of a typical battle and of a large one (both fleets, an
island fight, four turns), and the top entries of a cProfile run of the large one.

    .venv/bin/python benchmarks/bench_battle.py [--runs N] [--top N]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from nimitz.engine.game import Game
from nimitz.engine.setup import new_campaign
from nimitz.model.load import load_game_data
from nimitz.model.state import DESTROYED
from nimitz.persist.players import bot_game
from nimitz.policies.battle import play_battle, sensible

DATA = load_game_data()


class LongBattleDice:
    """The game's dice, except that the battle length roll is a 10 (four turns)."""

    def __init__(self, inner):
        self.inner = inner

    @property
    def rolls(self):
        return self.inner.rolls

    def roll(self, stream, sides=10, purpose=""):
        face = self.inner.roll(stream, sides, purpose)
        return 10 if purpose == "battle length" else face


def typical(seed: int) -> Game:
    """A 1942 carrier clash at Midway: two US carriers and escorts, an LBA, a marine landing,
    against two JA carriers, escorts and an infantry regiment ashore."""
    state = new_campaign(DATA, 1942, seed)
    state.sp = 6
    for f in state.forces.values():
        if f.location == "MI":
            f.location = DESTROYED
    for side, names, embarked in (
        ("US", ["Lexington", "Enterprise", "Chester/Louisville", "DESRON 1", "MAG 22"], ()),
        ("US", ["1st Marine"], ("1st Marine",)),
        ("JA", ["Kaga", "Akagi", "Tone/Chikuma", "DD Gp 1", "Nagato/Mutsu", "55th"], ()),
    ):
        for n in names:
            f = state.forces[f"{side}:{n}"]
            f.location = "MI"
            f.embarked = n in embarked
    for ids in state.ja_stacks.values():
        ids[:] = [i for i in ids if state.forces[i].location != "MI"]
    return bot_game(DATA, state)


def large(seed: int) -> Game:
    """Both whole fleets of 1942 in Hawaii, with LBA and infantry of both sides ashore and on
    transports, and a four-turn battle."""
    state = new_campaign(DATA, 1942, seed)
    state.sp = 10
    sheet = DATA.year(1942)
    for f in state.forces.values():
        c = sheet.cls[f.cls]
        if f.side == "US" and not c.australian and f.location not in ("DESTROYED",):
            f.location = "HI"
            f.embarked = c.is_ground and f.name in ("1st Marine", "32nd", "43rd")
        if f.side == "JA" and f.location in ("JA", "EA", "PH", "NG"):
            f.location = "HI"
            f.embarked = c.is_ground and f.name in ("2nd", "48th")
    for ids in state.ja_stacks.values():
        ids[:] = [i for i in ids if state.forces[i].location != "HI"]
    game = bot_game(DATA, state)
    game.dice = LongBattleDice(game.dice)
    return game


def run(make, seed: int) -> tuple[float, Game]:
    game = make(seed)
    t = time.perf_counter()
    play_battle(game, "MI" if make is typical else "HI", sensible)
    return (time.perf_counter() - t) * 1000, game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    print(f"{'battle':<58}{'median ms':>10}{'turns':>7}{'journal':>9}")
    for name, make in (
        ("typical (1942 Midway: 2 CV each side, landing)", typical),
        ("large (both 1942 fleets at HI, island fight, 4 turns)", large),
    ):
        times, turns, entries = [], [], []
        for seed in range(1, args.runs + 1):
            ms, game = run(make, seed)
            times.append(ms)
            end = next(e for e in reversed(game.journal) if "ends after" in e.text)
            turns.append(int(end.text.split("after ")[1].split(" ")[0]))
            entries.append(len(game.journal))
        print(
            f"{name:<58}{statistics.median(times):>10.1f}{statistics.median(turns):>7.0f}"
            f"{statistics.median(entries):>9.0f}"
        )
    profiler = cProfile.Profile()
    game = large(1)
    profiler.enable()
    play_battle(game, "HI", sensible)
    profiler.disable()
    print(f"\ncProfile of one large battle (top {args.top} by cumulative time):")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
