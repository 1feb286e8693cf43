"""Board.on_deck finds every carrier's deck in one pass and keeps them until a piece moves or an
aircraft changes carrier (`Board.rehome`). Across whole campaigns, every answer must be what a
fresh scan of the battle's pieces says; and an aircraft already on deck that changes carrier
must show on its new carrier's deck at once."""

from __future__ import annotations

import random

import pytest

from nimitz.engine.battle.board import Board
from nimitz.model.battle import DECK
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy
from nimitz.policies.battle import randomized


def _fresh_deck(board: Board, carrier: str) -> list[str]:
    bs = board.state.battle
    return [
        p
        for p, piece in bs.pieces.items()
        if piece.kind == "aircraft" and piece.home == carrier and bs.positions.get(p) == DECK
    ]


@pytest.mark.parametrize(
    ("year", "seed", "player"), [(1942, 1, "sensible"), (1944, 2, "sensible"), (1943, 3, "random")]
)
def test_on_deck_is_a_fresh_scan(data, monkeypatch, year, seed, player):
    kept_on_deck = Board.on_deck
    asked = []

    def checked(board: Board, carrier: str) -> list[str]:
        got = kept_on_deck(board, carrier)
        assert got == _fresh_deck(board, carrier)
        asked.append(carrier)
        return got

    monkeypatch.setattr(Board, "on_deck", checked)
    game = new_game(data, year, seed, RulesProfile())
    sensible = get_policy("sensible")
    battle_policy = randomized(random.Random(seed))
    while game.pending is not None:
        request = game.pending
        if player == "random" and request.kind.startswith("battle_"):
            game.answer(battle_policy(request, game))
        else:
            game.answer(sensible(request, game))
        if game.state.battle is not None:  # (and between the engine's own questions)
            board = Board(game)
            for side in ("US", "JA"):
                for carrier in board.carriers(side):
                    checked(board, carrier)
    assert asked


def test_rehome_moves_an_aircraft_on_deck_to_its_new_deck(data):
    game = new_game(data, 1942, 1, RulesProfile())
    sensible = get_policy("sensible")
    while game.pending is not None:  # (to the first battle with two carriers of a side on the board)
        if game.state.battle is not None and game.state.battle.pieces:
            board = Board(game)
            for side in ("US", "JA"):
                carriers = board.carriers(side)
                decks = [c for c in carriers if board.on_deck(c)]
                if len(carriers) >= 2 and decks:
                    source = decks[0]
                    target = next(c for c in carriers if c != source)
                    p = board.on_deck(source)[0]
                    board.rehome(p, target)
                    assert p in board.on_deck(target)
                    assert p not in board.on_deck(source)
                    assert board.on_deck(target) == _fresh_deck(board, target)
                    return
        game.answer(sensible(game.pending, game))
    pytest.fail("no battle with two carriers of a side and aircraft on deck")
