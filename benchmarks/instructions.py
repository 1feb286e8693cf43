"""Instructions a lab campaign costs, counted by valgrind: free of the machine's load.

    .venv/bin/python benchmarks/instructions.py [--seeds N] [--years 1942 1944]

Wall and CPU times on a shared machine move by 10% from one run to the next, which hides the
steps of a few percent that speed work is made of. Cachegrind counts the instructions the
interpreter runs instead: it plays seeds 1..N of each year the way `nimitz lab` does
(bench_engine.play) after one warm-up campaign, and the same warm-up alone, and prints the
difference (the imports, the data loading and the warm-up cancel out). Address randomisation is
turned off and the bytecode compiled beforehand, so two runs of the same code agree to about
0.02%. Needs valgrind and setarch (util-linux).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

_PLAY = """
import sys
sys.path.insert(0, {bench!r})
from bench_engine import play
play(1942, 1)
for year in {years!r}:
    for seed in range(1, {seeds} + 1):
        play(year, seed)
"""


def instructions(years: list[int], seeds: int) -> int:
    """Instructions valgrind counted for the script that plays `seeds` campaigns of each year."""
    script = _PLAY.format(bench=str(HERE), years=years, seeds=seeds)
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cachegrind.out"
        cmd = [
            "setarch", "x86_64", "-R",
            "valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
            sys.executable, "-c", script,
        ]  # fmt: skip
        done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3, help="campaigns per year (seeds 1..N)")
    parser.add_argument("--years", type=int, nargs="+", default=[1942, 1943, 1944, 1945])
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "nimitz", quiet=1)
    warm = instructions([], 0)
    total = instructions(args.years, args.seeds)
    campaigns = args.seeds * len(args.years)
    played = total - warm
    print(f"{campaigns} campaigns ({', '.join(map(str, args.years))}; seeds 1-{args.seeds}):")
    print(f"  {played / 1e9:.4f} G instructions, {played / campaigns / 1e6:.2f} M a campaign")


if __name__ == "__main__":
    main()
