"""Saves and screens at any length (issue 11): the four ratios of the issue measured in one run,
and the kill-safety run.

    .venv/bin/python benchmarks/bench_saves.py [--runs N] [--kills N] [--keys N]

1. `nimitz autoplay --year 1942 --save X` against the same autoplay without --save (a fresh
   process each, as a user runs it; the best of --runs);
2. `nimitz list` with 200 saves in the folder against 1 save (fresh processes, best of --runs);
3. in the TUI (Pilot, 100x30): key press -> screen updated, median and worst, at turn 6 of a 1944
   campaign with 50 other saves in the folder. The keys are a player's: `a` (answer
   automatically: the engine, the bot and the autosave run in a worker), Enter to close the
   reports that follow, left/right on the map. Each is timed from the key to the screen
   redrawn after it (the UI thread's answer), and `a`/Enter also to the decision's result on
   screen (the worker done); the worker's own time is printed beside;
4. `read_save` of a finished campaign against `json.loads` + cattrs structure of the same
   journal and checkpoints as one JSON document (the best of --runs); `Session.open` (read and
   replay of the last turn) is printed beside it;
5. kill-safety: --kills SIGKILLs at random moments while a campaign autosaves
   (benchmarks/killsafety.py); every resume must replay and pass `check`.

Figures are wall clock on a shared machine (2 cores, other jobs running): noisy, compare the
ratios rather than the absolute times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

NIMITZ = [sys.executable, "-m", "nimitz"]


def best_of(runs: int, command: list[str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def autoplay_ratio(folder: Path, runs: int) -> tuple[float, float]:
    plain = best_of(runs, [*NIMITZ, "--saves", str(folder / "plain"), "autoplay", "--year", "1942", "--seed", "1"])
    saved = []
    for i in range(runs):
        saved.append(
            best_of(
                1,
                [
                    *NIMITZ,
                    "--saves",
                    str(folder / "saved"),
                    "autoplay",
                    "--year",
                    "1942",
                    "--seed",
                    "1",
                    "--save",
                    f"bench-{i}",
                ],
            )
        )
    return min(saved), plain


def list_ratio(folder: Path, runs: int, sample: Path) -> tuple[float, float]:
    one, many = folder / "one", folder / "many"
    one.mkdir(parents=True)
    many.mkdir(parents=True)
    shutil.copy(sample, one / "only.nimitz.json")
    for i in range(200):
        shutil.copy(sample, many / f"save-{i:03}.nimitz.json")
    return (
        best_of(runs, [*NIMITZ, "--saves", str(many), "list"]),
        best_of(runs, [*NIMITZ, "--saves", str(one), "list"]),
    )


def finished_save(folder: Path, year: int, seed: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            *NIMITZ,
            "--saves",
            str(folder),
            "autoplay",
            "--year",
            str(year),
            "--seed",
            str(seed),
            "--save",
            f"done-{year}",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return folder / f"done-{year}.nimitz.json"


def load_ratio(path: Path, runs: int) -> tuple[float, float, float]:
    from nimitz.model.journal import Checkpoint, JournalEntry
    from nimitz.model.load import load_game_data
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.saves import CONVERTER, read_save

    data = load_game_data()
    env = read_save(path, data)
    text = json.dumps(
        {"journal": CONVERTER.unstructure(env.journal), "checkpoints": CONVERTER.unstructure(env.checkpoints)}
    )

    def baseline() -> None:
        raw = json.loads(text)
        CONVERTER.structure(raw["journal"], list[JournalEntry])
        CONVERTER.structure(raw["checkpoints"], list[Checkpoint])

    def timed(fn) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times)

    return (timed(lambda: read_save(path, data)), timed(baseline), timed(lambda: Session.open(path, data)))


def campaign_at_turn_6(folder: Path, others: Path) -> Path:
    """A 1944 campaign (seed 3) played by the sensible policy to turn 6, and 50 other saves."""
    from nimitz.model.load import load_game_data
    from nimitz.policies import get_policy
    from nimitz.tui.controller import Controller

    ctl = Controller(folder, load_game_data())
    session = ctl.create(1944, 3, "rulebook", "turn-6")
    policy = get_policy("sensible")
    while ctl.request is not None and ctl.game.state.turn < 6:
        assert ctl.answer(policy(ctl.request, ctl.game)).ok
    ctl.close()
    for i in range(50):
        shutil.copy(others, folder / f"other-{i:02}.nimitz.json")
    path = session.path
    path.touch()  # the newest save again
    return path


async def tui_keys(folder: Path, path: Path, keys: int) -> dict[str, list[float]]:
    """Per key: the UI's answer (the key handled and the screen redrawn, workers may still
    run) and the result on screen (workers done); the engine's share is timed in the worker."""
    from nimitz.tui.app import NimitzApp
    from nimitz.tui.controller import Controller

    engine: list[float] = []
    answer = Controller.answer

    def timed_answer(self, decision):
        start = time.perf_counter()
        try:
            return answer(self, decision)
        finally:
            engine.append(time.perf_counter() - start)

    Controller.answer = timed_answer
    app = NimitzApp(folder, path)
    out: dict[str, list[float]] = {"ui": [], "result": [], "map": [], "engine": engine, "ui_cpu": [], "map_cpu": []}
    async with app.run_test(size=(100, 30)) as pilot:

        async def settled() -> None:
            await pilot.pause()
            while app.busy or any(w.is_running for w in app.workers):
                await app.workers.wait_for_complete()
                await pilot.pause()
            await pilot.pause()

        await settled()
        for i in range(keys):
            if app.controller.request is None:
                break
            top = type(app.screen).__name__
            if top == "CampaignScreen":  # a pure UI key first: move the map selection
                start, cpu = time.perf_counter(), time.process_time()
                await pilot.press("right" if i % 2 else "left")
                await pilot.pause()
                out["map"].append(time.perf_counter() - start)
                out["map_cpu"].append(time.process_time() - cpu)
            key = "enter" if top in ("ReportScreen", "MessageDialog") else "a"
            start, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()
            out["ui"].append(time.perf_counter() - start)
            out["ui_cpu"].append(time.process_time() - cpu)
            await settled()
            out["result"].append(time.perf_counter() - start)
    Controller.answer = answer
    return out


def ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    return f"median {statistics.median(xs) * 1000:.0f} ms, worst {max(xs) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--keys", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with_save, without = autoplay_ratio(root / "autoplay", args.runs)
        print(
            f"1. autoplay 1942 --save {with_save:.2f} s, without {without:.2f} s: "
            f"ratio {with_save / without:.2f} (target <= 1.5)"
        )
        sample = finished_save(root / "samples", 1942, 1)
        many, one = list_ratio(root / "list", args.runs, sample)
        print(
            f"2. list with 200 saves {many * 1000:.0f} ms, with 1 save {one * 1000:.0f} ms: "
            f"ratio {many / one:.2f} (target <= 2)"
        )
        folder = root / "tui"
        path = campaign_at_turn_6(folder, sample)
        t = asyncio.run(tui_keys(folder, path, args.keys))
        print("3. TUI at turn 6 of 1944 with 50 other saves (targets: median 50 ms, worst 150 ms)")
        print(
            f"   key -> screen updated (key handled, redrawn; workers may run): "
            f"{ms(t['ui'])} over {len(t['ui'])} keys (a, Enter); CPU time {ms(t['ui_cpu'])}"
        )
        print(
            f"   map key (left/right) -> screen updated: {ms(t['map'])} over {len(t['map'])} keys; "
            f"CPU time {ms(t['map_cpu'])}"
        )
        print(f"   key -> the decision's result on screen (worker done): {ms(t['result'])}")
        print(f"   of which the engine, bot and autosave in the worker: {ms(t['engine'])}")
        finished = finished_save(root / "samples", 1943, 2)
        load, base, session = load_ratio(finished, args.runs)
        print(
            f"4. read_save of a finished 1943 campaign {load * 1000:.0f} ms, json.loads + cattrs "
            f"{base * 1000:.0f} ms: ratio {load / base:.2f} (target <= 3); Session.open with "
            f"the replay of the last turn {session * 1000:.0f} ms"
        )
        if args.kills:
            from killsafety import run_kills

            start = time.perf_counter()
            report = run_kills(root / "kills", args.kills)
            print(
                f"5. kill-safety: {report.kills} SIGKILLs during autosave ({report.torn_tails} "
                f"cut a batch mid-write), {report.resumes} resumes, {report.campaigns_finished} "
                f"campaigns finished equal to a straight run, {len(report.failures)} failures "
                f"({time.perf_counter() - start:.0f} s)"
            )
            for failure in report.failures[:10]:
                print("   ", failure)


if __name__ == "__main__":
    main()
