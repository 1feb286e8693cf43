"""Plain-text views of a campaign (used by `nimitz show` and the after-action report)."""

from __future__ import annotations

from nimitz.engine.control import holder, objectives_held, supplied_areas
from nimitz.engine.fog import AreaView, area_view, journal_seen
from nimitz.model.data import GameData
from nimitz.model.difficulty import load_difficulties
from nimitz.model.optional_rules import OPTION_TITLES
from nimitz.model.state import (
    BATTALIONS,
    BOMBING,
    DESTROYED,
    INVASION,
    JA_POOL,
    RAID,
    US_POOL,
    CampaignState,
    Force,
    VariantState,
)
from nimitz.views.words import BOX_TITLES, player_text, step_words

HOLDER_TEXT = {
    "US": "US held",
    "JA": "JA ashore",
    "contested": "contested",
    "US-unsupplied": "US, out of supply",
    "": "nobody ashore",
}


def force_label(f: Force, state: CampaignState, data: GameData) -> str:
    """'Kaga CV' with markers: * damaged, ~ on a transport, + moved (JA)."""
    cls = data.year(state.year).cls[f.cls]
    marks = ("*" if f.damaged else "") + ("~" if f.embarked else "") + ("+" if f.moved else "")
    return f"{f.name} {cls.type}{marks}"


def _forces_line(forces: list[Force], state: CampaignState, data: GameData) -> str:
    battalions = [f for f in forces if data.year(state.year).cls[f.cls].type == "BN"]
    others = [force_label(f, state, data) for f in forces if f not in battalions]
    if battalions:
        dmg = sum(1 for b in battalions if b.damaged)
        others.append(
            f"{len(battalions)} battalion{'s' if len(battalions) > 1 else ''}" + (f" ({dmg} damaged)" if dmg else "")
        )
    return ", ".join(others) if others else "-"


def hidden_stack_text(view: AreaView, state: CampaignState, data: GameData) -> str:
    """A fog-of-war stack as the US sees it: the known counters and the unknown chips."""
    known = [state.forces[fid] for fid in view.known]
    chips = f"{view.unknown_chips} unknown chip{'s' if view.unknown_chips != 1 else ''} (some may be blanks)"
    return (_forces_line(known, state, data) + " + " + chips) if known else "hidden stack: " + chips


def rules_lines(state: CampaignState, data: GameData) -> list[str]:
    """The optional rules a campaign plays under, and this turn's weather and event."""
    rules = state.rules
    if not rules.options:
        return []
    lines = ["Optional rules: " + ", ".join(OPTION_TITLES[o] for o in rules.options) + "."]
    now = this_turn_text(state, data)
    if now:
        lines.append("This turn: " + now + ".")
    return lines


def this_turn_text(state: CampaignState, data: GameData) -> str:
    """This turn's weather and event ('weather hazy; event: Storm over MI'), '' without them."""
    rules = state.rules
    v = state.variant
    if v is None or not state.turn or state.finished:
        return ""
    now = []
    if rules.has("weather"):
        now.append(f"weather {v.weather}")
    if rules.has("events") and v.event:
        now.append(f"event: {_event_name(state, v, data)}")
    return "; ".join(now)


def _event_name(state: CampaignState, v: VariantState, data: GameData) -> str:
    event = data.optional_rules.events.for_roll(v.event)
    extra = {
        "storm": f" over {v.event_area}",
        "engine_trouble": f" ({state.forces[v.event_force].name})" if v.event_force else "",
    }.get(event.kind, "")
    return event.name + extra


def situation_text(state: CampaignState, data: GameData, *, name: str = "") -> str:
    sheet = data.year(state.year)
    held = objectives_held(state, data)
    supplied = supplied_areas(state, data)
    title = f"{name}: " if name else ""
    lines = [
        f"{title}{state.year} campaign, turn {state.turn} of {sheet.turns}, step: {step_words(state.step)}",
        f"US supply points: {state.sp}   JA resupply track: {state.ja_track}   "
        f"objectives held: {len(held)} of {len(sheet.objectives)} "
        f"({sheet.level_for(len(held))})",
        f"Difficulty: {load_difficulties().summary(state.rules)}",
        "Markers: * damaged, ~ on a transport, + moved.",
        *rules_lines(state, data),
        "",
    ]
    where = state.by_location()
    for area in data.map.areas:
        code = area.code
        tags = []
        if code in sheet.objectives:
            tags.append("objective: " + HOLDER_TEXT[holder(state, data, code, supplied)])
        cap = "unlimited" if area.unlimited_airfield else str(area.airfield)
        lines.append(f"{code} {area.name} [airfield {cap}]" + (f" ({'; '.join(tags)})" if tags else ""))
        here = where.get(code, [])
        for side in ("US", "JA"):
            forces = [f for f in here if f.side == side]
            if forces:
                lines.append(f"   {side}: {_forces_line(forces, state, data)}")
        fogged = area_view(state, code)
        if fogged is not None:  # fog of war: a hidden stack instead of the JA counters (R86)
            lines[-1] = "   JA: " + hidden_stack_text(fogged, state, data)
    lines.append("")
    for box in data.map.boxes:
        forces = where.get(box.code, [])
        title = BOX_TITLES.get(box.code, box.code)
        if box.code == JA_POOL:
            lines.append(
                f"{title} ({box.name}): "
                + "; ".join(f"{stack} {len(ids)}".replace("lba", "LBA") for stack, ids in state.ja_stacks.items())
            )
            continue
        if box.code == US_POOL:
            lines.append(f"{title} ({box.name}): {_forces_line(forces, state, data)}")
            continue
        if forces or box.code in sheet.port_boxes or box.code in (RAID, BATTALIONS):
            lines.append(f"{title} ({box.name}): {_forces_line(forces, state, data)}")
    for code in (BOMBING, INVASION):
        if code not in data.map.box and where.get(code):
            lines.append(f"{BOX_TITLES[code]}: {_forces_line(where[code], state, data)}")
    lost = where.get(DESTROYED, [])
    lines.append(f"Destroyed: US {sum(f.side == 'US' for f in lost)}, JA {sum(f.side == 'JA' for f in lost)}")
    return "\n".join(lines)


def last_turn_bot_text(journal, state: CampaignState | None = None) -> str:
    """The Japanese decisions of the latest turn that has any, one per line."""
    bot = [e for e in journal if e.kind == "bot"]
    if not bot:
        return "No Japanese decisions yet."
    turn = bot[-1].turn
    lines = [f"Japanese decisions, turn {turn}:"]
    shown = [e for e in bot if e.turn == turn]
    if state is not None:
        shown = journal_seen(shown, state)  # fog of war hides some (R86)
    lines += [f"  [{step_words(e.step)}] {player_text(e.text)}" for e in shown]
    return "\n".join(lines)
