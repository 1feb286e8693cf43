"""Seeded autoplays per year for a policy (until `nimitz lab` lands): Historical-or-better and
Hawaii-lost rates. Usage: python benchmarks/expert_lab.py POLICY N [YEARS...] [--difficulty NAME]."""

from __future__ import annotations

import sys
import time

from nimitz.model.data import load_game_data
from nimitz.persist.campaign_file import new_game
from nimitz.model.state import RulesProfile
from nimitz.policies import get_policy

GOOD = ("Historical", "Good", "Great")


def rules_for(difficulty: str | None) -> RulesProfile:
    if not difficulty:
        return RulesProfile()
    from nimitz.model.difficulty import load_difficulties

    return load_difficulties()[difficulty].rules()


def run(policy_name: str, n: int, years: list[int], difficulty: str | None = None, first_seed: int = 1):
    data = load_game_data()
    policy = get_policy(policy_name)
    for year in years:
        t0 = time.perf_counter()
        good = hawaii = 0
        results: dict[str, int] = {}
        for seed in range(first_seed, first_seed + n):
            game = new_game(data, year, seed, rules_for(difficulty))
            while game.pending is not None:
                game.answer(policy(game.pending, game))
            r = game.state.result
            results[r] = results.get(r, 0) + 1
            good += r in GOOD
            hawaii += r.startswith("Defeat")
        dt = time.perf_counter() - t0
        print(f"{policy_name:9} {difficulty or 'default':10} {year}: n={n} historical+ {100*good/n:5.1f}% "
              f"hawaii lost {100*hawaii/n:5.1f}%  ({dt/n:.2f} s/campaign) {dict(sorted(results.items()))}",
              flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    diff = None
    if "--difficulty" in args:
        i = args.index("--difficulty")
        diff = args[i + 1]
        del args[i:i + 2]
    run(args[0], int(args[1]), [int(y) for y in args[2:]] or [1942, 1943, 1944, 1945], diff)
