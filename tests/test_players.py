"""Both sides are players (DESIGN.md): the engine asks every Japanese decision of the game's
`JapanPlayer` and never calls the bot itself, so a game given another player is played by it."""

from __future__ import annotations

from collections import Counter

import attrs

from nimitz.bot.player import BOT_JAPAN
from nimitz.engine.game import Game
from nimitz.engine.players import JapanPlayer
from nimitz.engine.setup import new_campaign
from nimitz.model.digest import state_hash
from nimitz.persist.players import bot_game
from nimitz.policies import get_policy

DECISIONS = [a.name for a in attrs.fields(JapanPlayer)]


def _played(game: Game) -> Game:
    game.start()
    policy = get_policy("sensible")
    while game.pending is not None:
        game.answer(policy(game.pending, game))
    return game


def _recording(calls: Counter) -> JapanPlayer:
    """The bot, counting each decision it is asked for."""

    def asked(name: str, answer):
        def call(*args):
            calls[name] += 1
            return answer(*args)

        return call

    return JapanPlayer(**{name: asked(name, getattr(BOT_JAPAN, name)) for name in DECISIONS})


def test_every_japanese_decision_goes_through_the_games_player(data):
    """A 1942 campaign (seed 7) needs every kind of Japanese decision: orders (R1-R6),
    reinforcement and repair, battle placement, plans, aircraft, First Light, hits (R14),
    excess aircraft and airfield losses. Each is asked of the player the game was given, and the
    campaign is the one the bot plays through `persist.players`, entry for entry."""
    calls: Counter = Counter()
    mine = _played(Game(data=data, state=new_campaign(data, 1942, 7), japan=_recording(calls)))
    wired = _played(bot_game(data, new_campaign(data, 1942, 7)))
    assert sorted(calls) == sorted(DECISIONS)
    assert [(e.kind, e.text) for e in mine.journal] == [(e.kind, e.text) for e in wired.journal]
    assert state_hash(mine.state) == state_hash(wired.state)


def test_a_copy_of_a_game_keeps_its_player(data):
    """The expert's look-ahead plays on copies (policies/lookahead.fork): they keep the game's own
    Japanese player rather than falling back to the bot."""
    from nimitz.policies.lookahead import fork

    calls: Counter = Counter()
    game = Game(data=data, state=new_campaign(data, 1942, 7), japan=_recording(calls))
    game.start()
    assert fork(game, seed=1).japan is game.japan
