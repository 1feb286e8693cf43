"""`CampaignState.move_all` (Return to Port moves whole port boxes) files the forces in the
location index in one go: the index must then say what it says after moving them one by one
(Force.__setattr__), and the places touched must be told to the caches that follow them."""

from __future__ import annotations

from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game


def _index_view(state):
    places = {f.location for f in state.forces.values()}
    return {(p, side): [f.id for f in state.at(p, side)] for p in places for side in ("US", "JA")}


def test_move_all_files_the_forces_as_moving_each_does(data):
    one_by_one = new_game(data, 1943, 3, RulesProfile()).state
    at_once = one_by_one.copy()
    # a place that already holds forces of the side (their lists are merged in `forces` order)
    # and one that holds none (the list is handed over)
    for source, dest in (("HI", "WC"), ("WC", "P3")):
        moving = one_by_one.at(source, "US")
        assert moving and (dest == "P3" or one_by_one.at(dest, "US"))
        before = one_by_one.clock()
        for f in moving:
            f.location = dest
        clock, touched = at_once.touched_since(at_once.clock())
        kept = at_once.summary(dest, "test: ids", lambda here: [f.id for f in here], "US")
        at_once.move_all(source, "US", dest)
        assert _index_view(at_once) == _index_view(one_by_one)
        assert at_once == one_by_one
        now, touched = at_once.touched_since(clock)
        assert set(touched) == {source, dest} and now > clock and at_once.side_clock("US") == now
        assert at_once.summary(dest, "test: ids", lambda here: [f.id for f in here], "US") != kept
        assert one_by_one.clock() > before
    at_once.move_all("HI", "US", "WC")  # nobody left there: nothing happens
    assert _index_view(at_once) == _index_view(one_by_one)
