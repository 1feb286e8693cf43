"""Player words for the game's internal names: the one place that turns ids into what a wargamer
would say. The TUI, the CLI's text output and the after-action report all go through here.

The engine keeps its ids (they are journaled and replayed); only what is shown is translated:
`place` for locations and boxes, `step_words` for the sequence of play, `request_words` for the
questions, `decision_words` for a US answer, and `player_text` as the last pass over any line
(ids left in free text, doubled words). `GLOSSARY` explains every abbreviation shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SIDE_NAME = {"US": "US", "JA": "Japan"}
SIDE_ADJ = {"US": "US", "JA": "Japanese"}

# Off-map boxes and pools (model/state.py, campaigns/map.toml).
BOX_WORDS = {
    "P1": "Port box 1",
    "P2": "Port box 2",
    "P3": "Port box 3",
    "US_RE": "US reinforcements",
    "JA_RE": "Japanese reinforcements",
    "RAID": "the raiding box",
    "BW": "the strategic bombing box",
    "INVASION": "the 1945 invasion box",
    "BATTALIONS": "the Japanese battalion box",
    "DESTROYED": "destroyed",
}
BOX_TITLES = {
    "P1": "Port P1",
    "P2": "Port P2",
    "P3": "Port P3",
    "US_RE": "US pool",
    "JA_RE": "JA pool",
    "RAID": "Raiding",
    "BW": "Bombing (BW)",
    "INVASION": "1945 Invasion",
    "BATTALIONS": "Battalions",
    "DESTROYED": "Destroyed",
}

# The battle board (model/battle.py).
BATTLE_BOX_WORDS = {
    "JO": "Japanese Ocean",
    "IS": "the Island",
    "CO": "Coastal",
    "UO": "US Ocean",
    "US_AF": "the US airfield",
    "JA_AF": "the Japanese airfield",
    "US_FH": "US foxholes",
    "JA_FH": "Japanese foxholes",
    "US_BE": "the US beach",
    "JA_BE": "the Japanese beach",
    "DECK": "on deck",
    "TR": "on transports",
}

COMBAT_STEP_WORDS = {
    "dogfight": "dogfight",
    "aaa": "AAA",
    "bomb_runs": "bomb runs",
    "torpedoes": "torpedoes",
    "depth_charges": "depth charges",
    "naval_guns": "naval guns",
    "infantry": "infantry",
}

STEP_WORDS = {
    "start": "Set-up",
    "turn": "Start of turn",
    "resupply": "US Resupply",
    "scouting": "US Scouting",
    "movement": "US Movement",
    "orders": "JA Orders",
    "battles": "Resolve Battles",
    "reinforce": "JA Reinforce",
    "repair": "JA Repair",
    "return_to_port": "US Return to Port",
    "supply": "US Supply Check",
    "defeat_check": "US Defeat Check",
    "end": "Campaign over",
}

REQUEST_WORDS = {
    "resupply": "spend supply points",
    "scouting": "place scouting points",
    "movement": "move forces",
    "bombing_target": "choose a bombing target",
    "battle_order": "choose the next battle",
    "battle_area": "choose the next battle",
    "battle_place_ships": "place your ships on the battle board",
    "battle_place_subs": "place your submarines",
    "battle_turn": "choose the battle's length",
    "battle_plans": "choose battle plans",
    "battle_first_light": "play First Light",
    "battle_air": "send your aircraft",
    "battle_reactive": "play a reactive plan",
    "battle_allocate_hits": "take hits",
    "battle_airfield_losses": "choose airfield losses",
    "battle_excess_aircraft": "remove excess aircraft",
    "battle_ja_tie": "break a Japanese tie",
}

# Plan ids whose name is not just the id in title case (bot_tables/*_plans.toml names).
_PLAN_SPECIAL = {"aaa": "AAA", "asw": "ASW", "anti_aircraft": "Anti-Aircraft"}

TYPE_WORDS = {
    "CV": "fleet carrier",
    "CVL": "light carrier",
    "CVE": "escort carrier",
    "BB": "battleship",
    "CRU": "cruiser pair",
    "DD": "destroyer squadron",
    "SS": "submarine group",
    "TR": "transport",
    "CAG": "carrier air group",
    "LBA": "land-based air group",
    "INF": "infantry division",
    "BN": "battalion",
}


def counted(n: int, noun: str) -> str:
    """'1 battleship', '3 battleships'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


HOLDER_WORDS = {
    "US": "held by the US",
    "JA": "Japanese ashore",
    "contested": "contested",
    "US-unsupplied": "US ashore, out of supply",
    "": "nobody ashore",
}

# Every abbreviation and notation on screen, in our own words.
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("US / JA", "the two sides: the United States and its allies, and Japan."),
    (
        "SP",
        "supply points: the US budget each turn, spent on forces, repairs, scouting and "
        "battle plans; what is not spent carries over.",
    ),
    ("BPP", "battle plan points: SP spent when a battle starts buys 3 BPP each; plans cost BPP."),
    (
        "JA track",
        "Japan's resupply track: orders move it; the higher it is, the more "
        "aggressive Japan's orders and the bigger its reinforcements.",
    ),
    ("LBA", "land-based air: air groups flying from an area's airfield."),
    ("CAG", "carrier air group: a carrier's aircraft, in battles only."),
    ("CV / CVL / CVE", "fleet, light and escort carriers."),
    ("BB / CRU / DD", "battleships, cruiser pairs, destroyer squadrons."),
    ("SS", "submarines."),
    ("INF / BN", "infantry divisions and Japanese battalions: they hold areas ashore."),
    ("TR", "transports: carry moving infantry into a battle."),
    ("JO / IS / CO / UO", "the four areas of the battle board: Japanese Ocean, the Island, Coastal, US Ocean."),
    ("AAA", "anti-aircraft artillery: a ship's fire at enemy aircraft."),
    ("SURF / TORP", "surface gunnery and torpedo values of ships and submarines."),
    ("DOG / SHIP / GRND", "an aircraft's dogfight, anti-ship and ground-attack values."),
    ("DC", "damage control: a ship's value to shrug off hits."),
    ("5/3", "two values: full strength / damaged. A damaged force uses the second."),
    ("3/5 (airfield)", "on the map: US land-based air present / the airfield's capacity (∞ unlimited)."),
    ("14/0", "on the map: US forces / Japanese forces in the area."),
    ("◆", "an objective of this year's campaign."),
    ("U / J / x / ~ / -", "who holds an area: US, Japan, contested, US out of supply, nobody."),
    ("!", "a battle is due in the area (both sides there and able to fight)."),
    ("*", "damaged (uses its second, lower values until repaired)."),
    ("~ (force)", "on a transport: moving infantry, lands after the battles."),
    ("+", "moved this turn."),
    ("P1 / P2 / P3", "port boxes: US ships returning to port wait here a turn or more."),
    ("RE", "reinforcements: forces waiting to be bought (US) or to arrive (Japan)."),
    ("BW", "strategic bombing (1944-45): B-29 wings sent against Japan."),
    ("Hold / Attack / Reinforce", "Japanese orders from the orders chart."),
    ("Ladder", "the year's result levels by objectives held: Replaced, Defeat ... Historical ... the best."),
    ("Sudden death", "if Japan holds Hawaii at the defeat check, the US loses at once."),
)

# Journaled phrases that name a setting by its id (the journal keeps its text: replays compare it).
PHRASES = {
    "order modifiers: map)": "Japanese order modifiers from the map's table)",
    "order modifiers: rulebook)": "Japanese order modifiers from the rulebook)",
}

_DOUBLED = re.compile(r"\b([A-Za-z]+) \1\b")
_COUNTED = re.compile(r"\b(\d+) ((?:[A-Za-z]+ )*?)([A-Za-z]+)\(s\)")  # the engine's '3 scouting point(s)'
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_UPPER_ID = re.compile(r"\b(?:US|JA)_[A-Z]+\b")
_FORCE_ID = re.compile(r"\b(?:US|JA):(?=[A-Za-z0-9])")


def side_name(side: str) -> str:
    return SIDE_NAME.get(side, side)


def place(code: str, names: dict[str, str] | None = None) -> str:
    """A location for a sentence: an area code stays a code (players read the map by code),
    a box becomes its words. `names` (area code -> name) gives 'HI Hawaiian Islands'."""
    if code in BOX_WORDS:
        return BOX_WORDS[code]
    if code in BATTLE_BOX_WORDS:
        return BATTLE_BOX_WORDS[code]
    if names and code in names:
        return f"{code} {names[code]}"
    return code


def force_name(fid: str) -> str:
    """'JA:Kaga' -> 'Kaga'; 'US:airfield' -> 'US airfield'."""
    side, _, name = fid.partition(":")
    if not name:
        return fid
    if name == "airfield":
        return f"{SIDE_ADJ.get(side, side)} airfield"
    return name


def force_names(ids: Iterable[str]) -> str:
    return ", ".join(force_name(i) for i in ids) or "none"


def plan_name(plan_id: str) -> str:
    """'damage_control' -> 'Damage Control' (the card's name)."""
    return _PLAN_SPECIAL.get(plan_id, plan_id.replace("_", " ").title())


def step_words(step: str) -> str:
    """'movement' -> 'US Movement'; 'battle:turn 2:bomb runs' -> 'battle, turn 2: bomb runs'."""
    if step in STEP_WORDS:
        return STEP_WORDS[step]
    if step.startswith("battle"):
        parts = [p.replace("_", " ") for p in step.split(":")[1:]]
        if not parts:
            return "battle"
        return "battle, " + ": ".join(parts)
    return step.replace("_", " ")


STEP_SHORT = {
    "start": "Set-up",
    "turn": "Turn",
    "resupply": "Resupply",
    "scouting": "Scouting",
    "movement": "Movement",
    "orders": "JA orders",
    "battles": "Battles",
    "reinforce": "Reinforce",
    "repair": "Repair",
    "return_to_port": "Port",
    "supply": "Supply",
    "defeat_check": "Defeat",
    "end": "End",
}


def step_short(step: str) -> str:
    """A step in a word or two, for a narrow column ('battle:turn 2:dogfight' -> 'Battle')."""
    return STEP_SHORT.get(step, "Battle" if step.startswith("battle") else step.replace("_", " "))


def request_words(kind: str) -> str:
    return REQUEST_WORDS.get(kind, kind.replace("_", " ").removeprefix("battle "))


def _by_target(targets: dict[str, str]) -> str:
    groups: dict[str, list[str]] = {}
    for fid, box in targets.items():
        groups.setdefault(place(box), []).append(force_name(fid))
    return "; ".join(f"{', '.join(names)} to {where}" for where, names in groups.items())


def decision_words(d) -> str:  # a model.journal.Decision
    """A US answer as a sentence fragment (without the 'US:' prefix)."""
    forces = force_names(d.forces)
    kind = d.kind
    if kind == "end_resupply":
        return "resupply done"
    if kind == "end_movement":
        return "movement done"
    if kind == "buy":
        return f"buys {forces}"
    if kind == "buy_scouting":
        return f"buys {d.count} scouting point{'s' if d.count != 1 else ''}"
    if kind == "scout":
        return "scouts " + (", ".join(d.areas) or "nothing")
    if kind == "move":
        return f"moves {forces} to {place(d.area)}"
    if kind == "raid":
        return f"sends {forces} raiding"
    if kind == "repair":
        return f"repairs {forces}"
    if kind == "invade":
        return f"sends {forces} to the 1945 invasion box"
    if kind == "strategic_bombing":
        return f"sends {forces} to bomb Japan"
    if kind == "bombing_target":
        return f"bombs {forces}"
    if kind == "battle":
        return f"fights the battle in {d.area} next"
    if kind in ("battle_place_ships", "battle_place_subs"):
        return "places " + (_by_target(d.targets) or "nothing")
    if kind == "battle_plans":
        plans = ", ".join(plan_name(p) for p in d.forces) or "no plans"
        return f"plays {plans}"
    if kind == "battle_air":
        return "sends aircraft: " + (_by_target(d.targets) or "none")
    if kind == "battle_reactive":
        plan = plan_name(d.choice) if d.choice else "no plan"
        where = f" in {place(d.area)}" if d.area else ""
        on = f" on {forces}" if d.forces else ""
        return f"plays {plan}{where}{on}" if d.choice else "plays no reactive plan"
    if d.choice == "auto":
        return f"lets the program {request_words(kind)}"
    bits = [request_words(kind)]
    if d.forces:
        bits.append(forces)
    if d.area:
        bits.append(place(d.area))
    if d.choice:
        bits.append(d.choice.replace("_", " "))
    return ": ".join(bits[:1]) + (" " + ", ".join(bits[1:]) if bits[1:] else "")


def player_text(text: str) -> str:
    """The last pass over any line shown: force ids lose their side prefix, box ids and
    snake_case ids become words, doubled words ('US US', 'airfield airfield') collapse, and
    '3 point(s)' says '3 points'."""
    text = _UPPER_ID.sub(lambda m: place(m.group(0)), text)
    text = _FORCE_ID.sub("", text)
    text = re.sub(r"\baaa\b", "AAA", text)
    text = re.sub(r"\blba\b", "LBA", text)
    for raw, words in PHRASES.items():
        text = text.replace(raw, words)
    text = _SNAKE.sub(lambda m: COMBAT_STEP_WORDS.get(m.group(0), m.group(0).replace("_", " ")), text)
    text = _DOUBLED.sub(r"\1", text)
    return _COUNTED.sub(_plural, text)


def _plural(m: re.Match[str]) -> str:
    number, words, noun = m.groups()
    return f"{number} {words}{noun}{'' if number == '1' else 's'}"


def find_leaks(text: str) -> list[str]:
    """Internal ids or raw structures in a player-facing text (the tests' check)."""
    leaks = [m.group(0) for m in _SNAKE.finditer(text)]
    leaks += [m.group(0) for m in _UPPER_ID.finditer(text)]
    leaks += [m.group(0) for m in re.finditer(r"\b(?:US|JA):\S+", text)]
    leaks += [m.group(0) for m in re.finditer(r"[{\[]'|': |\bNone\b|\b(\w+) \1\b", text)]
    return leaks
