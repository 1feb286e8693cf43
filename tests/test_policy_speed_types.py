"""The sensible player counts the US forces of each type in an area once a movement step and keeps
the counts up to date with its own moves (policies/campaign.py: _MovementStep.types_at). Kept or
counted afresh, they must agree after every move, whoever made it."""

from __future__ import annotations

import pytest

from nimitz.lab.runner import CampaignSpec, lab_game
from nimitz.policies import get_policy
from nimitz.policies.campaign import _MovementStep
from tests.test_sensible_memo import _other_move


def _fresh_types(game, area: str) -> dict[str, int]:
    cls = game.sheet.cls
    out: dict[str, int] = {}
    for f in game.state.at(area, "US"):
        t = cls[f.cls].type
        out[t] = out.get(t, 0) + 1
    return out


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_counts_are_those_counted_afresh(year):
    policy = get_policy("sensible")
    checked = kept_after_a_move = 0
    for seed in (1, 2, 3):
        game = lab_game(CampaignSpec(year, seed))
        asked = 0
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind == "movement":
                step = game.state.kept()[_MovementStep.KEY]
                for area, counted in step.counted.items():
                    assert {t: n for t, n in counted.items() if n} == _fresh_types(game, area)
                    checked += 1
                kept_after_a_move += "HI" in step.counted and asked > 0
                asked += 1
                if asked % 4 == 0:  # now and then another player answers instead
                    decision = _other_move(request, game, decision) or decision
            game.answer(decision)
    assert checked > 100 and kept_after_a_move > 20
