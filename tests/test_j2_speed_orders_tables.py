"""The JA orders bot's tables kept for the process (OrdersBot._kept_tables), by the year and the
sheet, map and orders table they are made from: after whole lab campaigns of every year, each
kept entry says what its data says; data changed (evolved, the fingerprint kept) gets its own."""

from __future__ import annotations

import attrs

from nimitz.bot import orders
from nimitz.bot.orders import OrdersBot
from nimitz.engine.dice import SeededDice
from nimitz.lab.runner import CampaignSpec, lab_game, play_out
from nimitz.model.data import GameData
from nimitz.model.state import DiceState, RulesProfile
from nimitz.persist.campaign_file import new_game


def _bot(data: GameData, year: int) -> OrdersBot:
    state = new_game(data, year, 1, RulesProfile(), checkpoints=False).state
    return OrdersBot(state, data, SeededDice(DiceState(1)), explains=False)


def test_kept_tables_say_what_their_data_says(data: GameData) -> None:
    for year in (1942, 1943, 1944, 1945):
        game = lab_game(CampaignSpec(year, 2, "sensible"))
        play_out(game, "sensible")
        game.close()
    assert {year for year, *_ in orders._KEPT_TABLES} >= {1942, 1943, 1944, 1945}
    for (year, *_), (sheet, m, table, kept) in orders._KEPT_TABLES.items():
        categories, open_areas, open_objectives, closer, modifiers, rows = kept
        for cls_id, c in sheet.cls.items():
            expected = "infantry" if c.type in ("INF", "BN") else "lba" if c.type == "LBA" else "ships"
            assert categories[cls_id] == expected
        assert open_areas == [a.code for a in m.areas if a.home != "US"]
        assert open_objectives == [c for c in open_areas if c in sheet.objectives]
        for (area, target), found in closer.items():
            dist = m.distances(target, avoid_home="US")
            assert set(found) == {
                n
                for n in m.area[area].adjacent
                if area in dist and n in dist and dist[n] == dist[area] - 1 and m.area[n].home != "US"
            }
        for (preset, track), mod in modifiers.items():
            assert mod == table.modifier(preset, year, track)
        for total, row in rows.items():
            assert row is table.for_roll(total)


def test_changed_data_gets_its_own_tables(data: GameData) -> None:
    bot = _bot(data, 1943)
    sheet = data.years[1943]
    changed = attrs.evolve(data, years={**data.years, 1943: attrs.evolve(sheet, objectives=sheet.objectives[1:])})
    other = _bot(changed, 1943)
    assert other._open_objectives == [c for c in bot._open_objectives if c in sheet.objectives[1:]]
    assert other._open_objectives != bot._open_objectives
    assert _bot(data, 1943)._categories is bot._categories  # (the same data: the same tables)
