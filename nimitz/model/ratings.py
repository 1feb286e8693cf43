"""Combat values: a d10 roll of `value` or less hits; `superior` or less hits twice."""

from __future__ import annotations

import re

from attrs import field, frozen

_RATING = re.compile(r"^(\d+)(?:/(\d+))?$")


@frozen
class Rating:
    value: int = 0
    superior: int = 0
    # hits(face) for each face of the d10 (index 0 unused), worked out once a rating: a
    # campaign rolls thousands of shots against the few ratings its counters have
    by_face: tuple[int, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_face", tuple(map(self.hits, range(11))))

    @classmethod
    def parse(cls, text: str) -> Rating:
        match = _RATING.match(str(text).strip())
        if not match:
            raise ValueError(f'{text!r} is not a rating (write "4" or "4/2")')
        value, superior = int(match[1]), int(match[2] or 0)
        if superior > value:
            raise ValueError(f"{text!r}: the superior value is larger than the value")
        return cls(value, superior)

    def __str__(self) -> str:
        if not self.value:
            return "-"
        return f"{self.value}/{self.superior}" if self.superior else str(self.value)

    def __bool__(self) -> bool:
        return self.value > 0

    def hits(self, roll: int) -> int:
        """Hits scored by a d10 roll against this rating."""
        if roll > self.value:
            return 0
        return 2 if roll <= self.superior else 1

    def plus(self, add: int, superior_add: int = 0, superior_min: int = 0) -> Rating:
        """A modified rating (battle plans); a rating of 0 stays 0."""
        if not self.value:
            return self
        superior = self.superior + superior_add if self.superior else superior_min
        value = max(0, self.value + add)
        return rating_of(value, min(max(0, superior), value))


_MADE: dict[tuple[int, int], Rating] = {}  # the ratings plans made, kept: a few dozen at most


def rating_of(value: int, superior: int = 0) -> Rating:
    """Rating(value, superior), made once (a plan's modified value is asked at every shot)."""
    made = _MADE.get((value, superior))
    if made is None:
        made = _MADE[value, superior] = Rating(value, superior)
    return made


NONE = Rating()


@frozen
class RatingPair:
    """A counter's value on its full and its damaged side."""

    full: Rating = NONE
    damaged: Rating = NONE

    def side(self, damaged: bool) -> Rating:
        return self.damaged if damaged else self.full

    def __str__(self) -> str:
        return f"{self.full}({self.damaged})" if self.full else "-"


NO_PAIR = RatingPair()
