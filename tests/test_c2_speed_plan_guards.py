"""The battle engine skips a plan step (First Light, the turn-end Duration plans, the AAA step's
extra rolls, rerolls, extra hits) when neither side has a plan of its kind in play
(`Board.has_plans`), making no generator for it: whole campaigns play the same, roll for roll
and state for state, when every such step is run whatever the plans in play."""

from __future__ import annotations

from nimitz.engine.battle.board import Board
from nimitz.lab.runner import CampaignSpec, play_one


def test_the_plan_guards_change_nothing_in_whole_campaigns(monkeypatch):
    specs = [CampaignSpec(year, seed) for year in (1942, 1943, 1944, 1945) for seed in (1, 2)]
    guarded = [play_one(spec) for spec in specs]
    has_plans = Board.has_plans
    seen: dict[str, int] = {}

    def always(self, side, kind):
        if has_plans(self, side, kind):
            seen[kind] = seen.get(kind, 0) + 1
        return True  # every guarded step runs, and finds out for itself that it has nothing to do

    monkeypatch.setattr(Board, "has_plans", always)
    assert [play_one(spec) for spec in specs] == guarded
    # the campaigns met the guarded kinds in play (the guards let them act)
    assert {"first_light", "duration"} <= set(seen)
