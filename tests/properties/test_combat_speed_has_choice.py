"""`has_choice` works most situations out from the targets' cost levels (hits._choice_by_levels)
instead of searching every legal placement: it must give the search's answer on any board,
including the search's own limit (it gives up and says "a choice" past `limit` placements).
The search itself is checked against a brute-force count in test_hit_properties.py."""

from __future__ import annotations

import property_settings  # noqa: F401 - loads the shared hypothesis profile
from hypothesis import given, settings
from hypothesis import strategies as st

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.hits import Alloc, Target


@st.composite
def boards(draw, airfield=False):
    """Up to ten targets shaped as the engine makes them (and now and then not: a fresh counter
    that takes one hit, an empty target, equal signatures on unlike targets), with repeats of
    the same kind of piece, which are interchangeable; with `airfield`, one airfield among them
    (the infantry step's board, where the foxholes-first rule acts)."""
    kinds: list[tuple[str, int, bool, int, bool, tuple[object, ...]]] = []
    out = []
    if airfield:
        cost, capacity = draw(st.integers(min_value=0, max_value=3)), draw(st.integers(min_value=1, max_value=3))
        out.append(Target("JA:airfield", "airfield", cost, False, capacity, ("airfield",), False, "JA airfield"))
    for i in range(draw(st.integers(min_value=1, max_value=10))):
        if kinds and draw(st.integers(min_value=0, max_value=2)) == 0:
            kind, cost, damaged, capacity, foxhole, sig = draw(st.sampled_from(kinds))
        else:
            kind = draw(st.sampled_from(["force", "force", "piece", "transport"] + ([] if airfield else ["airfield"])))
            cost = draw(st.integers(min_value=0, max_value=5))
            damaged = kind in ("force", "piece") and draw(st.booleans())
            if kind in ("force", "piece"):
                capacity = 1 if damaged else 2
            else:
                capacity = draw(st.integers(min_value=1, max_value=4))
            if draw(st.integers(min_value=0, max_value=15)) == 0:
                capacity = draw(st.integers(min_value=0, max_value=3))
            foxhole = kind == "force" and draw(st.booleans())
            odd = draw(st.integers(min_value=0, max_value=20)) == 0  # a signature shared by unlike targets
            sig = ("odd",) if odd else (kind, cost, damaged, capacity, foxhole, draw(st.integers(0, 1)))
            kinds.append((kind, cost, damaged, capacity, foxhole, sig))
        out.append(Target(f"t{i}", kind, cost, damaged, capacity, sig, foxhole, f"target {i}"))
    return draw(st.permutations(out))


def searched(alloc: Alloc, n: int, limit: int) -> bool:
    """has_choice as it was before the cost levels: every answer searched."""
    if n >= alloc.total() - sum(alloc.taken.values()):
        return False
    if n == 1:
        return len({(t.sig, alloc.taken[t.id]) for t in alloc.r15_allowed(alloc.legal())}) > 1
    return H._search_choice(alloc, n, limit)


@settings(max_examples=1000)
@given(
    boards(),
    st.booleans(),
    st.lists(st.integers(min_value=0, max_value=9), max_size=3),
    st.integers(min_value=1, max_value=12),
    st.sampled_from([4000, 4000, 40, 8]),
)
def test_has_choice_is_the_search(targets, foxholes_first, placed, n, limit):
    alloc = Alloc(targets, foxholes_first)
    for i in placed:  # (hits placed already: the engine never asks then, the search answers)
        legal = alloc.legal()
        if legal:
            alloc.take(legal[i % len(legal)])
    H._CHOICES.clear()  # (the search's answers by situation, kept across calls)
    assert H.has_choice(alloc, n, limit) == searched(alloc, n, limit)


@settings(max_examples=1000)
@given(boards(), st.booleans(), st.integers(min_value=2, max_value=12))
def test_cost_levels_answer_on_untouched_boards(targets, foxholes_first, n):
    """The same on the boards the engine asks about (no hit placed yet), where the cost levels
    answer most situations themselves."""
    alloc = Alloc(targets, foxholes_first)
    H._CHOICES.clear()
    assert H.has_choice(alloc, n) == searched(alloc, n, 4000)


@settings(max_examples=1000)
@given(boards(airfield=True), st.integers(min_value=2, max_value=12))
def test_foxholes_first_answers_as_the_search(targets, n):
    """The same under the infantry step's foxholes-first rule, with an airfield on the board
    (`_foxholes_choice`)."""
    alloc = Alloc(targets, True)
    H._CHOICES.clear()
    assert H.has_choice(alloc, n) == searched(alloc, n, 4000)


def _target(tid: str, kind: str, cost: int, capacity: int, damaged: bool = False, foxhole: bool = False) -> Target:
    return Target(tid, kind, cost, damaged, capacity, (tid,), foxhole, tid)


def test_one_result_past_the_search_limit_is_the_search_s_answer():
    """A placement with one result whose search gives up at its limit (three transports filled in
    any order before anything costlier can be hit): the search says "a choice" then, and so
    must the cost levels, which count the partial placements it would visit."""
    targets = [
        *(_target(f"TR{i}", "transport", 1, 3) for i in range(3)),
        _target("TR3", "transport", 2, 2),
        _target("CA", "force", 5, 2),
    ]
    alloc = Alloc(targets)
    H._CHOICES.clear()
    assert H.has_choice(alloc, 11, limit=40) == searched(alloc, 11, 40) is True
    H._CHOICES.clear()
    assert H.has_choice(alloc, 11) == searched(alloc, 11, 4000) is False


def test_a_target_as_costly_as_the_airfield_does_not_hold_it_back():
    """Foxholes first: with the foxholes full, a hit may go to the airfield while a fresh target
    that costs as much is still fresh (only cheaper ones hold it back)."""
    targets = [
        _target("FH", "force", 1, 1, damaged=True, foxhole=True),
        _target("TR", "transport", 2, 2),
        _target("JA:airfield", "airfield", 2, 1),
    ]
    alloc = Alloc(targets, True)
    H._CHOICES.clear()
    assert H.has_choice(alloc, 3) == searched(alloc, 3, 4000) is True
