"""Foundation timings: data loading, campaign creation, saving and loading.

Prints the median of N runs (time.perf_counter) in milliseconds. A script, not a test: speed is
read from its figures, never asserted (DESIGN.md "Tests").

    .venv/bin/python benchmarks/bench_foundation.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from nimitz.engine.setup import new_campaign
from nimitz.model.data import YEARS, load_raw
from nimitz.model.datacheck import check_data
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_envelope
from nimitz.persist.saves import CONVERTER, envelope_from_json, read_save, state_hash, to_json, write_save


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def load_uncached() -> None:
    data, problems = load_raw()
    assert data is not None and not problems
    assert check_data(data) == []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per measurement (median shown)")
    args = parser.parse_args()
    runs = args.runs

    data = load_game_data()
    rows: list[tuple[str, str, float, str]] = []  # (what, year, ms, note)
    rows.append(("load game data uncached (load_raw + check_data)", "all", median_ms(load_uncached, runs), ""))

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for year in YEARS:
            rows.append(
                ("new_campaign (engine set-up)", str(year), median_ms(partial(new_campaign, data, year, 1), runs), "")
            )
            rows.append(
                (
                    "new_envelope (what `nimitz new` builds)",
                    str(year),
                    median_ms(partial(new_envelope, data, year, 1, RulesProfile(), "b"), runs),
                    "",
                )
            )
            env = new_envelope(data, year, 1, RulesProfile(), "bench")
            path = folder / f"bench-{year}.nimitz.json"
            rows.append(("state_hash", str(year), median_ms(partial(state_hash, env.state), runs), ""))
            rows.append(("to_json (unstructure + hash + dumps)", str(year), median_ms(partial(to_json, env), runs), ""))
            rows.append(
                (
                    "write_save (to_json + temp + fsync + rename)",
                    str(year),
                    median_ms(partial(write_save, path, env), runs),
                    f"{path.stat().st_size / 1024:.0f} KiB",
                )
            )
            rows.append(
                (
                    "read_save (parse + structure + hash + state_problems)",
                    str(year),
                    median_ms(partial(read_save, path, data), runs),
                    "",
                )
            )
            text = path.read_text(encoding="utf-8")
            rows.append(
                (
                    "envelope_from_json without game data (no state_problems)",
                    str(year),
                    median_ms(partial(envelope_from_json, text, "bench"), runs),
                    "",
                )
            )
            plain = CONVERTER.unstructure(env)
            rows.append(
                (
                    "  plain json.dumps of the same unstructured data",
                    str(year),
                    median_ms(partial(json.dumps, plain, separators=(",", ":"), ensure_ascii=False), runs),
                    "baseline",
                )
            )
            rows.append(
                (
                    "  plain json.loads of the same text",
                    str(year),
                    median_ms(partial(json.loads, text), runs),
                    "baseline",
                )
            )

    width = max(len(r[0]) for r in rows)
    print(f"nimitz foundation benchmark: median of {runs} runs, milliseconds")
    print(f"{'what':<{width}}  {'year':>4}  {'ms':>8}  note")
    print(f"{'-' * width}  ----  {'-' * 8}  ----")
    for what, year, ms, note in rows:
        print(f"{what:<{width}}  {year:>4}  {ms:8.2f}  {note}")


if __name__ == "__main__":
    main()
