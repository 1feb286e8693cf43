"""Seeded autoplays per year (until `nimitz lab` lands): Historical-or-better and Hawaii-lost
rates for a policy under a difficulty preset.

    python benchmarks/expert_lab.py POLICY N [YEAR ...] [--difficulty ID] [--first-seed S]
    python benchmarks/expert_lab.py expert N --toml --difficulty ID >> campaigns/difficulty_measured.toml
        (every year under one preset: the [[measured]] entry the new-game dialog shows)

Seeds are FIRST_SEED..FIRST_SEED+N-1 (default 1..N); the expert uses its lab look-ahead budget
(nimitz.policies.LAB_BUDGET). The figures are noisy on a shared machine only in their timing.
"""

from __future__ import annotations

import sys
import time

from nimitz.model.difficulty import GOOD_RESULTS, load_difficulties
from nimitz.model.load import load_game_data
from nimitz.persist.campaign_file import new_game
from nimitz.policies import LAB_BUDGET, get_policy

YEARS = (1942, 1943, 1944, 1945)


def measure(policy_name: str, n: int, year: int, preset: str, first_seed: int = 1) -> dict:
    data = load_game_data()
    rules = load_difficulties().rules(preset)
    policy = get_policy(policy_name)
    good = hawaii = 0
    results: dict[str, int] = {}
    t0 = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        game = new_game(data, year, seed, rules)
        while game.pending is not None:
            game.answer(policy(game.pending, game))
        r = game.state.result
        results[r] = results.get(r, 0) + 1
        good += r in GOOD_RESULTS
        hawaii += r.startswith("Defeat")
    return {
        "year": year,
        "campaigns": n,
        "historical_or_better": good,
        "hawaii_lost": hawaii,
        "results": dict(sorted(results.items())),
        "seconds": time.perf_counter() - t0,
    }


def row(policy: str, preset: str, m: dict) -> str:
    n = m["campaigns"]
    return (
        f"| {policy} | {preset} | {m['year']} | {n} | {100 * m['historical_or_better'] / n:.1f}% "
        f"| {100 * m['hawaii_lost'] / n:.1f}% | {m['seconds'] / n:.2f} s |"
    )


def toml_block(preset: str, n: int, first_seed: int) -> None:
    """Measure the expert on every year under `preset` and print the [[measured]] entry for
    campaigns/difficulty_measured.toml (the table rows go to stderr)."""
    budget = f"{LAB_BUDGET} rollouts" + (" (heuristics only)" if not LAB_BUDGET else "")
    out = [
        "[[measured]]",
        f'preset = "{preset}"',
        'policy = "expert"',
        f'budget = "{budget}"',
        f'seeds = "{first_seed}-{first_seed + n - 1}"',
        "years = [",
    ]
    for year in YEARS:
        m = measure("expert", n, year, preset, first_seed)
        print(row("expert", preset, m), file=sys.stderr, flush=True)
        out.append(
            f"  {{ year = {year}, campaigns = {n}, historical_or_better = "
            f"{m['historical_or_better']}, hawaii_lost = {m['hawaii_lost']} }},"
        )
    print("\n".join(out + ["]", ""]), flush=True)


def main(args: list[str]) -> None:
    def take(flag: str, default: str | None) -> str | None:
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i : i + 2]
            return value
        return default

    preset = take("--difficulty", "rulebook")
    first_seed = int(take("--first-seed", "1"))
    if "--toml" in args:
        args.remove("--toml")
        toml_block(preset, int(args[1]), first_seed)
        return
    print("| policy | difficulty | year | campaigns | Historical+ | Hawaii lost | time/campaign |")
    print("|---|---|---|---|---|---|---|")
    for year in [int(y) for y in args[2:]] or YEARS:
        print(row(args[0], preset, measure(args[0], int(args[1]), year, preset, first_seed)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
