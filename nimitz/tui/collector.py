"""Python's full garbage collections kept out of key presses.

CPython stops every thread for a full collection, and its cost grows with everything alive: the
program, the game data, the open campaign's journal, Textual's widgets and caches. At turn 6 of
a 1944 campaign one took 60-130 ms, at a moment Python picks: on a key press it doubled the
key's time (benchmarks/bench_saves.py --parts 3). So:

- a full collection waits until nobody is pressing keys (IDLE_AFTER seconds without input);
  Python runs one by itself only after SAFETY_MARGIN times its usual count, for a player who
  never stops typing;
- what survives a collection is frozen (`gc.freeze`): the next ones skip it, so they cost what
  was made since the last (the program, the game data and the campaign are frozen when the
  campaign is opened). Frozen objects that become garbage are not freed until a sweep thaws
  everything and collects it: at each opening, when the app ends, and at an idle moment once
  the frozen objects have doubled since the last sweep; so nothing is kept for good.

Young objects are still collected as Python does (they are cheap); only the full ones move.
"""

from __future__ import annotations

import gc
import time

IDLE_AFTER = 1.0  # seconds without a key or a click before a full collection
SAFETY_MARGIN = 10  # Python's own full collections this many times rarer than its default


class QuietCollector:
    def __init__(self) -> None:
        self.last_input = time.monotonic()
        self._swept = 0  # objects frozen by the last sweep
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Full collections from now on at idle moments (Python's own become rare)."""
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
            young, middle, old = self._thresholds
            gc.set_threshold(young, middle, old * SAFETY_MARGIN)

    def stop(self) -> None:
        """Python's own collections as before, and nothing frozen."""
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        gc.unfreeze()

    def input_seen(self) -> None:
        self.last_input = time.monotonic()

    def sweep(self) -> None:
        """Thaw and collect everything, then freeze what is left: the next collections skip it.
        The app calls it from the worker that opened a campaign."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._swept = gc.get_freeze_count()

    def thaw(self) -> None:
        """What was frozen can be collected again (a campaign was closed)."""
        gc.unfreeze()

    def collect_if_idle(self, busy: bool) -> bool:
        """A full collection now if no input came for IDLE_AFTER seconds, no work is running and
        something has reached the oldest generation since the last one. True if it ran."""
        if busy or time.monotonic() - self.last_input < IDLE_AFTER or gc.get_count()[2] == 0:
            return False
        frozen = gc.get_freeze_count()
        if frozen == 0 or frozen > 2 * self._swept:  # (0: thawed since)
            self.sweep()
        else:
            gc.collect()
            gc.freeze()
        return True
