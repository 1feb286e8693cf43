"""The US aircraft move request (engine/battle/turn.py `us_air`) makes its info only when first
read, and carries a brief the sensible player answers from (the ids of the aircraft ready to
fly and of the plans playable, the areas blocked). Across whole campaigns the brief must say
what the info says, and reading the info or not must change nothing in the game."""

from __future__ import annotations

import random

import pytest

from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy
from nimitz.policies.battle import randomized


def _play(data, year: int, seed: int, player: str, read_info: bool):
    game = new_game(data, year, seed, RulesProfile())
    sensible = get_policy("sensible")
    battle_policy = randomized(random.Random(seed))
    asked = 0
    while game.pending is not None:
        request = game.pending
        if request.kind == "battle_air":
            asked += 1
            if read_info:
                info = request.info
                brief = request.brief
                assert brief["ready"] == [a["id"] for a in info["aircraft"]]
                assert brief["plans"] == [p["id"] for p in info["plans"]]
                assert brief["blocked"] == info["blocked"]
        if player == "random" and request.kind.startswith("battle_"):
            game.answer(battle_policy(request, game))
        else:
            game.answer(sensible(request, game))
    assert asked  # (the campaign fought battles where US aircraft could fly)
    return [(e.kind, e.side, e.text, e.data) for e in game.journal]


@pytest.mark.parametrize(
    ("year", "seed", "player"), [(1942, 1, "sensible"), (1944, 2, "sensible"), (1943, 3, "random")]
)
def test_air_brief_says_what_the_info_says(data, year, seed, player):
    read = _play(data, year, seed, player, read_info=True)
    if player == "sensible":  # (the random player reads the info itself)
        assert _play(data, year, seed, player, read_info=False) == read
