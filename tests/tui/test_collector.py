"""Full garbage collections wait for an idle moment and skip what survived the last one
(issue 11: a key press never meets a 60-130 ms collection of the whole program)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from tui_helpers import run

from nimitz.tui import collector as collector_module
from nimitz.tui.app import NimitzApp
from nimitz.tui.collector import IDLE_AFTER, SAFETY_MARGIN, QuietCollector


class Cycle:
    """Garbage only a collection frees (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(collector_module.time, "monotonic", lambda: now[0])
    return now


@pytest.fixture
def quiet(clock) -> QuietCollector:
    before = gc.get_threshold()
    quiet = QuietCollector()
    quiet.start()
    yield quiet
    quiet.stop()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def garbage_cycle() -> weakref.ref:
    cycle = Cycle()
    ref = weakref.ref(cycle)
    del cycle
    return ref


def fill_oldest_generation() -> None:
    """Enough young collections that something reaches the oldest generation."""
    gc.collect(1)


def test_python_runs_full_collections_rarely_while_the_app_runs(quiet: QuietCollector) -> None:
    young, middle, old = gc.get_threshold()
    quiet.stop()
    assert gc.get_threshold() == (young, middle, old // SAFETY_MARGIN)
    quiet.start()


def test_no_full_collection_while_keys_come_or_work_runs(quiet: QuietCollector, clock: list[float]) -> None:
    fill_oldest_generation()
    quiet.input_seen()
    clock[0] += IDLE_AFTER / 2
    assert not quiet.collect_if_idle(busy=False)  # a key a moment ago
    clock[0] += IDLE_AFTER
    assert not quiet.collect_if_idle(busy=True)  # the engine is working
    assert quiet.collect_if_idle(busy=False)
    assert not quiet.collect_if_idle(busy=False)  # nothing new since


def test_an_idle_collection_frees_garbage_and_freezes_the_survivors(quiet: QuietCollector, clock: list[float]) -> None:
    quiet.sweep()
    ref = garbage_cycle()
    survivor = Cycle()
    fill_oldest_generation()
    clock[0] += IDLE_AFTER
    frozen = gc.get_freeze_count()
    assert quiet.collect_if_idle(busy=False)
    assert ref() is None
    assert gc.get_freeze_count() > frozen  # the survivor among them: skipped from now on
    assert survivor.me is survivor


def test_frozen_garbage_is_freed_by_the_next_sweep(quiet: QuietCollector) -> None:
    cycle = Cycle()
    ref = weakref.ref(cycle)
    quiet.sweep()  # frozen while alive
    del cycle
    gc.collect()
    assert ref() is not None  # frozen: a collection skips it
    quiet.sweep()
    assert ref() is None


def test_a_sweep_comes_when_the_frozen_objects_have_doubled(quiet: QuietCollector, clock: list[float]) -> None:
    def idle() -> bool:
        fill_oldest_generation()
        clock[0] += IDLE_AFTER
        return quiet.collect_if_idle(busy=False)

    quiet.sweep()
    swept = gc.get_freeze_count()
    cycle = Cycle()
    ref = weakref.ref(cycle)
    assert idle()  # frozen while alive
    del cycle
    kept = [Cycle() for _ in range(swept + 10)]
    assert idle()  # they are frozen too: more than twice what the sweep left
    assert ref() is not None
    assert idle()  # so this one is a sweep
    assert ref() is None
    del kept


def test_the_app_freezes_an_opened_campaign_and_frees_it_once_closed(saves: Path, campaign: Path) -> None:
    app = NimitzApp(saves, open_path=campaign)
    game: list[weakref.ref] = []

    async def check(app: NimitzApp, pilot) -> None:
        assert app.controller.session is not None
        assert gc.get_freeze_count() > 0  # swept by the worker that opened it
        game.append(weakref.ref(app.controller.game))
        app.close_campaign()  # thawed
        await pilot.pause()
        app.collector.input_seen()
        app.collector.last_input -= IDLE_AFTER
        fill_oldest_generation()
        assert app.collector.collect_if_idle(busy=False)
        assert game[0]() is None

    run(check, app)
    assert gc.get_freeze_count() == 0  # nothing stays frozen after the app
