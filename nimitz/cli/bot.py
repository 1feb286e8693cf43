"""`nimitz bot orders|scout|reinforce`: run one Japanese procedure on a save's situation without changing the save.

For players of the physical game and for checking the bot. `--dice 7,3,12` takes the listed
faces in order for every roll (tie-break rolls included); without it the save's own dice streams
are used (on a copy). `--json` prints the structured result (docs/cli.md).
"""

from __future__ import annotations

import click

from nimitz.cli.common import (
    campaign_argument,
    dice_for,
    dice_option,
    emit,
    json_option,
    open_copy,
    parse_dice,
    rolls_of,
)
from nimitz.errors import DiceExhausted, NimitzError


@click.group("bot")
def bot_group() -> None:
    """Run the Japanese bot on a saved situation (the save is not changed)."""


@bot_group.command("orders")
@campaign_argument
@dice_option
@json_option
@click.pass_context
def bot_orders(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The JA Orders step on the save's current map: per area the roll, modifier, order,
    forces moved, destination and why."""
    from nimitz.bot.orders import OrdersBot

    data, session, state = open_copy(ctx, campaign)
    dice = dice_for(state, parse_dice(dice_text))
    bot = OrdersBot(state, data, dice)
    if state.step in ("start", "turn", "resupply", "scouting"):
        bot.place_moved_markers()  # placed at the start of US Scouting (R3)
    plan: list = []
    results: list = []
    short = None
    try:
        bot.run_step(on_plan=plan.extend, on_result=results.append)
    except DiceExhausted as exc:  # real dice: show what the faces given decided, then say so
        short = exc
    lines = [f"JA Orders for {session.name} ({state.year}, turn {state.turn}, "
             f"{state.rules.order_modifiers} modifiers); track starts at 0.",
             "Areas in order (fewest unmoved JA forces first, R3): "
             + (", ".join(f"{a} ({n})" for a, n in plan) or "none")]
    for r in results:
        lines.append("  " + r.text())
        cands = r.explanation.get("candidates")
        if cands and len(cands) > 1:
            lines.append("      candidates: " + ", ".join(
                f"{c['area']} ({c['ja_forces']} JA, {c.get('distance')} away)" for c in cands)
                + f"; {r.explanation.get('tie_break', '')}")
    lines.append(f"Track at the end: {state.ja_track}")
    if short is not None:
        click.echo("\n".join(lines[:-1]))
        raise short
    emit(as_json, {"command": "orders", "campaign": session.name, "year": state.year,
                   "turn": state.turn, "preset": state.rules.order_modifiers,
                   "dice_source": "scripted" if dice_text else "save", "dice": rolls_of(dice),
                   "processing_order": [{"area": a, "unmoved": n} for a, n in plan],
                   "results": [r.data() for r in results], "track_after": state.ja_track}, lines)


@bot_group.command("scout")
@campaign_argument
@click.argument("area")
@dice_option
@json_option
@click.pass_context
def bot_scout(ctx, campaign: str, area: str, dice_text: str | None, as_json: bool) -> None:
    """One scouted order in AREA (2d10 + year modifier; no track move)."""
    from nimitz.bot.orders import OrdersBot

    data, session, state = open_copy(ctx, campaign)
    area = area.upper()
    if area not in data.map.area:
        raise NimitzError(f"{area} is not an area (one of {' '.join(data.map.area)})")
    dice = dice_for(state, parse_dice(dice_text))
    bot = OrdersBot(state, data, dice)
    if state.step in ("start", "turn", "resupply"):
        bot.place_moved_markers()  # placed at the start of US Scouting (R3)
    auto_hold = area in data.year(state.year).objectives and area not in state.scout_held
    result = bot.scouted_order(area, auto_hold)
    if result is None:
        raise NimitzError(f"{area} has no unmoved JA forces to scout")
    emit(as_json, {"command": "scout", "campaign": session.name, "area": area,
                   "dice": rolls_of(dice), "result": result.data()},
         ["Scouted order " + result.text()])


@bot_group.command("reinforce")
@campaign_argument
@dice_option
@json_option
@click.pass_context
def bot_reinforce(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The JA reinforcement roll on the save's situation and what arrives (R18)."""
    from nimitz.bot.reinforce import reinforce

    data, session, state = open_copy(ctx, campaign)
    dice = dice_for(state, parse_dice(dice_text))
    text, explanation = reinforce(state, data, dice)
    emit(as_json, {"command": "reinforce", "campaign": session.name, "dice": rolls_of(dice),
                   **explanation}, [text])


def register_battle_commands() -> None:
    """The battle bot's commands (place, plans, air) join the group when present."""
    try:
        from nimitz.cli import bot_battle as cli_battle
    except ImportError:
        return
    for name in ("place", "plans", "air"):
        command = getattr(cli_battle, name, None)
        if isinstance(command, click.Command):
            bot_group.add_command(command, name)


register_battle_commands()
