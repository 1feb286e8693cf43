"""Replay viewer timings: entering a turn (re-running it from its checkpoint with a snapshot at
every journal entry), building the views for one entry, and key presses in the viewer.

Prints figures in milliseconds (time.perf_counter). A script, not a test (DESIGN.md "Tests").

    .venv/bin/python benchmarks/bench_replay.py [--years 1942 1944] [--seed 3] [--runs 20]

For each year a campaign is autoplayed by the 'sensible' policy (to its end), then:
- enter a turn: `EntryStates.snapshots(turn)` on a fresh cache, per turn: entries, time, and the
  plain engine replay of the same turn without snapshots for comparison;
- one entry's views: `campaign_view` (+ `battle_view` inside a battle) from the snapshot;
- in the viewer (Textual's test driver at 100x30): showing the next entry of a turn already
  entered, and the first entry of a turn not entered yet (what }, t and b do); and a Pilot key
  press to the refreshed screen beside the same in a minimal Textual app.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import statistics
import sys
import tempfile
import time
from pathlib import Path

from nimitz.engine.game import Game
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.persist.history import EntryStates
from nimitz.persist.players import bot_game
from nimitz.policies import get_policy
from nimitz.tui.battle_view import battle_view
from nimitz.tui.view_model import campaign_view


def autoplay(data, year: int, seed: int, folder: Path) -> Session:
    session = Session.create(folder / f"bench-{year}.nimitz.json", data, year, seed, RulesProfile(), f"bench-{year}")
    session.autosave = False
    game = session.game
    policy = get_policy("sensible")
    while game.pending is not None:
        game.answer(policy(game.pending, game))
    session.save()
    return session


def plain_replay_ms(data, game: Game, seg: int, end: int) -> float:
    cp = game.checkpoints[seg]
    start = time.perf_counter()
    g = bot_game(
        data,
        copy.deepcopy(cp.state),
        journal=list(game.journal[: cp.journal_len]),
        checkpoints=list(game.checkpoints[:seg]),
    )
    g.start()
    for e in game.journal[cp.journal_len : end]:
        if e.kind == "decision" and e.decision is not None and g.pending is not None:
            g.answer(e.decision)
    return (time.perf_counter() - start) * 1000


async def viewer(folder: Path, path: Path, runs: int) -> dict[str, float]:
    """Medians in ms: ReplayScreen.show_entry within an entered turn and into a turn not yet
    entered (synchronous: the work a key does), and a Pilot key press → to the refreshed
    screen, beside the same for a minimal Textual app (the test driver's own cost)."""
    from textual.app import App
    from textual.widgets import Static

    from nimitz.tui.app import NimitzApp

    out: dict[str, float] = {}
    app = NimitzApp(folder, replay_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        steps = []
        for i in range(1, min(len(screen.journal), 200)):
            t = time.perf_counter()
            screen.show_entry(i)
            steps.append(time.perf_counter() - t)
        out["show the next entry (turn entered)"] = statistics.median(steps) * 1000
        enters = []
        for start in screen.turns:
            screen.states = EntryStates(screen.data, screen.states.checkpoints, screen.journal)
            t = time.perf_counter()
            screen.show_entry(start)
            enters.append(time.perf_counter() - t)
        out["show a turn not entered yet (} t b)"] = statistics.median(enters) * 1000
        out["  slowest turn"] = max(enters) * 1000
        presses = []
        for _ in range(runs):
            t = time.perf_counter()
            await pilot.press("right")
            await pilot.pause()
            presses.append(time.perf_counter() - t)
        out["Pilot: → to the refreshed screen"] = statistics.median(presses) * 1000

    class Minimal(App):
        BINDINGS = [("right", "bump", "Right")]
        n = 0

        def compose(self):
            yield Static("0", id="n")

        def action_bump(self) -> None:
            self.n += 1
            self.query_one("#n", Static).update(str(self.n))

    presses = []
    async with Minimal().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(runs):
            t = time.perf_counter()
            await pilot.press("right")
            await pilot.pause()
            presses.append(time.perf_counter() - t)
    out["Pilot: the same in a minimal Textual app"] = statistics.median(presses) * 1000
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, nargs="*", default=[1942, 1943, 1944, 1945])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    data = load_game_data()
    folder = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    print(f"python {sys.version.split()[0]}; seed {args.seed}; times in ms")
    for year in args.years:
        session = autoplay(data, year, args.seed, folder)
        game = session.game
        states = EntryStates(data, game.checkpoints, game.journal)
        print(
            f"\n{year}: {len(game.journal)} journal entries, {len(game.checkpoints)} turns, "
            f"{len(game.state.forces)} forces, {game.state.battles_fought} battles"
        )
        per_entry = []
        for seg in range(len(game.checkpoints)):
            start, end = states.bounds(seg)
            states.snapshots(seg)
            ms = states.timings[seg] * 1000
            plain = plain_replay_ms(data, game, seg, end)
            per_entry.append(ms / max(1, end - start))
            print(f"  enter turn {seg + 1}: {end - start:4d} entries  {ms:6.1f} ms (engine alone {plain:5.1f} ms)")
        print(f"  per entry: median {statistics.median(per_entry):.3f} ms")
        views = []
        for i in range(0, len(game.journal), max(1, len(game.journal) // 200)):
            t = time.perf_counter()
            g = states.game(i)
            campaign_view(g, "bench")
            if g.state.battle is not None:
                battle_view(g)
            views.append(time.perf_counter() - t)
        print(
            f"  one entry's views (state + campaign/battle view): median "
            f"{statistics.median(views) * 1000:.2f} ms, max {max(views) * 1000:.2f} ms"
        )
        for label, ms in asyncio.run(viewer(folder, session.path, args.runs)).items():
            print(f"  viewer at 100x30, {label}: {ms:.1f} ms")


if __name__ == "__main__":
    main()
