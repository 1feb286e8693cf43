"""Shots are plain tuples and the exchange keeps their rolls in lists of its own (combat.exchange,
_rerolls): a shot rolled again by one reroll plan after another keeps every plan's prefix in its
roll's purpose, and the offers, the journal entries and the hits read the latest roll."""

from __future__ import annotations

from nimitz.engine.battle import combat
from nimitz.engine.battle.board import Board
from nimitz.model.battle import PlanInPlay
from tests.battle.battle_helpers import empty_state, game_with, make_board, plan, put, run


def _infantry_board(faces):
    s = empty_state(1942)
    put(s, "US", "25th")
    put(s, "JA", "55th")
    return make_board(game_with(s, faces), {"US:25th": "US_FH", "JA:55th": "JA_FH"}, air_groups=False)


def _accept(req):
    return next(o.decision for o in req.options if o.decision.choice != "decline")


def _events(board, text):
    return [e for e in board.game.journal if e.kind == "event" and text in e.text]


def test_two_us_rerolls_of_one_shot_stack_their_prefixes_and_score_the_last_roll():
    # US 25th misses (10), Envelop rolls it again (10, a miss), the second Envelop (1, a hit);
    # then Japan's 55th misses (10)
    b = _infantry_board([10, 10, 1, 10])
    first = plan(b, "US", "envelop", playing=False)
    second = plan(b, "US", "envelop", playing=False)
    rating = str(b.rating("US:25th", "infantry")[0])
    reqs, _ = run(combat.infantry(b), policy=_accept)
    assert first.used and second.used and b.damaged("JA:55th")
    purposes = [r.purpose for r in b.game.dice.rolls]
    base = f"infantry: 25th (infantry {rating}) vs JA Island forces in IS"
    assert purposes[:3] == [base, f"reroll (Envelop): {base}", f"reroll (Envelop): reroll (Envelop): {base}"]
    offers = [r for r in reqs if r.kind == "battle_reactive"]
    assert [r.info["rolls"] for r in offers] == [
        [{"attacker": "US:25th", "face": 10, "hits": 0, "rating": rating}],
        [{"attacker": "US:25th", "face": 10, "hits": 0, "rating": rating}],
    ]
    assert [o.label for o in offers[0].options][0] == "Envelop: roll 25th's 10 again"
    again = _events(b, "rolls again")
    assert [e.text for e in again] == [
        "US plan Envelop: 25th rolls again (10 -> 10, 0 hit(s))",
        "US plan Envelop: 25th rolls again (10 -> 1, 1 hit(s))",
    ]
    (scored,) = _events(b, "infantry in IS: US scores")
    assert scored.text == "infantry in IS: US scores 1 hit(s) with 1 roll(s)"
    assert scored.data["rolls"] == [
        {"attacker": "US:25th", "rating": rating, "face": 1, "hits": 1, "modifiers": [], "note": ""}
    ]


def test_a_declined_reroll_leaves_the_roll_as_it_was():
    b = _infantry_board([10, 10])
    pip = plan(b, "US", "envelop", playing=False)
    run(combat.infantry(b), policy=lambda req: next(o.decision for o in req.options if o.decision.choice == "decline"))
    assert not pip.used and not b.damaged("JA:55th")
    assert len(b.game.dice.rolls) == 2
    (scored,) = _events(b, "infantry in IS: US scores")
    assert scored.data["rolls"][0]["face"] == 10 and scored.data["hits"] == 0


def test_a_japanese_reroll_plan_rolls_its_best_miss_again(monkeypatch):
    """No Japanese plan in the data rerolls, but the rule is there: Japan rolls its best missed
    shot again (a plan of the US's table stands in for one)."""
    s = empty_state(1942)
    put(s, "US", "25th")
    put(s, "JA", "55th")
    put(s, "JA", "38th")
    b = make_board(
        game_with(s, [10, 10, 10, 1]),
        {"US:25th": "US_FH", "JA:55th": "JA_FH", "JA:38th": "JA_FH"},
        air_groups=False,
    )
    envelop = b.plan_def("US", "envelop")
    pip = PlanInPlay(plan="envelop", side="JA", turn=b.bs.turn)
    in_force = Board.ja_in_force
    monkeypatch.setattr(
        Board, "ja_in_force", lambda self, kind=None: [(envelop, pip)] if kind == "reroll" else in_force(self, kind)
    )
    monkeypatch.setattr(Board, "has_plans", lambda self, side, kind: side == "JA" and kind == "reroll")
    run(combat.infantry(b))
    assert pip.used and b.damaged("US:25th")
    values = {p: b.rating(p, "infantry")[0] for p in ("JA:55th", "JA:38th")}
    best = max(values, key=lambda p: (values[p].value, values[p].superior))  # (the first of equals)
    (again,) = _events(b, "rolls again")
    assert again.text == f"JA plan Envelop: {b.name(best)} rolls again (10 -> 1, 1 hit(s))"
    assert b.game.dice.rolls[3].purpose.startswith("reroll (Envelop): infantry: " + b.name(best))
