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
        chooser = campaign.POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; choose from {', '.join(campaign.POLICIES)}") from None
    return _in_the_fog(chooser)


class _USView:
    """The game as the US player knows it under fog of war (R86): the state with hidden
    Japanese forces off the map; everything else is the real game's."""

    def __init__(self, game: "Game") -> None:
        from nimitz.engine.fog import us_view

        self._game = game
        self.state = us_view(game.state)

    def __getattr__(self, name: str):
        return getattr(self._game, name)


def _in_the_fog(chooser: Policy) -> Policy:
    """A policy that sees only what the US sees when the campaign plays with fog of war."""

    def choose(request: "Request", game: "Game") -> "Decision":
        if game.state.rules.has("fog-of-war"):
            return chooser(request, _USView(game))  # type: ignore[arg-type]
        return chooser(request, game)

    choose.__name__ = getattr(chooser, "__name__", "policy")
    choose.__doc__ = chooser.__doc__
    return choose


def policy_names() -> list[str]:
    from nimitz.policies import campaign

    return list(campaign.POLICIES)
