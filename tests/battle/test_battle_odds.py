"""Exact battle odds (issue 15): checked by hand and against a brute-force enumeration of every
face of every d10 (facts 1.9: a roll of the value or less hits, the superior value or less hits
twice; facts 1.10: extra-hit plans; hits beyond the targets are lost)."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from nimitz.engine.battle.odds import distribution, odds, roll_outcomes, total_after_plans
from nimitz.model.ratings import Rating


def brute(ratings, *, sure_hits=0, extra_after_hit=0, room=None) -> dict[int, F]:
    """Every combination of faces, each equally likely, through the engine's own Rating.hits."""
    counts: dict[int, int] = {}
    combos = list(itertools.product(range(1, 11), repeat=len(ratings)))
    for faces in combos:
        scored = sure_hits + sum(r.hits(f) for r, f in zip(ratings, faces, strict=True))
        n = total_after_plans(scored, extra_after_hit, room)
        counts[n] = counts.get(n, 0) + 1
    return {k: F(v, len(combos)) for k, v in counts.items()}


def as_dict(dist) -> dict[int, F]:
    return {k: p for k, p in enumerate(dist) if p}


def test_one_roll_by_hand() -> None:
    """A 4 hits on 1-4 (40%); a 5/2 scores 2 on 1-2, 1 on 3-5 (facts 1.9)."""
    assert roll_outcomes(Rating(4)) == (F(6, 10), F(4, 10), F(0))
    assert roll_outcomes(Rating(5, 2)) == (F(5, 10), F(3, 10), F(2, 10))
    assert roll_outcomes(Rating(10)) == (F(0), F(1), F(0))


def test_two_rolls_by_hand() -> None:
    """A 4 and a 5/2: 0 hits .6x.5 = 30%; 1 hit .6x.3 + .4x.5 = 38%; 2 hits .6x.2 + .4x.3 = 24%;
    3 hits .4x.2 = 8%; expected .4 + .7 = 1.1."""
    o = odds([Rating(4), Rating(5, 2)])
    assert (o.none, o.one, o.more, o.expected) == (F(3, 10), F(38, 100), F(32, 100), F(11, 10))
    assert o.text() == "0 hits 30% · 1 hit 38% · 2+ 32% · expected 1.1"


def test_extra_hit_plan_by_hand() -> None:
    """Furball-like +1 after a hit: one 5 scores 0 (50%) or 1+1 = 2 (50%); with room for only one
    hit the plan is not used (combat._extra_hits) and the hit is 1."""
    assert as_dict(distribution([Rating(5)], extra_after_hit=1)) == {0: F(1, 2), 2: F(1, 2)}
    assert as_dict(distribution([Rating(5)], extra_after_hit=1, room=1)) == {0: F(1, 2), 1: F(1, 2)}


@pytest.mark.parametrize(
    "ratings",
    [
        [Rating(3)],
        [Rating(7, 3), Rating(2)],
        [Rating(5, 2), Rating(5, 2), Rating(1)],
        [Rating(8, 4), Rating(6), Rating(4, 1), Rating(10, 5)],
    ],
)
@pytest.mark.parametrize(
    "plans", [{}, {"extra_after_hit": 1}, {"room": 2}, {"extra_after_hit": 1, "room": 3}, {"sure_hits": 1, "room": 4}]
)
def test_distribution_matches_brute_force(ratings, plans) -> None:
    assert as_dict(distribution(ratings, **plans)) == brute(ratings, **plans)
    o = odds(ratings, **plans)
    assert o.none + o.one + o.more == 1
    assert o.expected == sum(k * p for k, p in brute(ratings, **plans).items())


def test_aaa_odds_use_the_ships_the_engine_fires():
    """The AAA the player is shown for two aircraft over the Japanese Ocean is the AAA the engine
    then rolls: each row's best ships, one per aircraft (facts 1.9, R35)."""
    import re

    from battle_helpers import air, empty_state, game_with, make_board, put, run

    from nimitz.engine.battle import combat
    from nimitz.engine.battle.odds import aaa_odds, aaa_rows

    boxes = {
        "US:Lexington": "UO",
        "JA:Kaga": "JO",
        "JA:Akagi": "JO",
        "JA:DD Gp 1": "JO",
        "JA:Tone/Chikuma": "JO",
        "JA:Kongo/Haruna": "JO",
    }
    s = empty_state()
    for fid in boxes:
        put(s, *fid.split(":", 1))
    b = make_board(game_with(s, [10, 10, 10, 10]), boxes)
    for p in air(b, "US:Lexington")[1:3]:
        b.bs.positions[p] = "JO"
    shown = sorted(str(r) for row in aaa_rows(b, "US", "JO", 2) for r in row)
    run(combat.aaa(b))
    rolled = sorted(re.search(r"\(aaa ([\d/]+)\)", r.purpose)[1] for r in b.game.dice.rolls)
    assert shown == rolled
    assert aaa_odds(b, "US", "IS", 2) is None  # no AAA over the Island


def brute_reroll(ratings) -> dict[int, F]:
    """Every face of every die and of the one die rolled again (Envelop, facts 1.10): the best
    valued miss is rolled again, through the engine's own Rating.hits."""
    counts: dict[int, int] = {}
    combos = list(itertools.product(range(1, 11), repeat=len(ratings) + 1))
    for faces in combos:
        first = [r.hits(f) for r, f in zip(ratings, faces, strict=False)]
        missed = [i for i, h in enumerate(first) if h == 0]
        n = sum(first)
        if missed:
            best = max(missed, key=lambda i: (ratings[i].value, ratings[i].superior))
            n += ratings[best].hits(faces[-1])
        counts[n] = counts.get(n, 0) + 1
    return {k: F(v, len(combos)) for k, v in counts.items()}


@pytest.mark.parametrize("ratings", [[Rating(3)], [Rating(5, 2), Rating(2)], [Rating(6, 3), Rating(4), Rating(1)]])
def test_reroll_plan_odds_match_brute_force(ratings) -> None:
    """The odds shown for a reroll plan (Envelop: one missed infantry roll again) are exact."""
    from nimitz.tui.battle_view import reroll_distribution

    assert as_dict(reroll_distribution(ratings)) == brute_reroll(ratings)


def test_reroll_by_hand() -> None:
    """One 4: hits 40% at once, else 40% on the second roll: 0 hits 36%, 1 hit 64%."""
    from nimitz.tui.battle_view import reroll_distribution

    assert as_dict(reroll_distribution([Rating(4)])) == {0: F(36, 100), 1: F(64, 100)}


def test_extra_roll_and_sure_hit_by_hand() -> None:
    """Anti-Aircraft/Charge add one roll at the best value (a 3 and a 3: 0 hits 49%); Artillery
    adds a sure hit (one 3: 1 hit 70%, 2 hits 30%)."""
    two = odds([Rating(3), Rating(3)])
    assert (two.none, two.one, two.more) == (F(49, 100), F(42, 100), F(9, 100))
    sure = odds([Rating(3)], sure_hits=1)
    assert (sure.none, sure.one, sure.more, sure.expected) == (F(0), F(7, 10), F(3, 10), F(13, 10))


def test_the_naval_guns_odds_count_their_ships_in_words() -> None:
    """The ship-placement dialog's naval-gun odds say '1 ship', '2 ships' (never '1 ships')."""
    from battle_helpers import empty_state, game_with, make_board, put

    from nimitz.tui.battle_view import coastal_odds

    state = empty_state(1942)
    one = put(state, "US", "Chester/Louisville")
    two = put(state, "US", "Chicago/Northampton")
    game = game_with(state)
    make_board(game, {one: "CO", two: "CO"}, air_groups=False)
    assert "Naval guns from Coastal (1 ship), if" in coastal_odds(game, [one])
    assert "Naval guns from Coastal (2 ships), if" in coastal_odds(game, [one, two])
