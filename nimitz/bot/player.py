"""The bot as Japan's player: the engine's `JapanPlayer` answered by the board game's procedures."""

from __future__ import annotations

from nimitz.bot import battle
from nimitz.bot.orders import OrdersBot
from nimitz.bot.reinforce import reinforce, repair
from nimitz.engine.players import JapanPlayer

BOT_JAPAN = JapanPlayer(
    orders=OrdersBot,
    reinforce=reinforce,
    repair=repair,
    place=battle.place_japanese,
    draw_plans=battle.draw_plans,
    move_aircraft=battle.move_aircraft,
    first_light_carrier=battle.first_light_carrier,
    first_light_area=battle.first_light_area,
    duration=battle.duration_change,
    hit_target=battle.pick_hit_target,
    excess_aircraft=battle.excess_aircraft,
    airfield_losses=battle.airfield_losses,
)
