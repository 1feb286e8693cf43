"""The rulings the game follows, by id, in short words of our own (for the reference screen and
the explanations). The project's own later rulings (R30 and up) are read from
docs/rulings-added.md when the source tree is at hand; the summaries below cover the rest.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

# id -> (title, summary). Our own wording, kept short.
RULINGS: dict[str, tuple[str, str]] = {
    "R1": (
        "Order modifiers",
        "The JA order roll is 1d10 plus a modifier from the year and the "
        "resupply-track band. Preset 'map' (default) or 'rulebook' picks the table.",
    ),
    "R2": (
        "Resupply track",
        "Japan's track goes to 0 when JA Orders start; each order carried "
        "out adds its track value (kept within 0-15). Scouted orders leave it alone.",
    ),
    "R3": (
        "Who rolls, in what order",
        "Lone JA infantry or aircraft, and JA infantry facing US "
        "forces, are marked moved before scouting. Areas then roll from fewest unmoved JA "
        "forces to most, again and again until every unmoved force has an order.",
    ),
    "R4": (
        "What an order takes",
        "An order's ship/INF/LBA numbers are maximums, picked at "
        "random: ships, then infantry, then aircraft. The last JA INF or LBA ashore stays "
        "(not in Japan or East Asia).",
    ),
    "R5": (
        "Objectives hold first",
        "The first order for JA forces in an objective is Hold, in "
        "scouting as in JA Orders, unless they were already held by scouting.",
    ),
    "R6": (
        "Destinations",
        "'Closer' counts steps along the map's lines; Japan never enters or "
        "paths through WC and AU. Ties go to the area with fewest JA forces, then a bot die.",
    ),
    "R7": ("Support", "Support sends up to 3 ships, 1 INF and 2 LBA to another area with JA forces ashore."),
    "R8": (
        "Aircraft that cannot land",
        "On the starred rows, LBA go to Japan when the destination has no JA infantry or aircraft ashore.",
    ),
    "R9": ("Scouting cap", "At most 6 scouting points a turn."),
    "R10": (
        "Missing infantry",
        "An order into an area with US forces that finds too few JA "
        "infantry adds one battalion per missing INF (the battalion box never runs out).",
    ),
    "R11": (
        "Air groups",
        "Carrier aircraft are made fresh for each battle from the year's "
        "air-group table; a damaged carrier brings none.",
    ),
    "R12": (
        "Battle plan points",
        "The US gets 3 BPP free per battle and 3 more per SP spent "
        "when it starts; unspent BPP are lost. Each US plan once per battle.",
    ),
    "R13": (
        "JA plan cup",
        "Two counters of each JA plan. Each battle turn draws the battle's "
        "number of plans; a plan already drawn in this battle is set aside and replaced. "
        "The cup refills when empty.",
    ),
    "R14": (
        "Hits on Japan",
        "Lowest-cost legal JA force first; a damaged one is finished before "
        "a fresh one is hit; ties: damaged first, then a bot die. A transport hit is 2 hits "
        "on its infantry.",
    ),
    "R15": (
        "Hits on the US",
        "You allocate, lowest value first (damage, then destroy or damage "
        "the next); 'auto' applies the same order as for Japan.",
    ),
    "R16": (
        "Reactive US plans",
        "Plans that react to an event are offered when it happens; they can be set to play themselves.",
    ),
    "R17": (
        "Landing after battle",
        "At the end of Resolve Battles, infantry still on "
        "transports land where no enemy is left; elsewhere they stay aboard.",
    ),
    "R18": (
        "JA reinforcement roll",
        "1d10 + track - 1 per damaged JA force on the map - 3 per "
        "raiding US sub; the chart row's forces come off the stacks to Japan; 2 battalions "
        "per missing counter; the track returns to 0.",
    ),
    "R19": (
        "Return to port",
        "Ships in WC or HI stay, Australians go to AU, every other US ship "
        "goes to the year's last port box; the boxes first step toward Hawaii.",
    ),
    "R20": (
        "Supply",
        "An area is in supply when a chain of US-held areas joins it to the West "
        "Coast (it may sit at the end of the chain). WC and AU count as held.",
    ),
    "R21": (
        "Defeat",
        "Losing Hawaii, or falling to the Replaced level of objectives, ends the campaign at the end of a turn.",
    ),
    "R22": (
        "Later-year counters",
        "Counters without known values get designed ones in the same scale, marked in the data.",
    ),
    "R23": ("Battalions", "Battalions count as cost 0 when hits are allocated."),
    "R24": (
        "Japan's free choices",
        "Choices the rules leave open for Japan are made with the "
        "bot's dice and logged (or asked, if the profile says so).",
    ),
    "R40": ("One fallback", "An order that moves nothing takes its row's fallback once; if that moves nothing, Hold."),
    "R41": (
        "When starred LBA land",
        "JA forces ashore at the destination are counted before the order's own forces arrive.",
    ),
    "R42": ("Never the own area", "An order never sends forces to the area they are in."),
    "R43": (
        "Which areas fight",
        "Every area with both sides' forces fights, unless one side has "
        "only submarines and the other no ships (infantry on transports bring a ship, R65).",
    ),
    "R44": (
        "Strategic bombing",
        "Each B-29 wing in the bombing box sends one JA force in Japan, your choice, back to its reinforcement stack.",
    ),
    "R45": ("US moves", "A US force moves once a movement step, and only from a map area."),
    "R46": ("US repair", "Any damaged US force in play may be repaired at Resupply."),
    "R47": (
        "JA repair of the last force",
        "The last JA INF or LBA in an area stays even when damaged (not in Japan or East Asia).",
    ),
    "R48": (
        "Scouting points",
        "Every point bought must go on an area with unmoved JA forces; a point with nothing left to scout is lost.",
    ),
    "R49": (
        "LBA bases",
        "US LBA may enter only areas that held US infantry or LBA, ashore or "
        "on a transport, when the movement step began.",
    ),
    "R50": ("Transports", "Moving US infantry ride transports and land after the battles where no enemy remains."),
}

_LINE = re.compile(r"^- \*\*(R\d+) ([^*]+?)\.\*\*\s*(.*)$")


def _docs_file() -> Path | None:
    from nimitz.model.data import data_root

    for root in (data_root(), Path(__file__).resolve().parents[2]):
        path = root / "docs" / "rulings-added.md"
        if path.is_file():
            return path
    return None


def parse_added(text: str) -> dict[str, tuple[str, str]]:
    """Rulings in the docs/rulings-added.md layout: '- **R40 Title.** text' (text may wrap)."""
    out: dict[str, tuple[str, str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.rstrip()
        m = _LINE.match(line)
        if m:
            current = m[1]
            out[current] = (m[2].strip(), m[3].strip())
        elif current and line.startswith("  ") and line.strip():
            title, body = out[current]
            out[current] = (title, f"{body} {line.strip()}")
        else:
            current = None
    return out


@lru_cache(maxsize=1)
def all_rulings() -> dict[str, tuple[str, str]]:
    """Every ruling id -> (title, summary), ordered by number."""
    merged = dict(RULINGS)
    path = _docs_file()
    if path is not None:
        try:
            for rid, value in parse_added(path.read_text(encoding="utf-8")).items():
                merged.setdefault(rid, value)
        except OSError:
            pass
    return dict(sorted(merged.items(), key=lambda kv: int(kv[0][1:])))


def ruling_line(rid: str) -> str:
    title, text = all_rulings().get(rid, ("", ""))
    return f"{rid} {title}: {text}" if title else rid


def ruling_title(rid: str) -> str:
    title, _ = all_rulings().get(rid, ("", ""))
    return f"{rid} {title}" if title else rid
