"""A campaign on disk: the save envelope <-> a Game, with autosave, resume and verification.

A save holds the checkpoints (full state at each turn start) and the journal (persist/saves.py).
Opening a save re-runs the engine from the last checkpoint with the journal's decisions since,
which restores the exact position (pending request included) and proves the save consistent:
the replay must reproduce every saved journal entry since that checkpoint.
"""

from __future__ import annotations

import os
from pathlib import Path

from attrs import define

from nimitz import RULES_VERSION
from nimitz.engine.game import Game
from nimitz.engine.requests import Request
from nimitz.engine.setup import new_campaign
from nimitz.errors import NimitzError, SaveError
from nimitz.model.data import GameData
from nimitz.model.digest import canonical_json
from nimitz.model.journal import Decision, JournalEntry, decisions_in
from nimitz.model.state import RulesProfile
from nimitz.persist.bounds import read_save_bytes
from nimitz.persist.players import bot_game, bot_replay
from nimitz.persist.saves import (
    SaveEnvelope,
    SaveHeader,
    SaveSummary,
    append_batch,
    now,
    read_save,
    write_bytes_atomically,
    write_save,
)


def new_game(
    data: GameData,
    year: int,
    seed: int,
    rules: RulesProfile,
    linked: bool = False,
    checkpoints: bool = True,
    stream_entries: frozenset[tuple[str, str]] | None = None,
) -> Game:
    """A new campaign, started (its first request pending). `checkpoints=False`: a campaign
    that will never be saved or undone keeps none (the lab); `stream_entries`: its journal is
    not kept, only the entries of those (kind, step) pairs go to its listeners (the lab, see Game)."""
    state = new_campaign(data, year, seed, rules)
    state.linked = linked
    game = bot_game(data, state, keep_checkpoints=checkpoints, stream_entries=stream_entries)
    game.log(
        "created",
        "",
        f"{year} {'linked ' if linked else ''}campaign created (seed {seed}, order modifiers: {rules.order_modifiers})",
        {"year": year, "seed": seed, "linked": linked},
    )
    game.start()
    return game


def new_envelope(
    data: GameData, year: int, seed: int, rules: RulesProfile, name: str, linked: bool = False
) -> SaveEnvelope:
    return envelope_for(new_game(data, year, seed, rules, linked), name, seed, created=now())


def summary_for(game: Game, decisions: int) -> SaveSummary:
    """The header's summary of where the game stands (what `nimitz list` shows)."""
    from nimitz.engine.control import objectives_held

    st = game.state
    return SaveSummary(
        saved=now(),
        year=st.year,
        turn=st.turn,
        step=st.step,
        result=st.result,
        held=len(objectives_held(st, game.data)),
        objectives=len(game.data.year(st.year).objectives),
        decisions=decisions,
        journal_len=len(game.journal),
        checkpoints=len(game.checkpoints),
    )


def envelope_for(game: Game, name: str, seed: int, created: str, branch_of: str = "") -> SaveEnvelope:
    """The whole save of a game (copies of its journal and checkpoint lists)."""
    decisions = sum(1 for e in game.journal if e.kind == "decision")
    header = SaveHeader(
        name=name,
        seed=seed,
        rules=game.state.rules,
        data_fingerprint=game.data.fingerprint,
        created=created,
        summary=summary_for(game, decisions),
        branch_of=branch_of,
    )
    return SaveEnvelope(header=header, journal=list(game.journal), checkpoints=list(game.checkpoints))


def _entry_key(e: JournalEntry) -> tuple[object, ...]:
    """What a replayed entry must reproduce (its data compared as JSON, as it was saved)."""
    return (e.seq, e.turn, e.step, e.side, e.kind, e.text, e.decision, e.year, canonical_json(e.data))


def first_difference(replayed: list[JournalEntry], saved: list[JournalEntry], start: int = 0) -> str:
    """'' when the replay reproduced the saved journal from `start`, else what differs first."""
    for mine, theirs in zip(replayed[start:], saved[start:], strict=False):  # lengths compared below
        if _entry_key(mine) != _entry_key(theirs):
            return (
                f"journal entry {theirs.seq} (turn {theirs.turn}, {theirs.step}) differs: "
                f"saved {theirs.text!r}, replay {mine.text!r}"
            )
    if len(replayed) != len(saved):
        return f"the replay has {len(replayed)} journal entries, the save {len(saved)}"
    return ""


def game_from_envelope(env: SaveEnvelope, data: GameData, where: str) -> Game:
    """Resume: replay from the last checkpoint and check the saved journal is reproduced."""
    if not env.checkpoints:
        raise SaveError(f"{where}: the save has no checkpoint to resume from ($.checkpoints)")
    cp = env.checkpoints[-1]
    try:
        game = bot_replay(data, cp, env.journal, env.checkpoints[:-1], decisions_in(env.journal, cp.journal_len))
    except NimitzError as exc:
        raise SaveError(f"{where}: the journal cannot be replayed from turn {cp.turn}: {exc}") from None
    if first_difference(game.journal, env.journal, cp.journal_len):
        changed = []
        if env.header.rules_version != RULES_VERSION:
            changed.append(f"rules {env.header.rules_version} -> {RULES_VERSION}")
        if env.header.data_fingerprint != data.fingerprint:
            changed.append(f"data {env.header.data_fingerprint} -> {data.fingerprint}")
        why = f" ({'; '.join(changed)})" if changed else ""
        raise ReplayDrift(
            f"{where}: replaying this turn's decisions does not reproduce the saved position: "
            f"the game's rules or data changed since it was saved{why}, or the file was edited. "
            f"`nimitz recover {env.name}` restarts it from the start of turn {cp.turn + 1} under the "
            f"current rules and keeps this file as a copy."
        )
    return game


class ReplayDrift(SaveError):
    """A save whose last turn no longer replays the same (see `recover`)."""


def recover(path: Path, data: GameData, backup: Path) -> Session:
    """Restart a drifted campaign from the start of its last checkpointed turn under the
    current rules. The original file is first copied to `backup` (nothing is lost)."""
    env = read_save(path, data)
    try:
        game_from_envelope(env, data, str(path))
    except SaveError:  # the last turn does not replay: restarting it is what recover is for
        pass
    else:
        raise SaveError(
            f"{path}: the campaign replays as saved; there is nothing to recover (the file was not changed)"
        )
    if backup.exists():
        raise SaveError(f"{backup} already exists; move it away first")
    cp = env.checkpoints[-1]
    game = bot_replay(data, cp, env.journal, env.checkpoints[:-1], [])
    session = Session(
        game=game,
        path=path,
        name=env.name,
        seed=env.header.seed,
        created=env.header.created,
        branch_of=f"{env.name}, restarted at turn {cp.turn + 1} under rules "
        f"{RULES_VERSION} (the old file: {backup.name})",
    )
    write_bytes_atomically(backup, read_save_bytes(path))
    try:
        session.save()
    except SaveError:
        backup.unlink(missing_ok=True)  # the save is unchanged: the copy is not needed
        raise
    return session


@define
class Session:
    """A campaign being played from a save file, saved after every decision: the decision's
    journal entries and checkpoints are appended (saves.append_batch); an undo, a branch or a
    save of an older schema writes the whole file instead."""

    game: Game
    path: Path
    name: str
    seed: int
    created: str
    branch_of: str = ""
    autosave: bool = True
    # When appended decisions are fsynced (a kill never needs it; a power cut does): after
    # every "decision" (the TUI, in its worker), at each "turn" start (a batch holding a
    # checkpoint), or at the "end" only (autoplay), and always on `flush`.
    sync: str = "turn"
    _file: SaveEnvelope | None = None  # what the file holds now (None: to be written whole)
    _unsynced: bool = False

    def envelope(self) -> SaveEnvelope:
        return envelope_for(self.game, self.name, self.seed, self.created, self.branch_of)

    def save(self) -> None:
        file, journal, checkpoints = self._file, self.game.journal, self.game.checkpoints
        n, m = (len(file.journal), len(file.checkpoints)) if file is not None else (0, 0)
        if (
            file is None
            or file.legacy
            or len(journal) < n
            or len(checkpoints) < m
            or (n and journal[n - 1] is not file.journal[n - 1])
        ):
            self._file = self.envelope()
            write_save(self.path, self._file)  # fsynced
            self._unsynced = False
            return
        if len(journal) == n and len(checkpoints) == m:
            return
        added = journal[n:]
        decisions = file.summary.decisions + sum(1 for e in added if e.kind == "decision")
        sync = self.sync == "decision" or (self.sync == "turn" and len(checkpoints) > m)
        append_batch(self.path, file, added, checkpoints[m:], summary_for(self.game, decisions), sync)
        self._unsynced = not sync

    def flush(self) -> None:
        """Make the appended decisions durable (fsync): on closing, and at autoplay's end."""
        if self._unsynced:
            fd = os.open(self.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            self._unsynced = False

    def answer(self, decision: Decision) -> Request | None:
        request = self.game.answer(decision)
        if self.autosave:
            self.save()
        return request

    def undo(self, to: str = "decision") -> int:
        """Go back to the previous decision, or the start of the step or turn, without
        re-rolling (the dice come back with the state). Returns the decisions undone."""
        from nimitz.persist.history import decision_indices, game_after, undo_count

        before = len(decision_indices(self.game.journal))
        keep = undo_count(self.game.journal, to)
        self.game = game_after(self.game.data, self.game.checkpoints, self.game.journal, keep)
        if self.autosave:
            self.save()
        return before - keep

    def branch(self, path: Path, name: str, count: int) -> Session:
        """A new campaign that starts as this one stood after `count` decisions ("what if")."""
        from nimitz.persist.history import game_after

        game = game_after(self.game.data, self.game.checkpoints, self.game.journal, count)
        other = Session(
            game=game,
            path=path,
            name=name,
            seed=self.seed,
            created=now(),
            branch_of=f"{self.name} after decision {count}",
        )
        return other

    @classmethod
    def open(cls, path: Path, data: GameData) -> Session:
        env = read_save(path, data)
        game = game_from_envelope(env, data, str(path))
        env.journal = list(game.journal)  # the same entries, as the game holds them
        env.checkpoints = list(game.checkpoints)
        return cls(
            game=game,
            path=path,
            name=env.name,
            seed=env.header.seed,
            created=env.header.created,
            branch_of=env.header.branch_of,
            file=env,
        )

    @classmethod
    def create(
        cls, path: Path, data: GameData, year: int, seed: int, rules: RulesProfile, name: str, linked: bool = False
    ) -> Session:
        game = new_game(data, year, seed, rules, linked)
        session = cls(game=game, path=path, name=name, seed=seed, created=now())
        return session
