"""The sensible player ranks the US pool for buying once a resupply step and keeps the list for
the step's other purchases (policies/campaign.py: _Purchases), and looks for the repairs from the
end of the options. Its answers must be those of a ranking of every option offered, made afresh
at every request, whoever made the purchases in between, and when a force joins the pool."""

from __future__ import annotations

import pytest

from nimitz.engine.campaign import resupply_request
from nimitz.lab.runner import CampaignSpec, lab_game
from nimitz.model.journal import Decision
from nimitz.model.state import DESTROYED, US_POOL
from nimitz.policies import get_policy
from nimitz.policies.campaign import BUY_ORDER, KEEP_SP, _Purchases


def _fresh_answer(request, game) -> Decision:
    """The sensible player's resupply answer worked out from every option offered."""
    spare = request.info["sp"] - KEEP_SP
    repairs = [o for o in request.options if o.decision.kind == "repair"]
    cheapest = min(repairs, key=lambda o: o.cost, default=None)  # (min keeps the first of equals)
    if cheapest is not None and cheapest.cost <= spare:
        return cheapest.decision
    if request.info["scouting_points"] < 2 and spare >= 1:
        return Decision("buy_scouting", count=1)
    cls, forces = game.sheet.cls, game.state.forces

    def rank(o):
        fid = o.decision.forces[0]
        return (BUY_ORDER.get(cls[forces[fid].cls].type, 9), o.cost, fid)

    buys = [o for o in request.options if o.decision.kind == "buy" and o.cost <= spare]
    return min(buys, key=rank).decision if buys else Decision("end_resupply")


def _damaged(game):
    state = game.state
    return [f for f in state.forces.values() if f.damaged and f.side == "US" and f.location not in (DESTROYED, US_POOL)]


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_the_kept_purchases_answer_as_a_fresh_ranking(year):
    policy = get_policy("sensible")
    bought = by_others = repaired = 0
    for seed in (1, 2, 3):
        game = lab_game(CampaignSpec(year, seed))
        asked = 0
        while game.pending is not None:
            request = game.pending
            decision = policy(request, game)
            if request.kind == "resupply":
                assert decision == _fresh_answer(request, game)
                bought += decision.kind == "buy"
                repaired += decision.kind == "repair"
                asked += 1
                if asked % 5 == 0:  # now and then another player buys the last force offered
                    others = [o for o in request.options if o.decision.kind == "buy" and o.decision != decision]
                    if others:
                        decision = others[-1].decision
                        by_others += 1
            game.answer(decision)
    assert bought > 20 and by_others > 3
    if year == 1942:
        assert repaired > 3


def test_a_force_that_joins_the_pool_is_ranked():
    """A force put in the pool in the middle of a resupply step (no rule does it today) is seen:
    the kept list is made again when the pool holds more forces than it does."""
    policy = get_policy("sensible")
    game = lab_game(CampaignSpec(1942, 1))
    state, cls = game.state, game.sheet.cls
    bought: dict[int, set[str]] = {}  # by turn
    while True:  # to a purchase of something other than infantry, with infantry on the map
        request = game.pending
        decision = policy(request, game)
        if request.kind == "resupply" and decision.kind == "buy":
            if cls[state.forces[decision.forces[0]].cls].type != "INF":
                # (not bought this step: the kept list holds those)
                earlier = bought.get(state.turn, set())
                on_map = [f for f in state.forces.values() if f.side == "US" and cls[f.cls].type == "INF"]
                on_map = [f for f in on_map if f.location in game.data.map.area and f.id not in earlier]
                if on_map:
                    break
            bought.setdefault(state.turn, set()).add(decision.forces[0])
        game.answer(decision)
    assert state.kept()[_Purchases.KEY].step == (state.year, state.turn)
    joining = min(on_map, key=lambda f: (cls[f.cls].buy_cost, f.id))
    joining.location = US_POOL  # infantry is bought first
    request = resupply_request(game, _damaged(game))
    expected = _fresh_answer(request, game)
    assert expected.forces == (joining.id,)
    assert policy(request, game) == expected
