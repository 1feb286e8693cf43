"""The Japanese orders bot keeps, with its tables for the year (OrdersBot._tables, kept for the
process), the order roll's modifier by (preset, track) and the orders table's row by roll total:
each must be what the orders table says, whatever order the questions come in and whichever
preset asks, and stay so through whole campaigns."""

from __future__ import annotations

import random

import pytest

from nimitz.bot import orders
from nimitz.bot.orders import OrdersBot
from nimitz.engine.dice import SeededDice
from nimitz.model.state import DiceState, RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import get_policy

YEARS = (1942, 1943, 1944, 1945)


def _fresh_row(data, total: int) -> str | None:
    try:
        return data.orders.for_roll(total).name
    except ValueError:
        return None


def _kept_row(bot: OrdersBot, total: int) -> str | None:
    try:
        return bot._row_for_roll(total).name
    except ValueError:
        return None


@pytest.mark.parametrize("year", YEARS)
def test_kept_modifiers_and_rows_are_the_tables(data, year):
    game = new_game(data, year, 1, RulesProfile(), checkpoints=False)
    table = data.orders
    presets = list(table.modifier_presets)
    assert len(presets) > 1  # (a memo keyed without the preset would mix them up)
    asked = [(p, t) for p in presets for t in range(table.track_min, table.track_max + 1)] * 2
    random.Random(year).shuffle(asked)
    for preset, track in asked:
        # a new bot each time, as the engine makes two a turn: the values are kept with the tables
        bot = OrdersBot(game.state, data, SeededDice(DiceState(1)), explains=False)
        assert bot._modifier(preset, track) == table.modifier(preset, year, track)
    totals = list(range(-15, 45)) * 2
    random.Random(-year).shuffle(totals)
    for total in totals:
        bot = OrdersBot(game.state, data, SeededDice(DiceState(1)), explains=False)
        assert _kept_row(bot, total) == _fresh_row(data, total)


@pytest.mark.parametrize(("year", "seed", "preset"), [(1942, 1, "map"), (1944, 2, "rulebook"), (1945, 3, "map")])
def test_kept_values_stay_true_through_a_campaign(data, year, seed, preset):
    game = new_game(data, year, seed, RulesProfile(order_modifiers=preset), checkpoints=False)
    sensible = get_policy("sensible")
    key = (year, id(data.year(year)), id(data.map), id(data.orders))  # (orders._KEPT_TABLES's)
    seen = 0
    while game.pending is not None:
        game.answer(sensible(game.pending, game))
        kept = orders._KEPT_TABLES.get(key)
        if kept is None:
            continue
        modifiers, rows = kept[3][4], kept[3][5]
        for (p, track), mod in modifiers.items():
            assert mod == data.orders.modifier(p, year, track)
        for total, row in rows.items():
            assert row is data.orders.for_roll(total)
        seen = max(seen, len(modifiers) + len(rows))
    assert seen  # (the campaign's JA orders asked for them)
