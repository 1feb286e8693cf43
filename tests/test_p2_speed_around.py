"""The sensible player keeps a movement step's target and threats (policies/campaign.py:
_MovementStep.around) across the moves of its own forces that leave the objectives held as they
were (_MovementStep._keeps_control). Kept or worked out afresh, they must agree after every
move, whoever made it, and wherever the player's answer sent a force."""

from __future__ import annotations

import random

import pytest

from nimitz.engine.campaign import move_problem
from nimitz.engine.control import objectives_held
from nimitz.model.journal import Decision
from nimitz.policies.campaign import _MovementStep, _target, _threats
from tests.test_sensible_memo import play_movement_steps


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
    seen = {"kept": 0, "changed": 0}
    last_held: list[list[str] | None] = [None]  # at the movement request before, if the last one

    def check(game, step, asked):
        if step is None:
            last_held[0] = None
            return
        held = objectives_held(game.state, game.data)
        if step.around is not None:
            assert step.held == held
            threatened = [(area, threat) for area, threat in _threats(game, held).items() if threat]
            assert step.around == (_target(game, held), threatened)
            seen["kept"] += 1
        seen["changed"] += last_held[0] is not None and held != last_held[0]
        last_held[0] = held

    # (now and then the player sends a force where the sensible one would not)
    play_movement_steps(year, check, own_move=_own_odd_move)
    assert seen["kept"] > 100 and seen["changed"] > 5
