"""The after-action report: a campaign's journal as Markdown. A summary first (the outcome and
why, objectives by turn, losses by side and type, the decisive battles, the options played
under), then each turn in player words (nimitz/views/words.py)."""

from __future__ import annotations

import itertools

from nimitz.model.data import GameData
from nimitz.model.difficulty import load_difficulties
from nimitz.model.journal import JournalEntry
from nimitz.model.optional_rules import OPTION_TITLES
from nimitz.views.words import (
    SIDE_NAME,
    TYPE_WORDS,
    counted,
    decision_words,
    player_text,
    step_words,
)

SECTION_TITLES = {
    "turn": None,
    "resupply": "Resupply and purchases",
    "scouting": "Scouting",
    "movement": "US movement",
    "orders": "Japanese orders",
    "battles": "Battles",
    "reinforce": "Japanese reinforcements",
    "repair": "Japanese repair",
    "return_to_port": "Return to port",
    "supply": "Supply",
    "defeat_check": "Objectives held",
    "end": "End of the campaign",
}
RULE_WORDS = {
    ("order_modifiers", "map"): "Japanese order modifiers from the map's table (R1)",
    ("order_modifiers", "rulebook"): "Japanese order modifiers from the rulebook (R1)",
    ("ja_ties", "bot"): "ties among Japanese targets broken by the bot's dice (R24)",
    ("ja_ties", "player"): "ties among Japanese targets broken by the player (R24)",
}


def _section(step: str) -> str:
    base = step.split(":")[0]
    return "battles" if base == "battle" else base


def result_reason(state, sheet) -> tuple[str, str]:
    """How the campaign ended and why, as (headline, reason): the AAR's opening line and the
    end screen's. The headline is empty while the campaign goes on."""
    result = state.result
    held = state.held_history[-1] if state.held_history else 0
    if not result:
        return "", f"In progress: turn {state.turn} of {sheet.turns}, {step_words(state.step)}."
    if result.startswith("Defeat"):
        return f"{result}.", f"Japan held Hawaii at the defeat check of turn {state.turn}: sudden death."
    if result == "Replaced":
        return "Replaced.", (
            f"The objectives held fell to {held} at the end of turn "
            f"{state.turn}, at or below {sheet.replaced_max} and below the "
            f"{state.held_at_start} held at the start: the commander is relieved."
        )
    if result.startswith("Linked"):
        return f"{result}.", "; ".join(f"{y.year}: {y.result} ({y.score} objectives)" for y in state.linked_years) + "."
    return f"{result}.", f"{counted(held, 'objective')} held after the last turn (turn {state.turn} of {sheet.turns})."


def _why(state, sheet) -> str:
    head, reason = result_reason(state, sheet)
    return f"**{head}** {reason}" if head else reason


def battle_losses(journal: list[JournalEntry], state, sheet) -> tuple[int, dict[str, dict[str, int]]]:
    """The battles journaled, and the forces each side lost in them by kind ('cruiser pair')."""
    types = {f.id: sheet.cls[f.cls].type for f in state.forces.values() if f.cls in sheet.cls}
    battles = _battles(journal)
    losses: dict[str, dict[str, int]] = {"US": {}, "JA": {}}
    for _, end in battles:
        for fid in end.data.get("destroyed", []) if end else []:
            side = fid.split(":", 1)[0]
            kind = TYPE_WORDS.get(types.get(fid, ""), "other")
            losses.setdefault(side, {})[kind] = losses.get(side, {}).get(kind, 0) + 1
    return len(battles), losses


def losses_line(side: str, per: dict[str, int]) -> str:
    """'US: 22 (6 cruiser pairs, 4 infantry divisions)', the commonest loss first."""
    text = ", ".join(counted(n, kind) for kind, n in sorted(per.items(), key=lambda kv: -kv[1]))
    return f"{SIDE_NAME[side]}: {sum(per.values())}" + (f" ({text})" if text else "")


def _battles(journal: list[JournalEntry]) -> list[tuple[JournalEntry, JournalEntry | None]]:
    """Each battle's start and end entries, in order."""
    out: list[tuple[JournalEntry, JournalEntry | None]] = []
    for e in journal:
        if e.kind == "event" and e.step == "battle:setup" and "area" in e.data:
            out.append((e, None))
        elif e.kind == "event" and e.step == "battle:end" and out and out[-1][1] is None:
            out[-1] = (out[-1][0], e)
    return out


def summary_lines(env, state, data: GameData) -> list[str]:  # a SaveEnvelope
    h = env.header
    sheet = data.year(state.year)
    lines = ["## Summary", "", _why(state, sheet), ""]
    if state.held_history:
        turns = range(1, len(state.held_history) + 1)
        lines += [
            "Objectives held at the end of each turn (of "
            f"{len(sheet.objectives)}; {sheet.level_for(0)} at {sheet.replaced_max} or "
            f"fewer, best at {sheet.evaluation[0].min}):",
            "",
            "| turn | " + " | ".join(str(t) for t in turns) + " |",
            "|---|" + "---|" * len(state.held_history),
            "| held | " + " | ".join(str(h) for h in state.held_history) + " |",
            "",
        ]
    fought_count, losses = battle_losses(env.journal, state, sheet)
    lines.append(f"Losses in {counted(fought_count, 'battle')}:")
    lines.append("")
    for side in ("US", "JA"):
        lines.append("- " + losses_line(side, losses.get(side, {})))
    battles = _battles(env.journal)
    fought = [(start, end) for start, end in battles if end is not None]
    decisive = sorted(fought, key=lambda b: -len(b[1].data.get("destroyed", [])))[:3]
    if decisive:
        lines += ["", "Decisive battles (most forces destroyed):", ""]
        for start, end in decisive:
            destroyed = end.data.get("destroyed", [])
            lines.append(
                f"- Turn {start.turn}, {start.data['area']}: {end.data.get('why', '')}; "
                f"{counted(len(destroyed), 'force')} destroyed"
            )
    lines += [
        "",
        "Played under:",
        "",
        f"- {state.year} campaign, {sheet.turns} turns, objectives {', '.join(sheet.objectives)}; seed {h.seed}",
        f"- difficulty: {load_difficulties().summary(h.rules)} (R70)",
    ]
    for key in ("order_modifiers", "ja_ties"):
        value = getattr(h.rules, key)
        lines.append(f"- {RULE_WORDS.get((key, value), f'{key}: {value}')}")
    lines.append(
        "- reactive plans: "
        + ("played automatically (R16)" if h.rules.auto_reactive_plans else "asked each time (R16)")
    )
    if h.rules.options:
        lines.append(
            "- optional rules: " + ", ".join(OPTION_TITLES[o] for o in h.rules.options) + " (docs/optional-rules.md)"
        )
    if h.branch_of:
        lines.append(f"- a branch of {h.branch_of}")
    lines.append(f"- program {h.program_version}, rules {h.rules_version}, data {h.data_fingerprint}")
    return lines


def entry_text(e: JournalEntry) -> str:
    if e.kind == "decision" and e.decision is not None:
        return "US " + decision_words(e.decision)
    who = {"US": "US", "JA": "Japan"}.get(e.side, "")
    text = player_text(e.text)
    if who and not text.startswith((who + " ", "US ", "JA ")):
        text = f"{who}: {text}"
    return text


def aar_markdown(env, state, data: GameData) -> str:
    """`env` is a SaveEnvelope, `state` the campaign's current state. Rolls are counted;
    decisions, events and bot entries listed."""
    lines = [f"# After-action report: {env.name}", ""] + summary_lines(env, state, data)
    turns: dict[tuple[int, int], list[JournalEntry]] = {}
    for e in env.journal:
        turns.setdefault((e.year, e.turn), []).append(e)
    several_years = len({year for year, _ in turns}) > 1 or bool(state.linked_years)
    lines += ["", "## Turn by turn"]
    for key in sorted(k for k in turns if k[1] > 0):
        year, turn = key
        lines += ["", f"### {year}, turn {turn}" if several_years else f"### Turn {turn}"]
        current = None
        rolls = 0
        entries = [e for e in turns[key] if e.kind != "roll"]
        reported = {
            id(a)
            for a, b in itertools.pairwise(entries)  # the event that follows says it
            if a.kind == "decision" and b.kind == "event" and b.side == "US"
        }
        for e in turns[key]:
            if id(e) in reported:
                continue
            if e.data.get("step_start"):
                continue  # the section heading says it
            section = _section(e.step)
            if section != current:
                if rolls:
                    lines.append(f"- ({rolls} dice rolled)")
                    rolls = 0
                current = section
                title = SECTION_TITLES.get(section, step_words(section))
                if title:
                    lines += ["", f"#### {title}", ""]
            if e.kind == "roll":
                rolls += 1
                continue
            lines.append(f"- {entry_text(e)}")
        if rolls:
            lines.append(f"- ({rolls} dice rolled)")
    lines.append("")
    return "\n".join(lines)
