"""Help for each step and decision, in our own words (never the rulebook's sentences).

`help_for(topic)` returns (title, paragraphs). Topics are request kinds, campaign steps and
the TUI's own screens; unknown topics get the general page. `optional_rules_help` adds a
paragraph for each optional rule the open campaign plays with, its numbers read from
campaigns/optional_rules.toml.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nimitz.model.optional_rules import OptionalRules

KEYS_CAMPAIGN = (
    "Keys on the campaign map: arrows or h j k l move the selection; Enter acts on the "
    "current step (open the shop, place scouting points, move forces from the selected area, "
    "choose a battle); i shows everything in the selected area; e ends US Movement; "
    "a lets the expert player answer the current question and says why; A shows its advice "
    "(its choice and the best alternatives, from a look-ahead); m shows the map on the whole "
    "screen, z zooms it, g opens the glossary; L opens the log, O replays the latest JA "
    "orders, R the reference tables, ? this help, Ctrl+P every command; q saves and leaves "
    "(the campaign is saved after every decision anyway)."
)

HELP: dict[str, tuple[str, list[str]]] = {
    "general": (
        "Playing nimitz",
        [
            "You command the US and Allied forces; the program plays Japan with the board game's "
            "charts and explains each of its decisions. A campaign is a year of turns. Each turn "
            "runs the same sequence: resupply, scouting, movement, Japanese orders, battles, then "
            "the Japanese reinforcements and repairs, return to port, supply and the defeat check.",
            "The map shows the 20 areas roughly where they sit in the Pacific, joined by the lines "
            "forces move along. Each area gives its code, ◆ if it is an objective, who holds it (U "
            "the US, J Japan, - nobody, ~ held but out of supply, x contested), a ! where a battle "
            "is due, the US/JA force counts (* some damaged) and, when there is room, the airfield: "
            "US LBA present / capacity (∞ unlimited). The two lines at the top always show the "
            "turn, the objectives against the year's ladder, and Hawaii: lose it and the campaign "
            "is lost at once.",
            KEYS_CAMPAIGN,
        ],
    ),
    "resupply": (
        "US Resupply",
        [
            "Each turn the US gets the year's supply points (SP). Spend them here, one purchase at "
            "a time: buy forces from the reinforcement pool (they appear at the West Coast, "
            "Australians in Australia), repair damaged forces for half their cost (at least 1), "
            "or buy scouting points at 1 SP each (6 at most a turn).",
            "SP you keep are not lost: they carry over and pay for battle plans later (each SP "
            "spent when a battle starts buys 3 battle plan points).",
            "In the shop: up/down pick a line, Enter buys it, + buys one scouting point, d (or "
            "the Done line) finishes resupply and keeps the rest. Every purchase is saved at once; "
            "u on the map undoes the last one.",
        ],
    ),
    "scouting": (
        "US Scouting",
        [
            "Scouting points let you see Japan's intentions early: each point placed on an area "
            "with unmoved JA forces makes those forces take their order now, with a 2d10 roll, "
            "before you move. A scouted order never moves the Japanese resupply track.",
            "The first scouted order for forces in an objective is always Hold. Lone JA infantry "
            "or aircraft, and JA infantry facing US forces, are already marked moved and cannot "
            "be scouted.",
            "In the dialog: up/down pick an area, + or right adds a point, - or left takes one "
            "back, Enter confirms when every point is placed.",
        ],
    ),
    "movement": (
        "US Movement",
        [
            "Move any US forces on the map to any area except Japan and East Asia; each force "
            "moves once per turn. Infantry that move travel on transports and land after the "
            "battles. US LBA may only fly to areas that held US infantry or LBA when the step "
            "began, and only up to the area's airfield capacity (WC, HI and AU have no limit). "
            "Australian forces stay in areas with the Australian flag.",
            "Submarines may go to the raiding box: each one lowers Japan's reinforcement roll by "
            "3. In 1944-45, B-29 wings in the Marianas may bomb Japan (1 SP each); in 1945 forces "
            "in HI or WC may join the invasion box (7 a turn).",
            "On the map: select an area and press Enter to pick forces there (space toggles, * "
            "picks them all), then Tab to the destinations and Enter one; the map marks the legal "
            "ones with an arrow. A refused move says which "
            "rule stops it and changes nothing. Press e when you are done: the Japanese orders "
            "follow.",
        ],
    ),
    "orders": (
        "JA Orders",
        [
            "Japan's unmoved forces get orders area by area, from the area with the fewest "
            "unmoved forces to the most. Each roll is 1d10 plus a modifier that grows with "
            "Japan's resupply track; the chart row names the order, how many ships, infantry and "
            "aircraft it takes and where they go. The first order in an objective is Hold.",
            "The orders screen shows every order: the dice, the modifier and where it comes "
            "from, the chart row, the forces moved, the candidate destinations with their "
            "distances and JA counts, the tie-break and the rulings used. Up/down step through "
            "them, End skips to the last one, Enter or Esc closes.",
        ],
    ),
    "bombing_target": (
        "Strategic bombing",
        [
            "Each B-29 wing in the bombing box sends one JA force in Japan back to its "
            "reinforcement pool. Pick the force; costly ones hurt Japan most.",
        ],
    ),
    "battle_order": (
        "Resolve Battles",
        [
            "A battle is fought in every area with forces of both sides (unless nothing there "
            "could fight). When several are due, you choose the order; the result of one battle "
            "can change the next.",
        ],
    ),
    "battles": (
        "Resolve Battles",
        [
            "Each battle is fought on the battle board: the Japanese Ocean, the Island (with each "
            "side's airfields, foxholes and beaches), the Coastal area and the US Ocean. Ships "
            "stay where they are placed; aircraft move each battle turn; combat runs in a fixed "
            "order: dogfights, anti-aircraft fire, bomb runs, torpedoes, depth charges, naval "
            "guns, infantry. Then infantry advance and aircraft return.",
            "When you take hits you choose which forces suffer them, lowest value first; 'auto' "
            "makes the same choice the rules make for Japan.",
            "The battle is shown a beat at a time: each combat exchange with who rolls, what each "
            "die needs and its face, the hits and what they did; then a summary of each battle "
            "turn and a result screen. Space or Enter shows the next beat; s sets the speed (step "
            "by step, a battle turn at a time, or the whole battle; remembered); l opens the "
            "battle log, where every beat stays. The dialogs give the exact odds (0, 1, 2+ hits "
            "and the expected hits) of what you are about to do.",
            "A question that opens as you tap through the beats ignores Space and Enter for half a "
            "second, so taps meant for the last beat never tick a plan or confirm an answer.",
        ],
    ),
    "battle": (
        "The battle screen",
        [
            "The board is laid out as the battle sheet: Japanese Ocean (1-2), the Island (3-5) with "
            "its six boxes, Coastal (6) and the US Ocean (7-10); every force with its values, "
            "damaged ones marked ✱. Below it the current beat; a lets the expert answer "
            "and says what it chose and why, under the beat its choice led to (l keeps it too).",
        ],
    ),
    "reinforce": (
        "After the battles",
        [
            "Japan rolls for reinforcements (1d10 + its resupply track, less 1 per damaged JA "
            "force on the map and 3 per raiding US submarine); the chart row sends ships, "
            "infantry and aircraft from the stacks to Japan. Damaged JA forces go back to their "
            "stacks repaired, except infantry facing US forces and the last defender of an area.",
            "US ships away from WC and HI return to the year's port box (Australians to AU); "
            "areas cut off from the West Coast take a hit on every US infantry and LBA; then the "
            "objectives are counted. Losing Hawaii, or falling to the Replaced level, ends the "
            "campaign at once.",
        ],
    ),
    "end": (
        "The end of the campaign",
        [
            "After the last turn the objectives you hold (plus invasion points in 1945) give the "
            "campaign's evaluation. The log and the reference stay available; the save keeps the "
            "whole campaign for replay.",
        ],
    ),
    "title": (
        "Starting",
        [
            "New campaign: pick the year, a seed if you want a repeatable game (the same seed "
            "and the same decisions give the same campaign) and the difficulty: Rulebook (the "
            "default) is our best reading of every rule; Veteran, Commander and Cadet relax named "
            "rulings (the order table R1, the objective Hold's track move R5, the battalion pool "
            "R10) and add supply and battle-plan points. The dialog shows what a preset changes and "
            "how often the expert player reached Historical or better with it. Continue opens the "
            "campaign saved last; Load lists every save in the folder.",
            "Optional: four optional rules borrowed from sister games, off unless you tick them "
            "(←/→ pick one, space ticks it): fog of war (Japanese stacks you cannot see are only "
            "chips, some of them blanks), weather (clear, hazy or bad, rolled each turn), events "
            "(one each turn, for you or against you) and a variable end (a die after turn 5 may end "
            "the campaign there). The help (?) of a campaign explains those it plays with; "
            "docs/optional-rules.md has every detail.",
            "Up/down and Enter choose; q quits. The campaign is saved after every decision, so "
            "leaving at any moment loses nothing.",
        ],
    ),
    "log": (
        "The log",
        [
            "Every decision, event and Japanese decision of the campaign, oldest first; the cursor "
            "starts on the latest. t, s and w cycle the turn, step and side filters, 0 clears them, "
            "r shows or hides the dice rolls. Enter or space on a line marked with an arrow "
            "expands it to the full explanation (x expands them all).",
        ],
    ),
    "map": (
        "The map",
        [
            "Every area sits roughly where it lies in the Pacific; the lines are the moves between "
            "adjacent areas. Each area shows its code, ◆ if it is an objective, who holds it (U US, "
            "J Japan, x contested, ~ US out of supply, - nobody), ! when a battle is due, the US "
            "and Japanese force counts (* when some are damaged) and, when there is room, the "
            "airfield (US LBA / capacity) and the forces by type.",
            "Arrows or h j k l move the selection: its lines light up and its neighbours are "
            "tinted. While you move forces the legal destinations carry an arrow. z changes the "
            "zoom; i shows everything in the area; g is the glossary. The same map prints with "
            "`nimitz show NAME --map`.",
        ],
    ),
    "lab": (
        "The lab",
        [
            "Plays seeded campaigns with a scripted US player (seeds 1, 2, ...) and shows how they "
            "went: each outcome's share with its 95% interval, how often Hawaii fell, the "
            "objectives held after each turn, the Japanese orders, the losses and the battles.",
            "Pick the year (or all), the number of runs, the player and the difficulty, then "
            "Ctrl+R; Ctrl+S stops and shows what finished; Esc goes back. The difficulty is the "
            "new-game dialog's: compare Rulebook and Cadet to see what the extra supply buys. "
            "`nimitz lab` does the same from the shell, on every core, with CSV, JSON and picture "
            "files (docs/lab.md).",
        ],
    ),
    "reference": (
        "The reference",
        [
            "The charts and tables the game uses, read from its data files, and the rulings it "
            "follows with their ids (the explanations cite them). Left/right switch tabs.",
        ],
    ),
}

GUIDE = {
    "resupply": "Spend SP on reinforcements or repairs (Enter opens the shop), or keep them "
    "for battle plans. Press d in the shop when done.",
    "scouting": "Place scouting points on areas with Japanese forces to see their orders before you move (Enter).",
    "movement": "Select an area with arrows, Enter picks forces and a destination (→ on the "
    "map). Guard Hawaii. Press e when done.",
    "battle_order": "Battles are due where both sides stand: pick which to fight first.",
    "bombing_target": "Pick the Japanese force your bombers send back to its pool.",
}


def guide_hint(kind: str) -> str:
    """The guided first turn's hint for a request ('' when there is none)."""
    if kind.startswith("battle_") and kind != "battle_order":
        return "In battle: answer each question; a lets the program answer, ? explains."
    return GUIDE.get(kind, "")


ALIASES = {
    "repair": "reinforce",
    "return_to_port": "reinforce",
    "supply": "reinforce",
    "defeat_check": "reinforce",
    "turn": "resupply",
    "start": "general",
    "campaign": "general",
}


def optional_rules_help(options: list[str], rules: OptionalRules) -> list[str]:
    """One paragraph for each optional rule in `options` (docs/optional-rules.md, R80-R86)."""
    weather = rules.weather
    effects = ". ".join(
        f"{e.level.capitalize()}: battle length and recon peeks {e.contact:+d}"
        + (f", every aircraft attack value {e.aircraft:+d}" if e.aircraft else "")
        for e in weather.effect
        if e.contact or e.aircraft
    )
    fog = rules.fog
    end = rules.variable_end

    def faces(xs: tuple[int, ...]) -> str:
        return " or ".join(map(str, xs))

    text = {
        "fog-of-war": "Fog of war (R85, R86): where you have no force, Japanese forces show only as "
        "a hidden stack of chips, some of them blanks: '2+3?' on the map is 2 forces you know and 3 "
        f"chips you do not. Each scouting point also makes a recon peek ({fog.peek_dice}d{fog.peek_sides}: "
        f"{fog.peek_max} or less turns over as many chips as the lower die). Your forces see every "
        "Japanese force in their area; what you have seen stays known until it moves. Japanese "
        "decisions about forces you cannot see say only that Japan decided something.",
        "weather": f"Weather (R80, R81): {', '.join(weather.levels[:-1])} or {weather.levels[-1]}; the "
        f"first turn is {weather.levels[0]}, then each turn a d{weather.sides} worsens it on a "
        f"{faces(weather.worsen_on)} and improves it on a {faces(weather.improve_on)}. {effects} "
        "(both sides alike). The log and the status line say what the weather does each turn.",
        "events": f"Events (R82, R83): each turn a d{rules.events.sides} draws one event, for you "
        "or against you: veteran crews add 1 to some attack values, a storm stops air attacks in one "
        "area, engine trouble keeps one ship from moving, an inspired commander gives battle-plan "
        "points; when high command demands an attack, end movement with infantry on transports "
        "where Japanese forces stand, or lose SP. The log and the status line say this turn's event.",
        "variable-end": f"Variable end (R84): after turn {end.after_turn} a d{end.sides} ends the "
        f"campaign there on a {faces(end.ends_on)}, judged on the usual ladder with the "
        f"objectives you hold then: hold your gains from turn {end.after_turn} on. A year of "
        f"{end.after_turn} turns or fewer (1945) never reaches the die.",
    }
    return [text[o] for o in options if o in text]


def help_for(topic: str) -> tuple[str, list[str]]:
    topic = ALIASES.get(topic, topic)
    if topic in HELP:
        return HELP[topic]
    title, paras = (
        HELP["battles"]
        if topic.startswith(("battle", "place", "plan", "hit", "allocate", "air", "land"))
        else HELP["general"]
    )
    return title, paras
