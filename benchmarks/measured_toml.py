"""Turn `nimitz lab --json` runs into the [[measured]] entries of campaigns/difficulty_measured.toml
(the chance the new-game screen shows for each difficulty preset, issue 13).

    nimitz lab --year all --runs N --policy expert --difficulty PRESET --json > lab-PRESET.json
    python benchmarks/measured_toml.py PRESET lab-PRESET.json [PRESET lab.json ...]

Prints the entries, each with its seeds and the command that reproduces it (the expert plays
with its lab look-ahead budget, nimitz.policies.LAB_BUDGET), and the Markdown table of
docs/balance.md on stderr.
"""

from __future__ import annotations

import json
import sys

from nimitz.model.difficulty import GOOD_RESULTS
from nimitz.policies import LAB_BUDGET


def entry(preset: str, path: str) -> str:
    with open(path, encoding="utf-8") as f:
        lab = json.load(f)
    summaries = lab["summaries"]
    runs = summaries[0]["campaigns"]
    seeds = summaries[0]["seeds"].replace("..", "-")
    years = []
    for s in summaries:
        good = sum(o["count"] for o in s["outcomes"] if o["label"] in GOOD_RESULTS)
        years.append(
            f"  {{ year = {s['year']}, campaigns = {s['campaigns']}, historical_or_better = {good}, "
            f"hawaii_lost = {s['hawaii_lost']['count']} }},"
        )
    command = f"nimitz lab --year all --runs {runs} --policy expert --difficulty {preset}"
    return "\n".join(
        [
            "[[measured]]",
            f'preset = "{preset}"',
            'policy = "expert"',
            f'budget = "{LAB_BUDGET} rollouts (heuristics only)"',
            f'seeds = "{seeds}"',
            f'command = "{command}"',
            "years = [",
            *years,
            "]",
            "",
        ]
    )


def table_rows(preset: str, path: str) -> list[str]:
    """Markdown rows for docs/balance.md: preset, year, campaigns, Historical or better, Hawaii lost."""
    with open(path, encoding="utf-8") as f:
        lab = json.load(f)
    rows = []
    for s in lab["summaries"]:
        n = s["campaigns"]
        good = sum(o["count"] for o in s["outcomes"] if o["label"] in GOOD_RESULTS)
        lost = s["hawaii_lost"]["count"]
        rows.append(f"| {preset} | {s['year']} | {n} | {100 * good / n:.1f}% | {100 * lost / n:.1f}% |")
    return rows


def main(args: list[str]) -> None:
    if not args or len(args) % 2:
        sys.exit(__doc__)
    pairs = list(zip(args[::2], args[1::2], strict=True))
    print("\n".join(entry(preset, path) for preset, path in pairs))
    print("| preset | year | campaigns | Historical or better | Hawaii lost |", file=sys.stderr)
    print("|---|---|---|---|---|", file=sys.stderr)
    for preset, path in pairs:
        print("\n".join(table_rows(preset, path)), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
