"""The sensible player keeps a movement step's target and threats (policies/campaign.py:
_MovementStep.around) across the moves of its own forces that leave the objectives held as they
were (_MovementStep._keeps_control). Kept or worked out afresh, they must agree after every
move, whoever made it, and wherever the player's answer sent a force."""

from __future__ import annotations

import random

import pytest

from nimitz.engine.campaign import move_problem
from nimitz.engine.control import objectives_held
from nimitz.lab.runner import CampaignSpec, lab_game
from nimitz.model.journal import Decision
from nimitz.policies import get_policy
from nimitz.policies.campaign import _MovementStep, _target, _threats
from tests.test_sensible_memo import _other_move


def _own_odd_move(game, step: _MovementStep, rng: random.Random) -> Decision | None:
    """A legal move of one of the player's forces that hold ground, at a base, to any area, made
    as the player's own answer (the step told it sent that force): unlike the sensible player's
    moves, these often change the objectives held."""
    holding = [f for f, _ in step.based.values() if f.cls in step.holding]
    rng.shuffle(holding)
    holding.sort(key=lambda f: f.location != "HI")  # Hawaii's first: it is an objective
    objectives = list(game.sheet.objectives)
    others = [area for area in game.data.map.area if area not in objectives]
    for f in holding:
        rng.shuffle(objectives)
        rng.shuffle(others)
        for area in objectives + others:
            if area != f.location and move_problem(game, f, area) is None:
                step.sent, step.sent_from = (f.id,), f.location
                return Decision("move", forces=(f.id,), area=area)
    return None


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_target_and_threats_are_those_worked_out_afresh(year):
    policy = get_policy("sensible")
    kept = changed = 0
    for seed in (1, 2, 3):
        game = lab_game(CampaignSpec(year, seed))
        rng = random.Random(seed)
        asked = 0
        last_held = None
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind == "movement":
                step = game.state.kept()[_MovementStep.KEY]
                held = objectives_held(game.state, game.data)
                if step.around is not None:
                    assert step.held == held
                    threatened = [(area, threat) for area, threat in _threats(game, held).items() if threat]
                    assert step.around == (_target(game, held), threatened)
                    kept += 1
                changed += last_held is not None and held != last_held
                last_held = held
                asked += 1
                if asked % 4 == 0:  # now and then another player answers instead
                    decision = _other_move(request, game, decision) or decision
                elif asked % 4 == 2:  # or the player sends a force where the sensible one would not
                    decision = _own_odd_move(game, step, rng) or decision
            else:
                last_held = None
            game.answer(decision)
    assert kept > 100 and changed > 5
