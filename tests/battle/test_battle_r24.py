"""Ruling R24: Japan's free choices are the bot's dice by default; the 'player' rules profile
lets the US player make them (here: equal Japanese targets taking a hit, R14)."""

from __future__ import annotations

import pytest
from battle_helpers import empty_state, game_with, make_board, put

from nimitz.engine.battle import hits as H
from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile


def _tied_board(ja_ties: str, faces=()):
    state = empty_state(rules=RulesProfile(ja_ties=ja_ties))
    for name in ("DD Gp 1", "DD Gp 7"):
        put(state, "JA", name)
    return make_board(game_with(state, list(faces)), {"JA:DD Gp 1": "CO", "JA:DD Gp 7": "CO"}, air_groups=False)


def test_r24_player_option_asks_which_equal_japanese_force_takes_the_hit():
    board = _tied_board("player")
    gen = H.ja_hits(board, H.ship_targets(board, "JA", "CO"), 1, {"step": "naval_guns", "area": "CO"})
    request = next(gen)
    assert request.kind == "battle_ja_tie"
    assert {o.decision.choice for o in request.options} == {"JA:DD Gp 1", "JA:DD Gp 7"}
    with pytest.raises(IllegalDecision):
        request.check(Decision("battle_ja_tie", choice="JA:Kaga"))
    with pytest.raises(StopIteration) as done:
        gen.send(Decision("battle_ja_tie", choice="JA:DD Gp 7"))
    assert board.damaged("JA:DD Gp 7") and not board.damaged("JA:DD Gp 1")
    assert board.game.dice.rolls == []  # no bot die was rolled
    tie = done.value.value["placed"][0]["why"]["tie_break"]
    assert tie["chosen"] == "JA:DD Gp 7" and "player" in tie["method"]


def test_r24_default_rolls_the_bot_stream_without_asking():
    board = _tied_board("bot", faces=[1])
    gen = H.ja_hits(board, H.ship_targets(board, "JA", "CO"), 1, {"step": "naval_guns", "area": "CO"})
    with pytest.raises(StopIteration):
        next(gen)
    assert board.damaged("JA:DD Gp 1")
    assert board.game.dice.rolls[0].stream == "bot"


def test_r24_no_question_when_nothing_is_tied():
    state = empty_state(rules=RulesProfile(ja_ties="player"))
    put(state, "JA", "DD Gp 1")
    put(state, "JA", "Kongo/Haruna")
    board = make_board(game_with(state, []), {"JA:DD Gp 1": "CO", "JA:Kongo/Haruna": "CO"}, air_groups=False)
    with pytest.raises(StopIteration):
        next(H.ja_hits(board, H.ship_targets(board, "JA", "CO"), 1, {"step": "naval_guns"}))
    assert board.damaged("JA:DD Gp 1")
