"""Engine speed: whole autoplayed campaigns against the dice floor, per year; and the lab.

    .venv/bin/python benchmarks/bench_engine.py [--campaigns N] [--lab-runs N] [--jobs J] [--profile YEAR]

For each year it plays N seeded campaigns (sensible policy, default rules) in this process, the
way `nimitz lab` plays them (nimitz.lab.runner: no checkpoints, the cycle collector paused), and
prints the mean campaign time and its ratio to the dice floor: the time to draw, in this same
process, as many faces from the game's own SplitMix streams (same streams, same sides, in the
same order) as the campaign rolled. The ratio is what the engine costs beyond its dice; it
is far less noisy than raw times on a shared machine, but both move with the machine's load.

With --lab-runs it also times `nimitz lab --year all --runs N` (N per year) through the CLI
and extrapolates to 10,000 campaigns.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import time

from nimitz.engine.dice import Roll, SeededDice
from nimitz.lab.runner import CampaignSpec, collector_paused, lab_game, play_out
from nimitz.model.data import YEARS
from nimitz.model.state import DiceState


def play(year: int, seed: int, policy: str = "sensible") -> list[Roll]:
    """One campaign the way `nimitz lab` plays it (default rules, no checkpoints, the cycle
    collector paused and sweeping once after it); returns the rolls it made."""
    with collector_paused():
        game = lab_game(CampaignSpec(year, seed, policy))
        play_out(game, policy)
        rolls = game.dice.rolls
        game.close()
        del game  # let the game go before the sweep, as the lab does (the sweep walks what is alive)
    return rolls


def dice_floor(rolls, seed: int, repeats: int = 5) -> float:
    """Seconds to draw the same faces (stream, sides) from fresh SplitMix streams (best of
    `repeats`: the floor is the least the dice can cost)."""
    draws = [(r.stream, r.sides, r.purpose) for r in rolls]
    best = float("inf")
    for _ in range(repeats):
        dice = SeededDice(DiceState(seed))
        t = time.process_time()
        for stream, sides, purpose in draws:
            dice.roll(stream, sides, purpose)
        best = min(best, time.process_time() - t)
    return best


def bench_year(year: int, campaigns: int) -> tuple[float, float, int]:
    """(mean campaign ms, ratio to the dice floor, mean faces rolled)."""
    played = floor = 0.0
    faces = 0
    for seed in range(1, campaigns + 1):
        t = time.process_time()
        rolls = play(year, seed)
        played += time.process_time() - t
        floor += dice_floor(rolls, seed)
        faces += len(rolls)
    return played / campaigns * 1000, played / floor, faces // campaigns


def bench_lab(runs: int, jobs: int) -> None:
    """Time `nimitz lab` in a child process: its wall time, and the CPU time it and its workers
    used (on a shared machine the CPU time says what two dedicated cores would take)."""
    cmd = [sys.executable, "-m", "nimitz", "lab", "--year", "all", "--runs", str(runs), "--jobs", str(jobs)]
    before, wall = os.times(), time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after, wall = os.times(), time.perf_counter() - wall
    cpu = (after.children_user + after.children_system) - (before.children_user + before.children_system)
    total = runs * len(YEARS)
    dedicated = cpu / jobs  # the CPU time spread over `jobs` cores that do nothing else
    print(
        f"\nnimitz lab --year all --runs {runs} --jobs {jobs}: {total} campaigns in {wall:.1f} s wall, "
        f"{cpu:.1f} s CPU ({cpu / total * 1000:.0f} ms a campaign); 10,000 campaigns: "
        f"{10_000 / total * wall / 60:.1f} min at this machine's load, "
        f"{10_000 / total * dedicated / 60:.1f} min on {jobs} dedicated cores"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--campaigns", type=int, default=20, help="campaigns per year (seeds 1..N)")
    parser.add_argument("--lab-runs", type=int, default=0, help="also time `nimitz lab`, N runs per year")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--profile", type=int, choices=YEARS, help="profile this year's campaigns")
    args = parser.parse_args()
    play(1942, 1)  # warm the imports and data caches
    print(f"{'year':<6}{'campaign ms':>12}{'faces':>8}{'x dice floor':>14}")
    for year in YEARS:
        ms, ratio, faces = bench_year(year, args.campaigns)
        print(f"{year:<6}{ms:>12.1f}{faces:>8}{ratio:>14.1f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(1, args.campaigns + 1):
            play(args.profile, seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    if args.lab_runs:
        bench_lab(args.lab_runs, args.jobs)


if __name__ == "__main__":
    main()
