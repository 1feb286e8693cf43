"""The sensible player keeps a movement step's open garrison posts between requests
(policies/campaign.py: _MovementStep.garrison_posts) while the threats stand and no force
arrived at or left a threatened objective, and the garrison kinds that found none of them
open. Kept or worked out afresh, they must agree after every move, whoever made it."""

from __future__ import annotations

import pytest

from nimitz.engine.campaign import move_problem
from nimitz.lab.runner import CampaignSpec, lab_game
from nimitz.policies import get_policy
from nimitz.policies.campaign import _MovementStep, _open_posts
from tests.test_sensible_memo import _other_move


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_open_posts_are_those_counted_afresh(year):
    policy = get_policy("sensible")
    checked = without_post = 0
    for seed in (1, 2, 3):
        game = lab_game(CampaignSpec(year, seed))
        asked = 0
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind == "movement":
                step = game.state.kept()[_MovementStep.KEY]
                if step.around is not None:
                    fresh = _open_posts(game, step.us_types, step.around[1])
                    posts, no_post = step.garrison_posts(game)
                    assert posts == fresh
                    checked += 1
                    for f, c, kind in step.garrisons.values():
                        if kind in no_post:
                            posts = [post[3] for post in fresh["LBA" if c.type == "LBA" else "troops"]]
                            assert [a for a in posts if a != f.location and move_problem(game, f, a) is None] == []
                            without_post += 1
                asked += 1
                if asked % 4 == 0:  # now and then another player answers instead
                    decision = _other_move(request, game, decision) or decision
            game.answer(decision)
    assert checked > 30 and without_post > 5
