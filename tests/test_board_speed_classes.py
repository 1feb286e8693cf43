"""The classes the battle set-up puts in the board's memo as it makes pieces, and learns for its
forces at once (Board.classes, _Classes.learn; issue 12 speed), are those each piece's own
counter names, and every id begins with its side (Board.side): checked at the end of every battle
of whole campaigns."""

from __future__ import annotations

import nimitz.engine.battle as battle
from nimitz.engine.battle.board import Board
from nimitz.lab.runner import CampaignSpec, play_one


def test_every_known_class_is_the_pieces_own(monkeypatch):
    end = battle._end
    checked = {"battles": 0, "pieces": 0}

    def checked_end(board: Board, why: str) -> None:
        bs, forces, by_id = board.state.battle, board.state.forces, board.sheet.cls
        for pid, c in board.classes.items():
            piece = bs.pieces.get(pid)
            if piece is None and pid not in forces:  # (a battle piece destroyed or put aside: gone)
                continue
            counter = piece if piece is not None else forces[pid]
            assert c is by_id[counter.cls], pid
            assert board.side(pid) == counter.side and pid[2] == ":", pid  # (Board.side slices the id)
            checked["pieces"] += 1
        assert all(p in board.classes for p in bs.forces)  # learnt at set-up
        checked["battles"] += 1
        end(board, why)

    monkeypatch.setattr(battle, "_end", checked_end)
    for year in (1942, 1943, 1944, 1945):
        play_one(CampaignSpec(year, 2))
    assert checked["battles"] > 10 and checked["pieces"] > 100 * checked["battles"] / 10
