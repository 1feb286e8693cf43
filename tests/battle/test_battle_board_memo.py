"""The battle board's query memo (issue 12, engine speed): queries are kept between moves, and
any change to `BattleState.positions` (the engine's, or a direct write as tests make) is seen at
once. `positions` counts its changes but saves, compares and copies as the plain dict it is."""

from __future__ import annotations

import copy
import json
import pickle

import attrs
from battle_helpers import air, empty_state, game_with, make_board, put

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import Board
from nimitz.model.battle import BattleState, Positions
from nimitz.model.state import clone
from nimitz.persist.saves import CONVERTER


def _board(boxes: dict[str, str]) -> Board:
    s = empty_state(1942)
    for fid in boxes:
        side, name = fid.split(":", 1)
        put(s, side, name)
    return make_board(game_with(s, []), boxes)


def test_queries_follow_every_move_destroy_and_landing():
    b = _board({"JA:Kaga": "JO", "US:Lexington": "UO", "US:Chester/Louisville": "UO"})
    lex = air(b, "US:Lexington")
    assert b.flying("US") == [] and b.on_deck("US:Lexington") == lex
    assert b.surface_ships("US", "UO") == ["US:Lexington", "US:Chester/Louisville"]
    b.bs.positions[lex[0]] = "JO"  # a direct write, as a test or a future rule might make
    assert b.flying("US") == [lex[0]] and b.flying("US", "JO") == [lex[0]]
    assert b.on_deck("US:Lexington") == lex[1:]
    assert b.at_home("US") == lex[1:]
    b.bs.positions["US:Chester/Louisville"] = "CO"
    assert b.surface_ships("US", "UO") == ["US:Lexington"] and b.ships("US", "CO") == ["US:Chester/Louisville"]
    H.destroy(b, lex[0])
    assert b.flying("US") == [] and lex[0] not in b.ids("US") and lex[0] not in b.aircraft("US")


def test_returned_lists_are_the_callers_own():
    b = _board({"JA:Kaga": "JO", "US:Lexington": "UO"})
    got = b.ids("US")
    got.clear()
    assert b.ids("US") == ["US:Lexington", *air(b, "US:Lexington")]


def test_a_new_battle_state_starts_a_new_memo():
    b = _board({"JA:Kaga": "JO", "US:Lexington": "UO"})
    assert b.carriers("JA") == ["JA:Kaga"]
    b.state.battle = BattleState(area=b.bs.area, forces=["JA:Kaga"], positions={"JA:Kaga": "JO"})
    assert b.carriers("US") == [] and b.ids() == ["JA:Kaga"]


def test_a_plain_dict_put_in_place_of_the_positions_is_followed_by_the_next_board():
    """BattleState converts its positions only when made (no on_setattr hooks, for speed): a
    plain dict assigned later, as a test or a tool might, is made a Positions by the next Board,
    whose queries then see it and follow its moves."""
    b = _board({"JA:Kaga": "JO", "US:Lexington": "UO"})
    b.bs.positions = {"JA:Kaga": "JO", "US:Lexington": "CO"}
    board = Board(b.game)
    assert type(b.bs.positions) is Positions
    assert board.ships("US", "CO") == ["US:Lexington"] and board.ships("US", "UO") == []
    b.bs.positions["US:Lexington"] = "UO"
    assert board.ships("US", "UO") == ["US:Lexington"] and board.ships("US", "CO") == []


def test_positions_count_changes_and_save_as_a_plain_dict():
    bs = BattleState(area="MI", positions={"JA:Kaga": "JO"})
    assert type(bs.positions) is Positions
    before = bs.positions.changes
    bs.positions["US:Lexington"] = "UO"
    bs.positions.pop("JA:Kaga")
    bs.positions.update({"US:Chester/Louisville": "CO"})
    assert bs.positions.changes == before + 3
    saved = CONVERTER.unstructure(bs)
    assert json.dumps(saved["positions"]) == '{"US:Lexington": "UO", "US:Chester/Louisville": "CO"}'
    back = CONVERTER.structure(saved, BattleState)
    assert type(back.positions) is Positions and back == bs
    for copied in (clone(bs), copy.deepcopy(bs), pickle.loads(pickle.dumps(bs))):
        assert type(copied.positions) is Positions and copied == bs
        assert copied.positions is not bs.positions
    # a plain dict given to evolve is converted, as by __init__ (assignment converts nothing:
    # BattleState has no on_setattr hooks, which cost at every field the engine sets)
    assert type(attrs.evolve(bs, positions={"JA:Kaga": "JO"}).positions) is Positions


def test_the_memo_follows_moved_pieces_as_a_fresh_pass_would(monkeypatch):
    """Brought up to date piece by piece as pieces move (_BoardMemo.follow), the memo holds
    exactly what one pass over the board gives, board order included, after every move of whole
    campaigns' battles."""
    from nimitz.engine.battle.board import _BoardMemo
    from nimitz.lab.runner import CampaignSpec, play_one

    follow, remember = _BoardMemo.follow, Board._remember
    passes = {"followed": 0, "full": 0}

    def full_pass(self, pos):
        passes["full"] += 1
        return remember(self, pos)

    def checked(self, pos, pid, old, new):
        passes["followed"] += 1
        follow(self, pos, pid, old, new)
        if pos.groups is None:  # (a piece the memo cannot place: the next query makes it again)
            return
        board = Board.__new__(Board)
        board.state, board.sheet = self.cls.state, self.cls.sheet
        fresh_pos = Positions(pos)
        fresh = remember(board, fresh_pos)
        assert {key: group for key, group in self.results.items() if group} == fresh.results

    monkeypatch.setattr(Board, "_remember", full_pass)
    monkeypatch.setattr(_BoardMemo, "follow", checked)
    for year in (1942, 1943, 1944, 1945):
        play_one(CampaignSpec(year, 3))
    assert passes["followed"] > 10 * passes["full"] > 0  # most changes were followed as they were made


def test_values_text_follows_damage_and_each_data_sets_class():
    """Board.values_text is kept per class object and side of the counter for the whole process:
    a counter damaged in the battle reads its damaged side, and a class of another data set (same
    id, other values) is never answered with the first one's text."""
    import attrs

    from nimitz.engine.battle.board import _VALUES_TEXT

    b = _board({"JA:Kaga": "JO", "US:Lexington": "UO"})
    kaga = b.cls("JA:Kaga")
    assert b.values_text("JA:Kaga") == kaga.values_text() == "AAA 4/2 DC 2"
    b.state.forces["JA:Kaga"].damaged = True
    assert b.values_text("JA:Kaga") == "AAA 2/1 DC 1"
    other = attrs.evolve(kaga, aaa=attrs.evolve(kaga.aaa, full=kaga.dc.full))  # same id, other values
    b._cls["JA:Kaga"] = other
    b.state.forces["JA:Kaga"].damaged = False
    assert b.values_text("JA:Kaga") == other.values_text() == "AAA 2 DC 2"
    assert _VALUES_TEXT[id(other), False][0] is other
