"""`CampaignState.move_forces` (a JA order moves its few forces to one destination) files them in
the location index in one call: the index, the places touched and the clocks must be exactly what
setting each force's location in turn (Force.__setattr__) makes of them."""

from __future__ import annotations

from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game


def _index_view(state):
    places = {f.location for f in state.forces.values()}
    return {(p, side): [f.id for f in state.at(p, side)] for p in places for side in ("US", "JA")}


def _ids(here):
    return [f.id for f in here]


def _pick(state, sources):
    return [f for source, side in sources for f in state.at(source, side)[:2]]


def test_move_forces_files_the_forces_as_moving_each_does(data):
    one_by_one = new_game(data, 1942, 2, RulesProfile()).state
    at_once = one_by_one.copy()
    ja = [a for a in data.map.area if one_by_one.at(a, "JA")]
    us = next(a for a in data.map.area if one_by_one.at(a, "US"))
    no_ja = next(a for a in data.map.area if not one_by_one.at(a, "JA"))
    moves = [
        # forces of both sides from three places into one that holds some of them already
        # (those stay: nothing touched for them)
        ([(ja[0], "JA"), (us, "US"), (ja[1], "JA")], ja[1]),
        ([(ja[1], "JA")], no_ja),  # into a place where the side has no list yet
        ([(no_ja, "JA")], ja[0]),  # all of them back: the lists left there are empty
        ([(ja[0], "JA")], no_ja),  # and into the emptied lists again
    ]
    for sources, dest in moves:
        places = {source for source, _ in sources} | {dest}
        for state in (one_by_one, at_once):  # a summary kept at each place: a move must drop it
            for place in places:
                state.summary(place, "test: ids", _ids, "JA")
        clock = at_once.clock()
        assert clock == one_by_one.clock()
        by_one, together = _pick(one_by_one, sources), _pick(at_once, sources)
        assert _ids(by_one) == _ids(together) != []
        for f in by_one:
            f.location = dest
        at_once.move_forces(together, dest)
        assert _index_view(at_once) == _index_view(one_by_one)
        assert at_once == one_by_one
        assert at_once.touched_since(clock) == one_by_one.touched_since(clock)
        assert set(at_once.touched_since(clock)[1]) == places
        for side in ("US", "JA"):
            assert at_once.side_clock(side) == one_by_one.side_clock(side)
        for place in places:
            assert at_once.summary(place, "test: ids", _ids, "JA") == _ids(at_once.at(place, "JA"))
            assert _ids(at_once.at(place, "JA")) == _ids(one_by_one.at(place, "JA"))
