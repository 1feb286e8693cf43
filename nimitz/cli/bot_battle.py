"""`nimitz bot place|plans|air NAME|PATH`: run one Japanese battle procedure on a save that is in
a battle, print the roll(s), modifiers, result and why. The save is never changed: the procedure
runs on a copy of the state.

- `place`: JA battle placement (LBA and airfields, infantry, the three ship cases with the escort
  alternation, submarines by where the US ships are).
- `plans`: the next JA plan draw from the battle's cup (R13).
- `air`: the JA bomber then fighter group area rolls with the legal-target stepping, on the
  board as it stands (US aircraft where they are now).

`--dice 7,3` takes those faces in order for every roll (bot-stream tie-breaks included; a
tie-break among n candidates needs a face from 1 to n); when they run out the command says so.
Without it the save's own dice streams are used (on the copy).

`--json` prints one object: {"command", "campaign", "area", "battle_turn", "dice": [{"stream",
"sides", "face", "purpose"}...], "result", "explanation"} where `result` is the procedure's result
(place: force id -> board box; plans: plan ids; air: [{"aircraft", "area"}]) and `explanation` its
structured explanation (air: a list, one per group). Exit status 2 with a message when the save is
not in a battle or the dice run out.
"""

from __future__ import annotations

import click

from nimitz.cli.common import (
    campaign_argument,
    dice_for,
    dice_option,
    emit,
    guard,
    json_option,
    open_copy,
    parse_dice,
    rolls_of,
)
from nimitz.errors import NimitzError


class NotInBattle(NimitzError):
    """The save is not in a battle."""


def _board(ctx: click.Context, campaign: str, dice_text: str | None):
    """A Board over a copy of the save's state, with scripted or the save's own dice."""
    from nimitz.engine.battle.board import Board
    from nimitz.engine.game import Game, JournaledDice

    data, session, state = open_copy(ctx, campaign)
    if state.battle is None:
        raise NotInBattle(f"{session.name} is not in a battle (step: {state.step}); these commands "
                          f"work on a save stopped inside a battle")
    game = Game(data=data, state=state, dice=dice_for(state, parse_dice(dice_text)))
    game.dice = JournaledDice(game.dice, game)
    return session.name, Board(game)


def _roll_lines(board) -> list[str]:
    rolls = board.game.dice.rolls
    if not rolls:
        return ["  (no dice rolled)"]
    return [f"  roll [{r.stream}] d{r.sides} = {r.face}: {r.purpose}" for r in rolls]


@click.command("place")
@campaign_argument
@dice_option
@json_option
@click.pass_context
@guard
def place(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """JA battle placement for the save's battle: where each Japanese force goes and why."""
    from nimitz.bot.battle import place_japanese

    name, board = _board(ctx, campaign, dice_text)
    pos, expl = place_japanese(board)
    lines = [f"JA placement for the battle in {board.bs.area} ({name}):"] + _roll_lines(board)
    ships = expl["ships"]
    lines.append(f"  ships: {ships.get('case', 'none')}")
    lines.append("    island condition: " + ", ".join(f"{k}={v}" for k, v in ships["island_condition"].items()))
    for s in ships.get("alternation", []):
        lines.append(f"    step {s['step']}: {board.name(s['escort'])} (surface {s['surface']}) -> {s['to']}: {s['why']}")
    if ships.get("rest_to_coastal"):
        lines.append("    rest to Coastal: " + ", ".join(board.name(p) for p in ships["rest_to_coastal"]))
    if "subs" in expl:
        lines.append(f"  submarines -> {expl['subs']['to']}: {expl['subs']['why']}")
    lines.append(f"  land-based aircraft -> JA airfields ({expl['lba']['airfields']} airfield(s))")
    for t in expl["tie_breaks"]:
        lines.append(f"  tie-break ({t['ruling']}): {t['purpose']}: {', '.join(board.name(c) for c in t['candidates'])} "
                     f"-> {board.name(t['chosen'])}")
    lines.append("  result:")
    for box in ("JO", "CO", "UO", "JA_AF", "JA_FH", "TR"):
        here = [board.name(p) for p, b in pos.items() if b == box]
        if here:
            lines.append(f"    {box}: {', '.join(here)}")
    emit(as_json, {"command": "place", "campaign": name, "area": board.bs.area, "battle_turn": board.bs.turn,
                    "dice": rolls_of(board.game.dice), "result": pos, "explanation": expl}, lines)


@click.command("plans")
@campaign_argument
@dice_option
@json_option
@click.pass_context
@guard
def plans(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The next JA battle plan draw from the battle's cup (R13)."""
    from nimitz.bot.battle import draw_plans

    name, board = _board(ctx, campaign, dice_text)
    bs = board.bs
    if not bs.cup and not bs.drawn:  # before the set-up filled the cup: as the set-up will
        bs.ja_force_count = sum(1 for p in bs.forces if p.startswith("JA:")
                                and board.cls(p).type not in ("TR", "CAG"))
        bs.ja_plans_per_turn = board.data.battle.plans_for(bs.ja_force_count)
        bs.cup = [p.id for p in board.data.ja_plans.plan for _ in range(p.copies)]
    bs.turn += 1
    got, expl = draw_plans(board)
    lines = [f"JA plan draw for battle turn {bs.turn} in {bs.area} ({name}): {bs.ja_plans_per_turn} plan(s) "
             f"per turn from {bs.ja_force_count} JA forces"] + _roll_lines(board)
    for d in expl["draws"]:
        if "drew" in d:
            lines.append(f"  drew {board.data.ja_plans.by_id[d['drew']].name}: {d['result']}")
        else:
            lines.append(f"  {d['event']}")
    for pid in got:
        plan = board.data.ja_plans.by_id[pid]
        lines.append(f"  -> {plan.name}: {plan.description}")
    lines.append(f"  counters left in the cup: {expl['cup_left']}")
    emit(as_json, {"command": "plans", "campaign": name, "area": bs.area, "battle_turn": bs.turn,
                    "dice": rolls_of(board.game.dice), "result": got, "explanation": expl}, lines)


@click.command("air")
@campaign_argument
@dice_option
@json_option
@click.pass_context
@guard
def air(ctx, campaign: str, dice_text: str | None, as_json: bool) -> None:
    """The JA aircraft moves (bomber groups, then fighter groups) on the board as it stands."""
    from nimitz.bot.battle import move_aircraft

    name, board = _board(ctx, campaign, dice_text)
    moves, expls = move_aircraft(board)
    in_force = [pip.plan for _p, pip in board.ja_in_force()]
    lines = [f"JA aircraft moves, battle turn {board.bs.turn} in {board.bs.area} ({name})"
             + (f"; JA plans in force: {', '.join(in_force)}" if in_force else "")] + _roll_lines(board)
    if not expls:
        made = any(piece.kind == "aircraft" for piece in board.bs.pieces.values()) or board.lba("JA")
        lines.append("  no Japanese aircraft ready to fly" + ("" if made else
                     " (carrier air groups are made at the end of the battle set-up)"))
    for e in expls:
        lines.append("  " + e["text"])
        legal = ", ".join(f"{a} {'yes' if v['legal'] else 'no'} ({v['why']})" for a, v in e["legal_areas"].items())
        lines.append(f"      legal areas: {legal}")
    emit(as_json, {"command": "air", "campaign": name, "area": board.bs.area, "battle_turn": board.bs.turn,
                    "dice": rolls_of(board.game.dice), "result": moves, "explanation": expls}, lines)
