"""Seeded autoplays per year (until `nimitz lab` lands): Historical-or-better and Hawaii-lost
rates for a policy under a difficulty preset.

    python benchmarks/expert_lab.py POLICY N [YEAR ...] [--difficulty ID] [--first-seed S]
    python benchmarks/expert_lab.py expert N --write    # every preset, every year: writes
                                                         # campaigns/difficulty_measured.toml

Seeds are FIRST_SEED..FIRST_SEED+N-1 (default 1..N); the expert uses its lab look-ahead budget
(nimitz.policies.LAB_BUDGET). The figures are noisy on a shared machine only in their timing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from nimitz.model.data import data_root, load_game_data
from nimitz.model.difficulty import GOOD_RESULTS, MEASURED_FILE, load_difficulties
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
    return {"year": year, "campaigns": n, "historical_or_better": good, "hawaii_lost": hawaii,
            "results": dict(sorted(results.items())), "seconds": time.perf_counter() - t0}


def row(policy: str, preset: str, m: dict) -> str:
    n = m["campaigns"]
    return (f"| {policy} | {preset} | {m['year']} | {n} | {100 * m['historical_or_better'] / n:.1f}% "
            f"| {100 * m['hawaii_lost'] / n:.1f}% | {m['seconds'] / n:.2f} s |")


def write(n: int, first_seed: int) -> None:
    presets = load_difficulties()
    out = ["# Measured chance of each difficulty preset (issue 13), written by",
           f"# `python benchmarks/expert_lab.py expert {n} --write`: the expert policy (look-ahead",
           f"# budget {LAB_BUDGET}) over seeds {first_seed}..{first_seed + n - 1} of every year.", ""]
    for p in presets.preset:
        out += ["[[measured]]", f'preset = "{p.id}"', 'policy = "expert"',
                f'budget = "{LAB_BUDGET} rollouts (heuristics only)"' if not LAB_BUDGET
                else f'budget = "{LAB_BUDGET} rollouts"',
                f'seeds = "{first_seed}-{first_seed + n - 1}"', "years = ["]
        for year in YEARS:
            m = measure("expert", n, year, p.id, first_seed)
            print(row("expert", p.id, m), flush=True)
            out.append(f"  {{ year = {year}, campaigns = {n}, historical_or_better = "
                       f"{m['historical_or_better']}, hawaii_lost = {m['hawaii_lost']} }},")
        out += ["]", ""]
    (Path(data_root()) / MEASURED_FILE).write_text("\n".join(out), encoding="utf-8")


def main(args: list[str]) -> None:
    def take(flag: str, default: str | None) -> str | None:
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            return value
        return default

    preset = take("--difficulty", "rulebook")
    first_seed = int(take("--first-seed", "1"))
    if "--write" in args:
        args.remove("--write")
        write(int(args[1]), first_seed)
        return
    print("| policy | difficulty | year | campaigns | Historical+ | Hawaii lost | time/campaign |")
    print("|---|---|---|---|---|---|---|")
    for year in [int(y) for y in args[2:]] or YEARS:
        print(row(args[0], preset, measure(args[0], int(args[1]), year, preset, first_seed)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
