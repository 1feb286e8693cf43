"""Scripted US players for autoplay and tests: `policy(request, game) -> Decision`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request
    from nimitz.model.journal import Decision

Policy = Callable[["Request", "Game"], "Decision"]


LAB_BUDGET = 0  # the expert's look-ahead rollouts per unsure decision in autoplay and the lab
ADVISE_BUDGET = 2  # rollouts per candidate, each to the end of the year, when it advises (advise, the TUI's key)
ADVISE_WORKERS = 2  # processes `nimitz advise` plays its rollouts in (the advice does not depend on it)


def get_policy(name: str, budget: int | None = None) -> Policy:
    """A scripted US player by name. The expert is a fresh object each time (it keeps its last
    reason); `budget` sets its look-ahead (default LAB_BUDGET)."""
    from nimitz.policies import campaign

    if name == "expert":
        from nimitz.policies.lookahead import ExpertPolicy

        return ExpertPolicy(budget=LAB_BUDGET if budget is None else budget)
    try:
        chooser = campaign.POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; choose from {', '.join(policy_names())}") from None
    return _in_the_fog(chooser)


class _USView:
    """The game as the US player knows it under fog of war (R86): the state with hidden
    Japanese forces off the map; everything else is the real game's."""

    def __init__(self, game: Game) -> None:
        from nimitz.engine.fog import us_view

        self._game = game
        self.state = us_view(game.state)

    def __getattr__(self, name: str):
        return getattr(self._game, name)


def us_view(game: Game) -> Game:
    """The game as the US player may see it: itself, or its fog-of-war view (R86)."""
    return _USView(game) if game.state.rules.has("fog-of-war") else game  # type: ignore[return-value]  # _USView stands in for a Game


def _in_the_fog(chooser: Policy) -> Policy:
    """A policy that sees only what the US sees when the campaign plays with fog of war."""

    def choose(request: Request, game: Game) -> Decision:
        # (RulesProfile.has read inline: asked at every answer, hundreds a campaign)
        if "fog-of-war" in game.state.rules.options:
            return chooser(request, _USView(game))  # type: ignore[arg-type]  # _USView stands in for a Game
        return chooser(request, game)

    choose.__name__ = getattr(chooser, "__name__", "policy")
    choose.__doc__ = chooser.__doc__
    return choose


def policy_names() -> list[str]:
    from nimitz.policies import campaign

    return [*campaign.POLICIES, "expert"]
