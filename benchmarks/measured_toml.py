"""Turn `nimitz lab --json` runs into a [[measured]] entry of campaigns/difficulty_measured.toml
(the chance the new-game screen shows for a difficulty preset, issue 13).

    nimitz lab --year Y --runs N --policy expert --difficulty PRESET --json > PRESET-Y.json
    python benchmarks/measured_toml.py PRESET PRESET-1942.json PRESET-1943.json ...

One lab file may hold every year (`--year all`) or one; a run stopped with Ctrl-C counts the
campaigns that finished (seeds 1..k with --jobs 1). Prints the entry, with the seeds and the
command that reproduce it (the expert plays with its lab look-ahead budget,
nimitz.policies.LAB_BUDGET), and the Markdown rows of docs/balance.md on stderr.
"""

from __future__ import annotations

import json
import sys

from nimitz.model.difficulty import GOOD_RESULTS
from nimitz.policies import LAB_BUDGET


def summaries(paths: list[str]) -> list[dict]:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out += json.load(f)["summaries"]
    return sorted(out, key=lambda s: s["year"])


def good(s: dict) -> int:
    return sum(o["count"] for o in s["outcomes"] if o["label"] in GOOD_RESULTS)


def entry(preset: str, years: list[dict]) -> str:
    runs = {s["campaigns"] for s in years}
    if len(runs) == 1:
        n = runs.pop()
        seeds, command = f"1-{n}", f"nimitz lab --year all --runs {n} --policy expert --difficulty {preset}"
    else:  # runs stopped at different counts: each year's own N
        seeds = "1-N, N = the year's campaigns"
        command = f"nimitz lab --year YEAR --runs N --policy expert --difficulty {preset} (N = the year's campaigns)"
    rows = [
        f"  {{ year = {s['year']}, campaigns = {s['campaigns']}, historical_or_better = {good(s)}, "
        f"hawaii_lost = {s['hawaii_lost']['count']} }},"
        for s in years
    ]
    return "\n".join(
        [
            "[[measured]]",
            f'preset = "{preset}"',
            'policy = "expert"',
            f'budget = "{LAB_BUDGET} rollouts (heuristics only)"',
            f'seeds = "{seeds}"',
            f'command = "{command}"',
            "years = [",
            *rows,
            "]",
            "",
        ]
    )


def table_rows(preset: str, years: list[dict]) -> list[str]:
    """| preset | year | campaigns | Historical or better | Hawaii lost |"""
    rows = []
    for s in years:
        n = s["campaigns"]
        lost = s["hawaii_lost"]["count"]
        rows.append(f"| {preset} | {s['year']} | {n} | {100 * good(s) / n:.1f}% | {100 * lost / n:.1f}% |")
    return rows


def main(args: list[str]) -> None:
    if len(args) < 2:
        sys.exit(__doc__)
    preset, years = args[0], summaries(args[1:])
    print(entry(preset, years))
    print("\n".join(table_rows(preset, years)), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
