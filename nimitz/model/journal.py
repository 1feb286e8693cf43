"""The campaign journal: every decision, roll and bot explanation, in order; and checkpoints."""

from __future__ import annotations

from typing import Any

from attrs import define, field, frozen

from nimitz.model.state import CampaignState

_FRESH_DICT: Any = object()  # an argument not given: a new dict, as attrs' field(factory=dict)


@frozen
class Decision:
    """One US answer to a decision request. `kind` says which; the rest are its arguments."""

    kind: str
    forces: tuple[str, ...] = ()
    area: str = ""
    count: int = 0
    choice: str = ""
    targets: dict[str, str] = field(factory=dict)  # e.g. force id -> battle area
    areas: tuple[str, ...] = ()  # e.g. one area per scouting point

    def __init__(
        self, kind: str, forces: tuple[str, ...] = (), area: str = "", count: int = 0, choice: str = "",
        targets: dict[str, str] = _FRESH_DICT, areas: tuple[str, ...] = (),
    ) -> None:  # fmt: skip
        # attrs' own __init__, but each slot filled by its own setter (below the class): attrs'
        # goes through object.__setattr__, which looks each slot up by name. A Decision is made
        # for nearly every answer and every option offered, hundreds a campaign.
        _SET_KIND(self, kind)
        _SET_FORCES(self, forces)
        _SET_AREA(self, area)
        _SET_COUNT(self, count)
        _SET_CHOICE(self, choice)
        _SET_TARGETS(self, {} if targets is _FRESH_DICT else targets)  # (field(factory=dict))
        _SET_AREAS(self, areas)

    def __hash__(self) -> int:  # targets is a dict; hash its items
        return hash(
            (
                self.kind,
                self.forces,
                self.area,
                self.count,
                self.choice,
                tuple(sorted(self.targets.items())),
                self.areas,
            )
        )

    def describe(self) -> str:
        parts = [self.kind]
        if self.forces:
            parts.append(", ".join(f.split(":", 1)[-1] for f in self.forces))
        if self.area:
            parts.append(f"-> {self.area}")
        if self.count:
            parts.append(f"x{self.count}")
        if self.choice:
            parts.append(self.choice)
        if self.areas:
            parts.append(" ".join(self.areas))
        if self.targets:
            parts.append(", ".join(f"{k.split(':', 1)[-1]}->{v}" for k, v in self.targets.items()))
        return " ".join(parts)


# The setters of Decision's slots (past the frozen class's __setattr__, which refuses them).
_SET_KIND, _SET_FORCES, _SET_AREA, _SET_COUNT, _SET_CHOICE, _SET_TARGETS, _SET_AREAS = (
    getattr(Decision, name).__set__ for name in ("kind", "forces", "area", "count", "choice", "targets", "areas")
)


@define
class JournalEntry:
    seq: int
    turn: int
    step: str
    side: str  # "US", "JA" or "" for the game itself
    kind: str  # "created", "decision", "roll", "bot", "event"
    text: str  # one readable line
    data: dict[str, Any] = field(factory=dict)  # structured detail (explanations, dice)
    decision: Decision | None = None  # kind "decision": the answer, replayed as is
    year: int = 0  # the campaign year (linked campaigns span several)


@define
class Checkpoint:
    """The full state at the start of a turn: replay and undo start from these."""

    turn: int
    journal_len: int
    state: CampaignState


def decisions_in(journal: list[JournalEntry], start: int = 0) -> list[Decision]:
    """The US decisions journaled from position `start` on, in order (what a replay answers)."""
    return [e.decision for e in journal[start:] if e.kind == "decision" and e.decision is not None]
