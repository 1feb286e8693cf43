"""Kill-safety harness: SIGKILL a process while it autosaves, then resume the save.

A child process opens (or creates) a campaign and plays it with the sensible policy, autosaving
after every decision. Once it says it is playing, the parent waits a random time and kills it
with SIGKILL, then checks the save: it opens (the replay of its last turn reproduces the
journal), `check` (a replay of everything) finds it sound, and it holds at least every decision
the save held before the kill. The next child resumes the same file. When a campaign ends, its
final state must equal an uninterrupted run with the same seed and policy.

Used by tests/test_crash_safety.py (a few kills) and benchmarks/bench_saves.py (>= 100 kills).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from attrs import define, field

CHILD = """
import sys
from pathlib import Path
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.policies import get_policy

path, year, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
data = load_game_data()
if path.exists():
    session = Session.open(path, data)
else:
    session = Session.create(path, data, year, seed, RulesProfile(), path.name.split(".")[0])
    session.save()
print("playing", flush=True)
chooser = get_policy("sensible")
while session.game.pending is not None:
    session.answer(chooser(session.game.pending, session.game))
session.flush()
print("done", flush=True)
"""


@define
class KillReport:
    kills: int = 0
    torn_tails: int = 0  # kills that left bytes after the last commit (a batch cut mid-write)
    campaigns_finished: int = 0
    resumes: int = 0
    failures: list[str] = field(factory=list)


def _straight_hash(data, year: int, seed: int) -> str:
    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import new_game
    from nimitz.persist.saves import state_hash
    from nimitz.policies import get_policy

    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy("sensible")
    while game.pending is not None:
        game.answer(chooser(game.pending, game))
    return state_hash(game.state)


def run_kills(
    folder: Path, kills: int, year: int = 1942, seed: int = 5, rng_seed: int = 1, max_delay: float = 0.4
) -> KillReport:
    """Kill children until `kills` kills landed while a campaign was being played."""
    from nimitz.model.load import load_game_data
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.saves import read_save, state_hash
    from nimitz.persist.verify import verify

    data = load_game_data()
    rng = random.Random(rng_seed)
    report = KillReport()
    expected = {}
    campaign = 0
    path = folder / f"kill-{campaign}.nimitz.json"
    decisions_before = 0
    while report.kills < kills:
        run_seed = seed + campaign
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(year), str(run_seed)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if line.strip() != "playing":
            report.failures.append(f"the child did not start: {line!r} {proc.stderr.read()[-500:]}")
            break
        time.sleep(rng.uniform(0.0, max_delay))
        finished = proc.poll() is not None
        if not finished:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        proc.stderr.close()
        if not finished:
            report.kills += 1
        try:
            env = read_save(path, data)
            if os.path.getsize(path) > env.end:
                report.torn_tails += 1
            decisions = env.summary.decisions
            if decisions < decisions_before:
                report.failures.append(f"{path.name}: {decisions_before - decisions} committed decision(s) lost")
            decisions_before = decisions
            problems = verify(env, data)
            if problems:
                report.failures.append(f"{path.name}: check failed: {problems[0]}")
            session = Session.open(path, data)
            report.resumes += 1
        except Exception as exc:  # the harness reports, never stops
            report.failures.append(f"{path.name}: cannot be resumed: {exc}")
            break
        if session.game.pending is None:  # the campaign ended: compare with a straight run
            if run_seed not in expected:
                expected[run_seed] = _straight_hash(data, year, run_seed)
            if state_hash(session.game.state) != expected[run_seed]:
                report.failures.append(f"{path.name}: the finished campaign differs from a straight run")
            report.campaigns_finished += 1
            campaign += 1
            path = folder / f"kill-{campaign}.nimitz.json"
            decisions_before = 0
    return report
