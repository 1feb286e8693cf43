"""The optional rules (docs/optional-rules.md): weather, events and the variable end.

Each hook below does nothing unless the campaign chose its option, and each option rolls on its
own dice stream ("weather", "events", "end"), so a campaign without options is the same, roll for
roll, as one played before they existed. Fog of war changes only what the US sees
(engine/fog.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimitz.model.optional_rules import OPTION_STREAMS, Event
from nimitz.model.ratings import NONE, Rating
from nimitz.model.state import VariantState

if TYPE_CHECKING:
    from nimitz.engine.battle.board import Board, Modifier
    from nimitz.engine.game import Game
    from nimitz.model.data import CounterClass, GameData
    from nimitz.model.state import CampaignState, Force

AIR_ATTACKS = ("dogfight", "ship", "ground")  # an aircraft's attack values (not AAA against it)
ATTACK_PENALTY_SP = 3  # high command's displeasure when its attack is not made (R83)


def active(game: Game, option: str) -> bool:
    return game.state.rules.has(option)


def variant_state(game: Game) -> VariantState:
    state = game.state
    if state.variant is None:
        state.variant = VariantState()
    return state.variant


def event_now(game: Game) -> Event | None:
    v = game.state.variant
    if v is None or not v.event or not active(game, "events"):
        return None
    return game.data.optional_rules.events.for_roll(v.event)


# --- the start of a turn -----------------------------------------------------------------------


def turn_start(game: Game) -> None:
    """Weather, then the turn's event (docs/optional-rules.md)."""
    if active(game, "weather"):
        _roll_weather(game)
    if active(game, "events"):
        _draw_event(game)


def _roll_weather(game: Game) -> None:
    table = game.data.optional_rules.weather
    v = variant_state(game)
    if game.state.turn == 1:
        v.weather = table.levels[0]
        game.log(
            "event",
            "",
            f"Weather: {v.weather} (the first turn is always clear) (R80)",
            {"weather": v.weather, "rulings": ["R80"]},
        )
        return
    face = game.dice.roll(OPTION_STREAMS["weather"], table.sides, "weather")
    before = table.levels.index(v.weather)
    after = before
    if face in table.worsen_on:
        after = min(len(table.levels) - 1, before + 1)
    elif face in table.improve_on:
        after = max(0, before - 1)
    v.weather = table.levels[after]
    change = "stays" if after == before else "worsens to" if after > before else "improves to"
    game.log(
        "event",
        "",
        f"Weather: d{table.sides} = {face}, {change} {v.weather}. " + weather_effect_text(game) + " (R80, R81)",
        {"weather": v.weather, "face": face, "rulings": ["R80", "R81"]},
    )


def weather_effect_text(game: Game) -> str:
    v = game.state.variant
    if v is None:
        return ""
    eff = game.data.optional_rules.weather.by_level[v.weather]
    parts = []
    if eff.contact:
        parts.append(f"battle length and recon rolls {eff.contact:+d}")
    if eff.aircraft:
        parts.append(f"aircraft attack values {eff.aircraft:+d}")
    return ("In force: " + ", ".join(parts) + ".") if parts else "No effect."


def _draw_event(game: Game) -> None:
    table = game.data.optional_rules.events
    v = variant_state(game)
    v.event_area = v.event_force = ""
    v.attack_met = False
    face = game.dice.roll(OPTION_STREAMS["events"], table.sides, "event of the turn")
    v.event = face
    event = table.for_roll(face)
    detail = ""
    if event.kind == "storm":
        areas = [a.code for a in game.data.map.areas]
        v.event_area = areas[game.dice.roll(OPTION_STREAMS["events"], len(areas), "storm area") - 1]
        detail = f": no air attacks in {v.event_area} this turn"
    elif event.kind == "engine_trouble":
        ships = [
            f
            for f in game.state.forces.values()
            if f.side == "US" and f.location in game.data.map.area and game.sheet.cls[f.cls].is_ship
        ]
        if ships:
            ship = ships[game.dice.roll(OPTION_STREAMS["events"], len(ships), "ship with engine trouble") - 1]
            v.event_force = ship.id
            detail = f": {ship.name} in {ship.location} cannot move this turn"
        else:
            detail = ": no US ship on the map, no effect"
    elif event.kind == "attack_demanded":
        detail = (
            f": start a battle this turn where US infantry can land, or lose {ATTACK_PENALTY_SP} SP when movement ends"
        )
    elif event.kind == "veterans":
        detail = f": +1 to {veterans_words(event)} this turn"
    elif event.kind == "inspired":
        detail = f": {event.bpp} extra battle-plan points in every battle this turn"
    game.log(
        "event",
        "",
        f"Event (d{table.sides} = {face}, helps {_SIDE_WORDS[event.favours]}): {event.name}{detail} (R82)",
        {
            "event": event.name,
            "kind": event.kind,
            "face": face,
            "favours": event.favours,
            "area": v.event_area,
            "force": v.event_force,
            "rulings": ["R82"],
        },
    )


_SIDE_WORDS = {"US": "the US", "JA": "Japan"}
_RATING_WORDS = {
    "dogfight": "dogfight",
    "ship": "attacks on ships",
    "ground": "attacks on ground targets",
    "surface": "naval gunnery",
    "aaa": "anti-aircraft fire",
    "infantry": "infantry attacks",
}
_WHOSE = {"aircraft": "aircraft's ", "ships": "ships' ", "subs_and_infantry": ""}
_SUBS_AND_INFANTRY_WORDS = {"surface": "submarine torpedoes"}  # a submarine attacks with its surface value


def veterans_words(event: Event) -> str:
    """What a veterans event raises, as a wargamer says it: "US ships' naval gunnery"."""
    words = [
        (_SUBS_AND_INFANTRY_WORDS.get(r) if event.who == "subs_and_infantry" else None) or _RATING_WORDS[r]
        for r in event.ratings
    ]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    side = "US" if event.favours == "US" else "Japanese"
    return f"{side} {_WHOSE[event.who]}{listed}"


# --- movement ---------------------------------------------------------------------


def cannot_move(game: Game, f: Force) -> str | None:
    v = game.state.variant
    if v is not None and v.event_force == f.id and event_now(game) is not None:
        return f"{f.name} has engine trouble and cannot move this turn (optional rule: events)"
    return None


def attack_demand_open(game: Game) -> bool:
    """High command's demand stands and is not met yet (R83)."""
    event = event_now(game)
    v = game.state.variant
    return event is not None and v is not None and event.kind == "attack_demanded" and not v.attack_met


def landing_battle_ahead(state: CampaignState, data: GameData) -> bool:
    """US infantry on transports in an area that holds JA forces: a battle where they can land
    (what meets high command's demand, R83)."""
    for f in state.forces.values():
        if f.side == "US" and f.embarked and f.location in data.map.area and state.at(f.location, "JA"):
            return True
    return False


def end_of_movement(game: Game) -> None:
    """Judge high command's demand when the US ends movement (R83)."""
    v = game.state.variant
    if v is None or not attack_demand_open(game):
        return
    if landing_battle_ahead(game.state, game.data):
        v.attack_met = True
        game.log("event", "US", "High command's demand is met: US infantry go in to land (R83)", {"rulings": ["R83"]})
        return
    game.state.sp = max(0, game.state.sp - ATTACK_PENALTY_SP)
    v.attack_met = True
    game.log(
        "event",
        "US",
        f"High command's demanded attack was not made: the US loses "
        f"{ATTACK_PENALTY_SP} SP ({game.state.sp} SP left) (R83)",
        {"rulings": ["R83"]},
    )


# --- battles -----------------------------------------------------------------------------------


def contact_modifier(game: Game) -> int:
    v = game.state.variant
    if v is None or not active(game, "weather"):
        return 0
    return game.data.optional_rules.weather.by_level[v.weather].contact


def battle_length_roll(game: Game, roll: int) -> tuple[int, str]:
    """The battle-length roll after weather (R81); the roll and a note for the log."""
    mod = contact_modifier(game)
    v = game.state.variant
    if not mod or v is None:
        return roll, ""
    modified = max(1, roll + mod)
    return modified, f"{v.weather} weather {mod:+d}: {roll} becomes {modified} (R81)"


def extra_bpp(game: Game, side: str) -> int:
    event = event_now(game)
    if event is not None and event.kind == "inspired" and event.favours == side:
        return event.bpp
    return 0


def adjust_rating(board: Board, pid: str, rating: str, value: Rating, mods: list[Modifier]) -> Rating:
    """Weather, storms and veterans on one attack value; each change is added to `mods`."""
    game = board.game
    if game.state.variant is None or not value:
        return value
    c = board.cls(pid)
    side = board.side(pid)
    air_attack = c.is_aircraft and rating in AIR_ATTACKS
    event = event_now(game)
    if air_attack and event is not None and event.kind == "storm" and game.state.variant.event_area == board.bs.area:
        mods.append({"source": "storm (optional rule: events)", "from": str(value), "to": "-"})
        return NONE
    if air_attack and active(game, "weather"):
        add = game.data.optional_rules.weather.by_level[game.state.variant.weather].aircraft
        if add:
            before, value = value, value.plus(add, add)
            mods.append(
                {"source": f"{game.state.variant.weather} weather (R81)", "from": str(before), "to": str(value)}
            )
    if (
        event is not None
        and event.kind == "veterans"
        and event.favours == side
        and rating in event.ratings
        and _veteran(event.who, c)
    ):
        before, value = value, value.plus(1, 1)
        mods.append({"source": f"event: {event.name} (R82)", "from": str(before), "to": str(value)})
    return value


def _veteran(who: str, c: CounterClass) -> bool:
    if who == "aircraft":
        return c.is_aircraft
    if who == "ships":
        return c.is_ship and c.type != "SS"
    return c.type == "SS" or c.is_ground  # subs_and_infantry


# --- the end of a turn -------------------------------------------------------------------------


def ends_early(game: Game) -> bool:
    """Variable end (R84): after turn `after_turn`, a d6 may end the campaign there."""
    if not active(game, "variable-end"):
        return False
    table = game.data.optional_rules.variable_end
    if game.state.turn != table.after_turn or game.state.turn >= game.sheet.turns:
        return False
    face = game.dice.roll(OPTION_STREAMS["variable-end"], table.sides, "variable end")
    ends = face in table.ends_on
    if ends:
        variant_state(game).ended_early = game.state.turn
    game.log(
        "event",
        "",
        f"Variable end: d{table.sides} = {face}: the campaign "
        + (f"ends after turn {game.state.turn} and is evaluated now" if ends else f"goes on to turn {game.sheet.turns}")
        + " (R84)",
        {"face": face, "ends": ends, "rulings": ["R84"]},
    )
    return ends
