"""What the battle engine keeps or calls differently for speed, checked against the plain way:
`Positions.put`, its way of moving a piece (a method call from Python, not an item assignment's
call of __setitem__ from C), is the item assignment itself, counted and followed by the board's
memo alike; and the airfield targets kept per side and number of airfields (hits.airfield_target)."""

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


def test_the_airfield_target_kept_is_the_one_made_for_the_airfields_now():
    """hits.airfield_target keeps one target per side and number of airfields: it is the target
    those airfields make, whatever the battle, and follows the airfields as they are hit."""
    from nimitz.engine.battle import hits as H

    s = empty_state(1942)
    put(s, "JA", "55th")
    board = make_board(game_with(s, []), {"JA:55th": "JA_FH"}, air_groups=False, airfields={"JA": 3})
    for n in (3, 2, 1):
        assert board.bs.airfields["JA"] == n
        assert H.airfield_target(board, "JA") == H.Target(
            "JA:airfield", "airfield", 1, False, n, ("airfield",), False, "JA airfield"
        )
        H.hit_piece(board, "JA:airfield")
    assert H.airfield_target(board, "JA") is None
