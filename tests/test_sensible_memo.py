"""The sensible player keeps what it works out at a movement step's first request for the step's
others (policies/campaign.py: _MovementStep). Kept or worked out afresh, its answers must agree,
whoever answered the requests in between."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from nimitz.engine.campaign import move_problem
from nimitz.engine.control import holding_classes
from nimitz.lab.runner import CampaignSpec, lab_game
from nimitz.model.journal import Decision
from nimitz.policies import get_policy
from nimitz.policies.campaign import _MovementStep


def _other_move(request, game, suggested: Decision) -> Decision | None:
    """A legal move of a force the player did not name (another player's answer), of a force
    that holds ground (INF, BN, LBA) if one can move."""
    state = game.state
    holding = holding_classes(state, game.data)
    others = [state.forces[i] for i in request.info["movable"] if i not in suggested.forces]
    for f in sorted(others, key=lambda f: f.cls not in holding):
        for area in game.data.map.area[f.location].adjacent:
            if move_problem(game, f, area) is None:
                return Decision("move", forces=(f.id,), area=area)
    return None


def play_movement_steps(
    year: int,
    check: Callable[..., None],
    own_move: Callable[[object, _MovementStep, random.Random], Decision | None] | None = None,
) -> None:
    """Seeds 1-3 of `year` played by the sensible player, for the tests of what it keeps through
    a movement step. `check(game, step, asked)` is called at every request once the player has
    answered it: `step` is its kept memo at a movement request (None at any other), `asked` the
    movement requests of the campaign before this one. Every fourth movement answer is another
    player's (_other_move); with `own_move(game, step, rng)`, every fourth from the second is
    that move, made as the player's own."""
    policy = get_policy("sensible")
    for seed in (1, 2, 3):
        game = lab_game(CampaignSpec(year, seed))
        rng = random.Random(seed)
        asked = 0
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind != "movement":
                check(game, None, asked)
            else:
                step = game.state.kept()[_MovementStep.KEY]
                check(game, step, asked)
                asked += 1
                if asked % 4 == 0:  # now and then another player answers instead
                    decision = _other_move(request, game, decision) or decision
                elif own_move is not None and asked % 4 == 2:
                    decision = own_move(game, step, rng) or decision
            game.answer(decision)


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_movement_step_answers_as_a_fresh_one(year):
    policy = get_policy("sensible")
    for seed in (1, 2):
        game = lab_game(CampaignSpec(year, seed), keep_journal=True)
        asked = 0
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind == "movement":
                kept = game.state.kept()
                memo = kept.pop(_MovementStep.KEY)
                assert policy(request, game) == decision  # worked out afresh
                kept[_MovementStep.KEY] = memo
                asked += 1
                if asked % 3 == 0:  # now and then another player answers instead
                    decision = _other_move(request, game, decision) or decision
            game.answer(decision)
        assert asked > 10
