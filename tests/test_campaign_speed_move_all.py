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
    # a place its forces left one by one keeps empty lists: moving none from it, then one
    # force back in, files that force as moving it alone does
    empty = next(a for a in data.map.area if a != "WC" and not one_by_one.at(a, "US"))
    for state in (at_once, one_by_one):
        passing = state.at("P3", "US")[0]
        passing.location = empty
        passing.location = "P3"  # the place's lists are empty now
        state.move_all(empty, "US", "WC")
        passing.location = empty
    assert _index_view(at_once) == _index_view(one_by_one)
    assert [f.id for f in at_once.at(empty, "US")] == [f.id for f in one_by_one.at(empty, "US")] != []
