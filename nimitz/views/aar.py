"""The after-action report: a campaign's journal as Markdown, turn by turn."""

from __future__ import annotations

from nimitz.engine.campaign import STEP_NAMES
from nimitz.model.data import GameData
from nimitz.model.journal import JournalEntry


def _section(step: str) -> str:
    base = step.split(":")[0]
    if base == "battle":
        base = "battles"
    return base


SECTION_TITLES = {
    "turn": None, "resupply": "Resupply and purchases", "scouting": "Scouting",
    "movement": "US movement", "orders": "Japanese orders", "battles": "Battles",
    "reinforce": "Japanese reinforcements", "repair": "Japanese repair",
    "return_to_port": "Return to port", "supply": "Supply", "defeat_check": "Objectives held",
    "end": "End of the campaign",
}


def aar_markdown(env, state, data: GameData) -> str:
    """`env` is a SaveEnvelope, `state` the campaign's current state. Rolls are summarised;
    decisions, events and bot entries listed."""
    h = env.header
    sheet = data.year(state.year)
    lines = [
        f"# After-action report: {env.name}",
        "",
        f"- Campaign: {state.year}, {sheet.turns} turns, {len(sheet.objectives)} objectives "
        f"({', '.join(sheet.objectives)})",
        f"- Seed: {h.seed}",
        f"- Rules profile: order modifiers `{h.rules.order_modifiers}` (R1), "
        f"JA ties `{h.rules.ja_ties}` (R24), auto reactive plans `{h.rules.auto_reactive_plans}` (R16)",
        f"- Program {h.program_version}, rules {h.rules_version}, data {h.data_fingerprint}",
        f"- Result: **{state.result or 'in progress'}**"
        + (f"; objectives held per turn: {', '.join(map(str, state.held_history))}" if state.held_history else ""),
        f"- Battles fought: {state.battles_fought}",
    ]
    if h.branch_of:
        lines.append(f"- Branch of: {h.branch_of}")
    if state.linked_years:
        lines.append("- Linked campaign: " + "; ".join(
            f"{y.year}: {y.score} objectives ({y.result})" for y in state.linked_years))
    turns: dict[tuple[int, int], list[JournalEntry]] = {}
    for e in env.journal:
        turns.setdefault((e.year, e.turn), []).append(e)
    several_years = len({year for year, _ in turns}) > 1
    for key in sorted(k for k in turns if k[1] > 0):
        year, turn = key
        lines += ["", f"## {year}, turn {turn}" if several_years else f"## Turn {turn}"]
        current = None
        rolls = 0
        for e in turns[key]:
            section = _section(e.step)
            if section != current:
                if rolls:
                    lines.append(f"- ({rolls} dice rolled)")
                    rolls = 0
                current = section
                title = SECTION_TITLES.get(section, STEP_NAMES.get(section, section))
                if title:
                    lines += ["", f"### {title}", ""]
            if e.kind == "roll":
                rolls += 1
                continue
            who = {"US": "US", "JA": "Japan"}.get(e.side, "")
            prefix = "decision: " if e.kind == "decision" else ""
            lines.append(f"- {who + ': ' if who else ''}{prefix}{e.text}")
        if rolls:
            lines.append(f"- ({rolls} dice rolled)")
    lines.append("")
    return "\n".join(lines)
