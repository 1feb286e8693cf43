"""The US aircraft move request (engine/battle/turn.py `us_air`), made cheaply for the lab:

- its info is made only when first read, and it carries a brief the sensible player answers
  from (the ids of the aircraft ready to fly and of the plans playable, the areas blocked):
  across whole campaigns the brief must say what the info says, and reading the info or not
  must change nothing in the game;
- the info keeps each aircraft's name and values for its battle (`_ready_info`, by id and
  damage, in the board memo's `texts`): it must be what a fresh reading of the board says.

Each is checked with the sensible player and with a random battle player (more damage, more
moves)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from nimitz.engine.battle.board import Board
from nimitz.engine.game import Game
from nimitz.engine.requests import Request
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy
from nimitz.policies.battle import randomized

CAMPAIGNS = [(1942, 1, "sensible"), (1944, 2, "sensible"), (1943, 3, "random")]


def _play(data, year: int, seed: int, player: str, on_air: Callable[[Request, Game], None]) -> list:
    """A whole campaign, the sensible player answering all but (for `player` "random") the
    battles; `on_air` sees every US aircraft move request before it is answered. The journal."""
    game = new_game(data, year, seed, RulesProfile())
    sensible = get_policy("sensible")
    battle_policy = randomized(random.Random(seed))
    while game.pending is not None:
        request = game.pending
        if request.kind == "battle_air":
            on_air(request, game)
        if player == "random" and request.kind.startswith("battle_"):
            game.answer(battle_policy(request, game))
        else:
            game.answer(sensible(request, game))
    return [(e.kind, e.side, e.text, e.data) for e in game.journal]


@pytest.mark.parametrize(("year", "seed", "player"), CAMPAIGNS)
def test_air_brief_says_what_the_info_says(data, year, seed, player):
    asked = []

    def check(request: Request, game: Game) -> None:
        info, brief = request.info, request.brief
        assert brief["ready"] == [a["id"] for a in info["aircraft"]]
        assert brief["plans"] == [p["id"] for p in info["plans"]]
        assert brief["blocked"] == info["blocked"]
        asked.append(request)

    read = _play(data, year, seed, player, check)
    assert asked  # (the campaign fought battles where US aircraft could fly)
    if player == "sensible":  # (the random player reads the info itself)
        assert _play(data, year, seed, player, lambda request, game: None) == read


def _fresh_aircraft_info(board: Board, ids: list[str]) -> list[dict[str, object]]:
    """The info's aircraft read straight from the board: no name or values kept anywhere."""
    bs = board.state.battle
    out = []
    for p in ids:
        piece = bs.pieces.get(p)
        counter = piece if piece is not None else board.state.forces[p]
        out.append(
            {
                "id": p,
                "name": counter.name,
                "values": board.cls(p).values_text(counter.damaged),
                "damaged": counter.damaged,
                "home": bs.positions[p],
            }
        )
    return out


@pytest.mark.parametrize(("year", "seed", "player"), CAMPAIGNS)
def test_ready_aircraft_info_is_the_board_s(data, year, seed, player):
    asked = []

    def check(request: Request, game: Game) -> None:
        aircraft = request.info["aircraft"]
        assert aircraft == _fresh_aircraft_info(Board(game), [a["id"] for a in aircraft])
        asked.extend(aircraft)

    _play(data, year, seed, player, check)
    assert asked  # (the campaign fought battles with US aircraft)
