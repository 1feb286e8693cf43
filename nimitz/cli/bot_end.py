"""`nimitz bot length|first-light|duration|excess-aircraft|airfield-losses NAME|PATH|FILE.toml`:
the Japanese rolls and decisions of the battle set-up and at the start and the end of a battle
turn, on a save stopped inside a battle, a position holding one (docs/positions.md), or a battle
set up with `--area` (bot_battle.py).

- `length`: the battle length roll (weather included, R81) and Japan's plans per turn, as the
  set-up rolls them (procedures: Number of battle turn; Number of Japanese Battle Plans).
- `excess-aircraft`: Return Aircraft (procedures: Return Aircraft): the JA carrier aircraft that
  find no deck (room on the undamaged carriers: what each started the battle with) are destroyed,
  damaged ones lowest value first, then full ones lowest value first; ties by the bot's dice (R24).
- `airfield-losses`: Inflict Airfield Losses: JA land-based aircraft beyond the JA airfields are
  destroyed in the same order.
- `first-light`: Japan's First Light plan: its roll if it needs one, the carrier with the most
  aircraft (ties by the bot's dice), the plan's area stepped to one with a target.
- `duration`: Japan's Duration plan at the turn's end: the forces on the sheet and the change.

What the player sets on the table: `--damaged NAMES` (JA forces damaged now; a carrier's aircraft
are taken to be in the air, so they come back to find it damaged), `--sunk NAMES` (JA carriers
sunk while their aircraft were in the air), `--airfields N` (JA airfield counters left). Nothing
is changed: every command works on a copy. `--json` prints {"command", "campaign", "area",
"battle_turn", "dice", "result", "explanation"}; errors {"error", "detail"} (docs/cli.md).
"""

from __future__ import annotations

import click

from nimitz.cli.bot_battle import _board, _roll_lines, battle_options
from nimitz.cli.common import emit, guard, rolls_of, situation_argument
from nimitz.errors import NimitzError

ORDER = "damaged lowest value first, then full lowest value first"


def _damaged_option(fn):
    return click.option(
        "--damaged",
        metavar="NAMES",
        default=None,
        help="JA forces on the battle board damaged on the table, comma-separated "
        "(a carrier's aircraft are in the air when it is hit).",
    )(fn)


def _named(board, names: str | None, option: str) -> list[str]:
    """The JA map forces on the battle board a comma-separated option names."""
    wanted = [n.strip() for n in (names or "").split(",") if n.strip()]
    on_board = {board.name(p).lower(): p for p in board.ids("JA") if p in board.state.forces}
    out = []
    for name in wanted:
        pid = on_board.get(name.lower())
        if pid is None:
            there = ", ".join(board.name(p) for p in on_board.values()) or "none"
            raise NimitzError(f"{option} {name!r}: not a Japanese force on the battle board (there: {there})")
        out.append(pid)
    return out


def _lift(board, carrier: str) -> None:
    """The aircraft on a carrier's deck take off (to the JA Ocean), so a hit on the carrier
    leaves them in the air to come back, not lost on the deck (R30)."""
    for p in board.on_deck(carrier):
        board.bs.positions[p] = "JO"


def _set_table(board, damaged: str | None, sunk: str | None = None) -> None:
    from nimitz.engine.battle import hits as H

    for pid in _named(board, damaged, "--damaged"):
        if board.damaged(pid):
            raise NimitzError(f"--damaged {board.name(pid)}: it is damaged already")
        if board.cls(pid).is_carrier:
            _lift(board, pid)
        H.hit_piece(board, pid)
    for pid in _named(board, sunk, "--sunk"):
        if not board.cls(pid).is_carrier:
            raise NimitzError(f"--sunk {board.name(pid)}: only carriers (their aircraft come back with no deck)")
        _lift(board, pid)
        H.destroy(board, pid)


def _losses_lines(board, expl: dict) -> list[str]:
    lines = [
        "  candidates: "
        + ", ".join(
            f"{board.name(c['id'])} (value {c['cost']}{', damaged' if c['damaged'] else ''})"
            for c in expl["candidates"]
        )
    ]
    lines += [f"  destroyed ({ORDER}): " + (", ".join(board.name(p) for p in expl["destroyed"]) or "none")]
    for t in expl["tie_breaks"]:
        lines.append(
            f"  tie-break ({t['ruling']}): equal values: {', '.join(board.name(c) for c in t['candidates'])} "
            f"-> {board.name(t['chosen'])} by the bot's die"
        )
    return lines


def _payload(command: str, name: str, board, result, expl) -> dict:
    return {
        "command": command,
        "campaign": name,
        "area": board.bs.area,
        "battle_turn": board.bs.turn,
        "dice": rolls_of(board.game.dice),
        "result": result,
        "explanation": expl,
    }


@click.command("excess-aircraft")
@situation_argument
@battle_options
@_damaged_option
@click.option(
    "--sunk",
    metavar="NAMES",
    default=None,
    help="JA carriers sunk while their aircraft were in the air, comma-separated.",
)
@click.pass_context
@guard
def excess_aircraft(ctx, campaign, dice_text, bot_dice_text, area, coastal, as_json, damaged, sunk) -> None:
    """Return Aircraft: which JA carrier aircraft find no deck and are destroyed."""
    from nimitz.bot.battle import excess_aircraft as bot_excess
    from nimitz.engine.battle.turn import excess_carrier_aircraft

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    _set_table(board, damaged, sunk)
    cag, room, k = excess_carrier_aircraft(board, "JA")
    decks = ", ".join(f"{board.name(c)} {n}" for c, n in room.items()) or "none"
    lines = [
        f"JA Return Aircraft, battle turn {board.bs.turn} in {board.bs.area} ({name}):",
        f"  carrier aircraft: {len(cag)}; room on the undamaged carriers (what each started the battle with): {decks}",
    ]
    if k > 0:
        lost, expl = bot_excess(board, cag, k)
        lines[1:1] = _roll_lines(board)
        lines.append(f"  {k} cannot land (procedures: Return Aircraft):")
        lines += _losses_lines(board, expl)
    else:
        lost = []
        expl = {"procedure": "JA excess carrier aircraft", "excess": 0, "destroyed": [], "tie_breaks": []}
        lines.append("  every JA carrier aircraft can land: none is lost")
    expl.update({"aircraft": cag, "room": room, "procedure_ref": "procedures.md: Return Aircraft"})
    emit(as_json, _payload("excess-aircraft", name, board, lost, expl), lines)


@click.command("airfield-losses")
@situation_argument
@battle_options
@_damaged_option
@click.option(
    "--airfields",
    type=click.IntRange(0),
    default=None,
    metavar="N",
    help="JA airfield counters left on the Island (default: as on the board).",
)
@click.pass_context
@guard
def airfield_losses(ctx, campaign, dice_text, bot_dice_text, area, coastal, as_json, damaged, airfields) -> None:
    """Inflict Airfield Losses: which JA land-based aircraft beyond the JA airfields are destroyed."""
    from nimitz.bot.battle import airfield_losses as bot_losses

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    _set_table(board, damaged)
    if airfields is not None:
        board.bs.airfields["JA"] = airfields
    lba = board.lba("JA")
    k = len(lba) - board.airfields("JA")
    lines = [
        f"JA Airfield Losses, battle turn {board.bs.turn} in {board.bs.area} ({name}):",
        f"  land-based aircraft: {len(lba)}; JA airfields: {board.airfields('JA')}",
    ]
    if k > 0:
        lost, expl = bot_losses(board, lba, k)
        lines[1:1] = _roll_lines(board)
        lines.append(f"  {k} more than the airfields (procedures: Inflict Airfield Losses):")
        lines += _losses_lines(board, expl)
    else:
        lost = []
        expl = {"procedure": "JA airfield losses", "excess": 0, "destroyed": [], "tie_breaks": []}
        lines.append("  no more aircraft than airfields: none is lost")
    if len(lba) - len(lost) == 0 and board.airfields("JA"):
        lines.append("  Japan has no land-based aircraft left: its airfields are removed")
    expl.update(
        {"aircraft": lba, "airfields": board.airfields("JA"), "procedure_ref": "procedures.md: Inflict Airfield Losses"}
    )
    emit(as_json, _payload("airfield-losses", name, board, lost, expl), lines)


@click.command("first-light")
@situation_argument
@battle_options
@click.pass_context
@guard
def first_light(ctx, campaign, dice_text, bot_dice_text, area, coastal, as_json) -> None:
    """Japan's First Light plan at the start of a battle turn: which carrier strikes where."""
    from nimitz.engine.battle.turn import _first_light_roll, ja_first_light_strike

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    plan = next(p for p in board.data.ja_plans.plan if p.effect["kind"] == "first_light")
    in_force = any(pip.plan == plan.id for _p, pip in board.ja_in_force("first_light"))
    lines = [
        f"JA First Light, battle turn {board.bs.turn} in {board.bs.area} ({name})"
        + ("" if in_force else f" (if Japan draws {plan.name}: it is not in force now)")
        + ":"
    ]
    carrier = target = None
    expl: dict = {"procedure": "JA First Light", "plan": plan.id, "in_force": in_force}
    if _first_light_roll(board, "JA", plan):
        carrier, target, strike = ja_first_light_strike(board, plan)
        expl.update(strike)
        lines += _roll_lines(board) if board.game.dice.rolls else []
        counts = ", ".join(f"{board.name(c)} {n}" for c, n in strike["candidates"].items()) or "none"
        lines.append(f"  aircraft on deck: {counts}")
        for t in strike["tie_breaks"]:
            lines.append(
                f"  tie-break ({t['ruling']}): {', '.join(board.name(c) for c in t['candidates'])} "
                f"-> {board.name(t['chosen'])} by the bot's die"
            )
        if strike["area"]:
            stepped = strike["area"]
            lines.append(f"  the plan's area {stepped['area']} -> {stepped['result']} ({stepped['stepping']})")
        lines.append("  " + strike["text"])
    else:
        expl["text"] = "JA First Light: the roll failed; no strike"
        lines += _roll_lines(board) + ["  " + expl["text"]]
    emit(as_json, _payload("first-light", name, board, {"carrier": carrier, "area": target}, expl), lines)


@click.command("duration")
@situation_argument
@battle_options
@click.pass_context
@guard
def duration(ctx, campaign, dice_text, bot_dice_text, area, coastal, as_json) -> None:
    """Japan's Duration plan at the end of a battle turn: a turn more or less, and why."""
    from nimitz.bot.battle import duration_change

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    plan = next(p for p in board.data.ja_plans.plan if p.effect["kind"] == "duration")
    in_force = any(pip.plan == plan.id for _p, pip in board.ja_in_force("duration"))
    change, expl = duration_change(board, plan)
    table = board.data.battle
    after = min(table.max_turns, max(table.min_turns, board.bs.length + change))
    expl.update({"plan": plan.id, "in_force": in_force, "length_before": board.bs.length, "length_after": after})
    lines = [
        f"JA {plan.name} plan at the end of battle turn {board.bs.turn} in {board.bs.area} ({name})"
        + ("" if in_force else f" (if Japan draws {plan.name}: it is not in force now)")
        + ":",
        f"  forces on the sheet: Japan {expl['ja_forces']}, US {expl['us_forces']} ({expl['rule']})",
        f"  change {change:+d}: battle length {board.bs.length} -> {after} "
        f"(between {table.min_turns} and {table.max_turns})"
        if board.bs.length
        else f"  change {change:+d} to the battle length (not rolled yet: it is rolled after the placement)",
    ]
    emit(as_json, _payload("duration", name, board, change, expl), lines)


@click.command("length")
@situation_argument
@battle_options
@click.pass_context
@guard
def length(ctx, campaign, dice_text, bot_dice_text, area, coastal, as_json) -> None:
    """The battle's length roll and Japan's plans per turn (procedures: Number of battle turn,
    Number of Japanese Battle Plans Per Battle Turn), as the battle set-up rolls them."""
    from nimitz.engine.battle import setup as S

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    bs = board.bs
    if bs.length:
        raise NimitzError(
            f"the battle in {bs.area} is under way: its length was rolled at the set-up "
            f"({bs.length} turn(s), rolled {bs.rolled_length}; Japan draws {bs.ja_plans_per_turn} plan(s) a turn)"
        )
    S.length_and_plans(board)  # the engine's own set-up step, on the copy; its explanation is journaled
    expl = board.game.journal[-1].data
    row, plans = expl["chart_row"], expl["plans_row"]
    lines = [f"Battle length and JA plans for the battle in {bs.area} ({name}):"] + _roll_lines(board)
    if "weather" in expl:
        lines.append(f"  {expl['weather']}")
    lines += [
        f"  roll {expl['roll']}: chart row {row['lo']}-{row['hi']} -> {row['turns']} turn(s) "
        f"(at least {expl['min_turns']}): the battle lasts {expl['length']} turn(s)",
        f"  Japan brings {expl['force_count']} forces ({expl['counted']}): row {plans['lo']}-{plans['hi']} "
        f"-> {plans['plans']} plan(s) drawn each battle turn, from a cup of {expl['cup']} counters (R13)",
    ]
    result = {"length": bs.length, "ja_plans_per_turn": bs.ja_plans_per_turn}
    emit(as_json, _payload("length", name, board, result, expl), lines)
