"""Benchmark the JA Orders step and whole autoplayed campaigns; print medians and a profile.

.venv/bin/python benchmarks/bench_campaign.py [--runs N] [--profile]
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import pstats
import statistics
import time
from functools import partial

from nimitz.bot.orders import OrdersBot
from nimitz.engine.dice import SeededDice
from nimitz.engine.game import Game
from nimitz.engine.setup import new_campaign
from nimitz.model.data import YEARS
from nimitz.model.load import load_game_data
from nimitz.persist.players import bot_game
from nimitz.policies import get_policy


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def autoplay(data, year: int, seed: int, policy: str = "sensible") -> Game:
    game = bot_game(data, new_campaign(data, year, seed))
    chooser = get_policy(policy)
    request = game.start()
    while request is not None:
        request = game.answer(chooser(request, game))
    return game


def orders_step(base, data) -> None:
    state = copy.deepcopy(base)
    OrdersBot(state, data, SeededDice(state.dice)).run_step()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--profile", action="store_true", help="print the top profile entries")
    args = parser.parse_args()
    data = load_game_data()
    print(f"{'what':<44}{'year':>6}{'median ms':>12}")
    for year in YEARS:
        base = new_campaign(data, year, 1)
        OrdersBot(base, data, SeededDice(base.dice)).place_moved_markers()

        ms = median_ms(partial(orders_step, base, data), args.runs)
        print(f"{'JA Orders step (set-up map, incl. deepcopy)':<44}{year:>6}{ms:>12.2f}")
    for year in YEARS:
        seeds = iter(range(1, 10_000))
        ms = median_ms(lambda year=year, seeds=seeds: autoplay(data, year, next(seeds)), max(3, args.runs // 2))
        print(f"{'whole campaign, sensible policy':<44}{year:>6}{ms:>12.1f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for year in YEARS:
            autoplay(data, year, 3)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


if __name__ == "__main__":
    main()
