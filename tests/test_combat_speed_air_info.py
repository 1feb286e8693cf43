"""The US aircraft move request's info keeps each aircraft's name and values for its battle
(engine/battle/turn.py `_ready_info`, by id and damage): across whole campaigns, with the
sensible player and a random one (more damage, more moves), it must be what a fresh reading
of the board says."""

from __future__ import annotations

import random

import pytest

from nimitz.engine.battle.board import Board
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy
from nimitz.policies.battle import randomized


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


@pytest.mark.parametrize(
    ("year", "seed", "player"), [(1942, 1, "sensible"), (1944, 2, "sensible"), (1943, 3, "random")]
)
def test_ready_aircraft_info_is_the_board_s(data, year, seed, player):
    game = new_game(data, year, seed, RulesProfile())
    sensible = get_policy("sensible")
    battle_policy = randomized(random.Random(seed))
    asked = 0
    while game.pending is not None:
        request = game.pending
        if request.kind == "battle_air":
            aircraft = request.info["aircraft"]
            assert aircraft == _fresh_aircraft_info(Board(game), [a["id"] for a in aircraft])
            asked += len(aircraft)
        if player == "random" and request.kind.startswith("battle_"):
            game.answer(battle_policy(request, game))
        else:
            game.answer(sensible(request, game))
    assert asked  # (the campaign fought battles with US aircraft)
