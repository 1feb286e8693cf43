"""Play many seeded campaigns and keep what each one came to.

A campaign is fully given by its `CampaignSpec` (year, seed, policy, rules): the same spec
always plays the same campaign, wherever it runs, so results do not depend on how many workers
share the work, and any row rebuilds with `nimitz autoplay` (`CampaignSpec.autoplay_command`).

`run_lab` hands each spec to a `concurrent.futures`-style executor (anything with `submit`
returning `concurrent.futures.Future`s: the local process pool, Dask's `Client.get_executor()`),
or plays them in this process when given none. Ctrl-C stops it: the campaigns that finished
are kept and reported.
"""

from __future__ import annotations

import gc
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed, wait
from contextlib import contextmanager
from typing import TYPE_CHECKING

from attrs import define, field, frozen

from nimitz.model.data import GameData

if TYPE_CHECKING:
    from nimitz.engine.game import Game

HAWAII_LOST = "Defeat: Hawaii lost"


@frozen
class CampaignSpec:
    """Everything that decides a campaign: the same spec always plays the same game."""

    year: int
    seed: int
    policy: str = "sensible"
    rules_preset: str = ""  # "" = the difficulty's order-modifier table (R1)
    ja_ties: str = "bot"
    linked: bool = False
    options: tuple[str, ...] = ()
    difficulty: str = "rulebook"  # a preset of campaigns/difficulty.toml (R70)

    def rules(self):
        """The campaign options this spec plays under."""
        from nimitz.model.difficulty import load_difficulties

        return load_difficulties().profile(
            self.difficulty, order_modifiers=self.rules_preset or None, ja_ties=self.ja_ties, options=list(self.options)
        )

    def autoplay_command(self) -> str:
        """The `nimitz autoplay` command that replays this campaign (add --save NAME to keep it)."""
        parts = [
            f"nimitz autoplay --year {self.year} --seed {self.seed} --policy {self.policy}",
            f"--difficulty {self.difficulty}"
            + (f" --rules-preset {self.rules_preset}" if self.rules_preset else "")
            + f" --ja-ties {self.ja_ties}",
        ]
        if self.linked:
            parts.append("--linked")
        parts += [f"--option {o}" for o in self.options]
        return " ".join(parts)


@frozen
class CampaignRecord:
    """What one campaign came to (one CSV row)."""

    spec: CampaignSpec
    result: str  # the evaluation level (or the defeat)
    score: int  # objectives held at the end (plus invasion points in 1945)
    held: tuple[int, ...]  # objectives held at the end of each turn
    turns: int
    ja_orders: dict[str, int]  # JA orders carried out, by order
    losses: dict[str, int]  # "US CV" -> map counters destroyed in battle
    battles: tuple[int, ...]  # battles fought, per turn
    us_won: tuple[int, ...]  # battles the US won (no Japanese force left in the area), per turn
    hawaii_lost: bool  # in a linked campaign: in any of its years
    state_hash: str


@define
class LabRun:
    """The records of a lab run, in the order of its specs; `stopped`: Ctrl-C ended it early."""

    specs: list[CampaignSpec]
    records: list[CampaignRecord] = field(factory=list)
    stopped: bool = False


# --- one campaign ---------------------------------------------------------------------------

_DATA: GameData | None = None


def _game_data() -> GameData:
    global _DATA  # one load per worker process, not one per campaign
    if _DATA is None:
        from nimitz.model.load import load_game_data

        _DATA = load_game_data()
    return _DATA


class _Tally:
    """Counts a campaign's JA orders, battles and losses from its journal as it is written, and
    keeps its end (the last entry with the result)."""

    # the (kind, step) of the entries it reads: a lab game makes no others
    ENTRIES = frozenset({("bot", "orders"), ("event", "battle:end"), ("event", "end")})

    def __init__(self, game) -> None:
        self.game = game
        self.orders: dict[str, int] = {}
        self.losses: dict[str, int] = {}
        self.battles: dict[int, int] = {}
        self.won: dict[int, int] = {}
        self.end = None

    def __call__(self, entry) -> None:
        data = entry.data
        if entry.kind == "event" and "result" in data:
            self.end = entry
        if entry.kind == "bot" and entry.step == "orders" and data.get("order"):
            self.orders[data["order"]] = self.orders.get(data["order"], 0) + 1
        elif entry.kind == "event" and entry.step == "battle:end" and "survivors" in data:
            turn = self.game.state.turn
            self.battles[turn] = self.battles.get(turn, 0) + 1
            survivors = {fid.split(":", 1)[0] for fid in data["survivors"]}
            if "US" in survivors and "JA" not in survivors:
                self.won[turn] = self.won.get(turn, 0) + 1
            state = self.game.state
            sheet = self.game.data.years[state.year]
            for fid in data["destroyed"]:
                key = f"{fid.split(':', 1)[0]} {sheet.cls[state.forces[fid].cls].type}"
                self.losses[key] = self.losses.get(key, 0) + 1

    def per_turn(self, counts: dict[int, int], turns: int) -> tuple[int, ...]:
        return tuple(counts.get(t, 0) for t in range(1, turns + 1))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector waits while a campaign is played, then sweeps once.

    A campaign builds a few thousand journal entries and keeps them all; the collector's
    periodic passes over them (and over the cyclic garbage of earlier campaigns: a game and its
    engine refer to each other) were a sixth of a lab campaign's time. Let the game go before
    the block ends: everything it made is still in the youngest generation, so the one sweep
    at the end frees it (a game still held would be kept, and pile up, in the older ones)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        gc.collect(0)
        # and the older generations when their turn comes, as the collector would have taken
        # them (a lab in the TUI runs beside the app, whose garbage must not pile up either)
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (1, 2):
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                counts = gc.get_count()


def lab_game(spec: CampaignSpec, keep_journal: bool = False) -> Game:
    """The campaign of `spec`, set up and ready to play. A lab game is never saved, undone or
    replayed: no checkpoints, and its journal is not kept, only the entries the tally reads go
    to its listeners (the same game, roll for roll: `keep_journal` or `nimitz autoplay` keep
    it all)."""
    from nimitz.persist.campaign_file import new_game

    return new_game(
        _game_data(),
        spec.year,
        spec.seed,
        spec.rules(),
        linked=spec.linked,
        checkpoints=False,
        stream_entries=None if keep_journal else _Tally.ENTRIES,
    )


def play_out(game: Game, policy: str) -> None:
    """Play the game to its end with the policy's answers, as `nimitz autoplay` does."""
    from nimitz.policies import get_policy

    chooser = get_policy(policy)
    while game.pending is not None:
        game.answer(chooser(game.pending, game))


def play_one(spec: CampaignSpec) -> CampaignRecord:
    """Play the campaign of `spec` to its end, as `nimitz autoplay` does."""
    with collector_paused():
        return _played(spec)  # (the game is let go as this returns, before the sweep)


def _played(spec: CampaignSpec, keep_journal: bool = False) -> CampaignRecord:
    from nimitz.persist.saves import state_hash

    game = lab_game(spec, keep_journal)
    tally = _Tally(game)
    game.listeners.append(tally)
    play_out(game, spec.policy)
    state = game.state
    end = tally.end
    assert end is not None, "a campaign played to its end journals its result"
    hawaii_lost = HAWAII_LOST in [state.result] + [y.result for y in state.linked_years]
    record = CampaignRecord(
        spec=spec,
        result=state.result,
        score=end.data.get("score", end.data.get("total", 0)),
        held=tuple(state.held_history),
        turns=state.turn,
        hawaii_lost=hawaii_lost,
        ja_orders=dict(sorted(tally.orders.items())),
        losses=dict(sorted(tally.losses.items())),
        battles=tally.per_turn(tally.battles, state.turn),
        us_won=tally.per_turn(tally.won, state.turn),
        state_hash=state_hash(state),
    )
    game.close()  # freed now by reference counts: the sweep after it has little to walk
    return record


# --- many campaigns -------------------------------------------------------------------------


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and keeps what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """The local executor: `jobs` worker processes that ignore Ctrl-C (the parent handles it)."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)


Progress = Callable[[int, int], None]  # (campaigns done, campaigns in all)


def run_lab(
    specs: Iterable[CampaignSpec], executor: Executor | None = None, progress: Progress | None = None
) -> LabRun:
    """Play every spec; records come back in the order of the specs, whatever ran them.

    Without an executor the campaigns are played here, one after another. On Ctrl-C
    (KeyboardInterrupt) the run stops: campaigns not started are cancelled, the ones that
    finished are kept, and the run is marked `stopped`."""
    run = LabRun(specs=list(specs))
    done: dict[int, CampaignRecord] = {}
    total = len(run.specs)
    try:
        if executor is None:
            for i, spec in enumerate(run.specs):
                done[i] = play_one(spec)
                if progress:
                    progress(len(done), total)
        else:
            futures: dict[Future, int] = {executor.submit(play_one, s): i for i, s in enumerate(run.specs)}
            try:
                for future in as_completed(futures):
                    done[futures[future]] = future.result()
                    if progress:
                        progress(len(done), total)
            except KeyboardInterrupt:
                for future in futures:
                    future.cancel()
                wait(futures)  # campaigns already running finish and are kept
                for future, i in futures.items():
                    if future.done() and not future.cancelled() and future.exception() is None:
                        done[i] = future.result()
                raise
    except KeyboardInterrupt:
        run.stopped = True
    run.records = [done[i] for i in sorted(done)]
    return run


def year_specs(years: Iterable[int], runs: int, seed_start: int = 1, **options) -> list[CampaignSpec]:
    """`runs` campaigns per year with seeds seed_start, seed_start+1, ..."""
    return [CampaignSpec(year=y, seed=seed_start + i, **options) for y in years for i in range(runs)]
