"""Scripted US players for autoplay and tests: `policy(request, game) -> Decision`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request
    from nimitz.model.journal import Decision

Policy = Callable[["Request", "Game"], "Decision"]


def get_policy(name: str) -> Policy:
    from nimitz.policies import campaign

    try:
        return campaign.POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; choose from {', '.join(campaign.POLICIES)}") from None


def policy_names() -> list[str]:
    from nimitz.policies import campaign

    return list(campaign.POLICIES)
