"""Moving through a campaign's history: undo, replay positions and branches ("what if").

All of it rests on one fact: the dice live in the state, so re-running the engine from a
checkpoint with the journal's first k decisions gives exactly the game as it was after decision
k. Undo never re-rolls; the same choices after an undo give the same rolls.
"""

from __future__ import annotations

from attrs import define

from nimitz.engine.game import Game
from nimitz.errors import NimitzError
from nimitz.model.data import GameData
from nimitz.model.journal import Checkpoint, JournalEntry

UNDO_TARGETS = ("decision", "step", "turn")


def decision_indices(journal: list[JournalEntry]) -> list[int]:
    """Journal positions of the US decisions, in order."""
    return [i for i, e in enumerate(journal) if e.kind == "decision" and e.decision is not None]


def game_after(data: GameData, checkpoints: list[Checkpoint], journal: list[JournalEntry],
               count: int) -> Game:
    """The game as it stood after the first `count` decisions (at the next request)."""
    positions = decision_indices(journal)
    if not 0 <= count <= len(positions):
        raise NimitzError(f"there is no decision {count}: the campaign has {len(positions)}")
    # The next decision's journal position bounds the checkpoint we may start from.
    limit = positions[count] if count < len(positions) else len(journal)
    usable = [i for i, cp in enumerate(checkpoints) if cp.journal_len <= limit]
    start = usable[-1] if usable else 0
    cp = checkpoints[start]
    before = sum(1 for p in positions if p < cp.journal_len)
    decisions = [journal[p].decision for p in positions[before:count]]
    return Game.replay(data, cp, journal, checkpoints[:start], decisions)


def undo_count(journal: list[JournalEntry], to: str) -> int:
    """How many decisions remain after undoing back to the previous decision, the start of the
    current step, or the start of the current turn."""
    if to not in UNDO_TARGETS:
        raise NimitzError(f"undo to what? one of: {', '.join(UNDO_TARGETS)}")
    positions = decision_indices(journal)
    if not positions:
        raise NimitzError("nothing to undo: no decision has been made yet")
    if to == "decision":
        return len(positions) - 1
    last = journal[positions[-1]]
    keep = len(positions)
    while keep > 0:
        entry = journal[positions[keep - 1]]
        same = entry.turn == last.turn and (to == "turn" or entry.step.split(":")[0] == last.step.split(":")[0])
        if not same:
            break
        keep -= 1
    return keep


@define
class ReplayCursor:
    """A position in a saved campaign for the replay viewer: entry by entry, with the game as it
    stood at the decision point that entry belongs to."""

    data: GameData
    checkpoints: list[Checkpoint]
    journal: list[JournalEntry]
    index: int = 0
    _cache: dict | None = None

    def decisions_before(self, index: int) -> int:
        return sum(1 for p in decision_indices(self.journal) if p <= index)

    def game(self) -> Game:
        count = self.decisions_before(self.index)
        if self._cache is None:
            self._cache = {}
        if count not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[count] = game_after(self.data, self.checkpoints, self.journal, count)
        return self._cache[count]

    def move(self, delta: int) -> JournalEntry:
        self.index = max(0, min(len(self.journal) - 1, self.index + delta))
        return self.journal[self.index]

    def jump(self, predicate) -> JournalEntry | None:
        """Go to the first entry after the cursor that matches (wrapping to the start)."""
        n = len(self.journal)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if predicate(self.journal[i]):
                self.index = i
                return self.journal[i]
        return None

    def next_decision(self, forward: bool = True) -> JournalEntry | None:
        positions = decision_indices(self.journal)
        ahead = [p for p in positions if (p > self.index if forward else p < self.index)]
        if not ahead:
            return None
        self.index = ahead[0] if forward else ahead[-1]
        return self.journal[self.index]
