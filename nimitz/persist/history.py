"""Moving through a campaign's history: undo, replay positions and branches ("what if").

All of it rests on one fact: the dice live in the state, so re-running the engine from a
checkpoint with the journal's first k decisions gives exactly the game as it was after decision
k. Undo never re-rolls; the same choices after an undo give the same rolls.
"""

from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Callable
from typing import Any

from attrs import define

from nimitz.engine.game import Game
from nimitz.errors import NimitzError
from nimitz.model.battle import BattleState
from nimitz.model.data import GameData
from nimitz.model.journal import Checkpoint, JournalEntry
from nimitz.model.state import CampaignState, clone
from nimitz.persist.players import bot_game, bot_replay

UNDO_TARGETS = ("decision", "step", "turn")


def decision_indices(journal: list[JournalEntry]) -> list[int]:
    """Journal positions of the US decisions, in order."""
    return [i for i, e in enumerate(journal) if e.kind == "decision" and e.decision is not None]


def game_after(data: GameData, checkpoints: list[Checkpoint], journal: list[JournalEntry], count: int) -> Game:
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
    decisions = [d for p in positions[before:count] if (d := journal[p].decision) is not None]
    return bot_replay(data, cp, journal, checkpoints[:start], decisions)


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
    _cache: dict[int, Game] | None = None  # decisions made -> the game then

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

    def jump(self, predicate: Callable[[JournalEntry], bool]) -> JournalEntry | None:
        """Go to the first entry after the cursor that matches (wrapping to the start)."""
        n = len(self.journal)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if predicate(self.journal[i]):
                self.index = i
                return self.journal[i]
        return None

    def seek(self, positions: list[int], forward: bool = True) -> JournalEntry | None:
        """Go to the next (or previous) of `positions` after the cursor; None (and stay) when
        there is none. No wrapping: the viewer says "no later battle" instead."""
        ahead = [p for p in positions if (p > self.index if forward else p < self.index)]
        if not ahead:
            return None
        self.index = ahead[0] if forward else ahead[-1]
        return self.journal[self.index]

    def next_decision(self, forward: bool = True) -> JournalEntry | None:
        positions = decision_indices(self.journal)
        ahead = [p for p in positions if (p > self.index if forward else p < self.index)]
        if not ahead:
            return None
        self.index = ahead[0] if forward else ahead[-1]
        return self.journal[self.index]


# --- landmarks of a journal: turns, battles, battle turns ---------------------------------------


def turn_starts(journal: list[JournalEntry]) -> list[int]:
    """The first entry of each turn (of each year, in a linked campaign)."""
    out, seen = [], set()
    for i, e in enumerate(journal):
        key = (e.year, e.turn)
        if e.turn >= 1 and key not in seen:
            seen.add(key)
            out.append(i)
    return out


def battle_starts(journal: list[JournalEntry]) -> list[int]:
    """The "Battle in XX" entries (the campaign's marker for each battle fought)."""
    return [i for i, e in enumerate(journal) if e.kind == "event" and "battle_area" in e.data]


def battle_turn_of(step: str) -> str:
    """'battle:turn 2:dogfight' -> 'battle:turn 2'; '' outside a battle turn."""
    parts = step.split(":")
    return ":".join(parts[:2]) if len(parts) >= 2 and parts[0] == "battle" and parts[1].startswith("turn ") else ""


def battle_turn_starts(journal: list[JournalEntry]) -> list[int]:
    """The first entry of each battle turn (and of each battle's set-up)."""
    out, last = [], ""
    for i, e in enumerate(journal):
        here = battle_turn_of(e.step) or ("battle:setup" if e.step.startswith("battle:setup") else "")
        if here and (here != last or (e.step == "battle:setup" and "area" in e.data)):
            out.append(i)
        last = here
    return out


# --- the game as it stood at every journal entry (the replay viewer) ---------------------------


def _force_fields() -> tuple[str, ...]:
    import attrs

    from nimitz.model.state import Force

    # Force's own order, so Force(*values) rebuilds it; not the location index's fields (init=False)
    return tuple(a.name for a in attrs.fields(Force) if a.init)


_FORCE_FIELDS = _force_fields()
_FORCE_VALUES = operator.attrgetter(*_FORCE_FIELDS)


@define
class Snapshot:
    """A light copy of the state as it stood when one journal entry was logged: each force's
    fields as a tuple (`ids` and `values`, shared with the snapshot before when unchanged), the
    battle board (copied, or shared when unchanged) and every other field of the state
    shallow-copied. `EntryStates.state` turns it back into a CampaignState to show."""

    ids: tuple[str, ...]
    values: list[tuple[Any, ...]]  # a Force's field values, in attrs order
    battle: BattleState | None
    fields: dict[str, Any]  # the other CampaignState fields, by name

    @property
    def forces(self) -> dict[str, tuple[Any, ...]]:
        """Force id -> its field values, in the order of `attrs.fields(Force)`."""
        return dict(zip(self.ids, self.values, strict=True))


@functools.cache
def _state_fields() -> tuple[str, ...]:
    """The state's fields a snapshot copies (forces and the battle have their own copies; the
    rules profile never changes within a campaign)."""
    import attrs

    return tuple(a.name for a in attrs.fields(CampaignState) if a.init and a.name not in ("forces", "battle", "rules"))


def _snapshot(state: CampaignState, previous: Snapshot | None) -> Snapshot:
    import attrs

    ids = tuple(state.forces)
    values = list(map(_FORCE_VALUES, state.forces.values()))
    if previous is not None and previous.ids == ids:
        ids = previous.ids
        if previous.values == values:
            values = previous.values
        else:  # unchanged forces share one tuple
            values = [o if o == n else n for o, n in zip(previous.values, values, strict=True)]
    fields: dict[str, Any] = {}
    for name in _state_fields():
        value = getattr(state, name)
        if name == "dice":
            value = attrs.evolve(value, streams=dict(value.streams))
        elif isinstance(value, dict):
            value = {k: (list(v) if isinstance(v, list) else v) for k, v in value.items()}
        elif isinstance(value, list):
            value = list(value)
        elif attrs.has(type(value)):  # e.g. the optional rules' state: small, copied whole
            value = clone(value)
        fields[name] = value
    battle = state.battle
    if battle is not None:
        kept = previous.battle if previous is not None else None
        battle = kept if kept is not None and kept == battle else _copy_battle(battle)
    return Snapshot(ids=ids, values=values, battle=battle, fields=fields)


def _copy_battle(bs: BattleState) -> BattleState:
    """A copy of a BattleState, several times faster than copy.deepcopy: its fields are plain
    values, or lists and dicts of plain values and of flat attrs records (pieces, plans)."""
    import attrs

    def one(x: Any) -> Any:
        if attrs.has(type(x)):
            return attrs.evolve(x)
        if isinstance(x, (list, dict, set)):
            return copy.deepcopy(x)  # not expected; stay exact if the model grows one
        return x

    kw: dict[str, Any] = {}
    for a in attrs.fields(type(bs)):
        v = getattr(bs, a.name)
        if isinstance(v, dict):
            v = {k: one(x) for k, x in v.items()}
        elif isinstance(v, list):
            v = [one(x) for x in v]
        elif attrs.has(type(v)) or isinstance(v, set):
            v = copy.deepcopy(v)
        kw[a.alias or a.name] = v
    return type(bs)(**kw)


class EntryStates:
    """The state at every journal entry, rolls included, computed a turn at a time: the turn
    (the journal between two checkpoints) is re-run from its checkpoint with a journal listener
    that snapshots the state at each entry. Turns are cached (the most recent few)."""

    KEEP = 8

    def __init__(self, data: GameData, checkpoints: list[Checkpoint], journal: list[JournalEntry]) -> None:
        if not checkpoints:
            raise NimitzError("the campaign has no checkpoint to replay from")
        self.data = data
        self.checkpoints = checkpoints
        self.journal = journal
        self._turns: dict[int, list[Snapshot]] = {}
        self.timings: dict[int, float] = {}  # segment -> seconds it took to re-run
        self.mismatch: dict[int, str] = {}  # segment -> what differed from the saved journal

    def segment(self, index: int) -> int:
        """Which checkpoint's turn holds journal entry `index`."""
        seg = 0
        for k, cp in enumerate(self.checkpoints):
            if cp.journal_len <= index:
                seg = k
        return seg

    def bounds(self, seg: int) -> tuple[int, int]:
        start = 0 if seg == 0 else self.checkpoints[seg].journal_len
        end = self.checkpoints[seg + 1].journal_len if seg + 1 < len(self.checkpoints) else len(self.journal)
        return start, end

    def snapshots(self, seg: int) -> list[Snapshot]:
        """The snapshots of a turn, one per journal entry in `bounds(seg)`."""
        if seg not in self._turns:
            if len(self._turns) >= self.KEEP:
                self._turns.pop(next(iter(self._turns)))
            self._turns[seg] = self._run(seg)
        return self._turns[seg]

    def _run(self, seg: int) -> list[Snapshot]:
        import time

        t0 = time.perf_counter()
        start, end = self.bounds(seg)
        cp = self.checkpoints[seg]
        # Entries before the first checkpoint (the "created" line) show the set-up.
        first = _snapshot(cp.state, None)
        shots: list[Snapshot] = [first] * (cp.journal_len - start)
        game = bot_game(
            self.data,
            copy.deepcopy(cp.state),
            journal=list(self.journal[: cp.journal_len]),
            checkpoints=list(self.checkpoints[:seg]),
        )

        def record(entry: JournalEntry) -> None:
            if entry.seq < end:
                shots.append(_snapshot(game.state, shots[-1] if shots else None))
                saved = self.journal[entry.seq]
                if (entry.kind, entry.text) != (saved.kind, saved.text) and seg not in self.mismatch:
                    self.mismatch[seg] = (
                        f"entry {saved.seq} (turn {saved.turn}, {saved.step}): "
                        f"saved {saved.text!r}, replay {entry.text!r}"
                    )

        game.listeners.append(record)
        decisions = [
            e.decision for e in self.journal[cp.journal_len : end] if e.kind == "decision" and e.decision is not None
        ]
        try:
            game.start()
            for decision in decisions:
                if game.pending is None or len(game.journal) >= end:
                    break
                game.answer(decision)
        except NimitzError as exc:
            self.mismatch.setdefault(seg, f"the replay stopped: {exc}")
        except Exception as exc:  # a viewer shows what it can, never crashes
            self.mismatch.setdefault(seg, f"the replay failed: {type(exc).__name__}: {exc}")
        # Never leave an entry without a picture (a replay that stopped early shows its last).
        while len(shots) < end - start:
            shots.append(shots[-1])
        self.timings[seg] = time.perf_counter() - t0
        return shots[: end - start]

    def before(self, seg: int) -> Snapshot:
        """The state at the turn's checkpoint, just before its first entry."""
        return _snapshot(self.checkpoints[seg].state, None)

    def snapshot(self, index: int) -> Snapshot:
        seg = self.segment(index)
        start, _end = self.bounds(seg)
        return self.snapshots(seg)[index - start]

    def base(self, index: int) -> CampaignState:
        """The checkpoint state of the entry's turn (the template a snapshot is laid onto)."""
        return self.checkpoints[self.segment(index)].state

    def state(self, index: int) -> CampaignState:
        """A CampaignState as it stood when entry `index` was logged (built fresh: the caller
        may keep it; it shares nothing mutable with the cache except the battle board, which
        must be treated as read-only)."""
        import attrs

        from nimitz.model.state import Force

        snap = self.snapshot(index)
        base = self.base(index)
        forces = {fid: Force(*t) for fid, t in zip(snap.ids, snap.values, strict=True)}
        return attrs.evolve(base, forces=forces, battle=snap.battle, **snap.fields)

    def game(self, index: int) -> Game:
        """A Game around `state(index)` for the read-only views (no engine running)."""
        return bot_game(self.data, self.state(index))
