"""`nimitz bot orders|scout|reinforce|repair NAME|PATH|FILE.toml`: run one Japanese procedure on a
save's situation, or on a position file (docs/positions.md), without changing either.

For players of the physical game and for checking the bot. `--dice 7,3,12` gives the faces rolled
on the table, in order; the bot's own random picks (counters picked at random, tie-breaks) come
from its stream, or from `--bot-dice`. Without `--dice` the save's own streams are used (on a
copy). What the player sets on the table can be given too: `--track N` and `--raiders N` for the
reinforcement roll (the JA resupply track, US submarines raiding), `--wings N` (B-29 wings in the
strategic bombing box) and `--bombed` for the orders (the JA forces in Japan those wings sent back
first, R44). `--json` prints the structured result,
or {"error", "detail"} (docs/cli.md).
"""

from __future__ import annotations

import click

from nimitz.cli.bot_battle import WINGS, set_wings, wings_option
from nimitz.cli.common import (
    bot_dice_option,
    dice_for,
    dice_option,
    emit,
    guard,
    json_option,
    open_copy,
    parse_dice,
    rolls_of,
    situation_argument,
)
from nimitz.errors import DiceExhausted, NimitzError
from nimitz.views.words import counted


@click.group("bot")
def bot_group() -> None:
    """Run the Japanese bot on a saved situation or a position file (neither is changed)."""


def _track_option(fn):
    return click.option(
        "--track", type=int, default=None, metavar="N", help="The JA resupply track as it stands on the table (0-15)."
    )(fn)


def _set_track(data, state, track: int | None) -> None:
    if track is None:
        return
    o = data.orders
    if not o.track_min <= track <= o.track_max:
        raise click.BadParameter(f"--track {track}: the track runs {o.track_min}-{o.track_max}")
    state.ja_track = track


def _bombed(data, state, names: str | None) -> list[str]:
    """`--bombed A,B`: those JA forces in Japan go back to their pool, one per wing in the
    strategic bombing box (facts 1.13, ruling R44), before the orders are rolled."""
    from nimitz.engine.setup import return_to_pool
    from nimitz.model.state import BOMBING

    if not names:
        return []
    wings = len(state.at(BOMBING, "US"))
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if len(wanted) > wings:
        raise click.BadParameter(
            f"--bombed names {len(wanted)} force(s), but {wings} B-29 wing(s) "
            f"are in the bombing box: one force each (R44)"
        )
    sheet = data.year(state.year)
    out = []
    for name in wanted:
        f = state.forces.get(f"JA:{name}")
        if f is None or f.location != "JA":
            in_japan = ", ".join(g.name for g in state.at("JA", "JA")) or "none"
            raise click.BadParameter(f"--bombed {name!r}: not a JA force in Japan (there: {in_japan})")
        return_to_pool(state, sheet, f)
        out.append(f.id)
    return out


@bot_group.command("orders")
@situation_argument
@dice_option
@bot_dice_option
@wings_option
@click.option(
    "--bombed",
    metavar="NAMES",
    default=None,
    help="JA forces in Japan that the B-29 wings sent back before the orders (R44), comma-separated.",
)
@json_option
@click.pass_context
@guard
def bot_orders(
    ctx, campaign: str, dice_text: str | None, bot_dice_text: str | None, bombed: str | None, as_json: bool
) -> None:
    """The JA Orders step on the situation's map: per area the roll, modifier, order, forces
    moved, destination and why."""
    from nimitz.bot.orders import OrdersBot

    data, name, state = open_copy(ctx, campaign)
    set_wings(data, state, ctx.meta.get(WINGS))
    dice = dice_for(state, parse_dice(dice_text), parse_dice(bot_dice_text))
    bot = OrdersBot(state, data, dice)
    if state.step in ("start", "turn", "resupply", "scouting"):
        bot.place_moved_markers()  # placed at the start of US Scouting (R3)
    sent_back = _bombed(data, state, bombed)
    plan: list = []
    results: list = []
    short = None
    try:
        bot.run_step(on_plan=plan.extend, on_result=results.append)
    except DiceExhausted as exc:  # real dice: show what the faces given decided, then say so
        short = exc
    lines = [
        f"JA Orders for {name} ({state.year}, turn {state.turn}, "
        f"{state.rules.order_modifiers} modifiers); track starts at 0 (R2)."
    ]
    if sent_back:
        lines.append(
            "Bombed back to the reinforcement pool first (R44): " + ", ".join(i.split(":", 1)[1] for i in sent_back)
        )
    lines.append(
        "Areas in order (fewest unmoved JA forces first, R3): " + (", ".join(f"{a} ({n})" for a, n in plan) or "none")
    )
    for r in results:
        lines.append("  " + r.text())
        cands = r.explanation.get("candidates")
        if cands and len(cands) > 1:
            lines.append(
                "      candidates: "
                + ", ".join(f"{c['area']} ({c['ja_forces']} JA, {c.get('distance')} away)" for c in cands)
                + f"; {r.explanation.get('tie_break', '')}"
            )
    lines.append(f"Track at the end: {state.ja_track}")
    if short is not None:
        if not as_json:
            click.echo("\n".join(lines[:-1]))
        raise short
    emit(
        as_json,
        {
            "command": "orders",
            "campaign": name,
            "year": state.year,
            "turn": state.turn,
            "preset": state.rules.order_modifiers,
            "dice_source": "scripted" if dice_text else "save",
            "dice": rolls_of(dice),
            "bombed": sent_back,
            "processing_order": [{"area": a, "unmoved": n} for a, n in plan],
            "results": [r.data() for r in results],
            "track_after": state.ja_track,
        },
        lines,
    )


@bot_group.command("scout")
@situation_argument
@click.argument("area")
@dice_option
@bot_dice_option
@json_option
@click.pass_context
@guard
def bot_scout(ctx, campaign: str, area: str, dice_text: str | None, bot_dice_text: str | None, as_json: bool) -> None:
    """One scouted order in AREA (2d10 + year modifier; no track move)."""
    from nimitz.bot.orders import OrdersBot

    data, name, state = open_copy(ctx, campaign)
    area = area.upper()
    if area not in data.map.area:
        raise NimitzError(f"{area} is not an area (one of {' '.join(data.map.area)})")
    if area in data.year(state.year).special.no_ja_orders_in:  # ruling R54
        raise NimitzError(
            f"no scouting in {area} in {state.year}: Japan rolls no orders there that "
            f"year, so none can be scouted (R54)"
        )
    dice = dice_for(state, parse_dice(dice_text), parse_dice(bot_dice_text))
    bot = OrdersBot(state, data, dice)
    if state.step in ("start", "turn", "resupply"):
        bot.place_moved_markers()  # placed at the start of US Scouting (R3)
    auto_hold = area in data.year(state.year).objectives and area not in state.scout_held
    result = bot.scouted_order(area, auto_hold)
    if result is None:
        raise NimitzError(f"{area} has no unmoved JA forces to scout")
    emit(
        as_json,
        {"command": "scout", "campaign": name, "area": area, "dice": rolls_of(dice), "result": result.data()},
        ["Scouted order " + result.text()],
    )


@bot_group.command("reinforce")
@situation_argument
@dice_option
@bot_dice_option
@_track_option
@click.option(
    "--raiders",
    type=click.IntRange(0),
    default=None,
    metavar="N",
    help="US submarines in the raiding box (-3 each, R18); default: as in the situation.",
)
@json_option
@click.pass_context
@guard
def bot_reinforce(
    ctx,
    campaign: str,
    dice_text: str | None,
    bot_dice_text: str | None,
    track: int | None,
    raiders: int | None,
    as_json: bool,
) -> None:
    """The JA reinforcement roll on the situation and what arrives (R18)."""
    from nimitz.bot.reinforce import reinforce

    data, name, state = open_copy(ctx, campaign)
    _set_track(data, state, track)
    _set_raiders(data, state, raiders)
    dice = dice_for(state, parse_dice(dice_text), parse_dice(bot_dice_text))
    text, explanation = reinforce(state, data, dice)
    emit(as_json, {"command": "reinforce", "campaign": name, "dice": rolls_of(dice), **explanation}, [text])


def _set_raiders(data, state, raiders: int | None) -> None:
    """`--raiders N`: exactly N US submarines raid (others leave the box; more come from those
    not yet in play) on the copy the command works on."""
    from nimitz.model.state import RAID, US_POOL

    if raiders is None:
        return
    sheet = data.year(state.year)
    subs = [f for f in state.forces.values() if f.side == "US" and sheet.cls[f.cls].type == "SS"]
    raiding = [f for f in subs if f.location == RAID]
    spare = [f for f in subs if f.location != RAID]
    if raiders > len(subs):
        raise click.BadParameter(f"--raiders {raiders}: the US has {counted(len(subs), 'submarine')} in {state.year}")
    for f in raiding[raiders:]:
        f.location = US_POOL
    for f in spare[: max(0, raiders - len(raiding))]:
        f.location = RAID


@bot_group.command("repair")
@situation_argument
@json_option
@click.pass_context
@guard
def bot_repair(ctx, campaign: str, as_json: bool) -> None:
    """JA Repair on the situation: which damaged JA forces go back to their pool, which stay."""
    from nimitz.bot.reinforce import repair

    data, name, state = open_copy(ctx, campaign)
    text, explanation = repair(state, data)
    emit(
        as_json,
        {
            "command": "repair",
            "campaign": name,
            "repaired": explanation.get("repaired", []),
            "kept": explanation.get("kept", []),
        },
        [text or "JA Repair: no damaged JA force on the map"],
    )


def register_battle_commands() -> None:
    """The battle bot's commands (place, plans, air, hits; length, first light, duration, excess
    aircraft, airfield losses) join the group."""
    from nimitz.cli import bot_battle as cli_battle
    from nimitz.cli import bot_end

    for command in (
        cli_battle.place,
        cli_battle.plans,
        cli_battle.air,
        cli_battle.hits,
        bot_end.length,
        bot_end.first_light,
        bot_end.duration,
        bot_end.excess_aircraft,
        bot_end.airfield_losses,
    ):
        bot_group.add_command(command)


register_battle_commands()
