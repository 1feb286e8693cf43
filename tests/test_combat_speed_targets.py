"""The hit targets of the battle engine (engine/battle/hits.py), made cheaply:

- `counter_targets` keeps each counter's target for its battle while the counter's damage and
  box stay (`_kept_targets`), and reads a new target's name from the counter itself instead of
  asking Board.name: across whole campaigns of several years, in one process (a counter id
  meets other classes and names in other years), every target it hands out must be what a
  fresh reading of the board makes.

It is checked with the sensible player and with a random battle player (more damage, more
hits of every kind)."""

from __future__ import annotations

import random

import pytest

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import Board
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy
from nimitz.policies.battle import randomized

CAMPAIGNS = [(1942, 1, "sensible"), (1945, 2, "sensible"), (1943, 3, "random"), (1944, 4, "random")]


def _fresh_target(board: Board, pid: str) -> H.Target:
    """A counter's target made from the board's own queries, nothing kept."""
    c = board.cls(pid)
    damaged = board.damaged(pid)
    box = board.box(pid)
    return H.Target(
        pid,
        "piece" if board.is_piece(pid) else "force",
        c.cost,
        damaged,
        1 if damaged else 2,
        (c.id, damaged, box),
        box.endswith("_FH"),
        board.name(pid),
    )


def test_counter_targets_are_what_the_board_says(data, monkeypatch):
    made = []
    real = H.counter_targets

    def checked(board: Board, pids):
        pids = list(pids)
        got = real(board, pids)
        assert got == [_fresh_target(board, p) for p in pids]
        made.extend(got)
        return got

    # (the target lists are all built through the module's name: every one is checked)
    monkeypatch.setattr(H, "counter_targets", checked)
    sensible = get_policy("sensible")
    for year, seed, player in CAMPAIGNS:  # (one process: the kept targets outlive a campaign)
        game = new_game(data, year, seed, RulesProfile())
        battle_policy = randomized(random.Random(seed))
        while game.pending is not None:
            request = game.pending
            if player == "random" and request.kind.startswith("battle_"):
                game.answer(battle_policy(request, game))
            else:
                game.answer(sensible(request, game))
    assert any(t.damaged for t in made) and any(not t.damaged for t in made)
    assert {t.kind for t in made} == {"piece", "force"}


@pytest.mark.parametrize("damaged_first", [False, True])
def test_a_kept_target_follows_its_counter(data, damaged_first):
    """A counter's target changes with its damage and its box, and comes back the same while
    neither changes."""
    game = new_game(data, 1942, 1, RulesProfile())
    sensible = get_policy("sensible")
    while game.pending is not None and game.state.battle is None:
        game.answer(sensible(game.pending, game))
    assert game.state.battle is not None
    board = Board(game)
    pid = next(p for p in board.ids("US") if not board.is_piece(p) and board.cls(p).is_ship)
    first = H.counter_targets(board, [pid])[0]
    assert H.counter_targets(board, [pid])[0] is first
    if damaged_first:
        game.state.forces[pid].damaged = True
    else:
        board.state.battle.positions[pid] = "JO" if board.box(pid) != "JO" else "UO"
    again = H.counter_targets(board, [pid])[0]
    assert again is not first
    assert again == _fresh_target(board, pid)
