"""Saves and screens at any length (issue 11): the four ratios of the issue measured in one run,
and the kill-safety run.

    .venv/bin/python benchmarks/bench_saves.py [--runs N] [--kills N] [--keys N] [--seeds 3,2,5,7]
        [--parts 1,2,3,4,5] [--verbose]

1. `nimitz autoplay --year 1942 --save X` against the same autoplay without --save (a fresh
   process each, as a user runs it; the best of --runs);
2. `nimitz list` with 200 saves in the folder against 1 save (fresh processes, best of --runs);
3. in the TUI (Pilot, 100x30): key press -> screen updated, median and worst, at turn 6 of a 1944
   campaign with 50 other saves in the folder. The keys are a player's: `a` (answer
   automatically: the engine, the bot and the autosave run in a worker), Enter to close the
   reports and step through a battle's beats, left/right on the map. Each key is sent as the
   terminal sends it and timed to the last frame it caused (the decision's result drawn, the
   frame turned into the bytes a terminal gets), wall and CPU time (the process's: the UI
   thread and the worker); --verbose prints every key with its CPU split into layout, paint,
   CSS, compose and the app's own refresh. Turn 6 is a 1944 campaign's last: the campaigns of
   --seeds are played in turn until --keys keys are measured. Python's full garbage collections
   during the keys are counted; between keys the bench gives the app the idle moment a reading
   player gives it (its idle collection, timed apart). Only this part: --parts 3;
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
import os
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


def campaign_at_turn_6(folder: Path, others: Path, seed: int = 3) -> Path:
    """A 1944 campaign played by the sensible policy to turn 6 (its last), and 50 other saves."""
    from nimitz.model.load import load_game_data
    from nimitz.policies import get_policy
    from nimitz.tui.controller import Controller

    ctl = Controller(folder, load_game_data())
    session = ctl.create(1944, seed, "rulebook", f"turn-6-seed-{seed}")
    policy = get_policy("sensible")
    while ctl.request is not None and ctl.game.state.turn < 6:
        assert ctl.answer(policy(ctl.request, ctl.game)).ok
    ctl.close()
    for i in range(50):
        if not (folder / f"other-{i:02}.nimitz.json").exists():
            shutil.copy(others, folder / f"other-{i:02}.nimitz.json")
    path = session.path
    path.touch()  # the newest save again
    return path


class FrameClock:
    """Every frame the app draws, stamped (wall and CPU time). Pilot runs headless, which skips
    turning a frame into the bytes a terminal gets: that is done here too, so each frame costs
    what it costs in a terminal."""

    def __init__(self, app) -> None:
        from textual._compositor import CompositorUpdate

        self.frames: list[tuple[float, float]] = []
        display = app._display

        def stamped(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is None:
                return
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)
            self.frames.append((time.perf_counter(), time.process_time()))

        app._display = stamped


class FullCollections:
    """Python's full garbage collections while the keys are timed (each stops every thread;
    the app keeps them for idle moments: nimitz/tui/collector.py)."""

    def __init__(self) -> None:
        import gc

        self.pauses: list[float] = []
        self._start = 0.0
        self.counting = True  # off while the bench itself runs the app's idle collection
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict) -> None:
        if info["generation"] != 2 or not self.counting:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.pauses.append(time.process_time() - self._start)

    def stop(self) -> None:
        import gc

        gc.callbacks.remove(self._seen)


class Phases:
    """Where a key's time goes (--verbose): CPU time spent in Textual's layout, painting,
    CSS and compose, and in the app's own state push-down, summed per key (nested calls are
    counted once, in the outermost)."""

    def __init__(self) -> None:
        from textual import widget
        from textual.css.stylesheet import Stylesheet
        from textual.screen import Screen

        from nimitz.tui.app import NimitzApp

        self.spent: dict[str, float] = {}
        self._depth: dict[str, int] = {}
        self._wrap(Screen, "_refresh_layout", "layout")
        self._wrap(Screen, "_compositor_refresh", "paint")
        self._wrap(Stylesheet, "apply", "css")
        self._wrap(widget, "compose", "compose")
        self._wrap(NimitzApp, "refresh_all", "refresh_state")
        self._wrap(NimitzApp, "_show_next", "next_screen")

    _made: Phases | None = None

    @classmethod
    def once(cls) -> Phases:
        """One per process: a second would wrap the methods again."""
        if cls._made is None:
            cls._made = cls()
        return cls._made

    def _wrap(self, owner, name: str, phase: str) -> None:
        inner = getattr(owner, name)

        def timed(*args, **kwargs):
            self._depth[phase] = self._depth.get(phase, 0) + 1
            start = time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self._depth[phase] -= 1
                if not self._depth[phase]:
                    self.spent[phase] = self.spent.get(phase, 0.0) + time.thread_time() - start

        setattr(owner, name, timed)

    def take(self) -> dict[str, float]:
        spent, self.spent = self.spent, {}
        return spent


async def press_and_settle(app, clock: FrameClock, key: str) -> tuple[float, float, float]:
    """Send one key as the terminal would and wait until the app is quiet: no worker, nothing
    queued, no frame for QUIET seconds. Returns the wall time from the key to its first frame
    and to its last frame (the screen updated: the decision's result drawn), and the process's
    CPU time to that last frame (the UI thread and the worker's engine, bot and autosave).
    Pilot's own press waits in 20 ms steps for the process to idle, so it is not used to time."""
    from textual import events

    quiet = 0.15
    before = len(clock.frames)
    start, cpu = time.perf_counter(), time.process_time()
    app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
    while True:
        await asyncio.sleep(0.01)
        busy = app.busy or any(w.is_running for w in app.workers)
        pending = any(not node._message_queue.empty() for node in (app, *app.screen.walk_children(with_self=True)))
        last = clock.frames[-1][0] if len(clock.frames) > before else start
        if not busy and not pending and time.perf_counter() - last >= quiet:
            break
    drawn = clock.frames[before:]
    if not drawn:
        return 0.0, 0.0, 0.0
    return drawn[0][0] - start, drawn[-1][0] - start, drawn[-1][1] - cpu


# the screens a player reads and leaves with Enter (a battle's beats: Enter shows the next one,
# then opens the question); on the others `a` answers automatically
READ_AND_GO_ON = ("ReportScreen", "MessageDialog", "BattleScreen", "BattleResultScreen")


async def tui_keys(folder: Path, path: Path, keys: int) -> dict[str, list[float]]:
    """Per key, from the key sent to the last frame it caused (its result on screen, workers
    done): wall and CPU time; the first frame's wall time; the engine's share, timed in the
    worker. Map keys (left/right on the campaign screen) are kept apart."""
    from nimitz.tui.app import NimitzApp
    from nimitz.tui.controller import Controller

    IDLE_AFTER = 1.0  # nimitz.tui.collector's (not imported: the bench also runs older versions)

    engine: list[float] = []
    answer = Controller.answer

    def timed_answer(self, decision):
        start = time.perf_counter()
        try:
            return answer(self, decision)
        finally:
            engine.append(time.perf_counter() - start)

    Controller.answer = timed_answer
    phases = Phases.once()
    app = NimitzApp(folder, path)
    out: dict[str, list[float]] = {k: [] for k in ("first", "ui", "ui_cpu", "map", "map_cpu", "keys")}
    out["engine"] = engine
    out["phases"], out["map_phases"], out["idle_gc"] = [], [], []
    async with app.run_test(size=(100, 30)) as pilot:
        clock = FrameClock(app)
        await pilot.pause()
        while app.busy or any(w.is_running for w in app.workers):
            await app.workers.wait_for_complete()
            await pilot.pause()
        await press_and_settle(app, clock, "f24")  # settle the first screen (an unbound key)
        phases.take()
        full = FullCollections()  # from here: the campaign is open
        for i in range(keys):
            if app.controller.request is None:
                break
            top = type(app.screen).__name__
            if top == "CampaignScreen":  # a pure UI key first: move the map selection
                _, wall, cpu = await press_and_settle(app, clock, "right" if i % 2 else "left")
                out["map"].append(wall)
                out["map_cpu"].append(cpu)
                out["map_phases"].append(phases.take())
            key = "enter" if top in READ_AND_GO_ON else "a"
            first, wall, cpu = await press_and_settle(app, clock, key)
            out["first"].append(first)
            out["ui"].append(wall)
            out["ui_cpu"].append(cpu)
            out["keys"].append(f"{top}:{key}")
            out["phases"].append(phases.take())
            # the player reads what the key brought: the app's idle moment (untimed above)
            collector = getattr(app, "collector", None)  # (None: a version before it, to compare)
            if collector is not None:
                collector.last_input -= IDLE_AFTER
                full.counting = False
                start = time.process_time()
                if collector.collect_if_idle(bool(app.busy)):
                    out["idle_gc"].append(time.process_time() - start)
                full.counting = True
        full.stop()
        out["full_gc"] = full.pauses
    Controller.answer = answer
    return out


def ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    return f"median {statistics.median(xs) * 1000:.0f} ms, worst {max(xs) * 1000:.0f} ms"


def load_average() -> str:
    """The machine's load (1, 5, 15 minutes): the figures are wall clock on a shared machine."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def tui_figures(root: Path, sample: Path, keys: int, seeds: list[int]) -> None:
    """Part 3 over the campaigns of `seeds` in turn (each in a folder of its own with 50 other
    saves), until `keys` keys are measured: turn 6 is a 1944 campaign's last, and one seed alone
    may end it in a few keys, without a battle."""
    load = load_average()
    t: dict[str, list] = {}
    for seed in seeds:
        measured = len(t.get("ui", []))
        if measured >= keys:
            break
        path = campaign_at_turn_6(root / f"tui-{seed}", sample, seed)
        for k, v in asyncio.run(tui_keys(path.parent, path, keys - measured)).items():
            t.setdefault(k, []).extend(v)
    print(
        f"3. TUI at turn 6 of 1944 with 50 other saves (targets: median 50 ms, worst 150 ms); "
        f"load average {load} before, {load_average()} after"
    )
    print(
        f"   a / Enter -> screen updated (the decision's result drawn, worker done): wall {ms(t['ui'])}; "
        f"CPU {ms(t['ui_cpu'])}; over {len(t['ui'])} keys"
    )
    print(f"   a / Enter -> first frame: wall {ms(t['first'])}")
    print(f"   of which the engine, bot and autosave in the worker: {ms(t['engine'])}")
    print(
        f"   map key (left/right) -> screen updated: wall {ms(t['map'])}; CPU {ms(t['map_cpu'])}; "
        f"over {len(t['map'])} keys"
    )
    print(
        f"   full garbage collections during the keys: {len(t['full_gc'])} ({ms(t['full_gc'])}); "
        f"at the idle moments between keys, CPU (a key pressed during one waits): {len(t['idle_gc'])} "
        f"({ms(t['idle_gc'])})"
    )
    every = t["ui"] + t["map"]
    every_cpu = t["ui_cpu"] + t["map_cpu"]
    print(f"   every key: wall {ms(every)}; CPU {ms(every_cpu)}")
    if VERBOSE:
        print("   per key, CPU ms of the UI thread in: " + " ".join(PHASES))
        rows = [*zip(t["keys"], t["ui"], t["ui_cpu"], t["phases"], strict=True)]
        rows += [
            ("CampaignScreen:left/right", w, c, p)
            for w, c, p in zip(t["map"], t["map_cpu"], t["map_phases"], strict=True)
        ]
        for key, wall, cpu, spent in rows:
            split = " ".join(f"{spent.get(phase, 0.0) * 1000:5.0f}" for phase in PHASES)
            print(f"     {key:<28} wall {wall * 1000:5.0f} ms  CPU {cpu * 1000:5.0f} ms |{split}")


PHASES = ("layout", "paint", "css", "compose", "refresh_state", "next_screen")


VERBOSE = False


def main() -> None:
    global VERBOSE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--parts", default="1,2,3,4,5", help="which measurements, e.g. --parts 3 (the TUI only)")
    parser.add_argument("--seeds", default="3,2,5,7", help="part 3: the 1944 campaigns played, in turn")
    parser.add_argument("--verbose", action="store_true", help="part 3: every key's figures")
    args = parser.parse_args()
    parts = {int(p) for p in args.parts.split(",")}
    VERBOSE = args.verbose
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if 1 in parts:
            with_save, without = autoplay_ratio(root / "autoplay", args.runs)
            print(
                f"1. autoplay 1942 --save {with_save:.2f} s, without {without:.2f} s: "
                f"ratio {with_save / without:.2f} (target <= 1.5)"
            )
        sample = finished_save(root / "samples", 1942, 1) if parts & {2, 3} else None
        if 2 in parts:
            many, one = list_ratio(root / "list", args.runs, sample)
            print(
                f"2. list with 200 saves {many * 1000:.0f} ms, with 1 save {one * 1000:.0f} ms: "
                f"ratio {many / one:.2f} (target <= 2)"
            )
        if 3 in parts:
            tui_figures(root, sample, args.keys, [int(x) for x in args.seeds.split(",")])
        if 4 in parts:
            finished = finished_save(root / "samples", 1943, 2)
            load, base, session = load_ratio(finished, args.runs)
            print(
                f"4. read_save of a finished 1943 campaign {load * 1000:.0f} ms, json.loads + cattrs "
                f"{base * 1000:.0f} ms: ratio {load / base:.2f} (target <= 3); Session.open with "
                f"the replay of the last turn {session * 1000:.0f} ms"
            )
        if 5 in parts and args.kills:
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
