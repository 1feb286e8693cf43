"""A campaign being played: state, journal, dice and the engine generator that drives them.

The engine (`nimitz.engine.campaign.play`) is a generator. It runs the sequence of play,
mutating `game.state`, and yields a Request whenever the US player must decide. `answer` checks
a Decision against the request (an illegal one raises and changes nothing), journals it and
resumes the engine until the next request. Every roll and bot explanation is journaled too.

Because the dice live in the state, replaying the journal's decisions from a checkpoint gives
the same game exactly: that is how a save resumes mid-turn, how undo works without re-rolling,
and how `nimitz check` verifies a save.

Japan's decisions come from the game's `japan` player (engine/players.py), which the engine
calls where the procedure asks for one; the engine itself knows neither side's player.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from attrs import define, field

from nimitz.engine import fog
from nimitz.engine.dice import Dice, Roll, SeededDice
from nimitz.engine.players import JapanPlayer
from nimitz.engine.requests import Request
from nimitz.errors import NimitzError
from nimitz.model.data import GameData, YearSheet
from nimitz.model.journal import Checkpoint, Decision, JournalEntry
from nimitz.model.state import CampaignState

Engine = Generator[Request, Decision, None]


class ReplayMismatch(NimitzError):
    """Replaying a journal did not reproduce it."""


# Whose roll a stream's faces are, for the journal (the optional rules' streams are nobody's).
_STREAM_SIDES = {"us": "US", "ja": "JA", "bot": "JA"}


@define
class JournaledDice:
    """Rolls from an inner source, each written to the journal as it happens."""

    inner: Dice
    game: Game

    @property
    def rolls(self) -> list[Roll]:
        return self.inner.rolls

    def roll(self, stream: str, sides: int = 10, purpose: str = "") -> int:
        face = self.inner.roll(stream, sides, purpose)
        game = self.game
        wanted = game.stream_entries
        # Game.skips inlined: a thousand rolls a campaign
        if wanted is not None and ("roll", game.state.step) not in wanted:
            game.entries_counted += 1
            return face  # a lab game: nobody reads its rolls' entries (the rolls are still kept)
        side = _STREAM_SIDES.get(stream, "")
        game.log(
            "roll",
            side,
            f"d{sides} = {face}" + (f": {purpose}" if purpose else ""),
            {"stream": stream, "sides": sides, "face": face, "purpose": purpose},
        )
        return face


@define
class Game:
    data: GameData
    state: CampaignState
    japan: JapanPlayer
    journal: list[JournalEntry] = field(factory=list)
    checkpoints: list[Checkpoint] = field(factory=list)
    pending: Request | None = None
    dice: Any = None
    _engine: Engine | None = None
    # Called after every journal append (the TUI refreshes its log from this).
    listeners: list[Callable[[JournalEntry], None]] = field(factory=list)
    # Called at moments no journal entry marks that a position can stand at (the start of a
    # battle turn, for `nimitz position export` mid-battle); not journaled, so saves and golden
    # journals are unchanged.
    mark_listeners: list[Callable[[str], None]] = field(factory=list)
    # False: no checkpoints (a lab campaign is never saved, undone or replayed).
    keep_checkpoints: bool = True
    # None: the journal keeps every entry (saves, replays, undo, the TUI, the golden journals).
    # A set of (kind, step) pairs: a lab game, which never reads its journal back: its entries
    # of those kinds in those steps go to the listeners only and are not kept, the others are
    # not even made. Making and keeping a few thousand entries nobody reads (and freeing them
    # at the end) was several percent of a lab campaign.
    stream_entries: frozenset[tuple[str, str]] | None = None
    # In a streamed game: the entries written so far, made or skipped, but the rolls of dice
    # that journal nothing (see entries_written).
    entries_counted: int = 0
    # A streamed game that makes no roll entries rolls its seeded dice directly, not through
    # JournaledDice (a call less for each of a campaign's thousand rolls): the dice keep every
    # roll, so their entries are counted from `dice.rolls`.
    rolls_counted_by_dice: bool = field(default=False, init=False)

    def __attrs_post_init__(self) -> None:
        if self.dice is None:
            seeded = SeededDice(self.state.dice)
            wanted = self.stream_entries
            if wanted is not None and all(kind != "roll" for kind, _ in wanted):
                self.dice, self.rolls_counted_by_dice = seeded, True
            else:
                self.dice = JournaledDice(seeded, self)

    @property
    def entries_written(self) -> int:
        """In a streamed game: the entries written so far, made or skipped (the next entry's
        seq, as in the full journal)."""
        if self.rolls_counted_by_dice:
            return self.entries_counted + len(self.dice.rolls)
        return self.entries_counted

    @property
    def sheet(self) -> YearSheet:
        return self.data.years[self.state.year]

    # --- journal ---------------------------------------------------------------------------

    def log(
        self, kind: str, side: str, text: str, data: dict[str, Any] | None = None, decision: Decision | None = None
    ) -> JournalEntry | None:
        """Journal an entry and hand it to the listeners (None: a streamed game skipped it)."""
        state, journal = self.state, self.journal
        if self.stream_entries is None:
            # positional, in JournalEntry's field order (seq, turn, step, side, kind, text, data,
            # decision, year): a roll is journaled a thousand times a campaign
            entry = JournalEntry(
                len(journal), state.turn, state.step, side, kind, text, data or {}, decision, state.year
            )
            journal.append(entry)
        else:  # a streamed game (the lab's)
            self.entries_counted += 1
            if (kind, state.step) not in self.stream_entries:
                return None  # no listener reads it: not even made
            seq = self.entries_written - 1
            entry = JournalEntry(seq, state.turn, state.step, side, kind, text, data or {}, decision, state.year)
        if self.listeners:
            for listener in self.listeners:
                listener(entry)
        return entry

    def skips(self, kind: str) -> bool:
        """Whether an entry of `kind` in this step is skipped (a streamed game's, `stream_entries`:
        a caller need not build its text); a skipped entry still counts as written. Ask it where
        `log` would be called, instead of calling it."""
        wanted = self.stream_entries
        if wanted is None or (kind, self.state.step) in wanted:
            return False
        self.entries_counted += 1
        return True

    @property
    def keeps_journal(self) -> bool:
        """Whether the game keeps its whole journal (every game but the lab's streamed ones):
        only then are the explanations that no streamed entry reads worth making."""
        return self.stream_entries is None

    def makes(self, kind: str) -> bool:
        """Whether entries of `kind` in this step are made (always, but in a streamed game); unlike
        `skips` it counts nothing: for text that only such an entry reads, built before it."""
        wanted = self.stream_entries
        return wanted is None or (kind, self.state.step) in wanted

    def mark(self, moment: str) -> None:
        for listener in self.mark_listeners:
            listener(moment)

    def checkpoint(self) -> None:
        """Keep the full state at a turn's start (called by the engine)."""
        if not self.keep_checkpoints:
            return
        self.checkpoints.append(
            Checkpoint(turn=self.state.turn, journal_len=len(self.journal), state=self.state.copy())
        )

    # --- driving the engine ----------------------------------------------------------------

    def start(self) -> Request | None:
        from nimitz.engine.campaign import play

        self._engine = play(self)
        self._advance(None)
        return self.pending

    def _advance(self, decision: Decision | None) -> None:
        assert self._engine is not None, "start() runs the engine first"
        try:
            self.pending = next(self._engine) if decision is None else self._engine.send(decision)
        except StopIteration:
            self.pending = None
            return
        # fog of war: what the US sees when asked is the map as it is now (R85); it is an
        # optional rule, so a game without any (a thousand answers a campaign) skips the call.
        # (`answer` writes this method out: keep the two the same.)
        if self.state.rules.options:
            fog.refresh(self)

    def answer(self, decision: Decision) -> Request | None:
        """Apply a US decision; raises IllegalDecision (and changes nothing) if it is illegal."""
        if self.pending is None:
            raise NimitzError("the campaign is over: there is nothing to decide")
        self.pending.check(decision)
        wanted = self.stream_entries  # Game.skips inlined: a few hundred answers a campaign
        if wanted is not None and ("decision", self.state.step) not in wanted:
            self.entries_counted += 1
        else:
            self.log("decision", "US", decision.describe(), {"request": self.pending.kind}, decision=decision)
        # _advance(decision) written out: a Python call less at each of a campaign's few hundred
        # answers (a pending request means the engine has started)
        try:
            self.pending = self._engine.send(decision)  # type: ignore[union-attr]
        except StopIteration:
            self.pending = None
            return None
        if self.state.rules.options:  # (the fog of war, as in _advance)
            fog.refresh(self)
        return self.pending

    @property
    def finished(self) -> bool:
        return self.pending is None and self._engine is not None

    def close(self) -> None:
        """Let go of the game: stop its engine and undo the links that make it a cycle (game,
        engine and dice refer to each other, each force to its state's location index), so
        reference counts free it at once and the cycle collector has nothing to walk. A lab
        plays thousands of games; the game is unusable after this."""
        if self._engine is not None:
            self._engine.close()
        self._engine = self.pending = None
        self.dice = None
        self.listeners.clear()
        self.mark_listeners.clear()
        self.journal.clear()
        self.state.release_index()

    # --- replay ----------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        data: GameData,
        checkpoint: Checkpoint,
        earlier: list[JournalEntry],
        earlier_checkpoints: list[Checkpoint],
        decisions: list[Decision],
        japan: JapanPlayer,
    ) -> Game:
        """A game re-run from a checkpoint with the given decisions (raises if one is illegal)."""
        game = cls(
            data=data,
            state=checkpoint.state.copy(),
            japan=japan,
            journal=list(earlier[: checkpoint.journal_len]),
            checkpoints=list(earlier_checkpoints),
        )
        game.start()
        for i, decision in enumerate(decisions):
            if game.pending is None:
                raise ReplayMismatch(
                    f"decision {i + 1} of the replay ({decision.describe()}) comes after the campaign ended"
                )
            game.answer(decision)
        return game
