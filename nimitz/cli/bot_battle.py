"""`nimitz bot place|plans|air|hits NAME|PATH|FILE.toml`: run one Japanese battle procedure on a
save stopped inside a battle, or on a battle set up from the map (`--area XX`: a save between
battles, or a position file), and print the rolls, modifiers, result and why. Nothing is
changed: the procedure runs on a copy of the state.

- `place`: JA battle placement (LBA and airfields, infantry, the three ship cases with the escort
  alternation, submarines by where the US ships are).
- `plans`: the next JA plan draw from the battle's cup (R13: a plan already drawn for this battle
  is set aside).
- `air`: the JA bomber then fighter group area rolls with the legal-target stepping, on the
  board as it stands (US aircraft where they are now).
- `hits`: where N hits of a combat step go: on Japan by the bot (R14), on the US by the `auto`
  rule (R15, R38).

A battle set up with `--area` places the US ships other than carriers and submarines in the US
Ocean, those named by `--coastal` in Coastal; US submarines stay out (they are placed after
Japan). `--dice 7,3` gives the faces rolled on the table, `--bot-dice` the bot's own random picks
(a tie-break among n candidates needs a face from 1 to n); without them the situation's own dice
streams are used (on the copy).

`--json` prints one object: {"command", "campaign", "area", "battle_turn", "dice": [{"stream",
"sides", "face", "purpose"}...], "result", "explanation"} where `result` is the procedure's result
(place: force id -> board box; plans: plan ids; air: [{"aircraft", "area"}]; hits: target ids, one
per hit) and `explanation` its structured explanation (air: a list, one per group); an error is
{"error", "detail"}. Exit status 2 with a message when there is no battle or the dice run out.
"""

from __future__ import annotations

import click

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
from nimitz.errors import NimitzError
from nimitz.views.words import counted


class NotInBattle(NimitzError):
    """The save is not in a battle and no --area was given."""


WINGS = "nimitz.wings"  # ctx.meta key: the --wings count, read by _board


def wings_option(fn):
    """`--wings N`: the B-29 wings in the strategic bombing box on the table (facts 1.13)."""
    return click.option(
        "--wings",
        type=click.IntRange(0),
        default=None,
        metavar="N",
        expose_value=False,
        callback=lambda ctx, _param, value: ctx.meta.__setitem__(WINGS, value),
        help="B-29 wings in the strategic bombing box (1944-45); default: as in the situation.",
    )(fn)


def set_wings(data, state, wings: int | None) -> None:
    """Exactly `wings` B-29 wings in the strategic bombing box, on the copy a command works on:
    more come from MA first (the wings bomb from there, facts 1.13), then from elsewhere; those
    that leave the box go back to MA."""
    from nimitz.model.state import BOMBING, BOMBING_BASE, DESTROYED

    if wings is None:
        return
    sheet = data.year(state.year)
    if not sheet.special.strategic_bombing:
        raise NimitzError(f"--wings: no strategic bombing in {state.year} (facts 1.13)")
    all_wings = [f for f in state.forces.values() if sheet.cls[f.cls].bomber_wing and f.location != DESTROYED]
    boxed = [f for f in all_wings if f.location == BOMBING]
    if wings > len(all_wings):
        raise click.BadParameter(f"--wings {wings}: the US has {counted(len(all_wings), 'B-29 wing')} in {state.year}")
    spare = sorted((f for f in all_wings if f.location != BOMBING), key=lambda f: f.location != BOMBING_BASE)
    for f in boxed[wings:]:
        f.location = BOMBING_BASE
    for f in spare[: max(0, wings - len(boxed))]:
        f.location, f.embarked = BOMBING, False


def battle_options(fn):
    """--dice, --bot-dice, --area, --coastal, --wings and --json: what every battle command takes."""
    for option in reversed(
        [
            dice_option,
            bot_dice_option,
            click.option(
                "--area",
                default=None,
                metavar="XX",
                help="Set up the battle in this map area (a save between battles, or a position).",
            ),
            click.option(
                "--coastal",
                default=None,
                metavar="NAMES",
                help="With --area: US ships placed in Coastal, comma-separated (others: US Ocean).",
            ),
            wings_option,
            json_option,
        ]
    ):
        fn = option(fn)
    return fn


def _board(
    ctx: click.Context,
    campaign: str,
    dice_text: str | None,
    bot_dice_text: str | None,
    area: str | None,
    coastal: str | None,
    *,
    before_japan: bool = False,
):
    """A Board over a copy of the situation's state, with scripted or the situation's own dice:
    its battle, or one set up in `area` (up to Japan's placement when `before_japan`)."""
    from nimitz.engine.battle.board import Board
    from nimitz.engine.game import JournaledDice
    from nimitz.persist.players import bot_game

    data, name, state = open_copy(ctx, campaign)
    wings = ctx.meta.get(WINGS)
    if wings is not None and state.battle is not None:
        raise NimitzError(
            "--wings sets the bombing box before a battle is set up with --area; this battle is placed already"
        )
    set_wings(data, state, wings)
    game = bot_game(data, state, dice=dice_for(state, parse_dice(dice_text), parse_dice(bot_dice_text)))
    game.dice = JournaledDice(game.dice, game)
    board = Board(game)
    if state.battle is None:
        if area is None:
            raise NotInBattle(
                f"{name} is not in a battle (step: {state.step}); give --area XX to set "
                f"one up in a map area from the situation"
            )
        _set_up(board, area.upper(), coastal, before_japan)
    elif area is not None and area.upper() != state.battle.area:
        raise NimitzError(f"{name} is in the battle in {state.battle.area}, not {area.upper()}")
    elif coastal:
        raise NimitzError("--coastal places ships in a battle set up with --area; this battle is placed already")
    return name, board


def _set_up(board, area: str, coastal: str | None, before_japan: bool) -> None:
    """The battle's set-up as the engine does it, the player's answers taken from the options."""
    from nimitz.engine.battle import setup as S
    from nimitz.model.battle import BattleState
    from nimitz.model.journal import Decision

    state = board.state
    if area not in board.data.map.area:
        raise NimitzError(f"{area} is not an area (one of {' '.join(board.data.map.area)})")
    if not state.at(area, "US") or not state.at(area, "JA"):
        raise NimitzError(f"no battle in {area}: it needs forces of both sides")
    in_coastal = {n.strip() for n in (coastal or "").split(",") if n.strip()}
    ships = {f.name for f in state.at(area, "US") if board.sheet.cls[f.cls].is_ship}
    unknown = sorted(in_coastal - ships)
    if unknown:
        raise NimitzError(
            f"--coastal {', '.join(unknown)}: not a US ship in {area} (there: {', '.join(sorted(ships)) or 'none'})"
        )
    state.battle = BattleState(area=area)
    gen = S.place_us(board) if before_japan else S.place_forces(board)
    try:
        request = next(gen)
        while True:
            if request.kind == "battle_place_ships":
                answer = {p["id"]: "CO" if p["name"] in in_coastal else "UO" for p in request.info["ships"]}
            else:  # battle_place_subs: the submarines stay out
                answer = {p["id"]: "out" for p in request.info["subs"]}
            request = gen.send(Decision(kind=request.kind, targets=answer))
    except StopIteration:
        pass


def _roll_lines(board) -> list[str]:
    rolls = board.game.dice.rolls
    if not rolls:
        return ["  (no dice rolled)"]
    return [f"  roll [{r.stream}] d{r.sides} = {r.face}: {r.purpose}" for r in rolls]


@click.command("place")
@situation_argument
@battle_options
@click.pass_context
@guard
def place(
    ctx,
    campaign: str,
    dice_text: str | None,
    bot_dice_text: str | None,
    area: str | None,
    coastal: str | None,
    as_json: bool,
) -> None:
    """JA battle placement for the battle: where each Japanese force goes and why."""
    from nimitz.bot.battle import place_japanese

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal, before_japan=True)
    pos, expl = place_japanese(board)
    lines = [f"JA placement for the battle in {board.bs.area} ({name}):"] + _roll_lines(board)
    ships = expl["ships"]
    lines.append(f"  ships: {ships.get('case', 'none')}")
    lines.append("    island condition: " + ", ".join(f"{k}={v}" for k, v in ships["island_condition"].items()))
    for s in ships.get("alternation", []):
        lines.append(
            f"    step {s['step']}: {board.name(s['escort'])} (surface {s['surface']}) -> {s['to']}: {s['why']}"
        )
    if ships.get("rest_to_coastal"):
        lines.append("    rest to Coastal: " + ", ".join(board.name(p) for p in ships["rest_to_coastal"]))
    if "subs" in expl:
        lines.append(f"  submarines -> {expl['subs']['to']}: {expl['subs']['why']}")
    lines.append(f"  land-based aircraft -> JA airfields ({counted(expl['lba']['airfields'], 'airfield')})")
    for t in expl["tie_breaks"]:
        lines.append(
            f"  tie-break ({t['ruling']}): {t['purpose']}: {', '.join(board.name(c) for c in t['candidates'])} "
            f"-> {board.name(t['chosen'])}"
        )
    lines.append("  result:")
    for box in ("JO", "CO", "UO", "JA_AF", "JA_FH", "TR"):
        here = [board.name(p) for p, b in pos.items() if b == box]
        if here:
            lines.append(f"    {box}: {', '.join(here)}")
    emit(
        as_json,
        {
            "command": "place",
            "campaign": name,
            "area": board.bs.area,
            "battle_turn": board.bs.turn,
            "dice": rolls_of(board.game.dice),
            "result": pos,
            "explanation": expl,
        },
        lines,
    )


@click.command("plans")
@situation_argument
@battle_options
@click.pass_context
@guard
def plans(
    ctx,
    campaign: str,
    dice_text: str | None,
    bot_dice_text: str | None,
    area: str | None,
    coastal: str | None,
    as_json: bool,
) -> None:
    """The next JA battle plan draw from the battle's cup (R13)."""
    from nimitz.bot.battle import draw_plans

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    bs = board.bs
    if not bs.cup and not bs.drawn:  # before the set-up filled the cup: as the set-up will
        bs.ja_force_count = sum(1 for p in bs.forces if p.startswith("JA:") and board.cls(p).type not in ("TR", "CAG"))
        bs.ja_plans_per_turn = board.data.battle.plans_for(bs.ja_force_count)
        bs.cup = [p.id for p in board.data.ja_plans.plan for _ in range(p.copies)]
    bs.turn += 1
    got, expl = draw_plans(board)
    lines = [
        f"JA plan draw for battle turn {bs.turn} in {bs.area} ({name}): {counted(bs.ja_plans_per_turn, 'plan')} "
        f"per turn from {bs.ja_force_count} JA forces"
    ] + _roll_lines(board)
    if expl["drawn_before"]:
        lines.append(
            "  already drawn for this battle, set aside if drawn again (R13): "
            + ", ".join(board.data.ja_plans.by_id[p].name for p in expl["drawn_before"])
        )
    for d in expl["draws"]:
        if "drew" in d:
            lines.append(f"  drew {board.data.ja_plans.by_id[d['drew']].name}: {d['result']}")
        else:
            lines.append(f"  {d['event']}")
    for pid in got:
        plan = board.data.ja_plans.by_id[pid]
        lines.append(f"  -> {plan.name}: {plan.description}")
    lines.append(f"  counters left in the cup: {expl['cup_left']}")
    emit(
        as_json,
        {
            "command": "plans",
            "campaign": name,
            "area": bs.area,
            "battle_turn": bs.turn,
            "dice": rolls_of(board.game.dice),
            "result": got,
            "explanation": expl,
        },
        lines,
    )


@click.command("air")
@situation_argument
@battle_options
@click.pass_context
@guard
def air(
    ctx,
    campaign: str,
    dice_text: str | None,
    bot_dice_text: str | None,
    area: str | None,
    coastal: str | None,
    as_json: bool,
) -> None:
    """The JA aircraft moves (bomber groups, then fighter groups) on the board as it stands."""
    from nimitz.bot.battle import move_aircraft

    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    moves, expls = move_aircraft(board)
    in_force = [plan.name for plan, _pip in board.ja_in_force()]
    lines = [
        f"JA aircraft moves, battle turn {board.bs.turn} in {board.bs.area} ({name})"
        + (f"; JA plans in force: {', '.join(in_force)}" if in_force else "")
    ] + _roll_lines(board)
    if not expls:
        made = any(piece.kind == "aircraft" for piece in board.bs.pieces.values()) or board.lba("JA")
        lines.append(
            "  no Japanese aircraft ready to fly"
            + ("" if made else " (carrier air groups are made at the end of the battle set-up)")
        )
    for e in expls:
        lines.append("  " + e["text"])
        legal = ", ".join(f"{a} {'yes' if v['legal'] else 'no'} ({v['why']})" for a, v in e["legal_areas"].items())
        lines.append(f"      legal areas: {legal}")
    emit(
        as_json,
        {
            "command": "air",
            "campaign": name,
            "area": board.bs.area,
            "battle_turn": board.bs.turn,
            "dice": rolls_of(board.game.dice),
            "result": moves,
            "explanation": expls,
        },
        lines,
    )


STEP_AREAS = {
    "dogfight": ("JO", "IS", "CO", "UO"),
    "aaa": ("JO", "CO", "UO"),
    "bomb_runs": ("JO", "IS", "CO", "UO"),
    "torpedoes": ("JO", "CO", "UO"),
    "depth_charges": ("JO", "CO", "UO"),
    "naval_guns": ("CO",),
    "infantry": ("IS",),
}


def step_targets(board, step: str, at: str, defender: str) -> list:
    """What `defender` offers to hits of `step` in battle area `at`: the engine's own lists."""
    from nimitz.engine.battle import combat
    from nimitz.engine.battle import hits as H
    from nimitz.engine.battle.board import ENEMY

    if step in ("dogfight", "aaa"):
        return H.aircraft_targets(board, defender, at)
    if step == "bomb_runs":
        return combat.bomb_targets(board, ENEMY[defender], at)(defender)
    if step == "torpedoes":
        return H.ship_targets(board, defender, at)
    if step == "depth_charges":
        return H.sub_targets(board, defender, at)
    if step == "naval_guns":
        return combat.naval_targets(board, defender)
    return combat.infantry_targets(board, defender)


@click.command("hits")
@situation_argument
@click.option(
    "--side",
    type=click.Choice(["JA", "US"]),
    required=True,
    help="The side that takes the hits: JA (the bot places them, R14) or US (the auto rule, R15).",
)
@click.option("--hits", "count", type=click.IntRange(1), required=True, metavar="N", help="How many hits.")
@click.option("--step", type=click.Choice(list(STEP_AREAS)), required=True, help="The combat step.")
@click.option(
    "--at",
    "at",
    type=click.Choice(["JO", "IS", "CO", "UO"]),
    default=None,
    help="The battle area (naval guns: CO, infantry: IS; otherwise required).",
)
@battle_options
@click.pass_context
@guard
def hits(
    ctx,
    campaign: str,
    side: str,
    count: int,
    step: str,
    at: str | None,
    dice_text: str | None,
    bot_dice_text: str | None,
    area: str | None,
    coastal: str | None,
    as_json: bool,
) -> None:
    """Where N hits of a combat step land: on Japan as the bot places them (R14: lowest value
    first, damaged first, ties by the bot's dice), on the US by the `auto` rule (R15, R38)."""
    from nimitz.engine.battle import hits as H

    allowed = STEP_AREAS[step]
    at = at or (allowed[0] if len(allowed) == 1 else None)
    if at is None or at not in allowed:
        raise click.BadParameter(f"--at: {step.replace('_', ' ')} happens in {', '.join(allowed)}")
    name, board = _board(ctx, campaign, dice_text, bot_dice_text, area, coastal)
    board.state.rules.ja_ties = "bot"  # the bot shows its own pick where the player may choose (R58)
    targets = step_targets(board, step, at, side)
    foxholes_first = step == "infantry"
    candidates = [
        {"id": t.id, "name": t.name, "cost": t.cost, "damaged": t.damaged, "capacity": t.capacity} for t in targets
    ]
    if side == "JA":
        expl = H.ja_takes_hits(board, targets, count, {"step": step, "area": at}, foxholes_first)
        result = [p["target"] for p in expl["placed"]]
        lines = [f"{counted(count, 'hit')} on Japan ({step.replace('_', ' ')}, {at}) in {board.bs.area} ({name}), R14:"]
        lines += _roll_lines(board)
        lines += [
            f"  hit {p['hit']}: {board.name(p['target'])} {p['result']} ({_why(board, p['why'])})"
            for p in expl["placed"]
        ]
        lines += [f"  hit {c['hit']}: cancelled by {c['plan']}" for c in expl["cancelled"]]
        if expl["lost"]:
            lines.append(f"  {counted(expl['lost'], 'hit')} lost: no legal target left")
    else:
        alloc = H.Alloc(targets, foxholes_first)
        result = H.auto_sequence(alloc, min(count, alloc.total()))
        expl = {
            "procedure": "US auto hit allocation",
            "rulings": ["R15", "R38"],
            "candidates": candidates,
            "placed": result,
            "lost": count - len(result),
        }
        lines = [
            f"{counted(count, 'hit')} on the US ({step.replace('_', ' ')}, {at}) in {board.bs.area} ({name}), "
            f"auto (R15: lowest value first, a damaged force before a fresh one):"
        ]
        carried = " (2 hits on the infantry it carries)"
        lines += [
            f"  hit {i}: {board.name(t)}" + (carried if t.endswith(":Transport") else "")
            for i, t in enumerate(result, 1)
        ]
        if count > len(result):
            lines.append(f"  {counted(count - len(result), 'hit')} lost: no legal target left")
    if not targets:
        lines.append(f"  no {side} target for {step.replace('_', ' ')} in {at}")
    expl["candidates"] = candidates
    emit(
        as_json,
        {
            "command": "hits",
            "campaign": name,
            "area": board.bs.area,
            "battle_turn": board.bs.turn,
            "dice": rolls_of(board.game.dice),
            "result": result,
            "explanation": expl,
        },
        lines,
    )


def _why(board, why: dict) -> str:
    """An R14 pick in words: 'lowest value 1, a damaged force first, equal ones: ... by the bot's die'."""
    text = f"{why['rule']}".replace("lowest cost", "lowest value") + f" {why['cost']}"
    if why.get("damaged_first"):
        text += ", a damaged force first"
    tie = why.get("tie_break")
    if tie:
        text += f", equal ones ({', '.join(board.name(c) for c in tie['candidates'])}) by the bot's die"
    return text
