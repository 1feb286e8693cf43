"""`nimitz bot ...`: run one Japanese procedure on a save's situation without changing the save.

For players of the physical game and for checking the bot. `--dice 7,3,12` takes the listed
faces in order for every roll (tie-break rolls included); without it the save's own dice streams
are used (on a copy). `--json` prints the structured result (docs/cli.md).
"""

from __future__ import annotations

import copy
import json

import click

from nimitz.errors import NimitzError


def parse_dice(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        faces = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise click.BadParameter(f"{text!r}: give faces as numbers separated by commas, e.g. 7,3,10",
                                 param_hint="--dice") from None
    if not faces:
        raise click.BadParameter("give at least one face", param_hint="--dice")
    return faces


def situation(ctx: click.Context, campaign: str):
    """The save's game (resumed) and a copy of its state to experiment on."""
    from nimitz.cli import _data, _store
    from nimitz.persist.campaign_file import Session

    data = _data()
    path = _store(ctx).resolve(campaign)
    session = Session.open(path, data)
    return data, session, copy.deepcopy(session.game.state)


def dice_for(state, faces: list[int] | None):
    from nimitz.engine.dice import ScriptedDice, SeededDice

    return ScriptedDice(faces) if faces is not None else SeededDice(state.dice)


def rolls_of(dice) -> list[dict]:
    return [{"stream": r.stream, "sides": r.sides, "face": r.face, "purpose": r.purpose}
            for r in dice.rolls]


def emit(payload: dict, lines: list[str], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(payload, indent=1))
    else:
        click.echo("\n".join(lines))


dice_option = click.option("--dice", "dice_text", metavar="FACES",
                           help="Comma-separated d10 faces to use in order (real dice), e.g. 7,3,10.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (see docs/cli.md).")


@click.group("bot")
def bot_group() -> None:
    """Run the Japanese bot on a saved situation (the save is not changed)."""


@bot_group.command("orders")
@click.argument("campaign", metavar="NAME|PATH")
@dice_option
@json_option
@click.pass_context
def bot_orders(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The JA Orders step on the save's current map: per area the roll, modifier, order,
    forces moved, destination and why."""
    from nimitz.bot.orders import OrdersBot

    data, session, state = situation(ctx, campaign)
    dice = dice_for(state, parse_dice(dice_text))
    bot = OrdersBot(state, data, dice)
    if state.step in ("start", "turn", "resupply", "scouting"):
        bot.place_moved_markers()  # placed at the start of US Scouting (R3)
    plan: list = []
    results = bot.run_step(on_plan=plan.extend)
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
    emit({"command": "orders", "campaign": session.name, "year": state.year, "turn": state.turn,
          "preset": state.rules.order_modifiers, "dice_source": "scripted" if dice_text else "save",
          "dice": rolls_of(dice),
          "processing_order": [{"area": a, "unmoved": n} for a, n in plan],
          "results": [r.data() for r in results], "track_after": state.ja_track}, lines, as_json)


@bot_group.command("scout")
@click.argument("campaign", metavar="NAME|PATH")
@click.argument("area")
@dice_option
@json_option
@click.pass_context
def bot_scout(ctx, campaign: str, area: str, dice_text: str | None, as_json: bool) -> None:
    """One scouted order in AREA (2d10 + year modifier; no track move)."""
    from nimitz.bot.orders import OrdersBot

    data, session, state = situation(ctx, campaign)
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
    emit({"command": "scout", "campaign": session.name, "area": area, "dice": rolls_of(dice),
          "result": result.data()},
         ["Scouted order " + result.text()], as_json)


@bot_group.command("reinforce")
@click.argument("campaign", metavar="NAME|PATH")
@dice_option
@json_option
@click.pass_context
def bot_reinforce(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The JA reinforcement roll on the save's situation and what arrives (R18)."""
    from nimitz.bot.reinforce import reinforce

    data, session, state = situation(ctx, campaign)
    dice = dice_for(state, parse_dice(dice_text))
    text, explanation = reinforce(state, data, dice)
    emit({"command": "reinforce", "campaign": session.name, "dice": rolls_of(dice), **explanation},
         [text], as_json)


def register_battle_commands() -> None:
    """The battle bot's commands (place, plans, air) join the group when present."""
    try:
        from nimitz import cli_battle
    except ImportError:
        return
    for name in ("place", "plans", "air"):
        command = getattr(cli_battle, name, None)
        if isinstance(command, click.Command):
            bot_group.add_command(command, name)


register_battle_commands()
