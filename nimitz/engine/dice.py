"""The game's own dice: named, seeded streams whose position lives in the game state.

SplitMix64 per stream, seeded from SHA-256 of (seed, stream name): pure integer arithmetic, so the
same seed gives the same faces on every machine and Python version. Never the `random` module.
A scripted source (a list of faces) stands in for tests and for players rolling real dice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol, TypeVar

from attrs import define, field

from nimitz.errors import DiceExhausted
from nimitz.model.state import DiceState

STREAMS = ("us", "ja", "bot")  # US rolls, Japanese rolls, the bot's random choices
_MASK = (1 << 64) - 1
T = TypeVar("T")


def stream_start(seed: int, name: str) -> int:
    digest = hashlib.sha256(f"nimitz:{seed}:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


@define
class Roll:
    """One die rolled: which stream, how many sides, the face, and what it was for."""

    stream: str
    sides: int
    face: int
    purpose: str = ""


class Dice(Protocol):
    rolls: list[Roll]

    def roll(self, stream: str, sides: int = 10, purpose: str = "") -> int: ...


@define
class SeededDice:
    """Dice drawn from the state's streams; rolling advances the saved stream positions."""

    state: DiceState
    rolls: list[Roll] = field(factory=list)

    def _next(self, stream: str) -> int:
        current = self.state.streams.get(stream)
        if current is None:
            current = stream_start(self.state.seed, stream)
        current, out = _splitmix(current)
        self.state.streams[stream] = current
        return out

    def roll(self, stream: str, sides: int = 10, purpose: str = "") -> int:
        limit = (1 << 64) - ((1 << 64) % sides)  # reject the biased tail
        while True:
            raw = self._next(stream)
            if raw < limit:
                face = raw % sides + 1
                self.rolls.append(Roll(stream, sides, face, purpose))
                return face


@define
class ScriptedDice:
    """Faces given in advance, taken in order whatever the stream (tests, real dice)."""

    faces: list[int]
    rolls: list[Roll] = field(factory=list)
    used: int = 0

    def roll(self, stream: str, sides: int = 10, purpose: str = "") -> int:
        if self.used >= len(self.faces):
            what = f" for {purpose}" if purpose else ""
            raise DiceExhausted(
                f"the scripted dice ran out: {len(self.faces)} faces given, another d{sides} was needed{what}"
            )
        face = self.faces[self.used]
        if not 1 <= face <= sides:
            raise DiceExhausted(f"scripted face {face} (number {self.used + 1}) is not on a d{sides}")
        self.used += 1
        self.rolls.append(Roll(stream, sides, face, purpose))
        return face


@define
class SplitDice:
    """Table rolls (the `us` and `ja` streams) from one source, the bot's own random picks (the
    `bot` stream) from another: a player feeding the faces rolled on the table never has one
    taken by a bot tie-break (`nimitz bot --dice` and `--bot-dice`)."""

    table: Dice
    bot: Dice
    rolls: list[Roll] = field(factory=list)

    def roll(self, stream: str, sides: int = 10, purpose: str = "") -> int:
        face = (self.bot if stream == "bot" else self.table).roll(stream, sides, purpose)
        self.rolls.append(Roll(stream, sides, face, purpose))
        return face


def roll_sum(dice: Dice, stream: str, count: int, sides: int = 10, purpose: str = "") -> list[int]:
    """`count` dice of one stream (e.g. the 2d10 of a scouted order); the faces, to be summed."""
    return [dice.roll(stream, sides, purpose) for _ in range(count)]


def choose(dice: Dice, options: Sequence[T], purpose: str = "") -> T:
    """A uniformly random pick with the bot stream; one option needs no roll."""
    if not options:
        raise ValueError("nothing to choose from")
    if len(options) == 1:
        return options[0]
    return options[dice.roll("bot", len(options), purpose) - 1]


def choose_out(dice: Dice, options: list[T], purpose: str = "") -> T:
    """choose(), taking the pick out of `options` (the same roll: one option needs none)."""
    if not options:
        raise ValueError("nothing to choose from")
    return options.pop(dice.roll("bot", len(options), purpose) - 1 if len(options) > 1 else 0)


def shuffled(dice: Dice, items: Sequence[T], purpose: str = "") -> list[T]:
    """Fisher-Yates with the bot stream."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll("bot", i + 1, purpose) - 1
        out[i], out[j] = out[j], out[i]
    return out
