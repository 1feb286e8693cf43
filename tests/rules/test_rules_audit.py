"""Rules audit of the campaign turn: each test pins a place where the engine or the bot did
something other than the rules say (procedures.md, facts.md, rulings.md, docs/rulings-added.md).
Every test failed before its fix."""

from __future__ import annotations

from rules_kit import Step, fresh, game_with, place, used_all

from nimitz.bot.orders import OrdersBot
from nimitz.engine.campaign import ja_orders
from nimitz.engine.dice import ScriptedDice

# --- JA INF facing US forces at the JA Orders step --------------------------------------------


def test_ja_infantry_facing_us_forces_that_arrived_in_us_movement_get_no_order(data):
    """procedures.md, JA Orders: "DO not roll for ... INF in area with US Forces"; facts 1.4:
    "JA Infantry in an Area that also holds US forces cannot move" (ruling R59). The R3 markers
    go down at US Scouting, but US forces that arrive in US Movement pin the JA INF there too:
    a Refit rolled for the area takes the ship, not the infantry."""
    state = fresh(data, 1942)
    place(state, "CI", "JA:Kaga", "JA:2nd", "JA:38th")  # CI: not an objective in 1942
    OrdersBot(state, data, ScriptedDice([])).place_moved_markers()
    assert not any(f.moved for f in state.at("CI", "JA"))  # no US forces there at scouting
    place(state, "CI", "US:25th", embarked=True, moved=True)  # US Movement lands a division
    bot = OrdersBot(state, data, ScriptedDice([5]))  # 5 + 0 = Refit
    results = bot.run_step()
    assert [(r.area, r.order, r.moved) for r in results] == [("CI", "Refit", ["JA:Kaga"])]
    assert {f.id for f in state.at("CI", "JA")} == {"JA:2nd", "JA:38th"}
    assert used_all(bot.dice)


def test_ja_orders_step_journals_the_infantry_pinned_by_us_movement(data):
    """The pin at JA Orders is explained in the journal (R59), before the processing order."""
    state = fresh(data, 1942)
    place(state, "CI", "JA:Kaga", "JA:2nd", "JA:38th")
    place(state, "CI", "US:25th", embarked=True, moved=True)
    game = game_with(data, state, [5])
    Step(game, ja_orders(game))
    texts = [e.text for e in game.journal if e.kind == "bot"]
    assert "pinned by US forces" in texts[0] and "2nd" in texts[0] and "38th" in texts[0]
    assert "areas in order: CI (1)" in texts[1]


# --- R10 battalions need forces that actually go in -------------------------------------------


def test_r10_no_battalion_when_every_mover_is_diverted_to_japan(data):
    """R10: battalions join "when an order sends forces into an area with US forces". A Battle
    order whose only movers are LBA that R8 sends to Japan (SA has no JA INF or LBA ashore)
    sends nothing into SA, so no battalion appears there alone."""
    state = fresh(data, 1942)
    place(state, "SA", "US:Chester/Louisville", "JA:Kaga")
    place(state, "PH", "JA:16th", moved=True)  # stays: it is PH's last ashore anyway
    place(state, "PH", "JA:Mihoro", "JA:Genzan")
    state.ja_track = 8  # 1942 band 8-11: +5; 9 + 5 = 14 Battle
    bot = OrdersBot(state, data, ScriptedDice([9, 1, 1]))
    result = bot.order("PH", auto_hold=False)
    assert result.order == "Battle" and result.destination == "SA"
    assert set(result.explanation["lba_to_japan"]) == {"JA:Mihoro", "JA:Genzan"}
    assert result.explanation["battalions_added"] == []
    assert {f.id for f in state.at("SA", "JA")} == {"JA:Kaga"}


def test_r10_battalion_still_joins_when_some_forces_go_in(data):
    """R10 (unchanged): ships going in with LBA diverted to Japan still bring a battalion for
    the missing INF."""
    state = fresh(data, 1942)
    place(state, "SA", "US:Chester/Louisville", "JA:Kaga")
    place(state, "PH", "JA:16th", moved=True)
    place(state, "PH", "JA:Akagi", "JA:Mihoro")
    state.ja_track = 8
    bot = OrdersBot(state, data, ScriptedDice([9]))
    result = bot.order("PH", auto_hold=False)
    assert result.order == "Battle" and result.destination == "SA"
    assert result.explanation["lba_to_japan"] == ["JA:Mihoro"]
    assert len(result.explanation["battalions_added"]) == 1
