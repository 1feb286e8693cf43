"""The sensible player keeps a movement step's open garrison posts between requests
(policies/campaign.py: _MovementStep.garrison_posts) while the threats stand and no force
arrived at or left a threatened objective, and the garrison kinds that found none of them
open. Kept or worked out afresh, they must agree after every move, whoever made it."""

from __future__ import annotations

import pytest

from nimitz.engine.campaign import move_problem
from nimitz.policies.campaign import _open_posts
from tests.test_sensible_memo import play_movement_steps


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_open_posts_are_those_counted_afresh(year):
    seen = {"checked": 0, "without_post": 0}

    def check(game, step, asked):
        if step is None or step.around is None:
            return
        fresh = _open_posts(game, step.us_types, step.around[1])
        posts, no_post = step.garrison_posts(game)
        assert posts == fresh
        seen["checked"] += 1
        for f, c, kind in step.garrisons.values():
            if kind in no_post:
                posts = [post[3] for post in fresh["LBA" if c.type == "LBA" else "troops"]]
                assert [a for a in posts if a != f.location and move_problem(game, f, a) is None] == []
                seen["without_post"] += 1

    play_movement_steps(year, check)
    assert seen["checked"] > 30 and seen["without_post"] > 5
