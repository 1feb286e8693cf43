"""The sensible player counts the US forces of each type in an area once a movement step and keeps
the counts up to date with its own moves (policies/campaign.py: _MovementStep.types_at). Kept or
counted afresh, they must agree after every move, whoever made it."""

from __future__ import annotations

import pytest

from tests.test_sensible_memo import play_movement_steps


def _fresh_types(game, area: str) -> dict[str, int]:
    cls = game.sheet.cls
    out: dict[str, int] = {}
    for f in game.state.at(area, "US"):
        t = cls[f.cls].type
        out[t] = out.get(t, 0) + 1
    return out


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_counts_are_those_counted_afresh(year):
    seen = {"checked": 0, "kept_after_a_move": 0}

    def check(game, step, asked):
        if step is None:
            return
        for area, counted in step.counted.items():
            assert {t: n for t, n in counted.items() if n} == _fresh_types(game, area)
            seen["checked"] += 1
        seen["kept_after_a_move"] += "HI" in step.counted and asked > 0

    play_movement_steps(year, check)
    assert seen["checked"] > 100 and seen["kept_after_a_move"] > 20
