"""TUI timings: start-up to the first screen, and key press to the updated screen.

Prints medians in milliseconds (time.perf_counter), beside a minimal Textual app for scale.
Headless (Textual's test driver at 100x30): what the program does, not what a terminal
emulator does with the output. A script, not a test (DESIGN.md "Tests").

    .venv/bin/python benchmarks/bench_tui.py [--runs N]

- cold start: a fresh Python process that imports the app, builds it and runs it until its
  first screen is mounted, then exits (process start to exit, wall clock);
- warm start: the same inside one process (imports done);
- key presses on the campaign map: move the selection (right, left), open an area (i) and
  close it (escape), open the move dialog (Enter); each from the key to the screen refreshed.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Footer, Static

from nimitz.model.journal import Decision
from nimitz.model.load import load_game_data
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller

SIZE = (100, 30)


class MinimalApp(App):
    BINDINGS = [("right", "bump(1)", "Right"), ("left", "bump(-1)", "Left")]
    n = 0

    def compose(self) -> ComposeResult:
        yield Static("hello", id="text")
        yield Footer()

    def action_bump(self, d: int) -> None:
        self.n += d
        self.query_one("#text", Static).update(f"n = {self.n}")


async def minimal_keys(runs: int) -> float:
    times = []
    async with MinimalApp().run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i in range(runs):
            start = time.perf_counter()
            await pilot.press("right" if i % 2 else "left")
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return median(times)


COLD = {
    "minimal Textual app": (
        "import asyncio\nfrom textual.app import App\nfrom textual.widgets import Static, Footer\n"
        "class A(App):\n    def compose(self):\n        yield Static('hello')\n        yield Footer()\n"
        "async def main():\n    async with A().run_test(size=(100, 30)) as p:\n        await p.pause()\n"
        "asyncio.run(main())\n"
    ),
    "nimitz title screen": (
        "import asyncio, sys\nfrom pathlib import Path\nfrom nimitz.tui.app import NimitzApp\n"
        "async def main():\n    app = NimitzApp(Path(sys.argv[1]))\n"
        "    async with app.run_test(size=(100, 30)) as p:\n        await p.pause()\n"
        "        assert type(app.screen).__name__ == 'TitleScreen'\n"
        "asyncio.run(main())\n"
    ),
    "nimitz opening a campaign": (
        "import asyncio, sys\nfrom pathlib import Path\nfrom nimitz.tui.app import NimitzApp\n"
        "async def main():\n    app = NimitzApp(Path(sys.argv[1]), Path(sys.argv[2]))\n"
        "    async with app.run_test(size=(100, 30)) as p:\n        await p.pause()\n"
        "        while app.busy or any(w.is_running for w in app.workers):\n"
        "            await app.workers.wait_for_complete()\n            await p.pause()\n"
        "        assert type(app.screen).__name__ == 'CampaignScreen'\n"
        "asyncio.run(main())\n"
    ),
}


def median(xs: list[float]) -> float:
    return statistics.median(xs) * 1000


def cold(runs: int, saves: Path, save: Path) -> dict[str, float]:
    out = {}
    for name, code in COLD.items():
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code, str(saves), str(save)], check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        out[name] = median(times)
    return out


async def settled(pilot) -> None:
    """The Pilot's pause, then until the app's workers (opening a save...) are done."""
    app = pilot.app
    await pilot.pause()
    while getattr(app, "busy", "") or any(w.is_running for w in app.workers):
        await app.workers.wait_for_complete()
        await pilot.pause()


async def warm_start(make, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        async with make().run_test(size=SIZE) as pilot:
            await settled(pilot)
            times.append(time.perf_counter() - start)
    return median(times)


async def keys(saves: Path, save: Path, runs: int) -> dict[str, float]:
    data = load_game_data()
    out: dict[str, list[float]] = {
        "move the map selection (right)": [],
        "open an area (i)": [],
        "close it (escape)": [],
        "open the move dialog (Enter)": [],
    }
    async with NimitzApp(saves, save, data=data).run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert type(pilot.app.screen).__name__ == "CampaignScreen"

        async def timed(key: str) -> float:
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            return time.perf_counter() - start

        for i in range(runs):
            out["move the map selection (right)"].append(await timed("right" if i % 2 else "left"))
            out["open an area (i)"].append(await timed("i"))
            out["close it (escape)"].append(await timed("escape"))
            pilot.app.screen.goto("HI")  # forces that can move
            await pilot.pause()
            out["open the move dialog (Enter)"].append(await timed("enter"))
            assert type(pilot.app.screen).__name__ == "MoveDialog"
            await pilot.press("escape")
            await pilot.pause()
    return {k: median(v) for k, v in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per measurement (median shown)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        ctl = Controller(saves)
        session = ctl.create(1942, 7, "rulebook", "bench")
        ctl.answer(Decision("end_resupply"))  # at US Movement: the map answers Enter
        save = session.path
        data = ctl.data
        print(f"nimitz TUI benchmark, medians of {args.runs} runs, headless {SIZE[0]}x{SIZE[1]}")
        print("\nStart-up, fresh process (import + build + first screen mounted):")
        for name, ms in cold(max(3, args.runs // 2), saves, save).items():
            print(f"  {name:<40} {ms:8.1f} ms")
        print("\nStart-up in a warm process (first screen mounted):")
        minimal = asyncio.run(warm_start(MinimalApp, args.runs))
        title = asyncio.run(warm_start(lambda: NimitzApp(saves, data=data), args.runs))
        campaign = asyncio.run(warm_start(lambda: NimitzApp(saves, save, data=data), args.runs))
        print(f"  {'minimal Textual app':<40} {minimal:8.1f} ms")
        print(f"  {'nimitz title screen':<40} {title:8.1f} ms")
        print(f"  {'nimitz opening a campaign (replay+map)':<40} {campaign:8.1f} ms")
        print("\nKey press to updated screen (the Pilot's own wait for idle is included):")
        print(f"  {'minimal app: a key updates one line':<40} {asyncio.run(minimal_keys(args.runs)):8.1f} ms")
        for name, ms in asyncio.run(keys(saves, save, args.runs)).items():
            print(f"  {name:<40} {ms:8.1f} ms")


if __name__ == "__main__":
    main()
