"""Scripted US players for autoplay and tests: `policy(request, game) -> Decision`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request
    from nimitz.model.journal import Decision

Policy = Callable[["Request", "Game"], "Decision"]


LAB_BUDGET = 0  # the expert's look-ahead rollouts per unsure decision in autoplay and the lab
ADVISE_BUDGET = 2  # rollouts per candidate when it advises (nimitz advise, the TUI's advice key)


def get_policy(name: str, budget: int | None = None) -> Policy:
    """A scripted US player by name. The expert is a fresh object each time (it keeps its last
    reason); `budget` sets its look-ahead (default LAB_BUDGET)."""
    from nimitz.policies import campaign

    if name == "expert":
        from nimitz.policies.expert import ExpertPolicy

        return ExpertPolicy(budget=LAB_BUDGET if budget is None else budget)
    try:
        return campaign.POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; choose from {', '.join(policy_names())}") from None


def policy_names() -> list[str]:
    from nimitz.policies import campaign

    return [*campaign.POLICIES, "expert"]
