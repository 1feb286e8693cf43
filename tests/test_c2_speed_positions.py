"""`Positions.put`, the battle engine's way of moving a piece (a method call from Python, not an
item assignment's call of __setitem__ from C), is the item assignment itself: the same counting,
the same following by the board's memo."""

from __future__ import annotations

from nimitz.engine.battle.board import Board
from nimitz.model.battle import Positions
from tests.battle.battle_helpers import empty_state, game_with, make_board, put


def test_put_is_the_item_assignment():
    assert Positions.__setitem__ is Positions.put


def test_a_piece_put_is_followed_by_the_board_queries():
    s = empty_state(1942)
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    board = make_board(game_with(s, []), {"US:Lexington": "UO", "JA:Kaga": "JO"}, air_groups=False)
    pos = board.bs.positions
    assert board.ships("US", "UO") == ["US:Lexington"]  # (the memo made current)
    before = pos.changes
    pos.put("US:Lexington", "CO")
    pos.put("US:Lexington", "CO")  # put back where it is: no change
    assert pos.changes == before + 1
    assert board.ships("US", "CO") == ["US:Lexington"] and board.ships("US", "UO") == []
    assert Board(board.game).ships("US", "CO") == ["US:Lexington"]
