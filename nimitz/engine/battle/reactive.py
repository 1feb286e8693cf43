"""Offering a reactive US plan at the moment it applies (ruling R16).

One request kind, `battle_reactive`: the options are the ways to use the plan(s) now, plus
`choice="decline"`. When the profile sets `auto_reactive_plans`, nothing is asked: the engine
uses the plan the way the caller's `auto` decision says, and journals that it did.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from nimitz.engine.requests import Option, Request, offered
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision

if TYPE_CHECKING:
    from nimitz.engine.battle.board import Board

DECLINE = "decline"
# the option to keep the plan, made once (Options and Decisions are frozen)
_DECLINE = Option(Decision(kind="battle_reactive", choice=DECLINE), "not now: keep the plan")


def offer(
    board: Board, what: str, options: list[Option], auto: Decision | None, info: dict[str, Any] | None = None
) -> Generator[Request, Decision, Decision | None]:
    """Ask whether to use a plan now; returns the chosen decision, or None if declined."""
    if not options:
        return None
    if board.state.rules.auto_reactive_plans:
        if auto is not None and not board.game.skips("event"):  # (a lab game: not even its text)
            board.game.log(
                "event",
                "US",
                f"plan used automatically (R16 auto): {auto.describe()}",
                {"what": what, "decision": auto.describe(), "rulings": ["R16"]},
            )
        return auto
    allowed = [*options, _DECLINE]

    def checker(d: Decision) -> None:
        if not offered(allowed, d):
            raise IllegalDecision(
                f"{d.describe()!r} is not one of the offered ways to use a plan now (choose an option or '{DECLINE}')",
                "R16",
            )

    d = yield Request(
        kind="battle_reactive",
        step=board.state.step,
        prompt=f"Use a battle plan now: {what}?",
        options=allowed,
        info={**(info or {}), "rulings": ["R16"]},
        checker=checker,
        kinds=("battle_reactive",),
    )
    return None if d.choice == DECLINE else d
