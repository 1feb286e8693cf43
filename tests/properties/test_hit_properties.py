"""Properties of hit allocation (engine/battle/hits.py) over any list of targets: the automatic
allocation follows R14 (lowest cost first, a damaged force before a fresh one) and is itself a
legal R15 allocation; no target takes more hits than it can; and "is there a real choice"
agrees with a brute-force count of the distinct legal allocations."""

from __future__ import annotations

import itertools

import property_settings  # noqa: F401 - loads the shared hypothesis profile
from hypothesis import given, settings
from hypothesis import strategies as st

from nimitz.engine.battle.hits import Alloc, Target, auto_sequence, check_sequence, has_choice
from nimitz.errors import IllegalDecision


@st.composite
def targets(draw, max_size=5):
    out = []
    for i in range(draw(st.integers(min_value=1, max_value=max_size))):
        kind = draw(st.sampled_from(["force", "force", "piece", "airfield", "transport"]))
        cost = draw(st.integers(min_value=0, max_value=4))
        damaged = kind in ("force", "piece") and draw(st.booleans())
        if kind in ("force", "piece"):
            capacity = 1 if damaged else 2
        else:
            capacity = draw(st.integers(min_value=1, max_value=3))
        foxhole = kind == "force" and draw(st.booleans())
        # equal signatures mean interchangeable pieces: everything that matters is in it
        sig = (kind, cost, damaged, capacity, foxhole, draw(st.integers(min_value=0, max_value=1)))
        out.append(Target(f"t{i}", kind, cost, damaged, capacity, sig, foxhole, f"target {i}"))
    return out


allocations = st.builds(Alloc, targets(), st.booleans())


def _r14(a: Alloc, t: Target) -> tuple[int, bool]:
    """R14's order, written out here: lowest cost, then a force already damaged (before this
    batch or by it) ahead of a fresh one."""
    damaged = t.kind in ("force", "piece") and (t.damaged or a.taken[t.id] > 0)
    return (t.cost, not damaged)


@given(allocations, st.integers(min_value=0, max_value=8))
def test_auto_allocation_follows_r14(alloc, hits):
    seq = auto_sequence(alloc, hits)
    a = alloc.copy()
    for tid in seq:
        legal = a.legal()
        chosen = a.by_id[tid]
        assert chosen in legal
        assert _r14(a, chosen) == min(_r14(a, t) for t in legal)
        a.take(chosen)
    assert all(a.taken[t.id] <= t.capacity for t in alloc.targets)
    assert len(seq) == min(hits, alloc.total())  # hits are lost only when nothing is left
    assert alloc.taken == {t.id: 0 for t in alloc.targets}  # the original is untouched


@given(allocations, st.integers(min_value=1, max_value=8))
def test_auto_allocation_is_a_legal_r15_allocation(alloc, hits):
    hits = min(hits, alloc.total())
    check_sequence(alloc, hits, tuple(auto_sequence(alloc, hits)))


def _legal_results(alloc: Alloc, hits: int) -> set:
    """Every distinct final allocation R15 accepts, by brute force."""
    results = set()
    for seq in itertools.product([t.id for t in alloc.targets], repeat=hits):
        try:
            check_sequence(alloc, hits, seq)
        except IllegalDecision:
            continue
        a = alloc.copy()
        for tid in seq:
            a.take(a.by_id[tid])
        results.add(a.key())
    return results


@settings(max_examples=150)
@given(st.builds(Alloc, targets(max_size=4), st.booleans()), st.integers(min_value=1, max_value=4))
def test_has_choice_agrees_with_brute_force(alloc, hits):
    """The US player is asked (R15) exactly when more than one distinct allocation is legal."""
    hits = min(hits, alloc.total())
    results = _legal_results(alloc, hits)
    auto = alloc.copy()
    for tid in auto_sequence(alloc, hits):
        auto.take(auto.by_id[tid])
    assert auto.key() in results
    assert has_choice(alloc, hits) == (len(results) > 1)


@given(allocations, st.lists(st.integers(min_value=0, max_value=4), max_size=6))
def test_r15_allowed_is_r15_ok_in_one_pass(alloc, taken):
    """R15/R38: the one-pass list of allowed targets (used by the "real choice" search) is
    exactly the targets `r15_ok` allows, in the same order, however many hits are placed."""
    for i in taken:
        legal = alloc.legal()
        assert alloc.r15_allowed(legal) == [t for t in legal if alloc.r15_ok(t, legal)]
        if legal:
            alloc.take(legal[i % len(legal)])
    legal = alloc.legal()
    assert alloc.r15_allowed(legal) == [t for t in legal if alloc.r15_ok(t, legal)]


@given(allocations, st.lists(st.integers(min_value=0, max_value=4), max_size=6))
def test_best_lists_every_target_first_in_r14_order(alloc, taken):
    """R14: `best` (which works the order out inline, in one pass) lists exactly the legal
    targets first in R14's order, ties kept in their order, however many hits are placed; and
    its idea of a damaged target is `damaged_now`'s."""
    for i in [*taken, None]:
        legal = alloc.legal()
        first = min((_r14(alloc, t) for t in legal), default=None)
        assert alloc.best(legal) == [t for t in legal if _r14(alloc, t) == first]
        assert all(alloc.damaged_now(t) == (not _r14(alloc, t)[1]) for t in alloc.targets)
        if i is not None and legal:
            alloc.take(legal[i % len(legal)])
